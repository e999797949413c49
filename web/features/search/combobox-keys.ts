/**
 * The keys of the header's search combobox (the ARIA 1.2 combobox pattern with a list popup): what
 * a key press does to the open list and its active option, kept apart from the markup so it can be
 * checked alone. The text field keeps the keys it owns (Home, End, the arrows across the text).
 */

export interface ComboboxState {
  open: boolean
  /** The active option's index, or -1 when the focus is in the text alone. */
  active: number
}

/** What the component does after a key: nothing more, open the active option, or let the form search the text. */
export type ComboboxAction = 'none' | 'pick' | 'submit'

export interface ComboboxStep {
  state: ComboboxState
  action: ComboboxAction
  /** Whether the key was used here, so the browser must not also act on it (move the caret, submit). */
  handled: boolean
}

export function comboboxKey(key: string, state: ComboboxState, count: number): ComboboxStep {
  const keep = (action: ComboboxAction = 'none'): ComboboxStep => ({ state, action, handled: false })
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return keep()
      // Down on a closed list opens it on its first option; past the last it comes round to the first.
      if (!state.open) return { state: { open: true, active: 0 }, action: 'none', handled: true }
      return { state: { open: true, active: (state.active + 1) % count }, action: 'none', handled: true }
    case 'ArrowUp':
      if (count === 0) return keep()
      if (!state.open) return { state: { open: true, active: count - 1 }, action: 'none', handled: true }
      return { state: { open: true, active: state.active <= 0 ? count - 1 : state.active - 1 }, action: 'none', handled: true }
    case 'Enter':
      if (state.open && state.active >= 0 && state.active < count) return { state: { open: false, active: -1 }, action: 'pick', handled: true }
      return { state: { open: false, active: -1 }, action: 'submit', handled: false }
    case 'Escape':
      if (!state.open) return keep()
      return { state: { open: false, active: -1 }, action: 'none', handled: true }
    default:
      return keep()
  }
}

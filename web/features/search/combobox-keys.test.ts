import { describe, expect, it } from 'vitest'
import { comboboxKey, type ComboboxState } from './combobox-keys'

const closed: ComboboxState = { open: false, active: -1 }
const open = (active: number): ComboboxState => ({ open: true, active })

describe('comboboxKey', () => {
  it('ArrowDown moves to the next option and comes round from the last to the first', () => {
    expect(comboboxKey('ArrowDown', open(-1), 4)).toEqual({ state: open(0), action: 'none', handled: true })
    expect(comboboxKey('ArrowDown', open(1), 4).state).toEqual(open(2))
    expect(comboboxKey('ArrowDown', open(3), 4).state).toEqual(open(0))
  })

  it('ArrowUp moves to the previous option; from the text or the first it goes to the last', () => {
    expect(comboboxKey('ArrowUp', open(2), 4).state).toEqual(open(1))
    expect(comboboxKey('ArrowUp', open(0), 4).state).toEqual(open(3))
    expect(comboboxKey('ArrowUp', open(-1), 4).state).toEqual(open(3))
  })

  it('an arrow opens a closed list: Down on its first option, Up on its last', () => {
    expect(comboboxKey('ArrowDown', closed, 5)).toEqual({ state: open(0), action: 'none', handled: true })
    expect(comboboxKey('ArrowUp', closed, 5)).toEqual({ state: open(4), action: 'none', handled: true })
  })

  it('arrows with no options leave the key to the text field', () => {
    expect(comboboxKey('ArrowDown', open(-1), 0)).toEqual({ state: open(-1), action: 'none', handled: false })
    expect(comboboxKey('ArrowUp', closed, 0).handled).toBe(false)
  })

  it('Enter opens the active option and closes the list', () => {
    expect(comboboxKey('Enter', open(2), 4)).toEqual({ state: closed, action: 'pick', handled: true })
  })

  it('Enter with no active option lets the form search the text', () => {
    expect(comboboxKey('Enter', open(-1), 4)).toEqual({ state: closed, action: 'submit', handled: false })
    expect(comboboxKey('Enter', closed, 4)).toEqual({ state: closed, action: 'submit', handled: false })
    // An index left from a longer list is not an option any more.
    expect(comboboxKey('Enter', open(5), 3).action).toBe('submit')
  })

  it('Escape closes an open list and is left alone on a closed one', () => {
    expect(comboboxKey('Escape', open(1), 4)).toEqual({ state: closed, action: 'none', handled: true })
    expect(comboboxKey('Escape', closed, 4)).toEqual({ state: closed, action: 'none', handled: false })
  })

  it('other keys belong to the text field', () => {
    for (const key of ['a', 'Home', 'End', 'ArrowLeft', 'Tab']) expect(comboboxKey(key, open(1), 4)).toEqual({ state: open(1), action: 'none', handled: false })
  })
})

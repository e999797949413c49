/**
 * An on/off switch: a button that says whether it is on (role="switch", aria-checked), its words
 * beside a drawn track. The words are part of the button, so a press anywhere on them toggles it,
 * and Space and Enter work as on any button.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react'

interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'onClick' | 'role' | 'type' | 'aria-checked'> {
  checked: boolean
  /** Handed what the switch asks to become. */
  onChange: (checked: boolean) => void
  children: ReactNode
  /** The track after the words, as in a settings row; before them otherwise. */
  trackLast?: boolean
  /** The track's colour when on. */
  onColor?: string
}

export function Switch({ checked, onChange, children, trackLast = false, onColor = 'bg-brand-600', className = '', ...button }: SwitchProps) {
  const track = (
    <span aria-hidden="true" className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${checked ? onColor : 'bg-neutral-600'}`}>
      <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${checked ? 'start-[22px]' : 'start-0.5'}`} />
    </span>
  )
  return (
    <button {...button} type="button" role="switch" aria-checked={checked} onClick={() => onChange(!checked)} className={`flex items-center gap-3 ${className}`}>
      {!trackLast && track}
      {children}
      {trackLast && track}
    </button>
  )
}

/**
 * The site's plain buttons: primary (brand), secondary (outlined) and danger (outlined red). A
 * busy button is disabled, marked aria-busy and may say what it is doing ('Saving...').
 */
import type { ButtonHTMLAttributes } from 'react'

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-neutral-600 text-neutral-100 hover:bg-neutral-800',
  danger: 'border border-red-500/60 text-red-200 hover:bg-red-950/60',
} as const

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants
  busy?: boolean
  /** Shown instead of the children while busy. */
  busyLabel?: string
}

export function Button({ variant = 'primary', busy = false, busyLabel, type = 'button', disabled, className = '', children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap disabled:opacity-60 ${variants[variant]} ${className}`}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  )
}

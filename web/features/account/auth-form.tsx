/**
 * Pieces shared by the sign-in and sign-up pages: the centred card, labelled fields, a password
 * field with a show/hide toggle, and the rule for where to go after signing in.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { t } from '../../i18n'
import { MIN_ADMIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../worker/accounts/password-rules'

export const inputClass =
  'mt-1 block w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2.5 text-neutral-100 placeholder:text-neutral-500 focus:border-brand-400 aria-[invalid=true]:border-red-400'

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 md:py-16">
      <section aria-labelledby="auth-title" className="w-full max-w-md rounded-2xl border border-neutral-800 bg-neutral-900/70 p-6 shadow-xl md:p-8">
        <h1 id="auth-title" className="text-2xl font-bold">
          {title}
        </h1>
        {subtitle && <p className="mt-1 text-sm text-neutral-400">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        <p className="mt-6 text-center text-sm text-neutral-400">{footer}</p>
      </section>
    </div>
  )
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }

export function TextField({ label, hint, ...input }: FieldProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={inputClass} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  )
}

/** A labelled drop-down list, answering the chosen option's value. */
export function SelectField({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
        {children}
      </select>
    </div>
  )
}

/**
 * A password input whose text can be shown, so a mistyped password is easy to spot on a phone.
 * The toggle's accessible names are whole messages ('Show new password'), given by the caller.
 */
export function PasswordField({ label, hint, showLabel, hideLabel, ...input }: Omit<FieldProps, 'type'> & { showLabel: string; hideLabel: string }) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <div className="relative">
        <input id={id} type={visible ? 'text' : 'password'} aria-describedby={hint ? `${id}-hint` : undefined} className={`${inputClass} pe-16`} {...input} />
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          className="absolute end-2 top-1/2 -translate-y-1/2 rounded-md px-2 py-1 text-xs font-semibold text-neutral-300 hover:bg-neutral-800 hover:text-white"
        >
          {visible ? t('account.hide') : t('account.show')}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  )
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 px-3 py-2 text-sm text-red-200">
      {message}
    </p>
  )
}

export function SubmitButton({ busy, idle, busyLabel, disabled }: { busy: boolean; idle: string; busyLabel: string; disabled?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? busyLabel : idle}
    </button>
  )
}

/**
 * Where to continue after signing in: the `next` parameter when it is a path on this site,
 * otherwise home. Anything that could leave the site (`//host`, `/\host`, a scheme) is refused,
 * and so are the sign-in pages themselves.
 */
export function safeNextPath(next: string | null, origin: string = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  try {
    const url = new URL(next, origin)
    if (url.origin !== origin) return '/'
    if (url.pathname === '/login' || url.pathname === '/register') return '/'
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return '/'
  }
}

export { MIN_ADMIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH }

/**
 * The token of an e-mailed link (a password reset, an invitation), which travels in the address's
 * fragment: never sent to a server, nor in a Referer. It is dropped from the address bar at once.
 */
export function tokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token')
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname)
  return token
}

/** The server's rule for usernames (worker/accounts/schemas.ts), as an HTML pattern. */
export const USERNAME_PATTERN = '[A-Za-z0-9._\\-]{3,30}'

/** The first client-side problem with a new password and its confirmation, or null; `min` is an administrator's where it applies. */
export function passwordProblem(password: string, confirm: string, mismatch: string, min: number = MIN_PASSWORD_LENGTH): string | null {
  if (password !== confirm) return mismatch
  if (password.length < min) return t('account.passwordTooShort', { min })
  return null
}

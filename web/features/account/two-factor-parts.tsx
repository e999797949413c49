/**
 * Pieces of an administrator's second factor shared by /two-factor (the first set-up) and the
 * profile's Two-factor sign-in section (changes): a code field, the authenticator app's set-up
 * key with its first code, the recovery codes shown once, and the form that confirms a change
 * with the password and a fresh code or a passkey.
 */
import { Suspense, useState, type FormEvent } from 'react'
import { Button } from '../../components/button'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { lazyPart } from '../../lib/lazy-part'
import { FormError, inputClass, PasswordField, SubmitButton } from './auth-form'
import { passkeyConfirmation, passkeysSupported, type FactorChangeConfirmation } from './passkey-ceremonies'

// The QR encoder loads only when an administrator sets up an app, not with every profile.
const QrCode = lazyPart('qr-code', () => import('./qr-code').then((m) => m.QrCode))

export function CodeField({ label, value, onChange, pattern, autoComplete }: { label: string; value: string; onChange: (v: string) => void; pattern?: string; autoComplete?: string }) {
  return (
    <label className="block text-sm font-medium text-neutral-200">
      {label}
      <input
        className={`${inputClass} mt-1 font-mono tracking-widest`}
        inputMode={pattern ? 'numeric' : 'text'}
        pattern={pattern}
        autoComplete={autoComplete ?? 'one-time-code'}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  )
}

export interface TotpSecret {
  secret: string
  otpauth_uri: string
}

/** The new app's key, and its first code to turn it on; answers the recovery codes that come with it. */
export function AuthenticatorKeyForm({ secret, onEnabled }: { secret: TotpSecret; onEnabled: (recoveryCodes: string[]) => void }) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    readJson<{ recovery_codes: string[] }>(api.me['two-factor'].totp.enable.$post({ json: { code: code.trim() } }))
      .then((answer) => onEnabled(answer.recovery_codes))
      .catch((err: unknown) => {
        setError(err instanceof Error ? err.message : t('account.somethingWentWrong'))
        setBusy(false)
      })
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={t('account.setUpAuthenticatorApp')}>
      <p className="text-sm text-neutral-300">{t('account.setUpKeyIntro')}</p>
      <Suspense fallback={<div className="size-48 rounded-lg bg-white/10" />}>
        <QrCode text={secret.otpauth_uri} label={t('account.setUpQrCode')} />
      </Suspense>
      <p className="break-all rounded-lg border border-neutral-700 bg-neutral-950 p-3 font-mono text-sm" aria-label={t('account.setUpKey')} dir="ltr">
        {secret.secret.replace(/(.{4})/g, '$1 ').trim()}
      </p>
      <a href={secret.otpauth_uri} className="text-sm font-semibold text-brand-400 hover:underline">
        {t('account.openInAuthenticatorApp')}
      </a>
      <CodeField label={t('account.authenticatorCode')} pattern="\d{6}" value={code} onChange={setCode} />
      <FormError message={error} />
      <SubmitButton busy={busy} idle={t('account.turnOn')} busyLabel={t('account.checking')} />
    </form>
  )
}

/** Recovery codes, shown this once, until the administrator says they are saved. */
export function RecoveryCodes({ codes, intro, onDone }: { codes: string[]; intro: string; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-300">{intro}</p>
      <ul aria-label={t('account.recoveryCodes')} dir="ltr" className="grid grid-cols-2 gap-2 rounded-lg border border-neutral-700 bg-neutral-950 p-4 font-mono text-sm">
        {codes.map((recovery) => (
          <li key={recovery}>{recovery}</li>
        ))}
      </ul>
      <Button onClick={onDone} className="w-full whitespace-normal!">
        {t('account.savedRecoveryCodes')}
      </Button>
    </div>
  )
}

/**
 * Confirms a change of factors: the password and a code from the app or a recovery code, or the
 * password and a passkey. `confirm` makes the change; its error is shown here.
 */
export function ConfirmFactorChange({ action, withPasskey, confirm, onCancel }: { action: string; withPasskey: boolean; confirm: (confirmation: FactorChangeConfirmation) => Promise<unknown>; onCancel: () => void }) {
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = (confirmation: () => Promise<FactorChangeConfirmation>) => {
    setBusy(true)
    setError(null)
    confirmation()
      .then(confirm)
      .catch((err: unknown) => {
        setError(err instanceof Error ? err.message : t('account.somethingWentWrong'))
        setBusy(false)
      })
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    run(async () => ({ password, code: code.trim() }))
  }
  const passwordNeeded = () => {
    if (password) return true
    setError(t('account.enterPasswordFirst'))
    return false
  }

  return (
    <form onSubmit={onSubmit} className="mt-4 max-w-md space-y-4 rounded-xl border border-neutral-700 bg-neutral-950/60 p-4" aria-label={t('account.confirmChangeForm', { action })}>
      <p className="text-sm text-neutral-300">{t('account.confirmChangeIntro')}</p>
      <PasswordField label={t('account.password')} showLabel={t('account.showPassword')} hideLabel={t('account.hidePassword')} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <CodeField label={t('account.codeOrRecoveryCode')} value={code} onChange={setCode} />
      <FormError message={error} />
      <div className="flex flex-wrap justify-end gap-3">
        {withPasskey && passkeysSupported() && (
          <Button variant="secondary" disabled={busy} onClick={() => passwordNeeded() && run(async () => ({ password, passkey: await passkeyConfirmation() }))}>
            {t('account.confirmWithPasskey')}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('account.cancel')}
        </Button>
        <Button type="submit" busy={busy} busyLabel={t('account.checking')}>
          {action}
        </Button>
      </div>
    </form>
  )
}

/**
 * /two-factor: where an administrator who signed in with a password passes the second factor (a
 * code from the authenticator app, a passkey, or a recovery code), or, with none yet, sets one
 * up (an authenticator app, whose recovery codes are shown this once, or a passkey). Then on to
 * ?next= (same-site paths only), the admin dashboard by default.
 */
import { useState, type FormEvent } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { awaitsSecondFactor, useRefreshSession, useSession } from '../../lib/session'
import { t } from '../../i18n'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, safeNextPath, SubmitButton } from './auth-form'
import { addPasskey, passkeysSupported, passSecondFactorWithPasskey } from './passkey-ceremonies'
import { AuthenticatorKeyForm, CodeField, RecoveryCodes, type TotpSecret } from './two-factor-parts'

function PassSecondFactor({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<'app' | 'recovery'>('app')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
      onDone()
    } catch (err) {
      setError(err instanceof Error ? err.message : t('account.somethingWentWrong'))
      setBusy(false)
    }
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    void run(() =>
      mode === 'app'
        ? readJson(api.auth['second-factor'].totp.$post({ json: { code: code.trim() } }))
        : readJson(api.auth['second-factor'].recovery.$post({ json: { code: code.trim() } })),
    )
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="space-y-4" aria-label={t('account.secondFactorForm')}>
        {mode === 'app' ? (
          <CodeField label={t('account.authenticatorCode')} pattern="\d{6}" value={code} onChange={setCode} />
        ) : (
          <CodeField label={t('account.recoveryCode')} value={code} onChange={setCode} autoComplete="off" />
        )}
        <FormError message={error} />
        <SubmitButton busy={busy} idle={t('account.verify')} busyLabel={t('account.verifying')} />
      </form>
      <div className="flex flex-wrap justify-between gap-2 border-t border-neutral-800 pt-4">
        {passkeysSupported() && (
          <Button variant="secondary" onClick={() => void run(passSecondFactorWithPasskey)} disabled={busy}>
            {t('account.useAPasskey')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            setMode(mode === 'app' ? 'recovery' : 'app')
            setCode('')
            setError(null)
          }}
          disabled={busy}
        >
          {mode === 'app' ? t('account.useRecoveryCode') : t('account.useAuthenticatorApp')}
        </Button>
      </div>
    </div>
  )
}

function SetUpSecondFactor({ onDone }: { onDone: () => void }) {
  const [secret, setSecret] = useState<TotpSecret | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (err) {
      setError(err instanceof Error ? err.message : t('account.somethingWentWrong'))
    } finally {
      setBusy(false)
    }
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} intro={t('account.recoveryCodesIntro')} onDone={onDone} />
  if (secret) return <AuthenticatorKeyForm secret={secret} onEnabled={setRecoveryCodes} />

  return (
    <div className="space-y-3">
      <Button
        className="w-full whitespace-normal!"
        busy={busy}
        onClick={() => void attempt(async () => setSecret(await readJson<TotpSecret>(api.me['two-factor'].totp.setup.$post({ json: {} }))))}
      >
        {t('account.setUpAuthenticatorApp')}
      </Button>
      {passkeysSupported() && (
        <Button
          variant="secondary"
          className="w-full whitespace-normal!"
          disabled={busy}
          onClick={() =>
            void attempt(async () => {
              await addPasskey()
              onDone()
            })
          }
        >
          {t('account.addPasskeyInstead')}
        </Button>
      )}
      <FormError message={error} />
    </div>
  )
}

export function Component() {
  useDocumentMeta(t('account.twoFactorTitle'), t('account.twoFactorDescription'))
  const session = useSession()
  const refreshSession = useRefreshSession()
  const toast = useToast()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next') ?? paths.admin())

  if (session === undefined) return null
  if (session === null) return <Navigate to={paths.login()} replace />
  if (!awaitsSecondFactor(session)) return <Navigate to={next} replace />

  const done = () => {
    toast(t('account.verified'), 'success')
    refreshSession()
    navigate(next, { replace: true })
  }

  return session.second_factor === 'setup' ? (
    <AuthCard title={t('account.setUpTwoFactorTitle')} subtitle={t('account.setUpTwoFactorSubtitle')} footer={null}>
      <SetUpSecondFactor onDone={done} />
    </AuthCard>
  ) : (
    <AuthCard title={t('account.twoFactorTitle')} subtitle={t('account.twoFactorSubtitle')} footer={null}>
      <PassSecondFactor onDone={done} />
    </AuthCard>
  )
}

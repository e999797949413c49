/**
 * /register: e-mail, username, password and its confirmation. The checks the server makes on
 * passwords are repeated here so the common mistakes are caught before a round trip; the server
 * stays the authority and its message is shown as it comes (for example 'User already exists').
 * Sign-up signs the new account in, and the visitor continues to the page named by ?next=
 * (same-site paths only, as on /login) or home.
 */
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router-dom'
import { useToast } from '../../components/toast'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useRefreshSession, useSession, type SessionAccount } from '../../lib/session'
import { t } from '../../i18n'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, MIN_PASSWORD_LENGTH, PasswordField, passwordProblem, safeNextPath, SubmitButton, TextField, USERNAME_PATTERN } from './auth-form'
import { useBotCheck } from './turnstile'


export function Component() {
  useDocumentMeta(t('account.signUpTitle'), t('account.signUpDescription'))
  const session = useSession()
  const refreshSession = useRefreshSession()
  const toast = useToast()
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const bot = useBotCheck('signup')
  const [email, setEmail] = useState('')
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (session) return <Navigate to={next} replace />

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const problem = passwordProblem(password, confirmPassword, t('account.passwordsDoNotMatch'))
    if (problem) {
      setError(problem)
      return
    }
    setBusy(true)
    setError(null)
    try {
      await readJson<SessionAccount>(api.auth.signup.$post({ json: { email, username, password, confirmPassword, turnstileToken: bot.token } }))
      toast(t('account.registrationSuccess'), 'success')
      // Signed in by the sign-up: the page moves on when the fresh session arrives.
      refreshSession()
    } catch (err) {
      setError(err instanceof Error ? err.message : t('account.registrationFailed'))
      toast(t('account.registrationFailed'), 'error')
      bot.reset()
      setBusy(false)
    }
  }

  return (
    <AuthCard
      title={t('account.signUpTitle')}
      subtitle={t('account.signUpSubtitle')}
      footer={
        <>
          {t('account.haveAccount')}{' '}
          <Link to={paths.login(params.get('next') ?? undefined)} className="font-semibold text-brand-400 hover:underline">
            {t('account.loginLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField label={t('account.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label={t('account.username')}
          name="username"
          autoComplete="username"
          required
          pattern={USERNAME_PATTERN}
          hint={t('account.usernameHint')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField
          label={t('account.password')}
          showLabel={t('account.showPassword')}
          hideLabel={t('account.hidePassword')}
          name="password"
          autoComplete="new-password"
          required
          hint={t('account.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={t('account.confirmPassword')}
          showLabel={t('account.showConfirmPassword')}
          hideLabel={t('account.hideConfirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        {bot.widget}
        <FormError message={error} />
        <SubmitButton busy={busy} idle={t('account.signUpButton')} busyLabel={t('account.creatingAccount')} disabled={!bot.ready} />
      </form>
    </AuthCard>
  )
}

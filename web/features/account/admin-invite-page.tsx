/**
 * /admin-invite#token=...: the page an administrator's invitation e-mail opens. The token travels
 * in the fragment (never sent to a server in the address, nor in a Referer) and is dropped from the
 * address bar at once. The invitee chooses a username and a password; the new administrator then
 * signs in and sets up its second factor like any other.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, PasswordField, SubmitButton, TextField, USERNAME_PATTERN } from './auth-form'

/** As the server asks (worker/routes/admin-invites.ts): an administrator's password is longer than a user's. */
const MIN_ADMIN_PASSWORD_LENGTH = 12

function tokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token')
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname)
  return token
}

type Invitation = { state: 'checking' } | { state: 'open'; email: string } | { state: 'invalid'; message: string } | { state: 'done' }

export function Component() {
  useDocumentMeta(t('account.adminInviteTitle'), t('account.adminInviteTitle'))
  const [token] = useState(tokenFromAddress)
  const [invitation, setInvitation] = useState<Invitation>({ state: 'checking' })
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!token) return
    let live = true
    readJson<{ email: string }>(api['admin-invite'].check.$post({ json: { token } })).then(
      (answer) => live && setInvitation({ state: 'open', email: answer.email }),
      (err: unknown) => live && setInvitation({ state: 'invalid', message: err instanceof Error ? err.message : t('account.somethingWentWrong') }),
    )
    return () => {
      live = false
    }
  }, [token])

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (password !== confirmPassword) return setError(t('account.passwordsDoNotMatch'))
    if (password.length < MIN_ADMIN_PASSWORD_LENGTH) return setError(t('account.passwordTooShort', { min: MIN_ADMIN_PASSWORD_LENGTH }))
    setBusy(true)
    setError(null)
    try {
      await readJson(api['admin-invite'].accept.$post({ json: { token: token ?? '', username: username.trim(), password, confirmPassword } }))
      setInvitation({ state: 'done' })
    } catch (err) {
      setError(err instanceof Error ? err.message : t('account.somethingWentWrong'))
      setBusy(false)
    }
  }

  const signIn = (
    <Link to={`${paths.login()}?next=${encodeURIComponent('/admin')}`} className="font-semibold text-brand-400 hover:underline">
      {t('account.backToLogin')}
    </Link>
  )

  if (!token || invitation.state === 'invalid') {
    return (
      <AuthCard title={t('account.adminInviteTitle')} subtitle={t('account.adminInviteNeedsLink')} footer={signIn}>
        <p role="alert" className="text-sm text-red-300">
          {invitation.state === 'invalid' ? invitation.message : t('account.adminInviteIncomplete')}
        </p>
      </AuthCard>
    )
  }
  if (invitation.state === 'checking') {
    return (
      <AuthCard title={t('account.adminInviteTitle')} subtitle={t('account.adminInviteChecking')} footer={signIn}>
        <p role="status" className="text-sm text-neutral-300">
          {t('account.adminInviteChecking')}
        </p>
      </AuthCard>
    )
  }
  if (invitation.state === 'done') {
    return (
      <AuthCard title={t('account.adminInviteTitle')} subtitle={t('account.adminInviteDone')} footer={signIn}>
        <p role="status" className="text-sm text-neutral-200">
          {t('account.adminInviteDone')}
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('account.adminInviteTitle')} subtitle={t('account.adminInviteSubtitle', { email: invitation.email })} footer={signIn}>
      <form onSubmit={onSubmit} className="space-y-4" aria-label={t('account.adminInviteTitle')}>
        <TextField label={t('account.username')} name="username" autoComplete="username" required pattern={USERNAME_PATTERN} hint={t('account.usernameHint')} value={username} onChange={(e) => setUsername(e.target.value)} />
        <PasswordField label={t('account.password')} showLabel={t('account.showPassword')} hideLabel={t('account.hidePassword')} name="password" autoComplete="new-password" required hint={t('account.passwordHint', { min: MIN_ADMIN_PASSWORD_LENGTH })} value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label={t('account.confirmPassword')} name="confirmPassword" type="password" autoComplete="new-password" required value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        <FormError message={error} />
        <SubmitButton busy={busy} idle={t('account.adminInviteCreate')} busyLabel={t('account.adminInviteCreating')} />
      </form>
    </AuthCard>
  )
}

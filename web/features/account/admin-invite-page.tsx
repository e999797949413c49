/**
 * /admin-invite#token=...: the page an administrator's invitation e-mail opens (the token in the
 * fragment, as a reset link's: auth-form.tsx, tokenFromFragment). The invitee chooses a username and
 * a password; the new administrator then signs in and sets up its second factor like any other.
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, MIN_ADMIN_PASSWORD_LENGTH, PasswordField, passwordProblem, SubmitButton, TextField, tokenFromFragment, USERNAME_PATTERN } from './auth-form'

export function Component() {
  useDocumentMeta(t('account.adminInviteTitle'), t('account.adminInviteTitle'))
  const [token] = useState(tokenFromFragment)
  // whom the link invites; an unknown, used, revoked or expired link answers the server's reason
  const invitation = useQuery({
    queryKey: ['admin-invite', token],
    queryFn: () => readJson<{ email: string }>(api['admin-invite'].check.$post({ json: { token: token ?? '' } })),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  })
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const problem = passwordProblem(password, confirmPassword, t('account.passwordsDoNotMatch'), MIN_ADMIN_PASSWORD_LENGTH)
    if (problem) return setError(problem)
    setBusy(true)
    setError(null)
    try {
      await readJson(api['admin-invite'].accept.$post({ json: { token: token ?? '', username: username.trim(), password, confirmPassword } }))
      setDone(true)
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
  const card = (subtitle: string | undefined, body: ReactNode) => (
    <AuthCard title={t('account.adminInviteTitle')} subtitle={subtitle} footer={signIn}>
      {body}
    </AuthCard>
  )

  if (!token || invitation.isError) {
    return card(
      t('account.adminInviteNeedsLink'),
      <p role="alert" className="text-sm text-red-300">
        {invitation.error?.message ?? t('account.adminInviteIncomplete')}
      </p>,
    )
  }
  if (!invitation.data) return card(undefined, <p role="status" className="text-sm text-neutral-300">{t('account.adminInviteChecking')}</p>)
  if (done) return card(invitation.data.email, <p role="status" className="text-sm text-neutral-200">{t('account.adminInviteDone')}</p>)
  return card(
    t('account.adminInviteSubtitle', { email: invitation.data.email }),
    <form onSubmit={onSubmit} className="space-y-4" aria-label={t('account.adminInviteTitle')}>
      <TextField label={t('account.username')} name="username" autoComplete="username" required pattern={USERNAME_PATTERN} hint={t('account.usernameHint')} value={username} onChange={(e) => setUsername(e.target.value)} />
      <PasswordField label={t('account.password')} showLabel={t('account.showPassword')} hideLabel={t('account.hidePassword')} name="password" autoComplete="new-password" required hint={t('account.passwordHint', { min: MIN_ADMIN_PASSWORD_LENGTH })} value={password} onChange={(e) => setPassword(e.target.value)} />
      <TextField label={t('account.confirmPassword')} name="confirmPassword" type="password" autoComplete="new-password" required value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
      <FormError message={error} />
      <SubmitButton busy={busy} idle={t('account.adminInviteCreate')} busyLabel={t('account.adminInviteCreating')} />
    </form>,
  )
}

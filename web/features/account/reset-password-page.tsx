/**
 * /reset-password#token=...: the page the e-mailed link opens. The token travels in the fragment,
 * which browsers never send to a server or put in a Referer, and is dropped from the address bar
 * at once. A new password ends every session, so the visitor then signs in again.
 */
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useToast } from '../../components/toast'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useRefreshSession } from '../../lib/session'
import { t } from '../../i18n'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, MIN_PASSWORD_LENGTH, PasswordField, passwordProblem, SubmitButton, TextField, tokenFromFragment } from './auth-form'

export function Component() {
  useDocumentMeta(t('account.resetTitle'), t('account.resetDescription'))
  const [token] = useState(tokenFromFragment)
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()
  const toast = useToast()
  const refreshSession = useRefreshSession()

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
      const answer = await readJson<{ message: string }>(api.auth['password-reset'].confirm.$post({ json: { token: token ?? '', password, confirmPassword } }))
      toast(answer.message, 'success')
      refreshSession()
      navigate(paths.login(), { replace: true })
    } catch (err) {
      setError(err instanceof Error ? err.message : t('account.somethingWentWrong'))
      setBusy(false)
    }
  }

  const footer = (
    <Link to={paths.forgotPassword()} className="font-semibold text-brand-400 hover:underline">
      {t('account.askForNewLink')}
    </Link>
  )

  if (!token) {
    return (
      <AuthCard title={t('account.resetTitle')} subtitle={t('account.resetNeedsLink')} footer={footer}>
        <p role="alert" className="text-sm text-red-300">
          {t('account.resetLinkIncomplete')}
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('account.resetTitle')} subtitle={t('account.resetSubtitle')} footer={footer}>
      <form onSubmit={onSubmit} className="space-y-4">
        <PasswordField label={t('account.newPassword')} showLabel={t('account.showNewPassword')} hideLabel={t('account.hideNewPassword')} name="password" autoComplete="new-password" required hint={t('account.passwordHint', { min: MIN_PASSWORD_LENGTH })} value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label={t('account.confirmNewPassword')} name="confirmPassword" type="password" autoComplete="new-password" required value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        <FormError message={error} />
        <SubmitButton busy={busy} idle={t('account.resetButton')} busyLabel={t('account.resetting')} />
      </form>
    </AuthCard>
  )
}

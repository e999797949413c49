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
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, PasswordField, passwordProblem, SubmitButton, TextField } from './auth-form'

function tokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token')
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname)
  return token
}

export function Component() {
  useDocumentMeta('Reset password', 'Choose a new password for your account.')
  const [token] = useState(tokenFromAddress)
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()
  const toast = useToast()
  const refreshSession = useRefreshSession()

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const problem = passwordProblem(password, confirmPassword, 'Passwords do not match')
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
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.')
      setBusy(false)
    }
  }

  const footer = (
    <Link to={paths.forgotPassword()} className="font-semibold text-brand-400 hover:underline">
      Ask for a new link
    </Link>
  )

  if (!token) {
    return (
      <AuthCard title="Reset password" subtitle="This page needs the link from your reset e-mail." footer={footer}>
        <p role="alert" className="text-sm text-red-300">
          This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password. You will be signed out on every device." footer={footer}>
      <form onSubmit={onSubmit} className="space-y-4">
        <PasswordField label="New Password" name="password" autoComplete="new-password" required hint="At least 6 characters." value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" required value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        <FormError message={error} />
        <SubmitButton busy={busy} idle="Reset Password" busyLabel="Resetting..." />
      </form>
    </AuthCard>
  )
}

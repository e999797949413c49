/**
 * /register: e-mail, username, password and its confirmation. The checks the server makes on
 * passwords are repeated here so the common mistakes are caught before a round trip; the server
 * stays the authority and its message is shown as it comes (for example 'User already exists').
 */
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router-dom'
import { useToast } from '../../components/toast'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, PasswordField, passwordProblem, SubmitButton, TextField } from './auth-form'
import { useBotCheck } from './turnstile'

/** The server's rule for usernames (worker/accounts/schemas.ts), as an HTML pattern. */
const USERNAME_PATTERN = '[A-Za-z0-9._\\-]{3,30}'

export function Component() {
  useDocumentMeta('Sign Up', 'Create a free account to keep a watchlist and a watch history across your devices.')
  const session = useSession()
  const navigate = useNavigate()
  const toast = useToast()
  const bot = useBotCheck('signup')
  const [email, setEmail] = useState('')
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (session) return <Navigate to={paths.home()} replace />

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
      const body = await readJson<{ message: string }>(
        api.auth.signup.$post({ json: { email, username, password, confirmPassword, turnstileToken: bot.token } }),
      )
      toast(body.message || 'Registration successful! Please log in.', 'success')
      navigate(paths.login())
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Registration failed. Please try again.')
      toast('Registration failed. Please try again.', 'error')
      bot.reset()
      setBusy(false)
    }
  }

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create a free account for your watchlist and watch history."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login()} className="font-semibold text-brand-400 hover:underline">
            Login
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          pattern={USERNAME_PATTERN}
          hint="3 to 30 characters: letters, digits, dots, dashes or underscores."
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        {bot.widget}
        <FormError message={error} />
        <SubmitButton busy={busy} idle="Sign Up" busyLabel="Creating account..." disabled={!bot.ready} />
      </form>
    </AuthCard>
  )
}

/**
 * /forgot-password: asks for the account's e-mail address and says the same thing whatever it
 * is, since the answer must not tell whether an address has an account.
 */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, SubmitButton, TextField } from './auth-form'

export function Component() {
  useDocumentMeta('Forgot password', 'Get a link to choose a new password for your account.')
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const answer = await readJson<{ message: string }>(api.auth['password-reset'].$post({ json: { email } }))
      setSent(answer.message)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login()} className="font-semibold text-brand-400 hover:underline">
            Back to Login
          </Link>
        </>
      }
    >
      {sent ? (
        <p role="status" className="rounded-lg border border-emerald-700/60 bg-emerald-950/40 p-4 text-sm text-emerald-100">
          {sent}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
          <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <FormError message={error} />
          <SubmitButton busy={busy} idle="Send reset link" busyLabel="Sending..." />
        </form>
      )}
    </AuthCard>
  )
}

/**
 * /forgot-password: asks for the account's e-mail address and says the same thing whatever it
 * is, since the answer must not tell whether an address has an account.
 */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { api, readJson } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { t } from '../../i18n'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, SubmitButton, TextField } from './auth-form'

export function Component() {
  useDocumentMeta(t('account.forgotTitle'), t('account.forgotDescription'))
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      // The answer's own message is English; the page says the same in its language.
      await readJson<{ message: string }>(api.auth['password-reset'].$post({ json: { email } }))
      setSent(t('account.resetLinkSent'))
    } catch (err) {
      setError(err instanceof Error ? err.message : t('account.somethingWentWrong'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard
      title={t('account.forgotTitle')}
      subtitle={t('account.forgotSubtitle')}
      footer={
        <>
          {t('account.rememberedIt')}{' '}
          <Link to={paths.login()} className="font-semibold text-brand-400 hover:underline">
            {t('account.backToLogin')}
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
          <TextField label={t('account.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <FormError message={error} />
          <SubmitButton busy={busy} idle={t('account.sendResetLink')} busyLabel={t('account.sending')} />
        </form>
      )}
    </AuthCard>
  )
}

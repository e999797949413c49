/**
 * /login: e-mail, password and the account type (users and administrators are separate
 * accounts, DESIGN.md). On success the session is re-read and the visitor continues to the
 * page named by ?next= (same-site paths only) or home; a signed-in visitor never sees the form.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router-dom'
import { useToast } from '../../components/toast'
import { api, readJson } from '../../lib/api-client'
import { prefetchContinueWatching } from '../../lib/continue-watching'
import { paths } from '../../lib/paths'
import { awaitsSecondFactor, useRefreshSession, useSession, type SessionAccount } from '../../lib/session'
import { isLocale, localizedPath, type Locale } from '../../../worker/lib/locales'
import { currentLocale, t } from '../../i18n'
import { rememberLocale } from '../../lib/locale-choice'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { AuthCard, FormError, PasswordField, safeNextPath, SubmitButton, TextField } from './auth-form'
import { passkeysSupported, signInWithPasskey } from './passkey-ceremonies'
import { useBotCheck } from './turnstile'

type AccountType = 'user' | 'admin'

export function Component() {
  useDocumentMeta(t('account.loginTitle'), t('account.loginDescription'))
  const session = useSession()
  const refreshSession = useRefreshSession()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const bot = useBotCheck('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [type, setType] = useState<AccountType>('user')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (session) {
    // an account with several profiles asks "Who's watching?" first
    const target = awaitsSecondFactor(session) ? paths.twoFactor(next) : session.choose_profile ? paths.profiles() : next
    // The account's language follows it to this browser: signed in here, the site switches to it.
    const chosen = session.user.locale
    if (isLocale(chosen) && chosen !== currentLocale()) return <ContinueInLanguage locale={chosen} to={target} />
    return <Navigate to={target} replace />
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const signedIn = await readJson<SessionAccount>(api.auth.login.$post({ json: { email, password, type, turnstileToken: bot.token } }))
      if (!signedIn.choose_profile) prefetchContinueWatching(queryClient)
      toast(t('account.loginSuccess'), 'success')
      // The redirect happens when the fresh session arrives, so the next page sees it signed in.
      refreshSession()
    } catch (err) {
      setError(err instanceof Error ? err.message : null)
      toast(t('account.loginFailed'), 'error')
      bot.reset()
      setBusy(false)
    }
  }

  const withPasskey = async () => {
    setBusy(true)
    setError(null)
    try {
      const signedIn = await signInWithPasskey()
      if (!signedIn.choose_profile) prefetchContinueWatching(queryClient)
      toast(t('account.loginSuccess'), 'success')
      refreshSession()
    } catch (err) {
      setError(err instanceof Error ? err.message : null)
      toast(t('account.loginFailed'), 'error')
      setBusy(false)
    }
  }

  return (
    <AuthCard
      title={t('account.loginTitle')}
      subtitle={t('account.loginSubtitle')}
      footer={
        <>
          {t('account.noAccountYet')}{' '}
          <Link to={paths.register(params.get('next') ?? undefined)} className="font-semibold text-brand-400 hover:underline">
            {t('account.signUpLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-neutral-200">{t('account.accountType')}</legend>
          <div className="mt-1 grid grid-cols-2 gap-1 rounded-lg border border-neutral-700 bg-neutral-950 p-1">
            {(['user', 'admin'] as const).map((value) => (
              <label
                key={value}
                className="relative cursor-pointer rounded-md px-3 py-2 text-center text-sm font-semibold text-neutral-300 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400"
              >
                <input type="radio" name="type" value={value} checked={type === value} onChange={() => setType(value)} className="absolute inset-0 cursor-pointer appearance-none opacity-0" />
                {value === 'user' ? t('account.typeUser') : t('account.typeAdmin')}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField label={t('account.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField label={t('account.password')} showLabel={t('account.showPassword')} hideLabel={t('account.hidePassword')} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <p className="-mt-2 text-end text-sm">
          <Link to={paths.forgotPassword()} className="font-semibold text-brand-400 hover:underline">
            {t('account.forgotPasswordLink')}
          </Link>
        </p>
        {bot.widget}
        <FormError message={error} />
        <SubmitButton busy={busy} idle={t('account.loginButton')} busyLabel={t('account.loggingIn')} disabled={!bot.ready} />
      </form>
      {passkeysSupported() && (
        <div className="mt-4 border-t border-neutral-800 pt-4">
          <button
            type="button"
            onClick={withPasskey}
            disabled={busy}
            className="w-full rounded-lg border border-neutral-600 px-4 py-2.5 text-sm font-semibold text-neutral-100 hover:bg-neutral-800 disabled:opacity-60"
          >
            {t('account.signInWithPasskey')}
          </button>
        </div>
      )}
    </AuthCard>
  )
}

/** Goes on to `to` in the account's language: the cookie keeps it, and its catalog loads with the page. */
function ContinueInLanguage({ locale, to }: { locale: Locale; to: string }) {
  useEffect(() => {
    rememberLocale(locale, false)
    window.location.replace(localizedPath(locale, to))
  }, [locale, to])
  return null
}

/**
 * Where you're signed in: every browser with a session on this account, its device and when it
 * was last seen (to the hour), with Sign out per session and Sign out everywhere, which ends this
 * browser's session too and goes to /login.
 */
import { useNavigate } from 'react-router-dom'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { currentLocale, t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useRefreshSession } from '../../lib/session'
import { type AccountSession, useEndSession, useSessions, useSignOutEverywhere } from './api'
import { AccountSection } from './account-section'

function lastSeen(session: AccountSession): string {
  if (session.current) return t('account.thisBrowserActive')
  const when = Date.parse(session.last_seen_at)
  if (Number.isNaN(when)) return t('account.lastSeenUnknown')
  return t('account.lastSeen', { when: new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(when) })
}

export function SessionsSection() {
  const sessions = useSessions()
  const endOne = useEndSession()
  const endAll = useSignOutEverywhere()
  const toast = useToast()
  const refreshSession = useRefreshSession()
  const navigate = useNavigate()

  const signedOutHere = () => {
    refreshSession()
    navigate(paths.login(), { replace: true })
  }

  const end = (session: AccountSession) =>
    endOne.mutate(session.id, {
      onSuccess: (answer) => {
        toast(answer.current ? t('account.loggedOut') : t('account.signedOutDevice', { device: session.device }), 'success')
        if (answer.current) signedOutHere()
      },
      onError: (err) => toast(err.message, 'error'),
    })

  const everywhere = () =>
    endAll.mutate(undefined, {
      onSuccess: () => {
        toast(t('account.signedOutEverywhere'), 'success')
        signedOutHere()
      },
      onError: (err) => toast(err.message, 'error'),
    })

  return (
    <AccountSection
      id="sessions-title"
      title={t('account.sessionsTitle')}
      action={
        <Button variant="danger" onClick={everywhere} busy={endAll.isPending} busyLabel={t('account.signingOut')}>
          {t('account.signOutEverywhere')}
        </Button>
      }
    >
      {sessions.isError ? (
        <p role="alert" className="mt-3 text-red-300">
          {t('account.sessionsLoadFailed')}
        </p>
      ) : !sessions.data ? (
        <p role="status" className="mt-3 text-neutral-400">
          {t('account.loading')}
        </p>
      ) : (
        <ul aria-label={t('account.signedInBrowsers')} className="mt-4 divide-y divide-neutral-800">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium" data-catalog="">
                  {session.device}
                </p>
                <p className={`text-sm ${session.current ? 'text-emerald-300' : 'text-neutral-400'}`}>{lastSeen(session)}</p>
              </div>
              <Button
                variant="secondary"
                onClick={() => end(session)}
                busy={endOne.isPending && endOne.variables === session.id}
                busyLabel={t('account.signingOut')}
                aria-label={session.current ? t('account.signOutThisDevice', { device: session.device }) : t('account.signOutDevice', { device: session.device })}
                data-catalog-text={session.device}
              >
                {t('account.signOut')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  )
}

/**
 * Where you're signed in: every browser with a session on this account, its device and when it
 * was last seen (to the hour), with Sign out per session and Sign out everywhere, which ends this
 * browser's session too and goes to /login.
 */
import { useNavigate } from 'react-router-dom'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { paths } from '../../lib/paths'
import { useRefreshSession } from '../../lib/session'
import { type AccountSession, useEndSession, useSessions, useSignOutEverywhere } from './api'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function lastSeen(session: AccountSession): string {
  if (session.current) return 'This browser, active now'
  const when = Date.parse(session.last_seen_at)
  return Number.isNaN(when) ? 'Last seen: unknown' : `Last seen ${dateFormat.format(when)}`
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
        toast(answer.current ? 'You have been logged out successfully!' : `Signed out ${session.device}.`, 'success')
        if (answer.current) signedOutHere()
      },
      onError: (err) => toast(err.message, 'error'),
    })

  const everywhere = () =>
    endAll.mutate(undefined, {
      onSuccess: () => {
        toast('Signed out everywhere.', 'success')
        signedOutHere()
      },
      onError: (err) => toast(err.message, 'error'),
    })

  return (
    <section aria-labelledby="sessions-title" className="rounded-2xl border border-neutral-800 bg-neutral-900/60 p-5 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessions-title" className="text-xl font-semibold">
          Where You're Signed In
        </h2>
        <Button variant="danger" onClick={everywhere} busy={endAll.isPending} busyLabel="Signing out...">
          Sign out everywhere
        </Button>
      </div>
      {sessions.isError ? (
        <p role="alert" className="mt-3 text-red-300">
          Your sessions could not be loaded.
        </p>
      ) : !sessions.data ? (
        <p role="status" className="mt-3 text-neutral-400">
          Loading...
        </p>
      ) : (
        <ul aria-label="Signed-in browsers" className="mt-4 divide-y divide-neutral-800">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{session.device}</p>
                <p className={`text-sm ${session.current ? 'text-emerald-300' : 'text-neutral-400'}`}>{lastSeen(session)}</p>
              </div>
              <Button
                variant="secondary"
                onClick={() => end(session)}
                busy={endOne.isPending && endOne.variables === session.id}
                busyLabel="Signing out..."
                aria-label={`Sign out ${session.device}${session.current ? ' (this browser)' : ''}`}
              >
                Sign out
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The account menu (SPEC.md section 2): who is signed in (whose profile, with its avatar, once one
 * is chosen), where they can go and the language menu, or Login / Sign Up. On every page, it also
 * keeps the page to its profile: a session that has not answered "Who's watching?" goes there, and
 * a kids profile is sent home from the account's own pages.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { UserIcon } from '../components/icons'
import { t } from '../i18n'
import { lazyPart } from '../lib/lazy-part'
import { paths } from '../lib/paths'
import { awaitsSecondFactor, displayName, type SessionAccount, useSession } from '../lib/session'
import { useDismiss } from '../lib/use-dismiss'

/** The open menu's code, fetched as soon as someone is signed in so it opens at once. */
const loadPanel = () => import('./account-menu-panel')
const AccountMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.AccountMenuPanel })))
/** The profile's drawn avatar, which comes with the open menu's code. */
const Avatar = lazyPart<{ id: string; size: number }>('profile-avatar', () => loadPanel().then((m) => m.Avatar))

function onSignInPage(pathname: string): boolean {
  return pathname === paths.login() || pathname === paths.register()
}

/** The account's own pages, which a kids profile does not open. */
const ACCOUNT_PAGES = /^\/(profile|import|admin|profiles\/manage)(\/|$)/

/** Where the session's profile must go from `pathname` (after an administrator's second factor), or null. */
function profileRedirect(session: SessionAccount | null | undefined, pathname: string): string | null {
  if (session?.choose_profile) return pathname.startsWith(paths.profiles()) || awaitsSecondFactor(session) ? null : paths.profiles()
  return session?.viewer?.kids && ACCOUNT_PAGES.test(pathname) ? paths.home() : null
}

export function AccountMenu() {
  const session = useSession()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const location = useLocation()
  const navigate = useNavigate()
  const redirect = profileRedirect(session, location.pathname)
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true })
  }, [redirect, navigate])

  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, ref, close)
  const signedIn = !!session
  useEffect(() => {
    if (signedIn) void loadPanel().catch(() => undefined)
  }, [signedIn])

  if (session === undefined) return <div className="h-9 w-24" aria-hidden="true" />
  if (session === null) {
    // Both come back here once the visitor is signed in; from a sign-in page, to where it was going.
    const here = onSignInPage(location.pathname) ? (new URLSearchParams(location.search).get('next') ?? undefined) : `${location.pathname}${location.search}`
    return (
      <div className="flex items-center gap-2 text-sm">
        <Link to={paths.login(here)} className="rounded-md px-3 py-2 whitespace-nowrap text-neutral-200 hover:bg-neutral-800">
          {t('shell.login')}
        </Link>
        <Link to={paths.register(here)} className="rounded-md bg-brand-600 px-3 py-2 font-semibold whitespace-nowrap text-white hover:bg-brand-500">
          {t('shell.signUp')}
        </Link>
      </div>
    )
  }

  const viewer = session.viewer
  const name = viewer?.name ?? displayName(session)
  const person = (
    <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600">
      <UserIcon width={16} height={16} />
    </span>
  )
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('shell.accountButton', { name })}
        data-catalog-text={name}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-full border border-neutral-700 p-1 text-sm hover:bg-neutral-800 sm:pe-3"
      >
        {viewer ? (
          <Suspense fallback={person}>
            <Avatar id={viewer.avatar} size={28} />
          </Suspense>
        ) : (
          person
        )}
        <span data-catalog="" className="hidden max-w-[10rem] truncate sm:inline">{name}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuPanel session={session} close={close} />
        </Suspense>
      )}
    </div>
  )
}

/**
 * The account menu (SPEC.md section 2): who is signed in, where they can go and the language
 * menu, or Login / Sign Up.
 */
import { useCallback, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { UserIcon } from '../components/icons'
import { useToast } from '../components/toast'
import { t } from '../i18n'
import { api } from '../lib/api-client'
import { paths } from '../lib/paths'
import { displayName, useRefreshSession, useSession } from '../lib/session'
import { useDismiss } from '../lib/use-dismiss'
import { LanguageLink, useLanguageChoices } from './language-menu'

function onSignInPage(pathname: string): boolean {
  return pathname === paths.login() || pathname === paths.register()
}

export function AccountMenu() {
  const session = useSession()
  const refresh = useRefreshSession()
  const toast = useToast()
  const languages = useLanguageChoices()
  const languageHeading = useId()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const location = useLocation()

  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, ref, close)

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

  const logout = async () => {
    setOpen(false)
    await api.auth.logout.$post().catch(() => undefined)
    toast(t('shell.loggedOut'), 'success')
    refresh()
    setTimeout(() => window.location.reload(), 1000)
  }

  const name = displayName(session)
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
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600">
          <UserIcon width={16} height={16} />
        </span>
        <span data-catalog="" className="hidden max-w-[10rem] truncate sm:inline">{name}</span>
      </button>
      {open && (
        <div role="menu" className="absolute end-0 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-neutral-800 bg-neutral-900 py-2 shadow-xl">
          <div className="border-b border-neutral-800 px-4 pb-2">
            <p data-catalog="" className="truncate text-sm font-semibold">{name}</p>
            <p className="text-xs text-neutral-400">{session.type === 'admin' ? t('shell.adminAccount') : t('shell.userAccount')}</p>
          </div>
          <Link role="menuitem" to={paths.profile()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={() => setOpen(false)}>
            {t('shell.myProfile')}
          </Link>
          <Link role="menuitem" to={paths.myLists()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={() => setOpen(false)}>
            {t('nav.myLists')}
          </Link>
          {session.type === 'admin' && (
            <Link role="menuitem" to={paths.admin()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={() => setOpen(false)}>
              {t('shell.dashboard')}
            </Link>
          )}
          <button role="menuitem" type="button" onClick={logout} className="block w-full px-4 py-2 text-start text-sm hover:bg-neutral-800">
            {t('shell.logout')}
          </button>
          <div role="group" aria-labelledby={languageHeading} className="mt-1 border-t border-neutral-800 pt-2">
            <p id={languageHeading} className="px-4 pb-1 text-xs text-neutral-400">
              {t('shell.language')}
            </p>
            <div className="grid grid-cols-2">
              {languages.map((choice) => (
                <LanguageLink
                  key={choice.locale}
                  choice={choice}
                  asMenuItem
                  className="block px-4 py-1.5 text-sm hover:bg-neutral-800 aria-checked:font-semibold aria-checked:text-brand-400"
                />
              ))}
            </div>
          </div>
        </div>
      )}
    </div>
  )
}

/**
 * The signed-in account menu's open panel (web/app/account-menu.tsx): whose profile it is and the
 * others to switch to, where the account can go, sign out, and the language choices. Its own
 * chunk, fetched once someone is signed in. A kids profile gets a simpler menu: no account pages
 * and no sign-out, since leaving it is switching profile (which may ask for the account's PIN).
 */
import { lazy, Suspense, useId } from 'react'
import { Link } from 'react-router-dom'
import { useToast } from '../components/toast'
import { Avatar } from '../features/profiles/avatars'
import { loadAreas, t } from '../i18n'
import { api } from '../lib/api-client'
import { paths } from '../lib/paths'
import { displayName, type SessionAccount, useRefreshSession } from '../lib/session'
import { LanguageLink, useLanguageChoices } from './language-menu'

export { Avatar }

/** The profiles to switch to: their code comes with their words. */
const ProfileSwitcher = lazy(() =>
  Promise.all([import('../features/profiles/profile-switcher'), loadAreas(['profiles'])]).then(([m]) => ({ default: m.ProfileSwitcher })),
)

export function AccountMenuPanel({ session, close }: { session: SessionAccount; close: () => void }) {
  const refresh = useRefreshSession()
  const toast = useToast()
  const languages = useLanguageChoices()
  const languageHeading = useId()
  const viewer = session.viewer
  const kids = !!viewer?.kids
  const account = session.type === 'admin' ? t('shell.adminAccount') : t('shell.userAccount')

  const logout = async () => {
    close()
    // The account's new-episode notices stop coming to this browser: whoever uses it next must not get them.
    await import('../features/account/push-client').then((m) => m.unsubscribeThisBrowser()).catch(() => undefined)
    await api.auth.logout.$post().catch(() => undefined)
    toast(t('shell.loggedOut'), 'success')
    refresh()
    setTimeout(() => window.location.reload(), 1000)
  }

  return (
    <div role="menu" className="absolute end-0 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-neutral-800 bg-neutral-900 py-2 shadow-xl">
      <div className="flex items-center gap-3 border-b border-neutral-800 px-4 pb-2">
        {viewer && <Avatar id={viewer.avatar} size={36} />}
        <div className="min-w-0">
          <p data-catalog="" className="truncate text-sm font-semibold">{viewer?.name ?? displayName(session)}</p>
          <p className="truncate text-xs text-neutral-400">{kids ? t('nav.kidsProfile') : account}</p>
        </div>
      </div>
      {session.viewer !== undefined && (
        <Suspense fallback={null}>
          <ProfileSwitcher currentId={viewer?.id ?? null} kids={kids} close={close} />
        </Suspense>
      )}
      {!kids && (
        <Link role="menuitem" to={paths.profile()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={close}>
          {t('shell.myProfile')}
        </Link>
      )}
      <Link role="menuitem" to={paths.myLists()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={close}>
        {t('nav.myLists')}
      </Link>
      <Link role="menuitem" to={paths.calendar()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={close}>
        {t('shell.calendar')}
      </Link>
      {session.type === 'admin' && !kids && (
        <Link role="menuitem" to={paths.admin()} className="block px-4 py-2 text-sm hover:bg-neutral-800" onClick={close}>
          {t('shell.dashboard')}
        </Link>
      )}
      {!kids && (
        <button role="menuitem" type="button" onClick={logout} className="block w-full px-4 py-2 text-start text-sm hover:bg-neutral-800">
          {t('shell.logout')}
        </button>
      )}
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
  )
}

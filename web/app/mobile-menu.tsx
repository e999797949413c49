/**
 * The phone's slide-in menu (SPEC.md section 2, Layout): whose profile it is, with the way to
 * switch, the sections, the language menu and the site's links, which phones show nowhere else. A modal dialog: Tab stays inside, Escape closes it
 * and the focus goes back to the menu button. Its own chunk, loaded on the first press of that button.
 */
import { useAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { CloseIcon } from '../components/icons'
import { Avatar } from '../features/profiles/avatars'
import { t } from '../i18n'
import { paths } from '../lib/paths'
import { useSession } from '../lib/session'
import { SITE_NAME } from '../lib/use-document-meta'
import { LanguageMenu } from './language-menu'
import { MENU_BUTTON_ID, mobileMenuOpenAtom, sideNav, useIsCurrent, useNavHref } from './layout'
import { companyLinks } from './site-links'

export function MobileMenu() {
  const [open, setOpen] = useAtom(mobileMenuOpenAtom)
  const hrefFor = useNavHref()
  const isCurrent = useIsCurrent()
  const location = useLocation()
  const viewer = useSession()?.viewer
  // Going to another page closes it. Mounted on its first opening, it must not close at once:
  // only a change from the page it was mounted on counts.
  const shownOn = useRef(location.pathname)
  useEffect(() => {
    if (location.pathname === shownOn.current) return
    shownOn.current = location.pathname
    setOpen(false)
  }, [location.pathname, setOpen])
  const panel = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
      if (e.key !== 'Tab' || !panel.current) return
      // Keep Tab inside the open menu (aria-modal).
      const focusable = panel.current.querySelectorAll<HTMLElement>('a[href], button')
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault()
        last?.focus()
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault()
        first?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      // The menu's own elements are gone by now: focus goes back to the button that opened it.
      document.getElementById(MENU_BUTTON_ID)?.focus()
    }
  }, [open, setOpen])
  if (!open) return null
  return (
    <div className="fixed inset-0 z-50 lg:hidden" role="dialog" aria-modal="true" aria-label={t('nav.menu')}>
      <button type="button" tabIndex={-1} aria-label={t('nav.closeMenu')} className="absolute inset-0 bg-black/60" onClick={() => setOpen(false)} />
      <nav ref={panel} className="animate-slide-in absolute start-0 top-0 flex h-full w-72 max-w-[80vw] flex-col overflow-y-auto bg-neutral-900 p-4 shadow-2xl">
        <div className="mb-4 flex items-center justify-between">
          <span className="text-lg font-bold">{SITE_NAME}</span>
          <button type="button" aria-label={t('nav.closeMenu')} className="rounded-md p-2 hover:bg-neutral-800" onClick={() => setOpen(false)} autoFocus>
            <CloseIcon />
          </button>
        </div>
        {viewer && (
          <div className="mb-3 flex items-center gap-3 rounded-lg border border-neutral-800 px-3 py-2">
            <Avatar id={viewer.avatar} size={36} />
            <span data-catalog="" className="min-w-0 flex-1 truncate font-semibold">{viewer.name}</span>
            <Link to={paths.profiles()} className="shrink-0 rounded-md px-2 py-1.5 text-sm text-brand-400 hover:bg-neutral-800">
              {t('nav.switchProfile')}
            </Link>
          </div>
        )}
        <ul className="space-y-1">
          {sideNav.map((item) => (
            <li key={item.href}>
              <Link
                to={hrefFor(item)}
                aria-current={isCurrent(item) ? 'page' : undefined}
                className={`flex items-center gap-3 rounded-lg px-3 py-3 ${isCurrent(item) ? 'bg-brand-600/15 text-brand-400' : 'text-neutral-200 hover:bg-neutral-800'}`}
              >
                <item.icon className="shrink-0" />
                <span className="min-w-0 wrap-break-word hyphens-auto">{t(item.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {/* Phones have no footer: its language menu and company links are here. */}
        <div className="mt-auto border-t border-neutral-800 pt-3">
          <LanguageMenu inline />
        </div>
        <ul aria-label={t('nav.aboutTheSite')} className="mt-2 grid grid-cols-2 gap-x-2 gap-y-1 border-t border-neutral-800 pt-3 text-sm">
          {companyLinks.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="block rounded-md px-3 py-2 wrap-break-word hyphens-auto text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100">
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}


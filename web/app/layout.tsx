/**
 * The app shell (SPEC.md section 2, Layout): a collapsible sidebar on desktop, a top bar with a
 * slide-in menu and a bottom bar on phones, the footer on desktop, toasts and the account menu.
 * Sides are logical: in a right-to-left language the sidebar and the menu are on the right.
 */
import { atom, useAtom, useAtomValue } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { lazyPart } from '../lib/lazy-part'
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type FormEvent, type KeyboardEvent as ReactKeyboardEvent, type SVGProps } from 'react'
import { Link, NavLink, Outlet, useHref, useLocation, useNavigate } from 'react-router-dom'
import { addToListTargetAtom } from '../components/add-to-list'
import { ErrorBoundary } from '../components/error-boundary'
import type { SuggestionsBoxState } from '../features/search/header-suggestions'
import { MaintenanceNotice } from '../components/maintenance-notice'
import { Toaster } from '../components/toast'
import { t, type MessageId } from '../i18n'
import {
  BookmarkIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  FilmIcon,
  GridIcon,
  HistoryIcon,
  HomeIcon,
  KidsIcon,
  ListPlusIcon,
  MenuIcon,
  SearchIcon,
  TvIcon,
} from '../components/icons'
import { FIRST_SCREEN_KEYS, useKeptInput } from '../lib/hydration'
import { paths } from '../lib/paths'
import { useSession } from '../lib/session'
import { useSettleUnsentProgress } from '../lib/settle-unsent-progress'
import { SITE_NAME } from '../lib/use-document-meta'
import { useScrollRestoration } from '../lib/use-scroll-restoration'
import { AccountMenu } from './account-menu'
import { loadAreas } from '../i18n'

interface NavItem {
  label: MessageId
  href: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  needsLogin?: boolean
}

export const sideNav: NavItem[] = [
  { label: 'nav.search', href: paths.search(), icon: SearchIcon },
  { label: 'nav.home', href: paths.home(), icon: HomeIcon },
  { label: 'nav.movies', href: paths.movies(), icon: FilmIcon },
  { label: 'nav.tvShows', href: paths.tvShows(), icon: TvIcon },
  { label: 'nav.kids', href: paths.kids(), icon: KidsIcon },
  { label: 'nav.genres', href: paths.genres(), icon: GridIcon },
  { label: 'nav.watchlist', href: paths.watchlist(), icon: BookmarkIcon, needsLogin: true },
  { label: 'nav.lastWatched', href: paths.lastWatched(), icon: HistoryIcon, needsLogin: true },
  { label: 'nav.myLists', href: paths.myLists(), icon: ListPlusIcon, needsLogin: true },
]

const bottomNav: NavItem[] = [
  { label: 'nav.home', href: paths.home(), icon: HomeIcon },
  { label: 'nav.movies', href: paths.movies(), icon: FilmIcon },
  { label: 'nav.tvShows', href: paths.tvShows(), icon: TvIcon },
  { label: 'nav.search', href: paths.search(), icon: SearchIcon },
  { label: 'nav.watchlist', href: paths.watchlist(), icon: BookmarkIcon, needsLogin: true },
]

// Read on the first render (getOnInit), not after it: a collapsed sidebar read late would
// narrow it under the visitor's eyes and move the whole page sideways.
export const sidebarCollapsedAtom = atomWithStorage(FIRST_SCREEN_KEYS.sidebarCollapsed, false, undefined, { getOnInit: true })
export const mobileMenuOpenAtom = atom(false)
export const MENU_BUTTON_ID = 'open-menu-button'

export function useNavHref() {
  const session = useSession()
  // Signed out, the login page continues to the page the visitor was going to.
  return (item: NavItem) => (item.needsLogin && session === null ? paths.login(item.href) : item.href)
}

/**
 * Whether an item is the page being shown. Judged by the item's own path, not the link's target:
 * signed out, Watchlist and Last Watched lead to /login and must not light up there.
 */
export function useIsCurrent() {
  const { pathname } = useLocation()
  return (item: NavItem) => (item.href === '/' ? pathname === '/' : pathname === item.href || pathname.startsWith(`${item.href}/`))
}

function Sidebar() {
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom)
  const hrefFor = useNavHref()
  const isCurrent = useIsCurrent()
  return (
    <aside
      aria-label={t('nav.mainNavigation')}
      // Below 1280 px the sidebar keeps to its icons, so the page keeps room for readable cards;
      // wider, it shows its labels unless the visitor collapsed it.
      className={`sticky top-0 hidden h-screen shrink-0 flex-col border-e border-neutral-800 bg-neutral-950 transition-[width] lg:flex ${collapsed ? 'w-[4.5rem]' : 'w-[4.5rem] xl:w-60'}`}
    >
      <div className="flex h-16 items-center justify-between px-4">
        {/* Narrow, the mark alone stands for the site; collapsed on a wide screen, the toggle takes its place. */}
        <Link to={paths.home()} className={`flex items-center gap-2 text-lg font-bold ${collapsed ? 'xl:sr-only' : ''}`}>
          <span aria-hidden="true" className="inline-block h-7 w-7 rounded-md bg-brand-600 text-center leading-7">▶</span>
          <span className="sr-only xl:not-sr-only">{SITE_NAME}</span>
        </Link>
        <button
          type="button"
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
          aria-expanded={!collapsed}
          className="hidden rounded-md p-2 text-neutral-400 hover:bg-neutral-800 hover:text-white xl:block"
        >
          {/* Toward the page to expand, toward the screen's edge to collapse: mirrored right to left. */}
          {collapsed ? <ChevronRightIcon className="rtl:-scale-x-100" /> : <ChevronLeftIcon className="rtl:-scale-x-100" />}
        </button>
      </div>
      <nav className="flex-1 overflow-y-auto px-2 py-2">
        <ul className="space-y-1">
          {sideNav.map((item) => (
            <li key={item.href}>
              <Link
                to={hrefFor(item)}
                aria-current={isCurrent(item) ? 'page' : undefined}
                title={t(item.label)}
                className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${isCurrent(item) ? 'bg-brand-600/15 text-brand-400' : 'text-neutral-300 hover:bg-neutral-800 hover:text-white'}`}
              >
                <item.icon className="shrink-0" />
                <span className={collapsed ? 'sr-only' : 'sr-only xl:not-sr-only'}>{t(item.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  )
}

/**
 * The phone's slide-in menu, with the language menu and the site's links: its code is not part of
 * the first page's. It is fetched two seconds after the shell mounts (so the service worker keeps it and the
 * menu opens offline too), or on the first press of the menu button if that comes sooner.
 */
const loadMobileMenu = () => import('./mobile-menu')
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })))

function LateMobileMenu() {
  const open = useAtomValue(mobileMenuOpenAtom)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const later = setTimeout(() => loadMobileMenu().catch(() => undefined), 2000)
    return () => clearTimeout(later)
  }, [])
  useEffect(() => {
    if (open) setWanted(true)
  }, [open])
  if (!wanted && !open) return null
  return (
    <Suspense fallback={null}>
      <MobileMenu />
    </Suspense>
  )
}

/** The suggestions under the top bar's search box: their own chunk, fetched on the box's first focus. */
const HeaderSuggestions = lazy(() => import('../features/search/header-suggestions').then((m) => ({ default: m.HeaderSuggestions })))
const SUGGESTIONS_ID = 'top-search-suggestions'

/**
 * The top bar's search: a combobox that suggests titles and people while typing and opens the
 * search page with what was typed. On phones it sits behind a button and takes the whole bar when
 * opened. /search has its own input, so there the bar shows none: one search box per page.
 *
 * On a page painted from the HTML the box takes text before React does: Enter then sends the form
 * itself, to the results page the worker paints, and what was typed is adopted once React is here.
 */
export function TopSearch() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const resultsPage = useHref(paths.searchResults())
  const [value, setValue] = useState('')
  const [phoneOpen, setPhoneOpen] = useState(false)
  const [focused, setFocused] = useState(false)
  const [box, setBox] = useState<SuggestionsBoxState>({ expanded: false, activeId: undefined })
  const keys = useRef<((e: ReactKeyboardEvent<HTMLInputElement>) => void) | null>(null)
  const input = useRef<HTMLInputElement>(null)
  // The box keeps its text and caret (React writes back the same value), and suggestions follow.
  useKeptInput(input, '', (typed, hasFocus) => {
    setValue(typed)
    setFocused(hasFocus)
  })
  if (pathname === paths.search()) return null
  const letGo = () => {
    setValue('')
    setPhoneOpen(false)
    input.current?.blur()
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    navigate(paths.search(value.trim() || undefined))
    letGo()
  }
  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    // Escape on a closed list closes the phone's search.
    if (e.key === 'Escape' && !box.expanded) setPhoneOpen(false)
    keys.current?.(e)
  }
  return (
    <>
      <button type="button" aria-label={t('nav.search')} className="shrink-0 rounded-md p-1.5 hover:bg-neutral-800 lg:hidden" onClick={() => setPhoneOpen(true)}>
        <SearchIcon />
      </button>
      <form
        role="search"
        aria-label={t('nav.siteSearch')}
        action={resultsPage}
        onSubmit={submit}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (e.currentTarget.contains(e.relatedTarget)) return
          setFocused(false)
          setPhoneOpen(false)
        }}
        className={`${phoneOpen ? 'absolute inset-0 z-10 flex bg-neutral-950 px-3' : 'hidden'} items-center gap-2 text-sm text-neutral-400 lg:relative lg:inset-auto lg:flex lg:w-72 lg:rounded-full lg:border lg:border-neutral-800 lg:bg-neutral-900 lg:px-4 lg:py-2 lg:focus-within:border-neutral-500 lg:hover:border-neutral-600`}
      >
        <SearchIcon width={16} height={16} aria-hidden="true" className="shrink-0" />
        <label htmlFor="top-search" className="sr-only">
          {t('nav.searchPlaceholder')}
        </label>
        <input
          ref={input}
          id="top-search"
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={box.expanded}
          aria-controls={box.expanded ? SUGGESTIONS_ID : undefined}
          aria-activedescendant={box.activeId}
          autoComplete="off"
          // Opened from the phone's button, the box takes the focus at once (the keyboard comes up).
          autoFocus={phoneOpen}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('nav.searchPlaceholder')}
          enterKeyHint="search"
          className="h-10 w-full min-w-0 bg-transparent text-base text-neutral-100 placeholder:text-neutral-400 focus:outline-none lg:h-auto lg:text-sm"
        />
        {(focused || value) && (
          <Suspense fallback={null}>
            <HeaderSuggestions term={value} focused={focused} listId={SUGGESTIONS_ID} keys={keys} onState={setBox} onPicked={letGo} />
          </Suspense>
        )}
      </form>
    </>
  )
}

function TopBar() {
  const [, setOpen] = useAtom(mobileMenuOpenAtom)
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-2 border-b border-neutral-800 bg-neutral-950/90 px-3 backdrop-blur lg:justify-end lg:px-6">
      <button id={MENU_BUTTON_ID} type="button" aria-label={t('nav.openMenu')} className="shrink-0 rounded-md p-2 hover:bg-neutral-800 lg:hidden" onClick={() => setOpen(true)}>
        <MenuIcon />
      </button>
      {/* When a language's Login and Sign Up leave no room for the name, it wraps onto a second,
          clipped line: the mark alone stays, and the link keeps its name. */}
      <Link to={paths.home()} className="flex h-7 min-w-0 flex-wrap items-center gap-x-2 overflow-hidden text-lg leading-7 font-bold lg:hidden">
        <span aria-hidden="true" className="inline-block h-7 w-7 shrink-0 rounded-md bg-brand-600 text-center text-sm leading-7">▶</span>
        <span className="min-w-0 overflow-hidden">{SITE_NAME}</span>
      </Link>
      <div className="flex shrink-0 items-center gap-2 lg:gap-3">
        <TopSearch />
        <AccountMenu />
      </div>
    </header>
  )
}

function BottomBar() {
  const session = useSession()
  const items = bottomNav.filter((item) => !item.needsLogin || session)
  return (
    <nav aria-label={t('nav.quickNavigation')} className="fixed inset-x-0 bottom-0 z-40 border-t border-neutral-800 bg-neutral-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden">
      <ul className="flex">
        {items.map((item) => (
          <li key={item.href} className="min-w-0 flex-1">
            <NavLink
              to={item.href}
              end={item.href === '/'}
              className={({ isActive }) => `flex flex-col items-center gap-0.5 px-0.5 py-2 text-center text-[11px] leading-tight ${isActive ? 'text-brand-400' : 'text-neutral-400'}`}
            >
              <item.icon className="shrink-0" />
              <span className="max-w-full wrap-break-word hyphens-auto">{t(item.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <p className="text-neutral-400">{t('common.loadingDots')}</p>
    </div>
  )
}

const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })))

/** The cookie banner shows only after hydration (the worker cannot know the choice): its code comes then. */
const CookieBanner = lazyPart('cookie-banner', () => import('../components/cookie-banner').then((m) => m.CookieBanner))

/** The footer, below the fold on every page and hidden on phones: its code comes once the page has loaded. */
function LateFooter() {
  // Never on the first render, which must match the worker's HTML where it painted the page.
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (loaded) return
    const done = () => setLoaded(true)
    if (document.readyState === 'complete') return done()
    window.addEventListener('load', done, { once: true })
    return () => window.removeEventListener('load', done)
  }, [loaded])
  if (!loaded) return null
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  )
}

/** The Add to list dialog's code and words, fetched on the first press of an Add to list button. */
const AddToListDialog = lazy(() =>
  Promise.all([import('../features/lists/add-to-list-dialog'), loadAreas(['mylists'])]).then(([m]) => ({ default: m.AddToListDialog })),
)

function AddToListHost() {
  const target = useAtomValue(addToListTargetAtom)
  // Once opened it stays mounted (closed), so the next press opens it without a frame's wait.
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (target) setWanted(true)
  }, [target])
  if (!wanted && !target) return null
  return (
    <Suspense fallback={null}>
      <AddToListDialog />
    </Suspense>
  )
}

export function Layout() {
  useScrollRestoration()
  useSettleUnsentProgress()
  const { pathname } = useLocation()
  return (
    <div className="flex min-h-screen">
      <a href="#main" className="sr-only z-[200] rounded bg-brand-600 px-4 py-2 focus:not-sr-only focus:fixed focus:start-2 focus:top-2">
        {t('nav.skipToContent')}
      </a>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <MaintenanceNotice />
        <LateMobileMenu />
        {/* At least a screen tall, so the footer starts below the fold and a page replacing its
            loading frame never moves it on screen. */}
        <main id="main" tabIndex={-1} className="min-h-screen flex-1 pb-20 lg:pb-0">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <LateFooter />
      </div>
      <BottomBar />
      <AddToListHost />
      <Toaster />
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </div>
  )
}

/**
 * Every route of SPEC.md's route table, each page its own lazily loaded chunk. A page module
 * exports `Component`. Declarative routes (BrowserRouter) rather than the data router keep
 * about 16 KB gzip of loader and action machinery, which no page uses, out of the entry chunk.
 */
import { use, type ComponentType } from 'react'
import { BrowserRouter, matchPath, Route, Routes } from 'react-router-dom'
import { sharedImport } from '../lib/shared-import'
import { areasOfModule, type PageArea } from '../i18n/areas'
import { loadAreas } from '../i18n'
import { Layout } from './layout'

interface LazyPage {
  (): React.ReactNode
  preload: () => Promise<void>
}

/**
 * A page loaded on first use. Unlike React.lazy, a page whose code is already here (preloaded
 * because the worker announced it in the HTML) renders at once, without a fallback frame.
 */
function page(load: () => Promise<{ Component: ComponentType }>, areas: readonly PageArea[] = []): LazyPage {
  let Loaded: ComponentType | null = null
  // The page's own words (areas.ts) come with its code.
  const preload = sharedImport(() =>
    Promise.all([load(), loadAreas(areas)]).then(([m]) => {
      Loaded = m.Component
    }),
  )
  const Page = () => {
    if (!Loaded) use(preload())
    const Component = Loaded
    return Component ? <Component /> : null
  }
  Page.preload = preload
  return Page
}

const HomePage = page(() => import('../features/home/home-page'))
const MoviesPage = page(() => import('../features/browse/movies-page'))
const BrowseAllPage = page(() => import('../features/browse/browse-all-page'), areasOfModule('features/browse/browse-all-page'))
const MoviePage = page(() => import('../features/title/movie-page'), areasOfModule('features/title/movie-page'))
const PersonPage = page(() => import('../features/person/person-page'), areasOfModule('features/person/person-page'))
const TvShowsPage = page(() => import('../features/browse/tv-shows-page'))
const TvPage = page(() => import('../features/title/tv-page'), areasOfModule('features/title/tv-page'))
const KidsPage = page(() => import('../features/browse/kids-page'))
const GenresPage = page(() => import('../features/browse/genres-page'))
const GenrePage = page(() => import('../features/browse/genre-page'))
const WatchlistPage = page(() => import('../features/lists/watchlist-page'))
const LastWatchedPage = page(() => import('../features/lists/last-watched-page'))
const CalendarPage = page(() => import('../features/calendar/calendar-page'), areasOfModule('features/calendar/calendar-page'))
const SearchPage = page(() => import('../features/search/search-page'))
const SearchResultsPage = page(() => import('../features/search/search-results-page'))
const TopImdbPage = page(() => import('../features/browse/top-imdb-page'))
const FaqPage = page(() => import('../features/static/faq-page'), areasOfModule('features/static/faq-page'))
const ContactPage = page(() => import('../features/static/contact-page'), areasOfModule('features/static/contact-page'))
const AboutUsPage = page(() => import('../features/static/about-us-page'), areasOfModule('features/static/about-us-page'))
const TermsPage = page(() => import('../features/static/terms-page'), areasOfModule('features/static/terms-page'))
const PrivacyPage = page(() => import('../features/static/privacy-page'), areasOfModule('features/static/privacy-page'))
const DmcaPage = page(() => import('../features/static/dmca-page'), areasOfModule('features/static/dmca-page'))
const LoginPage = page(() => import('../features/account/login-page'), areasOfModule('features/account/login-page'))
const RegisterPage = page(() => import('../features/account/register-page'), areasOfModule('features/account/register-page'))
const ForgotPasswordPage = page(() => import('../features/account/forgot-password-page'), areasOfModule('features/account/forgot-password-page'))
const AdminInvitePage = page(() => import('../features/account/admin-invite-page'), areasOfModule('features/account/admin-invite-page'))
const ResetPasswordPage = page(() => import('../features/account/reset-password-page'), areasOfModule('features/account/reset-password-page'))
const TwoFactorPage = page(() => import('../features/account/two-factor-page'), areasOfModule('features/account/two-factor-page'))
const ProfilePage = page(() => import('../features/account/profile-page'), areasOfModule('features/account/profile-page'))
const ProfilesPage = page(() => import('../features/profiles/profiles-page'), areasOfModule('features/profiles/profiles-page'))
const ImportPage = page(() => import('../features/account/import-page'), areasOfModule('features/account/import-page'))
const MyListsPage = page(() => import('../features/lists/my-lists-page'), areasOfModule('features/lists/my-lists-page'))
const ListPage = page(() => import('../features/lists/list-page'), areasOfModule('features/lists/list-page'))
const PartyPage = page(() => import('../features/party/party-page'), areasOfModule('features/party/party-page'))
const AdminPage = page(() => import('../features/admin/admin-page'), areasOfModule('features/admin/admin-page'))
const NotFoundPage = page(() => import('./not-found-page'))

/**
 * Every address and its page, in the order the router tries them. The worker keeps the same list
 * (worker/seo/app-routes.ts, checked by router.test.ts) to preload each page's code and to answer
 * other addresses with a 404.
 */
export const routeTable: readonly (readonly [string, LazyPage])[] = [
  ['/', HomePage],
  ['/movies', MoviesPage],
  ['/movies/all', BrowseAllPage],
  ['/movie/:id', MoviePage],
  ['/tv-shows', TvShowsPage],
  ['/tv-shows/all', BrowseAllPage],
  ['/tv/:id', TvPage],
  ['/person/:id', PersonPage],
  ['/kids', KidsPage],
  ['/genres', GenresPage],
  ['/genre/:id', GenrePage],
  ['/watchlist', WatchlistPage],
  ['/last-watched', LastWatchedPage],
  ['/calendar', CalendarPage],
  ['/search', SearchPage],
  ['/search-results', SearchResultsPage],
  ['/top-imdb', TopImdbPage],
  ['/browse/:list', BrowseAllPage],
  ['/faq', FaqPage],
  ['/contact', ContactPage],
  ['/about-us', AboutUsPage],
  ['/terms', TermsPage],
  ['/privacy', PrivacyPage],
  ['/dmca', DmcaPage],
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
  ['/admin-invite', AdminInvitePage],
  ['/two-factor', TwoFactorPage],
  ['/profile', ProfilePage],
  ['/profiles/*', ProfilesPage],
  ['/import', ImportPage],
  ['/lists', MyListsPage],
  ['/list/:slug', ListPage],
  ['/party/:code', PartyPage],
  ['/admin/*', AdminPage],
]

/** Pages whose first screen prints dates: a session's last use, an episode's air date, a calendar's days. */
const DATED_PAGES = new Set<LazyPage>([ProfilePage, TvPage, CalendarPage])

/** The page of `pathname`: its not-found page when it has none. */
export function pageOf(pathname: string): LazyPage {
  return routeTable.find(([path]) => matchPath(path, pathname))?.[1] ?? NotFoundPage
}

/** Whether `page` prints dates as it draws (web/main.tsx loads their data ahead). */
export function printsDates(page: LazyPage): boolean {
  return DATED_PAGES.has(page)
}

/** Every page inside the layout; the browser's router or the worker's (web/ssr.tsx) holds it. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {routeTable.map(([path, Page]) =>
          path === '/' ? <Route key={path} index element={<Page />} /> : <Route key={path} path={path.slice(1)} element={<Page />} />,
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}

/** The router; `basename` is the address prefix of the page's language ('' for English). */
export function AppRouter({ basename = '' }: { basename?: string }) {
  return (
    <BrowserRouter basename={basename || undefined}>
      <AppRoutes />
    </BrowserRouter>
  )
}

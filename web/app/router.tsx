/**
 * Every route of SPEC.md's route table, each page its own lazily loaded chunk. A page module
 * exports `Component`. Declarative routes (BrowserRouter) rather than the data router keep
 * about 16 KB gzip of loader and action machinery, which no page uses, out of the entry chunk.
 */
import { use, type ComponentType } from 'react'
import { BrowserRouter, matchPath, Route, Routes } from 'react-router-dom'
import { sharedImport } from '../lib/shared-import'
import { Layout } from './layout'

interface LazyPage {
  (): React.ReactNode
  preload: () => Promise<void>
}

/**
 * A page loaded on first use. Unlike React.lazy, a page whose code is already here (preloaded
 * because the worker announced it in the HTML) renders at once, without a fallback frame.
 */
function page(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let Loaded: ComponentType | null = null
  const preload = sharedImport(() =>
    load().then((m) => {
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
const MoviePage = page(() => import('../features/title/movie-page'))
const TvShowsPage = page(() => import('../features/browse/tv-shows-page'))
const TvPage = page(() => import('../features/title/tv-page'))
const KidsPage = page(() => import('../features/browse/kids-page'))
const GenresPage = page(() => import('../features/browse/genres-page'))
const GenrePage = page(() => import('../features/browse/genre-page'))
const WatchlistPage = page(() => import('../features/lists/watchlist-page'))
const LastWatchedPage = page(() => import('../features/lists/last-watched-page'))
const SearchPage = page(() => import('../features/search/search-page'))
const SearchResultsPage = page(() => import('../features/search/search-results-page'))
const TopImdbPage = page(() => import('../features/browse/top-imdb-page'))
const FaqPage = page(() => import('../features/static/faq-page'))
const ContactPage = page(() => import('../features/static/contact-page'))
const AboutUsPage = page(() => import('../features/static/about-us-page'))
const TermsPage = page(() => import('../features/static/terms-page'))
const PrivacyPage = page(() => import('../features/static/privacy-page'))
const DmcaPage = page(() => import('../features/static/dmca-page'))
const LoginPage = page(() => import('../features/account/login-page'))
const RegisterPage = page(() => import('../features/account/register-page'))
const ProfilePage = page(() => import('../features/account/profile-page'))
const AdminPage = page(() => import('../features/admin/admin-page'))
const NotFoundPage = page(() => import('./not-found-page'))

/** Paths whose page the worker preloads (routes/app-pages.ts), in the router's own syntax. */
const preloadable: [string, LazyPage][] = [
  ['/', HomePage],
  ['/movies', MoviesPage],
  ['/tv-shows', TvShowsPage],
  ['/kids', KidsPage],
  ['/genres', GenresPage],
  ['/movie/:id', MoviePage],
  ['/tv/:id', TvPage],
]

/** Loads the page of `pathname` ahead of the first render, when it is one the worker preloads. */
export function preloadPage(pathname: string): Promise<void> {
  const match = preloadable.find(([path]) => matchPath(path, pathname))
  return match ? match[1].preload() : Promise.resolve()
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="movies" element={<MoviesPage />} />
          <Route path="movie/:id" element={<MoviePage />} />
          <Route path="tv-shows" element={<TvShowsPage />} />
          <Route path="tv/:id" element={<TvPage />} />
          <Route path="kids" element={<KidsPage />} />
          <Route path="genres" element={<GenresPage />} />
          <Route path="genre/:id" element={<GenrePage />} />
          <Route path="watchlist" element={<WatchlistPage />} />
          <Route path="last-watched" element={<LastWatchedPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="search-results" element={<SearchResultsPage />} />
          <Route path="top-imdb" element={<TopImdbPage />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="about-us" element={<AboutUsPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="dmca" element={<DmcaPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="admin/*" element={<AdminPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  )
}

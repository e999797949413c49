/**
 * The web app's routes as the worker knows them: each address pattern (react-router syntax, as in
 * web/app/router.tsx, which a web test keeps in step) and the page module under web/ that draws
 * it. The worker answers a known address with the app and its page's code preloaded, and any other
 * address with the app's not-found page and a 404, so search engines never index a soft 404.
 */
export interface AppRoute {
  path: string
  module: string
}

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', module: 'features/home/home-page' },
  { path: '/movies', module: 'features/browse/movies-page' },
  { path: '/movies/all', module: 'features/browse/browse-all-page' },
  { path: '/movie/:id', module: 'features/title/movie-page' },
  { path: '/tv-shows', module: 'features/browse/tv-shows-page' },
  { path: '/tv-shows/all', module: 'features/browse/browse-all-page' },
  { path: '/tv/:id', module: 'features/title/tv-page' },
  { path: '/person/:id', module: 'features/person/person-page' },
  { path: '/kids', module: 'features/browse/kids-page' },
  { path: '/genres', module: 'features/browse/genres-page' },
  { path: '/genre/:id', module: 'features/browse/genre-page' },
  { path: '/watchlist', module: 'features/lists/watchlist-page' },
  { path: '/last-watched', module: 'features/lists/last-watched-page' },
  { path: '/calendar', module: 'features/calendar/calendar-page' },
  { path: '/search', module: 'features/search/search-page' },
  { path: '/search-results', module: 'features/search/search-results-page' },
  { path: '/top-imdb', module: 'features/browse/top-imdb-page' },
  { path: '/browse/:list', module: 'features/browse/browse-all-page' },
  { path: '/faq', module: 'features/static/faq-page' },
  { path: '/contact', module: 'features/static/contact-page' },
  { path: '/about-us', module: 'features/static/about-us-page' },
  { path: '/terms', module: 'features/static/terms-page' },
  { path: '/privacy', module: 'features/static/privacy-page' },
  { path: '/dmca', module: 'features/static/dmca-page' },
  { path: '/login', module: 'features/account/login-page' },
  { path: '/register', module: 'features/account/register-page' },
  { path: '/forgot-password', module: 'features/account/forgot-password-page' },
  { path: '/reset-password', module: 'features/account/reset-password-page' },
  { path: '/admin-invite', module: 'features/account/admin-invite-page' },
  { path: '/two-factor', module: 'features/account/two-factor-page' },
  { path: '/profile', module: 'features/account/profile-page' },
  { path: '/profiles/*', module: 'features/profiles/profiles-page' },
  { path: '/import', module: 'features/account/import-page' },
  { path: '/lists', module: 'features/lists/my-lists-page' },
  { path: '/list/:slug', module: 'features/lists/list-page' },
  { path: '/party/:code', module: 'features/party/party-page' },
  { path: '/admin/*', module: 'features/admin/admin-page' },
]

/** The page module drawing the not-found page. */
export const NOT_FOUND_MODULE = 'app/not-found-page'

export interface RouteMatch {
  route: AppRoute
  params: Record<string, string>
}

/** The route an address belongs to, with its parameters; `:name` is one segment, `*` the rest. */
export function matchAppRoute(pathname: string): RouteMatch | null {
  const segments = pathname.replace(/\/+$/, '').split('/').filter(Boolean)
  for (const route of APP_ROUTES) {
    const pattern = route.path.split('/').filter(Boolean)
    const params: Record<string, string> = {}
    let matched = true
    for (let i = 0; i < pattern.length; i += 1) {
      const part = pattern[i] as string
      if (part === '*') {
        params['*'] = segments.slice(i).join('/')
        break
      }
      const segment = segments[i]
      if (segment === undefined) {
        matched = false
        break
      }
      if (part.startsWith(':')) params[part.slice(1)] = segment
      else if (part !== segment) matched = false
      if (!matched) break
    }
    if (!matched) continue
    if (!pattern.includes('*') && segments.length !== pattern.length) continue
    return { route, params }
  }
  return null
}

export function moduleOf(path: string): string {
  const route = APP_ROUTES.find((r) => r.path === path)
  if (!route) throw new Error(`no app route ${path}`)
  return route.module
}

/** Every route's href in one place (SPEC.md section 2, route table). */
import type { ContentType } from '../../drizzle/schema'

export const paths = {
  home: () => '/',
  movies: () => '/movies',
  movie: (id: number | string) => `/movie/${id}`,
  tvShows: (service?: string) => (service ? `/tv-shows?service=${encodeURIComponent(service)}` : '/tv-shows'),
  tv: (id: number | string) => `/tv/${id}`,
  /** One episode of a show: its page, opened at that season and episode. */
  episode: (id: number | string, season: number, episode: number) => `/tv/${id}?season=${season}&episode=${episode}`,
  person: (id: number | string) => `/person/${id}`,
  title: (type: ContentType, id: number | string) => (type === 'movie' ? `/movie/${id}` : `/tv/${id}`),
  kids: () => '/kids',
  genres: () => '/genres',
  genre: (id: number | string) => `/genre/${id}`,
  watchlist: () => '/watchlist',
  lastWatched: () => '/last-watched',
  calendar: () => '/calendar',
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  /** Every result for `q`; without it, the page itself (a form's action, which adds `?q=`). */
  searchResults: (q?: string) => (q === undefined ? '/search-results' : `/search-results?q=${encodeURIComponent(q)}`),
  topImdb: () => '/top-imdb',
  faq: () => '/faq',
  contact: () => '/contact',
  aboutUs: () => '/about-us',
  terms: () => '/terms',
  privacy: () => '/privacy',
  dmca: () => '/dmca',
  /** The login page; `next` is where to continue once signed in. */
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  /** The sign-up page; `next` is where to continue once signed up (and so signed in). */
  register: (next?: string) => (next ? `/register?next=${encodeURIComponent(next)}` : '/register'),
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  twoFactor: (next?: string) => (next ? `/two-factor?next=${encodeURIComponent(next)}` : '/two-factor'),
  profile: () => '/profile',
  /** "Who's watching?": the account's profiles to choose from. */
  profiles: () => '/profiles',
  manageProfiles: () => '/profiles/manage',
  importData: () => '/import',
  myLists: () => '/lists',
  list: (slug: string) => `/list/${slug}`,
  admin: () => '/admin',
  /** A watch-together room. */
  party: (code: string) => `/party/${encodeURIComponent(code)}`,
  sitemap: () => '/sitemap.xml',
  /** `unnamed`: an episode a spoiler-safe viewer has not reached, shared by its number only. */
  share: (type: ContentType, id: number | string, at?: { season: number; episode: number; unnamed?: boolean } | null) =>
    at ? `/share/${type}/${id}?season=${at.season}&episode=${at.episode}${at.unnamed ? '&unnamed=1' : ''}` : `/share/${type}/${id}`,
} as const

/**
 * The catalogue's business rules (SPEC.md section 5), written once for both providers: the
 * embedded provider turns these thresholds, word lists and windows into SQL; the TMDB provider
 * turns them into query parameters and applies the predicates below to what TMDB answers (TMDB
 * cannot filter names, overviews or release windows itself).
 */
import { MOVIE_GENRES } from './genre-map'
import type { Genre, ListItem, MediaType } from './types'

export { MOVIE_GENRES }

export const PAGE_SIZE = 20
export const MAX_PAGE = 500
/** The longest search term, after trimming, the catalogue search takes. */
export const SEARCH_TERM_MAX = 100
export const TOP_RATED_MIN_VOTES = 1000
export const BROWSE_MOVIE_MIN_VOTES = 100
export const KDRAMA_MIN_VOTES = 100
export const KIDS_MIN_RATING = 6
export const UPCOMING_WINDOW_DAYS = 31
export const NOW_PLAYING_WINDOW_DAYS = 42

/** TMDB's TV genres; ids shared with films (18 Drama, 35 Comedy, ...) mean the same genre. */
export const TV_GENRES: Genre[] = [
  { id: 10759, name: 'Action & Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 10762, name: 'Kids' },
  { id: 9648, name: 'Mystery' },
  { id: 10763, name: 'News' },
  { id: 10764, name: 'Reality' },
  { id: 10765, name: 'Sci-Fi & Fantasy' },
  { id: 10766, name: 'Soap' },
  { id: 10767, name: 'Talk' },
  { id: 10768, name: 'War & Politics' },
  { id: 37, name: 'Western' },
]

export const MOVIE_GENRE_IDS = new Set(MOVIE_GENRES.map((g) => g.id))
export const TV_GENRE_IDS = new Set(TV_GENRES.map((g) => g.id))

/**
 * Film genres with no TV genre of their own map onto TMDB's combined TV genres, so /genre/28
 * (Action) can show action series too.
 */
const MOVIE_TO_TV_GENRE: Record<number, number> = { 28: 10759, 12: 10759, 878: 10765, 14: 10765, 10752: 10768 }

export function tvGenreFor(genreId: number): number {
  return MOVIE_TO_TV_GENRE[genreId] ?? genreId
}

/**
 * The streaming services of the TV page's platform filter and of "my services", in SPEC.md's order
 * (section 9 names each by its main TMDB watch provider id). TMDB lists a service's plans and the
 * channels it sells inside other stores as providers of their own (Peacock's titles stream under
 * 387 "Peacock Premium", not 386; Netflix has a plan with ads), so a service is the group of every
 * provider id that is it: the filter asks TMDB for all of them, and a provider of any of them counts
 * as the service on Where to Watch and on cards.
 */
export const STREAMING_SERVICES = [
  { slug: 'netflix', id: 8, name: 'Netflix', providers: [8, 1796, 175] },
  { slug: 'disney-plus', id: 337, name: 'Disney+', providers: [337] },
  { slug: 'prime', id: 9, name: 'Prime Video', providers: [9, 119, 2100] },
  { slug: 'apple-tv', id: 350, name: 'Apple TV+', providers: [350, 2243] },
  { slug: 'paramount-plus', id: 531, name: 'Paramount+', providers: [531, 582, 633, 1853, 2303, 2616] },
  { slug: 'peacock', id: 386, name: 'Peacock', providers: [386, 387] },
  { slug: 'crunchyroll', id: 283, name: 'Crunchyroll', providers: [283, 1968] },
] as const

/** The TV page's platform filter, slug -> the service's main watch provider id (0 all, -1 K-Drama). */
export const SERVICES = {
  all: 0,
  ...Object.fromEntries(STREAMING_SERVICES.map((s) => [s.slug, s.id])),
  'k-drama': -1,
} as { all: 0; 'k-drama': -1 } & { [S in (typeof STREAMING_SERVICES)[number] as S['slug']]: S['id'] }
export type ServiceSlug = keyof typeof SERVICES
export const SERVICE_SLUGS = ['all', ...STREAMING_SERVICES.map((s) => s.slug), 'k-drama'] as [ServiceSlug, ...ServiceSlug[]]
/** The services' main ids: what the filter, "my services" and the API take to name a service. */
export const WATCH_PROVIDER_IDS = new Set<number>(STREAMING_SERVICES.map((s) => s.id))
/** The services' names, by main watch provider id. */
export const SERVICE_NAMES: Record<number, string> = Object.fromEntries(STREAMING_SERVICES.map((s) => [s.id, s.name]))

const SERVICE_OF_PROVIDER = new Map<number, number>(STREAMING_SERVICES.flatMap((s) => s.providers.map((p) => [p, s.id] as [number, number])))

/** The service (its main id) a TMDB watch provider belongs to, or null for one of no service of ours. */
export function serviceOfProvider(providerId: number | null | undefined): number | null {
  return providerId == null ? null : (SERVICE_OF_PROVIDER.get(providerId) ?? null)
}

/** Every provider id of the services named by their main ids, each once: what TMDB is asked for. */
export function providerIdsOf(services: readonly number[]): number[] {
  const ids = services.flatMap((id) => STREAMING_SERVICES.find((s) => s.id === id)?.providers ?? [id])
  return [...new Set(ids)]
}

export type Preset = 'kids' | 'kdrama'

export interface DiscoverFilters {
  /** Genre ids; `genreMode` 'all' needs every genre (TMDB's comma), 'any' one of them (TMDB's pipe). */
  genres?: number[]
  genreMode?: 'all' | 'any'
  language?: string
  watchProviders?: number[]
  voteAverageGte?: number
  voteCountGte?: number
  preset?: Preset
  /** Series still airing ('week') or with a broadcast slot today ('today'); TV only. */
  airing?: 'week' | 'today'
  sortBy?: SortOrder
  /** First release (films) or first air date (series) within these days, YYYY-MM-DD, both ends kept. */
  releasedFrom?: string
  releasedTo?: string
  /** Running time in minutes (a series' episode runtime), both ends kept. */
  runtimeGte?: number
  runtimeLte?: number
  /** A film's US certification, exactly (FILTER_CERTIFICATIONS); films only. */
  certification?: string
}

/** The orders a grid can be sorted in: TMDB's discover sort_by, spelt for each media type. */
export type SortOrder = 'popularity' | 'vote_average' | 'newest' | 'oldest' | 'title'
export const SORT_ORDERS: Record<MediaType, Record<string, SortOrder>> = {
  movie: { 'popularity.desc': 'popularity', 'vote_average.desc': 'vote_average', 'primary_release_date.desc': 'newest', 'primary_release_date.asc': 'oldest', 'title.asc': 'title' },
  tv: { 'popularity.desc': 'popularity', 'vote_average.desc': 'vote_average', 'first_air_date.desc': 'newest', 'first_air_date.asc': 'oldest', 'name.asc': 'title' },
}

/** TMDB's sort_by for an order and media type. */
export function sortParam(type: MediaType, order: SortOrder): string {
  return Object.entries(SORT_ORDERS[type]).find(([, o]) => o === order)?.[0] ?? 'popularity.desc'
}

/** The release-date parameters TMDB's discover takes for each media type. */
export const RELEASE_DATE_PARAM = { movie: 'primary_release_date', tv: 'first_air_date' } as const satisfies Record<MediaType, string>

/**
 * Sorted by rating, a title needs this many votes unless the caller asks for another floor: a
 * film rated 10 by two people is not the best film there is.
 */
export const RATING_SORT_MIN_VOTES = 100

/** The US film certifications the certification filter offers (TMDB's discover/tv has no such filter). */
export const FILTER_CERTIFICATIONS = ['G', 'PG', 'PG-13', 'R', 'NC-17'] as const

/** The longest running time a filter may name, in minutes. */
export const MAX_RUNTIME = 600

/** The filters as a provider applies them: the rating sort's vote floor added where none was asked for. */
export function effectiveFilters(filters: DiscoverFilters): DiscoverFilters {
  return filters.sortBy === 'vote_average' && filters.voteCountGte === undefined ? { ...filters, voteCountGte: RATING_SORT_MIN_VOTES } : filters
}

/** Words that keep a title out of the K-Drama row when its name or overview contains them (any case). */
export const KDRAMA_EXCLUDED_WORDS = ['animated', 'anime', 'cartoon', '3d animation', 'stop motion'] as const
const KDRAMA_EXCLUDED = new RegExp(KDRAMA_EXCLUDED_WORDS.join('|'), 'i')

export function titleOf(item: Pick<ListItem, 'title' | 'name'>): string {
  return item.title ?? item.name ?? ''
}

export function isKDrama(item: ListItem): boolean {
  return (
    item.original_language === 'ko' &&
    item.vote_count >= KDRAMA_MIN_VOTES &&
    !KDRAMA_EXCLUDED.test(titleOf(item)) &&
    !KDRAMA_EXCLUDED.test(item.overview)
  )
}

/** Genres never shown on the kids page (Horror, Thriller). */
export const KIDS_EXCLUDED_GENRES = [27, 53] as const

/**
 * The US certifications a kids row accepts: films rated G or PG, series rated TV-Y, TV-Y7, TV-G
 * or TV-PG. A title without a certification is never a kids title.
 */
export const KIDS_CERTIFICATIONS = {
  movie: ['G', 'PG'],
  tv: ['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG'],
} as const satisfies Record<MediaType, readonly string[]>

/**
 * Children's ratings by country, as TMDB spells each country's certifications (its
 * /certification/movie/list and /certification/tv/list): general audiences and parental guidance,
 * nothing above. A country not listed here is judged by its US rating.
 */
export const KIDS_CERTIFICATIONS_BY_REGION: Record<string, Record<MediaType, readonly string[]>> = {
  US: KIDS_CERTIFICATIONS,
  GB: { movie: ['U', 'PG'], tv: ['U', 'PG'] },
  IE: { movie: ['G', 'PG'], tv: ['G', 'PG'] },
  CA: { movie: ['G', 'PG'], tv: ['C', 'C8', 'G', 'PG'] },
  AU: { movie: ['G', 'PG'], tv: ['P', 'C', 'G', 'PG'] },
  NZ: { movie: ['G', 'PG'], tv: ['G', 'PGR'] },
  DE: { movie: ['0', '6'], tv: ['0', '6'] },
  BR: { movie: ['L', '10'], tv: ['L', '10'] },
}

/** The country whose ratings decide a kids row in `region`: itself when its ratings are known, else the US. */
export function kidsRatingRegion(region: string): string {
  return region in KIDS_CERTIFICATIONS_BY_REGION ? region : 'US'
}

/** Whether a rating of `country` is a children's rating there. */
export function isKidsRating(type: MediaType, country: string, rating: string | null | undefined): boolean {
  return !!rating && (KIDS_CERTIFICATIONS_BY_REGION[country]?.[type] ?? []).includes(rating)
}

/**
 * Whether a title's own certification (its details', in the catalogue's region) is a children's
 * rating in any country listed: no rating of one country's children's set means more elsewhere.
 */
export function isKidsCertification(type: MediaType, rating: string | null | undefined): boolean {
  return !!rating && Object.values(KIDS_CERTIFICATIONS_BY_REGION).some((ratings) => ratings[type].includes(rating))
}

/**
 * TMDB's Kids TV genre. TMDB's discover/tv has no certification filter, so with TMDB a kids row of
 * series needs this genre instead; the embedded catalogue checks the series' own certification.
 */
export const KIDS_TV_GENRE = 10762

/** SPEC.md's kids rule on a list item: rated 6 or more, no adult titles, no horror or thriller. */
export function isKidsSafe(item: ListItem): boolean {
  if (item.adult) return false
  if (item.vote_average < KIDS_MIN_RATING) return false
  return !item.genre_ids.some((id) => (KIDS_EXCLUDED_GENRES as readonly number[]).includes(id))
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Upcoming: a release date after `today` and no later than one month ahead. */
export function isUpcoming(item: ListItem, today: string): boolean {
  const date = item.release_date
  return !!date && date > today && date <= addDays(today, UPCOMING_WINDOW_DAYS)
}

export function isTopRated(item: ListItem): boolean {
  return item.vote_count >= TOP_RATED_MIN_VOTES
}

export function byVoteAverage(a: ListItem, b: ListItem): number {
  return b.vote_average - a.vote_average || b.vote_count - a.vote_count
}

export function isSearchable(item: { media_type?: string }): item is ListItem {
  return item.media_type === 'movie' || item.media_type === 'tv'
}

/** '#' or A-Z: does the title start with that letter (any non-letter start for '#')? */
function startsWithLetter(title: string, letter: string): boolean {
  const first = title.trim().charAt(0).toUpperCase()
  const isLetter = first >= 'A' && first <= 'Z'
  return letter === '#' ? !isLetter : first === letter
}

export function passesBrowse(item: ListItem, letter: string): boolean {
  if (!startsWithLetter(titleOf(item), letter)) return false
  return item.media_type !== 'movie' || item.vote_count >= BROWSE_MOVIE_MIN_VOTES
}

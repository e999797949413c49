/**
 * Page compositions: every row of the home, movies, TV, kids and genres pages (SPEC.md section 2)
 * in one answer, with the hero's five titles already carrying their details. Rows are described
 * once here as provider calls, so both providers compose the same pages. A composed page is
 * cached in KV (and briefly in the isolate) because it is the most requested answer of all.
 */
import { type Precompressed, precompress } from '../lib/precompressed'
import { type CachedEntry, FRESH_SECONDS, pageCacheKey, servableSeconds } from '../cache'
import type { Bindings } from '../env'
import { sharedAnswer } from '../lib/single-flight'
import { registerIsolateMemo } from '../lib/isolate-memo'
import { DEFAULT_LOCALE, type Locale } from '../lib/locales'
import { GENRE_MESSAGE_IDS, type GenreMessageId } from './genre-map'
import { type CatalogueTextId, catalogueText, genreText } from './messages'
import { publicListView } from '../accounts/public-lists'
import { type CustomRow, type PageLayout, type RowTitles, type TitleRef } from './layout-schema'
import { publishedLayout } from './layouts'
import { type CatalogProvider, type ListName, titleDetails } from './provider'
import { byVoteAverage, type DiscoverFilters, isKidsCertification, isKidsSafe, MOVIE_GENRES, PAGE_SIZE, SERVICE_NAMES, SERVICES, type ServiceSlug, sortParam, TOP_RATED_MIN_VOTES } from './rules'
import type { CardItem, HeroItem, ListItem, MediaType, MovieDetails, PageComposition, Row, ServiceNarrowing, TvDetails } from './types'

export const PAGE_NAMES = ['home', 'movies', 'tv', 'kids', 'genres'] as const
export type PageName = (typeof PAGE_NAMES)[number]
/** The pages with an "On my services" switch. */
export const NARROWABLE_PAGES = ['home', 'movies', 'tv'] as const satisfies readonly PageName[]

type RowSource =
  | { kind: 'list'; list: ListName }
  | { kind: 'discover'; type: MediaType; filters: DiscoverFilters }
  | { kind: 'top-rated-mixed' }
  /** Films and series together, each discovered with the same filters, merged in the filters' order. */
  | { kind: 'discover-mixed'; filters: DiscoverFilters }
  /** An administrator's rows (worker/catalog/layout-schema.ts): hand-picked titles, a public list's, a search's. */
  | { kind: 'titles'; refs: TitleRef[] }
  | { kind: 'public-list'; slug: string }
  | { kind: 'search'; query: string; type?: MediaType }

/**
 * What a row that depends on "now" says when the catalogue's clock is not live: a message given
 * the snapshot's month and year ("May 2010") as `asOf`, shown under the row's title.
 */
type ClockNote = CatalogueTextId

/** A row's title: a genre's name or a message of the catalogue area (with its values). */
type RowTitle = GenreMessageId | CatalogueTextId

interface RowSpec {
  key: string
  /** The built-in title; an administrator's row has only `titles`. */
  title?: RowTitle
  titleValues?: Record<string, string>
  /** The administrator's titles per language, over the built-in one. */
  titles?: RowTitles
  source: RowSource
  note?: ClockNote
  /** An administrator's row: left out when it has no titles (a list made private, a search that finds nothing). */
  custom?: true
}

const HERO_SIZE = 5
const HERO_GENRES = 3
const HERO_CAST = 3
const MEMO_MS = 60_000
/** Part of the cache key: compositions of an older shape (rows of full list items, rows without notes or See all) are never served. */
const SHAPE = 'cards-notes-notice-providers-seeall'

/**
 * The embedded catalogue's films stop at its snapshot date, so "now playing", "coming soon",
 * "popular" and "trending" are as of that date; its series are a hand-compiled list whose
 * "still running" is as of its compilation, with no broadcast schedule at all.
 */
const CLOCK_NOTES = {
  films: 'catalogue.noteFilms',
  upcoming: 'catalogue.noteUpcoming',
  mixed: 'catalogue.noteMixed',
  seriesTrend: 'catalogue.noteSeriesTrend',
  onTheAir: 'catalogue.noteOnTheAir',
  airingToday: 'catalogue.noteAiringToday',
} satisfies Record<string, ClockNote>

const list = (key: string, title: RowTitle, name: ListName, note?: ClockNote): RowSpec => ({ key, title, source: { kind: 'list', list: name }, ...(note && { note }) })
const movieGenre = (key: string, title: RowTitle, genre: number, extra: DiscoverFilters = {}): RowSpec => ({
  key,
  title,
  source: { kind: 'discover', type: 'movie', filters: { genres: [genre], ...extra } },
})
const tvDiscover = (key: string, title: RowTitle, filters: DiscoverFilters, note?: ClockNote): RowSpec => ({
  key,
  title,
  source: { kind: 'discover', type: 'tv', filters },
  ...(note && { note }),
})

const HOME_ROWS: RowSpec[] = [
  list('trending', 'catalogue.rowTrendingNow', 'trending-all', CLOCK_NOTES.mixed),
  list('popular-movies', 'catalogue.rowPopularMovies', 'movie-popular', CLOCK_NOTES.films),
  { key: 'top-rated', title: 'catalogue.rowTopRated', source: { kind: 'top-rated-mixed' } },
  list('now-playing', 'catalogue.rowNowPlaying', 'movie-now-playing', CLOCK_NOTES.films),
  list('coming-soon', 'catalogue.rowComingSoon', 'movie-upcoming', CLOCK_NOTES.upcoming),
  movieGenre('action', 'genres.action', 28),
  movieGenre('comedy', 'genres.comedy', 35),
  movieGenre('drama', 'genres.drama', 18),
  movieGenre('horror', 'genres.horror', 27),
  movieGenre('documentary', 'genres.documentary', 99),
  movieGenre('animation', 'genres.animation', 16),
  movieGenre('family', 'genres.family', 10751),
  list('popular-tv', 'catalogue.rowPopularTv', 'tv-popular'),
  list('top-rated-tv', 'catalogue.rowTopRatedTv', 'tv-top-rated'),
  list('on-the-air', 'catalogue.rowOnTheAir', 'tv-on-the-air', CLOCK_NOTES.onTheAir),
  list('trending-tv', 'catalogue.rowTrendingTv', 'trending-tv', CLOCK_NOTES.seriesTrend),
  list('trending-movies', 'catalogue.rowTrendingMovies', 'trending-movie', CLOCK_NOTES.films),
]

const MOVIE_ROWS: RowSpec[] = [
  list('popular', 'catalogue.rowPopularMovies', 'movie-popular', CLOCK_NOTES.films),
  list('top-rated', 'catalogue.rowTopRatedMovies', 'movie-top-rated'),
  list('now-playing', 'catalogue.rowNowPlaying', 'movie-now-playing', CLOCK_NOTES.films),
  list('coming-soon', 'catalogue.rowComingSoon', 'movie-upcoming', CLOCK_NOTES.upcoming),
  movieGenre('action', 'genres.action', 28),
  movieGenre('comedy', 'genres.comedy', 35),
  movieGenre('drama', 'genres.drama', 18),
  movieGenre('horror', 'genres.horror', 27),
  movieGenre('thriller', 'genres.thriller', 53),
  movieGenre('romance', 'genres.romance', 10749),
  movieGenre('sci-fi', 'catalogue.rowSciFi', 878),
]

/** What a platform of the TV page narrows its discovered rows to. */
function tvScope(service: ServiceSlug): DiscoverFilters {
  const providerId = SERVICES[service]
  return service === 'k-drama' ? { preset: 'kdrama' } : providerId > 0 ? { watchProviders: [providerId] } : {}
}

function tvRows(service: ServiceSlug): RowSpec[] {
  const providerId = SERVICES[service]
  const scope = tvScope(service)
  const unfiltered = service === 'all'
  return [
    unfiltered ? list('popular', 'catalogue.rowPopularTv', 'tv-popular') : tvDiscover('popular', 'catalogue.rowPopularTv', scope),
    unfiltered ? list('top-rated', 'catalogue.rowTopRatedTv', 'tv-top-rated') : tvDiscover('top-rated', 'catalogue.rowTopRatedTv', { ...scope, voteCountGte: 1000, sortBy: 'vote_average' }),
    unfiltered ? list('on-the-air', 'catalogue.rowOnTheAir', 'tv-on-the-air', CLOCK_NOTES.onTheAir) : tvDiscover('on-the-air', 'catalogue.rowOnTheAir', { ...scope, airing: 'week' }, CLOCK_NOTES.onTheAir),
    unfiltered
      ? list('airing-today', 'catalogue.rowAiringToday', 'tv-airing-today', CLOCK_NOTES.airingToday)
      : tvDiscover('airing-today', 'catalogue.rowAiringToday', { ...scope, airing: 'today' }, CLOCK_NOTES.airingToday),
    tvDiscover('drama', 'genres.drama', { ...scope, genres: [18] }),
    tvDiscover('comedy', 'genres.comedy', { ...scope, genres: [35] }),
    tvDiscover('action-adventure', 'genres.actionAdventure', { ...scope, genres: [10759] }),
    tvDiscover('crime', 'genres.crime', { ...scope, genres: [80] }),
    tvDiscover('mystery', 'genres.mystery', { ...scope, genres: [9648] }),
    tvDiscover('k-drama', 'catalogue.rowKDrama', { ...scope, preset: 'kdrama' }),
    // A platform narrows films too, where the catalogue knows where films stream (TMDB).
    ...(providerId > 0
      ? [{ key: 'platform-movies', title: 'catalogue.rowPlatformMovies', titleValues: { service: SERVICE_NAMES[providerId] ?? '' }, source: { kind: 'discover', type: 'movie', filters: { watchProviders: [providerId] } } } satisfies RowSpec]
      : []),
  ]
}

/**
 * The narrowed form of a list: the same kind of titles, discovered on the services and ordered the
 * same way. Trending becomes popular on the services (no catalogue ranks trends per service).
 * "Now playing" and "Coming soon" are cinema releases, on no streaming service yet: narrowed, they
 * are left out.
 */
function narrowedList(list: ListName, on: number[]): RowSource | null {
  const watchProviders = on
  const topRated: DiscoverFilters = { watchProviders, voteCountGte: TOP_RATED_MIN_VOTES, sortBy: 'vote_average' }
  switch (list) {
    case 'trending-all':
      return { kind: 'discover-mixed', filters: { watchProviders } }
    case 'trending-movie':
    case 'movie-popular':
      return { kind: 'discover', type: 'movie', filters: { watchProviders } }
    case 'movie-top-rated':
      return { kind: 'discover', type: 'movie', filters: topRated }
    case 'movie-now-playing':
    case 'movie-upcoming':
      return null
    case 'trending-tv':
    case 'tv-popular':
      return { kind: 'discover', type: 'tv', filters: { watchProviders } }
    case 'tv-top-rated':
      return { kind: 'discover', type: 'tv', filters: topRated }
    case 'tv-on-the-air':
      return { kind: 'discover', type: 'tv', filters: { watchProviders, airing: 'week' } }
    case 'tv-airing-today':
      return { kind: 'discover', type: 'tv', filters: { watchProviders, airing: 'today' } }
  }
}

/** Every row of a page narrowed to titles on the visitor's services; rows that cannot be are left out. */
function narrowedRows(specs: RowSpec[], on: number[]): RowSpec[] {
  return specs.flatMap((spec): RowSpec[] => {
    const narrowed = narrowedSource(spec.source, on)
    return narrowed ? [{ ...spec, source: narrowed }] : []
  })
}

/** Hand-picked titles, a list's and a search's are no one service's: narrowed, they are left out. */
function narrowedSource(source: RowSource, on: number[]): RowSource | null {
  switch (source.kind) {
    case 'list':
      return narrowedList(source.list, on)
    case 'top-rated-mixed':
      return { kind: 'discover-mixed', filters: { watchProviders: on, voteCountGte: TOP_RATED_MIN_VOTES, sortBy: 'vote_average' } }
    case 'discover':
    case 'discover-mixed':
      return { ...source, filters: { ...source.filters, watchProviders: on } }
    case 'titles':
    case 'public-list':
    case 'search':
      return null
  }
}

/**
 * A narrowed row in a catalogue that knows no film's services: a row of films is left out, a row
 * of films and series keeps its series.
 */
function seriesOnly(spec: RowSpec): RowSpec[] {
  const { source } = spec
  if (source.kind === 'discover' && source.type === 'movie') return []
  // Its note spoke of films too: it goes; the series left are ranked by the catalogue's own figures.
  if (source.kind === 'discover-mixed') {
    const { note: _aboutFilms, ...rest } = spec
    return [{ ...rest, source: { kind: 'discover', type: 'tv', filters: source.filters } }]
  }
  return [spec]
}

/** Said on a page narrowed to the visitor's services when the catalogue cannot narrow its films. */
const NO_FILM_SERVICES_NOTICE: CatalogueTextId = 'catalogue.noticeNoFilmServices'

/** Said on the TV page under a platform when the films row cannot be filled. */
const NO_FILM_PLATFORMS_NOTICE: CatalogueTextId = 'catalogue.noticeNoFilmPlatforms'

const KIDS_ROWS: RowSpec[] = [
  movieGenre('family', 'genres.family', 10751, { preset: 'kids' }),
  movieGenre('animated', 'catalogue.rowAnimated', 16, { preset: 'kids' }),
  tvDiscover('educational', 'catalogue.rowEducationalTv', { genres: [10762, 99], genreMode: 'any', preset: 'kids' }),
  movieGenre('adventure', 'genres.adventure', 12, { preset: 'kids' }),
  movieGenre('comedy', 'genres.comedy', 35, { preset: 'kids' }),
  movieGenre('fantasy', 'genres.fantasy', 14, { preset: 'kids' }),
]

const GENRE_ROWS: RowSpec[] = MOVIE_GENRES.map((g) => movieGenre(`genre-${g.id}`, GENRE_MESSAGE_IDS[g.id as keyof typeof GENRE_MESSAGE_IDS], g.id))

function builtInRows(page: PageName, service: ServiceSlug): { rows: RowSpec[]; hero: RowSpec } {
  switch (page) {
    case 'home':
      return { rows: HOME_ROWS, hero: HOME_ROWS[0] as RowSpec }
    case 'movies':
      return { rows: MOVIE_ROWS, hero: MOVIE_ROWS[0] as RowSpec }
    case 'tv': {
      const rows = tvRows(service)
      return { rows, hero: rows[0] as RowSpec }
    }
    case 'kids':
      return { rows: KIDS_ROWS, hero: KIDS_ROWS[0] as RowSpec }
    case 'genres':
      return { rows: GENRE_ROWS, hero: list('popular', 'catalogue.rowPopularMovies', 'movie-popular') }
  }
}

/** The keys of a page's built-in rows, in their order. */
export function builtInKeys(page: PageName): string[] {
  return builtInRows(page, 'all').rows.map((spec) => spec.key)
}

/** A page's built-in rows as the dashboard's editor lists them: each key and its title in `locale`. */
export function builtInRowsOf(page: PageName, locale: Locale): { key: string; title: string }[] {
  return builtInRows(page, 'all').rows.map((spec) => ({ key: spec.key, title: rowTitle(locale, spec) }))
}

/** An administrator's row as the page composes it; on the Kids page a genre's titles follow the kids rule, on a TV platform its scope. */
function customSpec(page: PageName, service: ServiceSlug, row: CustomRow): RowSpec | null {
  const base = { key: row.key, titles: row.titles, custom: true } as const
  const scope: DiscoverFilters = page === 'kids' ? { preset: 'kids' } : page === 'tv' ? tvScope(service) : {}
  switch (row.kind) {
    case 'genre':
      return { ...base, source: { kind: 'discover', type: row.type, filters: { genres: [row.genre], ...scope } } }
    // A platform's TV page shows only what it can narrow to the platform.
    case 'picks':
      return service === 'all' ? { ...base, source: { kind: 'titles', refs: row.items } } : null
    case 'list':
      return service === 'all' ? { ...base, source: { kind: 'public-list', slug: row.slug } } : null
    case 'search':
      return service === 'all' ? { ...base, source: { kind: 'search', query: row.query, ...(row.type && { type: row.type }) } } : null
  }
}

/**
 * A page's rows under its layout: the layout's rows in its order (a built-in row it leaves out is
 * not shown), then any built-in row the layout could not name (a platform's films on the TV page).
 * The hero is the layout's picks or else, as without a layout, the first row's first titles.
 */
function rowsFor(page: PageName, service: ServiceSlug, layout: PageLayout | null): { rows: RowSpec[]; hero: RowSpec | TitleRef[] } {
  const plain = builtInRows(page, service)
  if (!layout) return plain
  const named = new Set(builtInKeys(page))
  const byKey = new Map(plain.rows.map((spec) => [spec.key, spec]))
  const rows = layout.rows.flatMap((row): RowSpec[] => {
    if (row.kind !== 'built-in') {
      const spec = customSpec(page, service, row)
      return spec ? [spec] : []
    }
    const spec = byKey.get(row.key)
    return spec ? [{ ...spec, ...(row.titles && { titles: row.titles }) }] : []
  })
  rows.push(...plain.rows.filter((spec) => !named.has(spec.key)))
  if (rows.length === 0) return plain
  return { rows, hero: layout.hero.length > 0 ? layout.hero : (rows[0] as RowSpec) }
}

/** "2010-05-31" -> "May 2010" in English, "mayo de 2010" in Spanish, "2010年5月" in Japanese. */
function monthAndYear(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))
}

function rowTitle(locale: Locale, spec: RowSpec): string {
  const own = spec.titles?.[locale]
  if (own) return own
  if (!spec.title) return spec.titles?.en ?? ''
  return spec.title.startsWith('genres.') ? genreText(locale, spec.title as GenreMessageId) : catalogueText(locale, spec.title as CatalogueTextId, spec.titleValues)
}

/** The API path a row came from, so a "see more" link can page through it; none for an administrator's titles. */
function sourcePath(source: RowSource): string | undefined {
  if (source.kind === 'titles' || source.kind === 'public-list' || source.kind === 'search') return undefined
  if (source.kind === 'list') return `/api/catalog/lists/${source.list}`
  if (source.kind === 'top-rated-mixed') return '/api/catalog/top-rated/movie'
  const type = source.kind === 'discover' ? source.type : 'movie'
  const params = new URLSearchParams()
  const f = source.filters
  if (f.genres?.length) params.set('with_genres', f.genres.join(f.genreMode === 'any' ? '|' : ','))
  if (f.language) params.set('with_original_language', f.language)
  if (f.watchProviders?.length) params.set('with_watch_providers', f.watchProviders.join('|'))
  if (f.voteCountGte !== undefined) params.set('vote_count.gte', String(f.voteCountGte))
  if (f.preset) params.set('preset', f.preset)
  if (f.airing) params.set('airing', f.airing)
  if (f.sortBy && f.sortBy !== 'popularity') params.set('sort_by', sortParam(type, f.sortBy))
  const query = params.toString()
  return `/api/catalog/discover/${type}${query ? `?${query}` : ''}`
}

/**
 * Where a row's "See all" leads in the web app (web/lib/grid-filters.ts reads these addresses): a
 * fixed list to its own grid, the mixed top rated row to Top IMDB, a discover row to the sortable,
 * filterable grid of its media type with the row's own filters, so it shows the row's titles.
 */
function seeAllPath(source: RowSource, narrowing: ServiceNarrowing | null): string | undefined {
  if (source.kind === 'titles') return undefined
  if (source.kind === 'public-list') return `/list/${encodeURIComponent(source.slug)}`
  if (source.kind === 'search') return `/search-results?q=${encodeURIComponent(source.query)}`
  if (source.kind === 'list') return `/browse/${source.list}`
  if (source.kind === 'top-rated-mixed') return '/top-imdb'
  const type = source.kind === 'discover' ? source.type : 'movie'
  const f = source.filters
  const params = new URLSearchParams()
  if (f.genres?.length) params.set('genre', f.genres.join(f.genreMode === 'any' ? '|' : ','))
  if (f.sortBy && f.sortBy !== 'popularity') params.set('sort', f.sortBy === 'vote_average' ? 'rating' : f.sortBy)
  if (f.language) params.set('lang', f.language)
  if (f.watchProviders?.length) {
    params.set('services', f.watchProviders.join(','))
    if (narrowing) params.set('region', narrowing.region)
  }
  if (f.preset) params.set('preset', f.preset)
  if (f.voteCountGte !== undefined) params.set('votes', String(f.voteCountGte))
  if (f.airing) params.set('airing', f.airing)
  const query = params.toString()
  return `${type === 'movie' ? '/movies/all' : '/tv-shows/all'}${query ? `?${query}` : ''}`
}

/** What composing a page may need besides the catalogue: a public list's titles, and whether the kids rule holds. */
interface ComposeContext {
  listTitles: (slug: string) => Promise<TitleRef[]>
  kids: boolean
}

/** A title's details as a list item. */
function listItemOf(details: MovieDetails | TvDetails): ListItem {
  const { id, media_type, overview, poster_path, backdrop_path, vote_average, vote_count, popularity, original_language, adult } = details
  const item: ListItem = { id, media_type, overview, poster_path, backdrop_path, vote_average, vote_count, popularity, original_language, genre_ids: details.genres.map((g) => g.id), ...(adult !== undefined && { adult }) }
  return details.media_type === 'movie' ? { ...item, title: details.title, release_date: details.release_date } : { ...item, name: details.name, first_air_date: details.first_air_date }
}

/** SPEC.md's kids rule with the title's certification, as the Kids page's own rows apply it. */
export function forKids(details: MovieDetails | TvDetails): boolean {
  return isKidsSafe(listItemOf(details)) && isKidsCertification(details.media_type, details.certification)
}

/** Titles named by type and id, in that order; a title the catalogue does not have (or, for kids, one not for them) is left out. */
async function titleItems(provider: CatalogProvider, refs: TitleRef[], kids: boolean): Promise<ListItem[]> {
  const found = await Promise.all(refs.slice(0, PAGE_SIZE).map((ref) => titleDetails(provider, ref.type, ref.id)))
  return found.flatMap((details) => (details && (!kids || forKids(details)) ? [listItemOf(details)] : []))
}

async function itemsFor(provider: CatalogProvider, source: RowSource, context: ComposeContext): Promise<ListItem[]> {
  if (source.kind === 'titles') return titleItems(provider, source.refs, context.kids)
  if (source.kind === 'public-list') return titleItems(provider, await context.listTitles(source.slug), context.kids)
  if (source.kind === 'search') {
    const found = (await provider.search(source.query, 1, { people: false })).results.filter((item) => !source.type || item.media_type === source.type)
    // Search results carry no certification: for kids, each title's details decide.
    return context.kids ? titleItems(provider, found.map((item) => ({ type: item.media_type, id: item.id })), true) : found
  }
  if (source.kind === 'list') return (await provider.list(source.list, 1)).results
  if (source.kind === 'discover') return (await provider.discover(source.type, source.filters, 1)).results
  if (source.kind === 'discover-mixed') {
    const [movies, shows] = await Promise.all([provider.discover('movie', source.filters, 1), provider.discover('tv', source.filters, 1)])
    const order = source.filters.sortBy === 'vote_average' ? byVoteAverage : byPopularity
    return [...movies.results, ...shows.results].sort(order).slice(0, PAGE_SIZE)
  }
  const [movies, shows] = await Promise.all([provider.topRated('movie', 1), provider.topRated('tv', 1)])
  return [...movies.results, ...shows.results].sort(byVoteAverage).slice(0, PAGE_SIZE)
}

function byPopularity(a: ListItem, b: ListItem): number {
  return b.popularity - a.popularity
}

/** A row's title as its card shows it; fields a list item lacks stay absent rather than null. */
export function cardItem(item: ListItem, services?: Map<number, number[]>): CardItem {
  const card: CardItem = { id: item.id, media_type: item.media_type, poster_path: item.poster_path, vote_average: item.vote_average }
  const providers = item.media_type === 'tv' ? services?.get(item.id) : undefined
  if (providers?.length) card.providers = providers
  if (item.title !== undefined) card.title = item.title
  if (item.name !== undefined) card.name = item.name
  if (item.release_date !== undefined) card.release_date = item.release_date
  if (item.first_air_date !== undefined) card.first_air_date = item.first_air_date
  return card
}

async function heroItem(provider: CatalogProvider, item: ListItem): Promise<HeroItem> {
  const base: HeroItem = {
    id: item.id,
    mediaType: item.media_type,
    title: item.title ?? item.name ?? '',
    overview: item.overview,
    backdropPath: item.backdrop_path,
    posterPath: item.poster_path,
    voteAverage: item.vote_average,
    releaseDate: item.release_date ?? item.first_air_date ?? '',
    genres: [],
    cast: [],
    runtime: null,
  }
  try {
    const details = item.media_type === 'movie' ? await provider.movie(item.id) : await provider.tv(item.id)
    return {
      ...base,
      overview: details.overview || base.overview,
      genres: details.genres.slice(0, HERO_GENRES).map((g) => g.name),
      cast: details.credits.cast.slice(0, HERO_CAST).map((c) => c.name),
      runtime: details.media_type === 'movie' ? details.runtime : (details.episode_run_time[0] ?? null),
      certification: details.certification ?? null,
    }
  } catch {
    // A slide without details still shows its title, backdrop and overview.
    return base
  }
}

/**
 * Composes a page. A row whose call fails is answered empty rather than failing the page (and
 * `complete` is false, so the page is not cached); only when every row fails is the error raised.
 * Narrowed to the visitor's services, every row becomes its narrowed form, rows left empty are
 * dropped and the hero is the first row's first titles. With a layout, its rows in its order and
 * its hero's picks (worker/catalog/layout-schema.ts).
 */
async function composePage(
  provider: CatalogProvider,
  page: PageName,
  service: ServiceSlug,
  narrowing: ServiceNarrowing | null,
  layout: PageLayout | null,
  context: ComposeContext,
): Promise<{ composition: PageComposition; complete: boolean }> {
  const locale = provider.locale
  const plain = rowsFor(page, service, layout)
  const narrowed = narrowing && narrowedRows(plain.rows, narrowing.on)
  // The embedded catalogue knows no film's services: where the page has films, they are left out, and it says so.
  const filmsUnknown = narrowed !== null && provider.name === 'embedded' && narrowed.some((spec) => seriesOnly(spec)[0] !== spec)
  const specs = narrowed ? (filmsUnknown ? narrowed.flatMap(seriesOnly) : narrowed) : plain.rows
  // Narrowed, the hero comes from the rows themselves (the first one left with titles).
  const hero = narrowed ? null : plain.hero
  const heroSpec = hero && !Array.isArray(hero) ? hero : null
  const heroIndex = heroSpec ? specs.indexOf(heroSpec) : -1
  const sources = specs.map((s) => s.source)
  if (hero && heroIndex < 0) sources.push(heroSpec ? heroSpec.source : { kind: 'titles', refs: hero as TitleRef[] })
  const settled = await Promise.allSettled(sources.map((source) => itemsFor(provider, source, context)))
  const failures = settled.filter((r) => r.status === 'rejected')
  if (failures.length && failures.length === settled.length) throw (failures[0] as PromiseRejectedResult).reason
  const items = settled.map((r) => (r.status === 'fulfilled' ? r.value : []))
  const tvIds = items.flatMap((list) => list.filter((item) => item.media_type === 'tv').map((item) => item.id))
  const [snapshot, services] = await Promise.all([provider.snapshotDate(), provider.servicesOf(tvIds).catch(() => new Map<number, number[]>())])
  const asOf = snapshot ? monthAndYear(snapshot, locale) : null
  const rows: Row[] = specs.flatMap((spec, index) => {
    const cards = (items[index] ?? []).map((item) => cardItem(item, services))
    // A platform filter leaves some rows empty (no crime series on Crunchyroll), an administrator's
    // row can find nothing: those are left out.
    if (cards.length === 0 && (service !== 'all' || narrowing || spec.custom)) return []
    const source = sourcePath(spec.source)
    const seeAll = seeAllPath(spec.source, narrowing)
    return [{ key: spec.key, title: rowTitle(locale, spec), ...(asOf && spec.note && { note: catalogueText(locale, spec.note, { asOf }) }), ...(source && { source }), ...(seeAll && { seeAll }), items: cards }]
  })
  const heroList = hero ? items[heroIndex >= 0 ? heroIndex : specs.length] : items.slice(0, specs.length).find((list) => list.length > 0)
  const heroItems = (heroList ?? []).slice(0, HERO_SIZE)
  // The embedded catalogue has no streaming data for films: say so instead of an empty films row.
  const filmsUnfiltered = page === 'tv' && SERVICES[service] > 0 && provider.name === 'embedded'
  const notice = filmsUnknown ? catalogueText(locale, NO_FILM_SERVICES_NOTICE) : filmsUnfiltered ? catalogueText(locale, NO_FILM_PLATFORMS_NOTICE) : undefined
  const composition: PageComposition = {
    hero: await Promise.all(heroItems.map((item) => heroItem(provider, item))),
    rows: filmsUnfiltered ? rows.filter((row) => row.key !== 'platform-movies') : rows,
    ...(notice && { notice }),
    ...(narrowing && { narrowedTo: narrowing }),
  }
  return { composition, complete: failures.length === 0 }
}

/** Where composed pages are kept (KV), who may remake one (a lease per page), and where public lists are read. */
export type PageStore = Pick<Bindings, 'CACHE' | 'SINGLE_FLIGHT' | 'DB'>

function composeContext(store: PageStore, page: PageName, waitUntil: (promise: Promise<unknown>) => void): ComposeContext {
  return {
    kids: page === 'kids',
    listTitles: async (slug) => ((await publicListView(store, slug, waitUntil))?.items ?? []).map((item) => ({ type: item.content_type, id: item.content_id })),
  }
}

/** A page under a layout that is not published (the dashboard's preview): composed for this request, kept nowhere. */
export async function composedWithLayout(store: PageStore, provider: CatalogProvider, page: PageName, layout: PageLayout | null, waitUntil: (promise: Promise<unknown>) => void): Promise<PageComposition> {
  return (await composePage(provider, page, 'all', null, layout, composeContext(store, page, waitUntil))).composition
}

async function pageBody(composition: PageComposition): Promise<Precompressed> {
  return precompress(JSON.stringify(composition))
}

/** The home page is large (about 180 kB of JSON), so it is serialized and compressed once, not per request. */
const memo = new Map<string, { body: Precompressed; until: number }>()
registerIsolateMemo(() => memo.clear())

/** A stale page is kept this long before the isolate looks again whether a newer one is in KV. */
const STALE_MEMO_MS = 10_000

/**
 * A composed page from the isolate memo, then KV, then composed anew. `version` names the data
 * (the embedded catalogue's hash), so loading new data never serves an old page. The page is in
 * `locale` (the provider's own language by default); memo and KV keep each language (and, with
 * TMDB, each region) apart. A page older than its freshness is served as it is while one worker,
 * whichever isolate it runs in, composes it again (lib/single-flight.ts); a page not in KV at all
 * is composed by one worker while the others wait for it.
 */
export async function cachedPage(
  store: PageStore,
  catalog: CatalogProvider,
  version: string,
  page: PageName,
  service: ServiceSlug,
  waitUntil: (promise: Promise<unknown>) => void,
  locale: Locale = catalog.locale,
  narrowing: ServiceNarrowing | null = null,
): Promise<Precompressed> {
  const provider = locale === catalog.locale ? catalog : catalog.inLocale(locale)
  // English keeps the key it always had; every other language (and TMDB's region) adds its scope.
  const scope = provider.scope === DEFAULT_LOCALE ? '' : `:${provider.scope}`
  // A narrowed page is kept per set of services and region (the region decides TMDB's answer).
  const variant = narrowing ? `on-${narrowing.on.join('.')}-${narrowing.region}` : service
  // A published layout names its version in the key: publishing one composes the page anew.
  const published = await publishedLayout(store.CACHE, page)
  const key = pageCacheKey(`${provider.name}:${version}:${SHAPE}${scope}`, published ? `${page}@${published.version}` : page, variant)
  const hit = memo.get(key)
  if (hit && hit.until > Date.now()) return hit.body
  const freshMs = FRESH_SECONDS.page * 1000
  const remember = async (entry: CachedEntry<PageComposition>): Promise<Precompressed> => {
    const body = await pageBody(entry.data)
    const freshUntil = entry.fetchedAt + freshMs
    memo.set(key, { body, until: freshUntil > Date.now() ? Math.min(Date.now() + MEMO_MS, freshUntil) : Date.now() + STALE_MEMO_MS })
    return body
  }
  let made: Precompressed | null = null
  const entry = await sharedAnswer<PageComposition>({
    kv: store.CACHE,
    flights: store.SINGLE_FLIGHT,
    key,
    freshMs,
    servableMs: servableSeconds('page') * 1000,
    ttlSeconds: servableSeconds('page'),
    waitUntil,
    renewed: async (renewed) => {
      await remember(renewed)
    },
    make: async () => {
      const { composition, complete } = await composePage(provider, page, service, narrowing, published?.layout ?? null, composeContext(store, page, waitUntil))
      // An incomplete page (a row failed) is served but kept nowhere, not even in the memo.
      if (!complete) made = await pageBody(composition)
      return { value: composition, keep: complete }
    },
  })
  return made ?? (await remember(entry))
}

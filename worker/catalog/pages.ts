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
import type { CatalogProvider, ListName } from './provider'
import { byVoteAverage, type DiscoverFilters, MOVIE_GENRES, PAGE_SIZE, SERVICE_NAMES, SERVICES, type ServiceSlug, sortParam, TOP_RATED_MIN_VOTES } from './rules'
import type { CardItem, HeroItem, ListItem, MediaType, PageComposition, Row, ServiceNarrowing } from './types'

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

/**
 * What a row that depends on "now" says when the catalogue's clock is not live: a message given
 * the snapshot's month and year ("May 2010") as `asOf`, shown under the row's title.
 */
type ClockNote = CatalogueTextId

/** A row's title: a genre's name or a message of the catalogue area (with its values). */
type RowTitle = GenreMessageId | CatalogueTextId

interface RowSpec {
  key: string
  title: RowTitle
  titleValues?: Record<string, string>
  source: RowSource
  note?: ClockNote
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

function tvRows(service: ServiceSlug): RowSpec[] {
  const providerId = SERVICES[service]
  const scope: DiscoverFilters = service === 'k-drama' ? { preset: 'kdrama' } : providerId > 0 ? { watchProviders: [providerId] } : {}
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
    const { source } = spec
    const narrowed: RowSource | null =
      source.kind === 'list'
        ? narrowedList(source.list, on)
        : source.kind === 'top-rated-mixed'
          ? { kind: 'discover-mixed', filters: { watchProviders: on, voteCountGte: TOP_RATED_MIN_VOTES, sortBy: 'vote_average' } }
          : { ...source, filters: { ...source.filters, watchProviders: on } }
    return narrowed ? [{ ...spec, source: narrowed }] : []
  })
}

/**
 * A narrowed row in a catalogue that knows no film's services: a row of films is left out, a row
 * of films and series keeps its series.
 */
function seriesOnly(spec: RowSpec): RowSpec[] {
  const { source } = spec
  if (source.kind === 'discover' && source.type === 'movie') return []
  // Its note spoke of films too; the series left are ranked by the catalogue's own figures.
  if (source.kind === 'discover-mixed') return [{ key: spec.key, title: spec.title, ...(spec.titleValues && { titleValues: spec.titleValues }), source: { kind: 'discover', type: 'tv', filters: source.filters } }]
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

function rowsFor(page: PageName, service: ServiceSlug): { rows: RowSpec[]; hero: RowSpec } {
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

/** "2010-05-31" -> "May 2010" in English, "mayo de 2010" in Spanish, "2010年5月" in Japanese. */
function monthAndYear(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))
}

function rowTitle(locale: Locale, spec: RowSpec): string {
  return spec.title.startsWith('genres.') ? genreText(locale, spec.title as GenreMessageId) : catalogueText(locale, spec.title as CatalogueTextId, spec.titleValues)
}

/** The API path a row came from, so a "see more" link can page through it. */
function sourcePath(source: RowSource): string {
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
function seeAllPath(source: RowSource, narrowing: ServiceNarrowing | null): string {
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

async function itemsFor(provider: CatalogProvider, source: RowSource): Promise<ListItem[]> {
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
 * dropped and the hero is the first row's first titles.
 */
async function composePage(
  provider: CatalogProvider,
  page: PageName,
  service: ServiceSlug,
  narrowing: ServiceNarrowing | null,
): Promise<{ composition: PageComposition; complete: boolean }> {
  const locale = provider.locale
  const plain = rowsFor(page, service)
  const narrowed = narrowing && narrowedRows(plain.rows, narrowing.on)
  // The embedded catalogue knows no film's services: where the page has films, they are left out, and it says so.
  const filmsUnknown = narrowed !== null && provider.name === 'embedded' && narrowed.some((spec) => seriesOnly(spec)[0] !== spec)
  const specs = narrowed ? (filmsUnknown ? narrowed.flatMap(seriesOnly) : narrowed) : plain.rows
  // Narrowed, the hero comes from the rows themselves (the first one left with titles).
  const hero = narrowed ? null : plain.hero
  const heroIndex = hero ? specs.indexOf(hero) : -1
  const sources = hero && heroIndex < 0 ? [...specs.map((s) => s.source), hero.source] : specs.map((s) => s.source)
  const settled = await Promise.allSettled(sources.map((source) => itemsFor(provider, source)))
  const failures = settled.filter((r) => r.status === 'rejected')
  if (failures.length && failures.length === settled.length) throw (failures[0] as PromiseRejectedResult).reason
  const items = settled.map((r) => (r.status === 'fulfilled' ? r.value : []))
  const tvIds = items.flatMap((list) => list.filter((item) => item.media_type === 'tv').map((item) => item.id))
  const [snapshot, services] = await Promise.all([provider.snapshotDate(), provider.servicesOf(tvIds).catch(() => new Map<number, number[]>())])
  const asOf = snapshot ? monthAndYear(snapshot, locale) : null
  const rows: Row[] = specs
    .map((spec, index) => ({
      key: spec.key,
      title: rowTitle(locale, spec),
      ...(asOf && spec.note && { note: catalogueText(locale, spec.note, { asOf }) }),
      source: sourcePath(spec.source),
      seeAll: seeAllPath(spec.source, narrowing),
      items: (items[index] ?? []).map((item) => cardItem(item, services)),
    }))
    // A platform filter leaves some rows empty (no crime series on Crunchyroll); those are left out.
    .filter((row) => (service === 'all' && !narrowing) || row.items.length > 0)
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

async function pageBody(composition: PageComposition): Promise<Precompressed> {
  return precompress(JSON.stringify(composition))
}

/** The home page is large (about 180 kB of JSON), so it is serialized and compressed once, not per request. */
const memo = new Map<string, { body: Precompressed; until: number }>()
registerIsolateMemo(() => memo.clear())

/** A stale page is kept this long before the isolate looks again whether a newer one is in KV. */
const STALE_MEMO_MS = 10_000

/** Where composed pages are kept (KV) and who may remake one (a lease per page). */
export type PageStore = Pick<Bindings, 'CACHE' | 'SINGLE_FLIGHT'>

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
  const key = pageCacheKey(`${provider.name}:${version}:${SHAPE}${scope}`, page, variant)
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
      const { composition, complete } = await composePage(provider, page, service, narrowing)
      // An incomplete page (a row failed) is served but kept nowhere, not even in the memo.
      if (!complete) made = await pageBody(composition)
      return { value: composition, keep: complete }
    },
  })
  return made ?? (await remember(entry))
}

/**
 * The TMDB provider: real calls to TMDB v3 when TMDB_API_KEY or TMDB_READ_TOKEN is set. Every
 * answer is cached in KV (worker/cache.ts) and served fresh, or stale while a background refresh
 * runs (waitUntil), or stale for up to a week when TMDB fails, times out or rate-limits us.
 * Identical calls in flight at once share one upstream request, and every call goes through a
 * per-isolate limiter that keeps within TMDB's rate limit and honours a 429's Retry-After
 * (worker/catalog/tmdb-limiter.ts). Calls go to TMDB_API_BASE (TMDB's own by default). The key
 * only ever travels there: it is not part of cache keys, answers or error messages.
 */
import { type CacheKind, isFresh, isServable, readCached, tmdbCacheKey, writeCached } from '../cache'
import type { Bindings } from '../env'
import { DEFAULT_LOCALE, type Locale } from '../lib/locales'
import { DEFAULT_IMAGE_SIZES } from './image-sizes'
import { genresIn } from './messages'
import { tmdbApiBase } from './tmdb-config'
import { RateLimiter, retryAfterMs, SLOT_LEASE_MS } from './tmdb-limiter'
import { keptCertifications } from './certifications'
import { CatalogNotFoundError, type CatalogProvider, CatalogUnavailableError, type ListName, type TitleKey } from './provider'
import { namesThePerson } from './name-match'
import {
  addDays,
  BROWSE_MOVIE_MIN_VOTES,
  byVoteAverage,
  type DiscoverFilters,
  effectiveFilters,
  RELEASE_DATE_PARAM,
  sortParam,
  isKDrama,
  isKidsRating,
  isKidsSafe,
  isSearchable,
  isTopRated,
  isUpcoming,
  KDRAMA_MIN_VOTES,
  KIDS_CERTIFICATIONS_BY_REGION,
  KIDS_EXCLUDED_GENRES,
  KIDS_MIN_RATING,
  KIDS_TV_GENRE,
  kidsRatingRegion,
  MAX_PAGE,
  PAGE_SIZE,
  MOVIE_GENRES,
  passesBrowse,
  providerIdsOf,
  serviceOfProvider,
  titleOf,
  TOP_RATED_MIN_VOTES,
  tvGenreFor,
} from './rules'
import { neighbourhoodOfDetails } from './recommend'
import type { AiringEpisode, CastMember, CrewMember, DetailsBase, Episode, Genre, ImageSizes, ListItem, MediaType, MovieDetails, Neighbourhood, Paged, PersonCredit, PersonDetails, PersonResult, SearchPage, Season, TvDetails, Video, WatchOptions, WatchProvider } from './types'

const TMDB_TIMEOUT_MS = 4000

/** A 429 is retried after its Retry-After at most twice, and only when TMDB asks for 3 s or less. */
const MAX_RATE_LIMIT_RETRIES = 2
const MAX_RETRY_AFTER_MS = 3000
const DEFAULT_RETRY_AFTER_MS = 1000
/**
 * This isolate's share of TMDB's limit (about 50 requests a second per address, shared by every
 * isolate behind it): 8 calls in flight, 20 a second with bursts of 20 (a composed page asks for
 * about 20 at once).
 */
export const tmdbLimiter = new RateLimiter({ maxConcurrent: 8, perSecond: 20, burst: 20, maxPauseWaitMs: MAX_RETRY_AFTER_MS })

/** Upstream calls in flight in this isolate, by cache key, so a burst of identical misses goes upstream once. */
const inFlight = new Map<string, { call: Promise<unknown>; startedAt: number }>()
/** How long a request waits on a call another request started before making it itself. */
const JOIN_WAIT_MS = 8_000
/** A shared call this old is no longer joined (it may belong to an abandoned request), as a limiter slot is given back. */
const JOIN_LEASE_MS = SLOT_LEASE_MS

type Params = Record<string, string>

interface TmdbPaged {
  page?: number
  results?: Array<Record<string, unknown>>
  total_pages?: number
  total_results?: number
}

/** TMDB's answer to /find: a list per kind of thing the outside id may name. */
interface TmdbFind {
  movie_results?: Array<Record<string, unknown>>
  tv_results?: Array<Record<string, unknown>>
  tv_episode_results?: Array<Record<string, unknown>>
  tv_season_results?: Array<Record<string, unknown>>
  person_results?: Array<Record<string, unknown>>
}

class UpstreamError extends Error {}

function toListItem(raw: Record<string, unknown>, mediaType?: MediaType): ListItem | null {
  const media = (mediaType ?? raw.media_type) as string | undefined
  if (media !== 'movie' && media !== 'tv') return null
  const item: ListItem = {
    id: Number(raw.id),
    media_type: media,
    overview: typeof raw.overview === 'string' ? raw.overview : '',
    poster_path: (raw.poster_path as string | null) ?? null,
    backdrop_path: (raw.backdrop_path as string | null) ?? null,
    vote_average: Number(raw.vote_average ?? 0),
    vote_count: Number(raw.vote_count ?? 0),
    popularity: Number(raw.popularity ?? 0),
    original_language: typeof raw.original_language === 'string' ? raw.original_language : '',
    genre_ids: Array.isArray(raw.genre_ids) ? (raw.genre_ids as number[]) : [],
    adult: raw.adult === true,
  }
  if (media === 'movie') {
    item.title = String(raw.title ?? raw.original_title ?? '')
    item.release_date = typeof raw.release_date === 'string' ? raw.release_date : ''
  } else {
    item.name = String(raw.name ?? raw.original_name ?? '')
    item.first_air_date = typeof raw.first_air_date === 'string' ? raw.first_air_date : ''
  }
  return item
}

/** The people of a multi search page (adult ones dropped), each with up to three titles they are known for. */
function peopleOf(raw: TmdbPaged): PersonResult[] {
  return (raw.results ?? [])
    .filter((r) => r.media_type === 'person' && r.adult !== true)
    .map((r) => ({
      id: Number(r.id ?? 0),
      name: String(r.name ?? ''),
      profile_path: typeof r.profile_path === 'string' ? r.profile_path : null,
      known_for_department: typeof r.known_for_department === 'string' ? r.known_for_department : '',
      known_for: ((r.known_for as Array<Record<string, unknown>> | undefined) ?? [])
        .filter((k) => (k.media_type === 'movie' || k.media_type === 'tv') && k.adult !== true)
        .slice(0, 3)
        .map((k) => ({ id: Number(k.id ?? 0), media_type: k.media_type as MediaType, title: String(k.title ?? k.name ?? '') })),
    }))
    .filter((p) => p.id > 0 && p.name !== '')
    .slice(0, 6)
}

/**
 * The titles the people of a multi search page are known for, as list items, in TMDB's order (adult
 * ones dropped): only of the people the whole term names.
 */
function titlesOfNamedPeople(raw: TmdbPaged, query: string): ListItem[] {
  return (raw.results ?? [])
    .filter((r) => r.media_type === 'person' && r.adult !== true && namesThePerson(query, String(r.name ?? '')))
    .flatMap((r) => (r.known_for as Array<Record<string, unknown>> | undefined) ?? [])
    .map((k) => toListItem(k, undefined))
    .filter((k): k is ListItem => !!k && !k.adult && isSearchable(k))
}

/**
 * A page of list items. Titles TMDB marks adult are dropped everywhere: discover and search are asked
 * with include_adult=false, but trending and the fixed lists take no such parameter and do carry them.
 */
function toPaged(raw: TmdbPaged, mediaType: MediaType | undefined, keep: (item: ListItem) => boolean = () => true): Paged<ListItem> {
  const results = (raw.results ?? []).map((r) => toListItem(r, mediaType)).filter((r): r is ListItem => !!r && !r.adult && keep(r))
  return {
    page: raw.page ?? 1,
    results,
    total_pages: Math.min(MAX_PAGE, raw.total_pages ?? 0),
    total_results: raw.total_results ?? results.length,
  }
}

function credits(raw: unknown): { cast: CastMember[]; crew: CrewMember[] } {
  const source = (raw ?? {}) as { cast?: Array<Record<string, unknown>>; crew?: Array<Record<string, unknown>> }
  return {
    cast: (source.cast ?? []).map((c, index) => ({
      id: Number(c.id),
      name: String(c.name ?? ''),
      character: String(c.character ?? ''),
      profile_path: (c.profile_path as string | null) ?? null,
      order: Number(c.order ?? index),
    })),
    crew: (source.crew ?? []).map((c) => ({
      id: Number(c.id),
      name: String(c.name ?? ''),
      job: String(c.job ?? ''),
      department: String(c.department ?? ''),
      profile_path: (c.profile_path as string | null) ?? null,
    })),
  }
}

/** A combined_credits entry as a filmography credit, or null for an adult title or another kind of entry. */
function personCredit(raw: Record<string, unknown>, role: 'character' | 'job'): PersonCredit | null {
  if (raw.adult === true || (raw.media_type !== 'movie' && raw.media_type !== 'tv')) return null
  const date = String(raw.media_type === 'movie' ? (raw.release_date ?? '') : (raw.first_air_date ?? ''))
  return {
    id: Number(raw.id),
    media_type: raw.media_type,
    title: String(raw.media_type === 'movie' ? (raw.title ?? '') : (raw.name ?? '')),
    year: Number(date.slice(0, 4)) || null,
    poster_path: typeof raw.poster_path === 'string' ? raw.poster_path : null,
    vote_average: Number(raw.vote_average ?? 0),
    vote_count: Number(raw.vote_count ?? 0),
    popularity: Number(raw.popularity ?? 0),
    [role]: String(raw[role] ?? ''),
  }
}

function videos(raw: unknown): { results: Video[] } {
  const list = ((raw ?? {}) as { results?: Array<Record<string, unknown>> }).results ?? []
  return {
    results: list.map((v) => ({
      id: String(v.id ?? ''),
      key: String(v.key ?? ''),
      name: String(v.name ?? ''),
      site: String(v.site ?? ''),
      type: String(v.type ?? ''),
      official: v.official === true,
    })),
  }
}

/** A title's rating in one country, and which country it is. */
interface Rating {
  rating: string
  country: string
}

/** Release types in the order their certification is preferred: theatrical, limited, premiere, digital, physical, TV. */
const RELEASE_TYPE_ORDER = [3, 2, 1, 4, 5, 6]

/**
 * A film's rating from its appended release_dates (TMDB lists each country's releases, each with a
 * certification that is often empty): the visitor's country's, else the US one, else none. Within a
 * country the theatrical release's rating is preferred.
 */
function movieRating(raw: Record<string, unknown>, region: string): Rating | null {
  const countries = ((raw.release_dates as { results?: Array<Record<string, unknown>> } | undefined)?.results ?? [])
  for (const country of new Set([region, 'US'])) {
    const releases = (countries.find((c) => c.iso_3166_1 === country)?.release_dates as Array<Record<string, unknown>> | undefined) ?? []
    const rank = (release: Record<string, unknown>) => {
      const at = RELEASE_TYPE_ORDER.indexOf(Number(release.type))
      return at < 0 ? RELEASE_TYPE_ORDER.length : at
    }
    const rated = releases.filter((r) => typeof r.certification === 'string' && r.certification.trim() !== '').sort((a, b) => rank(a) - rank(b))[0]
    if (rated) return { rating: String(rated.certification).trim(), country }
  }
  return null
}

/** A series' rating from its appended content_ratings: the visitor's country's, else the US one, else none. */
function tvRating(raw: Record<string, unknown>, region: string): Rating | null {
  const ratings = (raw.content_ratings as { results?: Array<Record<string, unknown>> } | undefined)?.results ?? []
  for (const country of new Set([region, 'US'])) {
    const found = ratings.find((r) => r.iso_3166_1 === country && typeof r.rating === 'string' && r.rating.trim() !== '')
    if (found) return { rating: String(found.rating).trim(), country }
  }
  return null
}

/** The season, number and date of an episode TMDB's series details name; null when it names none usable. */
function airingEpisode(raw: unknown): AiringEpisode | null {
  const e = raw as { season_number?: unknown; episode_number?: unknown; air_date?: unknown } | null | undefined
  if (!e || !Number.isInteger(e.season_number) || !Number.isInteger(e.episode_number)) return null
  return { season_number: e.season_number as number, episode_number: e.episode_number as number, air_date: typeof e.air_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(e.air_date) ? e.air_date : null }
}

function positiveMinutes(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null
}

/** The middle running time of a season's episodes that have one, or null. */
function episodesRuntime(episodes: Episode[]): number | null {
  const minutes = episodes.map((e) => e.runtime).filter((m): m is number => !!m && m > 0).sort((a, b) => a - b)
  return minutes.length ? (minutes[Math.floor((minutes.length - 1) / 2)] ?? null) : null
}

/** The fields a film's and a series' details share, read the same way from either answer. */
function detailsBase(raw: Record<string, unknown>, mediaType: MediaType): Omit<DetailsBase, 'media_type'> {
  return {
    id: Number(raw.id),
    overview: String(raw.overview ?? ''),
    poster_path: (raw.poster_path as string | null) ?? null,
    backdrop_path: (raw.backdrop_path as string | null) ?? null,
    vote_average: Number(raw.vote_average ?? 0),
    vote_count: Number(raw.vote_count ?? 0),
    popularity: Number(raw.popularity ?? 0),
    original_language: String(raw.original_language ?? ''),
    genres: (raw.genres as Genre[] | undefined) ?? [],
    credits: credits(raw.credits),
    similar: toPaged((raw.similar as TmdbPaged | undefined) ?? {}, mediaType),
    videos: videos(raw.videos),
    tagline: (raw.tagline as string | null) ?? null,
    status: typeof raw.status === 'string' ? raw.status : undefined,
    adult: raw.adult === true,
  }
}

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

/**
 * TMDB's language for each of ours. English is TMDB's own default, so English calls carry no
 * language parameter (and keep the cache keys they always had).
 */
const TMDB_LANGUAGES: Record<Locale, string | null> = {
  en: null,
  es: 'es-ES',
  'pt-BR': 'pt-BR',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  tr: 'tr-TR',
  ar: 'ar-SA',
  hi: 'hi-IN',
  ja: 'ja-JP',
  ko: 'ko-KR',
  'zh-CN': 'zh-CN',
}

/**
 * What a title's details call appends: everything its page shows, in the same call. Films' ratings
 * come from release_dates, series' from content_ratings (each country's, the visitor's picked).
 */
const DETAILS_APPEND: Record<MediaType, string> = {
  movie: 'credits,similar,videos,release_dates',
  tv: 'credits,similar,videos,external_ids,content_ratings',
}

/** Calls whose answer is the same in every language: no language is sent, so one KV entry serves all. */
const LANGUAGE_FREE = /\/watch\/providers$|^\/configuration$/


export interface TmdbOptions {
  locale: Locale
  /** ISO 3166-1 alpha-2: the region of the regional lists and of where-to-watch filters. */
  region: string
}

export class TmdbCatalog implements CatalogProvider {
  readonly name = 'tmdb' as const
  readonly locale: Locale
  readonly scope: string
  private readonly region: string

  constructor(
    private readonly env: Bindings,
    private readonly waitUntil: (promise: Promise<unknown>) => void,
    options: TmdbOptions = { locale: DEFAULT_LOCALE, region: (env.TMDB_WATCH_REGION || 'US').toUpperCase() },
  ) {
    this.locale = options.locale
    this.region = options.region
    this.scope = `${this.locale}:${this.region}`
  }

  async version(): Promise<string> {
    return 'live'
  }

  inLocale(locale: Locale): TmdbCatalog {
    return new TmdbCatalog(this.env, this.waitUntil, { locale, region: this.region })
  }

  private async upstream<T>(path: string, params: Params): Promise<T> {
    const url = new URL(`${tmdbApiBase(this.env)}${path}`)
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.env.TMDB_API_KEY) url.searchParams.set('api_key', this.env.TMDB_API_KEY)
    else if (this.env.TMDB_READ_TOKEN) headers.authorization = `Bearer ${this.env.TMDB_READ_TOKEN}`
    for (let retries = 0; ; retries += 1) {
      // The slot is held until the body is read: a connection is busy until then.
      const outcome = await tmdbLimiter.run(async (): Promise<{ data: T } | { retryAfter: number }> => {
        let res: Response
        try {
          res = await fetch(url.toString(), { headers, signal: AbortSignal.timeout(TMDB_TIMEOUT_MS) })
        } catch {
          throw new UpstreamError('unreachable')
        }
        if (res.status === 429) {
          await res.body?.cancel()
          return { retryAfter: retryAfterMs(res.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS }
        }
        if (res.status === 404) {
          await res.body?.cancel()
          throw new CatalogNotFoundError()
        }
        if (!res.ok) {
          await res.body?.cancel()
          throw new UpstreamError(`status ${res.status}`)
        }
        try {
          return { data: (await res.json()) as T }
        } catch {
          throw new UpstreamError('invalid JSON')
        }
      })
      if ('data' in outcome) return outcome.data
      // Every call of this isolate waits out TMDB's Retry-After, not only this one.
      tmdbLimiter.pause(outcome.retryAfter)
      if (retries >= MAX_RATE_LIMIT_RETRIES || outcome.retryAfter > MAX_RETRY_AFTER_MS) throw new UpstreamError('rate limited')
    }
  }

  private refresh<T>(key: string, path: string, params: Params, kind: CacheKind): Promise<T> {
    const now = Date.now()
    const running = inFlight.get(key)
    // A call another request started is joined, but not for ever: Workers may drop the pending
    // work of a request the visitor abandoned without settling it. After a while this request
    // makes the call itself, and a call that old is no longer offered to others.
    if (running && now - running.startedAt < JOIN_LEASE_MS) {
      return new Promise<T>((resolve, reject) => {
        const own = setTimeout(() => this.call<T>(key, path, params, kind, false).then(resolve, reject), JOIN_WAIT_MS)
        ;(running.call as Promise<T>).then(
          (data) => {
            clearTimeout(own)
            resolve(data)
          },
          (error: unknown) => {
            clearTimeout(own)
            reject(error)
          },
        )
      })
    }
    return this.call<T>(key, path, params, kind, true)
  }

  private call<T>(key: string, path: string, params: Params, kind: CacheKind, share: boolean): Promise<T> {
    const call = (async () => {
      const data = await this.upstream<T>(path, params)
      // A failed cache write (KV allows one write per key per second) must not lose a good answer.
      await writeCached(this.env.CACHE, key, data, kind).catch(() => undefined)
      return data
    })()
    if (!share) return call
    const entry = { call, startedAt: Date.now() }
    inFlight.set(key, entry)
    return call.finally(() => {
      if (inFlight.get(key) === entry) inFlight.delete(key)
    })
  }

  /**
   * A cached TMDB answer: fresh from KV, stale plus a background refresh, or fetched now. The call
   * asks for this catalogue's language, so the KV key carries it (and the region, where asked).
   */
  private async get<T>(path: string, asked: Params, kind: CacheKind): Promise<T> {
    const language = LANGUAGE_FREE.test(path) ? null : TMDB_LANGUAGES[this.locale]
    const params = language ? { ...asked, language } : asked
    const key = tmdbCacheKey(path, params)
    const cached = await readCached<T>(this.env.CACHE, key)
    if (cached && isFresh(cached, kind)) return cached.data
    if (cached && isServable(cached, kind)) {
      this.waitUntil(this.refresh(key, path, params, kind).catch(() => undefined))
      return cached.data
    }
    try {
      return await this.refresh<T>(key, path, params, kind)
    } catch (error) {
      if (error instanceof CatalogNotFoundError) throw error
      throw new CatalogUnavailableError()
    }
  }

  private async paged(path: string, params: Params, kind: CacheKind, mediaType?: MediaType, keep?: (item: ListItem) => boolean) {
    return toPaged(await this.get<TmdbPaged>(path, params, kind), mediaType, keep)
  }

  async list(list: ListName, page: number): Promise<Paged<ListItem>> {
    const p = { page: String(page) }
    switch (list) {
      case 'trending-all':
        return this.paged('/trending/all/week', p, 'list', undefined, isSearchable)
      case 'trending-movie':
        return this.paged('/trending/movie/week', p, 'list', 'movie')
      case 'trending-tv':
        return this.paged('/trending/tv/week', p, 'list', 'tv')
      case 'movie-popular':
        return this.paged('/movie/popular', p, 'list', 'movie')
      case 'movie-top-rated':
        return this.topRated('movie', page)
      // What is in cinemas, or coming, is the visitor's country's.
      case 'movie-now-playing':
        return this.paged('/movie/now_playing', { ...p, region: this.region }, 'list', 'movie')
      case 'movie-upcoming': {
        const now = today()
        return this.paged('/movie/upcoming', { ...p, region: this.region }, 'list', 'movie', (item) => isUpcoming(item, now))
      }
      case 'tv-popular':
        return this.paged('/tv/popular', p, 'list', 'tv')
      case 'tv-top-rated':
        return this.topRated('tv', page)
      case 'tv-on-the-air':
        return this.paged('/tv/on_the_air', p, 'list', 'tv')
      case 'tv-airing-today':
        return this.paged('/tv/airing_today', p, 'list', 'tv')
    }
  }

  async topRated(type: MediaType, page: number): Promise<Paged<ListItem>> {
    const result = await this.discover(type, { voteCountGte: TOP_RATED_MIN_VOTES, sortBy: 'vote_average' }, page)
    return { ...result, results: result.results.filter(isTopRated).sort(byVoteAverage) }
  }

  async discover(type: MediaType, asked: DiscoverFilters, page: number): Promise<Paged<ListItem>> {
    const filters = effectiveFilters(asked)
    const params: Params = {
      page: String(page),
      include_adult: 'false',
      sort_by: sortParam(type, filters.sortBy ?? 'popularity'),
    }
    const dates = RELEASE_DATE_PARAM[type]
    if (filters.releasedFrom) params[`${dates}.gte`] = filters.releasedFrom
    if (filters.releasedTo) params[`${dates}.lte`] = filters.releasedTo
    if (filters.runtimeGte !== undefined) params['with_runtime.gte'] = String(filters.runtimeGte)
    if (filters.runtimeLte !== undefined) params['with_runtime.lte'] = String(filters.runtimeLte)
    if (filters.certification && type === 'movie') {
      params.certification_country = 'US'
      params.certification = filters.certification
    }
    const genres = (filters.genres ?? []).map((id) => (type === 'tv' ? tvGenreFor(id) : id))
    if (genres.length) params.with_genres = [...new Set(genres)].join(filters.genreMode === 'any' ? '|' : ',')
    if (filters.language) params.with_original_language = filters.language
    if (filters.watchProviders?.length) {
      // A service is every provider id TMDB files it under (its plans, its channels in other stores).
      params.with_watch_providers = providerIdsOf(filters.watchProviders).join('|')
      params.watch_region = this.region
    }
    let voteAverage = filters.voteAverageGte
    let voteCount = filters.voteCountGte
    const keep: Array<(item: ListItem) => boolean> = []
    let checkKidsRatings = false
    if (filters.preset === 'kids') {
      voteAverage = Math.max(voteAverage ?? 0, KIDS_MIN_RATING)
      params.without_genres = KIDS_EXCLUDED_GENRES.join(',')
      if (type === 'movie') {
        // The visitor's country's children's ratings (the US ones where ours knows none), exactly:
        // certification.lte would also let unrated (NR) films through.
        const country = kidsRatingRegion(this.region)
        params.certification_country = country
        params.certification = (KIDS_CERTIFICATIONS_BY_REGION[country]?.movie ?? []).join('|')
      } else {
        // discover/tv cannot filter by certification: TMDB is asked for its Kids genre, and each
        // series found is checked for a children's rating in its details (cached as title pages are).
        // "Kids and any of these genres" has no TMDB spelling: TMDB is asked for Kids, and the
        // "any" part is checked here (it is Kids itself when Kids is one of them).
        checkKidsRatings = true
        const anyOf = filters.genreMode === 'any' && genres.length > 1 ? genres : null
        params.with_genres = anyOf ? String(KIDS_TV_GENRE) : [...new Set([...genres, KIDS_TV_GENRE])].join(',')
        keep.push((item) => item.genre_ids.includes(KIDS_TV_GENRE))
        if (anyOf) keep.push((item) => item.genre_ids.some((id) => anyOf.includes(id)))
      }
      keep.push(isKidsSafe)
    }
    if (filters.preset === 'kdrama') {
      params.with_original_language = 'ko'
      voteCount = Math.max(voteCount ?? 0, KDRAMA_MIN_VOTES)
      keep.push(isKDrama)
    }
    if (type === 'tv' && filters.airing) {
      const now = today()
      params['air_date.gte'] = now
      params['air_date.lte'] = filters.airing === 'today' ? now : addDays(now, 7)
    }
    if (voteAverage !== undefined) params['vote_average.gte'] = String(voteAverage)
    if (voteCount !== undefined) params['vote_count.gte'] = String(voteCount)
    const found = await this.paged(`/discover/${type}`, params, 'list', type, (item) => keep.every((rule) => rule(item)))
    if (!checkKidsRatings) return found
    const rated = await Promise.all(found.results.map((item) => this.hasKidsRating('tv', item.id)))
    return { ...found, results: found.results.filter((_, i) => rated[i]) }
  }

  /** Whether a title's rating (the visitor's country's, else the US one) is a children's rating there; a title without one is not. */
  private async hasKidsRating(type: MediaType, id: number): Promise<boolean> {
    try {
      const raw = await this.get<Record<string, unknown>>(`/${type}/${id}`, { append_to_response: DETAILS_APPEND[type] }, 'details')
      const rating = type === 'movie' ? movieRating(raw, this.region) : tvRating(raw, this.region)
      return !!rating && isKidsRating(type, rating.country, rating.rating)
    } catch {
      return false
    }
  }

  async browse(letter: string, page: number): Promise<Paged<ListItem>> {
    // TMDB cannot filter by first letter: '#' titles sort first alphabetically; letters go through search.
    const [movies, shows] =
      letter === '#'
        ? await Promise.all([
            this.paged('/discover/movie', { page: String(page), include_adult: 'false', sort_by: 'original_title.asc', 'vote_count.gte': String(BROWSE_MOVIE_MIN_VOTES) }, 'list', 'movie'),
            this.paged('/discover/tv', { page: String(page), include_adult: 'false', sort_by: 'name.asc' }, 'list', 'tv'),
          ])
        : await Promise.all([
            this.paged('/search/movie', { query: letter, page: String(page), include_adult: 'false' }, 'search', 'movie'),
            this.paged('/search/tv', { query: letter, page: String(page), include_adult: 'false' }, 'search', 'tv'),
          ])
    const results = [...movies.results, ...shows.results]
      .filter((item) => passesBrowse(item, letter))
      .sort((a, b) => titleOf(a).localeCompare(titleOf(b)))
    return {
      page,
      results,
      total_pages: Math.max(movies.total_pages, shows.total_pages),
      total_results: movies.total_results + shows.total_results,
    }
  }

  /**
   * Multi search, counted as what can be shown: TMDB's total for multi search counts people too,
   * so when there is more than one page the count is its film and series searches' totals (two
   * calls, cached as searches are); on a single page it is the titles kept.
   */
  // Multi search names its people in the same answer, so leaving them out saves nothing here.
  async search(query: string, page: number): Promise<SearchPage> {
    const params = { query, page: String(page), include_adult: 'false' }
    const raw = await this.get<TmdbPaged>('/search/multi', params, 'search')
    const found = toPaged(raw, undefined, isSearchable)
    // The people come with the first page; later pages repeat none of them.
    const people = page === 1 ? peopleOf(raw) : []
    if (found.total_pages <= 1) {
      // A search that names a person also lists what they are known for, after the titles whose
      // names match and without repeating them (only when those fit on this one page).
      const shown = new Set(found.results.map((r) => `${r.media_type}:${r.id}`))
      for (const known of titlesOfNamedPeople(raw, query)) {
        if (found.results.length >= PAGE_SIZE) break
        if (shown.has(`${known.media_type}:${known.id}`)) continue
        shown.add(`${known.media_type}:${known.id}`)
        found.results.push(known)
      }
      return { ...found, total_results: found.results.length, people }
    }
    const first = { ...params, page: '1' }
    const counts = await Promise.all([this.get<TmdbPaged>('/search/movie', first, 'search'), this.get<TmdbPaged>('/search/tv', first, 'search')]).catch(() => null)
    return { ...found, people, ...(counts ? { total_results: (counts[0].total_results ?? 0) + (counts[1].total_results ?? 0) } : {}) }
  }

  /**
   * A title's details. TMDB answers "" for an overview nobody has translated into the language
   * asked, so then the English one is given instead: the English call for the same details, which
   * is cached as English pages cache it (English calls carry no language: TMDB's default is en-US).
   * That second call is made only when the overview is empty, and its failure leaves it empty.
   * `english` is what replaces the overview, naming its language so the page can mark it.
   */
  private async details(path: string, append: string): Promise<{ raw: Record<string, unknown>; english: Pick<DetailsBase, 'overview' | 'overview_language'> | null }> {
    const raw = await this.get<Record<string, unknown>>(path, { append_to_response: append }, 'details')
    if (this.locale === DEFAULT_LOCALE || String(raw.overview ?? '').trim() !== '') return { raw, english: null }
    try {
      const inEnglish = await this.inLocale(DEFAULT_LOCALE).get<Record<string, unknown>>(path, { append_to_response: append }, 'details')
      const overview = String(inEnglish.overview ?? '').trim()
      return { raw, english: overview ? { overview, overview_language: DEFAULT_LOCALE } : null }
    } catch {
      return { raw, english: null }
    }
  }

  async movie(id: number): Promise<MovieDetails> {
    const { raw, english } = await this.details(`/movie/${id}`, DETAILS_APPEND.movie)
    return {
      ...detailsBase(raw, 'movie'),
      ...english,
      certification: movieRating(raw, this.region)?.rating ?? null,
      media_type: 'movie',
      title: String(raw.title ?? ''),
      original_title: String(raw.original_title ?? raw.title ?? ''),
      release_date: String(raw.release_date ?? ''),
      runtime: typeof raw.runtime === 'number' ? raw.runtime : null,
    }
  }

  async person(id: number): Promise<PersonDetails> {
    let raw: Record<string, unknown>
    try {
      raw = await this.get<Record<string, unknown>>(`/person/${id}`, { append_to_response: 'combined_credits' }, 'details')
    } catch (error) {
      if (error instanceof CatalogNotFoundError) throw new CatalogNotFoundError('errors.personNotFound')
      throw error
    }
    if (raw.adult === true) throw new CatalogNotFoundError('errors.personNotFound')
    const combined = (raw.combined_credits ?? {}) as { cast?: Array<Record<string, unknown>>; crew?: Array<Record<string, unknown>> }
    const byPopularity = (a: PersonCredit, b: PersonCredit) => b.popularity - a.popularity || a.id - b.id
    return {
      id: Number(raw.id),
      name: String(raw.name ?? ''),
      known_for_department: String(raw.known_for_department ?? ''),
      profile_path: typeof raw.profile_path === 'string' ? raw.profile_path : null,
      biography: String(raw.biography ?? ''),
      cast: (combined.cast ?? []).flatMap((c) => personCredit(c, 'character') ?? []).sort(byPopularity),
      crew: (combined.crew ?? []).flatMap((c) => personCredit(c, 'job') ?? []).sort(byPopularity),
    }
  }

  async tv(id: number): Promise<TvDetails> {
    const { raw, english } = await this.details(`/tv/${id}`, DETAILS_APPEND.tv)
    const seasons = ((raw.seasons as Array<Record<string, unknown>> | undefined) ?? []).map((s) => ({
      id: Number(s.id ?? 0),
      name: String(s.name ?? ''),
      season_number: Number(s.season_number ?? 0),
      // Older answers leave the count out: unknown, not zero (the page counts the season's episodes).
      episode_count: typeof s.episode_count === 'number' ? s.episode_count : null,
      air_date: (s.air_date as string | null) ?? null,
      poster_path: (s.poster_path as string | null) ?? null,
      overview: String(s.overview ?? ''),
    }))
    return {
      ...detailsBase(raw, 'tv'),
      ...english,
      certification: tvRating(raw, this.region)?.rating ?? null,
      media_type: 'tv',
      name: String(raw.name ?? ''),
      original_name: String(raw.original_name ?? raw.name ?? ''),
      first_air_date: String(raw.first_air_date ?? ''),
      last_air_date: (raw.last_air_date as string | null) ?? null,
      episode_run_time: await this.seriesRuntime(id, raw, seasons),
      number_of_seasons: Number(raw.number_of_seasons ?? seasons.length),
      number_of_episodes: Number(raw.number_of_episodes ?? 0),
      seasons,
      networks: ((raw.networks as Array<{ id: number; name: string }> | undefined) ?? []).map((n) => ({ id: n.id, name: n.name })),
      external_ids: (raw.external_ids as Record<string, string | null> | undefined) ?? undefined,
      last_episode_to_air: airingEpisode(raw.last_episode_to_air),
      next_episode_to_air: airingEpisode(raw.next_episode_to_air),
    }
  }

  /**
   * A series' running time. TMDB has answered `episode_run_time: []` for current series since it
   * stopped keeping that field, so it falls back to the last aired (else the next) episode's
   * runtime, then to the episodes of the series' first season (one call, cached as the page's own
   * season is); none of them known, none.
   */
  private async seriesRuntime(id: number, raw: Record<string, unknown>, seasons: Array<{ season_number: number; episode_count: number | null }>): Promise<number[]> {
    const listed = (Array.isArray(raw.episode_run_time) ? raw.episode_run_time : []).map(positiveMinutes).filter((m): m is number => m !== null)
    if (listed.length) return listed
    for (const episode of [raw.last_episode_to_air, raw.next_episode_to_air]) {
      const minutes = positiveMinutes((episode as { runtime?: unknown } | null | undefined)?.runtime)
      if (minutes) return [minutes]
    }
    const first = seasons.filter((s) => s.season_number > 0 && s.episode_count !== 0).sort((a, b) => a.season_number - b.season_number)[0]
    if (!first) return []
    try {
      const minutes = episodesRuntime((await this.season(id, first.season_number)).episodes)
      return minutes ? [minutes] : []
    } catch {
      return []
    }
  }

  async season(tvId: number, seasonNumber: number): Promise<Season> {
    const raw = await this.get<Record<string, unknown>>(`/tv/${tvId}/season/${seasonNumber}`, {}, 'details')
    const episodes = ((raw.episodes as Array<Record<string, unknown>> | undefined) ?? []).map((e) => ({
      id: Number(e.id),
      episode_number: Number(e.episode_number ?? 0),
      season_number: Number(e.season_number ?? seasonNumber),
      name: String(e.name ?? ''),
      overview: String(e.overview ?? ''),
      air_date: (e.air_date as string | null) ?? null,
      still_path: (e.still_path as string | null) ?? null,
      runtime: typeof e.runtime === 'number' ? e.runtime : null,
    }))
    return {
      id: Number(raw.id),
      name: String(raw.name ?? ''),
      season_number: Number(raw.season_number ?? seasonNumber),
      episode_count: episodes.length,
      air_date: (raw.air_date as string | null) ?? null,
      poster_path: (raw.poster_path as string | null) ?? null,
      overview: String(raw.overview ?? ''),
      episodes,
    }
  }

  async similar(type: MediaType, id: number, page: number): Promise<Paged<ListItem>> {
    return this.paged(`/${type}/${id}/similar`, { page: String(page) }, 'list', type)
  }

  /**
   * The title's details carry its traits and its first page of similar titles; the second page
   * makes the neighbourhood as large as the embedded catalogue's. Both are kept as every answer is.
   */
  async neighbours(type: MediaType, id: number): Promise<Neighbourhood> {
    const [details, more] = await Promise.all([type === 'movie' ? this.movie(id) : this.tv(id), this.similar(type, id, 2).catch(() => null)])
    return neighbourhoodOfDetails(details, more?.results)
  }

  /** One call answers every region; it is kept in KV per title, and the region picked from it. */
  async watchOptions(type: MediaType, id: number, region: string): Promise<WatchOptions> {
    const raw = await this.get<{ results?: Record<string, Record<string, unknown>> }>(`/${type}/${id}/watch/providers`, {}, 'details')
    const offers = raw.results?.[region] ?? {}
    const providers = (kind: string): WatchProvider[] =>
      ((offers[kind] as Array<Record<string, unknown>> | undefined) ?? [])
        .slice()
        .sort((a, b) => Number(a.display_priority ?? 0) - Number(b.display_priority ?? 0))
        .map((p) => ({ provider_id: Number(p.provider_id), name: String(p.provider_name ?? ''), logo_path: typeof p.logo_path === 'string' ? p.logo_path : null, service: serviceOfProvider(Number(p.provider_id)) }))
        .filter((p) => p.name !== '')
    return {
      region,
      source: 'tmdb',
      link: typeof offers.link === 'string' ? offers.link : null,
      stream: providers('flatrate'),
      free: providers('free'),
      ads: providers('ads'),
      rent: providers('rent'),
      buy: providers('buy'),
      networks: [],
    }
  }

  /**
   * TMDB's /find by IMDb id: films and series only (an episode's or a person's id names no title
   * of ours), adult titles dropped as everywhere else. The link does not change, so it is kept as
   * long as details are.
   */
  async findByImdbId(imdbId: string): Promise<ListItem[]> {
    let raw: TmdbFind
    try {
      raw = await this.get<TmdbFind>(`/find/${encodeURIComponent(imdbId)}`, { external_source: 'imdb_id' }, 'details')
    } catch (error) {
      // TMDB answers an unknown id with empty lists; a 404 means the same.
      if (error instanceof CatalogNotFoundError) return []
      throw error
    }
    return [...(raw.movie_results ?? []).map((r) => toListItem(r, 'movie')), ...(raw.tv_results ?? []).map((r) => toListItem(r, 'tv'))].filter((r): r is ListItem => !!r && !r.adult)
  }

  /**
   * The image sizes TMDB's /configuration lists, kept as details are (a day, then refreshed in the
   * background): TMDB has refused sizes it does not list, so pages ask only for these. TMDB's own
   * documented lists stand in while it cannot be asked.
   */
  async imageSizes(): Promise<ImageSizes> {
    try {
      const raw = await this.get<{ images?: Record<string, unknown> }>('/configuration', {}, 'details')
      const list = (name: string, fallback: string[]) => {
        const sizes = raw.images?.[`${name}_sizes`]
        return Array.isArray(sizes) && sizes.every((s) => typeof s === 'string' && /^(w\d+|h\d+|original)$/.test(s)) && sizes.length > 0 ? (sizes as string[]) : fallback
      }
      return {
        poster: list('poster', DEFAULT_IMAGE_SIZES.poster),
        backdrop: list('backdrop', DEFAULT_IMAGE_SIZES.backdrop),
        profile: list('profile', DEFAULT_IMAGE_SIZES.profile),
        still: list('still', DEFAULT_IMAGE_SIZES.still),
        logo: list('logo', DEFAULT_IMAGE_SIZES.logo),
      }
    } catch {
      return DEFAULT_IMAGE_SIZES
    }
  }

  /** Each title's US rating, asked of TMDB once per title (its release dates or content ratings) and kept (certifications.ts). */
  async certifications(titles: readonly TitleKey[]): Promise<Map<string, string | null>> {
    return keptCertifications(this.env.CACHE, titles, (title) => this.usCertification(title), this.waitUntil)
  }

  /** The US rating TMDB lists for a title (as its details pick a film's: the theatrical release's first), null for none or an unknown title. */
  private async usCertification(title: TitleKey): Promise<string | null> {
    try {
      if (title.media_type === 'movie') {
        const raw = await this.upstream<Record<string, unknown>>(`/movie/${title.id}/release_dates`, {})
        return movieRating({ release_dates: raw }, 'US')?.rating ?? null
      }
      const raw = await this.upstream<Record<string, unknown>>(`/tv/${title.id}/content_ratings`, {})
      return tvRating({ content_ratings: raw }, 'US')?.rating ?? null
    } catch (err) {
      if (err instanceof CatalogNotFoundError) return null
      throw err
    }
  }

  async servicesOf(): Promise<Map<number, number[]>> {
    return new Map()
  }

  async genres(): Promise<Genre[]> {
    return genresIn(this.locale, MOVIE_GENRES)
  }

  async snapshotDate(): Promise<string | null> {
    return null
  }
}

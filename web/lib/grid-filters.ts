/**
 * A sortable, filterable grid's state as its address spells it (/movies/all?genre=28&sort=newest
 * &from=1990&to=1999...), so a filtered grid can be shared and reloaded, and the discover query the
 * API takes for it. The worker writes such addresses for the rows' "See all" (worker/catalog/pages.ts).
 */
import type { MediaType } from '../../worker/catalog/types'

/** The sortable, filterable grid of every film or series; `search` is its state (gridSearch). */
export function browseAllPath(type: MediaType, search = ''): string {
  return `${type === 'movie' ? '/movies/all' : '/tv-shows/all'}${search}`
}

export const GRID_SORTS = ['popularity', 'rating', 'newest', 'oldest', 'title'] as const
export type GridSort = (typeof GRID_SORTS)[number]

/** Running time bands (minutes, both ends kept). */
export const RUNTIMES = { short: [0, 89], medium: [90, 120], long: [121, 600] } as const
export type RuntimeBand = keyof typeof RUNTIMES

/** Original languages offered, by ISO 639-1 code (names come from Intl.DisplayNames). */
export const GRID_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'hi', 'tr', 'ar', 'ru', 'sv', 'da'] as const
/** US film certifications (the worker's FILTER_CERTIFICATIONS); series have none to filter by. */
export const GRID_CERTIFICATIONS = ['G', 'PG', 'PG-13', 'R', 'NC-17'] as const

export const MIN_YEAR = 1900

export interface GridState {
  sort: GridSort
  /** Genre ids as the API spells them: `28`, `28,12` (all) or `37|99` (any). */
  genre?: string
  from?: number
  to?: number
  rating?: number
  runtime?: RuntimeBand
  lang?: string
  cert?: string
  /** Watch provider ids of services, and their region. */
  services?: number[]
  region?: string
  /** What a row narrowed its titles by that the controls do not offer, kept so See all shows the row's titles. */
  preset?: 'kids' | 'kdrama'
  votes?: number
  airing?: 'week' | 'today'
}

const year = (text: string | null): number | undefined => (text && /^\d{4}$/.test(text) && Number(text) >= MIN_YEAR && Number(text) <= 2100 ? Number(text) : undefined)
const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined => (values as readonly string[]).includes(text ?? '') ? (text as T) : undefined

/** The state an address names; anything it cannot read is left out rather than refused. */
export function readGrid(params: URLSearchParams): GridState {
  const state: GridState = { sort: oneOf(GRID_SORTS, params.get('sort')) ?? 'popularity' }
  const genre = params.get('genre')
  if (genre && /^\d+([,|]\d+)*$/.test(genre)) state.genre = genre
  state.from = year(params.get('from'))
  state.to = year(params.get('to'))
  const rating = Number(params.get('rating'))
  if (params.has('rating') && Number.isInteger(rating) && rating >= 1 && rating <= 9) state.rating = rating
  state.runtime = oneOf(Object.keys(RUNTIMES) as RuntimeBand[], params.get('runtime'))
  const lang = params.get('lang')
  if (lang && /^[a-z]{2}$/.test(lang)) state.lang = lang
  state.cert = oneOf(GRID_CERTIFICATIONS, params.get('cert'))
  const services = params.get('services')
  if (services && /^\d+(,\d+)*$/.test(services)) state.services = services.split(',').map(Number)
  const region = params.get('region')
  if (state.services && region && /^[A-Z]{2}$/.test(region)) state.region = region
  state.preset = oneOf(['kids', 'kdrama'] as const, params.get('preset'))
  const votes = params.get('votes')
  if (votes && /^\d{1,7}$/.test(votes)) state.votes = Number(votes)
  state.airing = oneOf(['week', 'today'] as const, params.get('airing'))
  return Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined)) as unknown as GridState
}

/** The address's query for a state: only what differs from the defaults, in a fixed order. */
export function gridSearch(state: GridState): string {
  const params = new URLSearchParams()
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  put('genre', state.genre)
  if (state.sort !== 'popularity') put('sort', state.sort)
  put('from', state.from)
  put('to', state.to)
  put('rating', state.rating)
  put('runtime', state.runtime)
  put('lang', state.lang)
  put('cert', state.cert)
  put('services', state.services?.join(','))
  put('region', state.services ? state.region : undefined)
  put('preset', state.preset)
  put('votes', state.votes)
  put('airing', state.airing)
  const text = params.toString()
  return text ? `?${text}` : ''
}

const SORT_PARAMS: Record<MediaType, Record<GridSort, string>> = {
  movie: { popularity: 'popularity.desc', rating: 'vote_average.desc', newest: 'primary_release_date.desc', oldest: 'primary_release_date.asc', title: 'title.asc' },
  tv: { popularity: 'popularity.desc', rating: 'vote_average.desc', newest: 'first_air_date.desc', oldest: 'first_air_date.asc', title: 'name.asc' },
}

/** GET /api/catalog/discover/:type's query for a state and page. */
export function discoverQuery(type: MediaType, state: GridState, page: number): Record<string, string> {
  const q: Record<string, string> = { page: String(page) }
  const dates = type === 'movie' ? 'primary_release_date' : 'first_air_date'
  if (state.genre) q.with_genres = state.genre
  if (state.sort !== 'popularity') q.sort_by = SORT_PARAMS[type][state.sort]
  if (state.from !== undefined) q[`${dates}.gte`] = `${state.from}-01-01`
  if (state.to !== undefined) q[`${dates}.lte`] = `${state.to}-12-31`
  if (state.rating !== undefined) q['vote_average.gte'] = String(state.rating)
  if (state.runtime) {
    const [min, max] = RUNTIMES[state.runtime]
    if (min > 0) q['with_runtime.gte'] = String(min)
    q['with_runtime.lte'] = String(max)
  }
  if (state.lang) q.with_original_language = state.lang
  if (state.cert && type === 'movie') q.certification = state.cert
  if (state.services?.length) {
    q.with_watch_providers = state.services.join('|')
    if (state.region) q.watch_region = state.region
  }
  if (state.preset) q.preset = state.preset
  if (state.votes !== undefined) q['vote_count.gte'] = String(state.votes)
  if (state.airing && type === 'tv') q.airing = state.airing
  return q
}

/** How many of the controls' filters are set (the phone's Filters button shows it). */
export function activeFilterCount(state: GridState): number {
  return [state.from ?? state.to, state.rating, state.runtime, state.lang, state.cert, state.services].filter((v) => v !== undefined).length
}

/**
 * The one interface both catalogue providers answer (the embedded D1 catalogue and the TMDB
 * proxy), and the errors they raise. Routes and page compositions only ever talk to this, so the
 * web app sees the same shapes whichever provider is configured.
 */
import { type ErrorId, errorText } from '../lib/api-errors'
import type { Locale } from '../lib/locales'
import type { DiscoverFilters } from './rules'
import type { Genre, ListItem, MediaType, MovieDetails, Neighbourhood, Paged, PersonDetails, SearchOptions, SearchPage, Season, TitleSummary, TvDetails, WatchOptions } from './types'

export type ListName =
  | 'trending-all'
  | 'trending-movie'
  | 'trending-tv'
  | 'movie-popular'
  | 'movie-top-rated'
  | 'movie-now-playing'
  | 'movie-upcoming'
  | 'tv-popular'
  | 'tv-top-rated'
  | 'tv-on-the-air'
  | 'tv-airing-today'

export const LIST_NAMES: [ListName, ...ListName[]] = [
  'trending-all',
  'trending-movie',
  'trending-tv',
  'movie-popular',
  'movie-top-rated',
  'movie-now-playing',
  'movie-upcoming',
  'tv-popular',
  'tv-top-rated',
  'tv-on-the-air',
  'tv-airing-today',
]

/** A title named by its kind and id, as every list item, card and detail carries them. */
export type TitleKey = Pick<TitleSummary, 'media_type' | 'id'>

/** The key of a title's certification in CatalogProvider.certifications' answer. */
export function certificationKey(title: TitleKey): string {
  return `${title.media_type}:${title.id}`
}

export interface CatalogProvider {
  readonly name: 'embedded' | 'tmdb'
  /** The language of its words: overviews, genre, season and episode names. */
  readonly locale: Locale
  /**
   * What its answers depend on besides the data: the language, and with TMDB the visitor's region.
   * Keys of answers kept for more than one request (composed pages) carry it.
   */
  readonly scope: string
  /** Names the data, so cached compositions follow new data ('live' for TMDB). */
  version(): Promise<string>
  /** The same catalogue answering in another language. */
  inLocale(locale: Locale): CatalogProvider
  list(list: ListName, page: number): Promise<Paged<ListItem>>
  discover(type: MediaType, filters: DiscoverFilters, page: number): Promise<Paged<ListItem>>
  topRated(type: MediaType, page: number): Promise<Paged<ListItem>>
  browse(letter: string, page: number): Promise<Paged<ListItem>>
  /** `people: false` leaves the people out (an import matching titles has no use for them). */
  search(query: string, page: number, options?: SearchOptions): Promise<SearchPage>
  movie(id: number): Promise<MovieDetails>
  tv(id: number): Promise<TvDetails>
  season(tvId: number, seasonNumber: number): Promise<Season>
  /** A person and their filmography; 404 for an unknown person. */
  person(id: number): Promise<PersonDetails>
  similar(type: MediaType, id: number, page: number): Promise<Paged<ListItem>>
  /**
   * The title's traits and the titles of its kind that may resemble it, for the likeness measure
   * (recommend.ts); 404 for an unknown title. The embedded catalogue's `similar` is these, ranked.
   */
  neighbours(type: MediaType, id: number): Promise<Neighbourhood>
  /** Where the title can be watched in the region (ISO 3166-1 alpha-2); 404 for an unknown title. */
  watchOptions(type: MediaType, id: number, region: string): Promise<WatchOptions>
  /**
   * The films and series an IMDb id (tt…) names, as list items: usually one, none for an id the
   * catalogue does not know, for an episode's id, or when the catalogue holds no IMDb ids.
   */
  findByImdbId(imdbId: string): Promise<ListItem[]>
  /**
   * The known streaming services (watch provider ids) of the series among `tvIds` that the catalogue
   * can tell without a call per title, for the "on my services" badge of composed cards: the
   * embedded catalogue's own table; TMDB none (its providers come one title at a time).
   */
  servicesOf(tvIds: number[]): Promise<Map<number, number[]>>
  /**
   * The US certifications of `titles`, which list answers do not carry, keyed as `movie:603`
   * (certificationKey): null for a title the catalogue knows unrated, and no entry for one it
   * cannot tell now. What a profile's maturity ceiling is judged by (worker/catalog/ceiling.ts).
   */
  certifications(titles: readonly TitleKey[]): Promise<Map<string, string | null>>
  genres(): Promise<Genre[]>
  /**
   * The date the catalogue's "now" stands for when it is not today (the embedded catalogue's
   * snapshot, YYYY-MM-DD), or null when its dates are live (TMDB).
   */
  snapshotDate(): Promise<string | null>
}

/** A title, season or person that does not exist: the API answers 404 with this message. */
export class CatalogNotFoundError extends Error {
  constructor(readonly messageId: ErrorId = 'errors.notFound') {
    super(errorText('en', messageId))
    this.name = 'CatalogNotFoundError'
  }
}

/** The upstream movie database failed and nothing usable was cached: the API answers 502. */
export class CatalogUnavailableError extends Error {
  readonly messageId: ErrorId = 'errors.catalogUnavailable'
  constructor() {
    super(errorText('en', 'errors.catalogUnavailable'))
    this.name = 'CatalogUnavailableError'
  }
}

/** The title's details in `locale` (the provider's own by default), or null when the catalogue has no such title. */
export async function titleDetails(provider: CatalogProvider, type: MediaType, id: number, locale: Locale = provider.locale): Promise<MovieDetails | TvDetails | null> {
  const catalog = locale === provider.locale ? provider : provider.inLocale(locale)
  try {
    return type === 'movie' ? await catalog.movie(id) : await catalog.tv(id)
  } catch (err) {
    if (err instanceof CatalogNotFoundError) return null
    throw err
  }
}

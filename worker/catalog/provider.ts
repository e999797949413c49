/**
 * The one interface both catalogue providers answer (the embedded D1 catalogue and the TMDB
 * proxy), and the errors they raise. Routes and page compositions only ever talk to this, so the
 * web app sees the same shapes whichever provider is configured.
 */
import type { DiscoverFilters } from './rules'
import type { Genre, ListItem, MediaType, MovieDetails, Paged, Season, TvDetails, WatchOptions } from './types'

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

export interface CatalogProvider {
  readonly name: 'embedded' | 'tmdb'
  list(list: ListName, page: number): Promise<Paged<ListItem>>
  discover(type: MediaType, filters: DiscoverFilters, page: number): Promise<Paged<ListItem>>
  topRated(type: MediaType, page: number): Promise<Paged<ListItem>>
  browse(letter: string, page: number): Promise<Paged<ListItem>>
  search(query: string, page: number): Promise<Paged<ListItem>>
  movie(id: number): Promise<MovieDetails>
  tv(id: number): Promise<TvDetails>
  season(tvId: number, seasonNumber: number): Promise<Season>
  similar(type: MediaType, id: number, page: number): Promise<Paged<ListItem>>
  /** Where the title can be watched in the region (ISO 3166-1 alpha-2); 404 for an unknown title. */
  watchOptions(type: MediaType, id: number, region: string): Promise<WatchOptions>
  genres(): Promise<Genre[]>
  /**
   * The date the catalogue's "now" stands for when it is not today (the embedded catalogue's
   * snapshot, YYYY-MM-DD), or null when its dates are live (TMDB).
   */
  snapshotDate(): Promise<string | null>
}

/** A title, season or person that does not exist: the API answers 404. */
export class CatalogNotFoundError extends Error {
  constructor(message = 'Not found') {
    super(message)
    this.name = 'CatalogNotFoundError'
  }
}

/** The upstream movie database failed and nothing usable was cached: the API answers 502. */
export class CatalogUnavailableError extends Error {
  constructor(message = 'The movie database is not answering right now. Please try again later.') {
    super(message)
    this.name = 'CatalogUnavailableError'
  }
}

/** The title's details, or null when the catalogue has no such title. */
export async function titleDetails(provider: CatalogProvider, type: MediaType, id: number): Promise<MovieDetails | TvDetails | null> {
  try {
    return type === 'movie' ? await provider.movie(id) : await provider.tv(id)
  } catch (err) {
    if (err instanceof CatalogNotFoundError) return null
    throw err
  }
}

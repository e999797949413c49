/**
 * The first data of a page, inlined by the worker into the HTML it serves (worker/seo/app-shell.ts)
 * and put into the web app's query cache before its first render (web/lib/boot.ts). `path` is the
 * address the data belongs to: a copy of the HTML kept by the service worker for another address
 * is not taken for this one.
 */
import type { PageName } from '../catalog/pages'
import type { ImageSizes, ListItem, MovieDetails, PageComposition, Paged, PersonDetails, SearchPage, Season, TvDetails } from '../catalog/types'
import type { PlayerConfig } from '../player/sources'

export interface BootData {
  /** pathname and search of the page the data was made for. */
  path: string
  /** Where catalogue image paths resolve (as GET /api/config says), so images need not wait for it. */
  imageBase: string
  /** The image host's sizes (GET /api/config's `imageSizes`), on pages that show catalogue images first. */
  imageSizes?: ImageSizes | null
  /** True when the request carried no session cookie: the visitor is signed out, no need to ask. */
  signedOut: boolean
  page?: { name: PageName; service: string; data: PageComposition }
  title?: { type: 'movie'; data: MovieDetails } | { type: 'tv'; data: TvDetails }
  /** A person page's person and filmography. */
  person?: PersonDetails
  /** A genre page's two rows: the genre's popular films (a film genre's only) and shows, as discover answers them. */
  genre?: { id: number; movie?: Paged<ListItem>; tv: Paged<ListItem> }
  /** /top-imdb's first page of top rated films or shows, as GET /api/catalog/top-rated/{type} answers it. */
  topRated?: { type: 'movie' | 'tv'; page: Paged<ListItem> }
  /** /search-results' first page for its trimmed term, as GET /api/catalog/search?query={term} answers it. */
  search?: { term: string; page: SearchPage }
  /** A show's first regular season with its episodes: the one a new viewer opens on. */
  season?: Season
  /** The player's sources and operator links, as GET /api/player/config answers them. */
  player?: PlayerConfig
}

/** The season a show opens on for a viewer with no saved place: the first regular one, else the first listed. */
export function openingSeason(show: Pick<TvDetails, 'seasons'>): number | null {
  const regular = show.seasons.find((s) => s.season_number >= 1)
  return regular?.season_number ?? show.seasons[0]?.season_number ?? null
}

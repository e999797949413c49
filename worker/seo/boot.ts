/**
 * The first data of a page, inlined by the worker into the HTML it serves (worker/seo/app-shell.ts)
 * and put into the web app's query cache before its first render (web/lib/boot.ts). `path` is the
 * address the data belongs to: a copy of the HTML kept by the service worker for another address
 * is not taken for this one.
 */
import type { PageName } from '../catalog/pages'
import type { ImageSizes, ListItem, MovieDetails, PageComposition, Paged, PersonDetails, SearchPage, Season, TvDetails } from '../catalog/types'
import type { PlayerConfig } from '../player/sources'
import type { ViewerFields } from '../auth/viewer'
import type { PublicRecord } from '../accounts/accounts'
import type { HistoryResult } from '../accounts/history'
import type { ServiceChoice } from '../accounts/services'
import type { ContinueResult } from '../accounts/up-next'
import type { WatchlistEntry } from '../accounts/watchlist'
import type { RecommendationRow } from '../catalog/recommendation-rows'

/** How many titles the home page's Continue watching row and its panel's history show. */
export const CONTINUE_LIMIT = 20
export const RECENT_HISTORY_LIMIT = 20

/** The signed-in account as GET /api/auth/me answers it. */
export type BootAccount = {
  id: number
  email: string
  type: 'user'
  user: PublicRecord
} & Partial<ViewerFields>

/** What a page painted for a signed-in account shows of it at once, as the /api/me routes answer it. */
export interface PersonalBoot {
  /** GET /api/me/services: null while the account has chosen none. */
  services: ServiceChoice | null
  /** GET /api/me/continue-watching at the row's length. */
  continueWatching?: ContinueResult[]
  /** GET /api/me/watchlist. */
  watchlist?: WatchlistEntry[]
  /** GET /api/me/history at the home panel's length. */
  history?: HistoryResult[]
  /** The home panel's recommendations: titles like the latest watched or saved, as GET /api/catalog/{type}/{id}/similar answers its first page. */
  similar?: { type: 'movie' | 'tv'; id: number; page: Paged<ListItem> }
  /** GET /api/me/recommendations' rows: "Because you watched {title}". */
  recommendations?: RecommendationRow[]
}

export interface BootData {
  /** pathname and search of the page the data was made for. */
  path: string
  /** Where catalogue image paths resolve (as GET /api/config says), so images need not wait for it. */
  imageBase: string
  /** The image host's sizes (GET /api/config's `imageSizes`), on pages that show catalogue images first. */
  imageSizes?: ImageSizes | null
  /** True when the request carried no session cookie: the visitor is signed out, no need to ask. */
  signedOut: boolean
  /** On a painted page, the parts it holds whose code loads apart from the page's (web/lib/lazy-part.ts). */
  parts?: string[]
  /** On a page painted for a signed-in account: who it is, so the browser need not ask. */
  account?: BootAccount
  personal?: PersonalBoot
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
  /** /movies/all's or /tv-shows/all's first page for the grid its address names, as GET /api/catalog/discover/{type} answers it; `search` is the grid's state as web/lib/grid-filters.ts spells it. */
  grid?: { type: 'movie' | 'tv'; search: string; page: Paged<ListItem> }
  /**
   * On a page whose first screen needs no data beyond this: painted as it is for anyone (the quick
   * search before a term), or only for the account it names, with what it shows of it (the
   * watchlist, the profile).
   */
  plain?: 'anyone' | 'account'
  /**
   * On a title's page whose title is above the viewer's profile's maturity ceiling: the API's 403
   * answer for it (GET /api/catalog/{type}/{id}), in place of the title's data.
   */
  notOnProfile?: { error: string; not_on_profile: true }
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

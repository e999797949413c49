/**
 * What a signed-in viewer's two choices (worker/routes/preferences.ts) change in the catalogue's
 * answers to them. Hide watched drops the films they have played and the shows they have finished
 * from composed rows, grids and search, and tops a grid's page up from the pages after it, so it
 * stays full. Spoiler-safe answers the episodes after the furthest one they have watched with their
 * number only: no name, no overview, the season's art for a still, and `hidden: true`.
 *
 * The catalogue's answers are kept for everyone (KV, the edge, the isolate, painted pages); these
 * filters run on a copy, per request, after the shared answer is read, and only for the viewer
 * whose choice it is. Anyone else's answer is the shared one, untouched. A profile's maturity
 * ceiling (worker/catalog/ceiling.ts) is held to the same way, in the same pass.
 */
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { accountStore, ownerOf } from '../accounts/store-client'
import type { FilterWants, ViewerFilters, WatchedMark } from '../accounts/taste'
import type { EpisodeNumber } from '../accounts/up-next'
import { readingAccount } from '../auth/guards'
import { SESSION_COOKIE } from '../auth/session'
import type { AppEnv } from '../env'
import { titleKeyOf } from '../lib/title-copies'
import { type Ceiling, ceilingComposition, ceilingItems } from './ceiling'
import type { CatalogProvider } from './provider'
import { MAX_PAGE } from './rules'
import type { Episode, ListItem, PageComposition, Paged, Season } from './types'

/** How many pages after the one asked for a grid may read to fill it. */
export const FILL_PAGES = 2

/** What an answer to a signed-in visitor is cached as: theirs alone, asked again each time (their choices may have changed). */
export const VIEWER_CACHE_CONTROL = 'private, no-cache'

export interface ViewerTaste {
  hideWatched: boolean
  spoilerSafe: boolean
  /** The titles the viewer has watched, as `movie:603` keys, when hide watched is on and they were wanted. */
  watched: Set<string>
  /** The furthest episode the viewer has watched of the show wanted, or null before any. */
  furthest: EpisodeNumber | null
}

/** Whether the request carries a session cookie: its answers may be the viewer's own. */
export function hasSession(c: Context<AppEnv>): boolean {
  return getCookie(c, SESSION_COOKIE) !== undefined
}

/**
 * The signed-in viewer's choices, when at least one is on, with what `wants` needs of them, from
 * one store call; null for anyone else (no session, an administrator short of the second factor,
 * both choices off). A store that cannot answer leaves the answer as everyone gets it.
 */
export async function viewerTaste(c: Context<AppEnv>, wants: FilterWants): Promise<ViewerTaste | null> {
  if (!hasSession(c)) return null
  try {
    const account = await readingAccount(c)
    // a session still to answer "Who's watching?" has no choices of its own
    if (!account || account.profileId === 0) return null
    const owner = ownerOf(account)
    const filters = await accountStore(c.env, owner).viewerFilters(owner, wants)
    return filters && tasteOf(filters)
  } catch (err) {
    console.error(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), path: c.req.path, message: 'viewer preferences unavailable', error: String(err) }))
    return null
  }
}

/** The choices already read with what they need (a page painted for the account has them from its store): null when both are off. */
export function tasteOf({ preferences, watched = [], marks = [] }: ViewerFilters): ViewerTaste | null {
  if (!preferences.hide_watched && !preferences.spoiler_safe) return null
  return { hideWatched: preferences.hide_watched, spoilerSafe: preferences.spoiler_safe, watched: new Set(watched.map(titleKeyOf)), furthest: furthestEpisode(marks) }
}

// Hide watched

function unwatched<T extends { id: number; media_type: string }>(items: T[], watched: Set<string>): T[] {
  return items.filter((item) => !watched.has(`${item.media_type}:${item.id}`))
}

/** A composed page's rows without the watched titles; a row left empty goes. */
export function unwatchedComposition(page: PageComposition, watched: Set<string>): PageComposition {
  const rows = page.rows.map((row) => ({ ...row, items: unwatched(row.items, watched) })).filter((row) => row.items.length > 0)
  return { ...page, rows }
}

/** A grid's page without the watched titles, filled from the pages after it (see keptPage). */
export function unwatchedPage<T extends Paged<ListItem>>(first: T, read: (page: number) => Promise<T>, watched: Set<string>): Promise<T> {
  return keptPage(first, read, (items) => unwatched(items, watched))
}

/**
 * A grid's page with only what `keep` keeps of it, topped up from the pages after it (FILL_PAGES
 * at most) until it holds as many as the page asked for did. Its `page` is the last page read, so
 * the grid asks for the one after that next and no title comes twice; its totals drop what was
 * left out.
 */
export async function keptPage<T extends Paged<ListItem>>(first: T, read: (page: number) => Promise<T>, keep: (items: ListItem[]) => ListItem[] | Promise<ListItem[]>): Promise<T> {
  const wanted = first.results.length
  let results = await keep(first.results)
  let removed = first.results.length - results.length
  let last = first
  for (let extra = 0; results.length < wanted && extra < FILL_PAGES && last.page < Math.min(last.total_pages, MAX_PAGE); extra++) {
    last = await read(last.page + 1)
    const kept = await keep(last.results)
    removed += last.results.length - kept.length
    results = results.concat(kept)
  }
  const whole = first.page === 1 && last.page >= last.total_pages
  return { ...first, page: last.page, results, total_results: whole ? results.length : Math.max(results.length, first.total_results - removed) }
}

/**
 * What a viewer's grids and rows leave out: the titles they watched, when they hide them, and those
 * above their profile's maturity ceiling (worker/catalog/ceiling.ts); null when nothing is.
 */
export function viewerKeep(provider: Pick<CatalogProvider, 'certifications'>, taste: ViewerTaste | null, ceiling: Ceiling): ((items: ListItem[]) => Promise<ListItem[]>) | null {
  const watched = taste?.hideWatched ? taste.watched : null
  if (!watched && ceiling === 'all') return null
  return (items) => ceilingItems(provider, ceiling, watched ? unwatched(items, watched) : items)
}

/** A composed page as the viewer sees it: without the titles they watched, when they hide them, nor those above their ceiling. */
export async function viewerComposition(provider: Pick<CatalogProvider, 'certifications'>, page: PageComposition, taste: ViewerTaste | null, ceiling: Ceiling): Promise<PageComposition> {
  const unseen = taste?.hideWatched ? unwatchedComposition(page, taste.watched) : page
  return ceilingComposition(provider, ceiling, unseen)
}

// Spoiler-safe

/** The furthest episode among a show's watched marks (specials, season 0, come before season 1). */
export function furthestEpisode(marks: WatchedMark[]): EpisodeNumber | null {
  let furthest: EpisodeNumber | null = null
  for (const { season_number, episode_number } of marks) {
    if (season_number === null || episode_number === null) continue
    if (!furthest || season_number > furthest.season_number || (season_number === furthest.season_number && episode_number > furthest.episode_number)) furthest = { season_number, episode_number }
  }
  return furthest
}

function isAfter(episode: Pick<Episode, 'season_number' | 'episode_number'>, furthest: EpisodeNumber | null): boolean {
  if (!furthest) return true
  return episode.season_number > furthest.season_number || (episode.season_number === furthest.season_number && episode.episode_number > furthest.episode_number)
}

/**
 * A season as a spoiler-safe viewer sees it: every episode after `furthest` (all of them before any
 * is watched) is its number over the season's art, except `reveal`, the one they asked to see.
 * Named "Episode 5" as the catalogue names an episode it has no name for, so every place that shows
 * the name shows the number in the viewer's language.
 */
export function spoilerSafeSeason(season: Season, furthest: EpisodeNumber | null, reveal?: number): Season {
  const hidden = (episode: Episode): Episode => ({ ...episode, name: `Episode ${episode.episode_number}`, overview: '', still_path: season.poster_path, hidden: true })
  return { ...season, episodes: season.episodes.map((episode) => (isAfter(episode, furthest) && episode.episode_number !== reveal ? hidden(episode) : episode)) }
}

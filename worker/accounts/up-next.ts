/**
 * Continue watching after an episode ends: a show whose last played episode was watched to its
 * end, or marked watched since it was played, is offered again at the next episode not watched
 * yet, from the start; a film marked watched since it was played leaves the row. The store knows
 * what was played and marked; only the catalogue knows how many episodes each season has, so the
 * next episode is found here, from the show's details (memoized and cached like any title).
 */
import type { CatalogProvider } from '../catalog/provider'
import { titleDetails } from '../catalog/provider'
import type { TvDetails } from '../catalog/types'
import { endsAnEpisode, type HistoryResult } from './history'
import { episodeKey } from './show-progress'
import type { WatchedMark } from './taste'

/** A Continue watching row as the store answers it: with the title's watched marks. */
export type ContinueEntry = HistoryResult & { watched_episodes?: WatchedMark[] }

/** A Continue watching entry; `up_next` marks the next episode of a show, offered from its start. */
export type ContinueResult = HistoryResult & { up_next?: true }

export interface EpisodeNumber {
  season_number: number
  episode_number: number
}

/**
 * The episode after `season`/`episode`: the next in its season, else the first of the next season
 * that has episodes (specials, season 0, are not part of the run). Null at the show's end, or when
 * the provider does not count a season's episodes.
 */
export function nextEpisode(show: Pick<TvDetails, 'seasons'>, season: number, episode: number): EpisodeNumber | null {
  const seasons = show.seasons.filter((s) => s.season_number > 0).sort((a, b) => a.season_number - b.season_number)
  const current = seasons.find((s) => s.season_number === season)
  if (current?.episode_count == null) return null
  if (episode < current.episode_count) return { season_number: season, episode_number: episode + 1 }
  const following = seasons.find((s) => s.season_number > season && s.episode_count !== 0)
  return following ? { season_number: following.season_number, episode_number: 1 } : null
}

/** The first episode after `season`/`episode` (as nextEpisode steps) that is not in `watched` (episodeKey's keys). */
export function nextUnwatched(show: Pick<TvDetails, 'seasons'>, season: number, episode: number, watched: ReadonlySet<string>): EpisodeNumber | null {
  let next = nextEpisode(show, season, episode)
  while (next && watched.has(episodeKey(next))) next = nextEpisode(show, next.season_number, next.episode_number)
  return next
}

/** Whether the row's own film or episode was marked watched after it was last played. */
function markedSincePlayed(entry: ContinueEntry): boolean {
  return (entry.watched_episodes ?? []).some(
    (mark) => mark.season_number === entry.season_number && mark.episode_number === entry.episode_number && mark.last_watched_at >= entry.watched_at,
  )
}

/**
 * The store's rows made into the row's cards: a show that ended an episode (or whose episode was
 * marked watched since) becomes its next episode not watched yet, or leaves the row when there is
 * none (or the catalogue cannot say now); a film marked watched since it was played leaves it.
 */
export async function withNextEpisodes(entries: ContinueEntry[], catalog: CatalogProvider): Promise<ContinueResult[]> {
  const cards = await Promise.all(
    entries.map(async ({ watched_episodes, ...entry }): Promise<ContinueResult | null> => {
      const marked = markedSincePlayed({ ...entry, watched_episodes })
      if (entry.content_type === 'movie') return marked ? null : entry
      const episodeMarked = marked && entry.season_number != null && entry.episode_number != null
      if (!endsAnEpisode(entry) && !episodeMarked) return entry
      const show = (await titleDetails(catalog, 'tv', entry.content_id).catch(() => null)) as TvDetails | null
      const watched = new Set((watched_episodes ?? []).map(episodeKey))
      const next = show && nextUnwatched(show, entry.season_number!, entry.episode_number!, watched)
      if (!next) return null
      return { ...entry, ...next, position: 0, total_duration: 0, up_next: true }
    }),
  )
  return cards.filter((card): card is ContinueResult => card !== null)
}

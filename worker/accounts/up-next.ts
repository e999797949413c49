/**
 * Continue watching after an episode ends: a show whose last played episode was watched to its
 * end (but was not the show's final one) is offered again at its next episode, from the start.
 * The store knows what was played; only the catalogue knows how many episodes each season has,
 * so the next episode is found here, from the show's details (memoized and cached like any title).
 */
import type { CatalogProvider } from '../catalog/provider'
import { titleDetails } from '../catalog/provider'
import type { TvDetails } from '../catalog/types'
import { endsAnEpisode, type HistoryResult } from './history'

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

/**
 * The store's rows made into the row's cards: a show that ended an episode becomes its next
 * episode, or leaves the row when there is none (or the catalogue cannot say now).
 */
export async function withNextEpisodes(entries: HistoryResult[], catalog: CatalogProvider): Promise<ContinueResult[]> {
  const cards = await Promise.all(
    entries.map(async (entry): Promise<ContinueResult | null> => {
      if (!endsAnEpisode(entry)) return entry
      const show = (await titleDetails(catalog, 'tv', entry.content_id).catch(() => null)) as TvDetails | null
      const next = show && nextEpisode(show, entry.season_number!, entry.episode_number!)
      if (!next) return null
      return { ...entry, ...next, position: 0, total_duration: 0, up_next: true }
    }),
  )
  return cards.filter((card): card is ContinueResult => card !== null)
}

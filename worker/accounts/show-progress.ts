/**
 * How far a viewer is through a show, from the catalogue's episodes and the viewer's watched marks
 * (worker/accounts/taste.ts): whether every aired episode (worker/catalog/aired.ts) of the regular
 * seasons (season 0 holds the specials) is watched, which makes the show finished.
 */
import { CatalogNotFoundError, type CatalogProvider } from '../catalog/provider'
import { hasAired, today } from '../catalog/aired'
import type { Season, TvDetails } from '../catalog/types'
import type { WatchedMark } from './taste'

/** A season's answer, or null when the catalogue has no such season. */
export async function seasonOrNull(catalog: CatalogProvider, showId: number, number: number): Promise<Season | null> {
  try {
    return await catalog.season(showId, number)
  } catch (err) {
    if (err instanceof CatalogNotFoundError) return null
    throw err
  }
}

export function episodeKey(mark: { season_number: number | null; episode_number: number | null }): string {
  return `${mark.season_number}:${mark.episode_number}`
}

/**
 * Whether every aired episode of the show's regular seasons is among `marks` (and at least one
 * has aired). Seasons are read in order and the answer comes at the first one short of that, so an
 * unwatched episode early in the show costs one season's answer (cached like any), often none.
 */
export async function everyEpisodeWatched(catalog: CatalogProvider, show: Pick<TvDetails, 'id' | 'seasons' | 'last_episode_to_air'>, marks: readonly WatchedMark[], day: string = today()): Promise<boolean> {
  const watched = new Set(marks.map(episodeKey))
  const seasons = show.seasons.filter((s) => s.season_number > 0).sort((a, b) => a.season_number - b.season_number)
  let aired = 0
  for (const summary of seasons) {
    const watchedHere = marks.filter((m) => m.season_number === summary.season_number).length
    // the premiere is the season's date: it has aired, and nothing of the season is watched
    if (summary.air_date && summary.air_date <= day && (summary.episode_count ?? 0) > 0 && watchedHere === 0) return false
    const season = await seasonOrNull(catalog, show.id, summary.season_number)
    for (const episode of season?.episodes ?? []) {
      if (!hasAired(episode, show, day)) continue
      if (!watched.has(episodeKey(episode))) return false
      aired += 1
    }
  }
  return aired > 0
}

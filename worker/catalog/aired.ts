/**
 * Whether an episode has aired, by the catalogue's dates. Pure, so the pages count a season's aired
 * episodes by the same rule as the API that marks them (worker/routes/watched.ts).
 */
import type { Episode, TvDetails } from './types'

/** Today as the catalogue dates episodes (YYYY-MM-DD, UTC). */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/**
 * Whether an episode has aired by `day`. A dated one by its date. An undated one: when the show
 * names its last aired episode (TMDB), by being no later than that; else by its season's date, and
 * without that too, as aired (the embedded catalogue dates only its seasons' premieres).
 */
export function hasAired(episode: Pick<Episode, 'season_number' | 'episode_number' | 'air_date'>, show: Pick<TvDetails, 'seasons' | 'last_episode_to_air'>, day: string): boolean {
  if (episode.air_date) return episode.air_date <= day
  const last = show.last_episode_to_air
  if (last) return episode.season_number < last.season_number || (episode.season_number === last.season_number && episode.episode_number <= last.episode_number)
  const season = show.seasons.find((s) => s.season_number === episode.season_number)
  return !season?.air_date || season.air_date <= day
}

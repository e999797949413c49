/**
 * Moving through a show's episodes in order: the next or previous episode of a selection, across
 * season boundaries by the seasons' episode counts (so no season's episode list need be loaded).
 * Specials (season 0) are a run of their own: stepping through them never lands in a regular
 * season, and stepping through the regular seasons skips them.
 */
import type { SeasonSummary } from '../../../worker/catalog/types'

export interface EpisodeRef {
  season: number
  episode: number
}

export function neighbourEpisode(seasons: Pick<SeasonSummary, 'season_number' | 'episode_count'>[], at: EpisodeRef, step: 1 | -1): EpisodeRef | null {
  const run = seasons
    .filter((s) => (s.episode_count ?? 0) > 0 && (at.season === 0 ? s.season_number === 0 : s.season_number >= 1))
    .sort((a, b) => a.season_number - b.season_number)
  const index = run.findIndex((s) => s.season_number === at.season)
  if (index < 0) return null
  const current = run[index]!
  const episode = at.episode + step
  if (episode >= 1 && episode <= (current.episode_count ?? 0)) return { season: at.season, episode }
  const neighbour = run[index + step]
  if (!neighbour) return null
  return { season: neighbour.season_number, episode: step === 1 ? 1 : (neighbour.episode_count ?? 1) }
}

const WHOLE = /^(0|[1-9][0-9]{0,5})$/

/**
 * The episode an address names (?season=2&episode=3), when the show has it; null otherwise, so a
 * mistyped or outdated link opens the show as usual.
 */
export function episodeFromQuery(params: URLSearchParams, seasons: Pick<SeasonSummary, 'season_number' | 'episode_count'>[]): EpisodeRef | null {
  const seasonText = params.get('season')
  const episodeText = params.get('episode') ?? '1'
  if (seasonText === null || !WHOLE.test(seasonText) || !WHOLE.test(episodeText)) return null
  const season = Number(seasonText)
  const episode = Number(episodeText)
  const known = seasons.find((s) => s.season_number === season)
  if (!known || episode < 1 || (!!known.episode_count && episode > known.episode_count)) return null
  return { season, episode }
}

/**
 * How seasons and episodes are named in the page's language: "Season 2, Episode 3" in full, the
 * short "S2 E3" after a show's name (the player, the share text), and the catalogue's placeholder
 * names. The embedded catalogue, like many TMDB entries, names a season or an episode only by its
 * number in English ("Season 2", "Episode 3"); such a name is shown in the page's language.
 */
import { t } from '../../i18n'
import type { EpisodeRef } from './episode-nav'

/** "Season 2, Episode 3", or "Season 2, Episode 3: The Name" when the episode's name is known. */
export function episodeLabel(at: EpisodeRef, episode?: { name: string }): string {
  return episode ? t('title.seasonEpisodeNamed', { season: at.season, episode: at.episode, name: episodeName(episode.name, at.episode) }) : t('title.seasonEpisode', { season: at.season, episode: at.episode })
}

/** A show's name with the episode: "Breaking Bad S2 E3". */
export function episodeShortTitle(title: string, at: EpisodeRef): string {
  return t('title.episodeShort', { title, season: at.season, episode: at.episode })
}

/** A season's name, or "Season 2" in the page's language when the catalogue names only its number. */
export function seasonName(season: { name: string; season_number: number }): string {
  return !season.name || season.name === `Season ${season.season_number}` ? t('title.seasonNumber', { season: season.season_number }) : season.name
}

/** An episode's name, or "Episode 3" in the page's language when the catalogue names only its number. */
export function episodeName(name: string, number: number): string {
  return name === `Episode ${number}` ? t('title.episodeNumber', { episode: number }) : name
}

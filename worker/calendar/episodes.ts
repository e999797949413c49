/**
 * The episodes of followed shows between two days, from the catalogue (its answers are cached:
 * TMDB's in KV, the embedded catalogue's in KV and the isolate). A show's details say which
 * seasons matter: with TMDB the seasons of its last aired and next episode
 * (`last_episode_to_air`, `next_episode_to_air`), else its latest season and the latest season it
 * dates; only those seasons are
 * asked for their episodes' air dates. A series' last air date stands for its last episode's when no
 * episode is dated as late (the embedded catalogue dates its series' premieres only). The calendar page, the iCal feed and the notices all read
 * this one list.
 */
import type { FollowedShow } from '../accounts/follows'
import { seasonOrNull } from '../accounts/show-progress'
import { CatalogNotFoundError, type CatalogProvider } from '../catalog/provider'
import type { Season, TvDetails } from '../catalog/types'

/** At most this many followed shows are looked up for one calendar (each costs one or two cached answers). */
export const CALENDAR_SHOW_LIMIT = 60

export interface CalendarEpisode {
  show_id: number
  show_title: string
  poster_path: string | null
  season_number: number
  episode_number: number
  /** The episode's name as the catalogue has it (no overview: nothing that could spoil it). */
  name: string
  air_date: string
}

export interface ShowEpisodes {
  /** Episodes with an air date from `from` to `to`, both included. */
  episodes: CalendarEpisode[]
  /** The latest episode with a known air date on or before `to`, whether in the window or not. */
  latest: CalendarEpisode | null
}

function seasonsToRead(show: TvDetails, to: string): number[] {
  const named = [show.last_episode_to_air?.season_number, show.next_episode_to_air?.season_number].filter((n): n is number => typeof n === 'number')
  if (named.length) return [...new Set(named)]
  const regular = show.seasons.filter((s) => s.season_number > 0).sort((a, b) => b.season_number - a.season_number)
  // the latest season, and the latest one the details date (a catalogue that dates only premieres)
  const dated = regular.find((s) => s.air_date && s.air_date <= to)
  return [...new Set([regular[0]?.season_number, dated?.season_number].filter((n): n is number => typeof n === 'number'))]
}

/** One show's episodes in the window, and its latest known one; null when the catalogue has no such show. */
export async function showEpisodes(catalog: CatalogProvider, followed: Pick<FollowedShow, 'content_id' | 'title' | 'poster_path'>, from: string, to: string): Promise<ShowEpisodes | null> {
  let show: TvDetails
  try {
    show = await catalog.tv(followed.content_id)
  } catch (err) {
    if (err instanceof CatalogNotFoundError) return null
    throw err
  }
  const seasons = (await Promise.all(seasonsToRead(show, to).map((n) => seasonOrNull(catalog, show.id, n)))).filter((s): s is Season => s !== null)
  const dated: CalendarEpisode[] = []
  for (const season of seasons) {
    for (const e of season.episodes) {
      if (!e.air_date || !/^\d{4}-\d{2}-\d{2}$/.test(e.air_date)) continue
      dated.push({
        show_id: show.id,
        show_title: show.name || followed.title,
        poster_path: show.poster_path ?? followed.poster_path,
        season_number: e.season_number,
        episode_number: e.episode_number,
        name: e.name,
        air_date: e.air_date,
      })
    }
  }
  // a next episode the season's answer does not list yet (TMDB adds them as they are announced)
  const next = show.next_episode_to_air
  if (next?.air_date && !dated.some((e) => e.season_number === next.season_number && e.episode_number === next.episode_number)) {
    dated.push({ show_id: show.id, show_title: show.name || followed.title, poster_path: show.poster_path ?? followed.poster_path, season_number: next.season_number, episode_number: next.episode_number, name: '', air_date: next.air_date })
  }
  // the series' last air date is the day its last episode aired, which a catalogue dating only its
  // premieres (the embedded one) knows from the series itself
  const lastSeason = show.seasons.filter((s) => s.season_number > 0 && (s.episode_count ?? 0) > 0).sort((a, b) => b.season_number - a.season_number)[0]
  if (show.last_air_date && /^\d{4}-\d{2}-\d{2}$/.test(show.last_air_date) && lastSeason?.episode_count && !dated.some((e) => e.air_date >= show.last_air_date!)) {
    const finale = seasons.find((s) => s.season_number === lastSeason.season_number)?.episodes.find((e) => e.episode_number === lastSeason.episode_count)
    dated.push({ show_id: show.id, show_title: show.name || followed.title, poster_path: show.poster_path ?? followed.poster_path, season_number: lastSeason.season_number, episode_number: lastSeason.episode_count, name: finale?.name ?? '', air_date: show.last_air_date })
  }
  dated.sort(byAirDate)
  const episodes = dated.filter((e) => e.air_date >= from && e.air_date <= to)
  const aired = dated.filter((e) => e.air_date <= to)
  return { episodes, latest: aired[aired.length - 1] ?? null }
}

export function byAirDate(a: CalendarEpisode, b: CalendarEpisode): number {
  return a.air_date.localeCompare(b.air_date) || a.show_title.localeCompare(b.show_title) || a.show_id - b.show_id || a.season_number - b.season_number || a.episode_number - b.episode_number
}

/** Every followed show's episodes from `from` to `to` (the first CALENDAR_SHOW_LIMIT shows), in air-date order. */
export async function followedEpisodes(catalog: CatalogProvider, shows: readonly FollowedShow[], from: string, to: string): Promise<{ episodes: CalendarEpisode[]; latest: CalendarEpisode[] }> {
  // One show the catalogue cannot answer for now leaves the others' episodes; all failing is an error.
  const settled = await Promise.allSettled(shows.slice(0, CALENDAR_SHOW_LIMIT).map((show) => showEpisodes(catalog, show, from, to)))
  const failed = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed.length > 0 && failed.length === settled.length) throw failed[0]!.reason
  if (failed.length > 0) console.error(JSON.stringify({ level: 'warn', message: 'calendar: shows left out', count: failed.length, error: String(failed[0]!.reason) }))
  const found = settled.flatMap((r) => (r.status === 'fulfilled' && r.value !== null ? [r.value] : []))
  return {
    episodes: found.flatMap((a) => a.episodes).sort(byAirDate),
    latest: found.flatMap((a) => (a.latest ? [a.latest] : [])).sort(byAirDate),
  }
}

/**
 * A fake TMDB for the calendar, the feed and the notices, at the network boundary
 * (tmdb-boundary.ts): series whose episodes air on days given relative to today (UTC), answered
 * as TMDB's /tv/{id} (with `last_episode_to_air` and `next_episode_to_air`) and
 * /tv/{id}/season/{n} answer them. Requests for the worker with the fake's key go through
 * `callTmdb` (the worker with a TMDB key in its bindings).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import worker from '../../index'
import { addDays } from '../../calendar/dates'
import { answerTmdbWith } from './tmdb-boundary'

export const TMDB_KEY = 'tmdb-test-key-for-the-calendar'

export interface FakeShow {
  id: number
  name: string
  season: number
  /** Each episode's air day, as days after today (UTC); negative for days past, null for no date yet. */
  episodes: (number | null)[]
  /** Streaming services carrying it in the US: TMDB watch provider ids and names. */
  streaming?: { id: number; name: string }[]
}

export function today(): string {
  return new Date().toISOString().slice(0, 10)
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function airDay(offset: number | null): string | null {
  return offset === null ? null : addDays(today(), offset)
}

/** TMDB's answers for `shows`; every other title is unknown (404). */
export function airingTmdb(shows: FakeShow[]): (url: URL) => Response {
  return (url) => {
    const path = url.pathname.replace(/^\/3/, '')
    const detail = /^\/tv\/(\d+)$/.exec(path)
    const season = /^\/tv\/(\d+)\/season\/(\d+)$/.exec(path)
    const providers = /^\/tv\/(\d+)\/watch\/providers$/.exec(path)
    const show = shows.find((s) => s.id === Number((detail ?? season ?? providers)?.[1]))
    if (!show) return json({ success: false, status_code: 34, status_message: 'The resource you requested could not be found.' }, 404)
    if (providers) {
      const flatrate = (show.streaming ?? []).map((p, i) => ({ provider_id: p.id, provider_name: p.name, logo_path: `/logo${p.id}.jpg`, display_priority: i }))
      return json({ id: show.id, results: flatrate.length ? { US: { link: `https://www.themoviedb.org/tv/${show.id}/watch?locale=US`, flatrate } } : {} })
    }
    const episodes = show.episodes.map((offset, i) => ({ id: show.id * 1000 + i + 1, season_number: show.season, episode_number: i + 1, name: `Chapter ${i + 1}`, overview: `Spoiler of chapter ${i + 1}`, air_date: airDay(offset), still_path: null, runtime: 50 }))
    if (season) {
      if (Number(season[2]) !== show.season) return json({ success: false, status_code: 34, status_message: 'The resource you requested could not be found.' }, 404)
      return json({ id: show.id * 10, name: `Season ${show.season}`, season_number: show.season, air_date: episodes[0]?.air_date ?? null, overview: '', poster_path: null, episodes })
    }
    const t = today()
    const aired = episodes.filter((e) => e.air_date !== null && e.air_date <= t)
    const coming = episodes.filter((e) => e.air_date !== null && e.air_date > t)
    return json({
      id: show.id,
      name: show.name,
      original_name: show.name,
      first_air_date: '2020-01-01',
      overview: `About ${show.name}`,
      poster_path: `/poster${show.id}.jpg`,
      backdrop_path: null,
      genres: [{ id: 18, name: 'Drama' }],
      vote_average: 8,
      vote_count: 1000,
      episode_run_time: [50],
      number_of_seasons: show.season,
      number_of_episodes: episodes.length,
      seasons: [{ id: show.id * 10, name: `Season ${show.season}`, season_number: show.season, episode_count: episodes.length, air_date: episodes[0]?.air_date ?? null, poster_path: null, overview: '' }],
      last_episode_to_air: aired.at(-1) ?? null,
      next_episode_to_air: coming[0] ?? null,
      networks: [],
      credits: { cast: [], crew: [] },
      similar: { page: 1, results: [], total_pages: 1, total_results: 0 },
      videos: { results: [] },
      content_ratings: { results: [] },
    })
  }
}

/** Answers TMDB's calls for `shows` at the network boundary; answers the addresses asked. */
export function fakeAiringTmdb(shows: FakeShow[], asked: URL[] = []): URL[] {
  answerTmdbWith(airingTmdb(shows), asked)
  return asked
}

/** A request through the worker with TMDB as its catalogue (and `bindings` besides). */
export async function callTmdb(path: string, init: { cookie?: string; method?: string; body?: unknown } = {}, bindings: Record<string, string> = {}): Promise<Response> {
  const headers = new Headers()
  if (init.cookie) headers.set('Cookie', init.cookie)
  if (init.body !== undefined) headers.set('Content-Type', 'application/json')
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`http://localhost${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }), { ...env, TMDB_API_KEY: TMDB_KEY, ...bindings }, ctx)
  const body = await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return new Response(body, { status: res.status, headers: res.headers })
}

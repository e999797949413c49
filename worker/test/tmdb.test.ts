// The TMDB provider against a fake TMDB at the network boundary (the isolate's fetch, which the
// provider calls for api.themoviedb.org): KV caching, stale-while-revalidate, failures, coalescing,
// the business rules on TMDB answers, and the key never leaving the worker.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FRESH_SECONDS, readCached, tmdbCacheKey, writeCached } from '../cache'
import type { ListItem, MovieDetails, PageComposition, Paged } from '../catalog/types'
import worker from '../index'

const KEY = 'tmdb-secret-key-0123456789'
const TOKEN = 'tmdb-read-token-abcdefghij'

type Answer = Response | Promise<Response>
let upstream: URL[] = []
let headersSeen: Headers[] = []
let respond: (url: URL, init?: RequestInit) => Answer

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function idFrom(text: string): number {
  let h = 7
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 100_000
  return h + 1
}

/** A small, deterministic TMDB: enough of v3 for every call the provider makes. */
function fakeTmdb(url: URL): Response {
  const path = url.pathname.replace(/^\/3/, '')
  const page = Number(url.searchParams.get('page') ?? '1')
  const detail = /^\/(movie|tv)\/(\d+)$/.exec(path)
  if (detail) {
    const [, type, id] = detail
    if (id === '404404') return json({ success: false, status_message: 'The resource you requested could not be found.' }, 404)
    const cast = ['Ada One', 'Ben Two', 'Cy Three', 'Di Four'].map((name, order) => ({ id: order + 1, name, character: 'Role', profile_path: `/p${order}.jpg`, order }))
    return json({
      id: Number(id),
      ...(type === 'movie'
        ? { title: `Film ${id}`, release_date: '2020-01-01', runtime: 111, release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'PG', type: 3 }] }] } }
        : { name: `Show ${id}`, first_air_date: '2019-05-05', episode_run_time: [42], seasons: [{ id: 9, name: 'Season 1', season_number: 1, episode_count: 8 }], content_ratings: { results: [{ iso_3166_1: 'US', rating: 'TV-Y' }] } }),
      overview: `About ${id}`,
      genres: [{ id: 28, name: 'Action' }, { id: 12, name: 'Adventure' }, { id: 35, name: 'Comedy' }, { id: 18, name: 'Drama' }],
      vote_average: 7.5,
      vote_count: 5000,
      credits: { cast, crew: [{ id: 99, name: 'Dee Rector', job: 'Director', department: 'Directing' }] },
      similar: { page: 1, results: [{ id: 5, title: 'Alike', vote_average: 6, vote_count: 10 }], total_pages: 1, total_results: 1 },
      videos: { results: [{ id: 'v1', key: 'abc', name: 'Trailer', site: 'YouTube', type: 'Trailer', official: true }] },
    })
  }
  const media = path.includes('/tv') ? 'tv' : 'movie'
  const results: Array<Record<string, unknown>> = Array.from({ length: 20 }, (_, i) => {
    const id = idFrom(`${path}${page}`) * 100 + i
    const base = { id, overview: i === 1 ? 'A classic anime adventure' : `Overview ${i}`, vote_average: 9 - i * 0.2, vote_count: i % 4 === 0 ? 500 : 4000, popularity: 100 - i, genre_ids: [18], original_language: i % 2 ? 'ko' : 'en' }
    const releaseIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
    return media === 'tv' || (path.startsWith('/trending/all') && i % 2)
      ? { ...base, name: `Series ${id}`, first_air_date: '2021-01-01', media_type: 'tv' }
      : { ...base, title: `${String.fromCharCode(65 + (i % 26))}movie ${id}`, release_date: releaseIn(i * 3 - 10), media_type: 'movie' }
  })
  if (path === '/search/multi' || path.startsWith('/trending/all')) results.push({ id: 1, name: 'A Person', media_type: 'person', known_for: [] })
  return json({ page, results, total_pages: 40, total_results: 800 })
}

beforeEach(() => {
  upstream = []
  headersSeen = []
  respond = fakeTmdb
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.hostname !== 'api.themoviedb.org') throw new Error(`unexpected fetch to ${url.hostname}`)
    upstream.push(url)
    headersSeen.push(new Headers(init?.headers))
    return respond(url, init)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function call(path: string, secrets: Record<string, string> = { TMDB_API_KEY: KEY }) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`http://localhost/api/catalog${path}`), { ...env, ...secrets }, ctx)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  return { status: res.status, text, headers: res.headers, body: JSON.parse(text) as unknown }
}

const DETAILS = { append_to_response: 'credits,similar,videos,release_dates' }

describe('TMDB provider: caching', () => {
  it('answers from a fresh KV entry without calling TMDB', async () => {
    await writeCached(env.CACHE, tmdbCacheKey('/movie/603', DETAILS), { id: 603, title: 'Cached Film', genres: [], credits: { cast: [], crew: [] } }, 'details')
    const { status, body } = await call('/movie/603')
    expect(status).toBe(200)
    expect((body as MovieDetails).title).toBe('Cached Film')
    expect(upstream).toHaveLength(0)
  })

  it('fetches a miss once, with the key, and caches it under a key without it', async () => {
    const first = await call('/movie/604')
    expect(first.status).toBe(200)
    expect((first.body as MovieDetails).title).toBe('Film 604')
    expect(upstream).toHaveLength(1)
    expect(upstream[0]!.pathname).toBe('/3/movie/604')
    expect(upstream[0]!.searchParams.get('api_key')).toBe(KEY)
    expect(upstream[0]!.searchParams.get('append_to_response')).toBe('credits,similar,videos,release_dates')
    const second = await call('/movie/604')
    expect(second.body).toEqual(first.body)
    expect(upstream).toHaveLength(1)
    const keys = (await env.CACHE.list({ prefix: 'v1:catalog:' })).keys.map((k) => k.name)
    expect(keys).toContain('v1:catalog:tmdb:/movie/604?append_to_response=credits%2Csimilar%2Cvideos%2Crelease_dates')
    expect(keys.some((k) => k.includes(KEY))).toBe(false)
  })

  it('serves a stale answer at once and refreshes it in the background', async () => {
    const key = tmdbCacheKey('/movie/605', DETAILS)
    const twoDaysAgo = Date.now() - 2 * FRESH_SECONDS.details * 1000
    await writeCached(env.CACHE, key, { id: 605, title: 'Old Title', genres: [], credits: { cast: [], crew: [] } }, 'details', twoDaysAgo)
    const stale = await call('/movie/605')
    expect((stale.body as MovieDetails).title).toBe('Old Title')
    expect(upstream).toHaveLength(1)
    const entry = await readCached<{ title: string }>(env.CACHE, key)
    expect(entry?.data.title).toBe('Film 605')
    expect(entry!.fetchedAt).toBeGreaterThan(twoDaysAgo)
    const fresh = await call('/movie/605')
    expect((fresh.body as MovieDetails).title).toBe('Film 605')
    expect(upstream).toHaveLength(1)
  })

  it('keeps serving stale answers when TMDB fails or rate-limits', async () => {
    const key = tmdbCacheKey('/movie/popular', { page: '7' })
    const old = { page: 7, results: [{ id: 42, title: 'Kept', vote_average: 7, vote_count: 2000 }], total_pages: 9, total_results: 180 }
    await writeCached(env.CACHE, key, old, 'list', Date.now() - 3 * 24 * 3600 * 1000)
    respond = () => json({ status_message: 'Too many requests' }, 429)
    const res = await call('/lists/movie-popular?page=7')
    expect(res.status).toBe(200)
    expect((res.body as Paged<ListItem>).results[0]).toMatchObject({ id: 42, title: 'Kept', media_type: 'movie' })
    expect((await readCached<typeof old>(env.CACHE, key))?.data).toEqual(old)
  })

  it('a burst of identical requests makes one upstream call', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    respond = async (url) => {
      await gate
      return fakeTmdb(url)
    }
    const burst = Array.from({ length: 8 }, () => call('/lists/movie-popular?page=3'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    const answers = await Promise.all(burst)
    expect(upstream).toHaveLength(1)
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(answers[0]!.body)
    }
  })
})

describe('TMDB provider: failures', () => {
  it('TMDB down with nothing cached gives a clear 502 JSON error', async () => {
    respond = () => {
      throw new TypeError('network connection lost')
    }
    const res = await call('/search?query=nothing%20cached')
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toContain('application/json')
    // an outage must not outlive itself in browsers and shared caches
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((res.body as { error: string }).error).toMatch(/movie database/i)
    respond = () => json({ status_message: 'Internal error' }, 500)
    expect((await call('/lists/tv-popular?page=9')).status).toBe(502)
  })

  it('a page survives one failing row, is not cached then, and fails only when every row fails', async () => {
    respond = (url) => (url.pathname === '/3/movie/upcoming' ? json({ status_message: 'Internal error' }, 503) : fakeTmdb(url))
    const first = await call('/pages/movies')
    expect(first.status).toBe(200)
    const rows = (first.body as PageComposition).rows
    expect(rows.find((r) => r.key === 'coming-soon')?.items).toEqual([])
    expect(rows.filter((r) => r.key !== 'coming-soon').every((r) => r.items.length > 0)).toBe(true)
    const before = upstream.filter((u) => u.pathname === '/3/movie/upcoming').length
    await call('/pages/movies')
    expect(upstream.filter((u) => u.pathname === '/3/movie/upcoming').length).toBe(before + 1)
    respond = () => json({ status_message: 'Internal error' }, 500)
    const down = await call('/pages/tv?service=peacock')
    expect(down.status, down.text.slice(0, 300)).toBe(502)
    expect((down.body as { error: string }).error).toMatch(/movie database/i)
  })

  it('a title TMDB does not know answers 404', async () => {
    const res = await call('/movie/404404')
    expect(res.status).toBe(404)
    expect((res.body as { error: string }).error).toBeTruthy()
  })

  it(
    'gives up on TMDB after about 4 seconds',
    async () => {
      respond = (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')))
        })
      const started = Date.now()
      const res = await call('/lists/tv-top-rated?page=11')
      expect(res.status).toBe(502)
      expect(Date.now() - started).toBeGreaterThanOrEqual(3900)
      expect(Date.now() - started).toBeLessThan(8000)
    },
    15_000,
  )

  it('the key and the read token never appear in any answer', async () => {
    respond = (url) => (url.pathname.includes('/tv/') ? json({ status_message: `Invalid API key: ${KEY}` }, 401) : fakeTmdb(url))
    const paths = ['/movie/606', '/lists/trending-all?page=4', '/search?query=leak', '/tv/607', '/discover/movie?with_genres=28&page=5', '/pages/kids']
    for (const path of paths) {
      const res = await call(path)
      expect(res.text, path).not.toContain(KEY)
      for (const [, value] of res.headers) expect(value).not.toContain(KEY)
    }
    expect((await call('/tv/607')).status).toBe(502)
    const withToken = await call('/movie/608', { TMDB_READ_TOKEN: TOKEN })
    expect(withToken.status).toBe(200)
    expect(withToken.text).not.toContain(TOKEN)
    expect(upstream.at(-1)!.searchParams.has('api_key')).toBe(false)
    expect(headersSeen.at(-1)!.get('authorization')).toBe(`Bearer ${TOKEN}`)
  })
})

describe('TMDB provider: the business rules', () => {
  it('search keeps only films and series', async () => {
    const res = await call('/search?query=mixed')
    const results = (res.body as Paged<ListItem>).results
    expect(results.length).toBe(20)
    expect(results.every((r) => r.media_type === 'movie' || r.media_type === 'tv')).toBe(true)
    expect(upstream[0]!.pathname).toBe('/3/search/multi')
  })

  it('drops titles TMDB marks adult from lists that cannot ask it to leave them out', async () => {
    respond = (url) =>
      url.pathname === '/3/trending/all/week'
        ? json({ page: 1, results: [{ id: 31, title: 'Grown-up Film', media_type: 'movie', adult: true, vote_average: 6, vote_count: 50 }, { id: 32, title: 'Family Film', media_type: 'movie', adult: false, vote_average: 7, vote_count: 900 }], total_pages: 1, total_results: 2 })
        : fakeTmdb(url)
    const res = await call('/lists/trending-all?page=12')
    expect((res.body as Paged<ListItem>).results.map((r) => r.id)).toEqual([32])
  })

  it('top rated asks for and keeps only titles with 1000 votes, best first', async () => {
    const res = await call('/top-rated/movie?page=2')
    const results = (res.body as Paged<ListItem>).results
    expect(upstream[0]!.pathname).toBe('/3/discover/movie')
    expect(upstream[0]!.searchParams.get('vote_count.gte')).toBe('1000')
    expect(upstream[0]!.searchParams.get('sort_by')).toBe('vote_average.desc')
    expect(results.length).toBeGreaterThan(0)
    expect(results.every((r) => r.vote_count >= 1000)).toBe(true)
    const ratings = results.map((r) => r.vote_average)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
  })

  it('upcoming keeps release dates after today and within a month', async () => {
    const res = await call('/lists/movie-upcoming?page=6')
    const today = new Date().toISOString().slice(0, 10)
    const limit = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10)
    const results = (res.body as Paged<ListItem>).results
    expect(results.length).toBeGreaterThan(0)
    expect(results.length).toBeLessThan(20)
    for (const r of results) expect(r.release_date! > today && r.release_date! <= limit).toBe(true)
  })

  it('K-Drama and kids presets and the platform filter become TMDB parameters and filters', async () => {
    const kdrama = await call('/discover/tv?preset=kdrama&page=8')
    const kdramaUrl = upstream.at(-1)!
    expect(kdramaUrl.searchParams.get('with_original_language')).toBe('ko')
    expect(kdramaUrl.searchParams.get('vote_count.gte')).toBe('100')
    const shows = (kdrama.body as Paged<ListItem>).results
    expect(shows.length).toBeGreaterThan(0)
    expect(shows.every((s) => s.original_language === 'ko' && !/anime/i.test(s.overview))).toBe(true)

    await call('/discover/movie?preset=kids&with_genres=10751&page=8')
    const kidsUrl = upstream.at(-1)!
    expect(kidsUrl.searchParams.get('vote_average.gte')).toBe('6')
    expect(kidsUrl.searchParams.get('certification_country')).toBe('US')
    expect(kidsUrl.searchParams.get('certification')).toBe('G|PG')
    expect(kidsUrl.searchParams.has('certification.lte')).toBe(false)
    expect(kidsUrl.searchParams.get('include_adult')).toBe('false')
    expect(kidsUrl.searchParams.get('without_genres')).toBe('27,53')

    const page = await call('/pages/tv?service=netflix')
    expect(page.status).toBe(200)
    const discoverCalls = upstream.filter((u) => u.pathname === '/3/discover/tv' && u.searchParams.has('with_watch_providers'))
    expect(discoverCalls.length).toBeGreaterThan(5)
    // Netflix is every plan of it TMDB lists apart (with ads, kids).
    expect(discoverCalls.every((u) => u.searchParams.get('with_watch_providers') === '8|1796|175' && u.searchParams.get('watch_region') === 'US')).toBe(true)
    // The platform narrows films too: a row of the films on it, and no notice.
    const films = upstream.filter((u) => u.pathname === '/3/discover/movie' && u.searchParams.get('with_watch_providers') === '8|1796|175')
    expect(films.length).toBe(1)
    const composition = page.body as PageComposition
    expect(composition.rows.find((r) => r.key === 'platform-movies')?.title).toBe('Movies on Netflix')
    expect(composition.rows.find((r) => r.key === 'platform-movies')?.items.every((i) => i.media_type === 'movie')).toBe(true)
    expect(composition.notice).toBeUndefined()
  })

  it('On my services: every row of home becomes a discover call on the services in the chosen region, films included', async () => {
    const res = await call('/pages/home?on=337,8&region=gb')
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    const composition = res.body as PageComposition
    const discover = upstream.filter((u) => u.pathname.startsWith('/3/discover/'))
    // Nothing but discover calls on the services (and the hero's details): no unnarrowed list.
    expect(upstream.filter((u) => !u.pathname.startsWith('/3/discover/') && !/^\/3\/(movie|tv)\/\d+$/.test(u.pathname))).toEqual([])
    expect(discover.length).toBeGreaterThan(8)
    expect(discover.every((u) => u.searchParams.get('with_watch_providers') === '8|1796|175|337' && u.searchParams.get('watch_region') === 'GB')).toBe(true)
    expect(discover.some((u) => u.pathname === '/3/discover/movie')).toBe(true)
    expect(composition.narrowedTo).toEqual({ on: [8, 337], region: 'GB' })
    expect(composition.notice).toBeUndefined()
    expect(composition.rows.some((r) => r.items.some((i) => i.media_type === 'movie'))).toBe(true)
    // Cinema rows are on no service yet.
    expect(composition.rows.map((r) => r.key)).not.toContain('now-playing')
    expect(composition.rows.map((r) => r.key)).not.toContain('coming-soon')
    // Top rated keeps its order and its vote threshold on the services.
    const topRated = discover.filter((u) => u.searchParams.get('sort_by') === 'vote_average.desc')
    expect(topRated.length).toBeGreaterThan(0)
    expect(topRated.every((u) => u.searchParams.get('vote_count.gte') === '1000')).toBe(true)

    // Another region is another page (and other calls), not the GB one from cache.
    upstream = []
    const us = await call('/pages/home?on=8,337&region=US')
    expect((us.body as PageComposition).narrowedTo).toEqual({ on: [8, 337], region: 'US' })
    expect(upstream.filter((u) => u.pathname.startsWith('/3/discover/')).every((u) => u.searchParams.get('watch_region') === 'US')).toBe(true)
    expect(upstream.length).toBeGreaterThan(0)
  })

  it('kids series need TMDB\'s Kids genre (discover/tv has no certification filter)', async () => {
    const lastDiscover = () => upstream.filter((u) => u.pathname === '/3/discover/tv').at(-1)!
    // The fake answers series of genre 18 only, except where a test gives some the Kids genre.
    respond = (url) => {
      const answer = fakeTmdb(url)
      if (url.pathname !== '/3/discover/tv') return answer
      return answer.json().then((body) => {
        const paged = body as { results: Array<Record<string, unknown>> }
        paged.results.forEach((r, i) => (r.genre_ids = i % 3 === 0 ? [10762, 99] : i % 3 === 1 ? [10762, 16] : [99]))
        return json(paged)
      })
    }
    const shows = (await call('/discover/tv?preset=kids&page=3')).body as Paged<ListItem>
    const showsUrl = lastDiscover()
    expect(showsUrl.searchParams.get('with_genres')).toBe('10762')
    expect(showsUrl.searchParams.has('certification')).toBe(false)
    expect(shows.results.length).toBeGreaterThan(0)
    expect(shows.results.every((s) => s.genre_ids.includes(10762))).toBe(true)

    await call('/discover/tv?preset=kids&with_genres=16&page=3')
    expect(lastDiscover().searchParams.get('with_genres')).toBe('16,10762')

    const documentaries = (await call('/discover/tv?preset=kids&with_genres=99|16&page=4')).body as Paged<ListItem>
    expect(lastDiscover().searchParams.get('with_genres')).toBe('10762')
    expect(documentaries.results.length).toBeGreaterThan(0)
    expect(documentaries.results.every((s) => s.genre_ids.includes(10762) && (s.genre_ids.includes(99) || s.genre_ids.includes(16)))).toBe(true)

    // The kids page's Educational TV row asks exactly this.
    const educational = (await call('/discover/tv?preset=kids&with_genres=10762|99&page=5')).body as Paged<ListItem>
    expect(lastDiscover().searchParams.get('with_genres')).toBe('10762')
    expect(educational.results.length).toBeGreaterThan(0)
    expect(educational.results.every((s) => s.genre_ids.includes(10762))).toBe(true)
  })

  it('composes the home page from TMDB with hero details, then answers it from cache', async () => {
    const first = await call('/pages/home')
    expect(first.status).toBe(200)
    const page = first.body as PageComposition
    expect(page.rows).toHaveLength(17)
    for (const row of page.rows) expect(row.items.length, row.title).toBeGreaterThan(0)
    // TMDB's dates are live: no row carries a snapshot note.
    expect(page.rows.filter((r) => r.note !== undefined)).toEqual([])
    expect(page.hero).toHaveLength(5)
    expect(page.hero[0]!.cast).toEqual(['Ada One', 'Ben Two', 'Cy Three'])
    expect(page.hero[0]!.genres).toEqual(['Action', 'Adventure', 'Comedy'])
    expect(upstream.some((u) => u.pathname === '/3/trending/all/week')).toBe(true)
    const calls = upstream.length
    const again = await call('/pages/home')
    expect(again.body).toEqual(first.body)
    expect(upstream).toHaveLength(calls)
  })
})

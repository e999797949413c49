// The TMDB provider's manners towards TMDB, with TMDB faked at the network boundary (the isolate's
// fetch) and real requests sent in parallel through the worker: the per-isolate limit on calls in
// flight and per second, 429 answers retried after their Retry-After (within bounds), one call per
// key for a burst of visitors, and the configurable API base and image host (with the page CSP).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RateLimiter, retryAfterMs, SLOT_LEASE_MS } from '../catalog/tmdb-limiter'
import type { MovieDetails } from '../catalog/types'
import worker from '../index'

type Answer = Response | Promise<Response>
let upstream: URL[] = []
let started: number[] = []
let inFlight = 0
let maxInFlight = 0
let respond: (url: URL) => Answer

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}

function movie(id: number): Record<string, unknown> {
  return { id, title: `Film ${id}`, backdrop_path: `/b${id}.jpg`, release_date: '2020-01-01', runtime: 100, genres: [], vote_average: 7, vote_count: 2000, credits: { cast: [], crew: [] } }
}

function list(url: URL): Response {
  const page = Number(url.searchParams.get('page') ?? '1')
  const results = Array.from({ length: 20 }, (_, i) => ({ id: page * 1000 + i, title: `T${i}`, name: `S${i}`, media_type: 'movie', vote_average: 7, vote_count: 2000, genre_ids: [18], release_date: '2020-01-01', first_air_date: '2020-01-01' }))
  return json({ page, results, total_pages: 400, total_results: 8000 })
}

function fakeTmdb(url: URL): Response {
  const detail = /\/3\/(movie|tv)\/(\d+)$/.exec(url.pathname)
  if (detail) return json({ ...movie(Number(detail[2])), name: `Show ${detail[2]}`, seasons: [] })
  return list(url)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeEach(() => {
  upstream = []
  started = []
  inFlight = 0
  maxInFlight = 0
  respond = fakeTmdb
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    upstream.push(url)
    started.push(Date.now())
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    try {
      return await respond(url)
    } finally {
      inFlight -= 1
    }
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})

const TMDB = { TMDB_READ_TOKEN: 'read-token-for-tests' }

async function call(path: string, vars: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`http://localhost${path}`, { headers }), { ...env, ...TMDB, ...vars }, ctx)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  return { status: res.status, text, headers: res.headers }
}

describe('TMDB rate limit', () => {
  it('keeps at most 8 calls in flight and starts at most 20 a second after a burst of 20', async () => {
    respond = async (url) => {
      await sleep(30)
      return fakeTmdb(url)
    }
    const t0 = Date.now()
    const ids = Array.from({ length: 45 }, (_, i) => 7000 + i)
    const answers = await Promise.all(ids.map((id) => call(`/api/catalog/movie/${id}`)))
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200))
    expect(upstream).toHaveLength(45)
    expect(maxInFlight).toBeGreaterThan(1)
    expect(maxInFlight).toBeLessThanOrEqual(8)
    // 20 at once, then 20 a second: the 45th call cannot start before about 1.25 s.
    expect(Math.max(...started) - t0).toBeGreaterThanOrEqual(1100)
    const firstSecond = started.filter((t) => t - t0 < 1000).length
    expect(firstSecond).toBeLessThanOrEqual(41)
  })

  it('a burst of visitors to the same pages makes one upstream call per key', async () => {
    respond = async (url) => {
      await sleep(40)
      return fakeTmdb(url)
    }
    const paths = ['/api/catalog/movie/8101', '/api/catalog/lists/movie-popular?page=2', '/api/catalog/search?query=burst']
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => call(paths[i % paths.length]!)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(upstream.map((u) => u.pathname).sort()).toEqual(['/3/movie/8101', '/3/movie/popular', '/3/search/movie', '/3/search/multi', '/3/search/tv'])
    const [first] = answers
    expect(answers.filter((a) => a.text === first!.text)).toHaveLength(8)
  })

  it('a burst of visitors to a composed page never asks TMDB the same thing twice', async () => {
    respond = async (url) => {
      await sleep(20)
      return fakeTmdb(url)
    }
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('/api/catalog/pages/movies')))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const asked = upstream.map((u) => `${u.pathname}?${[...u.searchParams].sort().join('&')}`)
    expect(asked.length).toBeGreaterThan(5)
    expect(new Set(asked).size).toBe(asked.length)
  })

  it('retries a 429 after its Retry-After and answers', async () => {
    let refused = 0
    respond = (url) => {
      if (url.pathname === '/3/movie/8201' && refused < 1) {
        refused += 1
        return json({ success: false, status_code: 25, status_message: 'Your request count (41) is over the allowed limit of 40.' }, 429, { 'Retry-After': '1' })
      }
      return fakeTmdb(url)
    }
    const t0 = Date.now()
    const res = await call('/api/catalog/movie/8201')
    expect(res.status).toBe(200)
    expect((JSON.parse(res.text) as MovieDetails).title).toBe('Film 8201')
    expect(upstream.filter((u) => u.pathname === '/3/movie/8201')).toHaveLength(2)
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(950)
    expect(Date.now() - t0).toBeLessThan(4000)
  })

  it('holds every call of the isolate back while TMDB asks it to wait', async () => {
    let refused = false
    respond = (url) => {
      if (url.pathname === '/3/movie/8301' && !refused) {
        refused = true
        return json({ success: false, status_code: 25 }, 429, { 'Retry-After': '1' })
      }
      return fakeTmdb(url)
    }
    const first = call('/api/catalog/movie/8301')
    await sleep(100)
    const other = await call('/api/catalog/movie/8302')
    expect(other.status).toBe(200)
    expect((await first).status).toBe(200)
    // The unrelated call started only once the pause had passed.
    const startOf = (path: string) => started[upstream.findIndex((u) => u.pathname === path)]!
    expect(startOf('/3/movie/8302')).toBeGreaterThanOrEqual(started[0]! + 950)
  })

  it('gives up after two retries', async () => {
    respond = (url) => (url.pathname === '/3/movie/8401' ? json({ success: false, status_code: 25 }, 429, { 'Retry-After': '1' }) : fakeTmdb(url))
    const res = await call('/api/catalog/movie/8401')
    expect(res.status).toBe(502)
    expect((JSON.parse(res.text) as { error: string }).error).toMatch(/movie database/i)
    expect(upstream.filter((u) => u.pathname === '/3/movie/8401')).toHaveLength(3)
  }, 10_000)

  it('does not wait out a long Retry-After: the call fails at once, and so do others until it passes', async () => {
    respond = (url) => (url.pathname === '/3/movie/8501' ? json({ success: false, status_code: 25 }, 429, { 'Retry-After': '4' }) : fakeTmdb(url))
    const t0 = Date.now()
    const res = await call('/api/catalog/movie/8501')
    expect(res.status).toBe(502)
    expect(Date.now() - t0).toBeLessThan(1500)
    const held = await call('/api/catalog/movie/8502')
    expect(held.status).toBe(502)
    expect(upstream.map((u) => u.pathname)).toEqual(['/3/movie/8501'])
    await sleep(4100)
    expect((await call('/api/catalog/movie/8502')).status).toBe(200)
  }, 15_000)
})

describe('Retry-After', () => {
  it('reads delta seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('2', now)).toBe(2000)
    expect(retryAfterMs(' 0 ', now)).toBe(0)
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000)
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0)
    expect(retryAfterMs(null, now)).toBeNull()
    expect(retryAfterMs('soon', now)).toBeNull()
    expect(retryAfterMs('-1', now)).toBeNull()
  })
})

describe('TMDB_API_BASE and TMDB_IMAGE_BASE', () => {
  const proxy = { TMDB_API_BASE: 'https://tmdb-proxy.example/tmdb/3/', TMDB_IMAGE_BASE: 'https://img.proxy.example/t/p' }

  it('sends every call to the configured API base, with the token', async () => {
    const res = await call('/api/catalog/movie/8601', proxy)
    expect(res.status).toBe(200)
    expect(upstream.map((u) => u.href)).toEqual(['https://tmdb-proxy.example/tmdb/3/movie/8601?append_to_response=credits%2Csimilar%2Cvideos%2Crelease_dates'])
    await call('/api/catalog/movie/8602')
    expect(upstream[1]!.origin).toBe('https://api.themoviedb.org')
    expect(upstream[1]!.pathname).toBe('/3/movie/8602')
  })

  it('ignores a base that is not an http(s) URL', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const bases = ['ftp://tmdb.example/3', 'not a url', 'https://user:pw@tmdb.example/3', 'https://tmdb.example/3?x=1']
    for (const [index, TMDB_API_BASE] of bases.entries()) {
      upstream = []
      await call(`/api/catalog/movie/${8700 + index}`, { TMDB_API_BASE })
      expect(upstream[0]?.origin, TMDB_API_BASE).toBe('https://api.themoviedb.org')
    }
  })

  it('names the configured image host to the app and to the page CSP', async () => {
    const config = await call('/api/config', proxy)
    expect((JSON.parse(config.text) as { imageBase: string }).imageBase).toBe('https://img.proxy.example/t/p')
    // A host of its own so this isolate's page memo holds nothing for it yet.
    const ctx = createExecutionContext()
    const page = await worker.fetch(new Request('http://proxy.localhost/movie/8801', { headers: { Accept: 'text/html' } }), { ...env, ...TMDB, ...proxy }, ctx)
    const html = await page.text()
    await waitOnExecutionContext(ctx)
    expect(page.status).toBe(200)
    const imgSrc = (page.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src '))
    expect(imgSrc?.split(' ')).toEqual(expect.arrayContaining(["'self'", 'https://image.tmdb.org', 'https://img.proxy.example']))
    expect(html).toContain('https://img.proxy.example/t/p/w1280/')
  })

  it('keeps the page CSP as it is with TMDB\'s own image host', async () => {
    const ctx = createExecutionContext()
    const page = await worker.fetch(new Request('http://own-host.localhost/movie/8802', { headers: { Accept: 'text/html' } }), { ...env, ...TMDB }, ctx)
    await page.text()
    await waitOnExecutionContext(ctx)
    const imgSrc = (page.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src '))
    expect(imgSrc).toBe("img-src 'self' data: blob: https://image.tmdb.org")
  })
})

describe('the limiter’s slots', () => {
  it('gives back the slot of a call that never settles once its lease ends', async () => {
    vi.useFakeTimers({ now: 0 })
    try {
      const limiter = new RateLimiter({ maxConcurrent: 1, perSecond: 100, burst: 10, maxPauseWaitMs: 1000 })
      void limiter.run(() => new Promise(() => undefined))
      await vi.advanceTimersByTimeAsync(10)
      let ran = false
      const second = limiter.run(async () => {
        ran = true
      })
      await vi.advanceTimersByTimeAsync(1000)
      expect(ran).toBe(false)
      expect(limiter.load).toEqual({ active: 1, waiting: 1 })
      await vi.advanceTimersByTimeAsync(SLOT_LEASE_MS)
      await second
      expect(ran).toBe(true)
      expect(limiter.load).toEqual({ active: 0, waiting: 0 })
    } finally {
      vi.useRealTimers()
    }
  })
})

// The sortable, filterable grids' discover parameters (sort orders, release years, runtime,
// certification, services in a region) and the rating sort's vote floor, with the embedded
// catalogue in D1 and with TMDB faked at the network boundary.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { RATING_SORT_MIN_VOTES } from '../catalog/rules'
import type { ListItem, PageComposition, Paged } from '../catalog/types'
import worker from '../index'
import { loadCatalog } from './catalog-data'

vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  await loadCatalog()
})

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await exports.default.fetch(`http://localhost/api/catalog${path}`)
  return { status: res.status, body: (await res.json()) as T }
}

async function list(path: string): Promise<Paged<ListItem>> {
  const { status, body } = await get<Paged<ListItem>>(path)
  expect(status, path).toBe(200)
  return body
}

const dateOf = (item: ListItem) => item.release_date ?? item.first_air_date ?? ''
const label = (item: ListItem) => item.title ?? item.name ?? ''

async function column<T>(sql: string, ids: number[]): Promise<Map<number, T>> {
  const { results } = await env.CATALOG.prepare(`${sql} WHERE id IN (${ids.join(',')})`).all<{ id: number; v: T }>()
  return new Map(results.map((r) => [r.id, r.v]))
}

describe('GET /api/catalog/discover/:type: grid sorting (embedded catalogue)', () => {
  it('sorts by newest, oldest and title, films and series in their own spellings', async () => {
    const newest = await list('/discover/movie?sort_by=primary_release_date.desc')
    const dates = newest.results.map(dateOf)
    expect(dates.length).toBe(20)
    expect(dates).toEqual([...dates].sort().reverse())
    const oldest = await list('/discover/movie?sort_by=primary_release_date.asc&with_genres=18')
    const old = oldest.results.map(dateOf)
    expect(old).toEqual([...old].sort())
    expect(old[0]! < dates[0]!).toBe(true)
    const shows = await list('/discover/tv?sort_by=first_air_date.desc')
    const showDates = shows.results.map(dateOf)
    expect(showDates).toEqual([...showDates].sort().reverse())
    const byTitle = await list('/discover/tv?sort_by=name.asc')
    const names = byTitle.results.map((i) => label(i).toLowerCase())
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const films = await list('/discover/movie?sort_by=title.asc&page=2')
    const titles = films.results.map((i) => label(i).toLowerCase())
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it(`sorted by rating, a title needs ${RATING_SORT_MIN_VOTES} votes unless another floor is asked for`, async () => {
    const best = await list('/discover/movie?sort_by=vote_average.desc')
    expect(best.results.length).toBeGreaterThan(0)
    expect(best.results.every((i) => i.vote_count >= RATING_SORT_MIN_VOTES)).toBe(true)
    const ratings = best.results.map((i) => i.vote_average)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
    const lowFloor = await list('/discover/movie?sort_by=vote_average.desc&vote_count.gte=0')
    expect(lowFloor.total_results).toBeGreaterThan(best.total_results)
    // The floor belongs to the rating sort: the popular order keeps every title.
    const popular = await list('/discover/movie')
    expect(popular.total_results).toBe(lowFloor.total_results)
  })
})

describe('GET /api/catalog/discover/:type: grid filters (embedded catalogue)', () => {
  it('keeps films released within the years asked, and series first aired within them', async () => {
    const all = await list('/discover/movie')
    const nineties = await list('/discover/movie?primary_release_date.gte=1990-01-01&primary_release_date.lte=1999-12-31')
    expect(nineties.total_results).toBeGreaterThan(0)
    expect(nineties.total_results).toBeLessThan(all.total_results)
    for (const item of nineties.results) expect(dateOf(item) >= '1990-01-01' && dateOf(item) <= '1999-12-31', dateOf(item)).toBe(true)
    const shows = await list('/discover/tv?first_air_date.gte=2010-01-01')
    expect(shows.results.length).toBeGreaterThan(0)
    expect(shows.results.every((i) => dateOf(i) >= '2010-01-01')).toBe(true)
  })

  it('keeps titles whose running time (a series: its episodes) is within the minutes asked', async () => {
    const short = await list('/discover/movie?with_runtime.lte=90')
    const runtimes = await column<number>('SELECT id, runtime AS v FROM catalog_movies', short.results.map((i) => i.id))
    expect(short.results.length).toBe(20)
    expect([...runtimes.values()].every((r) => r <= 90)).toBe(true)
    const long = await list('/discover/movie?with_runtime.gte=150&with_runtime.lte=180')
    const longRuntimes = await column<number>('SELECT id, runtime AS v FROM catalog_movies', long.results.map((i) => i.id))
    expect(long.results.length).toBeGreaterThan(0)
    expect([...longRuntimes.values()].every((r) => r >= 150 && r <= 180)).toBe(true)
    const hour = await list('/discover/tv?with_runtime.gte=50')
    const episodes = await column<number>('SELECT id, episode_run_time AS v FROM catalog_tv_series', hour.results.map((i) => i.id))
    expect(hour.results.length).toBeGreaterThan(0)
    expect([...episodes.values()].every((r) => r >= 50)).toBe(true)
  })

  it('keeps films of one certification, original language and minimum rating together', async () => {
    const rated = await list('/discover/movie?certification=PG-13&vote_average.gte=7&with_original_language=en&sort_by=vote_average.desc')
    expect(rated.results.length).toBeGreaterThan(0)
    const certs = await column<string>('SELECT id, certification AS v FROM catalog_movies', rated.results.map((i) => i.id))
    expect([...certs.values()].every((c) => c === 'PG-13')).toBe(true)
    expect(rated.results.every((i) => i.vote_average >= 7 && i.original_language === 'en')).toBe(true)
    const g = await list('/discover/movie?certification=G')
    expect(g.total_results).toBeLessThan(rated.total_results + (await list('/discover/movie?certification=PG-13')).total_results)
  })

  it('answers a bad filter with 400 and its reason, never a 500', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/discover/tv?sort_by=primary_release_date.desc', /sort_by: must be one of .*first_air_date\.desc/],
      ['/discover/movie?sort_by=name.asc', /sort_by: must be one of .*title\.asc/],
      ['/discover/movie?first_air_date.gte=2000-01-01', /unknown parameter: first_air_date\.gte/],
      ['/discover/tv?primary_release_date.lte=2000-01-01', /unknown parameter: primary_release_date\.lte/],
      ['/discover/tv?certification=PG', /unknown parameter: certification/],
      ['/discover/movie?certification=X', /must be one of G, PG, PG-13, R, NC-17/],
      ['/discover/movie?primary_release_date.gte=1999', /must be a date/],
      ['/discover/movie?primary_release_date.gte=1999-13-45', /must be a date/],
      ['/discover/movie?with_runtime.gte=-5', /whole number/],
      ['/discover/movie?with_runtime.lte=9999', /at most 600/],
      ['/discover/tv?watch_region=GB', /only taken with with_watch_providers/],
      ['/discover/tv?with_watch_providers=8&watch_region=Britain', /./],
      ['/discover/tv?airing=tomorrow', /must be one of week, today/],
    ]
    for (const [path, reason] of cases) {
      const { status, body } = await get<{ error: string }>(path)
      expect(status, path).toBe(400)
      expect(body.error, path).toMatch(reason)
    }
  })
})

describe('GET /api/catalog/pages/:page: See all', () => {
  const seeAll = (page: PageComposition) => Object.fromEntries(page.rows.map((row) => [row.key, row.seeAll]))

  it("gives every row the address of its every title: a list's grid, Top IMDB, or the filterable grid with the row's filters", async () => {
    const home = seeAll((await get<PageComposition>('/pages/home')).body)
    expect(home.trending).toBe('/browse/trending-all')
    expect(home['top-rated']).toBe('/top-imdb')
    expect(home.action).toBe('/movies/all?genre=28')
    expect(home['on-the-air']).toBe('/browse/tv-on-the-air')
    const netflix = seeAll((await get<PageComposition>('/pages/tv?service=netflix')).body)
    expect(netflix.popular).toBe('/tv-shows/all?services=8')
    expect(netflix['top-rated']).toBe('/tv-shows/all?sort=rating&services=8&votes=1000')
    expect(netflix['on-the-air']).toBe('/tv-shows/all?services=8&airing=week')
    expect(netflix.drama).toBe('/tv-shows/all?genre=18&services=8')
    const kdrama = seeAll((await get<PageComposition>('/pages/tv?service=k-drama')).body)
    expect(kdrama.popular).toBe('/tv-shows/all?preset=kdrama')
    const kids = (await get<PageComposition>('/pages/kids')).body
    expect(kids.rows.every((row) => row.seeAll?.includes('preset=kids'))).toBe(true)
  })

  it('a row narrowed to the visitor\'s services names them and their region', async () => {
    const page = (await get<PageComposition>('/pages/tv?on=8,350&region=GB')).body
    expect(page.rows.length).toBeGreaterThan(0)
    for (const row of page.rows) expect(row.seeAll, row.key).toMatch(/^\/tv-shows\/all\?(.+&)?services=8%2C350&region=GB/)
  })

  it("the grid a discover row's See all names holds the row's titles", async () => {
    const netflix = (await get<PageComposition>('/pages/tv?service=netflix')).body
    const row = netflix.rows.find((r) => r.key === 'top-rated')!
    const grid = await list('/discover/tv?with_watch_providers=8&sort_by=vote_average.desc&vote_count.gte=1000')
    expect(grid.results.slice(0, row.items.length).map((i) => i.id)).toEqual(row.items.map((i) => i.id))
  })
})

describe('GET /api/catalog/discover/:type: grid filters become TMDB parameters', () => {
  let upstream: URL[] = []
  afterEach(() => vi.restoreAllMocks())

  async function tmdb(path: string) {
    upstream = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      upstream.push(url)
      const results = [
        { id: 1, title: 'Few votes', release_date: '2001-01-01', vote_average: 9.9, vote_count: 3, popularity: 1, genre_ids: [18], original_language: 'en', overview: '' },
        { id: 2, title: 'Many votes', release_date: '2002-01-01', vote_average: 8.1, vote_count: 900, popularity: 2, genre_ids: [18], original_language: 'en', overview: '' },
      ]
      return new Response(JSON.stringify({ page: 1, results, total_pages: 1, total_results: 2 }), { headers: { 'content-type': 'application/json' } })
    })
    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request(`http://localhost/api/catalog${path}`), { ...env, TMDB_API_KEY: 'grid-test-key' }, ctx)
    const body = (await res.json()) as Paged<ListItem>
    await waitOnExecutionContext(ctx)
    expect(res.status, path).toBe(200)
    const call = upstream.find((u) => u.pathname.startsWith('/3/discover/'))
    expect(call, path).toBeDefined()
    return { params: call!.searchParams, body }
  }

  it("asks TMDB's discover/movie with its own spellings", async () => {
    const { params } = await tmdb(
      '/discover/movie?with_genres=18&sort_by=primary_release_date.desc&primary_release_date.gte=1990-01-01&primary_release_date.lte=1999-12-31&with_runtime.gte=90&with_runtime.lte=120&certification=R&vote_average.gte=6&with_original_language=fr',
    )
    expect(params.get('sort_by')).toBe('primary_release_date.desc')
    expect(params.get('primary_release_date.gte')).toBe('1990-01-01')
    expect(params.get('primary_release_date.lte')).toBe('1999-12-31')
    expect(params.get('with_runtime.gte')).toBe('90')
    expect(params.get('with_runtime.lte')).toBe('120')
    expect(params.get('certification')).toBe('R')
    expect(params.get('certification_country')).toBe('US')
    expect(params.get('vote_average.gte')).toBe('6')
    expect(params.get('with_original_language')).toBe('fr')
    expect(params.get('with_genres')).toBe('18')
  })

  it('asks discover/tv by first air date and name, and for services in the region asked', async () => {
    const dates = await tmdb('/discover/tv?sort_by=first_air_date.asc&first_air_date.gte=2015-01-01')
    expect(dates.params.get('sort_by')).toBe('first_air_date.asc')
    expect(dates.params.get('first_air_date.gte')).toBe('2015-01-01')
    const named = await tmdb('/discover/tv?sort_by=name.asc&with_watch_providers=8|337&watch_region=GB')
    expect(named.params.get('sort_by')).toBe('name.asc')
    expect(named.params.get('with_watch_providers')).toBe('8|1796|175|337')
    expect(named.params.get('watch_region')).toBe('GB')
  })

  it(`sorted by rating, asks TMDB for ${RATING_SORT_MIN_VOTES} votes or more`, async () => {
    const { params } = await tmdb('/discover/movie?sort_by=vote_average.desc')
    expect(params.get('vote_count.gte')).toBe(String(RATING_SORT_MIN_VOTES))
    const floor = await tmdb('/discover/movie?sort_by=vote_average.desc&vote_count.gte=1000')
    expect(floor.params.get('vote_count.gte')).toBe('1000')
  })
})

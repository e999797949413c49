// What real TMDB answers look like where a tidy fake differs, each point through the real worker
// with TMDB faked at the network boundary in the shapes TMDB documents: ratings per country in
// release_dates and content_ratings, services split into plans, `episode_run_time: []`, seasons
// without `episode_count`, the image sizes of /configuration, and multi search counting people.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readCached, tmdbCacheKey } from '../cache'
import type { ListItem, MovieDetails, PageComposition, Paged, SearchPage, TvDetails, WatchOptions } from '../catalog/types'
import worker from '../index'
import { answerTmdbWith } from './helpers/tmdb-boundary'

const upstream: URL[] = []

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' }

/** TMDB's release_dates: each country's releases, a certification on each (often empty), a type (3 theatrical). */
const RELEASES: Record<number, unknown> = {
  501: {
    results: [
      { iso_3166_1: 'US', release_dates: [{ certification: '', type: 1, release_date: '2020-01-01T00:00:00.000Z', note: 'Premiere' }, { certification: 'PG', type: 3, release_date: '2020-02-01T00:00:00.000Z', note: '' }] },
      { iso_3166_1: 'GB', release_dates: [{ certification: '12A', type: 3, release_date: '2020-02-07T00:00:00.000Z', note: '' }] },
      { iso_3166_1: 'DE', release_dates: [{ certification: '6', type: 3, release_date: '2020-02-13T00:00:00.000Z', note: '' }] },
    ],
  },
  502: { results: [{ iso_3166_1: 'FR', release_dates: [{ certification: '', type: 3, release_date: '2020-02-01T00:00:00.000Z', note: '' }] }] },
}

/** Series in TMDB's current shape (episode_run_time empty), and one in an older shape (seasons without counts). */
const SERIES: Record<number, Record<string, unknown>> = {
  601: {
    name: 'Runtime From The Last Episode',
    episode_run_time: [],
    last_episode_to_air: { id: 60199, episode_number: 9, season_number: 2, runtime: 44 },
    next_episode_to_air: null,
    seasons: [{ id: 6011, name: 'Season 1', season_number: 1, episode_count: 10 }],
    content_ratings: { results: [{ iso_3166_1: 'US', rating: 'TV-PG', descriptors: [] }, { iso_3166_1: 'DE', rating: '16', descriptors: [] }] },
    genre_ids: [10762, 16],
  },
  602: {
    name: 'An Older Answer',
    episode_run_time: [],
    seasons: [{ air_date: '2008-01-20', season_number: 1 }, { air_date: '2009-03-08', season_number: 2 }],
    content_ratings: { results: [] },
    genre_ids: [18],
  },
  603: {
    name: 'Kids Genre, Adult Rating',
    episode_run_time: [30],
    seasons: [{ id: 6031, name: 'Season 1', season_number: 1, episode_count: 6 }],
    content_ratings: { results: [{ iso_3166_1: 'US', rating: 'TV-MA', descriptors: [] }] },
    genre_ids: [10762, 35],
  },
}

const CONFIGURATION = {
  images: {
    base_url: 'http://image.tmdb.org/t/p/',
    secure_base_url: 'https://image.tmdb.org/t/p/',
    backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
    logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
    poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
    profile_sizes: ['w45', 'w185', 'h632', 'original'],
    still_sizes: ['w92', 'w185', 'w300', 'original'],
  },
  change_keys: [],
}

function movieDetails(id: number, append: string[]) {
  return {
    id,
    title: `Film ${id}`,
    release_date: '2020-02-01',
    runtime: 101,
    backdrop_path: `/b${id}.jpg`,
    overview: `About film ${id}`,
    genres: [{ id: 10751, name: 'Family' }],
    vote_average: 7.2,
    vote_count: 3000,
    ...(append.includes('credits') && { credits: { cast: [], crew: [] } }),
    ...(append.includes('release_dates') && { release_dates: RELEASES[id] ?? { results: [] } }),
  }
}

function seriesDetails(id: number, append: string[]) {
  const { content_ratings, genre_ids, ...series } = SERIES[id] ?? { name: `Show ${id}`, episode_run_time: [45], seasons: [] }
  return {
    id,
    first_air_date: '2019-05-05',
    overview: `About show ${id}`,
    genres: ((genre_ids as number[] | undefined) ?? []).map((g) => ({ id: g, name: String(g) })),
    vote_average: 7.6,
    vote_count: 900,
    ...series,
    ...(append.includes('credits') && { credits: { cast: [], crew: [] } }),
    ...(append.includes('content_ratings') && { content_ratings: content_ratings ?? { results: [] } }),
  }
}

const listItem = (id: number, media: 'movie' | 'tv') =>
  media === 'movie'
    ? { id, media_type: 'movie', title: `Film ${id}`, release_date: '2020-02-01', overview: '', vote_average: 7.2, vote_count: 3000, popularity: 50, genre_ids: [10751], original_language: 'en', backdrop_path: `/b${id}.jpg`, poster_path: `/p${id}.jpg` }
    : { id, media_type: 'tv', name: String(SERIES[id]?.name ?? `Show ${id}`), first_air_date: '2019-05-05', overview: '', vote_average: 7.6, vote_count: 900, popularity: 40, genre_ids: (SERIES[id]?.genre_ids as number[] | undefined) ?? [18], original_language: 'en' }

const page = (results: unknown[], extra: Record<string, number> = {}) => ({ page: 1, results, total_pages: 1, total_results: results.length, ...extra })

function fakeTmdb(url: URL): Response {
  const path = url.pathname.replace(/^\/3/, '')
  const append = (url.searchParams.get('append_to_response') ?? '').split(',')
  let m: RegExpExecArray | null
  if (path === '/configuration') return json(CONFIGURATION)
  if ((m = /^\/movie\/(\d+)$/.exec(path))) return json(movieDetails(Number(m[1]), append))
  if ((m = /^\/tv\/(\d+)$/.exec(path))) return json(seriesDetails(Number(m[1]), append))
  if ((m = /^\/tv\/(\d+)\/season\/(\d+)$/.exec(path))) {
    const runtimes = [22, 23, null, 22]
    return json({ id: 9000, season_number: Number(m[2]), name: `Season ${m[2]}`, episodes: runtimes.map((runtime, i) => ({ id: 9000 + i, episode_number: i + 1, season_number: Number(m![2]), name: `Episode ${i + 1}`, runtime })) })
  }
  if ((m = /^\/movie\/(\d+)\/watch\/providers$/.exec(path))) {
    // Fight Club's US streaming entry in TMDB is Peacock's paid plan, 387, not Peacock (386).
    return json({ id: Number(m[1]), results: { US: { link: 'https://www.themoviedb.org/movie/501/watch?locale=US', flatrate: [{ logo_path: '/peacock-premium.jpg', provider_id: 387, provider_name: 'Peacock Premium', display_priority: 13 }] } } })
  }
  if (path === '/discover/tv') return json(page([listItem(601, 'tv'), listItem(603, 'tv'), listItem(602, 'tv')]))
  if (path.startsWith('/discover/movie') || path.startsWith('/trending/') || path.startsWith('/movie/')) return json(page([listItem(501, 'movie'), listItem(502, 'movie')]))
  if (path.startsWith('/tv/')) return json(page([listItem(601, 'tv')]))
  // A multi search counts people too: 529 found, of them 160 films and series.
  // People come in TMDB's person shape: their department, and known_for titles of either kind.
  if (path === '/search/multi' && url.searchParams.get('query') === 'christopher nolan') {
    return json(
      page([
        {
          id: 525,
          media_type: 'person',
          adult: false,
          name: 'Christopher Nolan',
          original_name: 'Christopher Nolan',
          known_for_department: 'Directing',
          popularity: 12.3,
          profile_path: '/nolan.jpg',
          known_for: [listItem(501, 'movie'), listItem(502, 'movie'), listItem(601, 'tv'), listItem(503, 'movie')],
        },
        { id: 77, media_type: 'person', adult: true, name: 'Christopher Nolan Adult', known_for_department: 'Acting', known_for: [listItem(504, 'movie')] },
        listItem(502, 'movie'),
        // Found for a part of the term only: listed among the people, their titles not added.
        { id: 78, media_type: 'person', adult: false, name: 'Nolan North', known_for_department: 'Acting', known_for: [listItem(505, 'movie')] },
      ]),
    )
  }
  if (path === '/search/multi') return json(page([listItem(501, 'movie'), { id: 9, media_type: 'person', name: 'Someone', known_for: [] }, listItem(601, 'tv')], { total_pages: 27, total_results: 529 }))
  if (path === '/search/movie') return json(page([listItem(501, 'movie')], { total_pages: 6, total_results: 120 }))
  if (path === '/search/tv') return json(page([listItem(601, 'tv')], { total_pages: 2, total_results: 40 }))
  return json(NOT_FOUND, 404)
}

beforeEach(() => {
  upstream.length = 0
  answerTmdbWith(fakeTmdb, upstream)
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function call<T>(path: string, country = 'US'): Promise<{ status: number; body: T }> {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`http://localhost${path}`, { headers: { 'CF-IPCountry': country } }), { ...env, TMDB_API_KEY: 'key' }, ctx)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  expect(res.status, text.slice(0, 200)).toBe(200)
  return { status: res.status, body: JSON.parse(text) as T }
}

describe('ratings from TMDB', () => {
  it('a film carries the rating of the visitor’s country, else the US one, and none when TMDB has none', async () => {
    expect((await call<MovieDetails>('/api/catalog/movie/501', 'GB')).body.certification).toBe('12A')
    expect((await call<MovieDetails>('/api/catalog/movie/501', 'DE')).body.certification).toBe('6')
    // No French rating: the US theatrical one, not the premiere's empty one.
    expect((await call<MovieDetails>('/api/catalog/movie/501', 'FR')).body.certification).toBe('PG')
    expect((await call<MovieDetails>('/api/catalog/movie/502', 'FR')).body.certification).toBeNull()
    // One call per title: the ratings come appended to the details.
    expect(upstream.filter((u) => u.pathname === '/3/movie/501')).toHaveLength(1)
    expect(upstream[0]!.searchParams.get('append_to_response')).toContain('release_dates')
  })

  it('a series carries its content rating, the visitor’s country’s first', async () => {
    expect((await call<TvDetails>('/api/catalog/tv/601')).body.certification).toBe('TV-PG')
    expect((await call<TvDetails>('/api/catalog/tv/601', 'DE')).body.certification).toBe('16')
    expect((await call<TvDetails>('/api/catalog/tv/602')).body.certification).toBeNull()
    expect(upstream[0]!.searchParams.get('append_to_response')).toContain('content_ratings')
  })

  it('the hero shows each title’s real rating, or none', async () => {
    const home = (await call<PageComposition>('/api/catalog/pages/home')).body
    expect(home.hero.map((slide) => [slide.id, slide.certification])).toEqual([
      [501, 'PG'],
      [502, null],
    ])
  })

  it('kids films are asked for with the visitor’s country’s children’s ratings; kids series are checked one by one', async () => {
    await call('/api/catalog/discover/movie?preset=kids&with_genres=10751', 'GB')
    const films = upstream.find((u) => u.pathname === '/3/discover/movie')!
    expect(films.searchParams.get('certification_country')).toBe('GB')
    expect(films.searchParams.get('certification')).toBe('U|PG')
    upstream.length = 0
    await call('/api/catalog/discover/movie?preset=kids&with_genres=10751', 'JP')
    // A country whose ratings are not known here is judged by the US ones.
    expect(upstream.find((u) => u.pathname === '/3/discover/movie')!.searchParams.get('certification_country')).toBe('US')

    // discover/tv has no certification filter: a series in TMDB's Kids genre rated TV-MA is left out.
    const series = (await call<Paged<ListItem>>('/api/catalog/discover/tv?preset=kids')).body
    expect(series.results.map((s) => s.id)).toEqual([601])
    // Rated 16 in Germany, where a children's rating is 0 or 6.
    expect((await call<Paged<ListItem>>('/api/catalog/discover/tv?preset=kids', 'DE')).body.results).toEqual([])
  })
})

describe('services as groups of TMDB providers', () => {
  it('the Peacock filter and "my services" ask TMDB for every Peacock plan, and Where to Watch knows 387 is Peacock', async () => {
    await call('/api/catalog/pages/tv?service=peacock')
    const asked = upstream.filter((u) => u.searchParams.has('with_watch_providers')).map((u) => u.searchParams.get('with_watch_providers'))
    expect(asked.length).toBeGreaterThan(0)
    expect(new Set(asked)).toEqual(new Set(['386|387']))

    upstream.length = 0
    await call('/api/catalog/pages/movies?on=386,8&region=US')
    const narrowed = upstream.filter((u) => u.searchParams.has('with_watch_providers')).map((u) => u.searchParams.get('with_watch_providers'))
    expect(new Set(narrowed)).toEqual(new Set(['8|1796|175|386|387']))

    const watch = (await call<WatchOptions>('/api/catalog/movie/501/watch?region=US')).body
    expect(watch.stream).toEqual([{ provider_id: 387, name: 'Peacock Premium', logo_path: '/peacock-premium.jpg', service: 386 }])
  })
})

describe('series facts TMDB leaves out', () => {
  it('a series with `episode_run_time: []` takes its last episode’s runtime, else its episodes’', async () => {
    expect((await call<TvDetails>('/api/catalog/tv/601')).body.episode_run_time).toEqual([44])
    // Nothing but the episodes to go by: the middle of 22, 22 and 23 minutes.
    expect((await call<TvDetails>('/api/catalog/tv/602')).body.episode_run_time).toEqual([22])
  })

  it('a season TMDB gives no episode count has an unknown count, not zero', async () => {
    const show = (await call<TvDetails>('/api/catalog/tv/602')).body
    expect(show.seasons.map((s) => [s.season_number, s.episode_count])).toEqual([
      [1, null],
      [2, null],
    ])
    expect((await call<TvDetails>('/api/catalog/tv/601')).body.seasons[0]!.episode_count).toBe(10)
  })
})

describe('image sizes from /configuration', () => {
  it('GET /api/config names the sizes TMDB lists, kept in KV, and a title page preloads a listed backdrop size with a srcset', async () => {
    const config = (await call<{ imageSizes: Record<string, string[]> }>('/api/config')).body
    expect(config.imageSizes.profile).toEqual(['w45', 'w185', 'h632', 'original'])
    expect(config.imageSizes.poster).toEqual(CONFIGURATION.images.poster_sizes)
    expect((await readCached(env.CACHE, tmdbCacheKey('/configuration', {})))?.data).toEqual(CONFIGURATION)
    await call('/api/config')
    expect(upstream.filter((u) => u.pathname === '/3/configuration')).toHaveLength(1)

    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request('http://localhost/movie/501', { headers: { Accept: 'text/html' } }), { ...env, TMDB_API_KEY: 'key' }, ctx)
    const html = await res.text()
    await waitOnExecutionContext(ctx)
    const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="100vw"/.exec(html)
    expect(preload?.[1]).toBe('https://image.tmdb.org/t/p/w1280/b501.jpg')
    expect(preload?.[2]).toBe('https://image.tmdb.org/t/p/w300/b501.jpg 300w, https://image.tmdb.org/t/p/w780/b501.jpg 780w, https://image.tmdb.org/t/p/w1280/b501.jpg 1280w')
    expect(html).not.toContain('/original/')
  })
})

describe('search counts', () => {
  it('counts the films and series found, not the people TMDB’s multi search counts with them', async () => {
    const found = (await call<Paged<ListItem>>('/api/catalog/search?query=taxi')).body
    expect(found.results.map((r) => r.id)).toEqual([501, 601])
    expect(found.total_results).toBe(160)
  })

  it('gives the people of the first page with their department and three known-for titles, and none on later pages', async () => {
    const found = (await call<SearchPage>('/api/catalog/search?query=christopher%20nolan')).body
    expect(found.people).toEqual([
      {
        id: 525,
        name: 'Christopher Nolan',
        profile_path: '/nolan.jpg',
        known_for_department: 'Directing',
        known_for: [
          { id: 501, media_type: 'movie', title: 'Film 501' },
          { id: 502, media_type: 'movie', title: 'Film 502' },
          { id: 601, media_type: 'tv', title: 'Runtime From The Last Episode' },
        ],
      },
      { id: 78, name: 'Nolan North', profile_path: null, known_for_department: 'Acting', known_for: [{ id: 505, media_type: 'movie', title: 'Film 505' }] },
    ])
    expect(upstream.at(-1)!.pathname).toBe('/3/search/multi')
    expect((await call<SearchPage>('/api/catalog/search?query=taxi&page=2')).body.people).toEqual([])
    expect((await call<SearchPage>('/api/catalog/search?query=taxi')).body.people.map((p) => p.name)).toEqual(['Someone'])
  })

  it('lists what a person the search names is known for after the titles matching by name, each once, none of an adult person', async () => {
    const found = (await call<SearchPage>('/api/catalog/search?query=christopher%20nolan')).body
    // 502 matched by name; 501, 601 and 503 are his known_for (502 among them too); 504 is the adult
    // person's, 505 that of Nolan North, whom the term does not name as a whole.
    expect(found.results.map((r) => `${r.media_type}:${r.id}`)).toEqual(['movie:502', 'movie:501', 'tv:601', 'movie:503'])
    expect(found.total_results).toBe(4)
    expect(found.total_pages).toBe(1)
    // Past one page, the pages stay the name matches' own.
    expect((await call<SearchPage>('/api/catalog/search?query=taxi')).body.results.map((r) => r.id)).toEqual([501, 601])
  })
})

describe('a title page served with TMDB', () => {
  it('is kept per visitor country, so one country’s rating never reaches another’s page', async () => {
    const page = async (country: string) => {
      const ctx = createExecutionContext()
      const res = await worker.fetch(new Request('http://localhost/movie/501', { headers: { Accept: 'text/html', 'CF-IPCountry': country } }), { ...env, TMDB_API_KEY: 'key' }, ctx)
      const html = await res.text()
      await waitOnExecutionContext(ctx)
      const boot = JSON.parse(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as { title?: { data: MovieDetails } } | null
      return boot?.title?.data.certification
    }
    expect(await page('GB')).toBe('12A')
    expect(await page('DE')).toBe('6')
    expect(await page('GB')).toBe('12A')
  }, 20_000)
})

// Page compositions with the embedded catalogue: every row of SPEC.md's home, movies, TV, kids and
// genres pages has titles, the hero carries details, and the TV platform filter really filters.
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { PageComposition } from '../catalog/types'
import { loadCatalog } from './catalog-data'

// Each test makes many real requests; on a busy 2-core machine that can pass the 5 s default.
vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  await loadCatalog()
})

/** The stored language and votes of every series in a page's rows. */
async function seriesFacts(composition: PageComposition) {
  const ids = composition.rows.flatMap((r) => r.items).filter((i) => i.media_type === 'tv').map((i) => i.id)
  const facts = await env.CATALOG.prepare(`SELECT original_language, vote_count FROM catalog_tv_series WHERE id IN (${ids.join(',')})`).all<{ original_language: string; vote_count: number }>()
  return facts.results
}

async function page(path: string): Promise<PageComposition> {
  const res = await exports.default.fetch(`http://localhost/api/catalog/pages/${path}`)
  expect(res.status, path).toBe(200)
  return (await res.json()) as PageComposition
}

const EXPECTED_ROWS = {
  home: ['Trending Now', 'Popular Movies', 'Top Rated', 'Now Playing', 'Coming Soon', 'Action', 'Comedy', 'Drama', 'Horror', 'Documentary', 'Animation', 'Family', 'Popular TV Shows', 'Top Rated TV Shows', 'On The Air', 'Trending TV Shows', 'Trending Movies'],
  movies: ['Popular Movies', 'Top Rated Movies', 'Now Playing', 'Coming Soon', 'Action', 'Comedy', 'Drama', 'Horror', 'Thriller', 'Romance', 'Sci-Fi'],
  tv: ['Popular TV Shows', 'Top Rated TV Shows', 'On The Air', 'Airing Today', 'Drama', 'Comedy', 'Action & Adventure', 'Crime', 'Mystery', 'K-Drama'],
  kids: ['Family', 'Animated', 'Educational TV', 'Adventure', 'Comedy', 'Fantasy'],
} as const

describe('GET /api/catalog/pages/:page', () => {
  it('every row of every page has titles, in SPEC order', async () => {
    for (const [name, titles] of Object.entries(EXPECTED_ROWS)) {
      const body = await page(name)
      expect(body.rows.map((r) => r.title), name).toEqual(titles)
      for (const row of body.rows) {
        expect(row.items.length, `${name} / ${row.title}`).toBeGreaterThan(0)
        expect(row.key).toMatch(/^[a-z0-9-]+$/)
        expect(row.source).toMatch(/^\/api\/catalog\//)
      }
    }
    const genres = await page('genres')
    expect(genres.rows).toHaveLength(18)
    for (const row of genres.rows) expect(row.items.length, row.title).toBeGreaterThan(0)
  }, 30_000)

  it('under a platform, says that films are not narrowed, as this catalogue has no streaming data for them', async () => {
    const netflix = await page('tv?service=netflix')
    expect(netflix.notice).toBe('Films are not narrowed by platform here: this catalogue has no streaming data for films.')
    expect(netflix.rows.every((r) => r.items.every((i) => i.media_type === 'tv'))).toBe(true)
    expect(netflix.rows.some((r) => r.key === 'platform-movies')).toBe(false)
    expect((await page('tv')).notice).toBeUndefined()
    expect((await page('tv?service=k-drama')).notice).toBeUndefined()
  })

  it('the hero has five titles with up to 3 genres, runtime and the first 3 cast names', async () => {
    const home = await page('home')
    expect(home.hero).toHaveLength(5)
    const trending = home.rows.find((r) => r.key === 'trending')!
    expect(home.hero.map((h) => h.id)).toEqual(trending.items.slice(0, 5).map((i) => i.id))
    for (const slide of home.hero) {
      expect(slide.title).not.toBe('')
      expect(slide.backdropPath).toMatch(/^\/backdrop\//)
      expect(slide.genres.length).toBeGreaterThan(0)
      expect(slide.genres.length).toBeLessThanOrEqual(3)
      expect(slide.cast.length).toBeLessThanOrEqual(3)
    }
    const movies = await page('movies')
    expect(movies.hero.find((h) => h.title === 'The Dark Knight')).toMatchObject({ mediaType: 'movie', runtime: 152, cast: ['Christian Bale', 'Heath Ledger', 'Aaron Eckhart'] })
    const tv = await page('tv')
    const got = tv.hero.find((h) => h.id === 1399)
    expect(got).toMatchObject({ mediaType: 'tv', title: 'Game of Thrones', runtime: 57, cast: ['Emilia Clarke', 'Kit Harington', 'Peter Dinklage'] })
  })

  it('kids rows and hero hold only titles certified for children, rated 6 or more', async () => {
    const kids = await page('kids')
    const items = [...kids.rows.flatMap((r) => r.items), ...kids.hero.map((h) => ({ id: h.id, media_type: h.mediaType, vote_average: h.voteAverage }))]
    const ids = (type: 'movie' | 'tv') => items.filter((i) => i.media_type === type).map((i) => i.id)
    expect(ids('movie').length).toBeGreaterThan(0)
    expect(ids('tv').length).toBeGreaterThan(0)
    const films = await env.CATALOG.prepare(`SELECT id, title, certification FROM catalog_movies WHERE id IN (${ids('movie').join(',')})`).all<{ id: number; title: string; certification: string | null }>()
    const shows = await env.CATALOG.prepare(`SELECT id, name, certification FROM catalog_tv_series WHERE id IN (${ids('tv').join(',')})`).all<{ id: number; name: string; certification: string | null }>()
    expect(films.results).toHaveLength(new Set(ids('movie')).size)
    expect(shows.results).toHaveLength(new Set(ids('tv')).size)
    for (const film of films.results) expect(['G', 'PG'], film.title).toContain(film.certification)
    for (const show of shows.results) expect(['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG'], show.name).toContain(show.certification)
    for (const item of items) expect(item.vote_average).toBeGreaterThanOrEqual(6)
    // Titles the page used to show: PG-13 or unrated films.
    const titles = films.results.map((f) => f.title)
    for (const title of ['Juno', 'Yes Man', 'Spider-Man 3', 'Beowulf', 'Iron Man 2', 'Casino Royale']) expect(titles).not.toContain(title)
  })

  it('the platform filter changes the TV lists to that service', async () => {
    const all = await page('tv')
    const apple = await page('tv?service=apple-tv')
    const appleIds = new Set(
      (await env.CATALOG.prepare('SELECT tv_id FROM catalog_tv_providers WHERE provider_id = 350').all<{ tv_id: number }>()).results.map((r) => r.tv_id),
    )
    const popular = apple.rows.find((r) => r.key === 'popular')!
    expect(popular.items.length).toBeGreaterThan(0)
    expect(popular.items.map((i) => i.id)).not.toEqual(all.rows.find((r) => r.key === 'popular')!.items.map((i) => i.id))
    for (const row of apple.rows) for (const item of row.items) expect(appleIds.has(item.id), `${row.title}: ${item.name}`).toBe(true)
    expect(apple.hero.every((h) => appleIds.has(h.id))).toBe(true)

    const crunchyroll = await seriesFacts(await page('tv?service=crunchyroll'))
    expect(crunchyroll.length).toBeGreaterThan(0)
    expect(crunchyroll.every((s) => s.original_language === 'ja')).toBe(true)

    const kdrama = await seriesFacts(await page('tv?service=k-drama'))
    expect(kdrama.length).toBeGreaterThan(0)
    expect(kdrama.every((s) => s.original_language === 'ko' && s.vote_count >= 100)).toBe(true)
  })

  it('rows whose dates depend on the snapshot say so, and keep their keys', async () => {
    const asOf = /^(As of|Films as of) May 2010\b/
    const expected: Record<string, Record<string, RegExp>> = {
      home: {
        trending: asOf,
        'popular-movies': asOf,
        'now-playing': asOf,
        'coming-soon': /^As of May 2010\b.*not rated yet/,
        'on-the-air': /when this catalogue was compiled, not a live schedule/,
        'trending-tv': /not live figures/,
        'trending-movies': asOf,
      },
      movies: { popular: asOf, 'now-playing': asOf, 'coming-soon': asOf },
      tv: { 'on-the-air': /not a live schedule/, 'airing-today': /not today's schedule/ },
      'tv?service=netflix': { 'on-the-air': /not a live schedule/, 'airing-today': /not today's schedule/ },
    }
    for (const [path, notes] of Object.entries(expected)) {
      const body = await page(path)
      for (const row of body.rows) {
        const want = notes[row.key]
        if (want) expect(row.note, `${path} / ${row.key}`).toMatch(want)
        else expect(row.note, `${path} / ${row.key}`).toBeUndefined()
      }
      // A platform filter leaves out empty rows; every other page has all of them.
      const required = path.includes('service=') ? ['on-the-air'] : Object.keys(notes)
      for (const key of required) expect(body.rows.map((r) => r.key), path).toContain(key)
    }
    // A film coming after the snapshot shows no rating it could not have had yet.
    const home = await page('home')
    const comingSoon = home.rows.find((r) => r.key === 'coming-soon')!
    expect(comingSoon.title).toBe('Coming Soon')
    expect(comingSoon.items.length).toBeGreaterThan(0)
    expect(comingSoon.items.every((i) => i.vote_average === 0)).toBe(true)
  })

  it('rows carry only what a card shows, and the home page stays small', async () => {
    const home = await page('home')
    const cardFields = new Set(['id', 'media_type', 'title', 'name', 'poster_path', 'release_date', 'first_air_date', 'vote_average', 'providers'])
    for (const row of home.rows) {
      for (const item of row.items) {
        for (const field of Object.keys(item)) expect(cardFields.has(field), `${row.title}: ${field}`).toBe(true)
        expect(item.poster_path).toMatch(/^\/poster\//)
        expect(item.title ?? item.name).toBeTruthy()
      }
    }
    // The hero still brings what its slides show.
    expect(home.hero.every((slide) => slide.overview.length > 0)).toBe(true)
    const res = await exports.default.fetch('http://localhost/api/catalog/pages/home', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const gzipped = await new Response(new Blob([JSON.stringify(home)]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
    expect(gzipped.byteLength).toBeLessThanOrEqual(15 * 1024)
  })

  it('answers the same composition from cache on the next request', async () => {
    const first = await page('movies')
    const second = await page('movies')
    expect(second).toEqual(first)
    const keys = await env.CACHE.list({ prefix: 'v1:catalog:page:embedded:' })
    expect(keys.keys.some((k) => k.name.endsWith(':movies:all'))).toBe(true)
  })

  it('sends the same composition gzipped to clients that accept it', async () => {
    const plain = await page('kids')
    const res = await exports.default.fetch('http://localhost/api/catalog/pages/kids', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(res.status).toBe(200)
    // the body depends on the encoding asked for, and its words on the language
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    // The runtime's fetch decodes the body, as a browser does.
    expect(await res.json()).toEqual(plain)
  })

  it('rejects unknown pages, services and parameters', async () => {
    for (const path of ['search', 'tv?service=hulu', 'home?service=netflix', 'home?page=2', 'tv?service=']) {
      const res = await exports.default.fetch(`http://localhost/api/catalog/pages/${path}`)
      expect(res.status, path).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBeTruthy()
    }
  })
})

/** The services (watch provider ids) the catalogue stores for each of these series. */
async function storedServices(ids: number[]): Promise<Map<number, number[]>> {
  const rows = await env.CATALOG.prepare(`SELECT tv_id, provider_id FROM catalog_tv_providers WHERE tv_id IN (${ids.join(',')}) ORDER BY tv_id, provider_id`).all<{ tv_id: number; provider_id: number }>()
  const byShow = new Map<number, number[]>()
  for (const { tv_id, provider_id } of rows.results) byShow.set(tv_id, [...(byShow.get(tv_id) ?? []), provider_id])
  return byShow
}

describe('GET /api/catalog/pages/:page?on=&region= (On my services)', () => {
  it('narrows every row of home to series on the services, leaves the cinema rows out and says films cannot be narrowed', async () => {
    const home = await page('home?on=8,337&region=US')
    expect(home.narrowedTo).toEqual({ on: [8, 337], region: 'US' })
    expect(home.notice).toBe('Films are not narrowed to your services here: this catalogue has no streaming data for films, so only series are shown.')
    expect(home.rows.length).toBeGreaterThan(2)
    const keys = home.rows.map((r) => r.key)
    // Rows of films and series keep their series; rows of films alone are left out.
    expect(keys.slice(0, 2)).toEqual(['trending', 'top-rated'])
    // Trending, left with series only, no longer carries its note about films
    expect(home.rows[0]!.note).toBeUndefined()
    expect(keys).not.toContain('popular-movies')
    expect(keys).not.toContain('now-playing')
    expect(keys).not.toContain('coming-soon')
    const items = home.rows.flatMap((r) => r.items)
    expect(items.every((i) => i.media_type === 'tv')).toBe(true)
    const stored = await storedServices(items.map((i) => i.id))
    for (const row of home.rows) {
      expect(row.items.length, row.key).toBeGreaterThan(0)
      for (const item of row.items) {
        // Each card names its services, and they are the stored ones, one of them chosen.
        expect(item.providers, `${row.key} ${item.id}`).toEqual(stored.get(item.id))
        expect(item.providers?.some((p) => p === 8 || p === 337), `${row.key} ${item.id}`).toBe(true)
      }
    }
    // The hero is the first row's first titles.
    expect(home.hero.map((h) => h.id)).toEqual(home.rows[0]!.items.slice(0, 5).map((i) => i.id))
    // Narrowed rows really are narrower: a service with fewer series gives other rows.
    const crunchyroll = await page('home?on=283')
    const crunchyrollItems = crunchyroll.rows.flatMap((r) => r.items)
    expect(crunchyrollItems.every((i) => i.providers?.includes(283))).toBe(true)
    expect(crunchyrollItems.length).toBeLessThan(items.length)
  })

  it('the TV page narrows the same way, and Movies, with no film on any service here, is left without rows but with the notice', async () => {
    const tv = await page('tv?on=9')
    expect(tv.rows.length).toBeGreaterThan(0)
    // The TV page holds no films: nothing to say about them.
    expect(tv.notice).toBeUndefined()
    expect(tv.rows.flatMap((r) => r.items).every((i) => i.media_type === 'tv' && i.providers?.includes(9))).toBe(true)
    const movies = await page('movies?on=9&region=US')
    expect(movies.rows).toEqual([])
    expect(movies.hero).toEqual([])
    expect(movies.notice).toMatch(/Films are not narrowed to your services/)
  })

  it('keeps each set of services and each region apart (its own cache entry)', async () => {
    const us = await page('home?on=8&region=US')
    const gb = await page('home?on=8&region=gb')
    expect(us.narrowedTo).toEqual({ on: [8], region: 'US' })
    expect(gb.narrowedTo).toEqual({ on: [8], region: 'GB' })
    // The same services in another order and with a repeat are the same page.
    expect(await page('home?on=337,8,8&region=US')).toEqual(await page('home?on=8,337&region=US'))
    expect((await page('home?on=8')).narrowedTo?.on).toEqual([8])
  })

  it('unnarrowed pages carry the stored services of their series for the cards’ badges, and nothing for films', async () => {
    const home = await page('home')
    const items = home.rows.flatMap((r) => r.items)
    const shows = items.filter((i) => i.media_type === 'tv')
    const stored = await storedServices(shows.map((i) => i.id))
    expect(shows.some((i) => i.providers?.length)).toBe(true)
    for (const show of shows) expect(show.providers, String(show.id)).toEqual(stored.get(show.id))
    expect(items.filter((i) => i.media_type === 'movie').every((i) => i.providers === undefined)).toBe(true)
    expect(home.narrowedTo).toBeUndefined()
  })

  it('answers 400 { error } for unknown services, a bad region, a page without the switch, or with a platform', async () => {
    for (const path of ['home?on=12345', 'home?on=8,abc', 'home?on=', 'home?on=-1', 'home?on=0', 'home?on=8&region=USA', 'home?on=8&region=1A', 'home?region=US', 'kids?on=8', 'genres?on=8', 'tv?on=8&service=netflix', 'home?on=8&page=2']) {
      const res = await exports.default.fetch(`http://localhost/api/catalog/pages/${path}`)
      expect(res.status, path).toBe(400)
      const body = (await res.json()) as { error: string }
      expect(Object.keys(body), path).toEqual(['error'])
    }
  })
})

// The catalogue API with the embedded provider: lists and their business rules, discover filters,
// browse, search, details, seasons, similar titles, genres, paging and parameter checks, through
// real requests against D1 loaded with data/catalog.sql.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { ListItem, MovieDetails, Paged, SearchPage, Season, TvDetails } from '../catalog/types'
import { EmbeddedCatalog } from '../catalog/embedded'
import { GENRE_MESSAGE_IDS, MOVIE_GENRES } from '../catalog/genre-map'
import worker from '../index'
import { countD1 } from './helpers/d1-counter'
import { loadCatalog } from './catalog-data'

let snapshot = ''

// Each test makes many real requests; on a busy 2-core machine that can pass the 5 s default.
vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  await loadCatalog()
  const row = await env.CATALOG.prepare("SELECT value FROM catalog_meta WHERE key = 'snapshot_date'").first<{ value: string }>()
  snapshot = row?.value ?? ''
})

async function get<T>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await exports.default.fetch(`http://localhost/api/catalog${path}`)
  return { status: res.status, body: (await res.json()) as T, headers: res.headers }
}

async function list(path: string): Promise<Paged<ListItem>> {
  const { status, body } = await get<Paged<ListItem>>(path)
  expect(status, path).toBe(200)
  return body
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const label = (item: ListItem) => item.title ?? item.name ?? ''

describe('GET /api/catalog/lists/:list', () => {
  it('answers every list in TMDB shape with media types', async () => {
    for (const name of ['trending-all', 'trending-movie', 'trending-tv', 'movie-popular', 'movie-top-rated', 'movie-now-playing', 'movie-upcoming', 'tv-popular', 'tv-top-rated', 'tv-on-the-air', 'tv-airing-today']) {
      const body = await list(`/lists/${name}`)
      expect(body.page).toBe(1)
      expect(body.results.length, name).toBeGreaterThan(0)
      expect(body.total_results).toBeGreaterThanOrEqual(body.results.length)
      expect(body.total_pages).toBe(Math.min(500, Math.ceil(body.total_results / 20)))
      for (const item of body.results) {
        expect(['movie', 'tv']).toContain(item.media_type)
        expect(label(item)).not.toBe('')
        expect(Array.isArray(item.genre_ids)).toBe(true)
      }
    }
    const movies = await list('/lists/trending-movie')
    expect(movies.results.every((i) => i.media_type === 'movie' && typeof i.release_date === 'string')).toBe(true)
    const shows = await list('/lists/trending-tv')
    expect(shows.results.every((i) => i.media_type === 'tv' && typeof i.first_air_date === 'string')).toBe(true)
    const mixed = await list('/lists/trending-all?page=1')
    expect(new Set(mixed.results.map((i) => i.media_type)).size).toBe(2)
  })

  it('keeps upcoming films after the snapshot date and no more than a month ahead', async () => {
    const body = await list('/lists/movie-upcoming')
    const last = addDays(snapshot, 31)
    for (const item of body.results) {
      expect(item.release_date! > snapshot && item.release_date! <= last, `${label(item)} ${item.release_date}`).toBe(true)
    }
    const expected = await env.CATALOG.prepare('SELECT count(*) AS n FROM catalog_movies WHERE release_date > ? AND release_date <= ?').bind(snapshot, last).first<{ n: number }>()
    expect(body.total_results).toBe(expected?.n)
    expect(body.total_results).toBeGreaterThan(0)
  })

  it('films released after the snapshot date have no rating yet, in lists and details', async () => {
    const upcoming = await list('/lists/movie-upcoming')
    expect(upcoming.results.length).toBeGreaterThan(0)
    for (const item of upcoming.results) expect([item.vote_average, item.vote_count], label(item)).toEqual([0, 0])
    const later = await env.CATALOG.prepare('SELECT count(*) AS n FROM catalog_movies WHERE release_date > ? AND (vote_average <> 0 OR vote_count <> 0)').bind(snapshot).first<{ n: number }>()
    expect(later?.n).toBe(0)
    const details = await get<MovieDetails>(`/movie/${upcoming.results[0]!.id}`)
    expect(details.body).toMatchObject({ vote_average: 0, vote_count: 0, status: 'Planned' })
    expect(details.body.overview).not.toMatch(/IMDb users rate it/)
    // Released films keep their IMDb figures.
    const released = await list('/lists/movie-now-playing')
    expect(released.results.some((i) => i.vote_average > 0 && i.vote_count > 0)).toBe(true)
  })

  it('now playing holds films released in the six weeks up to the snapshot date', async () => {
    const body = await list('/lists/movie-now-playing')
    const first = addDays(snapshot, -42)
    expect(body.results.length).toBeGreaterThan(0)
    for (const item of body.results) expect(item.release_date! > first && item.release_date! <= snapshot).toBe(true)
  })

  it('top rated needs 1000 votes and is sorted by rating', async () => {
    for (const type of ['movie', 'tv']) {
      const body = await list(`/top-rated/${type}`)
      expect(body.results.length).toBe(20)
      expect(body.results.every((i) => i.vote_count >= 1000 && i.media_type === type)).toBe(true)
      const ratings = body.results.map((i) => i.vote_average)
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
      const second = await list(`/top-rated/${type}?page=2`)
      expect(second.page).toBe(2)
      expect(second.results[0]!.vote_average).toBeLessThanOrEqual(ratings.at(-1)!)
    }
    // A film rated highly by fewer than 1000 voters never makes the list.
    const few = await env.CATALOG.prepare('SELECT id FROM catalog_movies WHERE vote_count < 1000 AND vote_average >= 8.5 LIMIT 1').first<{ id: number }>()
    const everything = await list('/lists/movie-top-rated?page=1')
    expect(everything.results.some((i) => i.id === few?.id)).toBe(false)
  })

  it('popular lists are ordered by popularity and page without overlap', async () => {
    const one = await list('/lists/movie-popular')
    const two = await list('/lists/movie-popular?page=2')
    const popularity = [...one.results, ...two.results].map((i) => i.popularity)
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a))
    const ids = new Set(one.results.map((i) => i.id))
    expect(two.results.some((i) => ids.has(i.id))).toBe(false)
    const beyond = await list(`/lists/movie-popular?page=${one.total_pages + 1}`)
    expect(beyond.results).toEqual([])
  })
})

describe('GET /api/catalog/discover/:type', () => {
  it("takes every genre the grids' genre picker offers, and refuses an unknown one with 400", async () => {
    // The picker offers films the 18 film genres and series every genre with a name (web/features/browse/grid-controls.tsx).
    const seriesOnly = Object.keys(GENRE_MESSAGE_IDS).map(Number).filter((id) => !MOVIE_GENRES.some((g) => g.id === id))
    expect(seriesOnly.length).toBeGreaterThan(0)
    for (const { id } of MOVIE_GENRES) {
      const films = await list(`/discover/movie?with_genres=${id}`)
      expect(films.results.every((i) => i.genre_ids.includes(id)), `film genre ${id}`).toBe(true)
    }
    for (const id of seriesOnly) expect((await get(`/discover/tv?with_genres=${id}`)).status, `series genre ${id}`).toBe(200)
    for (const path of ['/discover/movie?with_genres=99999', `/discover/movie?with_genres=${seriesOnly[0]}`, '/discover/tv?with_genres=99999', '/discover/movie?with_genres=action']) {
      const { status, body } = await get<{ error?: unknown }>(path)
      expect(status, path).toBe(400)
      expect(typeof body.error, path).toBe('string')
    }
  })

  it('filters by genre, language, votes and platform', async () => {
    const action = await list('/discover/movie?with_genres=28')
    expect(action.results.every((i) => i.genre_ids.includes(28))).toBe(true)
    const both = await list('/discover/movie?with_genres=878,28')
    expect(both.results.every((i) => i.genre_ids.includes(28) && i.genre_ids.includes(878))).toBe(true)
    const either = await list('/discover/movie?with_genres=37|99')
    expect(either.results.every((i) => i.genre_ids.includes(37) || i.genre_ids.includes(99))).toBe(true)
    const western = await list('/discover/movie?with_genres=37')
    const documentary = await list('/discover/movie?with_genres=99')
    expect(either.total_results).toBeGreaterThan(Math.max(western.total_results, documentary.total_results))
    expect(both.total_results).toBeLessThan(action.total_results)
    const rated = await list('/discover/movie?vote_average.gte=8&vote_count.gte=50000')
    expect(rated.results.every((i) => i.vote_average >= 8 && i.vote_count >= 50000)).toBe(true)
    const korean = await list('/discover/tv?with_original_language=ko')
    expect(korean.results.length).toBeGreaterThan(10)
    expect(korean.results.every((i) => i.original_language === 'ko')).toBe(true)
    const apple = await list('/discover/tv?with_watch_providers=350')
    const all = await list('/discover/tv')
    expect(apple.total_results).toBeGreaterThan(0)
    expect(apple.total_results).toBeLessThan(all.total_results)
    const appleIds = await env.CATALOG.prepare('SELECT tv_id FROM catalog_tv_providers WHERE provider_id = 350').all<{ tv_id: number }>()
    expect(new Set(apple.results.map((i) => i.id))).toEqual(new Set(appleIds.results.map((r) => r.tv_id)))
  })

  it('maps film genres onto TV genres for series (Action -> Action & Adventure)', async () => {
    const body = await list('/discover/tv?with_genres=28')
    expect(body.results.length).toBeGreaterThan(0)
    expect(body.results.every((i) => i.genre_ids.includes(10759))).toBe(true)
  })

  it('kids preset keeps titles rated 6 or more and certified G or PG (films), TV-Y to TV-PG (series)', async () => {
    const films = await list('/discover/movie?preset=kids&with_genres=10751')
    const shows = await list('/discover/tv?preset=kids')
    const educational = await list('/discover/tv?preset=kids&with_genres=10762|99')
    expect(films.results.length).toBeGreaterThan(0)
    expect(shows.results.length).toBeGreaterThan(0)
    expect(educational.results.length).toBeGreaterThan(0)
    const certifications = async (table: string, ids: number[]) =>
      (await env.CATALOG.prepare(`SELECT certification FROM ${table} WHERE id IN (${ids.join(',')})`).all<{ certification: string | null }>()).results.map((r) => r.certification)
    const filmRatings = await certifications('catalog_movies', films.results.map((i) => i.id))
    expect(filmRatings).toHaveLength(films.results.length)
    for (const rating of filmRatings) expect(['G', 'PG']).toContain(rating)
    const showIds = [...shows.results, ...educational.results].map((i) => i.id)
    for (const rating of await certifications('catalog_tv_series', showIds)) expect(['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG']).toContain(rating)
    for (const item of [...films.results, ...shows.results, ...educational.results]) {
      expect(item.vote_average).toBeGreaterThanOrEqual(6)
      expect(item.adult).toBe(false)
    }
    // A well-rated comedy rated PG-13, and one with no rating at all, are both left out of kids comedies.
    const comedies = await list('/discover/movie?preset=kids&with_genres=35')
    const allPages = await Promise.all(Array.from({ length: comedies.total_pages }, (_, i) => list(`/discover/movie?preset=kids&with_genres=35&page=${i + 1}`)))
    const kept = new Set(allPages.flatMap((p) => p.results).map((i) => i.id))
    expect(kept.size).toBe(comedies.total_results)
    for (const rating of ['= ?', 'IS NULL']) {
      const outside = await env.CATALOG.prepare(
        `SELECT m.id FROM catalog_movies m JOIN catalog_movie_genres g ON g.movie_id = m.id AND g.genre_id = 35 WHERE m.certification ${rating} AND m.vote_average >= 6 AND m.release_date <= ? LIMIT 1`,
      )
        .bind(...(rating === '= ?' ? ['PG-13', snapshot] : [snapshot]))
        .first<{ id: number }>()
      expect(outside, rating).not.toBeNull()
      expect(kept.has(outside!.id)).toBe(false)
    }
  })

  it('kdrama preset: Korean, 100 votes, popularity order, no animation words', async () => {
    const body = await list('/discover/tv?preset=kdrama')
    expect(body.results.length).toBeGreaterThanOrEqual(15)
    expect(body.results.every((i) => i.original_language === 'ko' && i.vote_count >= 100)).toBe(true)
    expect(body.results.some((i) => /animated|anime|cartoon|3d animation|stop motion/i.test(`${label(i)} ${i.overview}`))).toBe(false)
    const popularity = body.results.map((i) => i.popularity)
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a))
  })

  it("accepts TMDB's own discover parameters of SPEC.md section 7", async () => {
    const plain = await list('/discover/movie?with_genres=27')
    const spelled = await list('/discover/movie?with_genres=27&sort_by=popularity.desc&include_adult=false&include_video=false&page=1')
    expect(spelled.results.map((i) => i.id)).toEqual(plain.results.map((i) => i.id))
    const best = await list('/discover/movie?with_genres=27&sort_by=vote_average.desc')
    const ratings = best.results.map((i) => i.vote_average)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
  })

  it('rejects unknown genres, providers, presets and parameters', async () => {
    const unknown = await get<{ error: string }>('/discover/movie?with_genres=28&api_key=abc')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toBe('unknown parameter: api_key')
    for (const path of [
      '/discover/movie?include_adult=true',
      '/discover/movie?sort_by=revenue.desc',
      '/discover/movie?with_genres=10759',
      '/discover/tv?with_genres=1',
      '/discover/movie?with_genres=abc',
      '/discover/tv?with_watch_providers=2',
      '/discover/tv?preset=adult',
      '/discover/tv?with_original_language=korean',
      '/discover/movie?vote_average.gte=11',
      '/discover/movie?api_key=x',
      '/discover/person',
    ]) {
      const { status, body } = await get<{ error: string }>(path)
      expect(status, path).toBe(400)
      expect(typeof body.error).toBe('string')
    }
  })
})

describe('GET /api/catalog/browse', () => {
  it('lists films (100 votes or more) and series starting with the letter, alphabetically', async () => {
    const body = await list('/browse?letter=B')
    expect(body.results.length).toBe(20)
    for (const item of body.results) {
      expect(label(item).charAt(0).toUpperCase()).toBe('B')
      if (item.media_type === 'movie') expect(item.vote_count).toBeGreaterThanOrEqual(100)
    }
    const names = body.results.map((i) => label(i).toLowerCase())
    expect(names).toEqual([...names].sort())
    const expected = await env.CATALOG.prepare(
      "SELECT (SELECT count(*) FROM catalog_movies WHERE upper(substr(title, 1, 1)) = 'B' AND vote_count >= 100) + (SELECT count(*) FROM catalog_tv_series WHERE upper(substr(name, 1, 1)) = 'B') AS n",
    ).first<{ n: number }>()
    expect(body.total_results).toBe(expected?.n)
    const shows = await list('/browse?letter=b&page=1')
    expect(shows.results.map((i) => i.id)).toEqual(body.results.map((i) => i.id))
  })

  it("'#' means titles that do not start with a letter", async () => {
    const body = await list('/browse?letter=%23')
    expect(body.results.length).toBeGreaterThan(0)
    expect(body.results.every((i) => !/^[A-Za-z]/.test(label(i)))).toBe(true)
  })

  it('rejects anything but one letter or #', async () => {
    for (const path of ['/browse', '/browse?letter=AB', '/browse?letter=1', '/browse?letter=A&page=0']) {
      expect((await get(path)).status, path).toBe(400)
    }
  })
})

describe('GET /api/catalog/search', () => {
  it('finds "star" and "godfather", films and series only', async () => {
    const star = await list('/search?query=star')
    expect(star.total_results).toBeGreaterThan(5)
    expect(star.results.some((i) => label(i).startsWith('Star Wars'))).toBe(true)
    expect(star.results.some((i) => i.media_type === 'tv')).toBe(true)
    const godfather = await list('/search?query=godfather')
    expect(godfather.results.map(label)).toEqual(['The Godfather', 'The Godfather: Part II', 'The Godfather: Part III'])
  })

  it('matches prefixes as the user types, ignoring case and accents', async () => {
    expect((await list('/search?query=godf')).results[0]?.title).toBe('The Godfather')
    expect((await list('/search?query=BREAKING%20ba')).results.map(label)).toContain('Breaking Bad')
    const accent = await list('/search?query=amelie')
    expect(accent.results.map(label)).toContain('Amélie')
    expect((await list('/search?query=%C3%A9lie')).results.length).toBeGreaterThanOrEqual(0)
  })

  it('ranks whole-word matches and popular titles first', async () => {
    const body = await list('/search?query=star')
    const firstPrefixOnly = body.results.findIndex((i) => !/\bstar\b/i.test(label(i)))
    const lastWhole = body.results.map((i) => /\bstar\b/i.test(label(i))).lastIndexOf(true)
    expect(firstPrefixOnly === -1 || lastWhole < firstPrefixOnly || firstPrefixOnly > 5).toBe(true)
    const wars = await list('/search?query=star%20wars')
    expect(wars.results.every((i) => /star wars/i.test(label(i)))).toBe(true)
  })

  it('pages, treats FTS syntax as text and rejects empty or long queries', async () => {
    const first = await list('/search?query=the')
    const second = await list('/search?query=the&page=2')
    expect(first.total_pages).toBeGreaterThan(1)
    expect(second.results.some((i) => first.results.some((j) => j.id === i.id && j.media_type === i.media_type))).toBe(false)
    expect((await list('/search?query=star%22%20(')).results.length).toBeGreaterThan(0)
    expect((await get('/search?query=%22star%22%20OR%20NEAR(')).status).toBe(200)
    expect((await list('/search?query=%2A%2A%2A')).results).toEqual([])
    expect((await get('/search?query=%20%20')).status).toBe(400)
    expect((await get(`/search?query=${'a'.repeat(101)}`)).status).toBe(400)
    expect((await list(`/search?query=${encodeURIComponent(` ${'a'.repeat(100)} `)}`)).results).toEqual([])
  })

  it('forgives typos when no word matches, ranking the closest spelling first', async () => {
    for (const [typo, title] of [
      ['shawshenk', 'The Shawshank Redemption'],
      ['godfathr', 'The Godfather'],
      ['inseption', 'Inception'],
      ['breking bad', 'Breaking Bad'],
    ] as const) {
      const found = await list(`/search?query=${encodeURIComponent(typo)}`)
      expect(label(found.results[0]!), typo).toBe(title)
      expect(found.total_results, typo).toBe(found.results.length)
    }
    // an exact word match is not diluted by look-alikes
    expect((await list('/search?query=inception')).results.map(label)).toEqual(['Inception'])
    expect((await list('/search?query=qqxxzzqq')).results).toEqual([])
  })

  it('finds people by name, with their department and best-known titles, on the first page only', async () => {
    const { body } = await get<SearchPage>('/search?query=christopher%20nolan')
    expect(body.people.map((p) => p.name)).toEqual(['Christopher Nolan'])
    const nolan = body.people.find((p) => p.name === 'Christopher Nolan')
    expect(nolan?.known_for_department).toBe('Directing')
    expect(nolan!.known_for.length).toBeGreaterThanOrEqual(2)
    expect(nolan!.known_for.length).toBeLessThanOrEqual(3)
    for (const title of nolan!.known_for) {
      const details = await get<MovieDetails>(`/${title.media_type}/${title.id}`)
      expect(details.body.credits.crew.some((c) => c.id === nolan!.id && c.job === 'Director')).toBe(true)
      expect(details.body.title).toBe(title.title)
    }
    expect((await get<SearchPage>('/search?query=cristopher%20nolan')).body.people[0]?.name).toBe('Christopher Nolan')
    expect((await get<SearchPage>('/search?query=christopher%20nolan&page=2')).body.people).toEqual([])
    expect((await get<SearchPage>('/search?query=qqxxzzqq')).body.people).toEqual([])
  })

  it('brings the titles of a person the search names into the results, most popular first, each once', async () => {
    const { body } = await get<SearchPage>('/search?query=christopher%20nolan')
    const nolan = body.people[0]!
    expect(nolan.name).toBe('Christopher Nolan')
    // No title is named so: every result is one of his, and his best-known come first.
    expect(body.results.length).toBeGreaterThanOrEqual(5)
    expect(body.results.slice(0, nolan.known_for.length).map((r) => `${r.media_type}:${r.id}`)).toEqual(nolan.known_for.map((k) => `${k.media_type}:${k.id}`))
    const keys = body.results.map((r) => `${r.media_type}:${r.id}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(body.total_results).toBe(body.results.length)
    for (const title of body.results) {
      const details = await get<MovieDetails | TvDetails>(`/${title.media_type}/${title.id}`)
      const credited = [...details.body.credits.cast, ...details.body.credits.crew].some((c) => c.id === nolan.id)
      expect(credited, `${title.media_type}:${title.id}`).toBe(true)
    }
    const popularity = body.results.map((r) => r.popularity)
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a))
  })

  it('adds no titles of people a short term only partly names ("shaw" is not Shawn Levy)', async () => {
    const found = await new EmbeddedCatalog(env.CATALOG).search('shaw', 1)
    const byName = await new EmbeddedCatalog(env.CATALOG).search('shaw', 1, { people: false })
    // People whose names are spelt like the term are still found as people, none of them named
    // Shaw outright…
    expect(found.people.length).toBeGreaterThan(0)
    expect(found.people.every((p) => /sha|haw/i.test(p.name) && !/\bshaw\b/i.test(p.name))).toBe(true)
    const theirs = new Set(found.people.flatMap((p) => p.known_for.map((k) => `${k.media_type}:${k.id}`)))
    const named = new Set(byName.results.map((r) => `${r.media_type}:${r.id}`))
    expect([...theirs].some((key) => !named.has(key))).toBe(true)
    // …but the results are the titles found by name alone, The Shawshank Redemption first.
    expect(found.results.map((r) => `${r.media_type}:${r.id}`)).toEqual([...named])
    expect(found.results[0]).toMatchObject({ media_type: 'movie', title: 'The Shawshank Redemption' })
  })

  it('brings the titles of everyone a surname names whole ("nolan": Christopher and Jonathan Nolan)', async () => {
    const found = await new EmbeddedCatalog(env.CATALOG).search('nolan', 1)
    const nolans = found.people.filter((p) => /\bnolan\b/i.test(p.name))
    expect(nolans.map((p) => p.name)).toContain('Christopher Nolan')
    const keys = found.results.map((r) => `${r.media_type}:${r.id}`)
    for (const title of nolans.flatMap((p) => p.known_for)) expect(keys).toContain(`${title.media_type}:${title.id}`)
    expect(keys).toContain('movie:155')
    // Titles only spelt like the term (no title holds the word) follow the films of the people it names.
    const spelt = await new EmbeddedCatalog(env.CATALOG).search('nolan', 1, { people: false })
    expect(spelt.results.length).toBeGreaterThan(0)
    const theirs = new Set(nolans.flatMap((p) => p.known_for.map((k) => `${k.media_type}:${k.id}`)))
    const firstSpelt = keys.findIndex((key) => spelt.results.some((r) => `${r.media_type}:${r.id}` === key) && !theirs.has(key))
    expect(firstSpelt).toBeGreaterThan(0)
    expect(keys.slice(0, firstSpelt)).toContain('movie:155')
    expect(found.results[0]!.media_type === 'movie' && theirs.has(`movie:${found.results[0]!.id}`)).toBe(true)
  })

  it('answers an anonymous search without touching the accounts database', async () => {
    const counter = countD1(env.DB)
    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request('http://localhost/api/catalog/search?query=shawshenk'), { ...env, DB: counter.db }, ctx)
    await waitOnExecutionContext(ctx)
    expect(res.status).toBe(200)
    expect(((await res.json()) as SearchPage).results.length).toBeGreaterThan(0)
    expect(counter.queries()).toBe(0)
  })
})

describe('a search for titles only', () => {
  it('asks nothing about people when told not to (an import matching its titles)', async () => {
    const withPeople = countD1(env.CATALOG)
    const all = await new EmbeddedCatalog(withPeople.db).search('christopher nolan', 1)
    expect(all.people.map((p) => p.name)).toEqual(['Christopher Nolan'])
    const titlesOnly = countD1(env.CATALOG)
    const titles = await new EmbeddedCatalog(titlesOnly.db).search('christopher nolan', 1, { people: false })
    expect(titles.people).toEqual([])
    // Nor the titles a person is known for: no title is named "christopher nolan".
    expect(all.results.length).toBeGreaterThan(0)
    expect(titles.results).toEqual([])
    expect(titlesOnly.queries()).toBeLessThan(withPeople.queries())
  })
})

describe('GET /api/catalog/movie/:id and /tv/:id', () => {
  it('answers a film with genres, credits, similar titles and videos', async () => {
    const { status, body, headers } = await get<MovieDetails>('/movie/550')
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toContain('max-age')
    expect(body).toMatchObject({ id: 550, media_type: 'movie', title: 'Fight Club', release_date: '1999-10-15' })
    expect(body.genres.length).toBeGreaterThan(0)
    expect(body.credits.crew.find((c) => c.job === 'Director')?.name).toBe('David Fincher')
    expect(body.credits.cast.map((c) => c.name)).toEqual(['Edward Norton', 'Brad Pitt', 'Helena Bonham Carter'])
    expect(body.similar.results.length).toBeGreaterThan(0)
    expect(body.similar.results.some((i) => i.id === 550)).toBe(false)
    expect(body.videos).toEqual({ results: [] })
    expect(body.poster_path).toBe('/poster/movie/550.svg')
    expect(body.overview).toContain('David Fincher')
  })

  it('answers a series with seasons, networks and cast', async () => {
    const { status, body } = await get<TvDetails>('/tv/1399')
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: 1399, media_type: 'tv', name: 'Game of Thrones', number_of_seasons: 8, number_of_episodes: 73 })
    expect(body.seasons.map((s) => s.episode_count)).toEqual([10, 10, 10, 10, 10, 10, 7, 6])
    expect(body.networks.map((n) => n.name)).toEqual(['HBO'])
    expect(body.credits.cast.slice(0, 3).map((c) => c.name)).toEqual(['Emilia Clarke', 'Kit Harington', 'Peter Dinklage'])
    expect(body.genres.map((g) => g.name)).toContain('Sci-Fi & Fantasy')
  })

  it('answers a season with its episodes', async () => {
    const { status, body } = await get<Season>('/tv/1396/season/5')
    expect(status).toBe(200)
    expect(body.season_number).toBe(5)
    expect(body.episodes).toHaveLength(16)
    expect(body.episodes[2]).toMatchObject({ episode_number: 3, season_number: 5, name: 'Episode 3', still_path: '/still/1396/5/3.svg' })
  })

  it('similar titles page and share genres', async () => {
    const { body } = await get<Paged<ListItem>>('/tv/1399/similar?page=2')
    expect(body.page).toBe(2)
    const series = await get<TvDetails>('/tv/1399')
    const genres = new Set(series.body.genres.map((g) => g.id))
    expect(body.results.every((i) => i.genre_ids.some((g) => genres.has(g)))).toBe(true)
  })

  it('unknown ids answer 404 and malformed ones 400', async () => {
    for (const path of ['/movie/999999999', '/tv/424242', '/tv/1399/season/42', '/movie/999999999/similar', '/tv/7/similar']) {
      const { status, body } = await get<{ error: string }>(path)
      expect(status, path).toBe(404)
      expect(body.error).toMatch(/not found/i)
    }
    for (const path of ['/movie/abc', '/movie/0', '/movie/-5', '/movie/1.5', '/tv/1399/season/x', '/person/1/similar', '/movie/550?append_to_response=x', '/lists/movie-popular?page=501', '/lists/unknown']) {
      expect((await get(path)).status, path).toBe(400)
    }
    expect((await get('/collection/10')).status).toBe(404)
  })
})

describe('GET /api/catalog/genres', () => {
  it('answers the 18-genre map, and TV genres on request', async () => {
    const { body } = await get<{ genres: { id: number; name: string }[] }>('/genres')
    expect(body.genres).toHaveLength(18)
    expect(body.genres).toContainEqual({ id: 878, name: 'Science Fiction' })
    const tv = await get<{ genres: { id: number; name: string }[] }>('/genres?type=tv')
    expect(tv.body.genres).toContainEqual({ id: 10765, name: 'Sci-Fi & Fantasy' })
    expect((await get('/genres?type=person')).status).toBe(400)
  })
})

describe('the embedded data', () => {
  it('is cleaned: century-late years moved back, accents repaired, no duplicates', async () => {
    const oz = await get<Paged<ListItem>>('/search?query=wizard%20of%20oz')
    expect(oz.body.results.find((i) => i.title === 'The Wizard of Oz')?.release_date).toBe('1939-08-25')
    const late = await env.CATALOG.prepare("SELECT count(*) AS n FROM catalog_movies WHERE release_date > '2011-12-31'").first<{ n: number }>()
    expect(late?.n).toBe(0)
    const dupes = await env.CATALOG.prepare('SELECT count(*) AS n FROM (SELECT title, substr(release_date, 1, 4) FROM catalog_movies GROUP BY 1, 2 HAVING count(*) > 1)').first<{ n: number }>()
    expect(dupes?.n).toBe(0)
    const broken = await env.CATALOG.prepare("SELECT count(*) AS n FROM catalog_movies WHERE title GLOB '*[ÈÍÛÙË‰]*'").first<{ n: number }>()
    expect(broken?.n).toBe(0)
  })

  it('maps genres and creative types onto TMDB genre ids', async () => {
    const genresOf = async (title: string) => (await get<MovieDetails>(`/movie/${(await list(`/search?query=${encodeURIComponent(title)}`)).results.find((i) => i.title === title)!.id}`)).body.genres.map((g) => g.id)
    expect(await genresOf('Iron Man')).toEqual(expect.arrayContaining([28, 878]))
    expect(await genresOf('Toy Story')).toEqual(expect.arrayContaining([16, 10751]))
    expect(await genresOf('The Godfather')).toContain(80)
    // "Super Hero" is no science fiction, and "Historical Fiction" (set in the past) no History.
    for (const title of ['The Dark Knight', 'Batman Begins', 'Hancock', 'Kick-Ass']) expect(await genresOf(title), title).not.toContain(878)
    for (const title of ['Shutter Island', 'Inglourious Basterds', 'Titanic', 'Gladiator', 'Grease', 'Raiders of the Lost Ark']) expect(await genresOf(title), title).not.toContain(36)
    expect(await genresOf("Schindler's List")).toContain(36)
    const noGenre = await env.CATALOG.prepare('SELECT count(*) AS n FROM catalog_movies m WHERE NOT EXISTS (SELECT 1 FROM catalog_movie_genres g WHERE g.movie_id = m.id)').first<{ n: number }>()
    expect(noGenre?.n).toBe(0)
    const romcom = await env.CATALOG.prepare(
      'SELECT count(*) AS n FROM catalog_movie_genres a JOIN catalog_movie_genres b ON b.movie_id = a.movie_id AND b.genre_id = 35 WHERE a.genre_id = 10749',
    ).first<{ n: number }>()
    expect(romcom?.n).toBeGreaterThan(75)
  })

  it('well-known films have their real running time, genres and English title', async () => {
    const known: Array<[title: string, runtime: number, genres: number[], original?: [title: string, language: string]]> = [
      ['The Dark Knight', 152, [28, 80, 18]],
      ['Fight Club', 139, [18]],
      ['The Godfather', 175, [18, 80]],
      ['Pulp Fiction', 154, [18, 80]],
      ['The Shawshank Redemption', 142, [18, 80]],
      ['Forrest Gump', 142, [35, 18, 10749]],
      ["Schindler's List", 195, [18, 10752, 36]],
      ['Inception', 148, [28, 878, 12]],
      ['The Matrix', 136, [28, 878]],
      ['Toy Story', 81, [16, 12, 10751, 35]],
      ['Titanic', 194, [18, 10749]],
      ['Se7en', 127, [53, 80, 9648]],
      ['Gladiator', 155, [28, 12, 18]],
      ['Shutter Island', 138, [53, 9648]],
      ['Inglourious Basterds', 153, [18, 10752]],
      ['City of God', 130, [80, 18], ['Cidade de Deus', 'pt']],
      ['Seven Samurai', 207, [28, 18], ['Shichinin no samurai', 'ja']],
      ["Pan's Labyrinth", 118, [14, 18, 10752], ['El Laberinto del Fauno', 'es']],
    ]
    for (const [title, runtime, genres, original] of known) {
      const row = await env.CATALOG.prepare('SELECT id FROM catalog_movies WHERE title = ?').bind(title).first<{ id: number }>()
      expect(row, title).not.toBeNull()
      const { body } = await get<MovieDetails>(`/movie/${row!.id}`)
      expect(body.runtime, title).toBe(runtime)
      expect(new Set(body.genres.map((g) => g.id)), title).toEqual(new Set(genres))
      expect(body.original_title, title).toBe(original?.[0] ?? title)
      expect(body.original_language, title).toBe(original?.[1] ?? 'en')
    }
    // Original titles are searchable too.
    expect((await list('/search?query=cidade%20de%20deus')).results[0]?.title).toBe('City of God')
  })

  it('every film has a running time, and films without a known one are left out', async () => {
    const count = async (query: string) => (await env.CATALOG.prepare(query).first<{ n: number }>())?.n ?? 0
    expect(await count('SELECT count(*) AS n FROM catalog_movies WHERE runtime IS NULL OR runtime <= 0')).toBe(0)
    expect(await count('SELECT count(*) AS n FROM catalog_movies')).toBeGreaterThan(2000)
    expect(await count("SELECT count(*) AS n FROM catalog_movies WHERE title IN ('Casino Royale', 'The Island') AND release_date < '1990-01-01'")).toBe(0)
  })

  it('has the series the catalogue promises, on every platform', async () => {
    const count = async (query: string) => (await env.CATALOG.prepare(query).first<{ n: number }>())?.n ?? 0
    expect(await count('SELECT count(*) AS n FROM catalog_tv_series')).toBeGreaterThanOrEqual(120)
    expect(await count("SELECT count(*) AS n FROM catalog_tv_series WHERE original_language = 'ko'")).toBeGreaterThanOrEqual(15)
    expect(await count("SELECT count(*) AS n FROM catalog_tv_series t WHERE original_language = 'ja' AND EXISTS (SELECT 1 FROM catalog_tv_genres g WHERE g.tv_id = t.id AND g.genre_id = 16)")).toBeGreaterThanOrEqual(15)
    expect(await count("SELECT count(*) AS n FROM catalog_tv_series t WHERE original_language <> 'ja' AND EXISTS (SELECT 1 FROM catalog_tv_genres g WHERE g.tv_id = t.id AND g.genre_id IN (16, 10762))")).toBeGreaterThanOrEqual(15)
    for (const provider of [8, 337, 9, 350, 531, 386, 283]) {
      expect(await count(`SELECT count(*) AS n FROM catalog_tv_providers WHERE provider_id = ${provider}`), `provider ${provider}`).toBeGreaterThan(0)
    }
  })
})

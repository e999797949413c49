// The viewer's ratings through the real worker and the account's store: half stars from 1 to 10,
// set, changed and removed; names and posters from the embedded catalogue; only the caller's own;
// a few titles' ratings for cards; and the films' ratings as Letterboxd's ratings.csv.
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from './catalog-data'
import { call, createUser, json } from './helpers/accounts'

beforeAll(async () => {
  await loadCatalog()
})

interface Rating {
  content_type: string
  content_id: number
  title: string
  poster_path: string | null
  rating: number
  rated_at: string
}

function rate(cookie: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  return call(`/api/me/ratings/${key}`, { method: 'PUT', cookie, body, headers })
}

async function ratings(cookie: string, query = ''): Promise<Rating[]> {
  const res = await call(`/api/me/ratings${query}`, { cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await json<{ results: Rating[] }>(res)).results
}

async function ratingOf(cookie: string, key: string): Promise<Rating | null> {
  const res = await call(`/api/me/ratings/${key}`, { cookie })
  expect(res.status).toBe(200)
  return (await json<{ rating: Rating | null }>(res)).rating
}

describe('PUT and DELETE /api/me/ratings/{type}/{id}', () => {
  it('rates a title with the catalogue’s name and poster, changes the rating and removes it', async () => {
    const me = await createUser()
    const first = await rate(me.cookie, 'movie/155', { rating: 9 })
    expect(first.status, await first.clone().text()).toBe(200)
    expect((await json<{ rating: Rating }>(first)).rating).toMatchObject({ content_type: 'movie', content_id: 155, title: 'The Dark Knight', poster_path: '/poster/movie/155.svg', rating: 9 })
    expect(await ratingOf(me.cookie, 'movie/155')).toMatchObject({ rating: 9 })

    expect((await rate(me.cookie, 'movie/155', { rating: 4 })).status).toBe(200)
    expect(await ratingOf(me.cookie, 'movie/155')).toMatchObject({ rating: 4 })
    expect((await ratings(me.cookie)).map((r) => [r.content_id, r.rating])).toEqual([[155, 4]])

    const removed = await call('/api/me/ratings/movie/155', { method: 'DELETE', cookie: me.cookie })
    expect(await json(removed)).toEqual({ removed: true })
    expect(await ratingOf(me.cookie, 'movie/155')).toBeNull()
    expect(await json(await call('/api/me/ratings/movie/155', { method: 'DELETE', cookie: me.cookie }))).toEqual({ removed: false })
    expect(await ratings(me.cookie)).toEqual([])
  })

  it('takes whole half stars from 1 to 10 only, and a title the catalogue holds', async () => {
    const me = await createUser()
    for (const body of [{ rating: 0 }, { rating: 11 }, { rating: 3.5 }, { rating: '7' }, { rating: null }, {}, { rating: 7, title: 'Mine' }]) {
      const res = await rate(me.cookie, 'movie/155', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await json<{ error: string }>(res)).error).toBeTruthy()
    }
    expect(await json(await rate(me.cookie, 'movie/155', { rating: 3.5 }))).toEqual({ error: 'rating must be a whole number of half stars, from 1 (half a star) to 10 (five stars)' })
    expect((await json<{ error: string }>(await rate(me.cookie, 'movie/155', { rating: 11 }, { 'Accept-Language': 'de' }))).error).toContain('halber Sterne')
    expect((await rate(me.cookie, 'person/155', { rating: 5 })).status).toBe(400)
    expect((await rate(me.cookie, 'movie/0', { rating: 5 })).status).toBe(400)
    const unknown = await rate(me.cookie, 'movie/987654321', { rating: 5 })
    expect(unknown.status).toBe(404)
    expect(await json(unknown)).toEqual({ error: 'Title not found' })
    expect(await ratings(me.cookie)).toEqual([])

    // the least and the most
    expect((await rate(me.cookie, 'movie/155', { rating: 1 })).status).toBe(200)
    expect((await rate(me.cookie, 'tv/1399', { rating: 10 })).status).toBe(200)
    expect((await ratings(me.cookie)).map((r) => r.rating).sort()).toEqual([1, 10])
  })

  it('needs a session', async () => {
    expect((await call('/api/me/ratings')).status).toBe(401)
    expect((await call('/api/me/ratings/movie/155', { method: 'PUT', body: { rating: 5 } })).status).toBe(401)
    expect((await call('/api/me/ratings/movie/155', { method: 'DELETE' })).status).toBe(401)
    expect((await call('/api/me/ratings/export.csv')).status).toBe(401)
  })

  it('keeps each account’s ratings its own', async () => {
    const me = await createUser()
    const other = await createUser()
    expect((await rate(me.cookie, 'movie/155', { rating: 8 })).status).toBe(200)
    expect(await ratings(other.cookie)).toEqual([])
    expect(await ratingOf(other.cookie, 'movie/155')).toBeNull()
    expect(await json(await call('/api/me/ratings/movie/155', { method: 'DELETE', cookie: other.cookie }))).toEqual({ removed: false })
    expect((await rate(other.cookie, 'movie/155', { rating: 2 })).status).toBe(200)
    expect(await ratingOf(me.cookie, 'movie/155')).toMatchObject({ rating: 8 })
    expect(await ratingOf(other.cookie, 'movie/155')).toMatchObject({ rating: 2 })
  })
})

describe('GET /api/me/ratings', () => {
  it('lists the newest first, and with ?titles= only those titles’', async () => {
    const me = await createUser()
    for (const [key, rating] of [['movie/155', 9], ['tv/1399', 7], ['movie/550', 6]] as const) {
      expect((await rate(me.cookie, key, { rating })).status).toBe(200)
      // rated_at is kept to the millisecond
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect((await ratings(me.cookie)).map((r) => `${r.content_type}:${r.content_id}`)).toEqual(['movie:550', 'tv:1399', 'movie:155'])
    expect((await ratings(me.cookie, '?titles=movie:155,tv:1399,tv:155,movie:1399')).map((r) => [r.content_type, r.content_id, r.rating])).toEqual([
      ['tv', 1399, 7],
      ['movie', 155, 9],
    ])
    expect(await ratings(me.cookie, '?titles=movie:238')).toEqual([])

    const many = Array.from({ length: 201 }, (_, i) => `movie:${i + 1}`).join(',')
    for (const query of ['?titles=', '?titles=person:1', '?titles=movie:0', '?titles=movie:1,', '?titles=movie', `?titles=${many}`, '?other=1']) {
      const res = await call(`/api/me/ratings${query}`, { cookie: me.cookie })
      expect(res.status, query).toBe(400)
      expect((await json<{ error: string }>(res)).error).toBeTruthy()
    }
    expect(await json(await call('/api/me/ratings?titles=person:1', { cookie: me.cookie }))).toEqual({ error: 'titles: must be titles written as movie:155,tv:1399, at most 200' })
  })
})

describe('GET /api/me/ratings/export.csv', () => {
  it('writes the films’ ratings in Letterboxd’s columns, stars from 0.5 to 5, quoted where needed', async () => {
    const me = await createUser()
    expect((await rate(me.cookie, 'movie/155', { rating: 7 })).status).toBe(200)
    expect((await rate(me.cookie, 'movie/550', { rating: 10 })).status).toBe(200)
    expect((await rate(me.cookie, 'tv/1399', { rating: 9 })).status).toBe(200)
    // an import keeps the file's name and day
    const imported = { content_type: 'movie', content_id: 238, title: 'Say "Cheese", Please', poster_path: null, rating: 1, rated_at: '2019-04-05T10:00:00Z' }
    expect((await call('/api/me/import/apply', { cookie: me.cookie, body: { ratings: [imported] } })).status).toBe(200)

    const res = await call('/api/me/ratings/export.csv', { cookie: me.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-ratings-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const today = new Date().toISOString().slice(0, 10)
    const lines = (await res.text()).split('\r\n')
    expect(lines[0]).toBe('Date,Name,Year,Letterboxd URI,Rating')
    expect(lines.slice(1).sort()).toEqual(['', `${today},Fight Club,1999,,5`, `${today},The Dark Knight,2008,,3.5`, '2019-04-05,"Say ""Cheese"", Please",1972,,0.5'].sort())
  })
})

// GET /api/catalog/person/:id with both providers: the embedded catalogue's people and credits,
// and TMDB's /person/{id}?append_to_response=combined_credits faked at the network boundary in the
// shape TMDB documents; bad and unknown ids, and the caching that keeps D1 out of a repeat view.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MovieDetails, PersonDetails } from '../catalog/types'
import worker from '../index'
import { loadCatalog } from './catalog-data'
import { countD1 } from './helpers/d1-counter'
import { answerTmdbWith } from './helpers/tmdb-boundary'

vi.setConfig({ testTimeout: 30_000 })

async function call<T>(path: string, bindings: Partial<typeof env> = {}): Promise<{ status: number; body: T }> {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`http://localhost/api/catalog${path}`), { ...env, ...bindings }, ctx)
  await waitOnExecutionContext(ctx)
  return { status: res.status, body: (await res.json()) as T }
}

describe('the embedded catalogue', () => {
  beforeAll(async () => {
    await loadCatalog()
  })

  it("answers a director's filmography from the credits, each title as the catalogue has it", async () => {
    const film = await call<MovieDetails>('/movie/155')
    expect(film.status).toBe(200)
    const director = film.body.credits.crew.find((c) => c.job === 'Director')!
    const { status, body } = await call<PersonDetails>(`/person/${director.id}`)
    expect(status).toBe(200)
    expect(body.name).toBe(director.name)
    expect(body.known_for_department).toBe('Directing')
    expect(body.biography).toBe('')
    const credit = body.crew.find((c) => c.media_type === 'movie' && c.id === 155)!
    expect(credit).toMatchObject({ title: film.body.title, job: 'Director', year: Number(film.body.release_date.slice(0, 4)), poster_path: film.body.poster_path, vote_average: film.body.vote_average })
    // Every credit names a title the catalogue answers, by its own name.
    for (const c of body.crew.slice(0, 3)) {
      const title = await call<MovieDetails>(`/${c.media_type}/${c.id}`)
      expect(title.status).toBe(200)
      expect(title.body.credits.crew.some((p) => p.id === director.id)).toBe(true)
    }
  })

  it("answers an actor's roles with their characters", async () => {
    const film = await call<MovieDetails>('/movie/155')
    const actor = film.body.credits.cast[0]!
    const { body } = await call<PersonDetails>(`/person/${actor.id}`)
    expect(body.known_for_department).toBe('Acting')
    expect(body.cast.find((c) => c.id === 155 && c.media_type === 'movie')?.character).toBe(actor.character)
  })

  it('answers 404 for an unknown person and 400 for ids that are not ids', async () => {
    const unknown = await call<{ error: string }>('/person/2147483000')
    expect(unknown).toEqual({ status: 404, body: { error: 'Person not found' } })
    for (const bad of ['0', 'abc', '-3', '1.5', '99999999999', '12?x=1']) {
      const res = await call<{ error: string }>(`/person/${bad}`)
      expect(res.status, bad).toBe(400)
      expect(typeof res.body.error, bad).toBe('string')
    }
  })

  it('keeps the answer: a repeat asks neither the accounts database nor the catalogue', async () => {
    const film = await call<MovieDetails>('/movie/155')
    const id = film.body.credits.cast[1]!.id
    const first = countD1(env.CATALOG)
    const accounts = countD1(env.DB)
    const a = await call<PersonDetails>(`/person/${id}`, { CATALOG: first.db, DB: accounts.db })
    expect(a.status).toBe(200)
    expect(first.queries()).toBeGreaterThan(0)
    const again = countD1(env.CATALOG)
    const b = await call<PersonDetails>(`/person/${id}`, { CATALOG: again.db, DB: accounts.db })
    expect(b.body).toEqual(a.body)
    expect(again.statements.filter((s) => /catalog_credits|catalog_people/.test(s.sql))).toEqual([])
    expect(accounts.queries()).toBe(0)
  })
})

describe('the TMDB provider', () => {
  const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' }
  const upstream: URL[] = []

  /** TMDB's /person/{id} with combined_credits: cast and crew entries are the titles' list fields plus media_type and the role. */
  function fakeTmdb(url: URL): Response {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    const m = /^\/3\/person\/(\d+)$/.exec(url.pathname)
    if (!m || m[1] !== '31') return json(NOT_FOUND, 404)
    const credits = url.searchParams.get('append_to_response') === 'combined_credits'
    return json({
      adult: false,
      also_known_as: [],
      biography: 'An actor and director.',
      birthday: '1956-07-09',
      deathday: null,
      gender: 2,
      homepage: null,
      id: 31,
      imdb_id: 'nm0000158',
      known_for_department: 'Acting',
      name: 'Tom Hanks',
      place_of_birth: 'Concord, California, USA',
      popularity: 80.1,
      profile_path: '/xndWFsBlClOJFRdhSt4NBwiPq2o.jpg',
      ...(credits && {
        combined_credits: {
          cast: [
            { adult: false, id: 13, media_type: 'movie', title: 'Forrest Gump', original_title: 'Forrest Gump', release_date: '1994-06-23', poster_path: '/f.jpg', vote_average: 8.5, vote_count: 27000, popularity: 60, genre_ids: [35], character: 'Forrest Gump', credit_id: 'a', order: 0 },
            { adult: false, id: 862, media_type: 'movie', title: 'Toy Story', original_title: 'Toy Story', release_date: '1995-10-30', poster_path: '/t.jpg', vote_average: 8.0, vote_count: 18000, popularity: 90, genre_ids: [16], character: 'Woody (voice)', credit_id: 'b', order: 0 },
            { adult: false, id: 4614, media_type: 'tv', name: 'Band of Brothers', original_name: 'Band of Brothers', first_air_date: '', poster_path: null, vote_average: 8.6, vote_count: 4000, popularity: 40, genre_ids: [10768], character: 'Self', credit_id: 'c', episode_count: 1 },
            { adult: true, id: 99, media_type: 'movie', title: 'Hidden', release_date: '2000-01-01', poster_path: null, vote_average: 1, vote_count: 1, popularity: 1, genre_ids: [], character: 'X', credit_id: 'd' },
          ],
          crew: [{ adult: false, id: 9591, media_type: 'movie', title: 'That Thing You Do!', release_date: '1996-10-04', poster_path: '/d.jpg', vote_average: 6.9, vote_count: 800, popularity: 10, genre_ids: [35], department: 'Directing', job: 'Director', credit_id: 'e' }],
        },
      }),
    })
  }

  beforeAll(() => {
    answerTmdbWith(fakeTmdb, upstream)
  })
  afterEach(() => {
    upstream.length = 0
  })

  it('answers the person, their biography and their credits from one call, most popular first, adult titles left out', async () => {
    const { status, body } = await call<PersonDetails>('/person/31', { TMDB_API_KEY: 'key' })
    expect(status).toBe(200)
    expect(upstream.map((u) => u.pathname)).toEqual(['/3/person/31'])
    expect(upstream[0]!.searchParams.get('append_to_response')).toBe('combined_credits')
    expect(body).toMatchObject({ id: 31, name: 'Tom Hanks', known_for_department: 'Acting', profile_path: '/xndWFsBlClOJFRdhSt4NBwiPq2o.jpg', biography: 'An actor and director.' })
    expect(body.cast.map((c) => [c.media_type, c.id, c.title, c.year, c.character])).toEqual([
      ['movie', 862, 'Toy Story', 1995, 'Woody (voice)'],
      ['movie', 13, 'Forrest Gump', 1994, 'Forrest Gump'],
      ['tv', 4614, 'Band of Brothers', null, 'Self'],
    ])
    expect(body.crew).toEqual([{ id: 9591, media_type: 'movie', title: 'That Thing You Do!', year: 1996, poster_path: '/d.jpg', vote_average: 6.9, vote_count: 800, popularity: 10, job: 'Director' }])
  })

  it('keeps the answer in KV: a repeat asks TMDB nothing and the accounts database nothing', async () => {
    await call<PersonDetails>('/person/31', { TMDB_API_KEY: 'key' })
    upstream.length = 0
    const accounts = countD1(env.DB)
    const again = await call<PersonDetails>('/person/31', { TMDB_API_KEY: 'key', DB: accounts.db })
    expect(again.body.name).toBe('Tom Hanks')
    expect(upstream).toEqual([])
    expect(accounts.queries()).toBe(0)
  })

  it("answers TMDB's 404 as an unknown person", async () => {
    expect(await call('/person/77', { TMDB_API_KEY: 'key' })).toEqual({ status: 404, body: { error: 'Person not found' } })
  })
})

describe('the person page the worker serves', () => {
  beforeAll(async () => {
    await loadCatalog()
  })

  async function page(path: string): Promise<{ status: number; html: string }> {
    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request(`http://localhost${path}`, { headers: { Accept: 'text/html' } }), env, ctx)
    await waitOnExecutionContext(ctx)
    return { status: res.status, html: await res.text() }
  }

  it('carries the person, their title, description, share card and language alternates, in the language of its address', async () => {
    const film = await call<MovieDetails>('/movie/155')
    const director = film.body.credits.crew.find((c) => c.job === 'Director')!
    const { status, html } = await page(`/person/${director.id}`)
    expect(status).toBe(200)
    expect(html).toContain(`<title>${director.name} | Reelhouse</title>`)
    expect(html).toContain(`<meta property="og:title" content="${director.name}">`)
    expect(html).toMatch(new RegExp(`<meta property="og:description" content="${director.name} on Reelhouse: known for [^"]*${film.body.title}`))
    expect(html).toContain(`<meta property="og:url" content="http://localhost/person/${director.id}">`)
    expect(html).toMatch(/<meta property="og:image" content="[^"]+">/)
    expect(html).toContain(`<link rel="alternate" hreflang="ar" href="http://localhost/ar/person/${director.id}">`)
    // The page's data is inlined, so the app draws it without asking the API.
    expect(html).toContain(`"person":{"id":${director.id}`)

    const arabic = await page(`/ar/person/${director.id}`)
    expect(arabic.status).toBe(200)
    expect(arabic.html).toContain('dir="rtl"')
    expect(arabic.html).toContain(`<meta property="og:url" content="http://localhost/ar/person/${director.id}">`)
  })

  it('answers an unknown person with the app and a 404, so crawlers do not index it', async () => {
    expect((await page('/person/2147483000')).status).toBe(404)
    expect((await page('/es/person/2147483000')).status).toBe(404)
  })

  it('lists the most credited people in the sitemap, in every language', async () => {
    const film = await call<MovieDetails>('/movie/155')
    const director = film.body.credits.crew.find((c) => c.job === 'Director')!
    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request('http://localhost/sitemap.xml'), env, ctx)
    await waitOnExecutionContext(ctx)
    const xml = await res.text()
    const people = [...xml.matchAll(/<loc>http:\/\/localhost\/person\/(\d+)<\/loc>/g)].map((m) => Number(m[1]))
    expect(people.length).toBeGreaterThan(0)
    expect(people.length).toBeLessThanOrEqual(300)
    expect(people).toContain(director.id)
    expect(xml).toContain(`<loc>http://localhost/ja/person/${director.id}</loc>`)
  })
})

// Importing from another site through the real worker and D1: titles matched to the embedded
// catalogue by TMDB id or by title and year (accents, case and articles set aside), remakes offered
// to pick from, unknown titles reported; with TMDB (faked at the network boundary) by IMDb id
// through TMDB's /find, kept in KV; confirmed titles added once, whatever is sent twice, to the
// caller's own rows only, without touching what was there; ratings in half stars with them.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { comparable } from '../accounts/import'
import { readCached, tmdbCacheKey } from '../cache'
import app from '../index'
import { loadCatalog } from './catalog-data'
import { call, createUser, json, ORIGIN } from './helpers/accounts'
import { flushCopies } from './helpers/stores'
import { answerTmdbWith } from './helpers/tmdb-boundary'

beforeAll(async () => {
  await loadCatalog()
})

interface MatchAnswer {
  results: Array<{ status: string; match?: { id: number; media_type: string; title: string; year: number | null }; candidates?: Array<{ id: number; year: number | null }> }>
}

async function match(cookie: string, items: unknown[]) {
  const res = await call('/api/me/import/match', { cookie, body: { items } })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await json<MatchAnswer>(res)).results
}

describe('POST /api/me/import/match', () => {
  it('matches by TMDB id, and by title and year with accents, case and articles set aside', async () => {
    const me = await createUser()
    const [byId, byTitle, accentless, series, unknownId] = await match(me.cookie, [
      { title: 'anything', tmdb_id: 155 },
      { title: 'dark knight, the', year: 2008 },
      { title: 'Amelie', year: 2001 },
      { title: 'Sherlock', year: 2010, type: 'tv' },
      { title: 'Fight Club', year: 1999, tmdb_id: 987654321 },
    ])
    expect(byId).toMatchObject({ status: 'matched', match: { id: 155, media_type: 'movie', title: 'The Dark Knight', year: 2008 } })
    expect(byTitle?.status).toBe('matched')
    expect(byTitle?.match?.id).toBe(155)
    expect(accentless).toMatchObject({ status: 'matched', match: { title: 'Amélie', year: 2001 } })
    expect(series).toMatchObject({ status: 'matched', match: { id: 19885, media_type: 'tv' } })
    // an id the catalogue does not hold falls back to the title
    expect(unknownId).toMatchObject({ status: 'matched', match: { id: 550 } })
  })

  it('matches by title and year when only an IMDb id is given: the embedded catalogue holds none', async () => {
    const me = await createUser()
    const [known, unknown] = await match(me.cookie, [
      { title: 'The Dark Knight', year: 2008, imdb_id: 'tt0468569' },
      { title: 'Qwxz Unfilmed Title', year: 1990, imdb_id: 'tt0468569' },
    ])
    expect(known).toMatchObject({ status: 'matched', match: { id: 155, media_type: 'movie' } })
    expect(unknown).toEqual({ status: 'missing' })
  })

  it('offers remakes to pick from without a year, takes the one of the year given, and reports what it cannot find', async () => {
    const me = await createUser()
    const [noYear, withYear, nothing] = await match(me.cookie, [{ title: 'Psycho' }, { title: 'Psycho', year: 1998 }, { title: 'Qwxz Unfilmed Title', year: 1990 }])
    expect(withYear).toMatchObject({ status: 'matched', match: { title: 'Psycho', year: 1998 } })
    expect(nothing).toEqual({ status: 'missing' })
    // the catalogue holds one Psycho: without a year it is still the one
    expect(noYear?.status).toBe('matched')
    const [halloween] = await match(me.cookie, [{ title: 'Halloween', year: 2010 }])
    expect(halloween?.status).toBe('ambiguous')
    expect(halloween?.candidates?.every((c) => c.year !== null && Math.abs(c.year - 2010) <= 1)).toBe(true)
  })

  it('refuses a bad batch with a clear error and no session with 401', async () => {
    const me = await createUser()
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ title: `Film ${i}` }))
    for (const items of [[], tooMany, [{ title: '' }], [{ title: 'a\u0000b' }], [{ title: 'x', year: 1500 }], [{ title: 'x', tmdb_id: -1 }], [{ title: 'x', type: 'person' }], [{ title: 'x', imdb_id: 'tt123' }]]) {
      const res = await call('/api/me/import/match', { cookie: me.cookie, body: { items } })
      expect(res.status, JSON.stringify(items).slice(0, 60)).toBe(400)
      expect((await json<{ error: string }>(res)).error).toBeTruthy()
    }
    expect((await call('/api/me/import/match', { body: { items: [{ title: 'Psycho' }] } })).status).toBe(401)
  })
})

/**
 * Enough of TMDB for matching, in its answers' shapes: films and a series with their IMDb ids, an
 * episode's IMDb id (/find answers it in tv_episode_results), and a multi search that, as TMDB's
 * first page can, holds only the remake of Solaris.
 */
const FILMS = [
  { id: 539, title: 'Psycho', release_date: '1960-06-22', imdb: 'tt0054215', searched: true },
  { id: 11252, title: 'Psycho', release_date: '1998-12-04', imdb: 'tt0155975', searched: true },
  { id: 593, title: 'Solaris', release_date: '1972-03-20', imdb: 'tt0069293', searched: false },
  { id: 2103, title: 'Solaris', release_date: '2002-11-27', imdb: 'tt0307479', searched: true },
  { id: 550, title: 'Fight Club', release_date: '1999-10-15', imdb: 'tt0137523', searched: true },
]
const SHOWS = [{ id: 19885, name: 'Sherlock', first_air_date: '2010-07-25', imdb: 'tt1475582' }]
const EPISODES = [{ id: 64782, name: 'A Study in Pink', show_id: 19885, season_number: 1, episode_number: 1, air_date: '2010-07-25', imdb: 'tt1665071' }]

function filmResult(f: (typeof FILMS)[number]) {
  return { adult: false, backdrop_path: null, id: f.id, title: f.title, original_language: 'en', original_title: f.title, overview: '', poster_path: `/poster${f.id}.jpg`, media_type: 'movie', genre_ids: [18], popularity: 20, release_date: f.release_date, video: false, vote_average: 7.5, vote_count: 900 }
}
function showResult(s: (typeof SHOWS)[number]) {
  return { adult: false, backdrop_path: null, id: s.id, name: s.name, original_language: 'en', original_name: s.name, overview: '', poster_path: `/poster${s.id}.jpg`, media_type: 'tv', genre_ids: [80], popularity: 50, first_air_date: s.first_air_date, vote_average: 8.5, vote_count: 5000, origin_country: ['GB'] }
}

const upstream: URL[] = []
let findAnswers: 'normal' | 'empty' = 'normal'

function tmdbAnswer(url: URL): Response {
  const path = url.pathname.replace(/^\/3/, '')
  const find = /^\/find\/([^/]+)$/.exec(path)
  if (find) {
    if (url.searchParams.get('external_source') !== 'imdb_id') return Response.json({ success: false, status_code: 47, status_message: 'The input is not valid.' }, { status: 400 })
    const id = decodeURIComponent(find[1]!)
    const known = findAnswers === 'normal'
    return Response.json({
      movie_results: known ? FILMS.filter((f) => f.imdb === id).map(filmResult) : [],
      person_results: [],
      tv_results: known ? SHOWS.filter((s) => s.imdb === id).map(showResult) : [],
      tv_episode_results: known
        ? EPISODES.filter((e) => e.imdb === id).map(({ imdb, ...e }) => ({ ...e, overview: '', media_type: 'tv_episode', vote_average: 8, vote_count: 100, episode_type: 'standard', production_code: '', runtime: 88, still_path: null }))
        : [],
      tv_season_results: [],
    })
  }
  if (path === '/search/multi') {
    const query = (url.searchParams.get('query') ?? '').toLowerCase()
    const results = [...FILMS.filter((f) => f.searched && f.title.toLowerCase().includes(query)).map(filmResult), ...SHOWS.filter((s) => s.name.toLowerCase().includes(query)).map(showResult)]
    return Response.json({ page: 1, results, total_pages: 1, total_results: results.length })
  }
  const detail = /^\/movie\/(\d+)$/.exec(path)
  const film = detail && FILMS.find((f) => f.id === Number(detail[1]))
  if (film) return Response.json({ ...filmResult(film), genres: [{ id: 18, name: 'Drama' }], runtime: 100, imdb_id: film.imdb, credits: { cast: [], crew: [] }, similar: { page: 1, results: [], total_pages: 0, total_results: 0 }, videos: { results: [] } })
  return Response.json({ success: false, status_code: 34, status_message: 'The resource you requested could not be found.' }, { status: 404 })
}

describe('POST /api/me/import/match with TMDB', () => {
  beforeEach(async () => {
    // Each test starts with nothing kept from TMDB, so what it counts is its own calls.
    const kept = await env.CACHE.list({ prefix: 'v1:catalog:tmdb:' })
    await Promise.all(kept.keys.map((k) => env.CACHE.delete(k.name)))
    upstream.length = 0
    findAnswers = 'normal'
    answerTmdbWith(tmdbAnswer, upstream)
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  async function matchWithTmdb(cookie: string, items: unknown[], headers: Record<string, string> = {}) {
    const ctx = createExecutionContext()
    const request = new Request(`${ORIGIN}/api/me/import/match`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, 'CF-Connecting-IP': '10.9.8.7', ...headers }, body: JSON.stringify({ items }) })
    const res = await app.fetch(request, { ...env, TMDB_API_KEY: 'test-key' }, ctx)
    const text = await res.text()
    await waitOnExecutionContext(ctx)
    return { status: res.status, body: JSON.parse(text) as MatchAnswer & { error?: string } }
  }
  const finds = () => upstream.filter((u) => u.pathname.startsWith('/3/find/'))

  it('matches by IMDb id where the title alone is ambiguous or finds the remake', async () => {
    const me = await createUser()
    const byTitle = await matchWithTmdb(me.cookie, [{ title: 'Psycho' }, { title: 'Solaris' }])
    expect(byTitle.body.results[0]?.status).toBe('ambiguous')
    expect(byTitle.body.results[1]).toMatchObject({ status: 'matched', match: { id: 2103, year: 2002 } })

    const { status, body } = await matchWithTmdb(me.cookie, [
      { title: 'Psycho', imdb_id: 'tt0054215' },
      { title: 'Solaris', imdb_id: 'tt0069293' },
      { title: 'Sherlock', year: 2010, type: 'tv', imdb_id: 'tt1475582' },
    ])
    expect(status).toBe(200)
    expect(body.results).toEqual([
      { status: 'matched', match: { id: 539, media_type: 'movie', title: 'Psycho', year: 1960, poster_path: '/poster539.jpg' } },
      { status: 'matched', match: { id: 593, media_type: 'movie', title: 'Solaris', year: 1972, poster_path: '/poster593.jpg' } },
      { status: 'matched', match: { id: 19885, media_type: 'tv', title: 'Sherlock', year: 2010, poster_path: '/poster19885.jpg' } },
    ])
    expect(finds().map((u) => [u.pathname, u.searchParams.get('external_source')])).toEqual(
      expect.arrayContaining([
        ['/3/find/tt0054215', 'imdb_id'],
        ['/3/find/tt0069293', 'imdb_id'],
        ['/3/find/tt1475582', 'imdb_id'],
      ]),
    )
  })

  it('takes a TMDB id first, and an episode’s IMDb id or one TMDB does not know falls back to the title and year', async () => {
    const me = await createUser()
    const { body } = await matchWithTmdb(me.cookie, [
      { title: 'Psycho', tmdb_id: 11252, imdb_id: 'tt0054215' },
      { title: 'Sherlock', year: 2010, type: 'tv', imdb_id: 'tt1665071' },
      { title: 'A Study in Pink', year: 2010, imdb_id: 'tt1665071' },
      { title: 'Fight Club', year: 1999, imdb_id: 'tt99999999' },
    ])
    expect(body.results[0]).toMatchObject({ status: 'matched', match: { id: 11252, year: 1998 } })
    expect(body.results[1]).toMatchObject({ status: 'matched', match: { id: 19885, media_type: 'tv' } })
    expect(body.results[2]).toEqual({ status: 'missing' })
    expect(body.results[3]).toMatchObject({ status: 'matched', match: { id: 550, year: 1999 } })
    // the TMDB id answered: its IMDb id was not looked up
    expect(finds().map((u) => u.pathname)).not.toContain('/3/find/tt0054215')
  })

  it('falls back to the title and year when /find answers empty lists', async () => {
    findAnswers = 'empty'
    const me = await createUser()
    const { body } = await matchWithTmdb(me.cookie, [{ title: 'Psycho', year: 1960, imdb_id: 'tt0054215' }])
    expect(body.results[0]).toMatchObject({ status: 'matched', match: { id: 539, year: 1960 } })
    expect(finds()).toHaveLength(1)
  })

  it('keeps what /find answered in KV, so matching the same id again asks TMDB nothing', async () => {
    const me = await createUser()
    const first = await matchWithTmdb(me.cookie, [{ title: 'Solaris', imdb_id: 'tt0069293' }])
    expect(first.body.results[0]).toMatchObject({ status: 'matched', match: { id: 593 } })
    expect(finds()).toHaveLength(1)
    const cached = await readCached<{ movie_results: unknown[] }>(env.CACHE, tmdbCacheKey('/find/tt0069293', { external_source: 'imdb_id' }))
    expect(cached?.data.movie_results).toHaveLength(1)
    upstream.length = 0
    const again = await matchWithTmdb(me.cookie, [{ title: 'Solaris', imdb_id: 'tt0069293' }])
    expect(again.body).toEqual(first.body)
    expect(upstream).toEqual([])
  })

  it('refuses an IMDb id that is not one with 400 and a clear error, in the request’s language, before asking TMDB', async () => {
    const me = await createUser()
    for (const imdb_id of ['tt123', 'tt12345678901', 'nm0000123', ' tt0054215', 'tt0054215/../..', 54215]) {
      const { status, body } = await matchWithTmdb(me.cookie, [{ title: 'Psycho', imdb_id }])
      expect(status, String(imdb_id)).toBe(400)
      expect(body.error).toBe('items.0.imdb_id: must be an IMDb id: tt followed by 7 to 10 digits')
    }
    const french = await matchWithTmdb(me.cookie, [{ title: 'Psycho', imdb_id: 'tt1' }], { 'Accept-Language': 'fr' })
    expect(french.body.error).toContain('identifiant IMDb')
    expect(upstream).toEqual([])
  })
})

describe('POST /api/me/import/apply', () => {
  const film = { content_type: 'movie', content_id: 155, title: 'The Dark Knight', poster_path: '/poster/movie/155.svg' }
  const show = { content_type: 'tv', content_id: 1399, title: 'Game of Thrones', poster_path: null }

  it('adds confirmed titles once, however often they are sent, and leaves existing progress alone', async () => {
    const me = await createUser()
    const other = await createUser()
    const progress = { ...show, watch_duration: 300, position: 300, total_duration: 3000, season_number: 2, episode_number: 1, completed: false }
    expect((await call('/api/me/history', { method: 'PUT', cookie: me.cookie, body: progress })).status).toBe(200)
    const body = { watchlist: [film, show, film], watched: [{ ...film, watched_at: '2019-05-04T20:00:00Z' }, { ...show, watched_at: null }] }

    const first = await call('/api/me/import/apply', { cookie: me.cookie, body })
    expect(first.status).toBe(200)
    const none = { added: 0, existing: 0, created: 0, skipped: 0 }
    const unrated = { added: 0, existing: 0 }
    expect(await json(first)).toEqual({ watchlist: { added: 2, existing: 1 }, watched: { added: 1, existing: 1 }, ratings: unrated, lists: none })
    const again = await json(await call('/api/me/import/apply', { cookie: me.cookie, body }))
    expect(again).toEqual({ watchlist: { added: 0, existing: 3 }, watched: { added: 0, existing: 2 }, ratings: unrated, lists: none })

    // D1's copy, which the store writes within seconds
    await flushCopies()
    const history = await env.DB.prepare("select content_id, completed, watch_duration, season_number, watched_at from watch_history where owner_type = 'user' and owner_id = ? order by content_id").bind(me.id).all()
    expect(history.results).toEqual([
      { content_id: 155, completed: 1, watch_duration: 0, season_number: null, watched_at: '2019-05-04T20:00:00.000Z' },
      { content_id: 1399, completed: 0, watch_duration: 300, season_number: 2, watched_at: expect.any(String) },
    ])
    const theirs = await env.DB.prepare("select count(*) n from watchlist where owner_type = 'user' and owner_id = ?").bind(other.id).first<{ n: number }>()
    expect(theirs?.n).toBe(0)
  })

  it('adds a file’s lists to the account’s lists of the same name, made when missing, and twice adds nothing twice', async () => {
    const me = await createUser()
    const made = await call('/api/me/lists', { cookie: me.cookie, body: { name: 'Noir Favourites' } })
    const existing = (await json<{ list: { slug: string } }>(made)).list.slug
    const body = { lists: [{ name: 'noir favourites', items: [film, show] }, { name: 'To show Sam', items: [show] }] }
    const first = await json(await call('/api/me/import/apply', { cookie: me.cookie, body }))
    expect(first).toMatchObject({ lists: { added: 3, existing: 0, created: 1, skipped: 0 } })
    const again = await json(await call('/api/me/import/apply', { cookie: me.cookie, body }))
    expect(again).toMatchObject({ lists: { added: 0, existing: 3, created: 0, skipped: 0 } })
    const lists = (await json<{ results: { slug: string; name: string; item_count: number; is_public: boolean }[] }>(await call('/api/me/lists', { cookie: me.cookie }))).results
    expect(lists.map((l) => [l.name, l.item_count, l.is_public]).sort()).toEqual([['Noir Favourites', 2, false], ['To show Sam', 1, false]])
    const kept = (await json<{ list: { items: { content_id: number }[] } }>(await call(`/api/me/lists/${existing}`, { cookie: me.cookie }))).list
    expect(kept.items.map((i) => i.content_id)).toEqual([film.content_id, show.content_id])

    const empty = await call('/api/me/import/apply', { cookie: me.cookie, body: { lists: [{ name: '', items: [film] }] } })
    expect(empty.status).toBe(400)
    const tooMany = await call('/api/me/import/apply', { cookie: me.cookie, body: { lists: [{ name: 'Big', items: Array.from({ length: 501 }, (_, i) => ({ ...film, content_id: i + 1 })) }] } })
    expect(tooMany.status).toBe(400)
    expect(await json(tooMany)).toEqual({ error: 'lists: must list at most 500 titles' })
  })

  it('run several times at once, makes one list and keeps it within 1,000 titles', async () => {
    const me = await createUser()
    const batch = (from: number) => ({ lists: [{ name: 'Everything', items: Array.from({ length: 500 }, (_, i) => ({ content_type: 'movie', content_id: from + i, title: `Film ${from + i}`, poster_path: null })) }] })
    // three different files, and one of them twice
    const runs = await Promise.all([1, 1001, 2001, 1].map((from) => call('/api/me/import/apply', { cookie: me.cookie, body: batch(from) })))
    expect(runs.map((res) => res.status)).toEqual([200, 200, 200, 200])
    const lists = (await json<{ results: { slug: string; name: string; item_count: number }[] }>(await call('/api/me/lists', { cookie: me.cookie }))).results
    expect(lists.map((l) => [l.name, l.item_count])).toEqual([['Everything', 1000]])
    const counts = await Promise.all(runs.map((res) => json<{ lists: { added: number; created: number } }>(res)))
    expect(counts.reduce((n, c) => n + c.lists.added, 0)).toBe(1000)
    expect(counts.reduce((n, c) => n + c.lists.created, 0)).toBe(1)
  })

  it('brings ratings in half stars (a Letterboxd 4.5 is 9, an IMDb 7 is 7) with the file’s day; again, a changed one replaces the old', async () => {
    const me = await createUser()
    const other = await createUser()
    const letterboxd = { ...film, rating: 9, rated_at: '2021-03-04T12:00:00Z' }
    const imdb = { ...show, rating: 7, rated_at: '2022-01-02T00:00:00+02:00' }
    const first = await json(await call('/api/me/import/apply', { cookie: me.cookie, body: { watched: [{ ...film, watched_at: null }], ratings: [letterboxd, imdb] } }))
    expect(first).toMatchObject({ watched: { added: 1, existing: 0 }, ratings: { added: 2, existing: 0 } })
    const rated = (await json<{ results: { content_id: number; rating: number; rated_at: string; title: string }[] }>(await call('/api/me/ratings', { cookie: me.cookie }))).results
    expect(rated.map((r) => [r.content_id, r.rating, r.rated_at, r.title])).toEqual([
      [1399, 7, '2022-01-01T22:00:00.000Z', 'Game of Thrones'],
      [155, 9, '2021-03-04T12:00:00.000Z', 'The Dark Knight'],
    ])
    const again = await json(await call('/api/me/import/apply', { cookie: me.cookie, body: { ratings: [letterboxd, { ...imdb, rating: 8 }] } }))
    expect(again).toMatchObject({ ratings: { added: 1, existing: 1 } })
    expect((await json<{ results: { rating: number }[] }>(await call('/api/me/ratings?titles=tv:1399', { cookie: me.cookie }))).results.map((r) => r.rating)).toEqual([8])
    expect((await json<{ results: unknown[] }>(await call('/api/me/ratings', { cookie: other.cookie }))).results).toEqual([])

    for (const rating of [0, 11, 4.5, '9', null]) {
      const res = await call('/api/me/import/apply', { cookie: other.cookie, body: { ratings: [{ ...film, rating }] } })
      expect(res.status, String(rating)).toBe(400)
    }
    expect((await call('/api/me/import/apply', { cookie: other.cookie, body: { ratings: [{ ...film, rating: 5, rated_at: 'last week' }] } })).status).toBe(400)
    expect((await call('/api/me/import/apply', { cookie: other.cookie, body: { ratings: Array.from({ length: 501 }, (_, i) => ({ ...film, content_id: i + 1, rating: 5 })) } })).status).toBe(400)
    expect((await json<{ results: unknown[] }>(await call('/api/me/ratings', { cookie: other.cookie }))).results).toEqual([])
  })

  it('takes a large import in one call, and refuses more than 500 titles or bad rows, adding nothing', async () => {
    const me = await createUser()
    const many = Array.from({ length: 120 }, (_, i) => ({ content_type: 'movie', content_id: 3_000_000 + i, title: `Film ${i}`, poster_path: null }))
    expect(await json(await call('/api/me/import/apply', { cookie: me.cookie, body: { watchlist: many, watched: many } }))).toMatchObject({ watchlist: { added: 120, existing: 0 }, watched: { added: 120, existing: 0 } })

    const fresh = await createUser()
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ ...film, content_id: i + 1 }))
    for (const body of [{ watchlist: tooMany }, { watchlist: [film, { ...film, content_type: 'person' }] }, { watched: [{ ...film, watched_at: 'yesterday' }] }, { watchlist: [{ ...film, poster_path: 'javascript:x' }] }]) {
      const res = await call('/api/me/import/apply', { cookie: fresh.cookie, body })
      expect(res.status).toBe(400)
    }
    const stored = await env.DB.prepare("select count(*) n from watchlist where owner_type = 'user' and owner_id = ?").bind(fresh.id).first<{ n: number }>()
    expect(stored?.n).toBe(0)
  })
})

describe('comparable', () => {
  it('sets aside case, accents, punctuation, a leading article and "&"', () => {
    expect(comparable('The Lord of the Rings: The Fellowship of the Ring')).toBe(comparable('lord of the rings - the fellowship of the ring'))
    expect(comparable('Amélie')).toBe('amelie')
    expect(comparable('Fast & Furious')).toBe(comparable('Fast and Furious'))
    expect(comparable('Dark Knight, The')).toBe(comparable('The Dark Knight'))
    expect(comparable('Se7en')).not.toBe(comparable('Seven'))
  })
})

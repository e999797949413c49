// Importing from another site through the real worker and D1: titles matched to the embedded
// catalogue by TMDB id or by title and year (accents, case and articles set aside), remakes offered
// to pick from, unknown titles reported; confirmed titles added once, whatever is sent twice, to the
// caller's own rows only, without touching what was there.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { comparable } from '../accounts/import'
import { loadCatalog } from './catalog-data'
import { call, createUser, json } from './helpers/accounts'

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
    for (const items of [[], tooMany, [{ title: '' }], [{ title: 'a\u0000b' }], [{ title: 'x', year: 1500 }], [{ title: 'x', tmdb_id: -1 }], [{ title: 'x', type: 'person' }]]) {
      const res = await call('/api/me/import/match', { cookie: me.cookie, body: { items } })
      expect(res.status, JSON.stringify(items).slice(0, 60)).toBe(400)
      expect((await json<{ error: string }>(res)).error).toBeTruthy()
    }
    expect((await call('/api/me/import/match', { body: { items: [{ title: 'Psycho' }] } })).status).toBe(401)
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
    expect(await json(first)).toEqual({ watchlist: { added: 2, existing: 1 }, watched: { added: 1, existing: 1 }, lists: none })
    const again = await json(await call('/api/me/import/apply', { cookie: me.cookie, body }))
    expect(again).toEqual({ watchlist: { added: 0, existing: 3 }, watched: { added: 0, existing: 2 }, lists: none })

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

import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { WatchlistEntry } from '../../drizzle/schema'
import { call, createAdmin, createUser, type TestAccount } from './helpers/accounts'
import { flushCopies } from './helpers/stores'

const matrix = { content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: '/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg' }
const breakingBad = { content_id: 1396, content_type: 'tv', title: 'Breaking Bad', poster_path: null }

async function list(account: TestAccount): Promise<WatchlistEntry[]> {
  const res = await call('/api/me/watchlist', { cookie: account.cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ results: WatchlistEntry[] }>()).results
}

const add = (account: TestAccount, body: unknown) => call('/api/me/watchlist', { cookie: account.cookie, body })

// refused requests change nothing, so one account serves all of them
let bystander: TestAccount
beforeAll(async () => {
  bystander = await createUser()
})

describe('GET /api/me/watchlist', () => {
  it('answers 401 No user logged in without a session, for every watchlist call', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/me/watchlist', undefined],
      ['POST', '/api/me/watchlist', matrix],
      ['GET', '/api/me/watchlist/movie/603', undefined],
      ['DELETE', '/api/me/watchlist/movie/603', undefined],
    ] as const) {
      const res = await call(path, { method, body })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(await res.json()).toEqual({ error: 'No user logged in' })
    }
  })

  it('lists newest first', async () => {
    const user = await createUser()
    expect(await list(user)).toEqual([])
    await add(user, matrix)
    await add(user, breakingBad)
    await add(user, { content_id: 550, content_type: 'movie', title: 'Fight Club', poster_path: null })
    expect((await list(user)).map((entry) => entry.content_id)).toEqual([550, 1396, 603])
  })
})

describe('POST /api/me/watchlist', () => {
  it('adds with 201 and answers a second add with 200 and the same entry', async () => {
    const user = await createUser()
    const first = await add(user, matrix)
    expect(first.status).toBe(201)
    const { entry } = await first.json<{ entry: WatchlistEntry }>()
    expect(entry).toMatchObject({ ...matrix, owner_type: 'user', owner_id: user.id })
    const second = await add(user, { ...matrix, title: 'The Matrix (again)' })
    expect(second.status).toBe(200)
    expect((await second.json<{ entry: WatchlistEntry }>()).entry.id).toBe(entry.id)
    expect(await list(user)).toHaveLength(1)
  })

  it('keeps a movie and a TV show with the same id apart', async () => {
    const user = await createUser()
    await add(user, { ...matrix, content_id: 1396 })
    await add(user, breakingBad)
    expect(await list(user)).toHaveLength(2)
  })

  it.each([
    ['no body fields', {}],
    ['content_id as a string', { ...matrix, content_id: '603' }],
    ['content_id zero', { ...matrix, content_id: 0 }],
    ['content_id negative', { ...matrix, content_id: -4 }],
    ['content_id fractional', { ...matrix, content_id: 1.5 }],
    ['content_id huge', { ...matrix, content_id: 2 ** 53 }],
    ['an unknown content_type', { ...matrix, content_type: 'person' }],
    ['an empty title', { ...matrix, title: '   ' }],
    ['a 301-character title', { ...matrix, title: 't'.repeat(301) }],
    ['a poster_path without a slash', { ...matrix, poster_path: 'http://evil.example/x.jpg' }],
    ['a poster_path that climbs out of the image folder', { ...matrix, poster_path: '/../../../../api/me/export.json' }],
    ['a poster_path with an encoded dot segment', { ...matrix, poster_path: '/%2e%2e/api/me/export.json' }],
    ['a poster_path with a query', { ...matrix, poster_path: '/x.jpg?v=1' }],
    ['a poster_path that is no image', { ...matrix, poster_path: '/api/me/export.json' }],
    ['a huge poster_path', { ...matrix, poster_path: `/${'p'.repeat(400)}` }],
    ['a number as poster_path', { ...matrix, poster_path: 5 }],
    ['an array body', [matrix]],
    ['a null body', null],
  ])('answers 400 JSON for %s', async (_name, body) => {
    const res = await add(bystander, body)
    expect(res.status).toBe(400)
    expect(await res.json()).toHaveProperty('error')
  })

  it('answers 400 JSON for malformed JSON and 415 for a form body', async () => {
    const malformed = await call('/api/me/watchlist', { cookie: bystander.cookie, body: '{"content_id": 603,', contentType: 'application/json' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON in request body' })
    const form = await call('/api/me/watchlist', { cookie: bystander.cookie, body: 'content_id=603&content_type=movie&title=x', contentType: 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect(await form.json()).toHaveProperty('error')
    expect(await list(bystander)).toEqual([])
  })
})

describe('GET and DELETE /api/me/watchlist/:content_type/:content_id', () => {
  it('checks and removes by type and id', async () => {
    const user = await createUser()
    await add(user, matrix)
    const inList = await call('/api/me/watchlist/movie/603', { cookie: user.cookie })
    expect(await inList.json()).toEqual({ inWatchlist: true })
    expect(await (await call('/api/me/watchlist/tv/603', { cookie: user.cookie })).json()).toEqual({ inWatchlist: false })

    const removed = await call('/api/me/watchlist/movie/603', { method: 'DELETE', cookie: user.cookie })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ removed: true })
    expect(await (await call('/api/me/watchlist/movie/603', { cookie: user.cookie })).json()).toEqual({ inWatchlist: false })
    const again = await call('/api/me/watchlist/movie/603', { method: 'DELETE', cookie: user.cookie })
    expect(await again.json()).toMatchObject({ removed: false })
  })

  it.each(['/api/me/watchlist/person/603', '/api/me/watchlist/movie/abc', '/api/me/watchlist/movie/0', '/api/me/watchlist/movie/-1', '/api/me/watchlist/movie/99999999999', '/api/me/watchlist/movie/1e3'])(
    '%s answers 400 JSON',
    async (path) => {
      for (const method of ['GET', 'DELETE']) {
        const res = await call(path, { method, cookie: bystander.cookie })
        expect(res.status).toBe(400)
        expect(await res.json()).toHaveProperty('error')
      }
    },
  )
})

describe('one account never reaches another', () => {
  it('gives user B no way to read, add to, or remove from user A', async () => {
    const a = await createUser()
    const b = await createUser()
    await add(a, matrix)
    expect(await list(b)).toEqual([])
    expect(await (await call('/api/me/watchlist/movie/603', { cookie: b.cookie })).json()).toEqual({ inWatchlist: false })
    // owner fields in the body or query are ignored: the session decides
    await call(`/api/me/watchlist?owner_id=${a.id}&user_id=${a.id}`, { cookie: b.cookie, body: { ...breakingBad, owner_id: a.id, user_id: a.id, owner_type: 'user' } })
    expect((await list(a)).map((entry) => entry.content_id)).toEqual([603])
    await call(`/api/me/watchlist/movie/603?user_id=${a.id}`, { method: 'DELETE', cookie: b.cookie })
    expect((await list(a)).map((entry) => entry.content_id)).toEqual([603])
    expect((await list(b)).map((entry) => entry.content_id)).toEqual([1396])
  })

  it('keeps an administrator and a user with the same id apart', async () => {
    const user = await createUser()
    const admin = await createAdmin({ id: user.id })
    expect(admin.id).toBe(user.id)
    await add(admin, matrix)
    await add(user, breakingBad)
    expect((await list(admin)).map((entry) => entry.content_id)).toEqual([603])
    expect((await list(user)).map((entry) => entry.content_id)).toEqual([1396])
    await call('/api/me/watchlist/movie/603', { method: 'DELETE', cookie: user.cookie })
    expect(await list(admin)).toHaveLength(1)
    await flushCopies()
    const rows = await env.DB.prepare('select owner_type from watchlist where owner_id = ? order by owner_type').bind(user.id).all<{ owner_type: string }>()
    expect(rows.results.map((row) => row.owner_type)).toEqual(['admin', 'user'])
  })
})

// Following a show: the viewer's own choice, the watchlist and an episode watched in the last 60
// days, each account's own, kept in its store, exported and deleted with it.
import { describe, expect, it } from 'vitest'
import { call, createAdmin, createUser, json } from './helpers/accounts'
import { storeRows, storeTables } from './helpers/stores'

const DAY = 86_400_000

async function stateOf(cookie: string, id: number) {
  const res = await call(`/api/me/follows/${id}`, { cookie })
  expect(res.status).toBe(200)
  return json<{ following: boolean; reason: string | null; explicit: boolean | null }>(res)
}

async function followed(cookie: string) {
  const res = await call('/api/me/follows', { cookie })
  expect(res.status).toBe(200)
  return (await json<{ results: { content_id: number; title: string; reason: string }[] }>(res)).results
}

function follow(cookie: string, id: number, following: boolean, title = `Show ${id}`) {
  return call(`/api/me/follows/${id}`, { method: 'PUT', cookie, body: { following, title, poster_path: null } })
}

async function watchEpisode(cookie: string, id: number, title: string) {
  const res = await call('/api/me/history', { method: 'PUT', cookie, body: { content_id: id, content_type: 'tv', title, poster_path: null, watch_duration: 300, position: 300, total_duration: 2400, season_number: 1, episode_number: 2 } })
  expect(res.status).toBe(200)
}

describe('PUT /api/me/follows/{id}', () => {
  it('follows and unfollows a show, and lists it while followed', async () => {
    const user = await createUser()
    expect(await stateOf(user.cookie, 1396)).toEqual({ following: false, reason: null, explicit: null })
    const res = await follow(user.cookie, 1396, true, 'Breaking Bad')
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ following: true, reason: 'followed', explicit: true })
    expect(await followed(user.cookie)).toEqual([{ content_id: 1396, title: 'Breaking Bad', poster_path: null, reason: 'followed' }])

    expect(await json(await follow(user.cookie, 1396, false, 'Breaking Bad'))).toEqual({ following: false, reason: null, explicit: false })
    expect(await followed(user.cookie)).toEqual([])
  })

  it('counts a show in the watchlist or watched in the last 60 days as followed, and an explicit unfollow wins over both', async () => {
    const user = await createUser()
    expect((await call('/api/me/watchlist', { cookie: user.cookie, body: { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null } })).status).toBe(201)
    // a film in the watchlist is no show to follow
    expect((await call('/api/me/watchlist', { cookie: user.cookie, body: { content_id: 1399, content_type: 'movie', title: 'A film', poster_path: null } })).status).toBe(201)
    await watchEpisode(user.cookie, 66732, 'Stranger Things')
    await watchEpisode(user.cookie, 1418, 'The Big Bang Theory')
    // one watched 61 days ago no longer counts
    await storeRows('user', user.id, 'update watch_history set watched_at = ? where content_id = 1418', new Date(Date.now() - 61 * DAY).toISOString())

    expect((await followed(user.cookie)).map((s) => [s.content_id, s.reason])).toEqual([
      [1399, 'watchlist'],
      [66732, 'watched'],
    ])
    expect(await stateOf(user.cookie, 66732)).toEqual({ following: true, reason: 'watched', explicit: null })
    expect(await stateOf(user.cookie, 1418)).toEqual({ following: false, reason: null, explicit: null })

    expect((await follow(user.cookie, 1399, false, 'Game of Thrones')).status).toBe(200)
    expect((await follow(user.cookie, 66732, false, 'Stranger Things')).status).toBe(200)
    expect(await followed(user.cookie)).toEqual([])
    expect(await stateOf(user.cookie, 1399)).toEqual({ following: false, reason: null, explicit: false })
    // watching more does not undo the viewer's choice
    await watchEpisode(user.cookie, 66732, 'Stranger Things')
    expect((await stateOf(user.cookie, 66732)).following).toBe(false)
  })

  it('changes only the signed-in account’s store', async () => {
    const [one, other] = await Promise.all([createUser(), createUser()])
    expect((await follow(one.cookie, 1396, true)).status).toBe(200)
    expect(await followed(other.cookie)).toEqual([])
    const admin = await createAdmin()
    expect((await follow(admin.cookie, 4242, true)).status).toBe(200)
    expect(await storeRows('admin', admin.id, 'select content_id, following from follows')).toEqual([{ content_id: 4242, following: 1 }])
    // an administrator's follow is the administrator's alone, whatever user shares its number
    expect((await followed(admin.cookie)).map((r) => r.content_id)).toEqual([4242])
    expect((await followed(one.cookie)).map((r) => r.content_id)).toEqual([1396])
    expect(await followed(other.cookie)).toEqual([])
  })

  it('answers 400 with { error } for a bad id or body, 401 signed out', async () => {
    const user = await createUser()
    const bad: [string, unknown][] = [
      ['/api/me/follows/0', { following: true, title: 'x', poster_path: null }],
      ['/api/me/follows/abc', { following: true, title: 'x', poster_path: null }],
      ['/api/me/follows/99999999999', { following: true, title: 'x', poster_path: null }],
      ['/api/me/follows/1', { following: 'yes', title: 'x', poster_path: null }],
      ['/api/me/follows/1', { title: 'x', poster_path: null }],
      ['/api/me/follows/1', { following: true, title: '', poster_path: null }],
      ['/api/me/follows/1', { following: true, title: 'x\u0000', poster_path: null }],
      ['/api/me/follows/1', { following: true, title: 'x', poster_path: '../../etc' }],
      ['/api/me/follows/1', { following: true, title: 'x', poster_path: null, owner_id: 2 }],
    ]
    for (const [path, body] of bad) {
      const res = await call(path, { method: 'PUT', cookie: user.cookie, body })
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(Object.keys(await json(res))).toEqual(['error'])
    }
    expect((await call('/api/me/follows/-3', { cookie: user.cookie })).status).toBe(400)
    expect(await followed(user.cookie)).toEqual([])
    for (const res of [await call('/api/me/follows'), await call('/api/me/follows/1'), await follow('', 1, true)]) {
      expect(res.status).toBe(401)
      expect(await json(res)).toEqual({ error: 'No user logged in' })
    }
  })
})

describe('following and the account’s data', () => {
  it('is in the export, and goes with the account', async () => {
    const user = await createUser()
    expect((await follow(user.cookie, 1396, true, 'Breaking Bad')).status).toBe(200)
    expect((await follow(user.cookie, 1399, false, 'Game of Thrones')).status).toBe(200)
    const exported = await json<{ follows: { content_id: number; following: boolean; title: string }[] }>(await call('/api/me/export.json', { cookie: user.cookie }))
    expect(exported.follows.map((f) => [f.content_id, f.title, f.following]).sort()).toEqual([
      [1396, 'Breaking Bad', true],
      [1399, 'Game of Thrones', false],
    ])
    const gone = await call('/api/me/account', { method: 'DELETE', cookie: user.cookie, body: { password: user.password } })
    expect(gone.status).toBe(200)
    expect(await storeTables('user', user.id)).toEqual([])
  })
})

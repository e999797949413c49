import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { HistoryResult } from '../accounts/history'
import { call, createAdmin, createUser, type TestAccount } from './helpers/accounts'
import { flushCopies, storeRows } from './helpers/stores'

const matrix = { content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: '/matrix.jpg' }

const record = (account: TestAccount, body: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  call('/api/me/history', { method, cookie: account.cookie, body })

async function history(account: TestAccount, query = ''): Promise<HistoryResult[]> {
  const res = await call(`/api/me/history${query}`, { cookie: account.cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ results: HistoryResult[] }>()).results
}

async function entry(account: TestAccount, type: string, id: number): Promise<HistoryResult | null> {
  const res = await call(`/api/me/history/${type}/${id}`, { cookie: account.cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ entry: HistoryResult | null }>()).entry
}

let bystander: TestAccount
beforeAll(async () => {
  bystander = await createUser()
})

describe('PUT /api/me/history', () => {
  it('answers 401 No user logged in without a session, for every history call', async () => {
    for (const [method, path] of [
      ['GET', '/api/me/history'],
      ['PUT', '/api/me/history'],
      ['POST', '/api/me/history'],
      ['GET', '/api/me/history/movie/603'],
      ['DELETE', '/api/me/history'],
    ] as const) {
      const res = await call(path, { method, body: method === 'PUT' || method === 'POST' ? matrix : undefined })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(await res.json()).toEqual({ error: 'No user logged in' })
    }
  })

  it('records an opened title as Started, then updates the one row as progress arrives', async () => {
    const user = await createUser()
    const opened = await record(user, matrix)
    expect(opened.status).toBe(200)
    expect((await opened.json<{ entry: HistoryResult }>()).entry).toMatchObject({ ...matrix, watch_duration: 0, completed: false, status: 'Started' })

    const progress = await record(user, { ...matrix, watch_duration: 1200.7, position: 1180, total_duration: 8160 })
    expect((await progress.json<{ entry: HistoryResult }>()).entry).toMatchObject({ watch_duration: 1200, position: 1180, total_duration: 8160, status: 'In Progress' })

    const done = await record(user, { ...matrix, watch_duration: 8100, position: 8150, completed: true })
    expect((await done.json<{ entry: HistoryResult }>()).entry).toMatchObject({ completed: true, status: 'Completed', total_duration: 8160 })

    expect(await storeRows('user', user.id, 'select id from watch_history')).toHaveLength(1)
    await flushCopies()
    const rows = await env.DB.prepare("select count(*) as n from watch_history where owner_type = 'user' and owner_id = ?").bind(user.id).first<{ n: number }>()
    expect(rows?.n).toBe(1)
  })

  it('never turns a completed title back to unfinished, and refreshes watched_at', async () => {
    const user = await createUser()
    const first = await (await record(user, { ...matrix, watch_duration: 8000, completed: true })).json<{ entry: HistoryResult }>()
    const later = await (await record(user, { ...matrix, watch_duration: 30, position: 30, completed: false })).json<{ entry: HistoryResult }>()
    expect(later.entry).toMatchObject({ completed: true, status: 'Completed', watch_duration: 8000, position: 30 })
    expect(later.entry.watched_at >= first.entry.watched_at).toBe(true)
  })

  it('never lowers the seconds watched: a report that arrives late does not undo a newer one', async () => {
    const user = await createUser()
    await record(user, { ...matrix, watch_duration: 95, position: 95 })
    const late = await (await record(user, { ...matrix, watch_duration: 80, position: 80 })).json<{ entry: HistoryResult }>()
    expect(late.entry).toMatchObject({ watch_duration: 95, position: 80, status: 'In Progress' })
  })

  it('keeps the season and episode of a show when a report leaves them out', async () => {
    const user = await createUser()
    const show = { content_id: 1396, content_type: 'tv', title: 'Breaking Bad', poster_path: null }
    await record(user, { ...show, season_number: 2, episode_number: 5, watch_duration: 60 })
    const res = await record(user, { ...show, watch_duration: 120 })
    expect((await res.json<{ entry: HistoryResult }>()).entry).toMatchObject({ season_number: 2, episode_number: 5, watch_duration: 120 })
  })

  it('accepts the same report as POST, including text/plain from navigator.sendBeacon', async () => {
    const user = await createUser()
    const posted = await record(user, { ...matrix, watch_duration: 50 }, 'POST')
    expect(posted.status).toBe(200)
    const beacon = await call('/api/me/history', {
      method: 'POST',
      cookie: user.cookie,
      body: JSON.stringify({ ...matrix, watch_duration: 75, position: 75 }),
      contentType: 'text/plain;charset=UTF-8',
    })
    expect(beacon.status).toBe(200)
    expect((await entry(user, 'movie', 603))?.watch_duration).toBe(75)
    const broken = await call('/api/me/history', { method: 'POST', cookie: user.cookie, body: '{"content_id":', contentType: 'text/plain' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ error: 'Malformed JSON in request body' })
  })

  it.each([
    ['no fields', {}],
    ['a negative duration', { ...matrix, watch_duration: -1 }],
    ['a duration as text', { ...matrix, watch_duration: '60' }],
    ['an absurd duration', { ...matrix, watch_duration: 1e12 }],
    ['a non-boolean completed', { ...matrix, completed: 'yes' }],
    ['a fractional season', { ...matrix, season_number: 1.5 }],
    ['an unknown type', { ...matrix, content_type: 'episode' }],
    ['a huge title', { ...matrix, title: 'x'.repeat(10_000) }],
    ['NaN-ish position', { ...matrix, position: 'NaN' }],
  ])('answers 400 JSON for %s', async (_name, body) => {
    const res = await record(bystander, body)
    expect(res.status).toBe(400)
    expect(await res.json()).toHaveProperty('error')
  })

  it('names the field when the message does not', async () => {
    const res = await record(bystander, { ...matrix, watch_duration: -1 })
    expect(await res.json()).toEqual({ error: 'watch_duration: durations must not be negative' })
    const id = await record(bystander, { ...matrix, content_id: 0 })
    expect(await id.json()).toEqual({ error: 'content_id must be a positive integer' })
    const reason = await record(bystander, { ...matrix, reason: 'stop' })
    expect(reason.status).toBe(400)
    expect(await reason.json()).toEqual({ error: 'reason: must be one of pause, end, leave' })
  })

  it('answers 415 for a PUT that is not JSON', async () => {
    const res = await call('/api/me/history', { method: 'PUT', cookie: bystander.cookie, body: JSON.stringify(matrix), contentType: 'text/plain' })
    expect(res.status).toBe(415)
    expect(await history(bystander)).toEqual([])
  })
})

describe('GET /api/me/history', () => {
  it('lists newest first with a limit (default 20, at most 100)', async () => {
    const user = await createUser()
    for (let id = 1; id <= 25; id++) await record(user, { content_id: id, content_type: 'movie', title: `Film ${id}`, poster_path: null })
    const latest = await history(user)
    expect(latest).toHaveLength(20)
    expect(latest[0]?.content_id).toBe(25)
    expect(latest.map((item) => item.status)).toEqual(Array(20).fill('Started'))
    expect((await history(user, '?limit=3')).map((item) => item.content_id)).toEqual([25, 24, 23])
    expect(await history(user, '?limit=100')).toHaveLength(25)
    // a report moves a title back to the top
    await record(user, { content_id: 2, content_type: 'movie', title: 'Film 2', poster_path: null, watch_duration: 10 })
    expect((await history(user, '?limit=1'))[0]).toMatchObject({ content_id: 2, status: 'In Progress' })
  })

  it.each(['?limit=0', '?limit=101', '?limit=abc', '?limit=-5', '?limit=2.5', '?limit=1&limit=2'])('answers 400 for %s', async (query) => {
    const res = await call(`/api/me/history${query}`, { cookie: bystander.cookie })
    expect(res.status).toBe(400)
    expect((await res.json<{ error: string }>()).error).toMatch(/limit/)
  })
})

describe('GET /api/me/history/:content_type/:content_id and DELETE /api/me/history', () => {
  it('returns one entry for resuming, or null', async () => {
    const user = await createUser()
    await record(user, { ...matrix, watch_duration: 300, position: 290, total_duration: 8160 })
    expect(await entry(user, 'movie', 603)).toMatchObject({ position: 290, total_duration: 8160, status: 'In Progress' })
    expect(await entry(user, 'tv', 603)).toBeNull()
    expect((await call('/api/me/history/film/603', { cookie: user.cookie })).status).toBe(400)
  })

  it('clears all of the own history and nothing else', async () => {
    const user = await createUser()
    const other = await createUser()
    await record(user, matrix)
    await record(user, { ...matrix, content_id: 604 })
    await record(other, matrix)
    const res = await call('/api/me/history', { method: 'DELETE', cookie: user.cookie })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Watch history cleared successfully!', removed: 2 })
    expect(await history(user)).toEqual([])
    expect(await history(other)).toHaveLength(1)
  })
})

describe('one account never reaches another', () => {
  it('gives user B no way to read, change or clear user A history', async () => {
    const a = await createUser()
    const b = await createUser()
    await record(a, { ...matrix, watch_duration: 100 })
    expect(await history(b)).toEqual([])
    expect(await entry(b, 'movie', 603)).toBeNull()
    await record(b, { ...matrix, watch_duration: 1, owner_id: a.id, user_id: a.id, owner_type: 'user' })
    await call(`/api/me/history?user_id=${a.id}&owner_id=${a.id}`, { method: 'DELETE', cookie: b.cookie })
    expect(await entry(a, 'movie', 603)).toMatchObject({ watch_duration: 100 })
    expect(await history(b)).toEqual([])
  })

  it('keeps an administrator and a user with the same id apart', async () => {
    const user = await createUser()
    const admin = await createAdmin({ id: user.id })
    await record(admin, { ...matrix, watch_duration: 42 })
    expect(await history(user)).toEqual([])
    await record(user, { ...matrix, watch_duration: 7 })
    await call('/api/me/history', { method: 'DELETE', cookie: user.cookie })
    expect(await entry(admin, 'movie', 603)).toMatchObject({ watch_duration: 42 })
  })
})

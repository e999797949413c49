import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { HistoryResult } from '../accounts/history'
import { loadCatalog } from './catalog-data'
import { call, createAdmin, createUser, type TestAccount } from './helpers/accounts'
import { flushCopies } from './helpers/stores'

const matrix = { content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: '/matrix.jpg' }
const show = { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: '/got.jpg' }

const record = (account: TestAccount, body: unknown) => call('/api/me/history', { method: 'PUT', cookie: account.cookie, body })
const hide = (account: TestAccount, type: string, id: number | string) =>
  call(`/api/me/continue-watching/${type}/${id}`, { method: 'DELETE', cookie: account.cookie })

async function row(account: TestAccount, query = ''): Promise<HistoryResult[]> {
  const res = await call(`/api/me/continue-watching${query}`, { cookie: account.cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ results: HistoryResult[] }>()).results
}

async function history(account: TestAccount): Promise<HistoryResult[]> {
  const res = await call('/api/me/history', { cookie: account.cookie })
  return (await res.json<{ results: HistoryResult[] }>()).results
}

// the next episode of a show is found in the catalogue
beforeAll(async () => {
  await loadCatalog()
})

const keys = (entries: HistoryResult[]) => entries.map((e) => `${e.content_type}:${e.content_id}`)

describe('GET /api/me/continue-watching', () => {
  it('answers 401 without a session, for both calls', async () => {
    for (const [method, path] of [
      ['GET', '/api/me/continue-watching'],
      ['DELETE', '/api/me/continue-watching/movie/603'],
    ] as const) {
      const res = await call(path, { method })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(await res.json()).toEqual({ error: 'No user logged in' })
    }
  })

  it('lists titles stopped part of the way in, newest first, and leaves out the unplayed, the finished and the completed', async () => {
    const user = await createUser()
    await record(user, { ...matrix, content_id: 1, watch_duration: 0 })
    await record(user, { ...matrix, content_id: 2, watch_duration: 7000, position: 7500, total_duration: 8000 })
    await record(user, { ...matrix, content_id: 3, watch_duration: 100, position: 100, total_duration: 8000, completed: true })
    await record(user, { ...matrix, watch_duration: 1200, position: 1180, total_duration: 8160 })
    await record(user, { ...show, watch_duration: 600, position: 540, total_duration: 3300, season_number: 2, episode_number: 3 })
    const entries = await row(user)
    expect(keys(entries)).toEqual(['tv:1399', 'movie:603'])
    expect(entries[0]).toMatchObject({ position: 540, total_duration: 3300, season_number: 2, episode_number: 3, title: 'Game of Thrones' })
    expect(entries[0]).not.toHaveProperty('continue_hidden')
    expect(await row(user, '?limit=1')).toHaveLength(1)
  })

  it('offers the next episode of a show whose last played episode ended, from its start, and drops a show at its end', async () => {
    const user = await createUser()
    const breakingBad = { content_id: 1396, content_type: 'tv', title: 'Breaking Bad', poster_path: '/bb.jpg' }
    const saul = { content_id: 60059, content_type: 'tv', title: 'Better Call Saul', poster_path: '/bcs.jpg' }
    // Game of Thrones: 10 episodes in season 2, so after S2 E3 comes S2 E4
    await record(user, { ...show, watch_duration: 3000, position: 3100, total_duration: 3300, season_number: 2, episode_number: 3 })
    // Breaking Bad: season 1 has 7 episodes, so after S1 E7 comes S2 E1
    await record(user, { ...breakingBad, watch_duration: 2700, position: 2800, total_duration: 2900, season_number: 1, episode_number: 7 })
    // Better Call Saul's last episode (S6 E13) ended, though the player did not mark the show completed
    await record(user, { ...saul, watch_duration: 2700, position: 2800, total_duration: 2900, season_number: 6, episode_number: 13 })
    const entries = await row(user)
    expect(keys(entries)).toEqual(['tv:1396', 'tv:1399'])
    expect(entries[0]).toMatchObject({ season_number: 2, episode_number: 1, position: 0, total_duration: 0, up_next: true, title: 'Breaking Bad' })
    expect(entries[1]).toMatchObject({ season_number: 2, episode_number: 4, position: 0, up_next: true })
    // the history itself still says what was watched
    expect((await history(user)).find((e) => e.content_id === 1399)).toMatchObject({ season_number: 2, episode_number: 3, position: 3100 })
    // stopping part of the way into the next episode makes it an ordinary card again
    await record(user, { ...show, watch_duration: 3600, position: 300, total_duration: 3300, season_number: 2, episode_number: 4 })
    const after = (await row(user)).find((e) => e.content_id === 1399)
    expect(after).toMatchObject({ season_number: 2, episode_number: 4, position: 300 })
    expect(after).not.toHaveProperty('up_next')
    // a card of the next episode can be taken off the row like any other
    expect((await hide(user, 'tv', 1396)).status).toBe(200)
    expect(keys(await row(user))).toEqual(['tv:1399'])
  })

  it('answers 400 with an error for a bad limit', async () => {
    const user = await createUser()
    for (const limit of ['0', '101', 'x', '-1']) {
      const res = await call(`/api/me/continue-watching?limit=${limit}`, { cookie: user.cookie })
      expect(res.status, limit).toBe(400)
      expect(await res.json()).toHaveProperty('error')
    }
  })
})

describe('DELETE /api/me/continue-watching/:content_type/:content_id', () => {
  it('takes the title off the row and keeps it in the history and its D1 copy', async () => {
    const user = await createUser()
    await record(user, { ...matrix, watch_duration: 1200, position: 1180, total_duration: 8160 })
    await record(user, { ...show, watch_duration: 600, position: 540, total_duration: 3300, season_number: 2, episode_number: 3 })
    const res = await hide(user, 'movie', 603)
    expect(res.status).toBe(200)
    expect(keys(await row(user))).toEqual(['tv:1399'])
    expect(keys(await history(user))).toEqual(['tv:1399', 'movie:603'])
    expect((await history(user))[1]).toMatchObject({ position: 1180, watch_duration: 1200 })
    await flushCopies()
    const copied = await env.DB.prepare("select position from watch_history where owner_type = 'user' and owner_id = ? and content_id = 603").bind(user.id).first<{ position: number }>()
    expect(copied?.position).toBe(1180)
  })

  it('brings the title back once more of it is watched or another episode plays, but not for a late or repeated report', async () => {
    const user = await createUser()
    await record(user, { ...matrix, watch_duration: 1200, position: 1180, total_duration: 8160 })
    await hide(user, 'movie', 603)
    // the same seconds again (a report sent twice, or one that arrived late) leave it off
    await record(user, { ...matrix, watch_duration: 1200, position: 1180, total_duration: 8160 })
    await record(user, { ...matrix, watch_duration: 900, position: 880, total_duration: 8160 })
    expect(await row(user)).toEqual([])
    await record(user, { ...matrix, watch_duration: 1215, position: 1195, total_duration: 8160 })
    expect(keys(await row(user))).toEqual(['movie:603'])

    await record(user, { ...show, watch_duration: 600, position: 540, total_duration: 3300, season_number: 2, episode_number: 3 })
    await hide(user, 'tv', 1399)
    expect(keys(await row(user))).toEqual(['movie:603'])
    await record(user, { ...show, watch_duration: 600, position: 10, total_duration: 3300, season_number: 2, episode_number: 4 })
    expect(keys(await row(user))).toEqual(['tv:1399', 'movie:603'])
  })

  it('answers 404 for a title the history does not have, and 400 for a bad address', async () => {
    const user = await createUser()
    const missing = await hide(user, 'movie', 999)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'Not in the watch history' })
    for (const [type, id] of [['film', '603'], ['movie', 'abc'], ['movie', '0'], ['tv', '-5']]) {
      const res = await hide(user, type!, id!)
      expect(res.status, `${type}/${id}`).toBe(400)
      expect(await res.json()).toHaveProperty('error')
    }
  })

  it('gives another account no way to take a title off the row', async () => {
    const a = await createUser()
    const b = await createUser()
    const admin = await createAdmin({ id: a.id })
    await record(a, { ...matrix, watch_duration: 1200, position: 1180, total_duration: 8160 })
    // B has no such row, and nothing in the request can name A's
    expect((await hide(b, 'movie', 603)).status).toBe(404)
    const res = await call(`/api/me/continue-watching/movie/603?owner_id=${a.id}&user_id=${a.id}`, { method: 'DELETE', cookie: b.cookie, body: { owner_id: a.id } })
    expect(res.status).toBe(404)
    // an administrator with the same number is another account too
    expect((await hide(admin, 'movie', 603)).status).toBe(404)
    expect(keys(await row(a))).toEqual(['movie:603'])
    expect(await row(b)).toEqual([])
  })

  it('is refused during maintenance, and the row stays', async () => {
    const user = await createUser()
    await record(user, { ...matrix, watch_duration: 1200, position: 1180, total_duration: 8160 })
    const admin = await createAdmin()
    const maintenance = (enabled: boolean) => call('/api/admin/settings/maintenance', { method: 'PUT', cookie: admin.cookie, body: { enabled } })
    expect((await maintenance(true)).status).toBe(200)
    try {
      expect((await hide(user, 'movie', 603)).status).toBe(503)
      expect((await call('/api/me/continue-watching', { cookie: user.cookie })).status).toBe(200)
    } finally {
      await maintenance(false)
    }
    expect(keys(await row(user))).toEqual(['movie:603'])
  })
})

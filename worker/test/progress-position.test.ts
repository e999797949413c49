// A progress report while a title plays writes one row of the account store's SQLite (the playing
// row), not the history row and its indexes; the history, Continue watching, the export and the
// D1 copy read the position as if every report had gone to the history row, and it outlives the
// store's memory.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it } from 'vitest'
import type { HistoryResult } from '../accounts/history'
import { AccountStore } from '../accounts/store'
import { call, createUser, json, type TestAccount } from './helpers/accounts'
import { storeRows, storeStub } from './helpers/stores'

const film = { content_id: 27205, content_type: 'movie', title: 'Inception', poster_path: '/inception.jpg' }

const report = (account: TestAccount, body: Record<string, unknown>) => call('/api/me/history', { method: 'PUT', cookie: account.cookie, body: { ...film, ...body } })

type Exec = SqlStorage['exec']
let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

/** Counts the rows every SQL statement of every store writes from now on (SQLite's own count). */
async function countRowsWritten(account: TestAccount): Promise<(() => number) & { statements: () => number }> {
  const cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = []
  await runInDurableObject(storeStub(account.type, account.id), (_instance, state) => {
    const proto = Object.getPrototypeOf(state.storage.sql) as { exec: Exec }
    const original = proto.exec
    proto.exec = function (this: SqlStorage, query: string, ...bindings: unknown[]) {
      const cursor = original.call(this, query, ...bindings)
      cursors.push(cursor)
      return cursor
    } as Exec
    restore = () => {
      proto.exec = original
    }
  })
  const written = () => cursors.reduce((n, c) => n + c.rowsWritten, 0)
  return Object.assign(written, { statements: () => cursors.length })
}

async function entryOf(account: TestAccount): Promise<HistoryResult | null> {
  return (await json<{ entry: HistoryResult | null }>(await call(`/api/me/history/movie/${film.content_id}`, { cookie: account.cookie }))).entry
}

describe('a progress report while a title plays', () => {
  it('writes one row; the first report, the pause and the end write the history row', async () => {
    const viewer = await createUser()
    const written = await countRowsWritten(viewer)
    expect((await report(viewer, { watch_duration: 0, position: 0, total_duration: 8880 })).status).toBe(200)
    const first = written()
    expect(first).toBeGreaterThan(1)
    const perReport: number[] = []
    const statementsPerReport: number[] = []
    for (let n = 1; n <= 5; n++) {
      const before = written()
      const statementsBefore = written.statements()
      const res = await report(viewer, { watch_duration: n * 15, position: n * 15, total_duration: 8880 })
      expect(res.status).toBe(200)
      expect((await json<{ entry: HistoryResult }>(res)).entry).toMatchObject({ watch_duration: n * 15, position: n * 15, status: 'In Progress' })
      perReport.push(written() - before)
      statementsPerReport.push(written.statements() - statementsBefore)
    }
    expect(perReport).toEqual([1, 1, 1, 1, 1])
    // The playing row kept and nothing read: the account row, what is playing and the title's
    // history row are known from the reports before.
    expect(statementsPerReport).toEqual([1, 1, 1, 1, 1])
    expect(await storeRows('user', viewer.id, 'select position from watch_history')).toEqual([{ position: 0 }])
    expect(await storeRows('user', viewer.id, 'select position from playing')).toEqual([{ position: 75 }])

    const before = written()
    expect((await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: { ...film, watch_duration: 90, position: 90, reason: 'pause' } })).status).toBe(200)
    expect(written() - before).toBeGreaterThan(1)
    expect(await storeRows('user', viewer.id, 'select position, watch_duration from watch_history')).toEqual([{ position: 90, watch_duration: 90 }])
    expect(await storeRows('user', viewer.id, 'select * from playing')).toEqual([])
  })

  it('reads as the history, Continue watching, the export and the D1 copy', async () => {
    const viewer = await createUser()
    await report(viewer, { watch_duration: 0, position: 0, total_duration: 8880 })
    await report(viewer, { watch_duration: 300, position: 290, total_duration: 8880 })
    await report(viewer, { watch_duration: 315, position: 305 })
    expect(await storeRows('user', viewer.id, 'select position from playing')).toEqual([{ position: 305 }])

    expect(await entryOf(viewer)).toMatchObject({ position: 305, watch_duration: 315, total_duration: 8880, status: 'In Progress' })
    await report(viewer, { watch_duration: 330, position: 320 })
    const listed = await json<{ results: HistoryResult[] }>(await call('/api/me/history', { cookie: viewer.cookie }))
    expect(listed.results).toHaveLength(1)
    expect(listed.results[0]).toMatchObject({ position: 320, watch_duration: 330 })
    await report(viewer, { watch_duration: 345, position: 335 })
    const row = await json<{ results: HistoryResult[] }>(await call('/api/me/continue-watching', { cookie: viewer.cookie }))
    expect(row.results.map((r) => r.position)).toEqual([335])
    await report(viewer, { watch_duration: 360, position: 350 })
    const data = await json<{ history: { position: number }[] }>(await call('/api/me/export.json', { cookie: viewer.cookie }))
    expect(data.history.map((h) => h.position)).toEqual([350])

    await report(viewer, { watch_duration: 375, position: 365 })
    await runDurableObjectAlarm(storeStub('user', viewer.id))
    const copy = await env.DB.prepare("select position, watch_duration from watch_history where owner_type = 'user' and owner_id = ?").bind(viewer.id).all()
    expect(copy.results).toEqual([{ position: 365, watch_duration: 375 }])
  })

  it('takes another title, episode or a finished one to the history row, keeping the one before', async () => {
    const viewer = await createUser()
    await report(viewer, { watch_duration: 0, position: 0, total_duration: 8880 })
    await report(viewer, { watch_duration: 600, position: 600 })
    const other = { content_id: 1396, content_type: 'tv', title: 'Breaking Bad', poster_path: null, season_number: 1, episode_number: 1, watch_duration: 30, position: 30, total_duration: 2800 }
    expect((await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: other })).status).toBe(200)
    expect(await storeRows('user', viewer.id, 'select content_id, position from watch_history order by content_id')).toEqual([
      { content_id: 1396, position: 30 },
      { content_id: 27205, position: 600 },
    ])
    const next = await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: { ...other, episode_number: 2, watch_duration: 60, position: 10 } })
    expect((await json<{ entry: HistoryResult }>(next)).entry).toMatchObject({ episode_number: 2, position: 10 })
    const done = await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: { ...other, episode_number: 2, watch_duration: 2700, position: 2790, completed: true } })
    expect((await json<{ entry: HistoryResult }>(done)).entry).toMatchObject({ completed: true, status: 'Completed' })
    expect(await storeRows('user', viewer.id, 'select * from playing')).toEqual([])
  })

  it('reads the history row again once something else changed it', async () => {
    const viewer = await createUser()
    const owner = { type: 'user' as const, id: viewer.id }
    const continueWatching = async () => (await json<{ results: HistoryResult[] }>(await call('/api/me/continue-watching', { cookie: viewer.cookie }))).results
    // the first report writes the history row and nothing is playing after it
    await report(viewer, { watch_duration: 30, position: 30, total_duration: 8880 })
    expect((await call(`/api/me/continue-watching/movie/${film.content_id}`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(200)
    expect(await continueWatching()).toEqual([])
    // watching on brings it back: the report saw the row taken off the row, not the one it wrote
    await report(viewer, { watch_duration: 60, position: 60 })
    expect((await continueWatching()).map((r) => r.position)).toEqual([60])

    // a show's first report, then every episode marked watched with nothing playing
    const show = { content_id: 1396, content_type: 'tv', title: 'Breaking Bad', poster_path: null, season_number: 1, episode_number: 1, total_duration: 2800 }
    const episode = (seconds: number) => call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: { ...show, watch_duration: seconds, position: seconds } })
    await episode(30)
    await runInDurableObject(storeStub('user', viewer.id), (instance) =>
      (instance as AccountStore).setShowFinished(owner, { content_type: 'tv', content_id: show.content_id, title: show.title, poster_path: show.poster_path }, true),
    )
    expect((await json<{ entry: HistoryResult }>(await episode(45))).entry).toMatchObject({ completed: true, status: 'Completed', position: 45 })
  })

  it('survives the store losing its memory: the position is in storage before the answer', async () => {
    const viewer = await createUser()
    await report(viewer, { watch_duration: 0, position: 0, total_duration: 8880 })
    expect((await report(viewer, { watch_duration: 450, position: 440 })).status).toBe(200)
    const owner = { type: 'user' as const, id: viewer.id }
    // a new object over the same storage is what the runtime makes after an eviction or a restart
    const restarted = await runInDurableObject(storeStub('user', viewer.id), async (_instance, state) => {
      const fresh = new AccountStore(state, env)
      return fresh.historyEntry(owner, { content_type: 'movie', content_id: film.content_id })
    })
    expect(restarted).toMatchObject({ position: 440, watch_duration: 450 })
    expect(await entryOf(viewer)).toMatchObject({ position: 440, watch_duration: 450 })
  })
})

// The cost budgets of a viewer's own requests (issue 23, docs/SCALING.md), counted statement by
// statement with a wrapper on D1: on the binding the request gets and, where a request reaches the
// account's store, on the store's own binding too. Counts, not timings, so the tests are stable.
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PROGRESS_COPY_DELAY_MS } from '../accounts/store'
import app from '../index'
import { loadCatalog } from './catalog-data'
import { createUser, ORIGIN, sessionCookieFrom, type TestAccount } from './helpers/accounts'
import { countD1, type D1Counter } from './helpers/d1-counter'
import { storeRows, storeStub } from './helpers/stores'
import { SIGNED_IN_PAGE_CALLS } from './helpers/page-calls'

beforeAll(async () => {
  await loadCatalog()
})

afterEach(() => {
  vi.useRealTimers()
})

/** A request through the real app with a counted D1; answers once the work it left running is done. */
async function counted(counter: D1Counter, path: string, init: RequestInit & { cookie: string }): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('Cookie', init.cookie)
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), { ...env, DB: counter.db }, ctx)
  await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return res
}

/** Counts what the account's store asks of D1 from now on (its own binding, swapped for a counted one). */
async function countStoreD1(account: TestAccount): Promise<D1Counter> {
  const counter = countD1(env.DB)
  await runInDurableObject(storeStub(account.type, account.id), (instance) => {
    ;(instance as unknown as { env: Cloudflare.Env }).env = { ...env, DB: counter.db }
  })
  return counter
}

const film = { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: '/p.jpg' }

function moveClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + ms)
}

describe('a progress report', () => {
  it('reaches no D1 database, and what was watched is in the store when the answer comes', async () => {
    const viewer = await createUser()
    const request = countD1(env.DB)
    const store = await countStoreD1(viewer)
    const res = await counted(request, '/api/me/history', { method: 'PUT', cookie: viewer.cookie, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...film, watch_duration: 15, position: 15, total_duration: 9000 }) })
    expect(res.status).toBe(200)
    expect(request.queries()).toBe(0)
    expect(store.queries()).toBe(0)
    expect(await storeRows('user', viewer.id, 'select watch_duration from watch_history')).toEqual([{ watch_duration: 15 }])
  })

  it('arriving by beacon as a page closes (POST, text/plain) is kept the same way, and its copy goes out at once', async () => {
    const viewer = await createUser()
    const request = countD1(env.DB)
    const store = await countStoreD1(viewer)
    const res = await counted(request, '/api/me/history', {
      method: 'POST',
      cookie: viewer.cookie,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ ...film, watch_duration: 40, position: 40, total_duration: 9000, reason: 'leave' }),
    })
    expect(res.status).toBe(200)
    expect(request.queries()).toBe(0)
    expect(await storeRows('user', viewer.id, 'select watch_duration from watch_history')).toEqual([{ watch_duration: 40 }])
    // its alarm was due at once: it has run by now, or runs here
    const due = await runInDurableObject(storeStub('user', viewer.id), (_i, state) => state.storage.getAlarm())
    if (due !== null) {
      expect(due).toBeLessThanOrEqual(Date.now())
      await runDurableObjectAlarm(storeStub('user', viewer.id))
    }
    // an alarm already under way when asked has no alarm left to report, and may still be writing
    await vi.waitFor(() => expect(store.writes()).toBe(1))
    const copy = await env.DB.prepare("select watch_duration from watch_history where owner_type = 'user' and owner_id = ?").bind(viewer.id).all()
    expect(copy.results).toEqual([{ watch_duration: 40 }])
  })

  it('is copied to D1 at most once per 10 minutes of watching, plus once on pause, in multi-row batches', async () => {
    const viewer = await createUser()
    const store = await countStoreD1(viewer)
    const stub = storeStub('user', viewer.id)
    const request = countD1(env.DB)
    const show = { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null, season_number: 1, episode_number: 1 }
    let batches = 0
    // 20 minutes of watching a film and a show side by side, a report of each every 15 s; the
    // store's alarm runs whenever it falls due, as the runtime would run it
    for (let second = 15; second <= 20 * 60; second += 15) {
      moveClock(15_000)
      for (const title of [film, show]) {
        const res = await counted(request, '/api/me/history', { method: 'PUT', cookie: viewer.cookie, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...title, watch_duration: second, position: second, total_duration: 9000 }) })
        expect(res.status).toBe(200)
      }
      const due = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())
      if (due !== null && due <= Date.now()) {
        await runDurableObjectAlarm(stub)
        batches += 1
      }
    }
    expect(request.queries()).toBe(0)
    // 20 minutes: at most two copies, each one D1 batch holding both titles in one statement
    expect(batches).toBeLessThanOrEqual(2)
    expect(batches).toBeGreaterThanOrEqual(1)
    expect(store.writes()).toBe(batches)
    const history = store.statements.filter((s) => /insert into watch_history/i.test(s.sql))
    expect(history).toHaveLength(batches)
    expect(JSON.parse(String(history[0]!.params[2]))).toHaveLength(2)

    // the pause report is copied at once: its alarm is due now
    moveClock(15_000)
    await counted(request, '/api/me/history', { method: 'PUT', cookie: viewer.cookie, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...film, watch_duration: 1215, position: 1215, total_duration: 9000, reason: 'pause' }) })
    const due = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())
    expect(due!).toBeLessThanOrEqual(Date.now())
    await runDurableObjectAlarm(stub)
    expect(store.writes()).toBe(batches + 1)
    const copy = await env.DB.prepare("select content_id, watch_duration from watch_history where owner_type = 'user' and owner_id = ? order by content_id").bind(viewer.id).all()
    expect(copy.results).toEqual([
      { content_id: 155, watch_duration: 1215 },
      { content_id: 1399, watch_duration: expect.any(Number) },
    ])
    expect(request.queries()).toBe(0)
  })

  it('waits up to 10 minutes for its copy when it is only progress', async () => {
    const viewer = await createUser()
    await counted(countD1(env.DB), '/api/me/history', { method: 'PUT', cookie: viewer.cookie, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...film, watch_duration: 30 }) })
    const due = await runInDurableObject(storeStub('user', viewer.id), (_i, state) => state.storage.getAlarm())
    expect(due! - Date.now()).toBeGreaterThan(PROGRESS_COPY_DELAY_MS - 5_000)
    expect(due! - Date.now()).toBeLessThanOrEqual(PROGRESS_COPY_DELAY_MS)
  })
})

const PAGE_VIEWS: Record<string, readonly string[]> = Object.fromEntries(SIGNED_IN_PAGE_CALLS.map((calls) => [calls[0]!, calls]))

describe('signed-in reading', () => {
  it('a page view makes at most one D1 query on average over nine pages, and opening a title writes nothing', async () => {
    const viewer = await createUser()
    // first visits fill the catalogue's caches, which are not this budget's
    for (const paths of Object.values(PAGE_VIEWS)) for (const path of paths) await counted(countD1(env.DB), path, { cookie: viewer.cookie })
    const counter = countD1(env.DB)
    const store = await countStoreD1(viewer)
    for (const paths of Object.values(PAGE_VIEWS)) {
      // (the app's own pages are files of the build, which these tests do not serve: 404)
      for (const path of paths) expect((await counted(counter, path, { cookie: viewer.cookie })).status, path).toBeLessThan(500)
    }
    const views = Object.keys(PAGE_VIEWS).length
    expect(counter.queries() / views).toBeLessThanOrEqual(1)
    expect(counter.writes() + store.writes()).toBe(0)
    // the title pages were opened twice each and nothing was recorded
    expect(await storeRows('user', viewer.id, 'select id from watch_history')).toEqual([])
  })

  it('signed-in API reads make at most one D1 query on average: the account reads none, the lists (shared D1 data) their own', async () => {
    const viewer = await createUser()
    const reads = ['/api/auth/me', '/api/me/profile', '/api/me/watchlist', '/api/me/watchlist/movie/155', '/api/me/history', '/api/me/history/movie/155', '/api/me/services', '/api/me/sessions', '/api/me/lists']
    let total = 0
    for (const path of reads) {
      const counter = countD1(env.DB)
      expect((await counted(counter, path, { cookie: viewer.cookie })).status, path).toBe(200)
      if (path !== '/api/me/lists') expect(counter.queries(), path).toBe(0)
      total += counter.queries()
    }
    expect(total / reads.length).toBeLessThanOrEqual(1)
  })

  it('a session check makes no D1 query on 100 requests over 16 minutes, with the token confirmed and renewed along the way', async () => {
    const viewer = await createUser()
    const request = countD1(env.DB)
    const store = await countStoreD1(viewer)
    let cookie = viewer.cookie
    let renewed = 0
    for (let n = 0; n < 100; n++) {
      moveClock(10_000)
      const res = await counted(request, '/api/me/watchlist', { cookie })
      expect(res.status).toBe(200)
      const next = sessionCookieFrom(res)
      if (next) {
        cookie = next
        renewed += 1
      }
    }
    expect(request.queries() + store.queries()).toBe(0)
    // confirmed about once a minute, not once a request
    expect(renewed).toBeGreaterThanOrEqual(14)
    expect(renewed).toBeLessThanOrEqual(18)
  })
})

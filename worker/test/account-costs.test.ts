// What each kind of a viewer's request costs, counted through wrappers on the bindings: D1
// statements, rows read and written (on the request's binding and the account store's), calls to
// the account stores, KV reads and writes. Printed as the table docs/SCALING.md carries, and held
// to the budgets of issue 23. Catalogue caches are warmed first: their cost is not this table's.
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import app from '../index'
import { loadCatalog } from './catalog-data'
import { createAdmin, createUser, ORIGIN, PASSWORD, sessionCookieFrom, signIn, signUp, type TestAccount } from './helpers/accounts'
import { countD1, type D1Counter } from './helpers/d1-counter'
import { storeStub } from './helpers/stores'
import { SIGNED_IN_PAGE_CALLS } from './helpers/page-calls'

interface Cost {
  requests: number
  d1Queries: number
  d1Writes: number
  rowsRead: number
  rowsWritten: number
  storeCalls: number
  kvReads: number
  kvWrites: number
}

const table: [string, Cost][] = []

beforeAll(async () => {
  await loadCatalog()
})

afterAll(() => {
  const head = '| request | D1 queries | D1 writes | rows read | rows written | store calls | KV reads | KV writes |'
  const rows = table.map(([name, c]) => {
    const per = (n: number) => String(Math.round((n / c.requests) * 100) / 100)
    return `| ${name} | ${per(c.d1Queries)} | ${per(c.d1Writes)} | ${per(c.rowsRead)} | ${per(c.rowsWritten)} | ${per(c.storeCalls)} | ${per(c.kvReads)} | ${per(c.kvWrites)} |`
  })
  console.log(['', 'Cost per request (averages):', head, '|---|---:|---:|---:|---:|---:|---:|---:|', ...rows].join('\n'))
})

/** The bindings, counted: D1 (the request's and `also`, a store's), calls to the stores, KV. */
function meter(also: D1Counter[] = []) {
  const d1 = countD1(env.DB)
  let storeCalls = 0
  let kvReads = 0
  let kvWrites = 0
  const accounts = new Proxy(env.ACCOUNTS, {
    get(target, key) {
      if (key === 'get')
        return (id: DurableObjectId) =>
          new Proxy(target.get(id), {
            // an RPC stub answers any property as a remote method: each one asked for is a call
            get(stub, method) {
              return (...args: unknown[]) => {
                storeCalls += 1
                return (stub as unknown as Record<string | symbol, (...a: unknown[]) => unknown>)[method]!(...args)
              }
            },
          })
      const value = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const cache = new Proxy(env.CACHE, {
    get(target, key) {
      const value = Reflect.get(target, key)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (key === 'get' || key === 'getWithMetadata' || key === 'list') kvReads += 1
        if (key === 'put' || key === 'delete') kvWrites += 1
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  const bindings = { ...env, DB: d1.db, ACCOUNTS: accounts, CACHE: cache } as Cloudflare.Env
  return {
    bindings,
    async cost(requests: number): Promise<Cost> {
      const all = [d1, ...also]
      let rowsRead = 0
      for (const c of all) rowsRead += await c.rowsRead()
      return {
        requests,
        d1Queries: all.reduce((n, c) => n + c.queries(), 0),
        d1Writes: all.reduce((n, c) => n + c.writes(), 0),
        rowsRead,
        rowsWritten: all.reduce((n, c) => n + c.rowsWritten(), 0),
        storeCalls,
        kvReads,
        kvWrites,
      }
    },
  }
}

async function send(bindings: Cloudflare.Env, path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), bindings, ctx)
  await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return res
}

async function countStoreD1(account: TestAccount): Promise<D1Counter> {
  const counter = countD1(env.DB)
  await runInDurableObject(storeStub(account.type, account.id), (instance) => {
    ;(instance as unknown as { env: Cloudflare.Env }).env = { ...env, DB: counter.db }
  })
  return counter
}

const PAGES = SIGNED_IN_PAGE_CALLS

describe('what a request costs', { timeout: 30_000 }, () => {
  it('a progress report (40 of them, 10 minutes of watching, then the pause)', async () => {
    const viewer = await createUser()
    const store = await countStoreD1(viewer)
    const m = meter([store])
    for (let n = 1; n <= 40; n++) {
      const body = { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null, watch_duration: n * 15, position: n * 15, total_duration: 9000, ...(n === 40 ? { reason: 'pause' } : {}) }
      expect((await send(m.bindings, '/api/me/history', { method: 'PUT', cookie: viewer.cookie, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status).toBe(200)
    }
    // the pause's copy, due at once: run here unless the runtime already has
    await runDurableObjectAlarm(storeStub('user', viewer.id))
    await expect.poll(() => store.rowsWritten(), { timeout: 5_000 }).toBeGreaterThan(0)
    const cost = await m.cost(40)
    table.push(['progress report (incl. its share of the D1 copy)', cost])
    expect(cost.d1Writes).toBeLessThanOrEqual(1)
    expect(cost.storeCalls).toBe(40)
  })

  it('a signed-in API read', async () => {
    const viewer = await createUser()
    const reads = ['/api/auth/me', '/api/me/profile', '/api/me/watchlist', '/api/me/watchlist/movie/155', '/api/me/history', '/api/me/history/movie/155', '/api/me/services', '/api/me/sessions', '/api/me/lists']
    const m = meter()
    for (const path of reads) expect((await send(m.bindings, path, { cookie: viewer.cookie })).status).toBe(200)
    const cost = await m.cost(reads.length)
    table.push(['signed-in API read (average of 9)', cost])
    expect(cost.d1Queries / cost.requests).toBeLessThanOrEqual(1)
  })

  it('a signed-in page view (average of 9 pages, with the calls each page makes)', async () => {
    const viewer = await createUser()
    for (const page of PAGES) for (const path of page) await send(env, path, { cookie: viewer.cookie })
    const m = meter()
    for (const page of PAGES) for (const path of page) expect((await send(m.bindings, path, { cookie: viewer.cookie })).status).toBeLessThan(500)
    const cost = await m.cost(PAGES.length)
    table.push(['signed-in page view (average of 9 pages)', cost])
    expect(cost.d1Queries / cost.requests).toBeLessThanOrEqual(1)
    expect(cost.d1Writes).toBe(0)
  }, 60_000)

  it('a session check once its token is a minute old', async () => {
    const viewer = await createUser()
    const store = await countStoreD1(viewer)
    const m = meter([store])
    const { vi } = await import('vitest')
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 61_000)
      expect((await send(m.bindings, '/api/me/watchlist', { cookie: viewer.cookie })).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
    const cost = await m.cost(1)
    table.push(['signed-in API read whose token is confirmed', cost])
    expect(cost.d1Queries).toBe(0)
  })

  it('a session check (GET /api/auth/me) asks the store once per confirmation; a changed name is answered at once', async () => {
    const viewer = await createUser()
    const other = await signIn(viewer.email, PASSWORD)
    const m = meter()
    const me = async (cookie: string) => {
      const res = await ask('/api/auth/me', { cookie })
      expect(res.status).toBe(200)
      return (await res.json()) as { user: { username: string } | null }
    }
    // the answer itself is read here, so it is not drained as send() does
    const ask = async (path: string, init: RequestInit & { cookie?: string } = {}) => {
      const headers = new Headers(init.headers)
      if (init.cookie) headers.set('Cookie', init.cookie)
      const ctx = createExecutionContext()
      const res = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), m.bindings, ctx)
      await waitOnExecutionContext(ctx)
      return res
    }
    const before = (await me(viewer.cookie)).user!.username
    for (let n = 0; n < 9; n++) expect((await me(viewer.cookie)).user!.username).toBe(before)
    expect((await m.cost(10)).storeCalls).toBe(1)
    expect((await me(other.cookie)).user!.username).toBe(before)

    const renamed = `renamed${Date.now() % 1_000_000}`
    const patch = await ask('/api/me/profile', { method: 'PATCH', cookie: viewer.cookie, headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, body: JSON.stringify({ username: renamed }) })
    expect(patch.status).toBe(200)
    const fresh = sessionCookieFrom(patch)
    expect(fresh).not.toBeNull()
    expect((await me(fresh!)).user!.username).toBe(renamed)
    // this isolate forgets what it kept for the account's other sessions too (another isolate holds
    // its copy no longer than the minute their tokens are taken at their word)
    expect((await me(other.cookie)).user!.username).toBe(renamed)
  })

  it('a successful sign-in', async () => {
    const credentials = await signUp()
    const m = meter()
    const res = await send(m.bindings, '/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.7' }, body: JSON.stringify({ email: credentials.email, password: PASSWORD, type: 'user' }) })
    expect(res.status).toBe(200)
    table.push(['successful sign-in', await m.cost(1)])
  })

  it('the admin figures (small data; admin-scale.test.ts holds them at 100,000 users)', async () => {
    const admin = await createAdmin()
    const m = meter()
    expect((await send(m.bindings, '/api/admin/stats', { cookie: admin.cookie })).status).toBe(200)
    const cost = await m.cost(1)
    table.push(['admin figures', cost])
    expect(cost.rowsRead).toBeLessThanOrEqual(400)
  })
})

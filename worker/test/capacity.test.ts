/**
 * The capacity table of docs/SCALING.md, counted in workerd: for each kind of request, what it
 * asks of every binding, wherever the asking happens (the worker, an account store, a
 * single-flight object, work left for after the answer, an alarm it sets): D1 statements and rows
 * read and written per database, Durable Object requests (RPC calls and alarms) and storage
 * operations (SQL statements and key-value calls) with the SQLite rows they read and wrote, KV
 * reads and writes, fetches, and the subrequests these add up to. The counting is done by
 * wrapping the runtime's own classes for the length of this file (D1Database and its statements,
 * SqlStorage, DurableObjectStorage, the namespace's stubs, KvNamespace, fetch), so nothing is
 * left out because it went through a binding the test did not hand over. The table is printed;
 * the assertions hold the budgets and that the counting sees what it should.
 */
import { createExecutionContext, createScheduledController, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AccountStore } from '../accounts/store'
import app from '../index'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { forgetKeptPages, keptPageKey } from './helpers/kept-pages'
import { loadCatalog, newDataHash } from './catalog-data'
import { createAdmin, createUser, ORIGIN, PASSWORD, signUp, uniqueEmail, uniqueUsername, type TestAccount } from './helpers/accounts'
import { storeStub } from './helpers/stores'
import { SIGNED_IN_PAGE_CALLS } from './helpers/page-calls'
import { bytesToBase64url, base64urlToBytes } from '../auth/webauthn'
import { WEEKLY_CRON } from '../newsletter/weekly'

type Database = 'DB' | 'CATALOG'

interface D1Record {
  database: Database
  sql: string
  params: unknown[]
  readOnly: boolean
  rowsRead: number | null
  rowsWritten: number
}

/** Everything counted since the last reset. */
const seen = {
  d1: [] as D1Record[],
  d1Calls: 0,
  doRequests: 0,
  sqlStatements: 0,
  cursors: [] as SqlStorageCursor<Record<string, SqlStorageValue>>[],
  kvStorageCalls: 0,
  kvReads: 0,
  kvWrites: 0,
  fetches: 0,
}

function resetSeen(): void {
  seen.d1.length = 0
  seen.cursors.length = 0
  seen.d1Calls = seen.doRequests = seen.sqlStatements = seen.kvStorageCalls = seen.kvReads = seen.kvWrites = seen.fetches = 0
}

function isReadOnly(sql: string): boolean {
  const head = sql.trimStart().slice(0, 8).toLowerCase()
  if (head.startsWith('select') || head.startsWith('explain')) return true
  return head.startsWith('with') && !/\b(insert|update|delete|replace)\b/i.test(sql)
}

// the receiver is whichever runtime object the method is called on
type Method = (this: any, ...args: unknown[]) => unknown
const restore: (() => void)[] = []

/** Replaces `proto[name]` by `wrap(original)` until the file ends. */
function patch(proto: object, name: string, wrap: (original: Method) => Method): void {
  const original = Reflect.get(proto, name) as Method
  Reflect.set(proto, name, wrap(original))
  restore.push(() => Reflect.set(proto, name, original))
}

let originalAll: Method
const stubs = new WeakMap<object, object>()

/** An account's store as the test helpers of cloudflare:test take it: the runtime's own stub. */
function store(account: TestAccount): DurableObjectStub<AccountStore> {
  const stub = storeStub(account.type, account.id)
  return (stubs.get(stub) ?? stub) as DurableObjectStub<AccountStore>
}

function instrument(): void {
  // D1: a statement remembers its database and SQL through bind(); each run is one record
  const dbProto = Object.getPrototypeOf(env.DB) as object
  const statementProto = Object.getPrototypeOf(env.DB.prepare('select 1')) as object
  const statements = new WeakMap<object, { database: Database; sql: string; params: unknown[] }>()
  const busy = new WeakSet<object>()
  const databaseOf = (db: unknown): Database | null => (db === env.DB ? 'DB' : db === env.CATALOG ? 'CATALOG' : null)
  const meta = (result: unknown) => (result as { meta?: { rows_read?: number; rows_written?: number; changes?: number } } | null)?.meta
  patch(dbProto, 'prepare', (original) =>
    function (this: unknown, sql: unknown) {
      const statement = original.call(this, sql) as object
      const database = databaseOf(this)
      if (database) statements.set(statement, { database, sql: String(sql), params: [] })
      return statement
    },
  )
  patch(statementProto, 'bind', (original) =>
    function (this: object, ...params: unknown[]) {
      const bound = original.apply(this, params) as object
      const known = statements.get(this)
      if (known) statements.set(bound, { ...known, params })
      return bound
    },
  )
  originalAll = Reflect.get(statementProto, 'all') as Method
  for (const name of ['first', 'run', 'all', 'raw']) {
    patch(statementProto, name, (original) =>
      async function (this: object, ...args: unknown[]) {
        const known = statements.get(this)
        if (!known || busy.has(this)) return original.apply(this, args)
        const record: D1Record = { ...known, readOnly: isReadOnly(known.sql), rowsRead: null, rowsWritten: 0 }
        seen.d1.push(record)
        seen.d1Calls += 1
        busy.add(this)
        try {
          const result = await original.apply(this, args)
          const m = name === 'run' || name === 'all' ? meta(result) : undefined
          if (m) {
            record.rowsRead = m.rows_read ?? null
            record.rowsWritten = m.rows_written || m.changes || 0
          } else if (!record.readOnly) {
            // raw() and first() answer no meta: a write's rows are those it returned, at least one
            record.rowsWritten = Math.max(1, Array.isArray(result) ? result.length : 1)
          }
          return result
        } finally {
          busy.delete(this)
        }
      },
    )
  }
  patch(dbProto, 'batch', (original) =>
    async function (this: unknown, list: unknown) {
      const database = databaseOf(this)
      if (!database) return original.call(this, list)
      const records = (list as object[]).map((statement) => {
        const known = statements.get(statement) ?? { database, sql: '(unknown)', params: [] }
        const record: D1Record = { ...known, readOnly: isReadOnly(known.sql), rowsRead: null, rowsWritten: 0 }
        seen.d1.push(record)
        return record
      })
      seen.d1Calls += 1
      const results = (await original.call(this, list)) as unknown[]
      results.forEach((result, index) => {
        const m = meta(result)
        const record = records[index]
        if (record && m) {
          record.rowsRead = m.rows_read ?? null
          record.rowsWritten = m.rows_written || m.changes || 0
        }
      })
      return results
    },
  )

  // Durable Objects: every call on a stub is a billed request, and so is every alarm
  const namespaceProto = Object.getPrototypeOf(env.ACCOUNTS) as object
  patch(namespaceProto, 'get', (original) =>
    function (this: unknown, ...args: unknown[]) {
      const stub = original.apply(this, args) as object
      const counted = new Proxy(stub, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown
          if (typeof value !== 'function' || property === 'then') return value
          // an RPC stub answers any property as a remote method (even `apply`): called as one
          return (...callArgs: unknown[]) => {
            seen.doRequests += 1
            return (target as Record<PropertyKey, (...a: unknown[]) => unknown>)[property]!(...callArgs)
          }
        },
      })
      stubs.set(counted, stub)
      return counted
    },
  )
  patch(AccountStore.prototype, 'alarm', (original) =>
    function (this: unknown, ...args: unknown[]) {
      seen.doRequests += 1
      return original.apply(this, args)
    },
  )

  // KV
  const kvProto = Object.getPrototypeOf(env.CACHE) as object
  for (const name of ['get', 'getWithMetadata', 'list']) {
    patch(kvProto, name, (original) =>
      function (this: unknown, ...args: unknown[]) {
        seen.kvReads += 1
        return original.apply(this, args)
      },
    )
  }
  for (const name of ['put', 'delete']) {
    patch(kvProto, name, (original) =>
      function (this: unknown, ...args: unknown[]) {
        seen.kvWrites += 1
        return original.apply(this, args)
      },
    )
  }

  // fetches: the static assets binding and the network
  // (on the binding itself: D1's binding fetches through the same class)
  patch(env.ASSETS, 'fetch', (original) =>
    function (this: unknown, ...args: unknown[]) {
      seen.fetches += 1
      return original.apply(this, args)
    },
  )
  patch(globalThis, 'fetch', (original) =>
    function (this: unknown, ...args: unknown[]) {
      seen.fetches += 1
      return original.apply(this, args)
    },
  )
}

/** The Durable Objects' storage classes, reached through one object's storage. */
async function instrumentStorage(account: TestAccount): Promise<void> {
  await runInDurableObject(store(account), (_instance, state) => {
    patch(Object.getPrototypeOf(state.storage.sql) as object, 'exec', (original) =>
      function (this: unknown, ...args: unknown[]) {
        seen.sqlStatements += 1
        const cursor = original.apply(this, args) as SqlStorageCursor<Record<string, SqlStorageValue>>
        seen.cursors.push(cursor)
        return cursor
      },
    )
    for (const name of ['get', 'put', 'delete', 'list', 'getAlarm', 'setAlarm', 'deleteAlarm', 'deleteAll']) {
      patch(Object.getPrototypeOf(state.storage) as object, name, (original) =>
        function (this: unknown, ...args: unknown[]) {
          seen.kvStorageCalls += 1
          return original.apply(this, args)
        },
      )
    }
  })
}

interface Cost {
  requests: number
  dbQueries: number
  dbRowsRead: number
  dbRowsWritten: number
  catalogQueries: number
  catalogRowsRead: number
  doRequests: number
  doStorageOps: number
  doRowsRead: number
  doRowsWritten: number
  kvReads: number
  kvWrites: number
  subrequests: number
}

/** What was counted since the last reset, per request over `requests`. */
async function cost(requests: number): Promise<Cost> {
  const rowsRead = async (database: Database) => {
    let total = 0
    for (const record of seen.d1) {
      if (record.database !== database) continue
      if (record.rowsRead !== null) total += record.rowsRead
      else if (record.readOnly) {
        // a read answered without meta, run again for its rows (a read changes nothing)
        const statement = env[database].prepare(record.sql).bind(...record.params)
        total += ((await originalAll.call(statement)) as D1Result).meta.rows_read ?? 0
      }
    }
    return total
  }
  const of = (database: Database) => seen.d1.filter((r) => r.database === database)
  const raw = {
    dbQueries: of('DB').length,
    dbRowsRead: await rowsRead('DB'),
    dbRowsWritten: of('DB').reduce((n, r) => n + r.rowsWritten, 0),
    catalogQueries: of('CATALOG').length,
    catalogRowsRead: await rowsRead('CATALOG'),
    doRequests: seen.doRequests,
    doStorageOps: seen.sqlStatements + seen.kvStorageCalls,
    doRowsRead: seen.cursors.reduce((n, c) => n + c.rowsRead, 0),
    doRowsWritten: seen.cursors.reduce((n, c) => n + c.rowsWritten, 0),
    kvReads: seen.kvReads,
    kvWrites: seen.kvWrites,
    // what counts against a request's subrequest limit: each D1 call (a batch is one), KV
    // operation, Durable Object call and fetch
    subrequests: seen.d1Calls + seen.kvReads + seen.kvWrites + seen.doRequests + seen.fetches,
  }
  const per = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value / requests])) as Omit<Cost, 'requests'>
  return { requests, ...per }
}

const table: [string, Cost][] = []

async function send(path: string, init: RequestInit & { cookie?: string; ip?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  if (init.ip) headers.set('CF-Connecting-IP', init.ip)
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), env, ctx)
  await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return res
}

const json = (body: unknown): RequestInit => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
const HTML = { Accept: 'text/html' }

const PAGES = SIGNED_IN_PAGE_CALLS

async function viewPages(cookie?: string): Promise<void> {
  for (const page of PAGES) {
    for (const path of page) {
      if (!cookie && path.startsWith('/api/me/')) continue
      const res = await send(path, { cookie, headers: path.startsWith('/api/') ? {} : HTML })
      expect(res.status, path).toBeLessThan(500)
    }
  }
}

let viewer: TestAccount

beforeAll(async () => {
  await loadCatalog()
  viewer = await createUser()
  await instrumentStorage(viewer)
  instrument()
})

afterAll(() => {
  for (const undo of restore.reverse()) undo()
  const head = ['request', 'DB queries', 'DB rows read', 'DB rows written', 'CATALOG queries', 'CATALOG rows read', 'DO requests', 'DO storage ops', 'DO rows read', 'DO rows written', 'KV reads', 'KV writes', 'subrequests']
  const keys = ['dbQueries', 'dbRowsRead', 'dbRowsWritten', 'catalogQueries', 'catalogRowsRead', 'doRequests', 'doStorageOps', 'doRowsRead', 'doRowsWritten', 'kvReads', 'kvWrites', 'subrequests'] as const
  const figure = (n: number) => String(Math.round(n * 100) / 100)
  const rows = table.map(([name, c]) => `| ${name} | ${keys.map((k) => figure(c[k])).join(' | ')} |`)
  console.log(['', 'Capacity table (per request, averages):', `| ${head.join(' | ')} |`, `|---|${keys.map(() => '---:').join('|')}|`, ...rows].join('\n'))
})

/** Counts what `work` asks of every binding, per request over `requests`, and adds it to the table. */
async function measure(name: string, requests: number, work: () => Promise<void>): Promise<Cost> {
  resetSeen()
  await work()
  const c = await cost(requests)
  table.push([name, c])
  return c
}

describe('the capacity table', { timeout: 120_000 }, () => {
  it('a progress report: 40 of them (10 minutes of watching), then the pause, with its share of the D1 copy', async () => {
    const c = await measure('progress report (PUT /api/me/history, every 15 s)', 41, async () => {
      for (let n = 1; n <= 41; n++) {
        const body = { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null, watch_duration: n * 15, position: n * 15, total_duration: 9000, ...(n === 41 ? { reason: 'pause' } : {}) }
        expect((await send('/api/me/history', { method: 'PUT', cookie: viewer.cookie, ...json(body) })).status).toBe(200)
      }
      // the pause's copy is due at once: run here unless the runtime already has, and waited for
      await runDurableObjectAlarm(store(viewer))
      await expect.poll(() => seen.d1.some((r) => r.database === 'DB' && r.rowsWritten > 0), { timeout: 5_000 }).toBe(true)
    })
    // reaches no D1 on the way, and its copy comes in batches
    expect(c.doRowsWritten).toBeGreaterThan(0)
    expect(c.dbQueries * 41).toBeLessThanOrEqual(2)
    expect(c.dbRowsWritten).toBeGreaterThan(0)
    expect(c.catalogQueries).toBe(0)
  })

  it('a signed-in API read, the session taken at its word', async () => {
    const reads = ['/api/auth/me', '/api/me/profile', '/api/me/watchlist', '/api/me/watchlist/movie/155', '/api/me/history', '/api/me/history/movie/155', '/api/me/services', '/api/me/sessions', '/api/me/lists']
    const c = await measure('signed-in API read (average of 9)', reads.length, async () => {
      for (const path of reads) expect((await send(path, { cookie: viewer.cookie })).status).toBe(200)
    })
    expect(c.dbQueries).toBeLessThanOrEqual(1)
    expect(c.doRequests).toBeGreaterThan(0)
  })

  it('a session check once its token is a minute old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 61_000)
      const c = await measure('session check, token confirmed with the store (GET /api/auth/me)', 1, async () => {
        expect((await send('/api/auth/me', { cookie: viewer.cookie })).status).toBe(200)
      })
      expect(c.dbQueries).toBe(0)
      expect(c.doRequests).toBeGreaterThanOrEqual(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a page view, signed in and signed out (the average of 9 pages with the calls each makes, warm)', async () => {
    await viewPages(viewer.cookie)
    const signedIn = await measure('signed-in page view (average of 9)', PAGES.length, () => viewPages(viewer.cookie))
    expect(signedIn.dbQueries).toBeLessThanOrEqual(1)
    const anonymous = await measure('anonymous page view (average of 9)', PAGES.length, () => viewPages())
    expect(anonymous.dbQueries).toBe(0)
    expect(anonymous.doRequests).toBe(0)
  })

  it('a title page nothing has kept, in a fresh isolate of the location that rendered it, and in another location once KV has it', async () => {
    await newDataHash()
    await forgetKeptPages('/movie/550')
    const cold = await measure('title page, nothing kept (/movie/550)', 1, async () => {
      expect((await send('/movie/550', { headers: HTML })).status).toBe(200)
    })
    expect(cold.catalogQueries).toBeGreaterThan(0)
    expect(cold.dbQueries).toBe(0)
    await vi.waitFor(async () => expect(await caches.default.match(await keptPageKey('/movie/550'))).toBeDefined())
    forgetIsolateMemos()
    const here = await measure('title page, fresh isolate, kept in the location', 1, async () => {
      expect((await send('/movie/550', { headers: HTML })).status).toBe(200)
    })
    expect(here.catalogQueries + here.dbQueries + here.kvReads + here.doRequests).toBe(0)
    forgetIsolateMemos()
    await forgetKeptPages('/movie/550')
    const fresh = await measure('title page, fresh isolate in another location, kept in KV', 1, async () => {
      expect((await send('/movie/550', { headers: HTML })).status).toBe(200)
    })
    expect(fresh.catalogQueries + fresh.dbQueries).toBe(0)
    expect(fresh.kvReads).toBeGreaterThan(0)
  })

  it('a composed page past its ten minutes of freshness, composed again once', async () => {
    await newDataHash()
    expect((await send('/', { headers: HTML })).status).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000)
      forgetIsolateMemos()
      await forgetKeptPages('/')
      const c = await measure('composed page, stale (home, composed again)', 1, async () => {
        expect((await send('/', { headers: HTML })).status).toBe(200)
      })
      expect(c.dbQueries).toBe(0)
      expect(c.kvWrites).toBeGreaterThan(0)
      expect(c.doRequests).toBeGreaterThan(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('the sitemap when nothing has kept it', async () => {
    await env.CACHE.delete('v1:catalog:sitemap:v5:http://localhost')
    forgetIsolateMemos()
    const c = await measure('sitemap.xml, not kept', 1, async () => {
      expect((await send('/sitemap.xml')).status).toBe(200)
    })
    expect(c.catalogQueries).toBeGreaterThan(0)
  })

  it('the admin figures', async () => {
    const admin = await createAdmin()
    const c = await measure('admin figures (GET /api/admin/stats; small data, admin-scale.test.ts has 100,000 users)', 1, async () => {
      expect((await send('/api/admin/stats', { cookie: admin.cookie })).status).toBe(200)
    })
    expect(c.dbRowsRead).toBeLessThanOrEqual(400)
  })

  it('sign-up and sign-in', async () => {
    const email = uniqueEmail()
    await measure('sign-up', 1, async () => {
      const res = await send('/api/auth/signup', { method: 'POST', ip: '198.51.100.31', ...json({ email, username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD }) })
      expect(res.status).toBe(201)
    })
    const credentials = await signUp()
    const c = await measure('sign-in (the account\'s first: its store takes it over)', 1, async () => {
      const res = await send('/api/auth/login', { method: 'POST', ip: '198.51.100.32', ...json({ email: credentials.email, password: PASSWORD, type: 'user' }) })
      expect(res.status).toBe(200)
    })
    expect(c.doRequests).toBeGreaterThan(0)
  })

  it('adding to the watchlist, with its D1 copy', async () => {
    const c = await measure('watchlist add (with its D1 copy)', 1, async () => {
      const res = await send('/api/me/watchlist', { method: 'POST', cookie: viewer.cookie, ...json({ content_id: 27205, content_type: 'movie', title: 'Inception', poster_path: null }) })
      expect(res.status).toBeLessThan(300)
      await runDurableObjectAlarm(store(viewer))
    })
    expect(c.dbRowsWritten).toBeGreaterThan(0)
  })

  it('the calendar, its iCal feed, the hourly notices run and the weekly e-mail run', async () => {
    const account = await createUser()
    // three of the embedded catalogue's series followed
    const shows = (await env.CATALOG.prepare('select id, name from catalog_tv_series order by popularity desc limit 3').all<{ id: number; name: string }>()).results
    expect(shows).toHaveLength(3)
    for (const show of shows) {
      const res = await send(`/api/me/follows/${show.id}`, { method: 'PUT', cookie: account.cookie, ...json({ following: true, title: show.name, poster_path: null }) })
      expect(res.status).toBe(200)
    }
    // the calendar page's own call, once to warm the catalogue's answers, then counted
    expect((await send('/api/me/calendar?tz=Europe/Paris', { cookie: account.cookie })).status).toBe(200)
    const calendar = await measure('calendar (GET /api/me/calendar, 3 followed shows, warm)', 1, async () => {
      expect((await send('/api/me/calendar?tz=Europe/Paris', { cookie: account.cookie })).status).toBe(200)
    })
    expect(calendar.dbQueries).toBe(0)

    const ctx = createExecutionContext()
    const made = await app.fetch(new Request(`${ORIGIN}/api/me/calendar/feed`, { method: 'POST', headers: { Cookie: account.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ tz: 'Europe/Paris' }) }), env, ctx)
    expect(made.status).toBe(201)
    const path = new URL(((await made.json()) as { url: string }).url).pathname
    await waitOnExecutionContext(ctx)
    expect((await send(path)).status).toBe(200)
    const feed = await measure('iCal feed (GET /calendar/{secret}.ics, 3 followed shows, warm)', 1, async () => {
      expect((await send(path)).status).toBe(200)
    })
    expect(feed.dbQueries).toBe(1)

    // the hourly run, per account with a subscription (the embedded catalogue's series have ended:
    // no episode is new, so no push is sent; each push would add one fetch)
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair
    const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey
    const vapid = { VAPID_PUBLIC_KEY: bytesToBase64url(new Uint8Array([4, ...base64urlToBytes(jwk.x!), ...base64urlToBytes(jwk.y!)])), VAPID_PRIVATE_KEY: jwk.d! }
    const browserKey = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair
    const p256dh = bytesToBase64url(new Uint8Array((await crypto.subtle.exportKey('raw', browserKey.publicKey)) as ArrayBuffer))
    const subscribers = [account]
    for (let i = 0; i < 2; i++) {
      subscribers.push(await createUser())
    }
    for (const [i, who] of subscribers.entries()) {
      const ctx = createExecutionContext()
      const body = { endpoint: `https://fcm.googleapis.com/fcm/send/capacity-${who.id}-${i}`, keys: { p256dh, auth: bytesToBase64url(crypto.getRandomValues(new Uint8Array(16))) }, timeZone: 'Europe/Paris' }
      const res = await app.fetch(new Request(`${ORIGIN}/api/me/notices/subscriptions`, { method: 'POST', headers: { Cookie: who.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }), { ...env, ...vapid }, ctx)
      expect(res.status).toBe(201)
      await waitOnExecutionContext(ctx)
    }
    const accounts = (await env.DB.prepare('select count(*) as n from push_subscribers').first<{ n: number }>())!.n
    const run = async (cron: string, bindings: typeof env) => {
      const ctx = createExecutionContext()
      await app.scheduled(createScheduledController({ scheduledTime: Date.now(), cron }), bindings, ctx)
      await waitOnExecutionContext(ctx)
    }
    await run('0 * * * *', { ...env, ...vapid })
    const notices = await measure(`hourly notices run, per account with a subscription (${accounts} accounts, nothing new)`, accounts, () => run('0 * * * *', { ...env, ...vapid }))
    expect(notices.doRequests).toBeGreaterThanOrEqual(1)

    // the weekly e-mail, per confirmed address (locally each goes to the dev mailbox, a KV write;
    // deployed it is one MAILER call instead)
    for (let i = 0; i < 4; i++) {
      await env.DB.prepare("insert into newsletter_subscribers (email, locale, status, confirm_hash, confirm_expires_at, unsubscribe_salt) values (?, 'en', 'confirmed', ?, 0, 'salt')").bind(uniqueEmail('weekly'), `capacity-${i}-${Date.now()}`).run()
    }
    const addresses = (await env.DB.prepare("select count(*) as n from newsletter_subscribers where status = 'confirmed'").first<{ n: number }>())!.n
    const weekly = await measure(`weekly e-mail run, per confirmed address (${addresses} addresses)`, addresses, () => run(WEEKLY_CRON, env))
    expect(weekly.dbQueries).toBeLessThan(1)
  })

  it('the export', async () => {
    const c = await measure('export (GET /api/me/export.json)', 1, async () => {
      expect((await send('/api/me/export.json', { cookie: viewer.cookie })).status).toBe(200)
    })
    expect(c.doRequests).toBeGreaterThan(0)
  })
})

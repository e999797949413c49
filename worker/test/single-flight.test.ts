/**
 * One worker at a time remakes a cached answer, whichever isolates ask (lib/single-flight.ts):
 * counted in D1 statements on the catalogue database, KV writes of the page and the leases the
 * Durable Object grants. Isolates are simulated by forgetting every isolate memo between requests.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type CachedEntry, pageCacheKey } from '../cache'
import type { PageComposition } from '../catalog/types'
import app from '../index'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { countFlights, countKv, slowD1 } from './helpers/bindings'
import { countD1 } from './helpers/d1-counter'
import { loadCatalog, newDataHash } from './catalog-data'

beforeAll(loadCatalog)

afterEach(() => {
  vi.useRealTimers()
})

// Slowed statements and many requests: on a busy 2-core machine these pass the 5 s default.
const TIMEOUT_MS = 30_000

interface Counted {
  catalog: ReturnType<typeof countD1>
  accounts: ReturnType<typeof countD1>
  kv: ReturnType<typeof countKv>
  flights: ReturnType<typeof countFlights>
  bindings: Cloudflare.Env
}

function counted(delayMs = 0): Counted {
  const catalog = countD1(delayMs ? slowD1(env.CATALOG, delayMs) : env.CATALOG)
  const accounts = countD1(env.DB)
  const kv = countKv(env.CACHE)
  const flights = countFlights(env.SINGLE_FLIGHT)
  return { catalog, accounts, kv, flights, bindings: { ...env, CATALOG: catalog.db, DB: accounts.db, CACHE: kv.kv, SINGLE_FLIGHT: flights.flights } }
}

/** A request through the app, returning once the work it left running has finished. */
async function settled(path: string, bindings: Cloudflare.Env): Promise<string> {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`http://localhost${path}`), bindings, ctx)
  expect(res.status, path).toBe(200)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  return text
}

/** The KV key of an English composed page of the embedded catalogue's data `hash`. */
function pageKey(hash: string, page: string, variant = 'all'): string {
  return pageCacheKey(`embedded:${hash}:cards-notes-notice-providers-seeall`, page, variant)
}

/** Puts `entry` under the key as it was made eleven minutes ago (past its ten of freshness), marked so a stale copy can be told from a new one. */
async function putStale(key: string, entry: CachedEntry<PageComposition>): Promise<void> {
  const stale = structuredClone(entry)
  stale.fetchedAt = Date.now() - 11 * 60_000
  stale.data.rows[0]!.title = 'Stale copy'
  await env.CACHE.put(key, JSON.stringify(stale))
}

function titleOf(body: string): string | undefined {
  return (JSON.parse(body) as PageComposition).rows[0]?.title
}

async function currentHash(): Promise<string> {
  return (await env.CATALOG.prepare("SELECT value FROM catalog_meta WHERE key = 'data_hash'").first<{ value: string }>())!.value
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 500 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(condition()).toBe(true)
}

describe('a composed page older than its freshness', () => {
  it('is served stale to N concurrent requests while exactly one of them composes it again', async () => {
    const path = '/api/catalog/pages/kids'
    await settled(path, env)
    const made = (await env.CACHE.get<CachedEntry<PageComposition>>(pageKey(await currentHash(), 'kids'), 'json'))!

    // What composing it again costs when nothing but the stale page is kept anywhere.
    const once = counted()
    const first = await newDataHash()
    await putStale(pageKey(first, 'kids'), made)
    expect(titleOf(await settled(path, once.bindings))).toBe('Stale copy')
    const composition = once.catalog.queries()
    expect(composition).toBeGreaterThan(10)
    expect(once.kv.writes.filter((k) => k === pageKey(first, 'kids'))).toHaveLength(1)
    expect(titleOf(await settled(path, env))).not.toBe('Stale copy')

    const many = counted()
    const second = await newDataHash()
    await putStale(pageKey(second, 'kids'), made)
    const answers = await Promise.all(Array.from({ length: 8 }, () => settled(path, many.bindings)))
    expect(answers.map(titleOf)).toEqual(Array(8).fill('Stale copy'))
    expect(many.flights.claims('granted', pageKey(second, 'kids'))).toBe(1)
    expect(many.flights.claims('busy', pageKey(second, 'kids'))).toBe(7)
    expect(many.kv.writes.filter((k) => k === pageKey(second, 'kids'))).toHaveLength(1)
    expect(many.catalog.queries()).toBe(composition)
    expect(many.accounts.queries()).toBe(0)
  }, TIMEOUT_MS)

  it('is composed once even when the requests come from isolates that share nothing', async () => {
    const path = '/api/catalog/pages/genres'
    await settled(path, env)
    const made = (await env.CACHE.get<CachedEntry<PageComposition>>(pageKey(await currentHash(), 'genres'), 'json'))!
    const once = counted()
    const first = await newDataHash()
    await putStale(pageKey(first, 'genres'), made)
    await settled(path, once.bindings)
    const composition = once.catalog.queries()
    expect(composition).toBeGreaterThan(10)

    // Slow statements hold the first composition open while other isolates, one after another, ask.
    const many = counted(100)
    const second = await newDataHash()
    await putStale(pageKey(second, 'genres'), made)
    const opening = settled(path, many.bindings)
    await until(() => many.flights.claims('granted', pageKey(second, 'genres')) === 1)
    const others: string[] = []
    for (let n = 0; n < 4; n++) {
      forgetIsolateMemos()
      others.push(await settled(path, many.bindings))
    }
    const answers = [await opening, ...others]
    expect(answers.map(titleOf)).toEqual(Array(5).fill('Stale copy'))
    expect(many.flights.claims('granted', pageKey(second, 'genres'))).toBe(1)
    expect(many.flights.claims('busy', pageKey(second, 'genres'))).toBe(4)
    expect(many.catalog.queries()).toBe(composition)
    expect(many.kv.writes.filter((k) => k === pageKey(second, 'genres'))).toHaveLength(1)
    forgetIsolateMemos()
    expect(titleOf(await settled(path, env))).not.toBe('Stale copy')
  }, TIMEOUT_MS)
})

describe('a composed page no worker has composed yet', () => {
  it('is composed by one request while the others wait for its answer', async () => {
    const path = '/api/catalog/pages/tv?service=crunchyroll'
    const once = counted()
    await newDataHash()
    await settled(path, once.bindings)
    const composition = once.catalog.queries()
    expect(composition).toBeGreaterThan(10)

    const many = counted(5)
    const hash = await newDataHash()
    const key = pageKey(hash, 'tv', 'crunchyroll')
    const answers = await Promise.all(Array.from({ length: 6 }, () => settled(path, many.bindings)))
    expect(new Set(answers).size).toBe(1)
    expect(many.flights.claims('granted', key)).toBe(1)
    expect(many.flights.claims('made', key)).toBe(5)
    expect(many.kv.writes.filter((k) => k === key)).toHaveLength(1)
    expect(many.catalog.queries()).toBe(composition)
  }, TIMEOUT_MS)
})

describe('the lease', () => {
  it('is given to one asker at a time, and again to another when its holder never gives it back', async () => {
    const flight = env.SINGLE_FLIGHT.get(env.SINGLE_FLIGHT.idFromName('test:abandoned-lease'))
    const copyMadeAt = Date.now() - 60_000
    const first = await flight.claim(copyMadeAt, 30_000)
    expect(first.kind).toBe('granted')
    expect((await flight.claim(copyMadeAt, 30_000)).kind).toBe('busy')
    // The holder's request went away without releasing it: after 30 s someone else may try.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 31_000)
    const second = await flight.claim(copyMadeAt, 30_000)
    expect(second.kind).toBe('granted')
    // A late release of the first lease leaves the second standing; its answer is handed out as the newest.
    if (first.kind !== 'granted' || second.kind !== 'granted') return
    const lateAt = Date.now()
    await flight.release(first.token, JSON.stringify({ data: 'late', fetchedAt: lateAt }), lateAt)
    expect((await flight.claim(lateAt + 1, 30_000)).kind).toBe('busy')
    expect(await flight.claim(lateAt - 1, 30_000)).toEqual({ kind: 'made', entry: JSON.stringify({ data: 'late', fetchedAt: lateAt }) })
    await flight.release(second.token, null, 0)
    expect((await flight.claim(lateAt + 1, 30_000)).kind).toBe('granted')
  })
})

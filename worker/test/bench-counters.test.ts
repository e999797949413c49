// The D1 counters of the bench's load model (worker/lib/bench-counters.ts): off unless the bench's
// variable is set, so production and every other run get their bindings untouched and no
// counters' address; on, they count the same statements a wrapper on the binding sees.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import app from '../index'
import { withBenchCounters } from '../lib/bench-counters'
import { createUser, ORIGIN, PASSWORD, uniqueEmail, uniqueUsername } from './helpers/accounts'
import { countD1 } from './helpers/d1-counter'
import { storeStub } from './helpers/stores'

async function send(bindings: Cloudflare.Env, url: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(url, init), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

interface Counts {
  d1: Record<'DB' | 'CATALOG', { queries: number; writes: number }>
}

async function counts(bindings: Cloudflare.Env): Promise<Counts> {
  const res = await send(bindings, `${ORIGIN}/api/dev/counters`)
  expect(res.status).toBe(200)
  return res.json<Counts>()
}

describe('the bench counters, off', () => {
  it('leave the bindings untouched and have no address, in the worker and in an account store', async () => {
    expect(env.BENCH_COUNTERS).toBeUndefined()
    expect(withBenchCounters(env)).toBe(env)
    const res = await send(env, `${ORIGIN}/api/dev/counters`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: expect.any(String) })
    const viewer = await createUser()
    await runInDurableObject(storeStub('user', viewer.id), (instance) => {
      expect((instance as unknown as { env: Cloudflare.Env }).env.DB).toBe(env.DB)
    })
  })
})

describe('the bench counters, on', () => {
  it('count every statement of each database, and its writes, as a wrapper on the binding does', async () => {
    const accounts = countD1(env.DB)
    const catalog = countD1(env.CATALOG)
    const bindings = { ...env, DB: accounts.db, CATALOG: catalog.db, BENCH_COUNTERS: '1' } as Cloudflare.Env
    const before = await counts(bindings)
    const email = uniqueEmail()
    const signup = await send(bindings, `${ORIGIN}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.61' },
      body: JSON.stringify({ email, username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD }),
    })
    expect(signup.status).toBe(201)
    expect((await send(bindings, `${ORIGIN}/api/catalog/search?query=knight`)).status).toBe(200)
    const after = await counts(bindings)
    expect(accounts.writes()).toBeGreaterThan(0)
    expect(catalog.queries()).toBeGreaterThan(0)
    expect(after.d1.DB.queries - before.d1.DB.queries).toBe(accounts.queries())
    expect(after.d1.DB.writes - before.d1.DB.writes).toBe(accounts.writes())
    expect(after.d1.CATALOG.queries - before.d1.CATALOG.queries).toBe(catalog.queries())
    expect(after.d1.CATALOG.writes - before.d1.CATALOG.writes).toBe(0)
  })

  it('tell the rows the catalogue’s reads read since a given read, as D1 reports them', async () => {
    const bindings = { ...env, BENCH_COUNTERS: '1' } as Cloudflare.Env
    const before = (await (await send(bindings, `${ORIGIN}/api/dev/counters`)).json<{ catalogReads: number }>()).catalogReads
    expect((await send(bindings, `${ORIGIN}/api/catalog/search?query=night`)).status).toBe(200)
    const after = (await (await send(bindings, `${ORIGIN}/api/dev/counters`)).json<{ catalogReads: number }>()).catalogReads
    expect(after).toBeGreaterThan(before)
    const res = await send(bindings, `${ORIGIN}/api/dev/counters/catalog-rows?from=${before}`)
    expect(res.status).toBe(200)
    expect((await res.json<{ rowsRead: number }>()).rowsRead).toBeGreaterThan(0)
    expect((await send(bindings, `${ORIGIN}/api/dev/counters/catalog-rows?from=-1`)).status).toBe(400)
    expect((await send(env, `${ORIGIN}/api/dev/counters/catalog-rows?from=0`)).status).toBe(404)
  })

  it('answer on loopback origins only', async () => {
    const res = await send({ ...env, BENCH_COUNTERS: '1' } as Cloudflare.Env, 'https://reelhouse.example/api/dev/counters')
    expect(res.status).toBe(404)
  })
})

describe("the bench's empty store call", () => {
  it('reaches the signed-in account’s store under the counters only, on loopback only, and touches no D1', async () => {
    const viewer = await createUser()
    const headers = { cookie: viewer.cookie }
    expect((await send(env, `${ORIGIN}/api/dev/store-call`, { headers })).status).toBe(404)
    const accounts = countD1(env.DB)
    const bindings = { ...env, DB: accounts.db, BENCH_COUNTERS: '1' } as Cloudflare.Env
    expect((await send(bindings, 'https://reelhouse.example/api/dev/store-call', { headers })).status).toBe(404)
    expect((await send(bindings, `${ORIGIN}/api/dev/store-call`)).status).toBe(401)
    const res = await send(bindings, `${ORIGIN}/api/dev/store-call`, { headers })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ here: true })
    expect(accounts.queries()).toBe(0)
  })
})

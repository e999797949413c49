/**
 * Requests through the real app for tests that need more than `exports.default.fetch` gives:
 * other bindings (a D1 that must not be used, another configuration), and a return only once the
 * work the request left running (waitUntil: cache writes) has finished, so the next request sees
 * what this one left behind.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import app from '../../index'

export interface SettledAnswer {
  status: number
  headers: Headers
  text: string
}

export async function settledFetch(path: string, bindings: Cloudflare.Env = env): Promise<SettledAnswer> {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`http://localhost${path}`), bindings, ctx)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  return { status: res.status, headers: res.headers, text }
}

/** A D1 binding that fails the request the moment anything asks it for data. */
export const untouchableDb = new Proxy({} as D1Database, {
  get(_target, property) {
    throw new Error(`D1 was used (${String(property)}) where the answer should have come from a cache`)
  },
})

/** The test bindings with D1 databases (accounts and catalogue) that must not be used. */
export function withoutD1(): Cloudflare.Env {
  return { ...env, DB: untouchableDb, CATALOG: untouchableDb }
}

/**
 * Helpers for the accounts' stores (worker/accounts/store.ts) in workerd tests: write every store's
 * pending D1 copy now (what their alarms would do within seconds or minutes), read a store's own
 * tables, and move the clock past the minute a confirmed session token is taken at its word.
 */
import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { vi } from 'vitest'
import type { AccountStore } from '../../accounts/store'
import type { OwnerType } from '../../../drizzle/schema'
import { SESSION_CHECK_SECONDS } from '../../auth/session'

export function storeStub(type: OwnerType, id: number): DurableObjectStub<AccountStore> {
  return env.ACCOUNTS.get(env.ACCOUNTS.idFromName(`${type}:${id}`))
}

/** Runs every store's alarm that is set: their copies reach D1 now. */
export async function flushCopies(): Promise<void> {
  for (const id of await listDurableObjectIds(env.ACCOUNTS)) await runDurableObjectAlarm(env.ACCOUNTS.get(id))
}

/** Rows of one of the store's own tables, as SQLite holds them. */
export async function storeRows<T = Record<string, unknown>>(type: OwnerType, id: number, query: string, ...params: unknown[]): Promise<T[]> {
  return runInDurableObject(storeStub(type, id), (_instance, state) => state.storage.sql.exec(query, ...params).toArray() as T[])
}

/** The store's own tables (SQLite's and the runtime's left out): none once the account is deleted. */
export async function storeTables(type: OwnerType, id: number): Promise<string[]> {
  return runInDurableObject(storeStub(type, id), (_instance, state) =>
    state.storage.sql
      .exec("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like '\\_cf\\_%' escape '\\'")
      .toArray()
      .map((row) => String(row.name)),
  )
}

/** Runs `fn` with the clock moved past the minute a confirmed token is trusted, then puts it back. */
export async function laterThanSessionCheck<T>(fn: () => Promise<T>, extraSeconds = 1): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + (SESSION_CHECK_SECONDS + extraSeconds) * 1000)
  try {
    return await fn()
  } finally {
    vi.useRealTimers()
  }
}

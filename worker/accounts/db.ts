/**
 * The Drizzle handles account queries take as their first argument: `Db` for D1 (what every
 * account shares: users, lists, passkeys, the figures), `StoreDb` for one account's Durable Object
 * (its sessions, watchlist, history and services: worker/accounts/store.ts).
 */
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1'
import type { DrizzleSqliteDODatabase } from 'drizzle-orm/durable-sqlite'

export type Db = DrizzleD1Database
export type StoreDb = DrizzleSqliteDODatabase

export function database(d1: D1Database): Db {
  return drizzle(d1)
}

/** Whether a D1 statement failed on a unique index (the message may sit in the error's cause). */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed/i.test(`${err.message} ${String(err.cause ?? '')}`)
}

export function nowIso(): string {
  return new Date().toISOString()
}

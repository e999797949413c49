/** The Drizzle handle every account query takes as its first argument. */
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1'

export type Db = DrizzleD1Database

export function database(d1: D1Database): Db {
  return drizzle(d1)
}

export function nowIso(): string {
  return new Date().toISOString()
}

/**
 * What the administrators' dashboard reads and changes: live figures from D1 and KV, the user
 * list, bans and the account export. Nothing here is sample data.
 */
import { count, desc, eq, gte, max, sql } from 'drizzle-orm'
import { adminUsers, users, watchHistory, watchlist } from '../../drizzle/schema'
import { CATALOG_CACHE_PREFIX } from '../cache'
import { withoutPassword, type PublicUser } from './accounts'
import { nowIso, type Db } from './db'
import { deleteAllSessions } from './sessions'

export const USERS_PAGE_SIZE = 20
const DAY_MS = 24 * 60 * 60 * 1000
const SIGNUP_DAYS = 30
const TOP_TITLES = 10

export interface TitleCount {
  content_type: 'movie' | 'tv'
  content_id: number
  title: string
  poster_path: string | null
  count: number
}

export interface DashboardStats {
  users: number
  admins: number
  activeUsers7d: number
  activeUsers30d: number
  signupsPerDay: { date: string; count: number }[]
  watchlistEntries: number
  historyEntries: number
  mostWatched: TitleCount[]
  mostSaved: TitleCount[]
  catalogCacheKeys: number
}

/** The last `days` UTC dates, oldest first, each with its count (0 when nobody signed up). */
export function fillDays(counts: { day: string; count: number }[], days: number, now: number): { date: string; count: number }[] {
  const byDay = new Map(counts.map((row) => [row.day, row.count]))
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(now - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10)
    return { date, count: byDay.get(date) ?? 0 }
  })
}

export async function countCacheKeys(cache: KVNamespace, prefix: string): Promise<number> {
  let total = 0
  let cursor: string | undefined
  do {
    const page = await cache.list({ prefix, cursor })
    total += page.keys.length
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return total
}

/** Deletes every key under the prefix and answers how many there were. */
export async function purgeCacheKeys(cache: KVNamespace, prefix: string): Promise<number> {
  let total = 0
  let cursor: string | undefined
  do {
    const page = await cache.list({ prefix, cursor })
    await Promise.all(page.keys.map((key) => cache.delete(key.name)))
    total += page.keys.length
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return total
}

export async function dashboardStats(db: Db, cache: KVNamespace, now = Date.now()): Promise<DashboardStats> {
  const since = (days: number) => new Date(now - days * DAY_MS).toISOString()
  const firstSignupDay = new Date(now - (SIGNUP_DAYS - 1) * DAY_MS).toISOString().slice(0, 10)
  const signupDay = sql<string>`substr(${users.created_at}, 1, 10)`

  const topOf = (table: typeof watchlist | typeof watchHistory, latest: typeof watchlist.added_at | typeof watchHistory.watched_at) =>
    db
      .select({
        content_type: table.content_type,
        content_id: table.content_id,
        title: max(table.title).mapWith(String),
        poster_path: max(table.poster_path),
        count: count(),
      })
      .from(table)
      .groupBy(table.content_type, table.content_id)
      .orderBy(desc(count()), desc(max(latest)))
      .limit(TOP_TITLES)

  // The KV listing runs beside the D1 batch rather than after it.
  const [catalogCacheKeys, [userCount, adminCount, active7, active30, signups, savedCount, watchedCount, mostWatched, mostSaved]] = await Promise.all([
    countCacheKeys(cache, CATALOG_CACHE_PREFIX),
    db.batch([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(adminUsers),
      db.select({ n: count() }).from(users).where(gte(users.last_login, since(7))),
      db.select({ n: count() }).from(users).where(gte(users.last_login, since(30))),
      db
        .select({ day: signupDay, count: count() })
        .from(users)
        .where(gte(users.created_at, firstSignupDay))
        .groupBy(signupDay),
      db.select({ n: count() }).from(watchlist),
      db.select({ n: count() }).from(watchHistory),
      topOf(watchHistory, watchHistory.watched_at),
      topOf(watchlist, watchlist.added_at),
    ]),
  ])

  return {
    users: userCount[0]?.n ?? 0,
    admins: adminCount[0]?.n ?? 0,
    activeUsers7d: active7[0]?.n ?? 0,
    activeUsers30d: active30[0]?.n ?? 0,
    signupsPerDay: fillDays(signups, SIGNUP_DAYS, now),
    watchlistEntries: savedCount[0]?.n ?? 0,
    historyEntries: watchedCount[0]?.n ?? 0,
    mostWatched,
    mostSaved,
    catalogCacheKeys,
  }
}

export interface AdminUserRow {
  id: number
  email: string
  username: string | null
  role: 'user'
  joined: string
  lastActive: string | null
  is_active: boolean
  watchlistCount: number
}

export interface UsersPage {
  results: AdminUserRow[]
  page: number
  total_pages: number
  total_results: number
}


/** Newest accounts first, 20 a page, optionally filtered by a piece of the e-mail or username. */
export async function listUsers(db: Db, q: string, page: number): Promise<UsersPage> {
  // instr(), not LIKE: a pattern is limited to 50 bytes in D1, and q has no wildcards to escape
  const needle = q.toLowerCase()
  const matches = q ? sql`(instr(lower(${users.email}), ${needle}) > 0 or instr(lower(coalesce(${users.username}, '')), ${needle}) > 0)` : undefined
  // written out in full: inside a one-table select Drizzle leaves column names unqualified,
  // and an unqualified "id" here would mean the watchlist row's own id
  const watchlistCount = sql<number>`(select count(*) from "watchlist" as "w" where "w"."owner_type" = 'user' and "w"."owner_id" = "users"."id")`
  const [rows, total] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        joined: users.created_at,
        lastActive: users.last_login,
        is_active: users.is_active,
        watchlistCount: watchlistCount.mapWith(Number),
      })
      .from(users)
      .where(matches)
      .orderBy(desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(matches),
  ])
  const totalResults = total[0]?.n ?? 0
  return {
    results: rows.map((row) => ({ ...row, role: 'user' as const })),
    page,
    total_pages: Math.max(1, Math.ceil(totalResults / USERS_PAGE_SIZE)),
    total_results: totalResults,
  }
}

/** Bans or unbans a user; a ban also deletes every session, so it takes effect at once. */
export async function setUserActive(db: Db, id: number, active: boolean): Promise<PublicUser | undefined> {
  const row = await db.update(users).set({ is_active: active, updated_at: nowIso() }).where(eq(users.id, id)).returning().get()
  if (!row) return undefined
  if (!active) await deleteAllSessions(db, 'user', id)
  return withoutPassword(row)
}

export async function exportAccounts(db: Db) {
  const [userRows, adminRows, watchlistRows, historyRows] = await db.batch([
    db.select().from(users).orderBy(users.id),
    db.select().from(adminUsers).orderBy(adminUsers.id),
    db.select().from(watchlist).orderBy(watchlist.id),
    db.select().from(watchHistory).orderBy(watchHistory.id),
  ])
  return {
    exported_at: nowIso(),
    users: userRows.map(withoutPassword),
    admin_users: adminRows.map(withoutPassword),
    watchlist: watchlistRows,
    watch_history: historyRows,
  }
}


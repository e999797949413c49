/**
 * What the administrators' dashboard reads and changes: live figures from D1 (the tables its
 * triggers keep) and KV, the user list and search (index ranges and keyset pages, so a request
 * reads a few hundred rows at most whatever the number of accounts), bans and the account export.
 * Nothing here is sample data.
 */
import { and, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import { accountTotals, adminUsers, loginDays, signupDays, titleFigures, userFigures, users, watchHistory, watchlist } from '../../drizzle/schema'
import { CATALOG_CACHE_PREFIX } from '../cache'
import { withoutPassword, type PublicUser } from './accounts'
import { nowIso, type Db } from './db'

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

/** The first day of the last `days` UTC days, today included (YYYY-MM-DD). */
function firstDay(now: number, days: number): string {
  return new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The dashboard's figures from the tables the triggers keep (migrations/0012_...): a few rows of
 * totals, one row a day for sign-ups and sign-ins, and the top 10 titles from their index. Active
 * users are those whose last sign-in fell on one of the last 7 (or 30) UTC days, today included.
 */
export async function dashboardStats(db: Db, cache: KVNamespace, now = Date.now()): Promise<DashboardStats> {
  const top = (column: 'watched' | 'saved') => {
    const latest = column === 'watched' ? titleFigures.last_watched_at : titleFigures.last_saved_at
    return db
      .select({
        content_type: titleFigures.content_type,
        content_id: titleFigures.content_id,
        title: titleFigures.title,
        poster_path: titleFigures.poster_path,
        count: titleFigures[column],
      })
      .from(titleFigures)
      .where(gt(titleFigures[column], 0))
      .orderBy(desc(titleFigures[column]), desc(latest))
      .limit(TOP_TITLES)
  }

  // The KV listing runs beside the D1 batch rather than after it.
  const [catalogCacheKeys, [totals, logins, signups, mostWatched, mostSaved]] = await Promise.all([
    countCacheKeys(cache, CATALOG_CACHE_PREFIX),
    db.batch([
      db.select().from(accountTotals),
      db.select().from(loginDays).where(gte(loginDays.day, firstDay(now, 30))),
      db.select().from(signupDays).where(gte(signupDays.day, firstDay(now, SIGNUP_DAYS))),
      top('watched'),
      top('saved'),
    ]),
  ])
  const total = (name: string) => Math.max(0, totals.find((row) => row.name === name)?.count ?? 0)
  const activeSince = (days: number) => logins.filter((row) => row.day >= firstDay(now, days)).reduce((sum, row) => sum + Math.max(0, row.count), 0)

  return {
    users: total('users'),
    admins: total('admins'),
    activeUsers7d: activeSince(7),
    activeUsers30d: activeSince(30),
    signupsPerDay: fillDays(signups, SIGNUP_DAYS, now),
    watchlistEntries: total('watchlist'),
    historyEntries: total('watch_history'),
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
  profileCount: number
}

export interface UsersPage {
  results: AdminUserRow[]
  page: number
  total_pages: number
  total_results: number
  /** True when there are more matches than the count went on to: total_results is then a floor. */
  total_capped: boolean
  /** Where the next page starts (`after`), or null on the last page. */
  next: string | null
}

/** A search counts its matches this far and no further: the count reads a bounded number of rows. */
export const SEARCH_COUNT_CAP = 100

/**
 * The smallest text greater than every text that starts with `prefix` (SQLite compares text by
 * code point): a prefix becomes an index range.
 */
export function prefixEnd(prefix: string): string {
  const points = Array.from(prefix)
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!
    if (last < 0x10ffff) {
      const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1
      return points.join('') + String.fromCodePoint(next)
    }
  }
  return '\u{10FFFF}'.repeat(2)
}

/** SQLite's lower() changes only A to Z: the needle is lowered the same way, so it meets the index. */
function sqliteLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())
}

const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  joined: users.created_at,
  lastActive: users.last_login,
  is_active: users.is_active,
  watchlistCount: sql<number>`coalesce(${userFigures.watchlist}, 0)`.mapWith(Number),
  profileCount: sql<number>`coalesce(${userFigures.profiles}, 1)`.mapWith(Number),
}

function rowsOf(rows: Omit<AdminUserRow, 'role'>[]): AdminUserRow[] {
  return rows.map((row) => ({ ...row, role: 'user' as const }))
}

/**
 * Newest accounts first, 20 a page: each page starts below the last id of the one before
 * (`after`), so a page reads its 20 rows whatever its number.
 */
async function newestUsers(db: Db, after: number | null, page: number): Promise<UsersPage> {
  const [rows, totals] = await db.batch([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(userFigures, eq(userFigures.user_id, users.id))
      .where(after === null ? undefined : lt(users.id, after))
      .orderBy(desc(users.id))
      .limit(USERS_PAGE_SIZE + 1),
    db.select().from(accountTotals).where(eq(accountTotals.name, 'users')),
  ])
  const total = Math.max(0, totals[0]?.count ?? 0)
  const shown = rows.slice(0, USERS_PAGE_SIZE)
  return {
    results: rowsOf(shown),
    page,
    total_pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    total_results: total,
    total_capped: false,
    next: rows.length > USERS_PAGE_SIZE ? String(shown.at(-1)!.id) : null,
  }
}

/**
 * Accounts whose e-mail or username starts with `q` (case set aside, taken literally), in the
 * order of the text that matched: two index ranges, one on lower(email) and one on lower(username),
 * merged. An e-mail always holds an @ and a username never does, so no two matches tie; a user
 * whose e-mail and username both match is listed once, for the e-mail. `after` is the last text
 * of the page before. The count stops at SEARCH_COUNT_CAP.
 */
async function searchUsers(db: Db, q: string, after: string | null, page: number): Promise<UsersPage> {
  const needle = sqliteLower(q)
  const end = prefixEnd(needle)
  const from = after !== null && after > needle ? after : needle
  const strictlyAfter = after !== null && after >= needle
  const email = sql<string>`lower(${users.email})`
  const username = sql<string>`lower(${users.username})`
  const emailMatches = and(gte(email, needle), lt(email, end))
  const byEmail = db
    .select({ id: users.id, term: email })
    .from(users)
    .where(and(strictlyAfter ? gt(email, from) : gte(email, from), lt(email, end)))
    .orderBy(email)
    .limit(USERS_PAGE_SIZE + 1)
  const byName = db
    .select({ id: users.id, term: username, alsoEmail: sql<number>`${emailMatches}`.mapWith(Number) })
    .from(users)
    .where(and(strictlyAfter ? gt(username, from) : gte(username, from), lt(username, end)))
    .orderBy(username)
    .limit(USERS_PAGE_SIZE * 2 + 1)
  const countEmail = db.select({ n: count() }).from(db.select({ one: sql`1` }).from(users).where(emailMatches).limit(SEARCH_COUNT_CAP + 1).as('e'))
  const nameScan = db
    .select({ also: sql<number>`${emailMatches}`.as('also') })
    .from(users)
    .where(and(gte(username, needle), lt(username, end)))
    .limit(SEARCH_COUNT_CAP + 1)
    .as('u')
  const countName = db.select({ n: count(), also: sql<number>`coalesce(sum(${nameScan.also}), 0)`.mapWith(Number) }).from(nameScan)
  const [emails, names, emailCount, nameCount] = await db.batch([byEmail, byName, countEmail, countName])

  // A stream that returned its whole limit may hold more past its last row: the page goes no further.
  const frontier = (rows: { term: string }[], limit: number) => (rows.length >= limit ? rows.at(-1)!.term : null)
  const limits = [frontier(emails, USERS_PAGE_SIZE + 1), frontier(names, USERS_PAGE_SIZE * 2 + 1)].filter((t): t is string => t !== null)
  const stop = limits.length ? limits.reduce((a, b) => (a < b ? a : b)) : null
  const merged = [...emails, ...names.filter((row) => !row.alsoEmail)]
    .filter((row) => stop === null || row.term <= stop)
    .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
  const taken = merged.slice(0, USERS_PAGE_SIZE)
  const more = merged.length > USERS_PAGE_SIZE || stop !== null
  const next = more ? (taken.at(-1)?.term ?? stop) : null

  const rows = taken.length
    ? await db
        .select(userColumns)
        .from(users)
        .leftJoin(userFigures, eq(userFigures.user_id, users.id))
        .where(inArray(users.id, taken.map((row) => row.id)))
        .all()
    : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const emailTotal = emailCount[0]?.n ?? 0
  const nameTotal = (nameCount[0]?.n ?? 0) - (nameCount[0]?.also ?? 0)
  const capped = emailTotal > SEARCH_COUNT_CAP || (nameCount[0]?.n ?? 0) > SEARCH_COUNT_CAP || emailTotal + nameTotal > SEARCH_COUNT_CAP
  const total = Math.min(emailTotal + nameTotal, SEARCH_COUNT_CAP)
  return {
    results: rowsOf(taken.map((row) => byId.get(row.id)).filter((row) => row !== undefined)),
    page,
    total_pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    total_results: total,
    total_capped: capped,
    next,
  }
}

export async function listUsers(db: Db, q: string, after: string | null, page: number): Promise<UsersPage> {
  if (q) return searchUsers(db, q, after, page)
  const id = after === null ? null : Number(after)
  return newestUsers(db, id !== null && Number.isSafeInteger(id) ? id : null, page)
}

/**
 * Bans or unbans a user in D1, which sign-in reads; the route then tells the account's store,
 * which ends its sessions.
 */
export async function setUserActive(db: Db, id: number, active: boolean): Promise<PublicUser | undefined> {
  const row = await db.update(users).set({ is_active: active, updated_at: nowIso() }).where(eq(users.id, id)).returning().get()
  return row ? withoutPassword(row) : undefined
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


/**
 * Session rows, one per signed-in browser, in the account's own store (worker/accounts/store.ts).
 * The signed cookie names a row; deleting the row (sign-out, password change, ban) ends the
 * session the next time the cookie is confirmed (worker/auth/guards.ts).
 */
import { and, desc, eq, gt, lte, ne } from 'drizzle-orm'
import { storeSessions, type StoreSession } from '../../drizzle/account-store'
import { nowIso, type StoreDb } from './db'
import { digestHex } from '../lib/digest'

export interface NewSession {
  id: string
  expiresAt: string
  userAgent: string | null
  secondFactor?: string | null
  createdAt?: string
  lastSeenAt?: string
  /** The profile it watches as; 0 until chosen, the account's own unless said. */
  profileId?: number
}

export function insertSession(db: StoreDb, session: NewSession): void {
  const now = nowIso()
  db.insert(storeSessions)
    .values({
      id: session.id,
      created_at: session.createdAt ?? now,
      last_seen_at: session.lastSeenAt ?? now,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      second_factor: session.secondFactor ?? null,
      profile_id: session.profileId ?? 1,
    })
    .onConflictDoNothing()
    .run()
}

/** last_seen_at is kept to the hour, so a session costs one write an hour, not one a confirmation. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000

/** The session, only while it exists and has not expired. */
export function findLiveSession(db: StoreDb, id: string): StoreSession | undefined {
  return db
    .select()
    .from(storeSessions)
    .where(and(eq(storeSessions.id, id), gt(storeSessions.expires_at, nowIso())))
    .get()
}

/** Stamps last_seen_at when the stored value is more than LAST_SEEN_RESOLUTION_MS old. */
export function touchSession(db: StoreDb, session: StoreSession): void {
  if (Date.now() - Date.parse(session.last_seen_at) < LAST_SEEN_RESOLUTION_MS) return
  db.update(storeSessions).set({ last_seen_at: nowIso() }).where(eq(storeSessions.id, session.id)).run()
}

/** Records that the session passed the second factor, and how; false when there is no such session. */
export function markSecondFactor(db: StoreDb, id: string, how: 'passkey' | 'totp' | 'recovery'): boolean {
  return db.update(storeSessions).set({ second_factor: how }).where(eq(storeSessions.id, id)).returning({ id: storeSessions.id }).all().length > 0
}

export function deleteSession(db: StoreDb, id: string): void {
  db.delete(storeSessions).where(eq(storeSessions.id, id)).run()
}

/** Every session, or every one but `keepId`. */
export function deleteSessions(db: StoreDb, keepId: string | null = null): void {
  db.delete(storeSessions)
    .where(keepId ? ne(storeSessions.id, keepId) : undefined)
    .run()
}

/** Housekeeping at sign-in so expired rows do not pile up. */
export function deleteExpiredSessions(db: StoreDb): void {
  db.delete(storeSessions).where(lte(storeSessions.expires_at, nowIso())).run()
}

/** A session as its owner sees it: never the row id itself (the cookie's secret half), only its digest. */
export interface SessionView {
  id: string
  device: string
  created_at: string
  last_seen_at: string
  current: boolean
}

/** A stable public name for a session row: the first 32 hex digits of SHA-256 of its id. */
export async function publicSessionId(id: string): Promise<string> {
  return (await digestHex(id)).slice(0, 32)
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

/** "Firefox on Windows" from a User-Agent; "Unknown device" when it names neither. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Unknown device'
}

/** The unexpired sessions, most recently seen first (at most 100). */
export function liveSessions(db: StoreDb): StoreSession[] {
  return db
    .select()
    .from(storeSessions)
    .where(gt(storeSessions.expires_at, nowIso()))
    .orderBy(desc(storeSessions.last_seen_at), desc(storeSessions.created_at))
    .limit(100)
    .all()
}

/** The unexpired sessions: the one asking first (marked current), then the most recently seen. */
export async function listSessions(db: StoreDb, currentId: string): Promise<SessionView[]> {
  const rows = liveSessions(db)
  rows.sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId))
  return Promise.all(
    rows.map(async (row) => ({
      id: await publicSessionId(row.id),
      device: describeDevice(row.user_agent),
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      current: row.id === currentId,
    })),
  )
}

/** Ends the session with this public id; answers the row id it ended, or null when there is none such. */
export async function deleteSessionByPublicId(db: StoreDb, publicId: string): Promise<string | null> {
  const rows = db.select({ id: storeSessions.id }).from(storeSessions).all()
  for (const row of rows) {
    if ((await publicSessionId(row.id)) === publicId) {
      deleteSession(db, row.id)
      return row.id
    }
  }
  return null
}

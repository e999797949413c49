/**
 * Session rows: one per signed-in browser. The signed cookie only names a row, so deleting the
 * row (sign-out, password change, ban) revokes the session at the next request.
 */
import { and, desc, eq, gt, lte, ne } from 'drizzle-orm'
import { adminUsers, sessions, users, type OwnerType } from '../../drizzle/schema'
import { nowIso, type Db } from './db'
import { digestHex } from '../lib/digest'

export interface NewSession {
  id: string
  ownerType: OwnerType
  ownerId: number
  expiresAt: string
  userAgent: string | null
  secondFactor?: string | null
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insert(sessions)
    .values({
      id: session.id,
      owner_type: session.ownerType,
      owner_id: session.ownerId,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      second_factor: session.secondFactor ?? null,
    })
    .run()
}

export interface LiveSession {
  email: string
  lastSeenAt: string
  secondFactor: string | null
}

/** last_seen_at is kept to the hour, so a session costs one write an hour, not one a request. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000

/**
 * The session named by a verified token, only while the row exists, has not expired and its
 * account is still active: a ban or a deleted row stops the session on the very next request.
 */
export async function findLiveSession(db: Db, id: string, ownerType: OwnerType, ownerId: number): Promise<LiveSession | undefined> {
  const now = nowIso()
  const owner = ownerType === 'user' ? users : adminUsers
  return db
    .select({ email: owner.email, lastSeenAt: sessions.last_seen_at, secondFactor: sessions.second_factor })
    .from(sessions)
    .innerJoin(owner, eq(owner.id, sessions.owner_id))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.owner_type, ownerType),
        eq(sessions.owner_id, ownerId),
        gt(sessions.expires_at, now),
        eq(owner.is_active, true),
      ),
    )
    .get()
}

/** Stamps last_seen_at when the stored value is more than LAST_SEEN_RESOLUTION_MS old. */
export async function touchSession(db: Db, id: string, lastSeenAt: string): Promise<void> {
  if (Date.now() - Date.parse(lastSeenAt) < LAST_SEEN_RESOLUTION_MS) return
  await db.update(sessions).set({ last_seen_at: nowIso() }).where(eq(sessions.id, id)).run()
}

/** Records that the session passed the second factor, and how. */
export async function markSecondFactor(db: Db, id: string, how: 'passkey' | 'totp' | 'recovery'): Promise<void> {
  await db.update(sessions).set({ second_factor: how }).where(eq(sessions.id, id)).run()
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id)).run()
}

export async function deleteOtherSessions(db: Db, ownerType: OwnerType, ownerId: number, keepId: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.owner_type, ownerType), eq(sessions.owner_id, ownerId), ne(sessions.id, keepId)))
    .run()
}

export async function deleteAllSessions(db: Db, ownerType: OwnerType, ownerId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.owner_type, ownerType), eq(sessions.owner_id, ownerId))).run()
}

/** Housekeeping at sign-in so an account's expired rows do not pile up. */
export async function deleteExpiredSessions(db: Db, ownerType: OwnerType, ownerId: number): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.owner_type, ownerType), eq(sessions.owner_id, ownerId), lte(sessions.expires_at, nowIso())))
    .run()
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

/** The account's unexpired sessions: the one asking first (marked current), then the most recently seen. */
export async function listSessions(db: Db, ownerType: OwnerType, ownerId: number, currentId: string): Promise<SessionView[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.owner_type, ownerType), eq(sessions.owner_id, ownerId), gt(sessions.expires_at, nowIso())))
    .orderBy(desc(sessions.last_seen_at), desc(sessions.created_at))
    .limit(100)
    .all()
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

/** Ends the account's session with this public id; answers the row id it ended, or null when the account has none such. */
export async function deleteSessionByPublicId(db: Db, ownerType: OwnerType, ownerId: number, publicId: string): Promise<string | null> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.owner_type, ownerType), eq(sessions.owner_id, ownerId)))
    .all()
  for (const row of rows) {
    if ((await publicSessionId(row.id)) === publicId) {
      await deleteSession(db, row.id)
      return row.id
    }
  }
  return null
}

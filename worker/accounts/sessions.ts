/**
 * Session rows: one per signed-in browser. The signed cookie only names a row, so deleting the
 * row (sign-out, password change, ban) revokes the session at the next request.
 */
import { and, eq, gt, lte, ne } from 'drizzle-orm'
import { adminUsers, sessions, users, type OwnerType } from '../../drizzle/schema'
import { nowIso, type Db } from './db'

export interface NewSession {
  id: string
  ownerType: OwnerType
  ownerId: number
  expiresAt: string
  userAgent: string | null
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
    })
    .run()
}

export interface LiveSession {
  email: string
  lastSeenAt: string
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
    .select({ email: owner.email, lastSeenAt: sessions.last_seen_at })
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

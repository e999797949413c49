/**
 * Invitations to become an administrator. An administrator names an e-mail address; the invitee
 * gets a link with 32 random bytes, of which only the SHA-256 is stored. The link works once and
 * for 24 hours, unless revoked. Taking it up is one statement that claims the row, so of two
 * requests racing with one link exactly one makes an administrator.
 */
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { adminInvites, adminUsers } from '../../drizzle/schema'
import { digestHex } from '../lib/digest'
import { randomToken } from '../lib/tokens'
import { isUniqueViolation, nowIso, type Db } from './db'

export const INVITE_TTL_SECONDS = 24 * 60 * 60
/** Open invitations at once, across all administrators: enough for a team, too few to spam with. */
export const MAX_OPEN_INVITES = 20

export interface OpenInvite {
  id: number
  email: string
  invited_by: string
  created_at: string
  expires_at: string
}

/** Invitations not yet taken up, revoked or expired, newest first, with who made each. */
export async function openInvites(db: Db): Promise<OpenInvite[]> {
  return db
    .select({
      id: adminInvites.id,
      email: adminInvites.email,
      invited_by: sql<string>`coalesce(${adminUsers.username}, ${adminUsers.email}, '')`,
      created_at: adminInvites.created_at,
      expires_at: adminInvites.expires_at,
    })
    .from(adminInvites)
    .leftJoin(adminUsers, eq(adminUsers.id, adminInvites.invited_by))
    .where(and(isNull(adminInvites.used_at), gt(adminInvites.expires_at, nowIso())))
    .orderBy(desc(adminInvites.id))
    .all()
}

/**
 * A new invitation for `email` from administrator `invitedBy`: answers the token (only ever
 * e-mailed) and the row; an earlier open invitation to the same address stops working.
 */
export async function issueInvite(db: Db, email: string, invitedBy: number): Promise<{ token: string; invite: { id: number; email: string; expires_at: string } }> {
  const token = randomToken()
  const expires = new Date(Date.now() + INVITE_TTL_SECONDS * 1000).toISOString()
  const [, , inserted] = await db.batch([
    // housekeeping: expired invitations that were never used
    db.delete(adminInvites).where(and(lte(adminInvites.expires_at, nowIso()), isNull(adminInvites.used_at))),
    db.delete(adminInvites).where(and(sql`lower(${adminInvites.email}) = ${email.toLowerCase()}`, isNull(adminInvites.used_at))),
    db
      .insert(adminInvites)
      .values({ token_hash: await digestHex(token), email, invited_by: invitedBy, expires_at: expires })
      .returning({ id: adminInvites.id, email: adminInvites.email, expires_at: adminInvites.expires_at }),
  ])
  return { token, invite: inserted[0]! }
}

/** Revokes an open invitation; false when there is none with that id. */
export async function revokeInvite(db: Db, id: number): Promise<boolean> {
  const row = await db.delete(adminInvites).where(and(eq(adminInvites.id, id), isNull(adminInvites.used_at))).returning({ id: adminInvites.id }).get()
  return row !== undefined
}

/** The open invitation a token names, or null (unknown, used, revoked or expired). */
export async function findInvite(db: Db, token: string): Promise<{ id: number; email: string; expires_at: string } | null> {
  const row = await db
    .select({ id: adminInvites.id, email: adminInvites.email, expires_at: adminInvites.expires_at })
    .from(adminInvites)
    .where(and(eq(adminInvites.token_hash, await digestHex(token)), isNull(adminInvites.used_at), gt(adminInvites.expires_at, nowIso())))
    .get()
  return row ?? null
}

/** Claims the invitation (marks it used) if it is still open; the claim is what makes the new administrator. */
export async function claimInvite(db: Db, token: string): Promise<{ id: number; email: string; invitedBy: number } | null> {
  const now = nowIso()
  const row = await db
    .update(adminInvites)
    .set({ used_at: now })
    .where(and(eq(adminInvites.token_hash, await digestHex(token)), isNull(adminInvites.used_at), gt(adminInvites.expires_at, now)))
    .returning({ id: adminInvites.id, email: adminInvites.email, invitedBy: adminInvites.invited_by })
    .get()
  return row ?? null
}

/** Gives a claimed invitation back (the account could not be made after all). */
export async function releaseInvite(db: Db, id: number): Promise<void> {
  await db.update(adminInvites).set({ used_at: null }).where(eq(adminInvites.id, id)).run()
}

/** The administrator an invitation makes: active, with no second factor yet (its first sign-in sets one up). */
export async function createInvitedAdmin(db: Db, inviteId: number, input: { email: string; username: string; passwordHash: string }): Promise<void> {
  // one batch, so the account and the invitation's note of it are made together or not at all
  await db.batch([
    db.insert(adminUsers).values({ email: input.email, username: input.username, password_hash: input.passwordHash, is_active: true, role: 'admin' }),
    db
      .update(adminInvites)
      .set({ admin_id: sql`(select ${adminUsers.id} from ${adminUsers} where lower(${adminUsers.email}) = ${input.email.toLowerCase()})` })
      .where(eq(adminInvites.id, inviteId)),
  ])
}

/** Which of an administrator's unique fields a failed insert collided with, or null for another failure. */
export function collision(err: unknown): 'email' | 'username' | null {
  if (!isUniqueViolation(err)) return null
  return /email/i.test(`${(err as Error).message} ${String((err as Error).cause ?? '')}`) ? 'email' : 'username'
}

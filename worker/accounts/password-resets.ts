/**
 * Password reset tokens: 32 random bytes sent by e-mail, stored as their SHA-256 only. Issuing a
 * new link retires the account's earlier ones; redeeming is one statement, so of two requests
 * racing with the same link exactly one succeeds.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import { passwordResets, type OwnerType } from '../../drizzle/schema'
import { nowIso, type Db } from './db'
import { digestHex } from '../lib/digest'
import { randomToken } from '../lib/tokens'

/** Within the hour the issue asks for; long enough to find the e-mail, short enough to matter little if it leaks. */
export const RESET_TTL_SECONDS = 30 * 60

export function hashToken(token: string): Promise<string> {
  return digestHex(token)
}

/** A fresh token for the account; earlier unused ones stop working. Answers the token itself (only ever e-mailed). */
export async function issueResetToken(db: Db, ownerType: OwnerType, ownerId: number): Promise<string> {
  const token = randomToken()
  await db.batch([
    db.delete(passwordResets).where(and(eq(passwordResets.owner_type, ownerType), eq(passwordResets.owner_id, ownerId))),
    // housekeeping: everyone's expired links
    db.delete(passwordResets).where(lte(passwordResets.expires_at, nowIso())),
    db.insert(passwordResets).values({
      token_hash: await hashToken(token),
      owner_type: ownerType,
      owner_id: ownerId,
      expires_at: new Date(Date.now() + RESET_TTL_SECONDS * 1000).toISOString(),
    }),
  ])
  return token
}

/** Marks the token used if it is unused and unexpired, and answers whose it was; null otherwise. */
export async function redeemResetToken(db: Db, token: string): Promise<{ ownerType: OwnerType; ownerId: number } | null> {
  const now = nowIso()
  const row = await db
    .update(passwordResets)
    .set({ used_at: now })
    .where(and(eq(passwordResets.token_hash, await hashToken(token)), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now)))
    .returning({ ownerType: passwordResets.owner_type, ownerId: passwordResets.owner_id })
    .get()
  return row ?? null
}

/** Ends the account's outstanding reset links: a new password, set either way, makes them stale. */
export async function endResetLinks(db: Db, ownerType: OwnerType, ownerId: number): Promise<void> {
  await db.delete(passwordResets).where(and(eq(passwordResets.owner_type, ownerType), eq(passwordResets.owner_id, ownerId))).run()
}

/**
 * Passkeys (WebAuthn credentials) and the challenges waiting for their answers. Every query is
 * keyed by the owner (type and id) except the sign-in lookup by credential id, which is how a
 * discoverable credential names its account.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm'
import { passkeys, webauthnChallenges, type OwnerType } from '../../drizzle/schema'
import { nowIso, type Db } from './db'

export type Passkey = typeof passkeys.$inferSelect
export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose']

export interface PasskeyView {
  id: string
  name: string
  created_at: string
  last_used_at: string | null
}

export async function listPasskeys(db: Db, ownerType: OwnerType, ownerId: number): Promise<Passkey[]> {
  return db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.owner_type, ownerType), eq(passkeys.owner_id, ownerId)))
    .orderBy(asc(passkeys.created_at))
    .all()
}

export function viewOf(passkey: Passkey): PasskeyView {
  return { id: passkey.id, name: passkey.name, created_at: passkey.created_at, last_used_at: passkey.last_used_at }
}

export async function countPasskeys(db: Db, ownerType: OwnerType, ownerId: number): Promise<number> {
  return (await listPasskeys(db, ownerType, ownerId)).length
}

export async function findPasskey(db: Db, id: string): Promise<Passkey | undefined> {
  return db.select().from(passkeys).where(eq(passkeys.id, id)).get()
}

export async function savePasskey(db: Db, passkey: Omit<Passkey, 'created_at' | 'last_used_at'>): Promise<Passkey | null> {
  const row = await db.insert(passkeys).values(passkey).onConflictDoNothing().returning().get()
  return row ?? null
}

export async function markPasskeyUsed(db: Db, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, last_used_at: nowIso() }).where(eq(passkeys.id, id)).run()
}

export async function deletePasskey(db: Db, ownerType: OwnerType, ownerId: number, id: string): Promise<boolean> {
  const row = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.owner_type, ownerType), eq(passkeys.owner_id, ownerId)))
    .returning({ id: passkeys.id })
    .get()
  return row !== undefined
}

export const CHALLENGE_TTL_SECONDS = 5 * 60

export async function storeChallenge(
  db: Db,
  challenge: { id: string; challenge: string; purpose: ChallengePurpose; ownerType: OwnerType | null; ownerId: number | null },
): Promise<void> {
  // housekeeping: challenges nobody answered
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expires_at, nowIso())).run()
  await db
    .insert(webauthnChallenges)
    .values({
      id: challenge.id,
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      owner_type: challenge.ownerType,
      owner_id: challenge.ownerId,
      expires_at: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000).toISOString(),
    })
    .run()
}

/** Takes the challenge (it works once) if it is unexpired and for this purpose. */
export async function takeChallenge(db: Db, id: string, purpose: ChallengePurpose) {
  return db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expires_at, nowIso())))
    .returning()
    .get()
}

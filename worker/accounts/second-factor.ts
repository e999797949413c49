/**
 * An administrator's second factors: the authenticator-app secret (sealed, worker/auth/totp.ts),
 * the last step a code was accepted for, and one-time recovery codes kept as SHA-256 digests.
 */
import { and, count, eq, isNull, lt, or } from 'drizzle-orm'
import { adminUsers, recoveryCodes } from '../../drizzle/schema'
import { nowIso, type Db } from './db'
import { countPasskeys } from './passkeys'
import { digestHex } from '../lib/digest'

export const RECOVERY_CODE_COUNT = 10

export interface SecondFactorState {
  totp: boolean
  passkeys: number
  recovery_codes_left: number
}

export async function totpColumns(db: Db, adminId: number) {
  return db
    .select({ secret: adminUsers.totp_secret, pending: adminUsers.totp_pending_secret, lastStep: adminUsers.totp_last_step })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId))
    .get()
}

export async function secondFactorState(db: Db, adminId: number): Promise<SecondFactorState> {
  const [columns, passkeys, codes] = await Promise.all([
    totpColumns(db, adminId),
    countPasskeys(db, 'admin', adminId),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.owner_type, 'admin'), eq(recoveryCodes.owner_id, adminId), isNull(recoveryCodes.used_at)))
      .get(),
  ])
  return { totp: Boolean(columns?.secret), passkeys, recovery_codes_left: codes?.n ?? 0 }
}

export function hasAnyFactor(state: SecondFactorState): boolean {
  return state.totp || state.passkeys > 0
}

export async function setPendingTotp(db: Db, adminId: number, sealed: string): Promise<void> {
  await db.update(adminUsers).set({ totp_pending_secret: sealed }).where(eq(adminUsers.id, adminId)).run()
}

export async function enableTotp(db: Db, adminId: number, sealed: string, step: number): Promise<void> {
  await db
    .update(adminUsers)
    .set({ totp_secret: sealed, totp_pending_secret: null, totp_last_step: step, updated_at: nowIso() })
    .where(eq(adminUsers.id, adminId))
    .run()
}

export async function disableTotp(db: Db, adminId: number): Promise<void> {
  await db.update(adminUsers).set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: nowIso() }).where(eq(adminUsers.id, adminId)).run()
}

/** Takes the step for the administrator if no later or equal step was used: one statement, so a code works once even in a race. */
export async function claimTotpStep(db: Db, adminId: number, step: number): Promise<boolean> {
  const row = await db
    .update(adminUsers)
    .set({ totp_last_step: step })
    .where(and(eq(adminUsers.id, adminId), or(isNull(adminUsers.totp_last_step), lt(adminUsers.totp_last_step, step))))
    .returning({ id: adminUsers.id })
    .get()
  return row !== undefined
}

function digest(code: string): Promise<string> {
  return digestHex(code.trim().toLowerCase().replace(/[\s-]/g, ''))
}

function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = crypto.getRandomValues(new Uint8Array(10))
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** Replaces the administrator's recovery codes with fresh ones and answers them (the only time they are seen). */
export async function replaceRecoveryCodes(db: Db, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  const hashes = await Promise.all(codes.map(digest))
  await db.batch([
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.owner_type, 'admin'), eq(recoveryCodes.owner_id, adminId))),
    db.insert(recoveryCodes).values(hashes.map((code_hash) => ({ owner_type: 'admin' as const, owner_id: adminId, code_hash }))),
  ])
  return codes
}

/** Uses up a recovery code of the administrator; false when it is not one, or already used. */
export async function redeemRecoveryCode(db: Db, adminId: number, code: string): Promise<boolean> {
  const row = await db
    .update(recoveryCodes)
    .set({ used_at: nowIso() })
    .where(and(eq(recoveryCodes.owner_type, 'admin'), eq(recoveryCodes.owner_id, adminId), eq(recoveryCodes.code_hash, await digest(code)), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id })
    .get()
  return row !== undefined
}


/**
 * An administrator's second factors: the authenticator-app secret (sealed, worker/auth/totp.ts),
 * the last step a code was accepted for, and one-time recovery codes kept as SHA-256 digests.
 */
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { adminUsers, recoveryCodes } from '../../drizzle/schema'
import { nowIso, type Db } from './db'
import { countPasskeys } from './passkeys'
import { digestHex } from '../lib/digest'

export const RECOVERY_CODE_COUNT = 10

export interface SecondFactorState {
  totp: boolean
  passkeys: number
  recovery_codes_left: number
  /** Whether recovery codes were ever made for the account, used up or not: it has set a factor up. */
  recovery_codes_made: boolean
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
      .select({ made: count(), left: sql<number>`coalesce(sum(${recoveryCodes.used_at} is null), 0)` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.owner_type, 'admin'), eq(recoveryCodes.owner_id, adminId)))
      .get(),
  ])
  return { totp: Boolean(columns?.secret), passkeys, recovery_codes_left: Number(codes?.left ?? 0), recovery_codes_made: (codes?.made ?? 0) > 0 }
}

/**
 * Whether the administrator has set a second factor up: an app, a passkey, or recovery codes (even
 * used up). Setting up before passing the second factor is open only while this is false, so a
 * password alone can never put in a factor of its own.
 */
export function hasAnyFactor(state: SecondFactorState): boolean {
  return state.totp || state.passkeys > 0 || state.recovery_codes_made
}

/** Whether the administrator has a factor left to pass with: the app, a passkey or an unused recovery code. */
export function hasUsableFactor(state: SecondFactorState): boolean {
  return state.totp || state.passkeys > 0 || state.recovery_codes_left > 0
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


/**
 * An administrator's answers to the second factor: a code from the authenticator app (each code
 * once), a recovery code (each once) or one of the administrator's passkeys. Each answer is counted
 * before it is checked (worker/auth/rate-limit.ts, beginSecondFactorTry). They pass the factor at
 * sign-in (worker/routes/two-factor.ts) and confirm a change of factors (worker/auth/factor-change.ts).
 * Each answers null when the answer is right, else the error to send.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { z } from 'zod'
import type { Db } from '../accounts/db'
import { findPasskey, markPasskeyUsed } from '../accounts/passkeys'
import { claimTotpStep, redeemRecoveryCode, totpColumns } from '../accounts/second-factor'
import type { Bindings } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { beginSecondFactorTry } from './rate-limit'
import { signingSecret } from './session'
import { matchingStep, openSecret } from './totp'
import { recallChallenge, verifyAuthentication } from './webauthn'

export const totpCodeSchema = z.string().trim().regex(/^\d{6}$/, errorMessage('errors.fieldSixDigits', { field: 'code' }))
export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(1, errorMessage('errors.fieldRequired', { field: 'code' }))
  .max(40, errorMessage('errors.fieldIsTooLong', { field: 'code' }))
export const passkeyAnswerSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,1400}$/) }).loose()

export async function passWithTotp(c: Context, db: Db, adminId: number, code: string): Promise<Response | null> {
  const attempt = await beginSecondFactorTry(c, db, adminId, 'code')
  if (attempt instanceof Response) return attempt
  const columns = await totpColumns(db, adminId)
  const secret = columns?.secret ? await openSecret(signingSecret(c.env as Bindings), columns.secret) : null
  if (!secret) return apiError(c, 400, 'errors.noAuthenticatorApp')
  const step = await matchingStep(secret, code)
  if (step === null || !(await claimTotpStep(db, adminId, step))) return apiError(c, 400, 'errors.wrongCode')
  await attempt.succeeded()
  return null
}

export async function passWithRecoveryCode(c: Context, db: Db, adminId: number, code: string): Promise<Response | null> {
  const attempt = await beginSecondFactorTry(c, db, adminId, 'code')
  if (attempt instanceof Response) return attempt
  if (!(await redeemRecoveryCode(db, adminId, code))) return apiError(c, 400, 'errors.wrongCode')
  await attempt.succeeded()
  return null
}

/** A code of either kind: six digits are the app's while it is on, anything else a recovery code. */
export async function passWithCode(c: Context, db: Db, adminId: number, code: string, appOn: boolean): Promise<Response | null> {
  return appOn && totpCodeSchema.safeParse(code).success ? passWithTotp(c, db, adminId, code.trim()) : passWithRecoveryCode(c, db, adminId, code)
}

/** The answer to the 'second-factor' challenge this browser was given, from one of the administrator's own passkeys. */
export async function passWithPasskey(c: Context, db: Db, adminId: number, response: z.infer<typeof passkeyAnswerSchema>): Promise<Response | null> {
  const attempt = await beginSecondFactorTry(c, db, adminId, 'passkey')
  if (attempt instanceof Response) return attempt
  const challenge = await recallChallenge(c, db, 'second-factor')
  const passkey = await findPasskey(db, response.id)
  const own = challenge && passkey && passkey.owner_type === 'admin' && passkey.owner_id === adminId && challenge.owner_id === adminId
  const info = own ? await verifyAuthentication(c, challenge.challenge, response as unknown as AuthenticationResponseJSON, passkey) : null
  if (!info || !passkey) return apiError(c, 400, 'errors.passkeyFailed')
  await attempt.succeeded()
  await markPasskeyUsed(db, passkey.id, info.newCounter)
  return null
}

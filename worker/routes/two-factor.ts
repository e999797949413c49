/**
 * Administrators' second factor. A password sign-in gives an administrator a session that can do
 * nothing but pass or set up the second factor (worker/auth/guards.ts); a passkey sign-in is
 * already two factors. Users are unaffected.
 *
 *   /api/auth/second-factor   (pass it, with the session from the password)
 *     POST /totp { code }                a code from the authenticator app, each code once
 *     POST /recovery { code }            a recovery code, each once
 *     POST /passkey/options, POST /passkey { response }   one of the administrator's passkeys
 *   /api/me/two-factor        (manage it)
 *     GET  /                             { totp, passkeys, recovery_codes_left }
 *     POST /totp/setup                   a new secret { secret, otpauth_uri }, pending until confirmed
 *     POST /totp/enable { code }         confirms it, passes the factor for this session and
 *                                        answers 10 recovery codes, shown this once
 *     DELETE /totp                       removes the authenticator app
 *     POST /recovery-codes               replaces the recovery codes, answered this once
 * Setting up is open to an administrator who has no second factor yet; otherwise, and for
 * removing or replacing anything, the session must have passed it. Tries are limited per
 * administrator: 5 wrong codes in 15 minutes, counted before they are checked.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { database, type Db } from '../accounts/db'
import { findPasskey, listPasskeys, markPasskeyUsed } from '../accounts/passkeys'
import {
  claimTotpStep,
  disableTotp,
  enableTotp,
  redeemRecoveryCode,
  replaceRecoveryCodes,
  secondFactorState,
  setPendingTotp,
  totpColumns,
} from '../accounts/second-factor'
import { passSecondFactor, requireSignedIn } from '../auth/guards'
import { adminsOnly, mayEnroll, verifiedOnly } from '../auth/second-factor-guards'
import { giveBack, limitAttempts, WINDOW_SECONDS } from '../auth/rate-limit'
import { signingSecret } from '../auth/session'
import { matchingStep, newTotpSecret, openSecret, otpauthUri, sealSecret } from '../auth/totp'
import { authenticationOptions, recallChallenge, verifyAuthentication } from '../auth/webauthn'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { PASSKEY_FAILED } from './passkeys'

export const SECOND_FACTOR_TRIES = 5
export const WRONG_CODE = errorMessage('errors.wrongCode')

/** Counts a try before it is checked; the caller gives it back when the code was right. */
async function countTry(c: Context, db: Db, adminId: number): Promise<Response | string> {
  const key = `second-factor:admin:${adminId}`
  const refused = await limitAttempts(c, db, [{ key, limit: SECOND_FACTOR_TRIES, windowSeconds: WINDOW_SECONDS }])
  return refused ?? key
}

const codeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, errorMessage('errors.fieldSixDigits', { field: 'code' })) })
const recoverySchema = z.object({ code: z.string().trim().min(1, errorMessage('errors.fieldRequired', { field: 'code' })).max(40, errorMessage('errors.fieldIsTooLong', { field: 'code' })) })
const answerSchema = z.object({ response: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,1400}$/) }).loose() })

export const secondFactorRoutes = new Hono<AppEnv>()
  .post('/totp', requireSignedIn, adminsOnly, validate('json', codeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const counted = await countTry(c, db, account.id)
    if (counted instanceof Response) return counted
    const columns = await totpColumns(db, account.id)
    const secret = columns?.secret ? await openSecret(signingSecret(c.env), columns.secret) : null
    if (!secret) return apiError(c, 400, 'errors.noAuthenticatorApp')
    const step = await matchingStep(secret, c.req.valid('json').code)
    if (step === null || !(await claimTotpStep(db, account.id, step))) return apiError(c, 400, 'errors.wrongCode')
    await giveBack(db, counted)
    await passSecondFactor(c, 'totp')
    return c.json({ message: 'Verified.', second_factor: 'verified' as const }, 200)
  })
  .post('/recovery', requireSignedIn, adminsOnly, validate('json', recoverySchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const counted = await countTry(c, db, account.id)
    if (counted instanceof Response) return counted
    if (!(await redeemRecoveryCode(db, account.id, c.req.valid('json').code))) return apiError(c, 400, 'errors.wrongCode')
    await giveBack(db, counted)
    await passSecondFactor(c, 'recovery')
    const left = (await secondFactorState(db, account.id)).recovery_codes_left
    return c.json({ message: 'Verified.', second_factor: 'verified' as const, recovery_codes_left: left }, 200)
  })
  .post('/passkey/options', requireSignedIn, adminsOnly, async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const passkeys = await listPasskeys(db, 'admin', account.id)
    if (passkeys.length === 0) return apiError(c, 400, 'errors.noPasskey')
    return c.json(await authenticationOptions(c, db, 'second-factor', { type: 'admin', id: account.id }, passkeys), 200)
  })
  .post('/passkey', requireSignedIn, adminsOnly, validate('json', answerSchema), async (c) => {
    const account = c.var.account
    const { response } = c.req.valid('json')
    const db = database(c.env.DB)
    const counted = await countTry(c, db, account.id)
    if (counted instanceof Response) return counted
    const challenge = await recallChallenge(c, db, 'second-factor')
    const passkey = await findPasskey(db, response.id)
    const own = challenge && passkey && passkey.owner_type === 'admin' && passkey.owner_id === account.id && challenge.owner_id === account.id
    const info = own ? await verifyAuthentication(c, challenge.challenge, response as unknown as AuthenticationResponseJSON, passkey) : null
    if (!info || !passkey) return apiError(c, 400, 'errors.passkeyFailed')
    await giveBack(db, counted)
    await markPasskeyUsed(db, passkey.id, info.newCounter)
    await passSecondFactor(c, 'passkey')
    return c.json({ message: 'Verified.', second_factor: 'verified' as const }, 200)
  })

export const twoFactorRoutes = new Hono<AppEnv>()
  .get('/', requireSignedIn, adminsOnly, async (c) => {
    return c.json(await secondFactorState(database(c.env.DB), c.var.account.id), 200)
  })
  .post('/totp/setup', requireSignedIn, adminsOnly, mayEnroll, async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const secret = newTotpSecret()
    await setPendingTotp(db, account.id, await sealSecret(signingSecret(c.env), secret))
    return c.json({ secret, otpauth_uri: otpauthUri(secret, c.env.SITE_NAME, account.email) }, 200)
  })
  .post('/totp/enable', requireSignedIn, adminsOnly, mayEnroll, validate('json', codeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const counted = await countTry(c, db, account.id)
    if (counted instanceof Response) return counted
    const columns = await totpColumns(db, account.id)
    const secret = columns?.pending ? await openSecret(signingSecret(c.env), columns.pending) : null
    if (!secret || !columns?.pending) return apiError(c, 400, 'errors.startSetUpFirst')
    const step = await matchingStep(secret, c.req.valid('json').code)
    if (step === null) return apiError(c, 400, 'errors.wrongCode')
    await giveBack(db, counted)
    await enableTotp(db, account.id, columns.pending, step)
    await passSecondFactor(c, 'totp')
    const codes = await replaceRecoveryCodes(db, account.id)
    return c.json({ message: 'Authenticator app set up.', recovery_codes: codes }, 200)
  })
  .delete('/totp', requireSignedIn, adminsOnly, verifiedOnly, async (c) => {
    await disableTotp(database(c.env.DB), c.var.account.id)
    return c.json({ message: 'Authenticator app removed.' }, 200)
  })
  .post('/recovery-codes', requireSignedIn, adminsOnly, verifiedOnly, async (c) => {
    const codes = await replaceRecoveryCodes(database(c.env.DB), c.var.account.id)
    return c.json({ recovery_codes: codes }, 200)
  })

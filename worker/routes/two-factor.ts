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
 *     POST /totp/setup { confirmation }  a new secret { secret, otpauth_uri }, pending until confirmed
 *     POST /totp/enable { code }         confirms it (replacing an app there was), passes the
 *                                        factor for this session and answers 10 new recovery
 *                                        codes, shown this once
 *     DELETE /totp { confirmation }      removes the authenticator app
 *     POST /recovery-codes { confirmation }  replaces the recovery codes, answered this once
 * Setting up the first factor is open to an administrator who has none yet, right after the
 * password. Every later change needs a session that passed the second factor, the password and a
 * fresh answer ({ password, code } or { password, passkey }: worker/auth/factor-change.ts); it ends
 * the administrator's other sessions and is e-mailed to the owner. Removing the last factor one
 * could pass with is refused. Wrong answers are limited and counted before they are checked
 * (worker/auth/rate-limit.ts, beginSecondFactorTry).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { listPasskeys } from '../accounts/passkeys'
import { disableTotp, enableTotp, replaceRecoveryCodes, secondFactorState, setPendingTotp, totpColumns } from '../accounts/second-factor'
import { confirmFactorChange, factorChanged, factorChangeSchema, keepsAFactor } from '../auth/factor-change'
import { passSecondFactor, requireSignedIn } from '../auth/guards'
import { adminsOnly, mayEnroll, verifiedOnly } from '../auth/second-factor-guards'
import { passkeyAnswerSchema, passWithPasskey, passWithRecoveryCode, passWithTotp, recoveryCodeSchema, totpCodeSchema } from '../auth/second-factor-answers'
import { beginSecondFactorTry } from '../auth/rate-limit'
import { signingSecret } from '../auth/session'
import { matchingStep, newTotpSecret, openSecret, otpauthUri, sealSecret } from '../auth/totp'
import { authenticationOptions } from '../auth/webauthn'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { siteHostOnly } from '../lib/site-url'
import { validate } from '../lib/validate'

export const WRONG_CODE = errorMessage('errors.wrongCode')

const codeSchema = z.object({ code: totpCodeSchema })
const recoverySchema = z.object({ code: recoveryCodeSchema })
const answerSchema = z.object({ response: passkeyAnswerSchema })

export const secondFactorRoutes = new Hono<AppEnv>()
  .post('/totp', requireSignedIn, adminsOnly, validate('json', codeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const refused = await passWithTotp(c, db, account.id, c.req.valid('json').code)
    if (refused) return refused
    await passSecondFactor(c, 'totp')
    return c.json({ message: 'Verified.', second_factor: 'verified' as const }, 200)
  })
  .post('/recovery', requireSignedIn, adminsOnly, validate('json', recoverySchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const refused = await passWithRecoveryCode(c, db, account.id, c.req.valid('json').code)
    if (refused) return refused
    await passSecondFactor(c, 'recovery')
    const left = (await secondFactorState(db, account.id)).recovery_codes_left
    return c.json({ message: 'Verified.', second_factor: 'verified' as const, recovery_codes_left: left }, 200)
  })
  // a challenge for one of the administrator's passkeys: to pass the factor, or to confirm a change
  .post('/passkey/options', siteHostOnly, requireSignedIn, adminsOnly, async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const passkeys = await listPasskeys(db, 'admin', account.id)
    if (passkeys.length === 0) return apiError(c, 400, 'errors.noPasskey')
    return c.json(await authenticationOptions(c, db, 'second-factor', { type: 'admin', id: account.id }, passkeys), 200)
  })
  .post('/passkey', siteHostOnly, requireSignedIn, adminsOnly, validate('json', answerSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const refused = await passWithPasskey(c, db, account.id, c.req.valid('json').response)
    if (refused) return refused
    await passSecondFactor(c, 'passkey')
    return c.json({ message: 'Verified.', second_factor: 'verified' as const }, 200)
  })

export const twoFactorRoutes = new Hono<AppEnv>()
  .get('/', requireSignedIn, adminsOnly, async (c) => {
    return c.json(await secondFactorState(database(c.env.DB), c.var.account.id), 200)
  })
  .post('/totp/setup', requireSignedIn, adminsOnly, mayEnroll, validate('json', factorChangeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const refused = await confirmFactorChange(c, db, account, c.req.valid('json'))
    if (refused) return refused
    const secret = newTotpSecret()
    await setPendingTotp(db, account.id, await sealSecret(signingSecret(c.env), secret))
    return c.json({ secret, otpauth_uri: otpauthUri(secret, c.env.SITE_NAME, account.email) }, 200)
  })
  // the pending secret exists only through a confirmed (or first) setup: its code is enough here
  .post('/totp/enable', requireSignedIn, adminsOnly, mayEnroll, validate('json', codeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const attempt = await beginSecondFactorTry(c, db, account.id, 'code')
    if (attempt instanceof Response) return attempt
    const columns = await totpColumns(db, account.id)
    const secret = columns?.pending ? await openSecret(signingSecret(c.env), columns.pending) : null
    if (!secret || !columns?.pending) return apiError(c, 400, 'errors.startSetUpFirst')
    const step = await matchingStep(secret, c.req.valid('json').code)
    if (step === null) return apiError(c, 400, 'errors.wrongCode')
    await attempt.succeeded()
    await enableTotp(db, account.id, columns.pending, step)
    await passSecondFactor(c, 'totp')
    const codes = await replaceRecoveryCodes(db, account.id)
    await factorChanged(c, db, account, 'appOn')
    return c.json({ message: 'Authenticator app set up.', recovery_codes: codes }, 200)
  })
  .delete('/totp', requireSignedIn, adminsOnly, verifiedOnly, validate('json', factorChangeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    if (!(await secondFactorState(db, account.id)).totp) return apiError(c, 404, 'errors.noAuthenticatorApp')
    const refused = (await keepsAFactor(c, db, account.id, 'app')) ?? (await confirmFactorChange(c, db, account, c.req.valid('json')))
    if (refused) return refused
    await disableTotp(db, account.id)
    await factorChanged(c, db, account, 'appOff')
    return c.json({ message: 'Authenticator app removed.' }, 200)
  })
  .post('/recovery-codes', requireSignedIn, adminsOnly, verifiedOnly, validate('json', factorChangeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const refused = await confirmFactorChange(c, db, account, c.req.valid('json'))
    if (refused) return refused
    const codes = await replaceRecoveryCodes(db, account.id)
    await factorChanged(c, db, account, 'codes')
    return c.json({ recovery_codes: codes }, 200)
  })

/**
 * Passkeys: an account adds, lists and removes its own (`/api/me/passkeys`), and anyone signs in
 * with one (`/api/auth/passkey`). Adding takes two calls: options (a challenge for this browser),
 * then the authenticator's answer. Signing in likewise; the credential names its account, so no
 * e-mail is asked for. Sign-in answers are limited per client address like password sign-in.
 * The relying party is the site's own address (SITE_URL); requests for any other host get 421.
 * An administrator's passkey is a second factor: past the first factor, asking to add one and
 * removing one take the confirmation of worker/auth/factor-change.ts (`{ password, code }` or
 * `{ password, passkey }`; users send `{}`), and the owner is e-mailed.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { Hono } from 'hono'
import { z } from 'zod'
import { findRecord, recordLogin } from '../accounts/accounts'
import { database } from '../accounts/db'
import { deletePasskey, findPasskey, listPasskeys, markPasskeyUsed, savePasskey, viewOf } from '../accounts/passkeys'
import { plainText } from '../accounts/schemas'
import { describeDevice } from '../accounts/sessions'
import { awaitsSecondFactor, endThisSession, passSecondFactor, requireAccount, requireAccountLevel, requireSignedIn } from '../auth/guards'
import { confirmFactorChange, factorChanged, factorChangeSchema, keepsAFactor } from '../auth/factor-change'
import { mayEnroll } from '../auth/second-factor-guards'
import { ADDRESS_FAILURE_LIMIT, addressCounter, clientAddress, giveBack, limitAttempts, WINDOW_SECONDS } from '../auth/rate-limit'
import { startSession } from '../auth/session'
import { authenticationOptions, bytesToBase64url, recallChallenge, registrationOptions, verifyAuthentication, verifyRegistration } from '../auth/webauthn'
import type { AppEnv } from '../env'
import { noAction } from '../lib/admin-audit'
import { apiError, errorMessage } from '../lib/api-errors'
import { siteHostOnly } from '../lib/site-url'
import { validate } from '../lib/validate'

export const PASSKEY_FAILED = errorMessage('errors.passkeyFailed')
export const MAX_PASSKEYS = 10

const credentialId = z.string().regex(/^[A-Za-z0-9_-]{16,1400}$/, errorMessage('errors.fieldCredentialId', { field: 'id' }))
const credentialJson = z
  .object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose()

const addSchema = z.object({ response: credentialJson, name: plainText('name').trim().max(60, errorMessage('errors.fieldTooLong', { field: 'name', max: 60 })).optional() })
const signInSchema = z.object({ response: credentialJson })

export const myPasskeyRoutes = new Hono<AppEnv>()
  .use(siteHostOnly)
  // an administrator without any second factor may add a passkey as the first one
  .get('/', requireSignedIn, mayEnroll, requireAccountLevel, async (c) => {
    const account = c.var.account
    const rows = await listPasskeys(database(c.env.DB), account.type, account.id)
    return c.json({ passkeys: rows.map(viewOf) }, 200)
  })
  .post('/options', requireSignedIn, mayEnroll, requireAccountLevel, validate('json', factorChangeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    if (account.type === 'admin') {
      const refused = await confirmFactorChange(c, db, account, c.req.valid('json'))
      if (refused) return refused
    }
    const existing = await listPasskeys(db, account.type, account.id)
    if (existing.length >= MAX_PASSKEYS) return apiError(c, 409, 'errors.tooManyPasskeys', { max: MAX_PASSKEYS })
    // a challenge: the passkey added with it is what the audit log records
    noAction(c)
    const options = await registrationOptions(c, db, { type: account.type, id: account.id, name: account.email }, existing)
    return c.json(options, 200)
  })
  .post('/', requireSignedIn, mayEnroll, requireAccountLevel, validate('json', addSchema), async (c) => {
    const account = c.var.account
    const body = c.req.valid('json')
    const db = database(c.env.DB)
    const challenge = await recallChallenge(c, db, 'register')
    if (!challenge || challenge.owner_type !== account.type || challenge.owner_id !== account.id) return apiError(c, 400, 'errors.passkeyFailed')
    const info = await verifyRegistration(c, challenge.challenge, body.response as unknown as RegistrationResponseJSON)
    if (!info) return apiError(c, 400, 'errors.passkeyFailed')
    const saved = await savePasskey(db, {
      id: info.credential.id,
      owner_type: account.type,
      owner_id: account.id,
      public_key: bytesToBase64url(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ? JSON.stringify(info.credential.transports) : null,
      name: body.name || `Passkey on ${describeDevice(c.req.header('User-Agent') ?? null)}`,
    })
    if (!saved) return apiError(c, 409, 'errors.passkeyRegistered')
    // made with user verification on this signed-in session: it is the session's second factor
    if (awaitsSecondFactor(account)) await passSecondFactor(c, 'passkey')
    if (account.type === 'admin') await factorChanged(c, db, account, 'passkeyAdded')
    return c.json({ message: 'Passkey added.', passkey: viewOf(saved) }, 201)
  })
  .delete('/:id', requireAccount, requireAccountLevel, validate('param', z.object({ id: credentialId })), validate('json', factorChangeSchema), async (c) => {
    const account = c.var.account
    const db = database(c.env.DB)
    const { id } = c.req.valid('param')
    if (account.type === 'admin') {
      if (!(await listPasskeys(db, 'admin', account.id)).some((passkey) => passkey.id === id)) return apiError(c, 404, 'errors.passkeyNotFound')
      const refused = (await keepsAFactor(c, db, account.id, 'passkey')) ?? (await confirmFactorChange(c, db, account, c.req.valid('json')))
      if (refused) return refused
    }
    const removed = await deletePasskey(db, account.type, account.id, id)
    if (!removed) return apiError(c, 404, 'errors.passkeyNotFound')
    if (account.type === 'admin') await factorChanged(c, db, account, 'passkeyRemoved')
    return c.json({ message: 'Passkey removed.' }, 200)
  })

export const passkeySignInRoutes = new Hono<AppEnv>()
  .use(siteHostOnly)
  .post('/options', async (c) => {
    const options = await authenticationOptions(c, database(c.env.DB), 'sign-in', null)
    return c.json(options, 200)
  })
  .post('/', validate('json', signInSchema), async (c) => {
    const { response } = c.req.valid('json')
    const db = database(c.env.DB)
    const address = clientAddress(c)
    const counter = address ? await addressCounter(c.env, 'passkey', address) : null
    if (counter) {
      const refused = await limitAttempts(c, db, [{ key: counter, limit: ADDRESS_FAILURE_LIMIT, windowSeconds: WINDOW_SECONDS }])
      if (refused) return refused
    }
    const challenge = await recallChallenge(c, db, 'sign-in')
    const passkey = await findPasskey(db, response.id)
    if (!challenge || !passkey) return apiError(c, 401, 'errors.passkeyFailed')
    const info = await verifyAuthentication(c, challenge.challenge, response as unknown as AuthenticationResponseJSON, passkey)
    const record = info ? await findRecord(db, passkey.owner_type, passkey.owner_id) : undefined
    if (!info || !record || !record.is_active) return apiError(c, 401, 'errors.passkeyFailed')
    if (counter) await giveBack(db, counter)
    await markPasskeyUsed(db, passkey.id, info.newCounter)
    const current = (await recordLogin(db, passkey.owner_type, passkey.owner_id)) ?? record
    await endThisSession(c)
    // a passkey is two factors in one: something held, unlocked by something known or inherent
    const started = await startSession(c, passkey.owner_type, passkey.owner_id, 'passkey', current)
    if (!started) return apiError(c, 401, 'errors.passkeyFailed')
    return c.json(
      {
        id: current.id,
        email: current.email,
        type: passkey.owner_type,
        user: current,
        ...(passkey.owner_type === 'admin' ? { second_factor: 'verified' as const } : {}),
        ...(started.chooseProfile && { choose_profile: true as const }),
      },
      200,
    )
  })

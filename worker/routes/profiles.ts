/**
 * The account's profiles under /api/me/profiles (worker/accounts/profiles.ts): list them, choose
 * whose this browser's session is ("Who's watching?", or a switch), and, from a session that is
 * not a kids profile's, add, change and remove them, lock them with a PIN and ask for the
 * account's PIN to leave a kids profile. Everything is checked by the account's own store; PINs
 * never leave it. Setting a PIN or the account's guard needs the account's password.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { deleteProfileRows } from '../accounts/my-data'
import { AVATARS, MAX_PROFILES, type ProfileInput } from '../accounts/profiles'
import { keepPublicListCopies, publicSlugsOf } from '../accounts/public-lists'
import type { ProfileOutcome } from '../accounts/store'
import { myAccountStore } from '../accounts/store-client'
import { checkCurrentPassword } from '../auth/current-password'
import { closedForMaintenance, currentAccount, reissueForProfile, requireAccountLevel, type SignedIn } from '../auth/guards'
import { CEILINGS } from '../catalog/ceiling'
import type { AppEnv } from '../env'
import { sendMail } from '../mail/mailer'
import { wrongPinsMail } from '../mail/messages'
import { apiError, errorMessage, requestLocale } from '../lib/api-errors'
import { LOCALES } from '../lib/locales'
import { validate } from '../lib/validate'
import { createMiddleware } from 'hono/factory'

const profileId = z.object({
  id: z
    .string()
    .regex(/^[1-9]$/, errorMessage('errors.unknownProfile'))
    .transform(Number)
    .refine((n) => n <= MAX_PROFILES, errorMessage('errors.unknownProfile')),
})
const pin = z.string().regex(/^\d{4}$/, errorMessage('errors.pinFormat'))
const name = z.string().trim().min(1, errorMessage('errors.profileNameRequired')).max(30, errorMessage('errors.profileNameTooLong'))
const avatar = z.enum(AVATARS, { error: errorMessage('errors.mustBeOneOf', { values: AVATARS.join(', ') }) })
const locale = z.enum(LOCALES, { error: errorMessage('errors.mustBeOneOf', { values: LOCALES.join(', ') }) }).nullable()
const ceiling = z.enum(CEILINGS, { error: errorMessage('errors.mustBeOneOf', { values: CEILINGS.join(', ') }) })

const createSchema = z.strictObject({ name, avatar, locale: locale.optional(), ceiling, pin: pin.optional() })
const updateSchema = z.strictObject({ name: name.optional(), avatar: avatar.optional(), locale: locale.optional(), ceiling: ceiling.optional(), pin: pin.optional() })
const pinOnly = z.strictObject({ pin: pin.optional() })
const setPinSchema = z.strictObject({ password: z.string().min(1, errorMessage('errors.passwordRequired')).max(1024), pin: pin.nullable() })
const guardSchema = z.strictObject({ password: z.string().min(1, errorMessage('errors.passwordRequired')).max(1024), on: z.boolean() })

/** Any session of a user, chosen or not, kids or not: the profiles are how it chooses. */
const requireUserSession = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  const account = await currentAccount(c)
  if (!account) return apiError(c, 401, 'errors.noSession')
  if (account.type !== 'user') return apiError(c, 403, 'errors.unknownProfile')
  await next()
})

/** A refused profile call as its answer; wrong PINs past the limit e-mail the account's owner, once. */
async function refused(c: Context<AppEnv & SignedIn>, outcome: Exclude<ProfileOutcome<unknown>, { ok: true }>): Promise<Response> {
  switch (outcome.refusal) {
    case 'unknown':
      return apiError(c, 404, 'errors.unknownProfile')
    case 'full':
      return apiError(c, 409, 'errors.tooManyProfiles', { max: MAX_PROFILES })
    case 'own':
      return apiError(c, 400, 'errors.ownProfile')
    case 'ownKids':
      return apiError(c, 400, 'errors.ownProfileKids')
    case 'noOwnPin':
      return apiError(c, 400, 'errors.noOwnPin')
    case 'pinRequired':
      return apiError(c, 403, 'errors.pinRequired', undefined, { pin_required: true as const })
    case 'waiting':
      c.header('Retry-After', String(outcome.waitSeconds))
      return apiError(c, 429, 'errors.pinLocked', undefined, { retry_after: outcome.waitSeconds })
    case 'wrongPin':
      if (outcome.mailOwner) {
        const mail = wrongPinsMail(c.env, c.var.account.email, new URL(c.req.url).origin, requestLocale(c))
        c.executionCtx.waitUntil(sendMail(c.env, c.req.url, mail).catch((err) => console.error(JSON.stringify({ level: 'warn', message: 'wrong PINs mail not sent', error: String(err) }))))
      }
      if (outcome.waitSeconds > 0) {
        c.header('Retry-After', String(outcome.waitSeconds))
        return apiError(c, 429, 'errors.pinLocked', undefined, { retry_after: outcome.waitSeconds, wrong_pin: true as const })
      }
      return apiError(c, 403, 'errors.wrongPin', undefined, { wrong_pin: true as const, attempts_left: outcome.attemptsLeft })
  }
}

/**
 * After a change of profiles: this browser's token names its profile (and how many there are) as
 * they now are, and so does the admin list's count (`counted`, after an addition or a removal).
 */
async function reconfirm(c: Context<AppEnv & SignedIn>, counted = false): Promise<void> {
  const { store, owner } = myAccountStore(c)
  const live = await store.confirmSession(owner, c.var.account.sessionId)
  if (!live) return
  await reissueForProfile(c, live.viewer)
  if (counted) {
    await c.env.DB.prepare('INSERT INTO user_figures (user_id, profiles) VALUES (?1, ?2) ON CONFLICT (user_id) DO UPDATE SET profiles = excluded.profiles')
      .bind(owner.id, live.viewer.profileCount)
      .run()
  }
}

/** The account's password, checked (and limited) as every account change checks it; an answer when it is not right. */
async function passwordRefusal(c: Context<AppEnv & SignedIn>, password: string): Promise<Response | null> {
  const check = await checkCurrentPassword(c, database(c.env.DB), c.var.account, password)
  if (check.refused) return check.refused
  if (!check.found) return apiError(c, 401, 'errors.noSession')
  if (!check.ok) return apiError(c, 400, 'errors.passwordIncorrect')
  return null
}

export const profileRoutes = new Hono<AppEnv>()
  .get('/', requireUserSession, async (c) => {
    const { store, owner } = myAccountStore(c)
    const state = await store.profiles(owner, c.var.account.sessionId)
    if (!state) return apiError(c, 401, 'errors.noSession')
    return c.json({ ...state, max: MAX_PROFILES }, 200)
  })
  .post('/:id/choose', requireUserSession, validate('param', profileId), validate('json', pinOnly), async (c) => {
    const { store, owner } = myAccountStore(c)
    const outcome = await store.chooseProfile(owner, c.var.account.sessionId, c.req.valid('param').id, c.req.valid('json').pin ?? null)
    if (!outcome.ok) return refused(c, outcome)
    await reissueForProfile(c, outcome.value.viewer)
    // what the browser cached for the previous viewer (a visitor's answers kept for minutes among them) goes
    c.header('Clear-Site-Data', '"cache"')
    return c.json({ profile: outcome.value.profile }, 200)
  })
  .put('/guard', requireUserSession, requireAccountLevel, closedForMaintenance, validate('json', guardSchema), async (c) => {
    const { password, on } = c.req.valid('json')
    const wrong = await passwordRefusal(c, password)
    if (wrong) return wrong
    const { store, owner } = myAccountStore(c)
    const outcome = await store.setProfileGuard(owner, on)
    if (!outcome.ok) return refused(c, outcome)
    return c.json({ guard: outcome.value }, 200)
  })
  .post('/', requireUserSession, requireAccountLevel, closedForMaintenance, validate('json', createSchema), async (c) => {
    const { pin: given, locale: chosen, ...rest } = c.req.valid('json')
    const input: ProfileInput = { ...rest, locale: chosen ?? null }
    const { store, owner } = myAccountStore(c)
    const outcome = await store.createProfile(owner, input, given ?? null)
    if (!outcome.ok) return refused(c, outcome)
    await reconfirm(c, true)
    return c.json({ profile: outcome.value }, 201)
  })
  .patch('/:id', requireUserSession, requireAccountLevel, closedForMaintenance, validate('param', profileId), validate('json', updateSchema), async (c) => {
    const { pin: given, ...change } = c.req.valid('json')
    const { store, owner } = myAccountStore(c)
    const outcome = await store.updateProfile(owner, c.req.valid('param').id, change, given ?? null)
    if (!outcome.ok) return refused(c, outcome)
    await reconfirm(c)
    return c.json({ profile: outcome.value }, 200)
  })
  .delete('/:id', requireUserSession, requireAccountLevel, closedForMaintenance, validate('param', profileId), async (c) => {
    // the PIN may come in a body; a DELETE without one asks for none
    const raw = (await c.req.text()).trim()
    let body: unknown = {}
    try {
      body = raw ? JSON.parse(raw) : {}
    } catch {
      return apiError(c, 400, 'errors.malformedJson')
    }
    const parsed = pinOnly.safeParse(body)
    if (!parsed.success) return apiError(c, 400, 'errors.pinFormat')
    const { store, owner } = myAccountStore(c)
    const id = c.req.valid('param').id
    const outcome = await store.deleteProfile(owner, id, parsed.data.pin ?? null)
    if (!outcome.ok) return refused(c, outcome)
    // then what D1 holds of it: its lists (whose public pages stop showing at once) and its copies
    const db = database(c.env.DB)
    const removed = { ...owner, profile: id }
    const shown = await publicSlugsOf(db, removed)
    await deleteProfileRows(db, removed)
    await keepPublicListCopies(c.env, shown)
    await reconfirm(c, true)
    return c.body(null, 204)
  })
  .put('/:id/pin', requireUserSession, requireAccountLevel, closedForMaintenance, validate('param', profileId), validate('json', setPinSchema), async (c) => {
    const { password, pin: chosen } = c.req.valid('json')
    const wrong = await passwordRefusal(c, password)
    if (wrong) return wrong
    const { store, owner } = myAccountStore(c)
    const outcome = await store.setProfilePin(owner, c.req.valid('param').id, chosen)
    if (!outcome.ok) return refused(c, outcome)
    return c.body(null, 204)
  })

/**
 * Sign-up, sign-in, sign-out and the current session (SPEC.md sections 3 to 5, with the
 * checks moved to the server as DESIGN.md says). Sign-up signs the new account in. Sign-in and
 * sign-up are rate limited and, when TURNSTILE_SECRET is set, bot-checked; a failed sign-in
 * answers the same way, after the same work, whether or not the e-mail has an account.
 */
import { Hono } from 'hono'
import { createUser, emailTaken, findByEmailWithHash, recordBeforeSecondFactor, recordLogin, usernameTaken, withoutPassword, type PublicUser } from '../accounts/accounts'
import { database, isUniqueViolation } from '../accounts/db'
import { loginSchema, signupSchema } from '../accounts/schemas'
import { accountStore } from '../accounts/store-client'
import { awaitsSecondFactor, closedForMaintenance, currentAccount, endThisSession } from '../auth/guards'
import { secondFactorStatus } from '../auth/second-factor-guards'
import { rememberedProfile, rememberProfile } from '../auth/profile-memo'
import { hashPassword, verifyPassword } from '../auth/password'
import { beginSignIn, clientAddress, limitPerAddress, SIGNUP_ADDRESS_LIMIT, SIGNUP_WINDOW_SECONDS } from '../auth/rate-limit'
import { clearSessionCookie, sessionToken, startSession } from '../auth/session'
import { BOT_CHECK_FAILED, botCheckEnabled, passesBotCheck } from '../auth/turnstile'
import type { AppEnv } from '../env'
import { viewerFields } from '../auth/viewer'
import { afterAnswer } from '../lib/after-answer'
import { apiError, requestLocale } from '../lib/api-errors'
import { siteOrigin } from '../lib/site-url'
import { refuseBlockedWords } from '../lib/blocked-words'
import { validate } from '../lib/validate'
import { mailLocale, signInWarning } from '../mail/messages'
import { sendMail } from '../mail/mailer'

export const authRoutes = new Hono<AppEnv>()
  .post('/signup', closedForMaintenance, validate('json', signupSchema), async (c) => {
    const body = c.req.valid('json')
    const db = database(c.env.DB)
    const refused = await limitPerAddress(c, db, 'signup', SIGNUP_ADDRESS_LIMIT, SIGNUP_WINDOW_SECONDS)
    if (refused) return refused
    const address = clientAddress(c)
    if (!(await passesBotCheck(c.env, body.turnstileToken, address))) return apiError(c, 400, 'errors.botCheckFailed')
    // the username is shown on the account's public lists
    const blocked = refuseBlockedWords(c, { username: body.username })
    if (blocked) return blocked
    if (await emailTaken(db, body.email)) return apiError(c, 409, 'errors.userExists')
    if (await usernameTaken(db, body.username)) return apiError(c, 409, 'errors.usernameTaken')
    let user: PublicUser
    try {
      user = await createUser(db, { email: body.email, username: body.username, passwordHash: await hashPassword(body.password) })
    } catch (err) {
      // two sign-ups racing for the same e-mail or username: the unique index decides
      if (isUniqueViolation(err)) return apiError(c, 409, 'errors.userExists')
      throw err
    }
    // The new account is signed in at once, as sign-in would do, replacing any session this browser had.
    await endThisSession(c)
    await startSession(c, 'user', user.id, null, user)
    return c.json({ id: user.id, email: user.email, type: 'user' as const, user }, 201)
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const body = c.req.valid('json')
    if (!(await passesBotCheck(c.env, body.turnstileToken, clientAddress(c)))) return apiError(c, 400, 'errors.botCheckFailed')
    const db = database(c.env.DB)
    const attempt = await beginSignIn(c, db, body.type, body.email, { botChecked: botCheckEnabled(c.env) })
    if (attempt instanceof Response) return attempt
    const row = await findByEmailWithHash(db, body.type, body.email)
    const check = await verifyPassword(body.password, row?.password_hash ?? null)
    if (!row || !row.is_active || !check.ok) {
      if (row && attempt.warnsOwner()) afterAnswer(c, sendMail(c.env, c.req.url, signInWarning(c.env, row.email, siteOrigin(c), mailLocale(row.locale, requestLocale(c)))))
      return apiError(c, 401, body.type === 'admin' ? 'errors.invalidAdminCredentials' : 'errors.invalidUserCredentials')
    }
    await attempt.succeeded()
    const record = (await recordLogin(db, body.type, row.id, check.needsRehash ? await hashPassword(body.password) : undefined)) ?? withoutPassword(row)
    // signing in again from the same browser replaces its session instead of leaving one behind
    await endThisSession(c)
    const started = await startSession(c, body.type, row.id, null, record)
    if (!started) return apiError(c, 401, body.type === 'admin' ? 'errors.invalidAdminCredentials' : 'errors.invalidUserCredentials')
    // an administrator's password is one factor: the session can do nothing else until the second
    if (body.type === 'admin') {
      const secondFactor = await secondFactorStatus(db, { type: 'admin', id: row.id, secondFactor: null })
      return c.json({ id: row.id, email: row.email, type: body.type, user: recordBeforeSecondFactor(record), second_factor: secondFactor }, 200)
    }
    // an account with several profiles asks "Who's watching?" before anything of a profile's is read
    return c.json({ id: row.id, email: row.email, type: body.type, user: record, ...(started.chooseProfile && { choose_profile: true as const }) }, 200)
  })
  .post('/logout', async (c) => {
    await endThisSession(c)
    clearSessionCookie(c)
    return c.json({ message: 'You have been logged out successfully!' }, 200)
  })
  // Every page asks this on load, so being signed out is an answer (`user: null`), not an error
  // status the browser would log; the guarded routes still answer 401.
  .get('/me', async (c) => {
    const account = await currentAccount(c)
    let record = account ? (c.var.profile ?? rememberedProfile(account) ?? null) : null
    if (account && !record) record = await accountStore(c.env, account).profile({ type: account.type, id: account.id })
    if (account && record) rememberProfile(account, record)
    if (!account || !record) {
      if (sessionToken(c)) clearSessionCookie(c)
      return c.json({ user: null }, 200)
    }
    const secondFactor = account.type === 'admin' ? { second_factor: await secondFactorStatus(database(c.env.DB), account) } : {}
    const user = awaitsSecondFactor(account) ? recordBeforeSecondFactor(record) : record
    return c.json({ id: account.id, email: account.email, type: account.type, user, ...secondFactor, ...viewerFields(account, record) }, 200)
  })


/**
 * Password reset by e-mail for users ("Forgot password?" on /login). Administrators reset theirs
 * with `npm run admin:create`.
 *
 *   POST /api/auth/password-reset           { email }  -> 200, the same answer whether or not
 *        the address has an account; the lookup, token and e-mail happen after the answer, so
 *        neither the words nor the timing tell. Limited per address and per e-mail.
 *   POST /api/auth/password-reset/confirm   { token, password, confirmPassword } -> 200, the
 *        password is set and every session of the account ends; 400 for a used, expired or
 *        unknown link.
 * The link is built from SITE_URL, and both answer 421 to a request for any other host.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { findByEmailWithHash, setPasswordHash } from '../accounts/accounts'
import { database } from '../accounts/db'
import { endResetLinks, issueResetToken, RESET_TTL_SECONDS, redeemResetToken } from '../accounts/password-resets'
import { emailSchema, newPasswordPair } from '../accounts/schemas'
import { accountStore } from '../accounts/store-client'
import { closedForMaintenance } from '../auth/guards'
import { forgetProfile } from '../auth/profile-memo'
import { hashPassword } from '../auth/password'
import { clearSessionCookie, sessionToken } from '../auth/session'
import { countAttempt, emailCounter, limitPerAddress, nowSeconds } from '../auth/rate-limit'
import type { AppEnv } from '../env'
import { afterAnswer } from '../lib/after-answer'
import { apiError, errorMessage, requestLocale } from '../lib/api-errors'
import { localizedPath } from '../lib/locales'
import { siteHostOnly, siteOrigin } from '../lib/site-url'
import { TOKEN_PATTERN } from '../lib/tokens'
import { validate } from '../lib/validate'
import { sendMail } from '../mail/mailer'
import { mailLocale, passwordResetMail } from '../mail/messages'

export const RESET_REQUESTS_PER_ADDRESS = 5
export const RESET_REQUESTS_PER_EMAIL = 3
export const RESET_WINDOW_SECONDS = 60 * 60
export const RESET_CONFIRMS_PER_ADDRESS = 20
export const RESET_SENT = 'If an account exists for that e-mail address, we have sent it a link to reset the password. The link works once, within 30 minutes.'
export const RESET_LINK_INVALID = errorMessage('errors.resetLinkInvalid')

const requestSchema = z.object({ email: emailSchema })
const confirmSchema = z
  .object({ token: z.string().regex(TOKEN_PATTERN, RESET_LINK_INVALID), password: z.string().max(1000), confirmPassword: z.string().max(1000) })
  .superRefine(newPasswordPair('password', 'confirmPassword', 'Passwords do not match'))

export const passwordResetRoutes = new Hono<AppEnv>()
  .post('/', siteHostOnly, closedForMaintenance, validate('json', requestSchema), async (c) => {
    const { email } = c.req.valid('json')
    const db = database(c.env.DB)
    const refused = await limitPerAddress(c, db, 'reset', RESET_REQUESTS_PER_ADDRESS, RESET_WINDOW_SECONDS)
    if (refused) return refused
    // over the per-e-mail limit the answer stays the same (it would otherwise say nothing new
    // either), but no further mail goes out: nobody can flood an inbox
    const perEmail = await countAttempt(db, await emailCounter(c.env, 'user', email, 'reset'), RESET_WINDOW_SECONDS, nowSeconds())
    if (perEmail.count <= RESET_REQUESTS_PER_EMAIL) {
      const origin = siteOrigin(c)
      const requested = requestLocale(c)
      afterAnswer(
        c,
        (async () => {
          const row = await findByEmailWithHash(db, 'user', email)
          if (!row || !row.is_active) return
          const token = await issueResetToken(db, 'user', row.id)
          const locale = mailLocale(row.locale, requested)
          const link = `${origin}${localizedPath(locale, '/reset-password')}#token=${token}`
          await sendMail(c.env, c.req.url, passwordResetMail(c.env, row.email, link, RESET_TTL_SECONDS / 60, locale))
        })(),
      )
    }
    return c.json({ message: RESET_SENT }, 200)
  })
  .post('/confirm', siteHostOnly, closedForMaintenance, validate('json', confirmSchema), async (c) => {
    const body = c.req.valid('json')
    const db = database(c.env.DB)
    const refused = await limitPerAddress(c, db, 'reset-confirm', RESET_CONFIRMS_PER_ADDRESS, RESET_WINDOW_SECONDS)
    if (refused) return refused
    const owner = await redeemResetToken(db, body.token)
    if (!owner) return apiError(c, 400, 'errors.resetLinkInvalid')
    const record = await setPasswordHash(db, owner.ownerType, owner.ownerId, await hashPassword(body.password))
    const account = { type: owner.ownerType, id: owner.ownerId }
    const store = accountStore(c.env, account)
    await store.endSessions(account, null, true)
    if (record) await store.setProfile(account, record)
    forgetProfile(account)
    // a browser of the account that asks is signed out at once, the others within a minute
    if (sessionToken(c)) clearSessionCookie(c)
    await endResetLinks(db, owner.ownerType, owner.ownerId)
    return c.json({ message: 'Your password has been reset. Please log in.' }, 200)
  })

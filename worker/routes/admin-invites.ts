/**
 * A second administrator, invited from the dashboard by an existing one instead of only from the
 * command line (`npm run admin:create`).
 *
 *   /api/admin/invites   (an administrator past the second factor)
 *     GET    /              the open invitations: { invites: [{ id, email, invited_by, created_at, expires_at }] }
 *     POST   /  { email }   e-mails a one-time link, good for 24 hours -> 201 { invite }; 409 when
 *                            an administrator has that address; a new one to the same address
 *                            retires the earlier; at most 20 open at once
 *     DELETE /:id           revokes an open invitation
 *   /api/admin-invite    (the invitee, signed out; the token travels in the body, never the address)
 *     POST /check  { token }                                       -> { email, expires_at }
 *     POST /accept { token, username, password, confirmPassword }  -> 201: the administrator
 *          exists, with no second factor yet: its first sign-in sets one up, as for any new one.
 * Unknown, used, revoked and expired links answer 400 with one message. Both invitee calls are
 * limited per address, and answer 421 for any host but the site's.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { emailTaken, usernameTaken } from '../accounts/accounts'
import { claimInvite, collision, createInvitedAdmin, findInvite, INVITE_TTL_SECONDS, issueInvite, MAX_OPEN_INVITES, openInvites, releaseInvite, revokeInvite } from '../accounts/admin-invites'
import { database } from '../accounts/db'
import { emailSchema, idParamSchema, newPasswordPair, usernameSchema } from '../accounts/schemas'
import { requireAdmin } from '../auth/guards'
import { recordOf } from '../auth/profile-memo'
import { hashPassword } from '../auth/password'
import { limitPerAddress } from '../auth/rate-limit'
import type { AppEnv } from '../env'
import { audited } from '../lib/admin-audit'
import { afterAnswer } from '../lib/after-answer'
import { apiError, errorMessage, requestLocale } from '../lib/api-errors'
import { localizedPath } from '../lib/locales'
import { siteHostOnly, siteOrigin } from '../lib/site-url'
import { TOKEN_PATTERN } from '../lib/tokens'
import { validate } from '../lib/validate'
import { sendMail } from '../mail/mailer'
import { adminInviteMail } from '../mail/messages'

export const INVITE_CALLS_PER_ADDRESS = 30
const INVITE_WINDOW_SECONDS = 60 * 60

const INVITE_INVALID = errorMessage('errors.inviteInvalid')
const tokenSchema = z.string().regex(TOKEN_PATTERN, INVITE_INVALID)
const inviteSchema = z.object({ email: emailSchema })
const checkSchema = z.object({ token: tokenSchema })
const acceptSchema = z
  .object({ token: tokenSchema, username: usernameSchema, password: z.string().max(1000), confirmPassword: z.string().max(1000) })
  .superRefine(newPasswordPair('password', 'confirmPassword', errorMessage('errors.passwordsMismatch'), true))

export const adminInviteRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => c.json({ invites: await openInvites(database(c.env.DB)) }, 200))
  .post('/', requireAdmin, siteHostOnly, validate('json', inviteSchema), async (c) => {
    const { email } = c.req.valid('json')
    const db = database(c.env.DB)
    if (await emailTaken(db, email, 'admin')) return apiError(c, 409, 'errors.adminExists')
    const open = await openInvites(db)
    if (open.length >= MAX_OPEN_INVITES && !open.some((invite) => invite.email.toLowerCase() === email)) return apiError(c, 429, 'errors.tooManyInvites', { max: MAX_OPEN_INVITES })
    const account = c.var.account
    const { token, invite } = await issueInvite(db, email, account.id)
    const locale = requestLocale(c)
    const link = `${siteOrigin(c)}${localizedPath(locale, '/admin-invite')}#token=${token}`
    const record = await recordOf(db, account, c.var.profile)
    const inviter = record?.username ?? account.email
    afterAnswer(c, sendMail(c.env, c.req.url, adminInviteMail(c.env, email, inviter, link, INVITE_TTL_SECONDS / 3600, locale)))
    audited(c, 'admin.invite', `invite:${invite.id}`, { email })
    return c.json({ invite }, 201)
  })
  .delete('/:id', requireAdmin, validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await revokeInvite(database(c.env.DB), id))) return apiError(c, 404, 'errors.inviteNotFound')
    audited(c, 'admin.invite.revoke', `invite:${id}`)
    return c.json({ message: 'Invitation revoked.' }, 200)
  })

export const inviteeRoutes = new Hono<AppEnv>()
  .use(siteHostOnly, async (c, next) => (await limitPerAddress(c, database(c.env.DB), 'admin-invite', INVITE_CALLS_PER_ADDRESS, INVITE_WINDOW_SECONDS)) ?? next())
  .post('/check', validate('json', checkSchema), async (c) => {
    const invite = await findInvite(database(c.env.DB), c.req.valid('json').token)
    if (!invite) return apiError(c, 400, 'errors.inviteInvalid')
    return c.json({ email: invite.email, expires_at: invite.expires_at }, 200)
  })
  .post('/accept', validate('json', acceptSchema), async (c) => {
    const body = c.req.valid('json')
    const db = database(c.env.DB)
    const open = await findInvite(db, body.token)
    if (!open) return apiError(c, 400, 'errors.inviteInvalid')
    if (await usernameTaken(db, body.username)) return apiError(c, 409, 'errors.usernameTaken')
    // an administrator made meanwhile (from the command line) under the invited address
    if (await emailTaken(db, open.email, 'admin')) return apiError(c, 409, 'errors.adminExists')
    const passwordHash = await hashPassword(body.password)
    const claimed = await claimInvite(db, body.token)
    if (!claimed) return apiError(c, 400, 'errors.inviteInvalid')
    try {
      await createInvitedAdmin(db, claimed.id, { email: claimed.email, username: body.username, passwordHash })
    } catch (err) {
      // nothing was made; the link stays good for another try
      await releaseInvite(db, claimed.id)
      // the name or address was taken between the checks and the insert
      const taken = collision(err)
      if (taken === 'email') return apiError(c, 409, 'errors.adminExists')
      if (taken === 'username') return apiError(c, 409, 'errors.usernameTaken')
      throw err
    }
    return c.json({ message: 'Your administrator account is ready. Sign in to set up two-factor sign-in.', email: claimed.email }, 201)
  })

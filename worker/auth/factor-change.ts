/**
 * Changes to an administrator's second factors once one is set up (a new or another authenticator
 * app, removing it, new recovery codes, adding or removing a passkey). Each needs a session that
 * has passed the second factor, the password, and a fresh answer (a code from the app, a recovery
 * code or a passkey), so neither the password nor an unattended session alone can swap the
 * owner's factors for someone else's. The first factor, set up right after the password, needs
 * none of these. After a change every other session of the administrator ends and the owner is
 * told by e-mail.
 */
import type { Context } from 'hono'
import { z } from 'zod'
import { findRecord } from '../accounts/accounts'
import type { Db } from '../accounts/db'
import { hasAnyFactor, hasUsableFactor, secondFactorState } from '../accounts/second-factor'
import { accountStore } from '../accounts/store-client'
import type { Account, Bindings } from '../env'
import { afterAnswer } from '../lib/after-answer'
import { apiError, errorMessage, requestLocale } from '../lib/api-errors'
import { sendMail } from '../mail/mailer'
import { type FactorChange, factorChangedMail, mailLocale } from '../mail/messages'
import { checkCurrentPassword } from './current-password'
import { awaitsSecondFactor, secondFactorRequired } from './guards'
import { passkeyAnswerSchema, passWithCode, passWithPasskey, recoveryCodeSchema } from './second-factor-answers'

/** What confirms a change: the password and a code of either kind, or a passkey's answer to a 'second-factor' challenge. */
export const factorChangeSchema = z.object({
  password: z.string().max(1024, errorMessage('errors.passwordTooLong')).optional(),
  code: recoveryCodeSchema.optional(),
  passkey: passkeyAnswerSchema.optional(),
})
export type FactorChangeConfirmation = z.infer<typeof factorChangeSchema>

/**
 * Null when the administrator may change its factors now, else the refusal: 403 before the
 * session has passed the second factor (unless this is the first factor), 400 without the right
 * password or a right fresh answer, 429 past their limits.
 */
export async function confirmFactorChange(c: Context, db: Db, account: Account, confirmation: FactorChangeConfirmation): Promise<Response | null> {
  const state = await secondFactorState(db, account.id)
  if (awaitsSecondFactor(account)) return hasAnyFactor(state) ? secondFactorRequired(c) : null
  if (!confirmation.password) return apiError(c, 400, 'errors.passwordRequired')
  const check = await checkCurrentPassword(c, db, account, confirmation.password)
  if (check.refused) return check.refused
  if (!check.found || !check.ok) return apiError(c, 400, 'errors.currentPasswordIncorrect')
  // Nothing left to answer with (every recovery code used): the passed session and the password do.
  if (!hasUsableFactor(state)) return null
  if (confirmation.passkey) return passWithPasskey(c, db, account.id, confirmation.passkey)
  if (confirmation.code) return passWithCode(c, db, account.id, confirmation.code, state.totp)
  return apiError(c, 400, 'errors.secondFactorAnswerRequired')
}

/** Null when removing one factor leaves the administrator another to pass with, else 409. */
export async function keepsAFactor(c: Context, db: Db, adminId: number, removing: 'app' | 'passkey'): Promise<Response | null> {
  const state = await secondFactorState(db, adminId)
  const after = { ...state, totp: removing === 'app' ? false : state.totp, passkeys: removing === 'passkey' ? state.passkeys - 1 : state.passkeys }
  return hasUsableFactor(after) ? null : apiError(c, 409, 'errors.lastSecondFactor')
}

/** After a change: every other session of the administrator ends, and the owner is e-mailed in its language. */
export async function factorChanged(c: Context, db: Db, account: Account, change: FactorChange): Promise<void> {
  const owner = { type: 'admin' as const, id: account.id }
  await accountStore(c.env as Bindings, owner).endSessions(owner, account.sessionId)
  const record = await findRecord(db, 'admin', account.id)
  const locale = mailLocale(record?.locale, requestLocale(c))
  afterAnswer(c, sendMail(c.env as Bindings, c.req.url, factorChangedMail(c.env as Bindings, account.email, change, locale)))
}

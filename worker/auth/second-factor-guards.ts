/**
 * Guards around the second factor: administrators only; setting a factor up before the second
 * factor is passed only while the administrator has none; changes only after passing it.
 */
import { createMiddleware } from 'hono/factory'
import { database, type Db } from '../accounts/db'
import { hasAnyFactor, secondFactorState } from '../accounts/second-factor'
import type { Account, AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { awaitsSecondFactor, secondFactorRequired } from './guards'

type SignedIn = { Variables: { account: Account } }

export const adminsOnly = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  if (c.var.account.type !== 'admin') return apiError(c, 403, 'errors.secondFactorAdminsOnly')
  await next()
})

/** Setting up: allowed before the second factor only while the administrator has none at all. */
export const mayEnroll = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  const account = c.var.account
  if (account.type === 'admin' && awaitsSecondFactor(account) && hasAnyFactor(await secondFactorState(database(c.env.DB), account.id))) {
    return secondFactorRequired(c)
  }
  await next()
})

export const verifiedOnly = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  if (awaitsSecondFactor(c.var.account)) return secondFactorRequired(c)
  await next()
})


/** What an administrator's session still has to do: nothing, pass the second factor, or set one up first. */
export async function secondFactorStatus(db: Db, account: { type: Account['type']; id: number; secondFactor: string | null }): Promise<'verified' | 'required' | 'setup'> {
  if (account.secondFactor) return 'verified'
  return hasAnyFactor(await secondFactorState(db, account.id)) ? 'required' : 'setup'
}

/**
 * Guards around the second factor: administrators only; setting a factor up before the second
 * factor is passed only while the administrator has none; changes only after passing it.
 */
import { createMiddleware } from 'hono/factory'
import { database, type Db } from '../accounts/db'
import { hasAnyFactor, secondFactorState } from '../accounts/second-factor'
import type { Account, AppEnv } from '../env'
import { awaitsSecondFactor, SECOND_FACTOR_REQUIRED } from './guards'

const ADMINS_ONLY = 'Two-factor sign-in is for administrators'

type SignedIn = { Variables: { account: Account } }

export const adminsOnly = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  if (c.var.account.type !== 'admin') return c.json({ error: ADMINS_ONLY }, 403)
  await next()
})

/** Setting up: allowed before the second factor only while the administrator has none at all. */
export const mayEnroll = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  const account = c.var.account
  if (account.type === 'admin' && awaitsSecondFactor(account) && hasAnyFactor(await secondFactorState(database(c.env.DB), account.id))) {
    return c.json({ error: SECOND_FACTOR_REQUIRED, second_factor: 'required' as const }, 403)
  }
  await next()
})

export const verifiedOnly = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  if (awaitsSecondFactor(c.var.account)) return c.json({ error: SECOND_FACTOR_REQUIRED, second_factor: 'required' as const }, 403)
  await next()
})


/** What an administrator's session still has to do: nothing, pass the second factor, or set one up first. */
export async function secondFactorStatus(db: Db, account: { type: Account['type']; id: number; secondFactor: string | null }): Promise<'verified' | 'required' | 'setup'> {
  if (account.secondFactor) return 'verified'
  return hasAnyFactor(await secondFactorState(db, account.id)) ? 'required' : 'setup'
}

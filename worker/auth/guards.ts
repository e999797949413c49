/**
 * Who is asking: the session cookie is verified (signature, algorithm, expiry) and its row
 * looked up together with the account's is_active on every request, so revoked sessions and
 * banned accounts stop at once. The same read tells whether last_seen_at is an hour old and
 * due to be stamped again. `requireAccount` and `requireAdmin` set c.var.account;
 * `closedForMaintenance` turns account writes away while the operator's switch is on.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { database } from '../accounts/db'
import { findLiveSession, touchSession } from '../accounts/sessions'
import { maintenanceEnabled } from '../accounts/settings'
import type { Account, AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { sessionToken, signingSecret, verifySessionToken } from './session'

export const NO_SESSION = errorMessage('errors.noSession')
export const MAINTENANCE_MESSAGE = errorMessage('errors.maintenance')

type SignedIn = { Variables: { account: Account } }

/** The signed-in account, or null; looked up once per request. */
export async function currentAccount(context: Context<AppEnv> | Context<AppEnv & SignedIn>): Promise<Account | null> {
  // the guards below narrow `account` to present; until they have run it may be missing
  const c = context as Context<AppEnv>
  const known = c.var.account
  if (known) return known
  const token = sessionToken(c)
  if (!token) return null
  const claims = await verifySessionToken(signingSecret(c.env), token)
  if (!claims) return null
  const db = database(c.env.DB)
  const live = await findLiveSession(db, claims.sessionId, claims.type, claims.accountId)
  if (!live) return null
  await touchSession(db, claims.sessionId, live.lastSeenAt)
  const account: Account = { type: claims.type, id: claims.accountId, email: live.email, sessionId: claims.sessionId, secondFactor: live.secondFactor }
  c.set('account', account)
  return account
}

export const SECOND_FACTOR_REQUIRED = errorMessage('errors.secondFactorRequired')

/** An administrator's session that has not yet passed the second factor: good for nothing but passing it. */
export function awaitsSecondFactor(account: Account): boolean {
  return account.type === 'admin' && !account.secondFactor
}

/** The account as a reader of its own rows (its private lists): nobody until an administrator has passed the second factor. */
export async function readingAccount(c: Context<AppEnv>): Promise<Account | null> {
  const account = await currentAccount(c)
  return account && !awaitsSecondFactor(account) ? account : null
}

export function secondFactorRequired(c: Context) {
  return apiError(c, 403, 'errors.secondFactorRequired', undefined, { second_factor: 'required' as const })
}

/** A session of any kind, an administrator's too before the second factor (for passing or setting it up). */
export const requireSignedIn = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  if (!(await currentAccount(c))) return apiError(c, 401, 'errors.noSession')
  await next()
})

export const requireAccount = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  const account = await currentAccount(c)
  if (!account) return apiError(c, 401, 'errors.noSession')
  if (awaitsSecondFactor(account)) return secondFactorRequired(c)
  await next()
})

export const requireAdmin = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  const account = await currentAccount(c)
  if (!account) return apiError(c, 401, 'errors.noSession')
  if (account.type !== 'admin') return apiError(c, 403, 'errors.adminRequired')
  if (awaitsSecondFactor(account)) return secondFactorRequired(c)
  await next()
})

/** Sign-up and account writes answer 503 while maintenance is on; administrators carry on. */
export const closedForMaintenance = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
  const account = await currentAccount(c)
  if (account?.type !== 'admin' && (await maintenanceEnabled(database(c.env.DB)))) {
    return apiError(c, 503, 'errors.maintenance')
  }
  await next()
})

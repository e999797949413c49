/**
 * Who is asking: the session cookie is verified (signature, algorithm, expiry, claims). A token
 * confirmed within the last minute is taken at its word, with no lookup at all; an older one is
 * confirmed with the account's store (worker/accounts/store.ts), which also stamps when the
 * session was last seen, and re-issued; a session the store no longer knows (signed out, ended
 * elsewhere, banned) clears the cookie. `requireAccount` and `requireAdmin` set c.var.account;
 * `closedForMaintenance` turns account writes away while the operator's switch is on.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { database } from '../accounts/db'
import { maintenanceEnabled } from '../accounts/settings'
import { accountStore } from '../accounts/store-client'
import type { SessionViewer } from '../accounts/store'
import type { Account, AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { forgetProfile } from './profile-memo'
import { claimedProfile, clearSessionCookie, issueSessionCookie, recentlyConfirmed, sessionToken, signingSecret, verifySessionToken, type SessionClaims } from './session'

export const NO_SESSION = errorMessage('errors.noSession')
export const MAINTENANCE_MESSAGE = errorMessage('errors.maintenance')

export type SignedIn = { Variables: { account: Account } }

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
  // an administrator's session still short of its second factor is always asked about: it may
  // have passed it since, in an answer whose cookie this browser never stored
  if (recentlyConfirmed(claims) && (claims.type === 'user' || claims.secondFactor)) {
    const account: Account = { type: claims.type, id: claims.accountId, email: claims.email, sessionId: claims.sessionId, secondFactor: claims.secondFactor ?? null, checkedAt: claims.checkedAt, ...claimedProfile(claims) }
    c.set('account', account)
    return account
  }
  const owner = { type: claims.type, id: claims.accountId }
  const live = await accountStore(c.env, owner).confirmSession(owner, claims.sessionId)
  if (!live) {
    clearSessionCookie(c)
    return null
  }
  const secondFactor = live.secondFactor === 'passkey' || live.secondFactor === 'totp' || live.secondFactor === 'recovery' ? live.secondFactor : null
  const checkedAt = await issueSessionCookie(c, { ...claims, email: live.email, secondFactor, ...live.viewer })
  const account: Account = { type: claims.type, id: claims.accountId, email: live.email, sessionId: claims.sessionId, secondFactor, checkedAt, ...live.viewer }
  c.set('account', account)
  c.set('profile', live.profile)
  return account
}

/**
 * Ends the session this browser's cookie names, if it names a genuine one, without asking first
 * whether it is still live (sign-out, or signing in again over it).
 */
export async function endThisSession(c: Context<AppEnv>): Promise<void> {
  const token = sessionToken(c)
  const claims = token ? await verifySessionToken(signingSecret(c.env), token) : null
  if (!claims) return
  const owner = { type: claims.type, id: claims.accountId }
  await accountStore(c.env, owner).endSession(owner, claims.sessionId)
}

/**
 * The session passed the second factor: kept in its store, and this browser's cookie says so at
 * once (the account in this request too).
 */
export async function passSecondFactor(c: Context<AppEnv & SignedIn>, how: 'passkey' | 'totp' | 'recovery'): Promise<void> {
  const account = c.var.account
  const owner = { type: account.type, id: account.id }
  await accountStore(c.env, owner).passSecondFactor(owner, account.sessionId, how)
  const claims = await verifySessionToken(signingSecret(c.env), sessionToken(c) ?? '')
  if (claims) await issueSessionCookie(c, { ...claims, email: account.email, secondFactor: how })
  c.set('account', { ...account, secondFactor: how })
}

/**
 * The account's record changed (name, language, password): this browser's cookie is confirmed
 * again, so the record kept for its old confirmation (worker/auth/profile-memo.ts) is not the one
 * it is answered with, in this isolate or any other.
 */
export async function reconfirmAfterProfileChange(c: Context<AppEnv & SignedIn>): Promise<void> {
  const account = c.var.account
  forgetProfile(account)
  const claims = await verifySessionToken(signingSecret(c.env), sessionToken(c) ?? '')
  if (!claims) return
  const checkedAt = await issueSessionCookie(c, { ...claims, email: account.email, secondFactor: (account.secondFactor as SessionClaims['secondFactor']) ?? null })
  c.set('account', { ...account, checkedAt })
}

/** This browser's session now watches as another profile: its cookie says so at once, and the request's account too. */
export async function reissueForProfile(c: Context<AppEnv & SignedIn>, viewer: SessionViewer): Promise<void> {
  const account = c.var.account
  const claims = await verifySessionToken(signingSecret(c.env), sessionToken(c) ?? '')
  if (!claims) return
  const checkedAt = await issueSessionCookie(c, { ...claims, email: account.email, secondFactor: (account.secondFactor as SessionClaims['secondFactor']) ?? null, ...viewer })
  c.set('account', { ...account, ...viewer, checkedAt })
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

/**
 * A signed-in viewer whose profile is chosen: every per-viewer route. A session still to answer
 * "Who's watching?" reads and writes no profile's rows (409, `choose_profile`).
 */
export const requireAccount = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  const account = await currentAccount(c)
  if (!account) return apiError(c, 401, 'errors.noSession')
  if (awaitsSecondFactor(account)) return secondFactorRequired(c)
  if (account.profileId === 0) return apiError(c, 409, 'errors.chooseProfile', undefined, { choose_profile: true as const })
  await next()
})

/**
 * What belongs to the account rather than to a profile (password, e-mail, passkeys, sessions,
 * export, deletion, the profiles themselves): never from a kids profile's session, whose holder
 * may be a child (403, `kids_profile`). Goes after requireAccount.
 */
export const requireAccountLevel = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  if (c.var.account.kids) return apiError(c, 403, 'errors.kidsProfile', undefined, { kids_profile: true as const })
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

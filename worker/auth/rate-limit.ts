/**
 * Attempt limits for sign-in, sign-up, the password change and password reset, counted in D1
 * (rate_limits) so every isolate and colo sees the same numbers. Every attempt is counted
 * *before* it is checked, with one upsert that answers the new count, so a parallel burst cannot
 * slip between a check and a count: the eleventh of thirty simultaneous guesses already sees 11.
 *
 * Sign-in (per account type, so user and admin sign-in never share a counter):
 *   - per client address: 30 failed attempts in 15 minutes, then 429 for that address;
 *   - per (e-mail, address) pair: 10 failed attempts in 15 minutes, then 429 for that pair only;
 *   - per e-mail, from anywhere: after 10 failures in 15 minutes attempts are spaced out instead
 *     of refused outright: each needs the growing delay (5 s, 10 s, 20 s ... at most 5 minutes) since
 *     the last, or, when the bot check is configured, a passed bot check (which every sign-in then
 *     needs anyway). An address that signed in to the account in the last 30 days is trusted and
 *     skips the delay, so the owner is never locked out by strangers. The owner is e-mailed when
 *     the tenth failure arrives.
 * A successful sign-in gives back the attempt it counted and clears its pair's counter.
 *
 * The client address is CF-Connecting-IP, which Cloudflare's edge writes on every request it
 * passes to a deployed worker (replacing any value the client sent); locally `wrangler dev` sets
 * it from the socket. A request without it (tests, anything not from the edge) has no address:
 * per-address rules are skipped for it rather than putting every such client in one bucket, and
 * the per-e-mail rule still applies.
 *
 * Keys never hold an e-mail or an address in clear: each is replaced by a keyed digest
 * (worker/lib/digest.ts, under a key derived from JWT_SECRET), so a copy of the table names nobody,
 * and counters that name an account start with its type and digest (or its id), so deleting the
 * account deletes them by key range. Rotating JWT_SECRET starts every counter afresh.
 */
import type { Context } from 'hono'
import { and, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm'
import { rateLimits, type OwnerType } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import { errorText, requestLocale, variesByLanguage } from '../lib/api-errors'
import { keyedDigestHex } from '../lib/digest'
import { DEFAULT_LOCALE, type Locale } from '../lib/locales'
import type { AppEnv, Bindings } from '../env'
import { signingSecret } from './session'

export const WINDOW_SECONDS = 15 * 60
/** Failed sign-ins per client address and account type in one window. */
export const ADDRESS_FAILURE_LIMIT = 30
/** Failed sign-ins per (e-mail, address) pair in one window. */
export const PAIR_FAILURE_LIMIT = 10
/** Failures per e-mail, from any address, after which attempts are spaced out. */
export const EMAIL_SLOWDOWN_AFTER = 10
export const FIRST_DELAY_SECONDS = 5
export const MAX_DELAY_SECONDS = 5 * 60
export const TRUSTED_ADDRESS_SECONDS = 30 * 24 * 60 * 60
/** Sign-up attempts per address in an hour, successful or not. */
export const SIGNUP_ADDRESS_LIMIT = 10
export const SIGNUP_WINDOW_SECONDS = 60 * 60
/** Wrong current passwords per account in one window (a stolen session must not become a way to guess). */
export const PASSWORD_CHECK_LIMIT = 10

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/** The client's address as the edge reports it, or null when the request did not come through it. */
export function clientAddress(c: Context<AppEnv>): string | null {
  const value = c.req.header('CF-Connecting-IP')?.trim()
  return value && value.length <= 64 ? value.toLowerCase() : null
}

/** A keyed digest standing for an e-mail or an address in a counter's key. */
function pseudonym(env: Pick<Bindings, 'JWT_SECRET'>, kind: 'email' | 'ip', value: string): Promise<string> {
  return keyedDigestHex(signingSecret(env), 'reelhouse rate limits v1', `${kind}:${value}`)
}

/** The key of a counter per client address under `rule` (`signup`, `login:user` ...). */
export async function addressCounter(env: Pick<Bindings, 'JWT_SECRET'>, rule: string, address: string): Promise<string> {
  return `${rule}:ip:${await pseudonym(env, 'ip', address)}`
}

/** The key of a counter of an account's e-mail under `rule`, and of one client address of it when given. */
export async function emailCounter(env: Pick<Bindings, 'JWT_SECRET'>, type: OwnerType, email: string, rule: string, address?: string | null): Promise<string> {
  const who = `${type}:${await pseudonym(env, 'email', email)}:${rule}`
  return address ? `${who}:${await pseudonym(env, 'ip', address)}` : who
}

/** The key of a counter of an account by its id under `rule`, and of one client address of it when given. */
export async function accountCounter(env: Pick<Bindings, 'JWT_SECRET'>, account: { type: OwnerType; id: number }, rule: string, address?: string | null): Promise<string> {
  const who = `${account.type}#${account.id}:${rule}`
  return address ? `${who}:${await pseudonym(env, 'ip', address)}` : who
}

/** Keys from `prefix` (ending in ':') up to the next prefix: a range the primary key's index answers. */
function keysUnder(prefix: string) {
  return and(gte(rateLimits.key, prefix), lt(rateLimits.key, `${prefix.slice(0, -1)};`))
}

/** Statements deleting every counter that names the account, by its e-mail or its id, for a batch that deletes the account. */
export async function countersOf(env: Pick<Bindings, 'JWT_SECRET'>, db: Db, account: { type: OwnerType; id: number; email: string }) {
  const byEmail = `${account.type}:${await pseudonym(env, 'email', account.email.toLowerCase())}:`
  return [db.delete(rateLimits).where(keysUnder(byEmail)), db.delete(rateLimits).where(keysUnder(`${account.type}#${account.id}:`))] as const
}

export interface Count {
  count: number
  resetAt: number
  nextAt: number
}

/** Counts one attempt under `key` and answers the counter as it now stands (a new window starts at 1). */
export async function countAttempt(db: Db, key: string, windowSeconds: number, now = nowSeconds()): Promise<Count> {
  const expired = sql`${rateLimits.reset_at} <= ${now}`
  const row = await db
    .insert(rateLimits)
    .values({ key, count: 1, reset_at: now + windowSeconds, next_at: 0 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        next_at: sql`case when ${expired} then 0 else ${rateLimits.next_at} end`,
        reset_at: sql`case when ${expired} then ${now + windowSeconds} else ${rateLimits.reset_at} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.reset_at, nextAt: rateLimits.next_at })
    .get()
  return row
}

/** Gives back an attempt counted by countAttempt (a successful sign-in is no failure). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key))
    .run()
}

/**
 * Takes the key's next slot when its delay has passed: one statement, so of many parallel
 * attempts exactly one gets it. Answers 0 when taken, else the seconds still to wait.
 */
async function takeSpacedSlot(db: Db, key: string, delaySeconds: number, now: number): Promise<number> {
  const taken = await db
    .update(rateLimits)
    .set({ next_at: now + delaySeconds })
    .where(and(eq(rateLimits.key, key), lte(rateLimits.next_at, now)))
    .returning({ nextAt: rateLimits.next_at })
    .get()
  if (taken) return 0
  const row = await db.select({ nextAt: rateLimits.next_at }).from(rateLimits).where(eq(rateLimits.key, key)).get()
  return Math.max(1, (row?.nextAt ?? now + 1) - now)
}

export function spacingDelay(failures: number): number {
  const beyond = Math.max(0, failures - EMAIL_SLOWDOWN_AFTER - 1)
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(beyond, 12))
}

async function isTrusted(db: Db, key: string, now: number): Promise<boolean> {
  const row = await db.select({ key: rateLimits.key }).from(rateLimits).where(and(eq(rateLimits.key, key), gt(rateLimits.reset_at, now))).get()
  return row !== undefined
}

async function trust(db: Db, key: string, now: number): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, count: 1, reset_at: now + TRUSTED_ADDRESS_SECONDS })
    .onConflictDoUpdate({ target: rateLimits.key, set: { reset_at: now + TRUSTED_ADDRESS_SECONDS } })
    .run()
}

export function tooManyAttemptsMessage(seconds: number, locale: Locale = DEFAULT_LOCALE): string {
  if (seconds < 60) return errorText(locale, 'errors.tooManyAttemptsSeconds', { count: seconds })
  return errorText(locale, 'errors.tooManyAttemptsMinutes', { count: Math.ceil(seconds / 60) })
}

export function tooMany(c: Context, seconds: number): Response {
  const wait = Math.max(1, seconds)
  c.header('Retry-After', String(wait))
  variesByLanguage(c)
  return c.json({ error: tooManyAttemptsMessage(wait, requestLocale(c)) }, 429)
}

export interface SignInAttempt {
  /** For a failed check: true when this is the failure the owner is told about (the tenth in a window). */
  warnsOwner(): boolean
  /** The check passed: give the attempt back, clear the pair, trust the address. */
  succeeded(): Promise<void>
}

/**
 * Counts a sign-in attempt under every rule before the password is checked. Answers a 429
 * response when a rule refuses it, else the attempt to settle once the password is checked.
 */
export async function beginSignIn(
  c: Context<AppEnv>,
  db: Db,
  type: OwnerType,
  email: string,
  options: { botChecked: boolean },
): Promise<Response | SignInAttempt> {
  const now = nowSeconds()
  const address = clientAddress(c)
  const addressKey = address ? await addressCounter(c.env, `login:${type}`, address) : null
  const pairKey = address ? await emailCounter(c.env, type, email, 'login-pair', address) : null
  const emailKey = await emailCounter(c.env, type, email, 'login')
  const trustedKey = address ? await emailCounter(c.env, type, email, 'login-trusted', address) : null

  if (addressKey) {
    const counted = await countAttempt(db, addressKey, WINDOW_SECONDS, now)
    if (counted.count > ADDRESS_FAILURE_LIMIT) return tooMany(c, counted.resetAt - now)
  }
  if (pairKey) {
    const counted = await countAttempt(db, pairKey, WINDOW_SECONDS, now)
    if (counted.count > PAIR_FAILURE_LIMIT) return tooMany(c, counted.resetAt - now)
  }
  const perEmail = await countAttempt(db, emailKey, WINDOW_SECONDS, now)
  if (perEmail.count > EMAIL_SLOWDOWN_AFTER && !options.botChecked && !(trustedKey && (await isTrusted(db, trustedKey, now)))) {
    const wait = await takeSpacedSlot(db, emailKey, spacingDelay(perEmail.count), now)
    if (wait > 0) {
      await giveBack(db, emailKey)
      return tooMany(c, wait)
    }
  }
  return {
    warnsOwner: () => perEmail.count === EMAIL_SLOWDOWN_AFTER,
    async succeeded() {
      // One statement gives back the attempt counted per address and per e-mail and clears the
      // pair's count (a zeroed row counts like no row); the address is trusted for 30 days.
      await db
        .update(rateLimits)
        .set({ count: pairKey ? sql`case when ${rateLimits.key} = ${pairKey} then 0 else max(${rateLimits.count} - 1, 0) end` : sql`max(${rateLimits.count} - 1, 0)` })
        .where(inArray(rateLimits.key, [emailKey, ...(addressKey ? [addressKey] : []), ...(pairKey ? [pairKey] : [])]))
        .run()
      if (trustedKey) await trust(db, trustedKey, now)
      await sweepStaleCounters(db, now)
    },
  }
}

/** Wrong second-factor answers per administrator and client address, and per administrator from addresses it has not passed from, in one window. */
export const SECOND_FACTOR_TRIES = 5

export interface SecondFactorTry {
  /** The answer was right: give the tries back and trust the address for this administrator. */
  succeeded(): Promise<void>
}

/**
 * Counts a second-factor answer before it is checked. A code (from the app or a recovery code)
 * counts per administrator and address, and, unless the address passed this administrator's
 * second factor in the last 30 days, per administrator from anywhere: someone holding the
 * password can spend the shared count, but not the owner's at an address the owner uses. A passkey,
 * which cannot be guessed, counts per address only, so it passes while codes wait.
 */
export async function beginSecondFactorTry(c: Context, db: Db, adminId: number, answer: 'code' | 'passkey'): Promise<Response | SecondFactorTry> {
  const now = nowSeconds()
  const env = c.env as Bindings
  const admin = { type: 'admin' as const, id: adminId }
  const address = clientAddress(c)
  const pairKey = address ? await accountCounter(env, admin, `second-factor-${answer}`, address) : null
  const trustedKey = address ? await accountCounter(env, admin, 'second-factor-trusted', address) : null
  const sharedKey = answer === 'code' && !(trustedKey && (await isTrusted(db, trustedKey, now))) ? await accountCounter(env, admin, 'second-factor') : null
  for (const key of [pairKey, sharedKey]) {
    if (!key) continue
    const counted = await countAttempt(db, key, WINDOW_SECONDS, now)
    if (counted.count > SECOND_FACTOR_TRIES) return tooMany(c, counted.resetAt - now)
  }
  const counted = [pairKey, sharedKey].filter((key): key is string => key !== null)
  return {
    async succeeded() {
      if (counted.length > 0) await db.update(rateLimits).set({ count: sql`max(${rateLimits.count} - 1, 0)` }).where(inArray(rateLimits.key, counted)).run()
      if (trustedKey) await trust(db, trustedKey, now)
    },
  }
}

/**
 * Counts one attempt under each key before the action; answers the 429 of the first key over its
 * limit, or null. For actions where success and failure count alike (sign-up, reset requests).
 */
export async function limitAttempts(c: Context, db: Db, rules: { key: string; limit: number; windowSeconds: number }[]): Promise<Response | null> {
  const now = nowSeconds()
  for (const rule of rules) {
    const counted = await countAttempt(db, rule.key, rule.windowSeconds, now)
    if (counted.count > rule.limit) return tooMany(c, counted.resetAt - now)
  }
  return null
}

/**
 * Counts one request of `rule` from the client's address; the 429 once it passes `limit` in the
 * window, else null (also when the edge names no address).
 */
export async function limitPerAddress(c: Context<AppEnv>, db: Db, rule: string, limit: number, windowSeconds: number): Promise<Response | null> {
  const address = clientAddress(c)
  if (!address) return null
  return limitAttempts(c, db, [{ key: await addressCounter(c.env, rule, address), limit, windowSeconds }])
}

/** Housekeeping: counters whose window ended long ago, found through the index on reset_at. */
export async function deleteStaleCounters(db: Db, now = nowSeconds()): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.reset_at, now - WINDOW_SECONDS)).run()
}

/** How often an isolate sweeps as sign-ins come: a stale row costs nothing but its space meanwhile. */
export const SWEEP_INTERVAL_SECONDS = 10 * 60
let lastSweep = 0

async function sweepStaleCounters(db: Db, now: number): Promise<void> {
  if (now - lastSweep < SWEEP_INTERVAL_SECONDS) return
  lastSweep = now
  await deleteStaleCounters(db, now)
}

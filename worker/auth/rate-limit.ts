/**
 * Failed sign-in and sign-up attempts counted per client IP and per e-mail address in fixed
 * 15-minute windows. The counters live in D1 (rate_limits) rather than isolate memory so every
 * isolate and every colo sees the same count. A blocked attempt answers 429 with Retry-After
 * and is not itself counted, so the window ends when it says it will.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { inArray, lte, sql } from 'drizzle-orm'
import { rateLimits } from '../../drizzle/schema'
import { database, type Db } from '../accounts/db'
import type { AppEnv } from '../env'

export const WINDOW_SECONDS = 15 * 60
/** Failures allowed per e-mail address in one window. */
export const EMAIL_FAILURE_LIMIT = 10
/** Higher, because one address may be shared by a whole household, office or mobile carrier. */
export const IP_FAILURE_LIMIT = 30

type Action = 'login' | 'signup'

interface Counter {
  key: string
  limit: number
}

export function clientIp(c: Context<AppEnv>): string {
  return c.req.header('CF-Connecting-IP') ?? 'local'
}

/** Seconds until every counter is below its limit again; 0 when none is at its limit. */
export async function secondsBlocked(db: Db, counters: Counter[], now: number): Promise<number> {
  const rows = await db
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, counters.map((counter) => counter.key)))
    .all()
  let wait = 0
  for (const row of rows) {
    const limit = counters.find((counter) => counter.key === row.key)?.limit ?? Infinity
    if (row.reset_at > now && row.count >= limit) wait = Math.max(wait, row.reset_at - now)
  }
  return wait
}

export async function recordFailure(db: Db, keys: string[], now: number): Promise<void> {
  const windowEnd = now + WINDOW_SECONDS
  const expired = sql`${rateLimits.reset_at} <= ${now}`
  await db.batch([
    db.delete(rateLimits).where(lte(rateLimits.reset_at, now - WINDOW_SECONDS)),
    ...keys.map((key) =>
      db
        .insert(rateLimits)
        .values({ key, count: 1, reset_at: windowEnd })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            reset_at: sql`case when ${expired} then ${windowEnd} else ${rateLimits.reset_at} end`,
          },
        }),
    ),
  ])
}

export async function clearCounters(db: Db, keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys)).run()
}

export function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

/** The e-mail named in a JSON body, read without consuming it for the validator after us. */
async function emailInBody(c: Context<AppEnv>): Promise<string | null> {
  try {
    const body: unknown = JSON.parse(await c.req.text())
    if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
      const email = body.email.trim().toLowerCase()
      return email && email.length <= 254 ? email : null
    }
  } catch {
    // malformed bodies are the validator's to answer; they still count against the IP
  }
  return null
}

const FAILED = new Set([400, 401, 403, 409])

async function refuseWhileBlocked(c: Context<AppEnv>, db: Db, counters: Counter[]): Promise<Response | null> {
  const wait = await secondsBlocked(db, counters, Math.floor(Date.now() / 1000))
  if (wait <= 0) return null
  c.header('Retry-After', String(wait))
  return c.json({ error: tooManyAttemptsMessage(wait) }, 429)
}

/**
 * Wraps sign-in or sign-up: refuses while a counter is at its limit, counts the attempt when it
 * fails, and forgets the e-mail counter after a successful sign-in.
 */
export function limitFailures(action: Action) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const db = database(c.env.DB)
    const email = await emailInBody(c)
    const counters: Counter[] = [{ key: `${action}:ip:${clientIp(c)}`, limit: IP_FAILURE_LIMIT }]
    if (email) counters.push({ key: `${action}:email:${email}`, limit: EMAIL_FAILURE_LIMIT })

    const refused = await refuseWhileBlocked(c, db, counters)
    if (refused) return refused
    await next()
    if (FAILED.has(c.res.status)) {
      await recordFailure(db, counters.map((counter) => counter.key), Math.floor(Date.now() / 1000))
    } else if (c.res.ok && action === 'login' && email) {
      await clearCounters(db, [`login:email:${email}`])
    }
  })
}

/**
 * Wraps the password change, after the account guard: a stolen session must not become a way
 * to guess the current password, so wrong guesses are limited per account like sign-ins.
 */
export const limitPasswordChecks = createMiddleware<AppEnv>(async (c, next) => {
  const account = c.get('account')
  if (!account) return next()
  const db = database(c.env.DB)
  const counters: Counter[] = [{ key: `password:${account.type}:${account.id}`, limit: EMAIL_FAILURE_LIMIT }]
  const refused = await refuseWhileBlocked(c, db, counters)
  if (refused) return refused
  await next()
  if (FAILED.has(c.res.status)) await recordFailure(db, [counters[0]!.key], Math.floor(Date.now() / 1000))
})

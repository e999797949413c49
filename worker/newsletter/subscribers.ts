/**
 * The weekly "new on the site" e-mail's subscribers, in D1 (`newsletter_subscribers`, migration
 * 0018). Double opt-in: an address starts `pending` with a confirmation token (32 random bytes,
 * base64url; D1 keeps its SHA-256 only) that confirms it within CONFIRM_DAYS, and only confirmed
 * addresses are ever sent the weekly e-mail. Asking again for a pending address replaces its
 * token (the older link stops working); asking for a confirmed one changes nothing.
 *
 * The unsubscribe token is kept nowhere: it is the row's id and a keyed digest (HMAC-SHA-256 under
 * a key derived from JWT_SECRET, worker/lib/digest.ts) of the id and the row's random salt, so
 * every weekly e-mail can carry it, a copy of the table cannot make it, and it stops working once
 * the row is gone. Rotating JWT_SECRET makes earlier e-mails' unsubscribe links invalid (the next
 * e-mail carries a working one). Unsubscribing deletes the row: the address is forgotten.
 */
import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { newsletterSubscribers } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import { signingSecret } from '../auth/session'
import type { Bindings } from '../env'
import { digestHex, keyedDigestHex, sameSecret } from '../lib/digest'
import { randomToken, TOKEN_PATTERN } from '../lib/tokens'
import type { Locale } from '../lib/locales'

export const CONFIRM_DAYS = 7
export const CONFIRM_TTL_SECONDS = CONFIRM_DAYS * 24 * 60 * 60
export const CONFIRM_TOKEN_PATTERN = TOKEN_PATTERN
export const UNSUBSCRIBE_TOKEN_PATTERN = /^([1-9]\d{0,14})\.([0-9a-f]{32})$/

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * Records a subscription request. Answers the confirmation token to e-mail, or null when nothing
 * is to be sent (the address is already confirmed).
 */
export async function requestSubscription(db: Db, email: string, locale: Locale, now = nowSeconds()): Promise<string | null> {
  const token = randomToken()
  const confirmHash = await digestHex(token)
  const salt = randomToken(16)
  // One statement: a new address is added; a pending one gets the new token, language and time;
  // a confirmed one is left as it is (and answers no row).
  const row = await db
    .insert(newsletterSubscribers)
    .values({ email, locale, status: 'pending', confirm_hash: confirmHash, confirm_expires_at: now + CONFIRM_TTL_SECONDS, unsubscribe_salt: salt })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { confirm_hash: confirmHash, confirm_expires_at: now + CONFIRM_TTL_SECONDS, locale },
      setWhere: eq(newsletterSubscribers.status, 'pending'),
    })
    .returning({ id: newsletterSubscribers.id })
    .get()
  return row ? token : null
}

export type ConfirmResult = { status: 'confirmed' | 'already'; locale: string } | null

/** Confirms the address a token was sent to; null for an unknown token or a pending one past its time. */
export async function confirmSubscription(db: Db, token: string, now = nowSeconds()): Promise<ConfirmResult> {
  const hash = await digestHex(token)
  const confirmed = await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmed_at: new Date(now * 1000).toISOString() })
    .where(and(eq(newsletterSubscribers.confirm_hash, hash), eq(newsletterSubscribers.status, 'pending'), gt(newsletterSubscribers.confirm_expires_at, now)))
    .returning({ locale: newsletterSubscribers.locale })
    .get()
  if (confirmed) return { status: 'confirmed', locale: confirmed.locale }
  const row = await findByConfirmToken(db, token, now)
  return row?.status === 'confirmed' ? { status: 'already', locale: row.locale } : null
}

/** The subscription a confirmation token names while it still can confirm it (or has), else null. */
export async function findByConfirmToken(db: Db, token: string, now = nowSeconds()): Promise<{ status: 'pending' | 'confirmed'; locale: string } | null> {
  const row = await db
    .select({ status: newsletterSubscribers.status, locale: newsletterSubscribers.locale, expiresAt: newsletterSubscribers.confirm_expires_at })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirm_hash, await digestHex(token)))
    .get()
  if (!row || (row.status === 'pending' && row.expiresAt <= now)) return null
  return { status: row.status, locale: row.locale }
}

function unsubscribeDigest(env: Pick<Bindings, 'JWT_SECRET'>, id: number, salt: string): Promise<string> {
  return keyedDigestHex(signingSecret(env), 'reelhouse newsletter unsubscribe v1', `${id}:${salt}`)
}

export async function unsubscribeToken(env: Pick<Bindings, 'JWT_SECRET'>, id: number, salt: string): Promise<string> {
  return `${id}.${await unsubscribeDigest(env, id, salt)}`
}

/**
 * The subscription an unsubscribe token names: `{ id, locale }`, or `'gone'` when no subscription
 * answers to it: the address has since been removed (no row to check the token against: the
 * answer is the same as for a removal, which is what its holder asked for), or the token is not
 * that row's (the same answer, so a guessed token does not tell which ids exist; nothing is
 * removed). Null for text not shaped as a token.
 */
export async function findByUnsubscribeToken(db: Db, env: Pick<Bindings, 'JWT_SECRET'>, token: string): Promise<{ id: number; locale: string } | 'gone' | null> {
  const parts = UNSUBSCRIBE_TOKEN_PATTERN.exec(token)
  if (!parts) return null
  const id = Number(parts[1])
  const row = await db.select({ salt: newsletterSubscribers.unsubscribe_salt, locale: newsletterSubscribers.locale }).from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).get()
  if (!row) return 'gone'
  return sameSecret(await unsubscribeDigest(env, id, row.salt), parts[2]!) ? { id, locale: row.locale } : 'gone'
}

export async function removeSubscriber(db: Db, id: number): Promise<void> {
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id))
}

/** A statement removing an address's subscription, for the batch that deletes the account with that address. */
export function subscriptionOf(db: Db, email: string) {
  return db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()))
}

export interface Recipient {
  id: number
  email: string
  locale: string
  salt: string
}

/**
 * Claims up to `limit` confirmed addresses not yet sent the week's e-mail, marking them sent for
 * `week` in the same statement, so runs that overlap never claim one address twice.
 */
export async function claimRecipients(db: Db, week: string, limit: number): Promise<Recipient[]> {
  const due = db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, 'confirmed'), or(isNull(newsletterSubscribers.sent_week), lt(newsletterSubscribers.sent_week, week))))
    .orderBy(newsletterSubscribers.id)
    .limit(limit)
  return db
    .update(newsletterSubscribers)
    .set({ sent_week: week })
    .where(and(sql`${newsletterSubscribers.id} in ${due}`, or(isNull(newsletterSubscribers.sent_week), lt(newsletterSubscribers.sent_week, week))))
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, locale: newsletterSubscribers.locale, salt: newsletterSubscribers.unsubscribe_salt })
    .all()
}

/** Gives claimed addresses back to the week's later runs (the issue could not be made for them). */
export async function releaseRecipients(db: Db, ids: number[], week: string): Promise<void> {
  if (ids.length === 0) return
  await db.update(newsletterSubscribers).set({ sent_week: null }).where(and(inArray(newsletterSubscribers.id, ids), eq(newsletterSubscribers.sent_week, week)))
}

/** Housekeeping: pending addresses whose link has run out are forgotten. */
export async function deleteExpiredPending(db: Db, now = nowSeconds()): Promise<void> {
  await db.delete(newsletterSubscribers).where(and(eq(newsletterSubscribers.status, 'pending'), lte(newsletterSubscribers.confirm_expires_at, now)))
}

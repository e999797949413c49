/**
 * Each account's private iCal feed address: /calendar/{secret}.ics, the secret 32 random bytes
 * (256 bits, base64url). D1 keeps only its SHA-256 with the owner (`calendar_feeds`), so a feed is
 * found by one indexed read and never by reading accounts; the account's store keeps the secret
 * itself, so the calendar page can show the address again. A new secret replaces the old one, and
 * revoking deletes both.
 */
import { and, eq } from 'drizzle-orm'
import { calendarFeeds } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import type { Owner } from '../accounts/watchlist'
import { digestHex } from '../lib/digest'
import { randomToken, TOKEN_PATTERN } from '../lib/tokens'

export const FEED_SECRET_PATTERN = TOKEN_PATTERN

export function newFeedSecret(): string {
  return randomToken()
}

function ownedBy(owner: Owner) {
  return and(eq(calendarFeeds.owner_type, owner.type), eq(calendarFeeds.owner_id, owner.id))
}

/** Makes `secret` the account's feed, in place of any earlier one. */
export async function saveFeed(db: Db, owner: Owner, secret: string, timeZone: string): Promise<void> {
  await db.batch([
    db.delete(calendarFeeds).where(ownedBy(owner)),
    db.insert(calendarFeeds).values({ secret_hash: await digestHex(secret), owner_type: owner.type, owner_id: owner.id, time_zone: timeZone }),
  ])
}

export async function revokeFeed(db: Db, owner: Owner): Promise<void> {
  await db.delete(calendarFeeds).where(ownedBy(owner))
}

/** The account a feed's secret belongs to, with its time zone; null for a secret no feed has. */
export async function findFeed(db: Db, secret: string): Promise<{ owner: Owner; timeZone: string } | null> {
  if (!FEED_SECRET_PATTERN.test(secret)) return null
  const row = await db.select().from(calendarFeeds).where(eq(calendarFeeds.secret_hash, await digestHex(secret))).get()
  return row ? { owner: { type: row.owner_type, id: row.owner_id }, timeZone: row.time_zone } : null
}

/**
 * Watchlist rows of one account. Every query is keyed by owner type and id from the session,
 * so no parameter a client sends can reach another account's list.
 */
import { and, desc, eq } from 'drizzle-orm'
import { watchlist, type ContentType, type OwnerType, type WatchlistEntry } from '../../drizzle/schema'
import type { Db } from './db'

export interface Owner {
  type: OwnerType
  id: number
}

export interface ContentKey {
  content_type: ContentType
  content_id: number
}

function ownedBy(owner: Owner) {
  return and(eq(watchlist.owner_type, owner.type), eq(watchlist.owner_id, owner.id))
}

function sameContent(key: ContentKey) {
  return and(eq(watchlist.content_type, key.content_type), eq(watchlist.content_id, key.content_id))
}

/** Newest first; ties (same millisecond) broken by id so the order is stable. */
export async function listWatchlist(db: Db, owner: Owner): Promise<WatchlistEntry[]> {
  return db.select().from(watchlist).where(ownedBy(owner)).orderBy(desc(watchlist.added_at), desc(watchlist.id)).all()
}

export interface WatchlistItem extends ContentKey {
  title: string
  poster_path: string | null
}

/** Adds the title once; a second add returns the existing entry with `created: false`. */
export async function addToWatchlist(db: Db, owner: Owner, item: WatchlistItem): Promise<{ entry: WatchlistEntry; created: boolean }> {
  const inserted = await db
    .insert(watchlist)
    .values({ owner_type: owner.type, owner_id: owner.id, ...item })
    .onConflictDoNothing()
    .returning()
    .get()
  if (inserted) return { entry: inserted, created: true }
  const existing = await db.select().from(watchlist).where(and(ownedBy(owner), sameContent(item))).get()
  if (!existing) throw new Error('watchlist entry vanished between insert and select')
  return { entry: existing, created: false }
}

export async function removeFromWatchlist(db: Db, owner: Owner, key: ContentKey): Promise<boolean> {
  const removed = await db.delete(watchlist).where(and(ownedBy(owner), sameContent(key))).returning({ id: watchlist.id }).all()
  return removed.length > 0
}

export async function isInWatchlist(db: Db, owner: Owner, key: ContentKey): Promise<boolean> {
  const row = await db.select({ id: watchlist.id }).from(watchlist).where(and(ownedBy(owner), sameContent(key))).get()
  return row !== undefined
}

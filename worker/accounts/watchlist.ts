/**
 * The watchlist of one account, in its own store (worker/accounts/store.ts): every query runs in
 * the account's Durable Object, so nothing a client sends can reach another account's list. A
 * change marks the row for the D1 copy with its change number (`copy`).
 */
import { and, desc, eq } from 'drizzle-orm'
import { storeCopyRemovals, storeWatchlist, type StoreWatchlistRow } from '../../drizzle/account-store'
import type { ContentType, OwnerType } from '../../drizzle/schema'
import type { StoreDb } from './db'

export interface Owner {
  type: OwnerType
  id: number
  /** Which of the account's profiles, for what each profile keeps of its own; absent or 1: the account's own. */
  profile?: number
}

export interface ContentKey {
  content_type: ContentType
  content_id: number
}

export interface WatchlistItem extends ContentKey {
  title: string
  poster_path: string | null
}

/** A watchlist entry as the API answers it: the row with its owner. */
export interface WatchlistEntry extends WatchlistItem {
  id: number
  owner_type: OwnerType
  owner_id: number
  added_at: string
}

export function watchlistEntry(owner: Owner, row: StoreWatchlistRow): WatchlistEntry {
  return {
    id: row.id,
    owner_type: owner.type,
    owner_id: owner.id,
    content_id: row.content_id,
    content_type: row.content_type,
    title: row.title,
    poster_path: row.poster_path,
    added_at: row.added_at,
  }
}

function sameContent(key: ContentKey) {
  return and(eq(storeWatchlist.content_type, key.content_type), eq(storeWatchlist.content_id, key.content_id))
}

/** Newest first; ties (same millisecond) broken by id so the order is stable. */
export function listWatchlist(db: StoreDb): StoreWatchlistRow[] {
  return db.select().from(storeWatchlist).orderBy(desc(storeWatchlist.added_at), desc(storeWatchlist.id)).all()
}

/** Adds the title once; a second add returns the existing entry with `created: false`. */
export function addToWatchlist(db: StoreDb, item: WatchlistItem & { added_at?: string }, change: number): { row: StoreWatchlistRow; created: boolean } {
  const inserted = db
    .insert(storeWatchlist)
    .values({ ...item, copy: change })
    .onConflictDoNothing()
    .returning()
    .get()
  if (inserted) return { row: inserted, created: true }
  const existing = db.select().from(storeWatchlist).where(sameContent(item)).get()
  if (!existing) throw new Error('watchlist entry vanished between insert and select')
  return { row: existing, created: false }
}

export function removeFromWatchlist(db: StoreDb, key: ContentKey): boolean {
  const removed = db.delete(storeWatchlist).where(sameContent(key)).returning({ id: storeWatchlist.id }).all()
  if (removed.length === 0) return false
  db.insert(storeCopyRemovals).values({ table_name: 'watchlist', ...key }).run()
  return true
}

export function isInWatchlist(db: StoreDb, key: ContentKey): boolean {
  return db.select({ id: storeWatchlist.id }).from(storeWatchlist).where(sameContent(key)).get() !== undefined
}

/**
 * The D1 copy of an account's watchlist and history, written by its store
 * (worker/accounts/store.ts) in batches: what changed since the last copy, as one multi-row
 * statement per table (the rows travel as one JSON value, so a batch is not bound by D1's 100
 * values a statement), after the removals. The admin figures read the copy through aggregate
 * tables its triggers keep (migrations/0011_...).
 */
import { and, gt, lte } from 'drizzle-orm'
import { storeCopyRemovals, storeHistory, storeWatchlist, type StoreHistoryRow, type StoreWatchlistRow } from '../../drizzle/account-store'
import type { StoreDb } from './db'
import type { Owner } from './watchlist'

export interface PendingCopy {
  /** Every change up to this number is in the copy once the batch is written. */
  upTo: number
  lastRemoval: number
  removals: (typeof storeCopyRemovals.$inferSelect)[]
  watchlist: StoreWatchlistRow[]
  history: StoreHistoryRow[]
}

/** Rows a statement carries: well within D1's 2 MB a value and 100 KB a statement. */
const ROWS_PER_STATEMENT = 500

export function pendingCopy(db: StoreDb, upTo: number): PendingCopy {
  const removals = db.select().from(storeCopyRemovals).orderBy(storeCopyRemovals.id).all()
  return {
    upTo,
    lastRemoval: removals.at(-1)?.id ?? 0,
    removals,
    watchlist: db.select().from(storeWatchlist).where(gt(storeWatchlist.copy, 0)).all(),
    history: db.select().from(storeHistory).where(gt(storeHistory.copy, 0)).all(),
  }
}

export function copyIsEmpty(pending: PendingCopy): boolean {
  return pending.removals.length === 0 && pending.watchlist.length === 0 && pending.history.length === 0
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT))
  return out
}

const WATCHLIST_UPSERT = `INSERT INTO watchlist (owner_type, owner_id, profile, content_id, content_type, title, poster_path, added_at)
SELECT ?1, ?2, ?4, value ->> '$.content_id', value ->> '$.content_type', value ->> '$.title', value ->> '$.poster_path', value ->> '$.added_at'
FROM json_each(?3) WHERE true
ON CONFLICT (owner_type, owner_id, profile, content_id, content_type) DO UPDATE SET
title = excluded.title, poster_path = excluded.poster_path, added_at = excluded.added_at`

const HISTORY_UPSERT = `INSERT INTO watch_history (owner_type, owner_id, profile, content_id, content_type, title, poster_path, watch_duration, position,
total_duration, season_number, episode_number, completed, watched_at)
SELECT ?1, ?2, ?4, value ->> '$.content_id', value ->> '$.content_type', value ->> '$.title', value ->> '$.poster_path', value ->> '$.watch_duration',
value ->> '$.position', value ->> '$.total_duration', value ->> '$.season_number', value ->> '$.episode_number', value ->> '$.completed', value ->> '$.watched_at'
FROM json_each(?3) WHERE true
ON CONFLICT (owner_type, owner_id, profile, content_id, content_type) DO UPDATE SET
title = excluded.title, poster_path = excluded.poster_path, watch_duration = excluded.watch_duration, position = excluded.position,
total_duration = excluded.total_duration, season_number = excluded.season_number, episode_number = excluded.episode_number,
completed = excluded.completed, watched_at = excluded.watched_at`

function titlesRemoved(table: 'watchlist' | 'watch_history') {
  return `DELETE FROM ${table} WHERE owner_type = ?1 AND owner_id = ?2 AND profile = ?4
AND (content_type, content_id) IN (SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each(?3))`
}

/** The statements that bring the copy of `owner`'s profile up to date, removals first, for one D1 batch. */
export function copyStatements(d1: D1Database, owner: Owner, pending: PendingCopy): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = []
  const profile = owner.profile ?? 1
  for (const table of ['watchlist', 'watch_history'] as const) {
    const removals = pending.removals.filter((r) => r.table_name === table)
    if (removals.some((r) => r.content_type === null)) {
      statements.push(d1.prepare(`DELETE FROM ${table} WHERE owner_type = ?1 AND owner_id = ?2 AND profile = ?3`).bind(owner.type, owner.id, profile))
    }
    const titles = removals.filter((r) => r.content_type !== null).map((r) => [r.content_type, r.content_id])
    for (const part of chunks(titles)) statements.push(d1.prepare(titlesRemoved(table)).bind(owner.type, owner.id, JSON.stringify(part), profile))
  }
  for (const part of chunks(pending.watchlist)) {
    const rows = part.map(({ content_id, content_type, title, poster_path, added_at }) => ({ content_id, content_type, title, poster_path, added_at }))
    statements.push(d1.prepare(WATCHLIST_UPSERT).bind(owner.type, owner.id, JSON.stringify(rows), profile))
  }
  for (const part of chunks(pending.history)) {
    const rows = part.map(({ id: _id, copy: _copy, completed, ...row }) => ({ ...row, completed: completed ? 1 : 0 }))
    statements.push(d1.prepare(HISTORY_UPSERT).bind(owner.type, owner.id, JSON.stringify(rows), profile))
  }
  return statements
}

/** After the batch: what it carried is copied; anything changed meanwhile keeps a newer number and waits. */
export function markCopied(db: StoreDb, pending: PendingCopy): void {
  db.update(storeWatchlist).set({ copy: 0 }).where(and(gt(storeWatchlist.copy, 0), lte(storeWatchlist.copy, pending.upTo))).run()
  db.update(storeHistory).set({ copy: 0 }).where(and(gt(storeHistory.copy, 0), lte(storeHistory.copy, pending.upTo))).run()
  db.delete(storeCopyRemovals).where(lte(storeCopyRemovals.id, pending.lastRemoval)).run()
}

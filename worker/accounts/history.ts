/**
 * Watch history of one account: one row per title, updated by every progress report. Keyed by
 * owner type and id from the session only. Status is derived as SPEC.md section 4 says.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import { watchHistory, type WatchHistoryEntry } from '../../drizzle/schema'
import { nowIso, type Db } from './db'
import type { ContentKey, Owner } from './watchlist'

export type HistoryStatus = 'Completed' | 'In Progress' | 'Started'
export type HistoryResult = WatchHistoryEntry & { status: HistoryStatus }

export function historyStatus(entry: Pick<WatchHistoryEntry, 'completed' | 'watch_duration'>): HistoryStatus {
  if (entry.completed) return 'Completed'
  return entry.watch_duration > 0 ? 'In Progress' : 'Started'
}

function withStatus(entry: WatchHistoryEntry): HistoryResult {
  return { ...entry, status: historyStatus(entry) }
}

function ownedBy(owner: Owner) {
  return and(eq(watchHistory.owner_type, owner.type), eq(watchHistory.owner_id, owner.id))
}

export interface ProgressReport extends ContentKey {
  title: string
  poster_path: string | null
  watch_duration: number
  position?: number
  total_duration?: number
  season_number?: number | null
  episode_number?: number | null
  completed?: boolean
}

/**
 * Records a progress report. Fields a report leaves out keep their stored values, a title once
 * completed stays completed (a later report from the credits or a rewatch must not undo it), and
 * the seconds watched never go down: the page counts them across visits, so a lower figure can
 * only be a report that arrived late or a tab opened before the newer one.
 */
export async function recordProgress(db: Db, owner: Owner, report: ProgressReport): Promise<HistoryResult> {
  const now = nowIso()
  const keep = (column: string) => sql.raw(`coalesce(excluded.${column}, ${column})`)
  const row = await db
    .insert(watchHistory)
    .values({
      owner_type: owner.type,
      owner_id: owner.id,
      content_id: report.content_id,
      content_type: report.content_type,
      title: report.title,
      poster_path: report.poster_path,
      watch_duration: report.watch_duration,
      position: report.position ?? 0,
      total_duration: report.total_duration ?? 0,
      season_number: report.season_number ?? null,
      episode_number: report.episode_number ?? null,
      completed: report.completed ?? false,
      watched_at: now,
    })
    .onConflictDoUpdate({
      target: [watchHistory.owner_type, watchHistory.owner_id, watchHistory.content_id, watchHistory.content_type],
      set: {
        title: report.title,
        poster_path: report.poster_path,
        watch_duration: sql`max(${watchHistory.watch_duration}, excluded.watch_duration)`,
        ...(report.position === undefined ? {} : { position: report.position }),
        ...(report.total_duration === undefined ? {} : { total_duration: report.total_duration }),
        season_number: keep('season_number'),
        episode_number: keep('episode_number'),
        completed: sql`${watchHistory.completed} or excluded.completed`,
        watched_at: now,
      },
    })
    .returning()
    .get()
  return withStatus(row)
}

export async function listHistory(db: Db, owner: Owner, limit: number): Promise<HistoryResult[]> {
  const rows = await db
    .select()
    .from(watchHistory)
    .where(ownedBy(owner))
    .orderBy(desc(watchHistory.watched_at), desc(watchHistory.id))
    .limit(limit)
    .all()
  return rows.map(withStatus)
}

export async function findHistoryEntry(db: Db, owner: Owner, key: ContentKey): Promise<HistoryResult | null> {
  const row = await db
    .select()
    .from(watchHistory)
    .where(and(ownedBy(owner), eq(watchHistory.content_type, key.content_type), eq(watchHistory.content_id, key.content_id)))
    .get()
  return row ? withStatus(row) : null
}

export async function clearHistory(db: Db, owner: Owner): Promise<number> {
  const removed = await db.delete(watchHistory).where(ownedBy(owner)).returning({ id: watchHistory.id }).all()
  return removed.length
}

/**
 * Watch history of one account, in its own store (worker/accounts/store.ts): one row per title,
 * and beside it the playing row, where a report on the title already playing is kept (one row
 * written, none read) until the pause, end or leave, another title, or a read of the history hands
 * it over.
 * Status is derived as SPEC.md section 4 says. A change marks the row for the D1 copy with its
 * change number (`copy`).
 */
import { and, desc, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm'
import { storeCopyRemovals, storeHistory, storePlaying, type StoreHistoryRow, type StorePlayingRow } from '../../drizzle/account-store'
import { nowIso, type StoreDb } from './db'
import type { ContentKey, Owner } from './watchlist'
import type { OwnerType } from '../../drizzle/schema'

export type HistoryStatus = 'Completed' | 'In Progress' | 'Started'

/** A history entry as the API answers it: the row with its owner and status. */
export type HistoryResult = Omit<StoreHistoryRow, 'copy' | 'continue_hidden'> & { owner_type: OwnerType; owner_id: number; status: HistoryStatus }

export function historyStatus(entry: { completed: boolean; watch_duration: number }): HistoryStatus {
  if (entry.completed) return 'Completed'
  return entry.watch_duration > 0 ? 'In Progress' : 'Started'
}

export function historyResult(owner: Owner, row: StoreHistoryRow): HistoryResult {
  const { copy: _copy, continue_hidden: _hidden, ...entry } = row
  return { ...entry, owner_type: owner.type, owner_id: owner.id, status: historyStatus(row) }
}

/** Which report of a viewing this is: the pause, the end, or the last as the player or page goes away. */
export const reportReasons = ['pause', 'end', 'leave'] as const
export type ReportReason = (typeof reportReasons)[number]

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
export function recordProgress(db: StoreDb, report: ProgressReport, change: number): StoreHistoryRow {
  const now = nowIso()
  const keep = (column: string) => sql.raw(`coalesce(excluded.${column}, ${column})`)
  return db
    .insert(storeHistory)
    .values({
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
      copy: change,
    })
    .onConflictDoUpdate({
      target: [storeHistory.content_type, storeHistory.content_id],
      set: {
        title: report.title,
        poster_path: report.poster_path,
        watch_duration: sql`max(${storeHistory.watch_duration}, excluded.watch_duration)`,
        ...(report.position === undefined ? {} : { position: report.position }),
        ...(report.total_duration === undefined ? {} : { total_duration: report.total_duration }),
        season_number: keep('season_number'),
        episode_number: keep('episode_number'),
        completed: sql`${storeHistory.completed} or excluded.completed`,
        // a title taken off Continue watching comes back once more of it is watched or another episode plays
        continue_hidden: sql`${storeHistory.continue_hidden} and excluded.watch_duration <= ${storeHistory.watch_duration}
          and coalesce(excluded.season_number, ${storeHistory.season_number}) is ${storeHistory.season_number}
          and coalesce(excluded.episode_number, ${storeHistory.episode_number}) is ${storeHistory.episode_number}`,
        watched_at: now,
        copy: change,
      },
    })
    .returning()
    .get()
}

/**
 * A report that wrote the history row: the row as it now stands is what the next report on the
 * title needs, so it is kept (`knownEntry`). Called once the write has committed.
 */
export function keepHistoryEntry(db: StoreDb, row: StoreHistoryRow): void {
  knownEntry.set(db, row)
}

/**
 * The history row of the title last reported, as this store last read or wrote it, so a report
 * on the title playing reads nothing. Every write that can change what a report reads of the row
 * forgets it (forgetHistoryEntry): settling the playing row, clearing the history, taking a title
 * off Continue watching, marking a show finished. Inserts that leave a row already there as it is
 * (an import, a title watched before) need not, nor the D1 copy marking rows copied: a report
 * reads nothing of the copy mark, and the answers leave it out (historyResult).
 */
const knownEntry = new WeakMap<StoreDb, StoreHistoryRow>()

export function forgetHistoryEntry(db: StoreDb): void {
  knownEntry.delete(db)
}

function historyEntryOf(db: StoreDb, key: ContentKey): StoreHistoryRow | undefined {
  const known = knownEntry.get(db)
  if (known && known.content_type === key.content_type && known.content_id === key.content_id) return known
  const row = findHistoryEntry(db, key)
  if (row) knownEntry.set(db, row)
  return row
}

const PLAYING_ROW = 1

export function playingRow(db: StoreDb): StorePlayingRow | undefined {
  if (knownPlaying.has(db)) return knownPlaying.get(db) ?? undefined
  const row = reportStatements(db).playing.get()
  knownPlaying.set(db, row ?? null)
  return row
}

/**
 * The playing row as this store last read or wrote it (null: none), so a report on the title
 * playing does not read it again. A removal forgets it rather than noting "none", so a write
 * undone by a failed transaction can never leave the memory wrong: the next report reads it.
 */
const knownPlaying = new WeakMap<StoreDb, StorePlayingRow | null>()

function forgetPlaying(db: StoreDb): void {
  knownPlaying.delete(db)
  knownEntry.delete(db)
}

/**
 * The statements of a progress report, built once per store: drizzle otherwise builds a query's
 * SQL again on every call, which was about a third of the CPU a report took in its store.
 */
function reportStatements(db: StoreDb) {
  let statements = builtStatements.get(db)
  if (!statements) {
    statements = buildReportStatements(db)
    builtStatements.set(db, statements)
  }
  return statements
}

function buildReportStatements(db: StoreDb) {
  const excluded = (column: string) => sql.raw(`excluded.${column}`)
  return {
    playing: db.select().from(storePlaying).prepare(),
    entry: db
      .select()
      .from(storeHistory)
      .where(and(eq(storeHistory.content_type, sql.placeholder('content_type')), eq(storeHistory.content_id, sql.placeholder('content_id'))))
      .prepare(),
    keepPlaying: db
      .insert(storePlaying)
      .values({
        id: PLAYING_ROW,
        content_id: sql.placeholder('content_id'),
        content_type: sql.placeholder('content_type'),
        watch_duration: sql.placeholder('watch_duration'),
        position: sql.placeholder('position'),
        total_duration: sql.placeholder('total_duration'),
        reported_at: sql.placeholder('reported_at'),
      })
      .onConflictDoUpdate({
        target: storePlaying.id,
        set: {
          content_id: excluded('content_id'),
          content_type: excluded('content_type'),
          watch_duration: excluded('watch_duration'),
          position: excluded('position'),
          total_duration: excluded('total_duration'),
          reported_at: excluded('reported_at'),
        },
      })
      .prepare(),
  }
}

const builtStatements = new WeakMap<StoreDb, ReturnType<typeof buildReportStatements>>()

/**
 * A report that only moves the title already in the history along (no reason, nothing but the
 * seconds, position and length changed, the title the one playing or none): kept in the playing
 * row alone, one row written. Answers the history entry as it now reads, or null when the report
 * must go to the history row itself (the first of a title, the pause, end or leave, a finished
 * title, another episode, a title taken off Continue watching).
 */
export function recordPlaying(db: StoreDb, report: ProgressReport, reason: ReportReason | null): StoreHistoryRow | null {
  if (reason) return null
  const playing = playingRow(db)
  if (playing && (playing.content_type !== report.content_type || playing.content_id !== report.content_id)) return null
  const row = historyEntryOf(db, report)
  if (!row || row.continue_hidden || row.title !== report.title || row.poster_path !== report.poster_path) return null
  if (report.completed && !row.completed) return null
  if ((report.season_number ?? row.season_number) !== row.season_number || (report.episode_number ?? row.episode_number) !== row.episode_number) return null
  const now = nowIso()
  const watch_duration = Math.max(row.watch_duration, playing?.watch_duration ?? 0, report.watch_duration)
  const position = report.position ?? playing?.position ?? row.position
  const total_duration = report.total_duration ?? playing?.total_duration ?? row.total_duration
  const kept = { id: PLAYING_ROW, content_id: row.content_id, content_type: row.content_type, watch_duration, position, total_duration, reported_at: now }
  knownPlaying.delete(db)
  reportStatements(db).keepPlaying.run(kept)
  knownPlaying.set(db, kept)
  return { ...row, watch_duration, position, total_duration, watched_at: now }
}

/**
 * The history row takes over what the playing row holds, marked for the D1 copy with `change`;
 * the playing row goes. False when nothing was playing.
 */
export function settlePlaying(db: StoreDb, change: () => number): boolean {
  const playing = playingRow(db)
  if (!playing) return false
  db.update(storeHistory)
    .set({
      watch_duration: sql`max(${storeHistory.watch_duration}, ${playing.watch_duration})`,
      position: playing.position,
      total_duration: playing.total_duration,
      watched_at: playing.reported_at,
      copy: change(),
    })
    .where(and(eq(storeHistory.content_type, playing.content_type), eq(storeHistory.content_id, playing.content_id)))
    .run()
  forgetPlaying(db)
  db.delete(storePlaying).run()
  return true
}

/** A title watched before (an import): added as completed at its date, or left as it is when there. */
export function recordWatched(db: StoreDb, item: ContentKey & { title: string; poster_path: string | null; watched_at: string }, change: number): boolean {
  const row = db
    .insert(storeHistory)
    .values({ ...item, completed: true, copy: change })
    .onConflictDoNothing()
    .returning({ id: storeHistory.id })
    .get()
  return row !== undefined
}

export function listHistory(db: StoreDb, limit?: number): StoreHistoryRow[] {
  const query = db.select().from(storeHistory).orderBy(desc(storeHistory.watched_at), desc(storeHistory.id))
  return (limit === undefined ? query : query.limit(limit)).all()
}

/** Past this share of its length a title counts as watched to the end (the player's own rule, web/features/title/progress.ts). */
export const FINISHED_FRACTION = 0.9

/** Whether a row is an episode watched to its end in a show not yet finished: its next episode is what to pick up. */
export function endsAnEpisode(row: Pick<StoreHistoryRow, 'content_type' | 'completed' | 'position' | 'total_duration' | 'season_number' | 'episode_number'>): boolean {
  return (
    row.content_type === 'tv' &&
    !row.completed &&
    row.season_number != null &&
    row.episode_number != null &&
    row.total_duration > 0 &&
    row.position >= row.total_duration * FINISHED_FRACTION
  )
}

/**
 * The titles to pick up again, newest first, not taken off the row by the viewer: stopped part of
 * the way in and not finished, or a show whose last played episode ended before its final one
 * (the route puts the next episode in its place, worker/accounts/up-next.ts).
 */
export function listContinueWatching(db: StoreDb, limit: number): StoreHistoryRow[] {
  const finishedAt = sql`${storeHistory.total_duration} * ${FINISHED_FRACTION}`
  return db
    .select()
    .from(storeHistory)
    .where(
      and(
        eq(storeHistory.completed, false),
        eq(storeHistory.continue_hidden, false),
        gt(storeHistory.position, 0),
        or(
          eq(storeHistory.total_duration, 0),
          lt(storeHistory.position, finishedAt),
          and(eq(storeHistory.content_type, 'tv'), isNotNull(storeHistory.season_number), isNotNull(storeHistory.episode_number)),
        ),
      ),
    )
    .orderBy(desc(storeHistory.watched_at), desc(storeHistory.id))
    .limit(limit)
    .all()
}

/** Takes a title off Continue watching, keeping its history; false when the history does not have it. */
export function hideFromContinueWatching(db: StoreDb, key: ContentKey): boolean {
  forgetHistoryEntry(db)
  const row = db
    .update(storeHistory)
    .set({ continue_hidden: true })
    .where(and(eq(storeHistory.content_type, key.content_type), eq(storeHistory.content_id, key.content_id)))
    .returning({ id: storeHistory.id })
    .get()
  return row !== undefined
}

export function findHistoryEntry(db: StoreDb, key: ContentKey): StoreHistoryRow | undefined {
  return reportStatements(db).entry.get({ content_type: key.content_type, content_id: key.content_id })
}

export function clearHistory(db: StoreDb): number {
  forgetPlaying(db)
  db.delete(storePlaying).run()
  const removed = db.delete(storeHistory).returning({ id: storeHistory.id }).all()
  // the copy loses every row, including any it holds that this store no longer does
  db.insert(storeCopyRemovals).values({ table_name: 'watch_history' }).run()
  return removed.length
}

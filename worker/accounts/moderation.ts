/**
 * Moderation of public lists. A signed-in account reports a public list (a reason, its own words),
 * once per list and never its own; when the accounts reporting it since it was last reviewed reach
 * the threshold (LIST_REPORT_THRESHOLD, 5 unless set), the list is hidden until an administrator
 * reviews it. An administrator sees the reported and hidden lists with their reports, and hides a
 * list (with a reason its owner is shown) or restores it; either marks its reports reviewed.
 * A hidden list is its owner's alone: to anyone else it answers 404, as a private one does
 * (worker/accounts/user-lists.ts, `readableList`).
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { adminUsers, listReports, userLists, users, type UserList } from '../../drizzle/schema'
import type { Db } from './db'
import type { ReportReason } from './moderation-rules'
import type { Owner } from './watchlist'

export { REPORT_NOTE_MAX, REPORT_REASONS, type HiddenReason, type ReportReason } from './moderation-rules'
export const DEFAULT_REPORT_THRESHOLD = 5
export const MODERATION_PAGE_SIZE = 20

/** The threshold the deployment set (a whole number from 1), else 5. */
export function reportThreshold(setting: string | undefined): number {
  const value = Number(setting)
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_REPORT_THRESHOLD
}

const stamp = () => new Date().toISOString()

/** How many reports the list (the user_lists row of the statement) has had since it was last reviewed. */
const openReports = sql.raw(`(SELECT count(*) FROM list_reports open WHERE open.list_id = user_lists.id AND open.created_at > coalesce(user_lists.reviewed_at, ''))`)

export type ReportOutcome = 'notFound' | 'own' | 'already' | { hidden: boolean }

/**
 * Records the reporter's report of the public list with that slug; the list is hidden at once when
 * this report brings it to the threshold. A private, hidden or missing list is 'notFound'.
 */
export async function reportList(db: Db, reporter: Owner, slug: string, report: { reason: ReportReason; note: string | null }, threshold: number): Promise<ReportOutcome> {
  const list = await db
    .select({ id: userLists.id, owner_type: userLists.owner_type, owner_id: userLists.owner_id })
    .from(userLists)
    .where(and(eq(userLists.slug, slug), eq(userLists.is_public, true), isNull(userLists.hidden_reason)))
    .get()
  if (!list) return 'notFound'
  if (list.owner_type === reporter.type && list.owner_id === reporter.id) return 'own'
  const made = await db
    .insert(listReports)
    .values({ list_id: list.id, reporter_type: reporter.type, reporter_id: reporter.id, reason: report.reason, note: report.note })
    .onConflictDoNothing()
    .returning({ id: listReports.id })
    .all()
  if (made.length === 0) return 'already'
  // one statement counts and hides, so reports arriving together cannot both miss the threshold
  const hidden = await db
    .update(userLists)
    .set({ hidden_reason: 'reports', hidden_note: null, hidden_at: stamp() })
    .where(and(eq(userLists.id, list.id), isNull(userLists.hidden_reason), sql`${openReports} >= ${threshold}`))
    .returning({ id: userLists.id })
    .all()
  return { hidden: hidden.length > 0 }
}

/** Whether the account has reported the list. */
export async function hasReported(db: Db, reporter: Owner, listId: number): Promise<boolean> {
  const row = await db
    .select({ id: listReports.id })
    .from(listReports)
    .where(and(eq(listReports.list_id, listId), eq(listReports.reporter_type, reporter.type), eq(listReports.reporter_id, reporter.id)))
    .get()
  return row !== undefined
}

export interface ModerationReport {
  reason: string
  note: string | null
  created_at: string
  reporter: string
  /** Made since the list was last reviewed. */
  open: boolean
}

export interface ModeratedList {
  slug: string
  name: string
  description: string | null
  is_public: boolean
  owner_type: 'user' | 'admin'
  owner_id: number
  owner_name: string | null
  owner_active: boolean
  hidden_reason: string | null
  hidden_note: string | null
  hidden_at: string | null
  reviewed_at: string | null
  open_reports: number
  reports: ModerationReport[]
}

/** At most this many reports shown per list (the newest). */
const REPORTS_SHOWN = 50

/**
 * The lists to review, a page at a time, the most recently reported first: 'reported' lists have
 * reports since their last review or were hidden by them; 'hidden' lists are hidden for any reason.
 */
export async function moderationQueue(db: Db, status: 'reported' | 'hidden', page: number): Promise<{ results: ModeratedList[]; page: number; has_more: boolean }> {
  const open = openReports
  const which = status === 'hidden' ? sql`${userLists.hidden_reason} IS NOT NULL` : sql`(${userLists.hidden_reason} = 'reports' OR ${open} > 0)`
  const rows = await db.all<UserList & { open_reports: number; last_report: string | null; owner_name: string | null; owner_active: number | null }>(sql`
    SELECT ${userLists}.*, ${open} AS open_reports,
           (SELECT max(created_at) FROM ${listReports} WHERE ${listReports.list_id} = ${userLists.id}) AS last_report,
           CASE ${userLists.owner_type} WHEN 'user' THEN u.username ELSE a.username END AS owner_name,
           CASE ${userLists.owner_type} WHEN 'user' THEN u.is_active ELSE a.is_active END AS owner_active
    FROM ${userLists}
    LEFT JOIN ${users} u ON ${userLists.owner_type} = 'user' AND u.id = ${userLists.owner_id}
    LEFT JOIN ${adminUsers} a ON ${userLists.owner_type} = 'admin' AND a.id = ${userLists.owner_id}
    WHERE ${which}
    ORDER BY coalesce(last_report, ${userLists.hidden_at}) DESC, ${userLists.id} DESC
    LIMIT ${MODERATION_PAGE_SIZE + 1} OFFSET ${(page - 1) * MODERATION_PAGE_SIZE}`)
  const shown = rows.slice(0, MODERATION_PAGE_SIZE)
  const ids = shown.map((r) => r.id)
  const reports = ids.length
    ? await db.all<{ list_id: number; reason: string; note: string | null; created_at: string; reporter: string | null; reporter_id: number; rank: number }>(sql`
        SELECT * FROM (
          SELECT r.list_id, r.reason, r.note, r.created_at, r.reporter_id,
                 CASE r.reporter_type WHEN 'user' THEN u.username ELSE a.username END AS reporter,
                 ROW_NUMBER() OVER (PARTITION BY r.list_id ORDER BY r.created_at DESC) AS rank
          FROM ${listReports} r
          LEFT JOIN ${users} u ON r.reporter_type = 'user' AND u.id = r.reporter_id
          LEFT JOIN ${adminUsers} a ON r.reporter_type = 'admin' AND a.id = r.reporter_id
          WHERE r.list_id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        ) WHERE rank <= ${REPORTS_SHOWN}`)
    : []
  return {
    page,
    has_more: rows.length > MODERATION_PAGE_SIZE,
    results: shown.map((row) => ({
      slug: row.slug,
      name: row.name,
      description: row.description,
      is_public: Boolean(row.is_public),
      owner_type: row.owner_type,
      owner_id: row.owner_id,
      owner_name: row.owner_name,
      owner_active: Boolean(row.owner_active),
      hidden_reason: row.hidden_reason,
      hidden_note: row.hidden_note,
      hidden_at: row.hidden_at,
      reviewed_at: row.reviewed_at,
      open_reports: row.open_reports,
      reports: reports
        .filter((r) => r.list_id === row.id)
        .map((r) => ({ reason: r.reason, note: r.note, created_at: r.created_at, reporter: r.reporter ?? `#${r.reporter_id}`, open: r.created_at > (row.reviewed_at ?? '') })),
    })),
  }
}

/** Hides the list from everyone but its owner, who is shown the reason; its reports are reviewed. */
export async function hideList(db: Db, slug: string, reason: ReportReason, note: string | null): Promise<UserList | undefined> {
  const now = stamp()
  return db.update(userLists).set({ hidden_reason: reason, hidden_note: note, hidden_at: now, reviewed_at: now }).where(eq(userLists.slug, slug)).returning().get()
}

/** Shows the list again (as its owner set it, public or private); its reports are reviewed. */
export async function restoreList(db: Db, slug: string): Promise<UserList | undefined> {
  return db.update(userLists).set({ hidden_reason: null, hidden_note: null, hidden_at: null, reviewed_at: stamp() }).where(eq(userLists.slug, slug)).returning().get()
}

/**
 * The audit log: one row per administrator action (who, when, what, to what, from which address),
 * read newest first by the dashboard, exported as CSV, kept a year. Rows are only ever added here;
 * D1 itself refuses to change one or to delete one younger than a year (migration
 * 0019_create_audit_log.sql), and `pruneAuditLog`, run by the Cron Trigger, is the only delete.
 */
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm'
import { adminUsers, auditLog, type AuditRow } from '../../drizzle/schema'
import { csvLine } from '../lib/csv'
import type { Db } from './db'

export const AUDIT_PAGE_SIZE = 50
/** At most this many rows in one CSV export (a year of a busy site's actions fits). */
export const AUDIT_EXPORT_MAX = 50_000

/**
 * The actions recorded (the filter's choices): what the admin routes name, 'admin.security' for an
 * administrator's changes to its own sign-in security, and 'admin.write' for any other admin write.
 */
export const AUDIT_ACTIONS = [
  'user.ban',
  'user.unban',
  'accounts.export',
  'maintenance.set',
  'cache.purge',
  'stream.create',
  'stream.update',
  'stream.delete',
  'marker.create',
  'marker.update',
  'marker.delete',
  'layout.draft',
  'layout.discard',
  'layout.publish',
  'layout.restore',
  'list.hide',
  'list.restore',
  'admin.invite',
  'admin.invite.revoke',
  'audit.export',
  'admin.security',
  'admin.write',
] as const

export interface AuditEntry {
  adminId: number
  action: string
  target?: string | null
  detail?: Record<string, unknown>
  ip?: string | null
}

/** The name an administrator goes by in the log, read in the insert itself: its username, else its full name, else its e-mail. */
function adminName(id: number): SQL<string> {
  const named = sql`(select coalesce(nullif(${adminUsers.username}, ''), nullif(${adminUsers.full_name}, ''), ${adminUsers.email}) from ${adminUsers} where ${adminUsers.id} = ${id})`
  return sql<string>`coalesce(${named}, ${`#${id}`})`
}

/** One statement: the row and its administrator's name, after the answer's work is done. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    admin_id: entry.adminId,
    admin_name: adminName(entry.adminId),
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail).slice(0, 2000) : null,
    ip: entry.ip?.slice(0, 64) ?? null,
  })
}

export interface AuditFilters {
  action?: string
  admin_id?: number
  /** Days (YYYY-MM-DD), both included. */
  from?: string
  to?: string
}

function conditions(filters: AuditFilters, before?: number): SQL | undefined {
  const all: (SQL | undefined)[] = [
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.admin_id ? eq(auditLog.admin_id, filters.admin_id) : undefined,
    filters.from ? gte(auditLog.at, `${filters.from}T00:00:00.000Z`) : undefined,
    filters.to ? lte(auditLog.at, `${filters.to}T23:59:59.999Z`) : undefined,
    before ? lt(auditLog.id, before) : undefined,
  ]
  return and(...all.filter(Boolean))
}

export interface AuditView {
  id: number
  at: string
  admin_id: number
  admin_name: string
  action: string
  target: string | null
  detail: Record<string, unknown> | null
  ip: string | null
}

function viewOf(row: AuditRow): AuditView {
  let detail: Record<string, unknown> | null = null
  try {
    detail = row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null
  } catch {
    detail = { text: row.detail }
  }
  return { ...row, detail }
}

/** A page of the log, newest first: the first (`before` unset) or the one after the `next` of the page before. */
export async function auditPage(db: Db, filters: AuditFilters, before?: number): Promise<{ results: AuditView[]; next: number | null }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions(filters, before))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .all()
  const page = rows.slice(0, AUDIT_PAGE_SIZE)
  return { results: page.map(viewOf), next: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null }
}

/** The administrators the log names, for the filter (those since deleted too). */
export async function auditAdmins(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db.all<{ id: number; name: string }>(
    sql`SELECT admin_id AS id, admin_name AS name FROM audit_log WHERE id IN (SELECT max(id) FROM audit_log GROUP BY admin_id) ORDER BY admin_name`,
  )
  return rows
}

/** The export's columns; each cell is written as lib/csv.ts writes cells (never taken for a formula). */
const CSV_COLUMNS = ['id', 'at', 'admin_id', 'admin_name', 'action', 'target', 'detail', 'ip'] as const

/** The rows the filters keep, newest first, as CSV (header included), read a thousand at a time. */
export async function auditCsv(db: Db, filters: AuditFilters): Promise<string> {
  const lines = [CSV_COLUMNS.join(',')]
  let before: number | undefined
  for (let read = 0; read < AUDIT_EXPORT_MAX; ) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(conditions(filters, before))
      .orderBy(desc(auditLog.id))
      .limit(Math.min(1000, AUDIT_EXPORT_MAX - read))
      .all()
    for (const row of rows) lines.push(csvLine(CSV_COLUMNS.map((column) => row[column])))
    read += rows.length
    if (rows.length < 1000) break
    before = rows.at(-1)!.id
  }
  return `${lines.join('\r\n')}\r\n`
}

/**
 * Deletes the rows older than a year; answers how many went. The year is D1's own, as the trigger
 * that guards the table reckons it (a leap year's is a day longer), so the two never disagree.
 */
export async function pruneAuditLog(db: Db): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 year')`))
    .run()
  return gone.meta.changes
}

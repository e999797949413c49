/**
 * Every administrator action goes in the audit log (worker/accounts/audit-log.ts), once, when it
 * has succeeded. A route says what it did with `audited(c, action, target, detail)`; the middleware
 * around /api/admin/* writes that one row after the answer, with the administrator and the address
 * the edge reports (CF-Connecting-IP). A write under /api/admin that names nothing is still
 * recorded, as 'admin.write' with its method and path, so no administrator write goes unlogged.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { recordAudit } from '../accounts/audit-log'
import { database } from '../accounts/db'
import type { AppEnv } from '../env'

/** What this request did, for the audit log (recorded only if it answers with success). */
export function audited<E extends AppEnv>(c: Context<E>, action: string, target?: string | null, detail?: Record<string, unknown>): void {
  ;(c as unknown as Context<AppEnv>).set('audit', { action, target: target ?? null, ...(detail && { detail }) })
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const auditAdminActions = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  const account = c.var.account
  if (account?.type !== 'admin' || !account.secondFactor || c.res.status >= 400) return
  const entry = c.var.audit ?? (READS.has(c.req.method) ? undefined : { action: 'admin.write', target: null, detail: { method: c.req.method, path: c.req.path } })
  if (!entry) return
  await recordAudit(database(c.env.DB), {
    adminId: account.id,
    action: entry.action,
    target: entry.target ?? null,
    ...(entry.detail && { detail: entry.detail }),
    ip: c.req.header('CF-Connecting-IP') ?? null,
  })
})

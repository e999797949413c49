/**
 * Administrator API for the audit log (worker/accounts/audit-log.ts), mounted at /api/admin/audit.
 * It only reads: no route changes or deletes a row. Every call needs an admin session past its
 * second factor (401 signed out, 403 for a user or before the second factor).
 *   GET /?action=&admin_id=&from=YYYY-MM-DD&to=YYYY-MM-DD&before=  a page, newest first ({ results, next })
 *   GET /filters     the actions and administrators to filter by
 *   GET /export.csv  the rows the same filters keep, as CSV (the export itself is audited)
 */
import { Hono } from 'hono'
import { AUDIT_ACTIONS, auditAdmins, auditCsv, auditPage } from '../accounts/audit-log'
import { database } from '../accounts/db'
import { auditQuerySchema } from '../accounts/schemas'
import { requireAdmin } from '../auth/guards'
import type { AppEnv } from '../env'
import { audited } from '../lib/admin-audit'
import { validate } from '../lib/validate'

export const adminAuditRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', auditQuerySchema), async (c) => {
    const { before, ...filters } = c.req.valid('query')
    return c.json(await auditPage(database(c.env.DB), filters, before), 200)
  })
  .get('/filters', async (c) => {
    return c.json({ actions: [...AUDIT_ACTIONS], admins: await auditAdmins(database(c.env.DB)) }, 200)
  })
  .get('/export.csv', validate('query', auditQuerySchema), async (c) => {
    const { before: _before, ...filters } = c.req.valid('query')
    const csv = await auditCsv(database(c.env.DB), filters)
    audited(c, 'audit.export', null, filters)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
    return c.body(csv, 200)
  })

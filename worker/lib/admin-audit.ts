/**
 * Every administrator action goes in the audit log (worker/accounts/audit-log.ts), once, when it
 * has succeeded. A route says what it did with `audited(c, action, target, detail)`; the middleware
 * around /api/admin/* writes that one row after the answer, with the administrator and the address
 * the edge reports (CF-Connecting-IP). A write under /api/admin that names nothing is still
 * recorded, as 'admin.write' with its method and path, so no administrator write goes unlogged.
 * An administrator's changes to its own sign-in security (authenticator app, recovery codes,
 * passkeys, sessions, password) are recorded the same way, as 'admin.security'.
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

/** For a request that is sent as a write but changes nothing (a challenge before a ceremony, a check): nothing is recorded. */
export function noAction<E extends AppEnv>(c: Context<E>): void {
  ;(c as unknown as Context<AppEnv>).set('audit', null)
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The path with its ids (numbers, long tokens) left out: a session's or passkey's id stays out of the log. */
function pathShape(path: string): string {
  return path
    .split('/')
    .map((part) => (/^\d+$/.test(part) || part.length > 24 ? ':id' : part))
    .join('/')
}

/**
 * Records an administrator's request once it has succeeded: what the route named with `audited`,
 * or else, for a write, `fallback` with the method and the path's shape; nothing for a request
 * its route called `noAction` (a passkey ceremony's challenge, a stream address's check).
 */
export function auditAdminActions(fallback: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next()
    const account = c.var.account
    if (account?.type !== 'admin' || !account.secondFactor || c.res.status >= 400) return
    if (c.var.audit === null) return
    const write = !READS.has(c.req.method)
    const entry = c.var.audit ?? (write ? { action: fallback, target: null, detail: { method: c.req.method, path: pathShape(c.req.path) } } : undefined)
    if (!entry) return
    await recordAudit(database(c.env.DB), {
      adminId: account.id,
      action: entry.action,
      target: entry.target ?? null,
      ...(entry.detail && { detail: entry.detail }),
      ip: c.req.header('CF-Connecting-IP') ?? null,
    })
  })
}

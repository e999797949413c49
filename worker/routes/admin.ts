/**
 * Administrator API: live dashboard figures, the user list, bans, the account export, the
 * maintenance switch and the catalogue cache purge. Every route needs an admin session
 * (401 signed out, 403 'Admin Access Required' for a user). Each action is written to the audit
 * log (worker/lib/admin-audit.ts).
 */
import { Hono } from 'hono'
import { dashboardStats, exportAccounts, listUsers, purgeCacheKeys, setUserActive } from '../accounts/admin'
import { database } from '../accounts/db'
import { accountStore } from '../accounts/store-client'
import { CATALOG_CACHE_PREFIX } from '../cache'
import { adminUsersQuerySchema, idParamSchema, maintenanceSchema } from '../accounts/schemas'
import { maintenanceForAdmin, setMaintenance } from '../accounts/settings'
import { requireAdmin } from '../auth/guards'
import type { AppEnv } from '../env'
import { audited } from '../lib/admin-audit'
import { apiError } from '../lib/api-errors'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { validate } from '../lib/validate'
import { forgetProfile } from '../auth/profile-memo'

export const adminRoutes = new Hono<AppEnv>()
  .get('/stats', requireAdmin, async (c) => {
    return c.json(await dashboardStats(database(c.env.DB), c.env.CACHE), 200)
  })
  .get('/users', requireAdmin, validate('query', adminUsersQuerySchema), async (c) => {
    const { q, after, page } = c.req.valid('query')
    return c.json(await listUsers(database(c.env.DB), q, after ?? null, page), 200)
  })
  // D1's is_active decides sign-in; the account's store ends its sessions and refuses to confirm
  // any until the ban ends (every browser of the account is signed out within a minute)
  .post('/users/:id/ban', requireAdmin, validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param')
    const user = await setUserActive(database(c.env.DB), id, false)
    if (!user) return apiError(c, 404, 'errors.userNotFound')
    await accountStore(c.env, { type: 'user', id }).setBanned({ type: 'user', id }, true, user)
    forgetProfile({ type: 'user', id })
    audited(c, 'user.ban', `user:${id}`, { username: user.username })
    return c.json({ message: 'User banned', user }, 200)
  })
  .post('/users/:id/unban', requireAdmin, validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param')
    const user = await setUserActive(database(c.env.DB), id, true)
    if (!user) return apiError(c, 404, 'errors.userNotFound')
    await accountStore(c.env, { type: 'user', id }).setBanned({ type: 'user', id }, false, user)
    audited(c, 'user.unban', `user:${id}`, { username: user.username })
    return c.json({ message: 'User unbanned', user }, 200)
  })
  .get('/export', requireAdmin, async (c) => {
    const data = await exportAccounts(database(c.env.DB))
    audited(c, 'accounts.export', null)
    c.header('Content-Disposition', `attachment; filename="reelhouse-accounts-${data.exported_at.slice(0, 10)}.json"`)
    return c.json(data, 200)
  })
  .get('/settings/maintenance', requireAdmin, async (c) => {
    return c.json({ enabled: await maintenanceForAdmin(database(c.env.DB), c.env.CACHE) }, 200)
  })
  .put('/settings/maintenance', requireAdmin, validate('json', maintenanceSchema), async (c) => {
    const { enabled } = c.req.valid('json')
    await setMaintenance(database(c.env.DB), c.env.CACHE, enabled)
    audited(c, 'maintenance.set', null, { enabled })
    return c.json({ enabled }, 200)
  })
  .post('/cache/purge', requireAdmin, async (c) => {
    const deleted = await purgeCacheKeys(c.env.CACHE, CATALOG_CACHE_PREFIX)
    // This isolate forgets what it kept too; others follow as their memos run out.
    forgetIsolateMemos()
    audited(c, 'cache.purge', null, { deleted })
    return c.json({ deleted }, 200)
  })

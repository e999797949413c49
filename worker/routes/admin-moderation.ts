/**
 * Administrator API for reported and hidden public lists (worker/accounts/moderation.ts), mounted
 * at /api/admin/moderation. Every call needs an admin session past its second factor (401 signed
 * out, 403 for a user or before the second factor); hiding and restoring are audited. Banning a
 * list's owner is the users' ban (POST /api/admin/users/{id}/ban).
 *   GET  /lists?status=reported|hidden&page=N  the lists to review with their reports, 20 a page
 *   POST /lists/{slug}/hide     { reason, note? }: hidden from all but its owner, who is told why
 *   POST /lists/{slug}/restore  shown again as its owner set it
 */
import { Hono } from 'hono'
import { database } from '../accounts/db'
import { hideList, moderationQueue, restoreList } from '../accounts/moderation'
import { keepPublicListCopies } from '../accounts/public-lists'
import { listHideSchema, listSlugParamSchema, moderationQuerySchema } from '../accounts/schemas'
import { requireAdmin } from '../auth/guards'
import type { AppEnv } from '../env'
import { audited } from '../lib/admin-audit'
import { apiError } from '../lib/api-errors'
import { validate } from '../lib/validate'

export const adminModerationRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/lists', validate('query', moderationQuerySchema), async (c) => {
    const { status, page } = c.req.valid('query')
    return c.json(await moderationQueue(database(c.env.DB), status, page), 200)
  })
  .post('/lists/:slug/hide', validate('param', listSlugParamSchema), validate('json', listHideSchema), async (c) => {
    const { slug } = c.req.valid('param')
    const { reason, note } = c.req.valid('json')
    const list = await hideList(database(c.env.DB), slug, reason, note)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    // visitors' copy of the list (its page, its card) answers 404 from now on
    await keepPublicListCopies(c.env, [slug])
    audited(c, 'list.hide', `list:${slug}`, { reason, ...(note && { note: note.slice(0, 200) }), owner: `${list.owner_type}:${list.owner_id}`, name: list.name.slice(0, 100) })
    return c.json({ hidden: true }, 200)
  })
  .post('/lists/:slug/restore', validate('param', listSlugParamSchema), async (c) => {
    const { slug } = c.req.valid('param')
    const list = await restoreList(database(c.env.DB), slug)
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    await keepPublicListCopies(c.env, [slug])
    audited(c, 'list.restore', `list:${slug}`, { owner: `${list.owner_type}:${list.owner_id}`, name: list.name.slice(0, 100) })
    return c.json({ hidden: false }, 200)
  })

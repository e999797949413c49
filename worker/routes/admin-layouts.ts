/**
 * Administrator API for the composed pages' layouts (worker/catalog/layout-schema.ts): read a
 * page's built-in rows, draft, published version and history; save or discard the draft; preview
 * it (or any version) composed as the site would; publish it; restore an earlier version or the
 * built-in rows. Every call needs an admin session past its second factor; every change is in the
 * audit log. A published layout shows on the site within a minute (worker/catalog/layouts.ts).
 */
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { discardDraft, type LayoutAuthor, layoutHistory, layoutToPreview, publishDraft, restoreVersion, saveDraft } from '../accounts/page-layouts'
import { requireAdmin, type SignedIn } from '../auth/guards'
import { recordOf } from '../auth/profile-memo'
import { catalogForRequest } from '../catalog'
import { layoutProblem } from '../catalog/layout-check'
import { LAYOUT_PAGES, type LayoutState, pageLayoutSchema } from '../catalog/layout-schema'
import { builtInRowsOf, composedWithLayout } from '../catalog/pages'
import type { AppEnv } from '../env'
import { audited } from '../lib/admin-audit'
import { apiError, errorMessage, requestLocale } from '../lib/api-errors'
import { validate } from '../lib/validate'

const pageParam = z.object({ page: z.enum(LAYOUT_PAGES, { error: errorMessage('errors.mustBeOneOf', { values: LAYOUT_PAGES.join(', ') }) }) })
/** Who makes the change, as the dashboard names them. */
async function authorOf(c: Context<AppEnv & SignedIn>): Promise<LayoutAuthor> {
  const { account } = c.var
  return { id: account.id, name: (await recordOf(database(c.env.DB), account, c.var.profile))?.username ?? null }
}

const version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

export const adminLayoutRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/:page', validate('param', pageParam), async (c) => {
    const { page } = c.req.valid('param')
    const builtIn = builtInRowsOf(page, requestLocale(c))
    const state: LayoutState = {
      page,
      builtIn,
      defaults: { hero: [], rows: builtIn.map((row) => ({ kind: 'built-in', key: row.key })) },
      ...(await layoutHistory(database(c.env.DB), page)),
    }
    return c.json(state)
  })
  .put('/:page/draft', validate('param', pageParam), validate('json', pageLayoutSchema), async (c) => {
    const { page } = c.req.valid('param')
    const layout = c.req.valid('json')
    const db = database(c.env.DB)
    const problem = await layoutProblem(db, catalogForRequest(c), page, layout)
    if (problem) return apiError(c, 400, problem.error, problem.values)
    const draft = await saveDraft(db, page, layout, await authorOf(c))
    audited(c, 'layout.draft', `page:${page}`, { rows: layout.rows.length, hero: layout.hero.length })
    return c.json({ draft })
  })
  .delete('/:page/draft', validate('param', pageParam), async (c) => {
    const { page } = c.req.valid('param')
    if (!(await discardDraft(database(c.env.DB), page))) return apiError(c, 404, 'errors.layoutNoDraft')
    audited(c, 'layout.discard', `page:${page}`)
    return c.json({ message: 'Draft discarded' })
  })
  // The page as the draft (or, with `version`, a published version; 0 the built-in rows) would show it, composed for this request only.
  .get('/:page/preview', validate('param', pageParam), validate('query', z.object({ version: z.coerce.number().pipe(version).optional() }).strict()), async (c) => {
    const { page } = c.req.valid('param')
    const asked = c.req.valid('query').version
    const layout = await layoutToPreview(database(c.env.DB), page, asked)
    if (layout === undefined) return apiError(c, 404, 'errors.layoutVersionNotFound', { version: asked ?? 0 })
    const composition = await composedWithLayout(c.env, catalogForRequest(c), page, layout, (p) => c.executionCtx.waitUntil(p))
    c.header('Cache-Control', 'private, no-store')
    return c.json(composition)
  })
  .post('/:page/publish', validate('param', pageParam), async (c) => {
    const { page } = c.req.valid('param')
    const answer = await publishDraft(database(c.env.DB), c.env.CACHE, page, await authorOf(c))
    if (!answer) return apiError(c, 409, 'errors.layoutNoDraft')
    audited(c, 'layout.publish', `page:${page}`, { version: answer.published.version })
    return c.json(answer)
  })
  .post('/:page/restore', validate('param', pageParam), validate('json', z.object({ version }).strict()), async (c) => {
    const { page } = c.req.valid('param')
    const from = c.req.valid('json').version
    const answer = await restoreVersion(database(c.env.DB), c.env.CACHE, page, from, await authorOf(c))
    if (!answer) return apiError(c, 404, 'errors.layoutVersionNotFound', { version: from })
    audited(c, 'layout.restore', `page:${page}`, { version: answer.published.version, from })
    return c.json(answer)
  })

/**
 * The signed-in viewer's recommendations (worker/catalog/recommendation-rows.ts):
 *   GET /api/me/recommendations   { rows: RecommendationRow[] }: up to three "Because you watched
 *                                 {title}" rows in the request's language, each of up to 20 titles
 *                                 the viewer has not watched, rated or started; none before they
 *                                 have watched or rated anything
 * Made on the first request after the viewer's taste changed and kept in their store, so the next
 * ones cost a store call and no catalogue query.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { myStore } from '../accounts/store-client'
import { requireAccount } from '../auth/guards'
import { catalogForRequest } from '../catalog'
import { ceilingRows } from '../catalog/ceiling'
import { viewerRecommendations } from '../catalog/recommendation-rows'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { validate } from '../lib/validate'

export const recommendationRoutes = new Hono<AppEnv>().get('/', requireAccount, validate('query', z.strictObject({})), async (c) => {
  const { store, owner } = myStore(c)
  const catalog = catalogForRequest(c)
  const rows = await viewerRecommendations(store, owner, catalog, (p) => c.executionCtx.waitUntil(p))
  if (!rows) return apiError(c, 401, 'errors.noSession')
  c.header('Cache-Control', 'private, no-store')
  // the titles above the profile's maturity ceiling are left out (worker/catalog/ceiling.ts)
  return c.json({ rows: await ceilingRows(catalog, c.var.account.ceiling, rows) }, 200)
})

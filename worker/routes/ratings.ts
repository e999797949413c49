/**
 * The signed-in viewer's ratings, kept in the account's own store (worker/accounts/taste.ts): half
 * stars, 1 (half a star) to 10 (five stars), one per title.
 *   GET    /api/me/ratings[?titles=movie:155,tv:1399]  { results: Rating[] }, newest first; only
 *                                                      those titles' with `titles` (at most 200)
 *   GET    /api/me/ratings/export.csv                  the films' ratings in Letterboxd's import columns
 *   GET    /api/me/ratings/{type}/{id}                 { rating: Rating | null }
 *   PUT    /api/me/ratings/{type}/{id}                 { rating }: rates the title, or changes its rating;
 *                                                      its name and poster come from the catalogue (404 when it has no such title)
 *   DELETE /api/me/ratings/{type}/{id}                 { removed }
 * Auth and maintenance as for the other /api/me writes.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { ContentType } from '../../drizzle/schema'
import { database } from '../accounts/db'
import { exportRatings, ratingsCsv } from '../accounts/my-data'
import { contentParamSchema, ratingSchema } from '../accounts/schemas'
import { myStore } from '../accounts/store-client'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import { catalogFor } from '../catalog'
import { titleDetails } from '../catalog/provider'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { download } from './my-data'

export const MAX_RATING_TITLES = 200

const TITLE_KEYS = errorMessage('errors.mustBeTitleKeys', { max: MAX_RATING_TITLES })
const titleKeysSchema = z
  .string(TITLE_KEYS)
  .regex(new RegExp(`^(?:movie|tv):[1-9]\\d{0,9}(?:,(?:movie|tv):[1-9]\\d{0,9}){0,${MAX_RATING_TITLES - 1}}$`), TITLE_KEYS)
  .transform((text) =>
    text.split(',').map((key) => {
      const [type, id] = key.split(':')
      return { content_type: type as ContentType, content_id: Number(id) }
    }),
  )

const listQuerySchema = z.strictObject({ titles: titleKeysSchema.optional() })
const rateSchema = z.strictObject({ rating: ratingSchema })

export const ratingRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, validate('query', listQuerySchema), async (c) => {
    const { store, owner } = myStore(c)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ results: await store.ratings(owner, c.req.valid('query').titles) }, 200)
  })
  .get('/export.csv', requireAccount, async (c) => {
    const { store, owner } = myStore(c)
    const rows = await exportRatings(database(c.env.CATALOG), await store.ratings(owner))
    return download(c.env.SITE_NAME, ratingsCsv(rows), 'text/csv', 'ratings')
  })
  .get('/:content_type/:content_id', requireAccount, validate('param', contentParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ rating: await store.rating(owner, c.req.valid('param')) }, 200)
  })
  .put('/:content_type/:content_id', requireAccount, closedForMaintenance, validate('param', contentParamSchema), validate('json', rateSchema), async (c) => {
    const key = c.req.valid('param')
    // The catalogue's own (English) name, as the export to other sites wants it, whatever the page's language.
    const details = await titleDetails(catalogFor(c.env, (p) => c.executionCtx.waitUntil(p)), key.content_type, key.content_id)
    if (!details) return apiError(c, 404, 'errors.titleNotFound')
    const title = (details.media_type === 'movie' ? details.title : details.name).slice(0, 300) || String(key.content_id)
    const { store, owner } = myStore(c)
    const rated = await store.rate(owner, [{ ...key, title, poster_path: details.poster_path, rating: c.req.valid('json').rating }])
    if (!rated?.[0]) return apiError(c, 401, 'errors.noSession')
    return c.json({ rating: rated[0] }, 200)
  })
  .delete('/:content_type/:content_id', requireAccount, closedForMaintenance, validate('param', contentParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    const removed = await store.unrate(owner, c.req.valid('param'))
    if (removed === null) return apiError(c, 401, 'errors.noSession')
    return c.json({ removed }, 200)
  })

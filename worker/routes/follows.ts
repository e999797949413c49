/**
 * The shows the signed-in account follows (worker/accounts/follows.ts), in its own store:
 *   GET    /api/me/follows                  { results: FollowedShow[] }
 *   GET    /api/me/follows/{tvId}           FollowState: followed or not, and why
 *   PUT    /api/me/follows/{tvId}           { following, title, poster_path }: follow the show, or
 *                                           unfollow it (which holds even when the watchlist or history would follow it)
 * Auth and maintenance as for the other /api/me writes.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { contentParamSchema, watchlistAddSchema } from '../accounts/schemas'
import { myStore } from '../accounts/store-client'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'

const showParamSchema = z.object({ content_id: contentParamSchema.shape.content_id })
const followSchema = watchlistAddSchema
  .pick({ title: true, poster_path: true })
  .extend({ following: z.boolean(errorMessage('errors.fieldTrueOrFalse', { field: 'following' })) })
  .strict()

export const followRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, async (c) => {
    const { store, owner } = myStore(c)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ results: await store.following(owner) }, 200)
  })
  .get('/:content_id', requireAccount, validate('param', showParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    const state = await store.followState(owner, c.req.valid('param').content_id)
    if (!state) return apiError(c, 401, 'errors.noSession')
    c.header('Cache-Control', 'private, no-store')
    return c.json(state, 200)
  })
  .put('/:content_id', requireAccount, closedForMaintenance, validate('param', showParamSchema), validate('json', followSchema), async (c) => {
    const { store, owner } = myStore(c)
    const { following, ...item } = c.req.valid('json')
    const state = await store.setFollow(owner, { content_id: c.req.valid('param').content_id, ...item }, following)
    if (!state) return apiError(c, 401, 'errors.noSession')
    return c.json(state, 200)
  })

/**
 * The signed-in viewer's two choices of what the site leaves out for them, kept in the account's
 * store (worker/accounts/taste.ts), both off until chosen:
 *   GET /api/me/preferences   { hide_watched, spoiler_safe }
 *   PUT /api/me/preferences   { hide_watched?, spoiler_safe? } (one at least): answers both as stored
 * Hide watched drops the titles the viewer has watched from rows, grids and search; spoiler-safe
 * keeps the names, stills and overviews of the episodes after the last one watched out of the
 * catalogue's answers to them (worker/catalog/taste-filters.ts). Auth and maintenance as for the
 * other /api/me writes.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { myStore } from '../accounts/store-client'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'

const choice = (field: string) => z.boolean(errorMessage('errors.fieldTrueOrFalse', { field })).optional()

const preferencesSchema = z
  .strictObject({ hide_watched: choice('hide_watched'), spoiler_safe: choice('spoiler_safe') })
  .refine((change) => change.hide_watched !== undefined || change.spoiler_safe !== undefined, errorMessage('errors.nothingToChange'))

export const preferencesRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, async (c) => {
    const { store, owner } = myStore(c)
    const preferences = await store.preferences(owner)
    if (!preferences) return apiError(c, 401, 'errors.noSession')
    c.header('Cache-Control', 'private, no-store')
    return c.json(preferences, 200)
  })
  .put('/', requireAccount, closedForMaintenance, validate('json', preferencesSchema), async (c) => {
    const { store, owner } = myStore(c)
    const preferences = await store.setPreferences(owner, c.req.valid('json'))
    if (!preferences) return apiError(c, 401, 'errors.noSession')
    return c.json(preferences, 200)
  })

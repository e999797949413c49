/**
 * Administrator API for the markers of streams (worker/player/markers.ts): list them with how many
 * viewers said each was wrong, add, correct and remove the operator's own. Every call needs an
 * admin session past its second factor; every change is in the audit log and reaches viewers
 * within a minute (KV copies, lib/title-copies.ts).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { contentTypes } from '../../drizzle/schema'
import { database } from '../accounts/db'
import { idParamSchema } from '../accounts/schemas'
import { requireAdmin } from '../auth/guards'
import type { AppEnv } from '../env'
import { audited } from '../lib/admin-audit'
import { apiError } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { createMarker, deleteMarker, listMarkers, markerInput, replaceMarker } from '../player/markers'

const listQuery = z
  .object({
    content_type: z.enum(contentTypes).optional(),
    content_id: z.coerce.number().int().positive().optional(),
    season_number: z.coerce.number().int().min(0).max(1000).optional(),
    episode_number: z.coerce.number().int().min(0).max(100000).optional(),
  })
  .strict()

export const adminMarkerRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', listQuery), async (c) => c.json({ results: await listMarkers(database(c.env.DB), c.req.valid('query')) }))
  .post('/', validate('json', markerInput), async (c) => {
    const result = await createMarker(database(c.env.DB), c.env.CACHE, c.req.valid('json'))
    if (!result.ok) return apiError(c, 409, 'errors.markerExists')
    const { marker } = result
    audited(c, 'marker.create', `marker:${marker.id}`, { content_type: marker.content_type, content_id: marker.content_id, kind: marker.kind })
    return c.json({ marker }, 201)
  })
  .put('/:id', validate('param', idParamSchema), validate('json', markerInput), async (c) => {
    const result = await replaceMarker(database(c.env.DB), c.env.CACHE, c.req.valid('param').id, c.req.valid('json'))
    if (!result.ok) return result.reason === 'missing' ? apiError(c, 404, 'errors.markerNotFound') : apiError(c, 409, 'errors.markerExists')
    const { marker } = result
    audited(c, 'marker.update', `marker:${marker.id}`, { content_type: marker.content_type, content_id: marker.content_id, kind: marker.kind })
    return c.json({ marker })
  })
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteMarker(database(c.env.DB), c.env.CACHE, id))) return apiError(c, 404, 'errors.markerNotFound')
    audited(c, 'marker.delete', `marker:${id}`)
    return c.json({ message: 'Marker removed' })
  })

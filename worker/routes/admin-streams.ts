/**
 * Administrator API for HLS streams mapped to titles: list, add, replace, remove. Every call needs
 * an admin session (401 signed out, 403 for a user); a master playlist must be https:// or a
 * same-site /media/ path so the player never loads mixed content or an unvetted scheme.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { contentTypes } from '../../drizzle/schema'
import { database } from '../accounts/db'
import { requireAdmin } from '../auth/guards'
import type { AppEnv } from '../env'
import { audited } from '../lib/admin-audit'
import { apiError } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { createStream, deleteStream, getStream, listStreams, replaceStream, streamInput } from '../player/streams'

const idParam = z.object({ id: z.coerce.number().int().positive() })
const listQuery = z.object({
  content_type: z.enum(contentTypes).optional(),
  content_id: z.coerce.number().int().positive().optional(),
})

export const adminStreamRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', listQuery), async (c) => {
    return c.json({ results: await listStreams(database(c.env.DB), c.req.valid('query')) })
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const stream = await getStream(database(c.env.DB), c.req.valid('param').id)
    return stream ? c.json({ stream }) : apiError(c, 404, 'errors.streamNotFound')
  })
  .post('/', validate('json', streamInput), async (c) => {
    const stream = await createStream(database(c.env.DB), c.env.CACHE, c.req.valid('json'))
    if (!stream) return apiError(c, 409, 'errors.streamExists')
    audited(c, 'stream.create', `stream:${stream.id}`, { content_type: stream.content_type, content_id: stream.content_id })
    return c.json({ stream }, 201)
  })
  .put('/:id', validate('param', idParam), validate('json', streamInput), async (c) => {
    const result = await replaceStream(database(c.env.DB), c.env.CACHE, c.req.valid('param').id, c.req.valid('json'))
    if (result.ok) {
      audited(c, 'stream.update', `stream:${result.stream.id}`, { content_type: result.stream.content_type, content_id: result.stream.content_id })
      return c.json({ stream: result.stream })
    }
    return result.reason === 'missing' ? apiError(c, 404, 'errors.streamNotFound') : apiError(c, 409, 'errors.streamExists')
  })
  .delete('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param')
    const removed = await deleteStream(database(c.env.DB), c.env.CACHE, id)
    if (!removed) return apiError(c, 404, 'errors.streamNotFound')
    audited(c, 'stream.delete', `stream:${id}`)
    return c.json({ message: 'Stream removed' })
  })

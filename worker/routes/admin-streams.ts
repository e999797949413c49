/**
 * Administrator API for HLS streams mapped to titles: list, check, add, replace, remove, and the
 * titles viewers want that have none. Every call needs an admin session (401 signed out, 403 for a
 * user); a master playlist must be https:// or a same-site /media/ path so the player never loads
 * mixed content or an unvetted scheme, and is loaded before it is saved (worker/player/
 * playlist-check.ts): an address that does not answer with a playable HLS playlist is refused with
 * a 400 saying why, and nothing is saved.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { contentTypes } from '../../drizzle/schema'
import { database } from '../accounts/db'
import { idParamSchema } from '../accounts/schemas'
import { requireAdmin } from '../auth/guards'
import type { AppEnv } from '../env'
import { audited, noAction } from '../lib/admin-audit'
import { apiError } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { checkPlaylist } from '../player/playlist-check'
import { checkInput, createStream, deleteStream, getStream, listStreams, replaceStream, streamInput, titlesWithoutStream } from '../player/streams'

const listQuery = z.object({
  content_type: z.enum(contentTypes).optional(),
  content_id: z.coerce.number().int().positive().optional(),
})

export const adminStreamRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', listQuery), async (c) => {
    return c.json({ results: await listStreams(database(c.env.DB), c.req.valid('query')) })
  })
  // Loads the address as the player would and says what it found, saving nothing.
  .post('/check', validate('json', checkInput), async (c) => {
    const { master_url, thumbnails_url } = c.req.valid('json')
    noAction(c)
    const check = await checkPlaylist(c.env, new URL(c.req.url).origin, master_url, thumbnails_url)
    return check.ok ? c.json({ report: check.report }) : apiError(c, 400, check.error, check.values)
  })
  // The titles viewers watch or save that no stream plays, most watched first.
  .get('/missing', async (c) => c.json({ results: await titlesWithoutStream(database(c.env.DB)) }))
  .get('/:id', validate('param', idParamSchema), async (c) => {
    const stream = await getStream(database(c.env.DB), c.req.valid('param').id)
    return stream ? c.json({ stream }) : apiError(c, 404, 'errors.streamNotFound')
  })
  .post('/', validate('json', streamInput), async (c) => {
    const input = c.req.valid('json')
    const check = await checkPlaylist(c.env, new URL(c.req.url).origin, input.master_url, input.thumbnails_url)
    if (!check.ok) return apiError(c, 400, check.error, check.values)
    const stream = await createStream(database(c.env.DB), c.env.CACHE, input)
    if (!stream) return apiError(c, 409, 'errors.streamExists')
    audited(c, 'stream.create', `stream:${stream.id}`, { content_type: stream.content_type, content_id: stream.content_id })
    return c.json({ stream, report: check.report }, 201)
  })
  .put('/:id', validate('param', idParamSchema), validate('json', streamInput), async (c) => {
    const input = c.req.valid('json')
    const check = await checkPlaylist(c.env, new URL(c.req.url).origin, input.master_url, input.thumbnails_url)
    if (!check.ok) return apiError(c, 400, check.error, check.values)
    const result = await replaceStream(database(c.env.DB), c.env.CACHE, c.req.valid('param').id, input)
    if (result.ok) {
      audited(c, 'stream.update', `stream:${result.stream.id}`, { content_type: result.stream.content_type, content_id: result.stream.content_id })
      return c.json({ stream: result.stream })
    }
    return result.reason === 'missing' ? apiError(c, 404, 'errors.streamNotFound') : apiError(c, 409, 'errors.streamExists')
  })
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param')
    const removed = await deleteStream(database(c.env.DB), c.env.CACHE, id)
    if (!removed) return apiError(c, 404, 'errors.streamNotFound')
    audited(c, 'stream.delete', `stream:${id}`)
    return c.json({ message: 'Stream removed' })
  })

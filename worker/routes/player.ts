/**
 * Playback API: which sources the player offers (GET /config), which HLS master playlist
 * plays a title, with its preview thumbnails track when it has one (GET /stream/:type/:id; 403 for
 * a title above the viewer's profile's maturity ceiling), its
 * markers (GET /markers/:type/:id: the intro, recap and credits to skip or act on) and a viewer's
 * "this marker was wrong" (POST /markers/:id/wrong). Operator links for downloads and ads travel with the
 * sources so the title page renders them only when they are configured, and so do the trailer
 * embeds, so a hosted trailer is offered only when the operator has said how to embed its site.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { contentTypes } from '../../drizzle/schema'
import { database } from '../accounts/db'
import { idParamSchema } from '../accounts/schemas'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'
import type { MarkersAnswer } from '../player/marker-rules'
import { markersForPlayback, reportWrongMarker } from '../player/markers'
import { playerConfig } from '../player/sources'
import { SAMPLE_MASTER_URL, SAMPLE_THUMBNAILS_URL, sampleSeriesEpisode, streamForPlayback } from '../player/streams'
import { catalogForRequest } from '../catalog'
import { notOnThisProfile, viewerMaySee } from './catalog'
import { catalogProviderName } from './config'

/** Plain decimal digits only, as the catalogue routes take them: no `1e3`, `0x10`, `00001` or spaces. */
function wholeNumber(name: string, min: number, max: number) {
  const digits = min === 0 ? /^(0|[1-9][0-9]{0,9})$/ : /^[1-9][0-9]{0,9}$/
  const message = errorMessage('errors.fieldWholeNumberRange', { field: name, min, max })
  return z.string().regex(digits, message).transform(Number).pipe(z.number().max(max, message))
}

const streamParams = z.object({
  type: z.enum(contentTypes, errorMessage('errors.fieldMovieOrTv', { field: 'type' })),
  id: wholeNumber('id', 1, 2_147_483_647),
})

const streamQuery = z.strictObject({
  season: wholeNumber('season', 0, 1000).default(0),
  episode: wholeNumber('episode', 0, 100_000).default(0),
})

export const playerRoutes = new Hono<AppEnv>()
  .get('/config', (c) => {
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(playerConfig(c.env))
  })
  .get('/stream/:type/:id', validate('param', streamParams), validate('query', streamQuery), async (c) => {
    const { type, id } = c.req.valid('param')
    const { season, episode } = c.req.valid('query')
    // A title above the viewer's profile's ceiling does not play on it (anyone without a session asks nothing more).
    if (!(await viewerMaySee(c, catalogForRequest(c), { media_type: type, id }))) return notOnThisProfile(c)
    const stream = await streamForPlayback(database(c.env.DB), c.env.CACHE, type, id, season, episode)
    if (stream) {
      return c.json({ url: stream.master_url, label: stream.label, thumbnails: stream.thumbnails_url, origin: 'mapped' as const })
    }
    // The embedded catalogue ships no media of its own, so its titles play the bundled sample;
    // with TMDB a title plays only what an operator has mapped to it.
    if (catalogProviderName(c.env) === 'embedded') {
      const episodeOfSeries = sampleSeriesEpisode(type, id, season, episode)
      if (episodeOfSeries) return c.json({ url: episodeOfSeries, label: 'Sample series', thumbnails: null, origin: 'sample' as const })
      return c.json({ url: SAMPLE_MASTER_URL, label: 'Sample', thumbnails: SAMPLE_THUMBNAILS_URL, origin: 'sample' as const })
    }
    return c.json({ url: null, label: null, thumbnails: null, origin: 'none' as const })
  })
  // The same for every viewer (which ones a viewer hid is kept in the viewer's browser).
  .get('/markers/:type/:id', validate('param', streamParams), validate('query', streamQuery), async (c) => {
    const { type, id } = c.req.valid('param')
    const { season, episode } = c.req.valid('query')
    const answer: MarkersAnswer = { markers: await markersForPlayback(database(c.env.DB), c.env.CACHE, { content_type: type, content_id: id }, season, episode) }
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(answer)
  })
  .post('/markers/:id/wrong', requireAccount, closedForMaintenance, validate('param', idParamSchema), async (c) => {
    const outcome = await reportWrongMarker(database(c.env.DB), c.var.account, c.req.valid('param').id)
    if (outcome === 'missing') return apiError(c, 404, 'errors.markerNotFound')
    return c.json({ reported: true }, outcome === 'new' ? 201 : 200)
  })

/**
 * What the signed-in viewer has watched, film by film and episode by episode, in the account's own
 * store (worker/accounts/taste.ts):
 *   GET /api/me/watched/{type}/{id}           { marks: WatchedMark[], finished }: a film's mark, or each
 *                                             episode of a show watched; `finished` is a film with a
 *                                             play, a show whose history says every episode watched
 *   PUT /api/me/watched                       { content_type, content_id, season_number?, episode_number?, watched }:
 *                                             marks a film, one episode, or every aired episode of a season
 *                                             (season_number alone) watched or unwatched; answers as GET, with
 *                                             `changed`, how many films or episodes it changed
 *   GET /api/me/watched/plays?limit=&before=  { results: Play[], next }: every play newest first (a rewatch
 *                                             is one more), `limit` of them (50 unless said, at most 100);
 *                                             `before` is the `next` of the page before, null after the last
 * The title, its episodes and its name and poster come from the catalogue (404 for one it does not
 * hold), never from the request. After a show's episodes change, the show is finished once every
 * aired episode of its regular seasons is watched, and no longer once one of them is unmarked.
 * Auth and maintenance as for the other /api/me writes.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { contentIdSchema, contentParamSchema, contentTypeSchema } from '../accounts/schemas'
import { everyEpisodeWatched, seasonOrNull } from '../accounts/show-progress'
import { myStore } from '../accounts/store-client'
import type { PlayItem } from '../accounts/taste'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import { catalogFor } from '../catalog'
import { hasAired, today } from '../catalog/aired'
import { CatalogUnavailableError, titleDetails } from '../catalog/provider'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'

export const MAX_PLAYS_PAGE = 100
const DEFAULT_PLAYS_PAGE = 50

const SEASON = errorMessage('errors.fieldWholeNumberRange', { field: 'season_number', min: 0, max: 999 })
const EPISODE = errorMessage('errors.fieldWholeNumberRange', { field: 'episode_number', min: 0, max: 100_000 })
const LIMIT = errorMessage('errors.fieldWholeNumberRange', { field: 'limit', min: 1, max: MAX_PLAYS_PAGE })
const CURSOR = errorMessage('errors.mustBePlaysCursor')

const markSchema = z
  .strictObject({
    content_type: contentTypeSchema,
    content_id: contentIdSchema,
    season_number: z.number(SEASON).int(SEASON).min(0, SEASON).max(999, SEASON).optional(),
    episode_number: z.number(EPISODE).int(EPISODE).min(0, EPISODE).max(100_000, EPISODE).optional(),
    watched: z.boolean(errorMessage('errors.fieldTrueOrFalse', { field: 'watched' })),
  })
  .superRefine((body, ctx) => {
    if (body.content_type === 'movie' && (body.season_number !== undefined || body.episode_number !== undefined)) ctx.addIssue({ code: 'custom', message: errorMessage('errors.filmHasNoEpisodes') })
    else if (body.content_type === 'tv' && body.season_number === undefined) {
      ctx.addIssue({ code: 'custom', message: errorMessage(body.episode_number === undefined ? 'errors.showNeedsSeason' : 'errors.episodeNeedsSeason') })
    }
  })

/** `next` of a page: the last play's date and id, as `2024-05-01T20:00:00.000Z~42`. */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)~([1-9]\d{0,14})$/

const playsQuerySchema = z.strictObject({
  limit: z.string(LIMIT).regex(/^\d{1,3}$/, LIMIT).transform(Number).pipe(z.number().int().min(1, LIMIT).max(MAX_PLAYS_PAGE, LIMIT)).default(DEFAULT_PLAYS_PAGE),
  before: z
    .string(CURSOR)
    .regex(CURSOR_PATTERN, CURSOR)
    .transform((text) => {
      const [, watched_at, id] = CURSOR_PATTERN.exec(text)!
      return { watched_at: watched_at!, id: Number(id) }
    })
    .optional(),
})

export const watchedRoutes = new Hono<AppEnv>()
  .get('/plays', requireAccount, validate('query', playsQuerySchema), async (c) => {
    const { limit, before } = c.req.valid('query')
    const { store, owner } = myStore(c)
    const results = await store.plays(owner, limit, before ?? null)
    const last = results[results.length - 1]
    c.header('Cache-Control', 'private, no-store')
    return c.json({ results, next: results.length === limit && last ? `${last.watched_at}~${last.id}` : null }, 200)
  })
  .get('/:content_type/:content_id', requireAccount, validate('param', contentParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    const state = await store.watchedState(owner, c.req.valid('param'))
    if (!state) return apiError(c, 401, 'errors.noSession')
    c.header('Cache-Control', 'private, no-store')
    return c.json(state, 200)
  })
  .put('/', requireAccount, closedForMaintenance, validate('json', markSchema), async (c) => {
    const { content_type, content_id, season_number, episode_number, watched } = c.req.valid('json')
    const key = { content_type, content_id }
    const { store, owner } = myStore(c)
    // The catalogue's own (English) name, as the plays and their export keep it, whatever the page's language.
    const catalog = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
    try {
      const details = await titleDetails(catalog, content_type, content_id)
      if (!details) return apiError(c, 404, 'errors.titleNotFound')
      const title = (details.media_type === 'movie' ? details.title : details.name).slice(0, 300) || String(content_id)
      const item = { ...key, title, poster_path: details.poster_path }
      let items: PlayItem[] = [{ ...item, season_number: null, episode_number: null }]
      if (details.media_type === 'tv') {
        const season = await seasonOrNull(catalog, content_id, season_number!)
        if (!season) return apiError(c, 404, 'errors.seasonNotFound')
        const day = today()
        const episodes = episode_number === undefined ? season.episodes.filter((e) => hasAired(e, details, day)) : season.episodes.filter((e) => e.episode_number === episode_number)
        if (episode_number !== undefined && episodes.length === 0) return apiError(c, 404, 'errors.episodeNotFound')
        items = episodes.map((e) => ({ ...item, season_number: e.season_number, episode_number: e.episode_number }))
      }
      // A season none of whose episodes has aired yet changes nothing.
      const state = items.length ? await store.markWatched(owner, items, watched) : await store.watchedState(owner, key).then((now) => now && { ...now, changed: 0 })
      if (!state) return apiError(c, 401, 'errors.noSession')
      // Marking can only finish a show, unmarking only unfinish it: a show the player or an import
      // finished stays so while the viewer marks more of it.
      if (details.media_type === 'tv' && state.changed > 0 && state.finished !== watched && (await everyEpisodeWatched(catalog, details, state.marks)) === watched) {
        await store.setShowFinished(owner, item, watched)
        state.finished = watched
      }
      return c.json(state, 200)
    } catch (err) {
      if (err instanceof CatalogUnavailableError) return apiError(c, 502, err.messageId)
      throw err
    }
  })

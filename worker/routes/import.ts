/**
 * Importing from another site, for the signed-in account (the browser reads the files):
 *   POST /api/me/import/match   { items: [{ title, year?, type?, tmdb_id?, imdb_id? }] } (at most 50):
 *                               { results: [{ status: 'matched' | 'ambiguous' | 'missing', ... }] }
 *   POST /api/me/import/apply   { watchlist: [...], watched: [...], ratings: [...], lists: [{ name, items }] }
 *                               (at most 500 titles each): the titles the person confirmed, added where
 *                               not there yet (a list's to the account's list of that name), and their
 *                               ratings in half stars (a rating replaces the one there); the counts
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { contentIdSchema, contentTypeSchema, listCreateSchema, plainText, ratingSchema, watchlistAddSchema } from '../accounts/schemas'
import { importLists, matchTitles } from '../accounts/import'
import { keepPublicListCopies, publicSlugsOf } from '../accounts/public-lists'
import { myStore } from '../accounts/store-client'
import { closedForMaintenance, requireAccount, requireAccountLevel } from '../auth/guards'
import { catalogFor } from '../catalog'
import { IMDB_ID_PATTERN } from '../catalog/title-facts'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'

export const MATCH_BATCH = 50
export const APPLY_LIMIT = 500

const IMDB_ID_MESSAGE = errorMessage('errors.mustBeImdbId')

const matchSchema = z.object({
  items: z
    .array(
      z.object({
        title: plainText('title').trim().min(1, errorMessage('errors.fieldRequired', { field: 'title' })).max(300, errorMessage('errors.fieldTooLong', { field: 'title', max: 300 })),
        year: z.number().int().min(1870).max(2100).nullable().optional(),
        type: contentTypeSchema.nullable().optional(),
        tmdb_id: contentIdSchema.nullable().optional(),
        imdb_id: z.string(IMDB_ID_MESSAGE).regex(IMDB_ID_PATTERN, IMDB_ID_MESSAGE).nullable().optional(),
      }),
    )
    .min(1, errorMessage('errors.mustListOne'))
    .max(MATCH_BATCH, errorMessage('errors.mustListAtMost', { max: MATCH_BATCH })),
})

const dateTime = (field: string) => z.iso.datetime({ offset: true, error: errorMessage('errors.fieldDateTime', { field }) }).nullable().optional()

/** The titles confirmed, as the watchlist takes them; watched ones with the file's date. */
const applySchema = z.object({
  watchlist: z.array(watchlistAddSchema).max(APPLY_LIMIT, errorMessage('errors.mustListAtMost', { max: APPLY_LIMIT })).default([]),
  watched: z
    .array(watchlistAddSchema.extend({ watched_at: dateTime('watched_at') }))
    .max(APPLY_LIMIT, errorMessage('errors.mustListAtMost', { max: APPLY_LIMIT }))
    .default([]),
  /** Ratings in half stars (1 to 10), with the day the file says they were given. */
  ratings: z
    .array(watchlistAddSchema.extend({ rating: ratingSchema, rated_at: dateTime('rated_at') }))
    .max(APPLY_LIMIT, errorMessage('errors.mustListAtMost', { max: APPLY_LIMIT }))
    .default([]),
  lists: z
    .array(z.object({ name: listCreateSchema.shape.name, items: z.array(watchlistAddSchema).min(1, errorMessage('errors.mustListOne')) }))
    .max(APPLY_LIMIT, errorMessage('errors.mustListAtMost', { max: APPLY_LIMIT }))
    .default([])
    .refine((lists) => lists.reduce((n, l) => n + l.items.length, 0) <= APPLY_LIMIT, errorMessage('errors.mustListAtMost', { max: APPLY_LIMIT })),
})

export const importRoutes = new Hono<AppEnv>()
  .post('/match', requireAccount, requireAccountLevel, validate('json', matchSchema), async (c) => {
    const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
    const queries = c.req.valid('json').items.map((i) => ({ title: i.title, year: i.year ?? null, type: i.type ?? null, tmdb_id: i.tmdb_id ?? null, imdb_id: i.imdb_id ?? null }))
    return c.json({ results: await matchTitles(provider, queries) }, 200)
  })
  .post('/apply', requireAccount, requireAccountLevel, closedForMaintenance, validate('json', applySchema), async (c) => {
    const db = database(c.env.DB)
    const owner = c.var.account
    const body = c.req.valid('json')
    const now = new Date().toISOString()
    // into the profile that runs it (its store, and its lists below)
    const { store, owner: viewer } = myStore(c)
    const titles = await store.importTitles(
      viewer,
      {
        watchlist: body.watchlist,
        watched: body.watched.map((w) => ({ ...w, watched_at: w.watched_at ? new Date(w.watched_at).toISOString() : now })),
        ratings: body.ratings.map(({ rated_at, ...r }) => ({ ...r, ...(rated_at && { rated_at: new Date(rated_at).toISOString() }) })),
      },
    )
    if (!titles) return apiError(c, 401, 'errors.noSession')
    const lists = await importLists(db, owner, body.lists)
    // titles imported into a public list show to visitors at once, as an owner's other changes do
    if (body.lists.length > 0) await keepPublicListCopies(c.env, await publicSlugsOf(db, owner))
    return c.json({ watchlist: titles.watchlist, watched: titles.watched, ratings: titles.ratings, lists }, 200)
  })

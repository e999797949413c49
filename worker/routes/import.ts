/**
 * Importing from another site, for the signed-in account (the browser reads the files):
 *   POST /api/me/import/match   { items: [{ title, year?, type?, tmdb_id? }] } (at most 50):
 *                               { results: [{ status: 'matched' | 'ambiguous' | 'missing', ... }] }
 *   POST /api/me/import/apply   { watchlist: [...], watched: [...] } (at most 500 each): the titles
 *                               the person confirmed, added where not there yet; the counts
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { importWatched, importWatchlist, inChunks, INSERT_CHUNK, matchTitles } from '../accounts/import'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import { catalogFor } from '../catalog'
import type { AppEnv } from '../env'
import { validate } from '../lib/validate'

export const MATCH_BATCH = 50
export const APPLY_LIMIT = 500

/** Printable text: no control characters, which no title has. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'must not contain control characters')

const mediaType = z.enum(['movie', 'tv'], { error: 'must be movie or tv' })
const id = z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be positive').max(2_147_483_647, 'is too large')

const matchSchema = z.object({
  items: z
    .array(
      z.object({
        title: text(300),
        year: z.number().int().min(1870).max(2100).nullable().optional(),
        type: mediaType.nullable().optional(),
        tmdb_id: id.nullable().optional(),
      }),
    )
    .min(1, 'must list at least one title')
    .max(MATCH_BATCH, `must list at most ${MATCH_BATCH} titles`),
})

const title = z.object({ content_type: mediaType, content_id: id, title: text(300), poster_path: z.string().max(300).regex(/^\/[\w./-]*$/, 'must be an image path').nullable() })
const applySchema = z.object({
  watchlist: z.array(title).max(APPLY_LIMIT, `must list at most ${APPLY_LIMIT} titles`).default([]),
  watched: z
    .array(title.extend({ watched_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).nullable().optional() }))
    .max(APPLY_LIMIT, `must list at most ${APPLY_LIMIT} titles`)
    .default([]),
})

export const importRoutes = new Hono<AppEnv>()
  .post('/match', requireAccount, validate('json', matchSchema), async (c) => {
    const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
    const queries = c.req.valid('json').items.map((i) => ({ title: i.title, year: i.year ?? null, type: i.type ?? null, tmdb_id: i.tmdb_id ?? null }))
    return c.json({ results: await matchTitles(provider, queries) }, 200)
  })
  .post('/apply', requireAccount, closedForMaintenance, validate('json', applySchema), async (c) => {
    const db = database(c.env.DB)
    const owner = c.var.account
    const body = c.req.valid('json')
    const watchlist = await inChunks(body.watchlist, INSERT_CHUNK.watchlist, (chunk) => importWatchlist(db, owner, chunk))
    const watched = await inChunks(
      body.watched.map((w) => ({ ...w, watched_at: w.watched_at ? new Date(w.watched_at).toISOString() : null })),
      INSERT_CHUNK.watched,
      (chunk) => importWatched(db, owner, chunk),
    )
    return c.json({ watchlist, watched }, 200)
  })

/**
 * GET /api/img/{w200|w300|w500|original}/...: the drawn SVG posters, backdrops, portraits and
 * episode stills of the embedded catalogue, at the paths its answers carry (poster_path,
 * backdrop_path, profile_path, still_path). Drawn from D1 facts (a title's name, year, genres and
 * original language, read in one query per image), so they are immutable and cached for a year;
 * an unknown title answers 404. A page shows dozens of them, so drawn images are kept
 * in the edge cache (Cache API) under their path: a repeat request costs no D1 query and no
 * drawing. Only drawn images are kept; a 404 may stop being one when the catalogue is reloaded.
 */
import { and, eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { catalogMovieGenres, catalogMovies, catalogPeople, catalogSeasons, catalogTvGenres, catalogTvSeries } from '../../drizzle/catalog-schema'
import { type ArtFacts, backdropSvg, IMAGE_SIZES, posterSvg, profileSvg, seasonPosterSvg, stillSvg } from '../catalog/artwork'
import { yearOfDate } from '../catalog/title-facts'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { edgeCache } from '../lib/edge-cache'
import { validate } from '../lib/validate'

/**
 * The drawings' edition, part of every image address the site hands out. Drawn images are cached
 * for a year by browsers and the edge under their address, so a change to how they are drawn, or a
 * catalogue reload that changes a title's facts, moves to a new edition. Addresses without one, or
 * of an older edition, still answer (with the current drawing).
 */
export const ART_EDITION = 'a2'

const size = z.enum(IMAGE_SIZES, { error: errorMessage('errors.mustBeImageSize') })
const svgFile = z
  .string()
  .regex(/^[1-9]\d{0,9}\.svg$/, errorMessage('errors.mustBeSvgFile'))
  .transform((f) => Number(f.slice(0, -4)))
const number = z.string().regex(/^\d{1,10}$/, errorMessage('errors.mustBeWholeNumber')).transform(Number)

function image(c: Context<AppEnv>, body: string | null) {
  if (body === null) return apiError(c, 404, 'errors.imageNotFound')
  return c.body(body, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
}

/** A row's facts as the artwork wants them; `genres` is `position:id,...` in any order. */
interface FactsRow {
  title: string
  date: string | null
  language: string
  genres: string | null
}

function factsOf(row: FactsRow, mediaType: 'movie' | 'tv'): ArtFacts {
  const genreIds = (row.genres ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split(':').map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0])
    .map(([, id]) => id)
  return { title: row.title, year: yearOfDate(row.date), mediaType, genreIds, language: row.language }
}

// The genre ids travel as one column so every image costs one query. group_concat does not
// promise an order, so each id carries its position.
const movieGenres = sql<string | null>`(SELECT group_concat(${catalogMovieGenres.position} || ':' || ${catalogMovieGenres.genre_id}) FROM ${catalogMovieGenres} WHERE ${catalogMovieGenres.movie_id} = ${catalogMovies.id})`
const tvGenres = sql<string | null>`(SELECT group_concat(${catalogTvGenres.position} || ':' || ${catalogTvGenres.genre_id}) FROM ${catalogTvGenres} WHERE ${catalogTvGenres.tv_id} = ${catalogTvSeries.id})`

async function titleOf(d1: D1Database, type: 'movie' | 'tv', id: number): Promise<ArtFacts | undefined> {
  const db = drizzle(d1)
  const row =
    type === 'movie'
      ? await db
          .select({ title: catalogMovies.title, date: catalogMovies.release_date, language: catalogMovies.original_language, genres: movieGenres })
          .from(catalogMovies)
          .where(eq(catalogMovies.id, id))
          .get()
      : await db
          .select({ title: catalogTvSeries.name, date: catalogTvSeries.first_air_date, language: catalogTvSeries.original_language, genres: tvGenres })
          .from(catalogTvSeries)
          .where(eq(catalogTvSeries.id, id))
          .get()
  return row && factsOf(row, type)
}

/** A season with its series' facts, for the season posters and the episode stills. */
async function seasonOf(d1: D1Database, tv: number, season: number): Promise<{ facts: ArtFacts; name: string; count: number } | undefined> {
  const row = await drizzle(d1)
    .select({
      title: catalogTvSeries.name,
      date: catalogTvSeries.first_air_date,
      language: catalogTvSeries.original_language,
      genres: tvGenres,
      name: catalogSeasons.name,
      count: catalogSeasons.episode_count,
    })
    .from(catalogSeasons)
    .innerJoin(catalogTvSeries, eq(catalogTvSeries.id, catalogSeasons.tv_id))
    .where(and(eq(catalogSeasons.tv_id, tv), eq(catalogSeasons.season_number, season)))
    .get()
  return row && { facts: factsOf(row, 'tv'), name: row.name, count: row.count }
}


/**
 * Answers from the edge cache when the image has been drawn before, else draws it and stores it
 * after answering. The key is the origin and path only, so a query string (cache busters, tracking
 * parameters) cannot fill the cache with copies of the same image.
 */
const edgeCached = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET') return next()
  const url = new URL(c.req.url)
  const key = new Request(`${url.origin}${url.pathname}`)
  const cache = edgeCache()
  const hit = await cache.match(key)
  // A cached response's headers are immutable; the app's middleware still adds its own.
  if (hit) return new Response(hit.body, hit)
  await next()
  if (c.res.status === 200) c.executionCtx.waitUntil(cache.put(key, c.res.clone()).catch(() => undefined))
})

const typeParams = z.object({ size, type: z.enum(['movie', 'tv'], { error: errorMessage('errors.mustBeMovieOrTv') }), file: svgFile })

export const imageRoutes = new Hono<AppEnv>()
  .use(edgeCached)
  .get('/:size/poster/season/:tv/:file', validate('param', z.object({ size, tv: number, file: svgFile })), async (c) => {
    const { size: s, tv, file: season } = c.req.valid('param')
    const row = await seasonOf(c.env.CATALOG, tv, season)
    return image(c, row ? seasonPosterSvg(row.facts, season, row.name, s) : null)
  })
  .get('/:size/poster/:type/:file', validate('param', typeParams), async (c) => {
    const { size: s, type, file: id } = c.req.valid('param')
    const row = await titleOf(c.env.CATALOG, type, id)
    return image(c, row ? posterSvg(row, s) : null)
  })
  .get('/:size/backdrop/:type/:file', validate('param', typeParams), async (c) => {
    const { size: s, type, file: id } = c.req.valid('param')
    const row = await titleOf(c.env.CATALOG, type, id)
    return image(c, row ? backdropSvg(row, s) : null)
  })
  .get('/:size/profile/:file', validate('param', z.object({ size, file: svgFile })), async (c) => {
    const { size: s, file: id } = c.req.valid('param')
    const row = await drizzle(c.env.CATALOG).select({ name: catalogPeople.name }).from(catalogPeople).where(eq(catalogPeople.id, id)).get()
    return image(c, row ? profileSvg(row.name, s) : null)
  })
  .get('/:size/still/:tv/:season/:file', validate('param', z.object({ size, tv: number, season: number, file: svgFile })), async (c) => {
    const { size: s, tv, season, file: episode } = c.req.valid('param')
    const row = await seasonOf(c.env.CATALOG, tv, season)
    return image(c, row && episode <= row.count ? stillSvg(row.facts, season, episode, s) : null)
  })

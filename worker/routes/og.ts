/**
 * GET /api/og/{edition}/{movie|tv}/{id}.png   a title's share card, 1920x1080 PNG
 * GET /api/og/{edition}/site.png              the site's own card, for pages that are not a title's
 *
 * Social networks do not show SVG, so the worker renders the cards (worker/og/) to PNG. A card is
 * rendered once: it is kept in KV (every location) and in the edge cache (this location), both
 * under its edition, which changes whenever the drawing or the card does (OG_EDITION). Any edition
 * in an address answers with the current card, so old links keep a picture.
 */
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { catalogFor } from '../catalog'
import { titleDetails } from '../catalog/provider'
import { runtimeText, yearOfDate } from '../catalog/title-facts'
import type { MediaType, MovieDetails, TvDetails } from '../catalog/types'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { edgeCache } from '../lib/edge-cache'
import { validate } from '../lib/validate'
import { type CardFacts, OG_EDITION, siteCardSvg, titleCardSvg } from '../og/card'
import { svgToPng } from '../og/render'

export const SITE_TAGLINE: [string, string] = ['Discover and watch', 'movies and TV shows']

const KV_SECONDS = 30 * 24 * 60 * 60
const BROWSER_SECONDS = 7 * 24 * 60 * 60

const edition = z.string().regex(/^[a-z0-9]{1,12}$/, errorMessage('errors.mustBeLettersDigits'))
const titleParams = z.object({
  edition,
  type: z.enum(['movie', 'tv'], { error: errorMessage('errors.mustBeMovieOrTv') }),
  file: z
    .string()
    .regex(/^[1-9]\d{0,9}\.png$/, errorMessage('errors.mustBePngFile'))
    .transform((f) => Number(f.slice(0, -4))),
})


function png(bytes: ArrayBuffer): Response {
  return new Response(bytes, {
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': `public, max-age=${BROWSER_SECONDS}`,
    },
  })
}

/**
 * The card from the edge cache, else from KV, else rendered by `render` and kept in both. `render`
 * answers null when there is nothing to draw (an unknown title), which is not kept.
 */
async function cached(c: Context<AppEnv>, kvKey: string, render: () => Promise<ArrayBuffer | null>): Promise<Response> {
  const url = new URL(c.req.url)
  const cacheKey = new Request(`${url.origin}/api/og/${OG_EDITION}/${kvKey}`)
  const hit = await edgeCache().match(cacheKey)
  if (hit) return new Response(hit.body, hit)
  const key = `og:${OG_EDITION}:${kvKey}`
  let bytes = await c.env.CACHE.get(key, 'arrayBuffer')
  if (!bytes) {
    bytes = await render()
    if (!bytes) return apiError(c, 404, 'errors.titleNotFound')
    c.executionCtx.waitUntil(c.env.CACHE.put(key, bytes, { expirationTtl: KV_SECONDS }).catch(() => undefined))
  }
  const res = png(bytes)
  c.executionCtx.waitUntil(edgeCache().put(cacheKey, res.clone()).catch(() => undefined))
  return res
}

/** What the card prints, from the title's details. */
export function cardFacts(details: MovieDetails | TvDetails): CardFacts {
  const date = details.media_type === 'movie' ? details.release_date : details.first_air_date
  let length: string | null = null
  if (details.media_type === 'movie') length = runtimeText(details.runtime) || null
  else if (details.number_of_seasons > 0) length = details.number_of_seasons === 1 ? '1 season' : `${details.number_of_seasons} seasons`
  return {
    title: details.media_type === 'movie' ? details.title : details.name,
    rating: details.vote_count > 0 ? Math.round(details.vote_average * 10) / 10 : null,
    year: yearOfDate(date),
    length,
    genres: details.genres.map((g) => g.name),
  }
}

async function renderTitle(c: Context<AppEnv>, type: MediaType, id: number): Promise<ArrayBuffer | null> {
  const details = await titleDetails(catalogFor(c.env, (p) => c.executionCtx.waitUntil(p)), type, id)
  if (!details) return null
  const facts = cardFacts(details)
  const art = {
    title: facts.title,
    year: facts.year,
    mediaType: type,
    genreIds: details.genres.map((g) => g.id),
    language: details.original_language,
  }
  return svgToPng(await titleCardSvg(art, facts, c.env.SITE_NAME))
}

export const ogRoutes = new Hono<AppEnv>()
  .get('/:edition/site.png', validate('param', z.object({ edition })), (c) =>
    cached(c, `site:${encodeURIComponent(c.env.SITE_NAME)}`, () => svgToPng(siteCardSvg(c.env.SITE_NAME, SITE_TAGLINE))),
  )
  .get('/:edition/:type/:file', validate('param', titleParams), (c) => {
    const { type, file: id } = c.req.valid('param')
    return cached(c, `${type}/${id}`, () => renderTitle(c, type, id))
  })

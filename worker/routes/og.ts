/**
 * GET /api/og/{edition}/{movie|tv}/{id}.png   a title's share card, 1920x1080 PNG
 * GET /api/og/{edition}/site.png              the site's own card, for pages that are not a title's
 * GET /api/og/{edition}/list/{slug}.png        a public list's card (404 for a private or unknown list)
 *
 * Social networks do not show SVG, so the worker renders the cards (worker/og/) to PNG. A card is
 * rendered once: it is kept in KV (every location) and in the edge cache (this location), both
 * under its edition, which changes whenever the drawing or the card does (OG_EDITION). Any edition
 * in an address answers with the current card, so old links keep a picture. A list's card is also
 * kept under a digest of everything it draws (name, count, owner, first titles), so any change
 * to those makes a new card at a new address; whether the list is public is read on every request
 * (from the visitors' copy of the list, which every change writes through), so a list made private
 * stops showing at once; caches outside the worker may keep a list's card 5 minutes only, and a
 * list's card is rendered at most LIST_CARD_RENDERS times an hour.
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
import { type CardFacts, listCardSvg, listCardVersion, OG_EDITION, siteCardSvg, titleCardSvg } from '../og/card'
import { limitAttempts } from '../auth/rate-limit'
import { database } from '../accounts/db'
import { publicListView } from '../accounts/public-lists'
import type { ListWithItems } from '../accounts/user-lists'
import type { ArtFacts } from '../catalog/art/styles'
import { translate } from '../seo/messages'
import { DEFAULT_LOCALE, type Locale, negotiateLocale } from '../lib/locales'
import { svgToPng } from '../og/render'
import { typesetterFor } from '../og/typeset'

export const SITE_TAGLINE: [string, string] = ['Discover and watch', 'movies and TV shows']

const KV_SECONDS = 30 * 24 * 60 * 60
const BROWSER_SECONDS = 7 * 24 * 60 * 60
/** A list made private must not stay visible in shared caches for long. */
export const LIST_CARD_SECONDS = 5 * 60
/** Renders of one list's card an hour (each costs about a second of CPU); past it, 429. */
export const LIST_CARD_RENDERS = 20
const RENDER_WINDOW_SECONDS = 60 * 60

const edition = z.string().regex(/^[a-z0-9]{1,12}$/, errorMessage('errors.mustBeLettersDigits'))
const titleParams = z.object({
  edition,
  type: z.enum(['movie', 'tv'], { error: errorMessage('errors.mustBeMovieOrTv') }),
  file: z
    .string()
    .regex(/^[1-9]\d{0,9}\.png$/, errorMessage('errors.mustBePngFile'))
    .transform((f) => Number(f.slice(0, -4))),
})


function png(bytes: ArrayBuffer, maxAge: number): Response {
  return new Response(bytes, {
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': `public, max-age=${maxAge}`,
    },
  })
}

/**
 * The card from the edge cache, else from KV, else rendered by `render` and kept in both. `render`
 * answers null when there is nothing to draw (an unknown title), which is not kept, or a refusal
 * to send as it is.
 */
async function cached(c: Context<AppEnv>, kvKey: string, render: () => Promise<ArrayBuffer | Response | null>, maxAge = BROWSER_SECONDS): Promise<Response> {
  const url = new URL(c.req.url)
  const cacheKey = new Request(`${url.origin}/api/og/${OG_EDITION}/${kvKey}`)
  const hit = await edgeCache().match(cacheKey)
  if (hit) return new Response(hit.body, hit)
  const key = `og:${OG_EDITION}:${kvKey}`
  let bytes = await c.env.CACHE.get(key, 'arrayBuffer')
  if (!bytes) {
    const rendered = await render()
    if (rendered instanceof Response) return rendered
    if (!rendered) return apiError(c, 404, 'errors.titleNotFound')
    bytes = rendered
    c.executionCtx.waitUntil(c.env.CACHE.put(key, bytes, { expirationTtl: KV_SECONDS }).catch(() => undefined))
  }
  const res = png(bytes, maxAge)
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

/** The key of the count of a list's card renders (a list's address names nobody). */
export function listCardRenders(slug: string): string {
  return `og-list:${slug}`
}

const listParams = z.object({
  edition,
  file: z.string().regex(/^[a-z0-9]{10}\.png$/, errorMessage('errors.mustBePngFile')).transform((f) => f.slice(0, -4)),
})

/** The line under a list's name: how many titles, and whose list, in the card's language. */
export function listCardLine(list: Pick<ListWithItems, 'item_count' | 'owner_name'>, locale: Locale): string {
  const count = translate(locale, 'seo.listCount', { count: list.item_count })
  return list.owner_name ? translate(locale, 'seo.listCountBy', { count: list.item_count, owner: list.owner_name }) : count
}

async function renderList(c: Context<AppEnv>, list: ListWithItems, locale: Locale): Promise<ArrayBuffer> {
  const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
  // The first titles drawn as they are everywhere else on the site; a title the catalogue no
  // longer has is drawn from its name alone.
  const posters: ArtFacts[] = await Promise.all(
    list.items.slice(0, 5).map(async (item) => {
      const details = await titleDetails(provider, item.content_type, item.content_id).catch(() => null)
      if (!details) return { title: item.title, year: null, mediaType: item.content_type, genreIds: [], language: 'en' }
      const date = details.media_type === 'movie' ? details.release_date : details.first_air_date
      return { title: item.title, year: yearOfDate(date), mediaType: item.content_type, genreIds: details.genres.map((g) => g.id), language: details.original_language }
    }),
  )
  const facts = { name: list.name, line: listCardLine(list, locale) }
  const ts = await typesetterFor(c.env.ASSETS, [facts.name, facts.line], locale)
  return svgToPng(await listCardSvg(posters, facts, c.env.SITE_NAME, ts), ts.fonts.buffers)
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
  // A title's card is in English, as its catalogue answer is: its title may be in any script.
  const ts = await typesetterFor(c.env.ASSETS, [facts.title], DEFAULT_LOCALE)
  return svgToPng(await titleCardSvg(art, facts, c.env.SITE_NAME, ts), ts.fonts.buffers)
}

export const ogRoutes = new Hono<AppEnv>()
  .get('/:edition/site.png', validate('param', z.object({ edition })), (c) =>
    cached(c, `site:${encodeURIComponent(c.env.SITE_NAME)}`, () => svgToPng(siteCardSvg(c.env.SITE_NAME, SITE_TAGLINE))),
  )
  .get('/:edition/list/:file', validate('param', listParams), async (c) => {
    // A card is for anyone: a private list has none, whoever asks (read from the visitors' copy).
    const list = await publicListView(c.env, c.req.valid('param').file, (p) => c.executionCtx.waitUntil(p))
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    // The card's words follow the page that names it (?lang=), as a list page's tags do.
    const locale = negotiateLocale(c.req.query('lang') ?? 'en')
    const version = listCardVersion(list, c.env.SITE_NAME)
    const render = async () => (await limitAttempts(c, database(c.env.DB), [{ key: listCardRenders(list.slug), limit: LIST_CARD_RENDERS, windowSeconds: RENDER_WINDOW_SECONDS }])) ?? renderList(c, list, locale)
    return cached(c, `list/${list.slug}/${version}/${locale}`, render, LIST_CARD_SECONDS)
  })
  .get('/:edition/:type/:file', validate('param', titleParams), (c) => {
    const { type, file: id } = c.req.valid('param')
    return cached(c, `${type}/${id}`, () => renderTitle(c, type, id))
  })

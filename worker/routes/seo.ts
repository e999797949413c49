/**
 * What crawlers and social networks read at the edge:
 *   GET /share/{movie|tv}/{id}   a small page with the title's social tags that sends people on
 *                                to the title page (social crawlers read the tags, browsers follow)
 *   GET /sitemap.xml             static pages, genres and the catalogue's best-known titles
 *   GET /robots.txt
 * The app's own pages, title pages included, are served by routes/app-pages.ts.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { catalogFor } from '../catalog'
import { MOVIE_GENRES } from '../catalog/genre-map'
import type { ListName } from '../catalog/provider'
import { CATALOG_CACHE_PREFIX } from '../cache'
import type { AppEnv } from '../env'
import { appNotFoundOr } from './app-pages'
import { escapeHtml } from '../lib/escape'
import { documentTitle, episodeMetaOf, metaTags, titleMeta, type TitleMeta } from '../seo/meta'

const titleParams = z.object({
  type: z.enum(['movie', 'tv'], { error: 'must be movie or tv' }),
  id: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number').transform(Number),
})

const STATIC_PATHS = ['/', '/movies', '/tv-shows', '/kids', '/genres', '/top-imdb', '/search', '/faq', '/contact', '/about-us', '/terms', '/privacy', '/dmca']
const SITEMAP_LISTS: ListName[] = ['movie-popular', 'movie-top-rated', 'tv-popular', 'tv-top-rated', 'trending-all']
const SITEMAP_PAGES_PER_LIST = 5
const SITEMAP_CACHE_SECONDS = 24 * 60 * 60

function lookupMeta(c: Context<AppEnv>, type: 'movie' | 'tv', id: number): Promise<TitleMeta | null> {
  const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
  return titleMeta(c.env, provider, type, id, new URL(c.req.url).origin)
}

/** A share link's episode (?season=2&episode=3); anything else is ignored and the show is shared. */
const episodeQuery = z.object({
  season: z.string().regex(/^(0|[1-9]\d{0,3})$/).transform(Number),
  episode: z.string().regex(/^[1-9]\d{0,5}$/).transform(Number),
})

async function withEpisode(c: Context<AppEnv>, meta: TitleMeta): Promise<TitleMeta> {
  const at = episodeQuery.safeParse(c.req.query())
  if (meta.type !== 'tv' || !at.success) return meta
  const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
  const season = await provider.season(meta.id, at.data.season).catch(() => null)
  return episodeMetaOf(meta, at.data, season?.episodes.find((e) => e.episode_number === at.data.episode) ?? null)
}

function sharePage(meta: TitleMeta, siteName: string): string {
  const address = new URL(meta.url)
  const target = escapeHtml(address.pathname + address.search)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(documentTitle(meta, siteName))}</title>
<meta name="description" content="${escapeHtml(meta.description)}">
${metaTags(meta, siteName)}
<meta http-equiv="refresh" content="0; url=${target}">
</head>
<body style="background:#0a0a0a;color:#e5e5e5;font-family:system-ui,sans-serif">
<p><a href="${target}" style="color:#fb7185">Continue to ${escapeHtml(meta.title)}</a></p>
</body>
</html>`
}

async function buildSitemap(c: Context<AppEnv>): Promise<string> {
  const origin = new URL(c.req.url).origin
  const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
  const titles = new Set<string>()
  for (const list of SITEMAP_LISTS) {
    for (let page = 1; page <= SITEMAP_PAGES_PER_LIST; page++) {
      const answer = await provider.list(list, page)
      for (const item of answer.results) titles.add(`/${item.media_type}/${item.id}`)
      if (page >= answer.total_pages) break
    }
  }
  const paths = [...STATIC_PATHS, ...MOVIE_GENRES.map((genre) => `/genre/${genre.id}`), ...titles]
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    const origin = new URL(c.req.url).origin
    return c.text(`User-agent: *\nDisallow: /api/\nDisallow: /admin/\nSitemap: ${origin}/sitemap.xml\n`)
  })
  .get('/sitemap.xml', async (c) => {
    const key = `${CATALOG_CACHE_PREFIX}sitemap:${new URL(c.req.url).origin}`
    let xml = await c.env.CACHE.get(key)
    if (!xml) {
      xml = await buildSitemap(c)
      c.executionCtx.waitUntil(c.env.CACHE.put(key, xml, { expirationTtl: SITEMAP_CACHE_SECONDS }))
    }
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' })
  })
  .get('/share/:type/:id', async (c) => {
    // People follow share links: a malformed one gets the site's not-found page, not a JSON error.
    const parsed = titleParams.safeParse(c.req.param())
    if (!parsed.success) return appNotFoundOr(c, null)
    const { type, id } = parsed.data
    const found = await lookupMeta(c, type, id)
    if (!found) return c.redirect(`/${type}/${id}`, 302)
    const meta = await withEpisode(c, found)
    return c.html(sharePage(meta, c.env.SITE_NAME), 200, { 'Cache-Control': 'public, max-age=600' })
  })

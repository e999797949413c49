/**
 * What crawlers and social networks read at the edge:
 *   GET [/{lang}]/share/{movie|tv}/{id}  a small page with the title's social tags that sends
 *                                people on to the title page (social crawlers read the tags,
 *                                browsers follow), both in the sharer's language: /es/share/movie/155
 *                                unfurls in Spanish and opens /es/movie/155
 *   GET /sitemap.xml             static pages, genres, the catalogue's best-known titles, the
 *                                embedded catalogue's most credited people and the most recently
 *                                changed public lists, each in every language with
 *                                its alternates
 *   GET /robots.txt
 * The app's own pages, title pages included, are served by routes/app-pages.ts.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { publicListSlugs } from '../accounts/user-lists'
import { catalogFor, catalogForPage } from '../catalog'
import { MOVIE_GENRES } from '../catalog/genre-map'
import type { ListName } from '../catalog/provider'
import { CATALOG_CACHE_PREFIX } from '../cache'
import type { AppEnv } from '../env'
import { appNotFoundOr } from './app-pages'
import { catalogProviderName } from './config'
import { escapeHtml } from '../lib/escape'
import { isLocale, LOCALES, localePrefix, localizedPath } from '../lib/locales'
import { sharedAnswer } from '../lib/single-flight'
import { alternatesOf, htmlAttributesOf, pageLanguageOf } from '../seo/languages'
import { translate } from '../seo/messages'
import { documentTitle, episodeMetaOf, metaTags, titleMeta, type TitleMeta } from '../seo/meta'

const titleParams = z.object({
  type: z.enum(['movie', 'tv'], { error: 'must be movie or tv' }),
  id: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number').transform(Number),
})

const STATIC_PATHS = ['/', '/movies', '/tv-shows', '/kids', '/genres', '/top-imdb', '/search', '/faq', '/contact', '/about-us', '/terms', '/privacy', '/dmca']
const SITEMAP_LISTS: ListName[] = ['movie-popular', 'movie-top-rated', 'tv-popular', 'tv-top-rated', 'trending-all']
const SITEMAP_PAGES_PER_LIST = 5
const SITEMAP_PUBLIC_LISTS = 1000
const SITEMAP_PEOPLE = 300
// At most (13 static pages + 18 genres + 5 lists x 5 pages x 20 titles + 300 people + 1,000 public
// lists) x 12 languages, about 22,000 addresses and 30 MB with their alternates: one file within the
// protocol's 50,000 and 50 MB (worker/test/languages.test.ts checks the real one), so no sitemap
// index is needed.
/**
 * The sitemap is kept in KV for five minutes, then served while one worker makes it again; past
 * fifteen minutes it is made again before it is served, so a list made private leaves it within
 * fifteen minutes however rarely it is asked for (and a minute more for KV to show it everywhere).
 */
const SITEMAP_FRESH_MS = 5 * 60_000
const SITEMAP_SERVABLE_MS = 15 * 60_000
const SITEMAP_KV_SECONDS = 24 * 60 * 60

/** The language of the share link: the sharer's. */
function shareLocale(c: Context<AppEnv>) {
  return pageLanguageOf(new URL(c.req.url).pathname).locale
}

function lookupMeta(c: Context<AppEnv>, type: 'movie' | 'tv', id: number): Promise<TitleMeta | null> {
  const locale = shareLocale(c)
  const provider = catalogForPage(c, locale)
  return titleMeta(c.env, provider, type, id, new URL(c.req.url).origin, locale)
}

/**
 * A share link's episode (?season=2&episode=3); anything else is ignored and the show is shared.
 * `unnamed=1` (shared by a spoiler-safe viewer before watching it) names the episode by its number only.
 */
const episodeQuery = z.object({
  season: z.string().regex(/^(0|[1-9]\d{0,3})$/).transform(Number),
  episode: z.string().regex(/^[1-9]\d{0,5}$/).transform(Number),
})

async function withEpisode(c: Context<AppEnv>, meta: TitleMeta): Promise<TitleMeta> {
  const at = episodeQuery.safeParse(c.req.query())
  if (meta.type !== 'tv' || !at.success) return meta
  if (c.req.query('unnamed') === '1') return episodeMetaOf(meta, at.data, { name: '', overview: '' })
  // The episode's name and overview in the sharer's language.
  const provider = catalogForPage(c, meta.locale)
  const season = await provider.season(meta.id, at.data.season).catch(() => null)
  return episodeMetaOf(meta, at.data, season?.episodes.find((e) => e.episode_number === at.data.episode) ?? null)
}

function sharePage(meta: TitleMeta, siteName: string): string {
  const address = new URL(meta.url)
  const target = escapeHtml(address.pathname + address.search)
  const { lang, dir } = htmlAttributesOf(meta.locale)
  // The pseudo-locale of the tests is served but kept out of search engines.
  const robots = isLocale(meta.locale) ? '' : '<meta name="robots" content="noindex">\n'
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(documentTitle(meta, siteName))}</title>
<meta name="description" content="${escapeHtml(meta.description)}">
${robots}${metaTags(meta, siteName)}
<meta http-equiv="refresh" content="0; url=${target}">
</head>
<body style="background:#0a0a0a;color:#e5e5e5;font-family:system-ui,sans-serif">
<p><a href="${target}" style="color:#fb7185">${escapeHtml(translate(meta.locale, 'seo.continueTo', { title: meta.title }))}</a></p>
</body>
</html>`
}

/** One address in every language, each with all of them as alternates (and x-default, English). */
function sitemapEntries(origin: string, path: string): string {
  const links = alternatesOf(origin, path)
    .map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`)
    .join('\n')
  return LOCALES.map((locale) => `  <url>\n    <loc>${escapeHtml(origin + localizedPath(locale, path))}</loc>\n${links}\n  </url>`).join('\n')
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
  // The people with the most credits, by the credits' person index (one query, at most 300 rows).
  const people =
    catalogProviderName(c.env) === 'embedded'
      ? (await c.env.CATALOG.prepare('SELECT person_id FROM catalog_credits GROUP BY person_id ORDER BY count(*) DESC, person_id LIMIT ?').bind(SITEMAP_PEOPLE).all<{ person_id: number }>()).results.map((r) => `/person/${r.person_id}`)
      : []
  const lists = (await publicListSlugs(database(c.env.DB), SITEMAP_PUBLIC_LISTS)).map((slug) => `/list/${slug}`)
  const paths = [...STATIC_PATHS, ...MOVIE_GENRES.map((genre) => `/genre/${genre.id}`), ...titles, ...people, ...lists]
  const urls = paths.map((path) => sitemapEntries(origin, path)).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`
}

/** The share pages, mounted at the root (English) and under every language's prefix (routes in worker/index.ts). */
export const shareRoutes = new Hono<AppEnv>().get('/share/:type/:id', async (c) => {
  // People follow share links: a malformed one gets the site's not-found page, not a JSON error.
  const parsed = titleParams.safeParse(c.req.param())
  if (!parsed.success) return appNotFoundOr(c, null)
  const { type, id } = parsed.data
  const found = await lookupMeta(c, type, id)
  if (!found) return c.redirect(localizedPath(shareLocale(c), `/${type}/${id}`), 302)
  const meta = await withEpisode(c, found)
  return c.html(sharePage(meta, c.env.SITE_NAME), 200, { 'Cache-Control': 'public, max-age=600', 'Content-Language': meta.locale })
})

export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    const origin = new URL(c.req.url).origin
    const admin = ['', ...LOCALES.map(localePrefix).filter(Boolean)].map((prefix) => `Disallow: ${prefix}/admin/\n`).join('')
    return c.text(`User-agent: *\nDisallow: /api/\n${admin}Sitemap: ${origin}/sitemap.xml\n`)
  })
  .get('/sitemap.xml', async (c) => {
    // v4: kept with the time it was made
    const sitemap = await sharedAnswer<string>({
      kv: c.env.CACHE,
      flights: c.env.SINGLE_FLIGHT,
      key: `${CATALOG_CACHE_PREFIX}sitemap:v5:${new URL(c.req.url).origin}`,
      freshMs: SITEMAP_FRESH_MS,
      servableMs: SITEMAP_SERVABLE_MS,
      ttlSeconds: SITEMAP_KV_SECONDS,
      waitUntil: (p) => c.executionCtx.waitUntil(p),
      make: async () => ({ value: await buildSitemap(c), keep: true }),
    })
    return c.body(sitemap.data, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' })
  })
  .route('/', shareRoutes)

/**
 * The pages the worker serves before the browser asks for their data: /, /movies, /tv-shows,
 * /kids, /genres, /movie/{id} and /tv/{id}. Each is the app's index.html with its page code
 * preloaded, its first data inlined and its first image preloaded (worker/seo/app-shell.ts);
 * a title also gets its own document title, description and social tags. The ETag is the
 * body's own, so a revalidation answers 304 only when this very page is unchanged.
 * Any catalogue failure degrades to the plain app page: the app then fetches as usual.
 */
import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { etag } from 'hono/etag'
import { SESSION_COOKIE } from '../auth/session'
import { catalogFor } from '../catalog'
import { cachedPage, type PageName } from '../catalog/pages'
import { MOVIE_GENRE_IDS, SERVICE_SLUGS, type ServiceSlug, TV_GENRE_IDS } from '../catalog/rules'
import type { AppEnv } from '../env'
import { isolateMemo } from '../lib/isolate-memo'
import { type Precompressed, precompress, precompressedResponse } from '../lib/precompressed'
import { type AppPage, type AppShell, loadAppShell, renderAppShell } from '../seo/app-shell'
import { matchAppRoute, moduleOf, NOT_FOUND_MODULE, type RouteMatch } from '../seo/app-routes'
import { type BootData, openingSeason } from '../seo/boot'
import { titleDetails } from '../catalog/provider'
import { documentTitle, metaTags, siteTags, titleMetaOf } from '../seo/meta'
import { playerConfig } from '../player/sources'
import { imageBaseFor } from './config'
import { digestHex } from '../lib/digest'
import { PSEUDO_LOCALE_PREFIX, splitLocalePath } from '../lib/locales'

/** Revalidated on every visit (cheap with the ETag): the HTML names this deployment's chunks. */
const HTML_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

const COMPOSED_PAGES = {
  '/': 'home',
  '/movies': 'movies',
  '/tv-shows': 'tv',
  '/kids': 'kids',
  '/genres': 'genres',
} as const satisfies Record<string, PageName>

function warn(c: Context<AppEnv>, message: string, err: unknown) {
  console.error(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), path: c.req.path, message, error: String(err) }))
}

/** What every page's first data says: its address, the image host and whether anyone is signed in. */
function bootBase(c: Context<AppEnv>): Pick<BootData, 'path' | 'imageBase' | 'signedOut'> {
  const url = new URL(c.req.url)
  return { path: url.pathname + url.search, imageBase: imageBaseFor(c.env), signedOut: !getCookie(c, SESSION_COOKIE) }
}

function imageUrl(c: Context<AppEnv>, path: string | null | undefined): string[] {
  return path ? [`${imageBaseFor(c.env)}/original${path}`] : []
}

/** The page's data, or nothing when the address asks for something the page would not show as is. */
async function composedBoot(c: Context<AppEnv>, name: PageName, module: string): Promise<AppPage> {
  const url = new URL(c.req.url)
  const params = [...url.searchParams.keys()]
  const service = url.searchParams.get('service') ?? 'all'
  const known = name === 'tv' ? params.every((p) => p === 'service') && (SERVICE_SLUGS as readonly string[]).includes(service) : params.length === 0
  if (!known) return { module }
  try {
    const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
    const body = await cachedPage(c.env.CACHE, provider, await provider.version(), name, service as ServiceSlug, (p) => c.executionCtx.waitUntil(p))
    const data = JSON.parse(body.text) as NonNullable<BootData['page']>['data']
    const boot: BootData = { ...bootBase(c), page: { name, service, data } }
    return { module, boot, images: imageUrl(c, data.hero[0]?.backdropPath) }
  } catch (err) {
    warn(c, 'page data unavailable', err)
    return { module }
  }
}

async function titleBoot(c: Context<AppEnv>, type: 'movie' | 'tv', id: number): Promise<AppPage> {
  const module = moduleOf(type === 'movie' ? '/movie/:id' : '/tv/:id')
  const url = new URL(c.req.url)
  try {
    const provider = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
    const details = await titleDetails(provider, type, id)
    // The app says the title was not found; crawlers get the status to match.
    if (!details) return { module, boot: bootBase(c), status: 404 }
    const meta = titleMetaOf(c.env, details, url.origin)
    const boot: BootData = { ...bootBase(c), player: playerConfig(c.env) }
    if (details.media_type === 'movie') {
      boot.title = { type: 'movie', data: details }
    } else {
      boot.title = { type: 'tv', data: details }
      // An address that names a season (?season=2&episode=3) opens on it.
      const asked = Number(url.searchParams.get('season') ?? Number.NaN)
      const season = details.seasons.some((s) => s.season_number === asked) ? asked : openingSeason(details)
      // The episode list is part of the first screen; without it the page fetches it as usual.
      if (season !== null) boot.season = await provider.season(id, season).catch(() => undefined)
    }
    return {
      module,
      boot,
      images: imageUrl(c, details.backdrop_path),
      title: documentTitle(meta, c.env.SITE_NAME),
      description: meta.description,
      headTags: metaTags(meta, c.env.SITE_NAME),
    }
  } catch (err) {
    warn(c, 'title data unavailable', err)
    return { module }
  }
}

/** A page as served: its HTML, that body's own ETag, and the headers it carries. */
interface RenderedPage {
  html: Precompressed
  etag: string
  status: 200 | 404
  /** False when the page went out without its data (the catalogue failed), or is a 404: not worth keeping. */
  complete: boolean
}

/**
 * index.html changes only with a deployment, which starts new isolates, so an isolate reads it once
 * a minute at most; a rendered page is kept as long as the composed pages it inlines (a minute).
 */
const MEMO_MS = 60_000
const shells = isolateMemo<AppShell | null>(MEMO_MS, 4, (shell) => shell !== null)
const renderedPages = isolateMemo<RenderedPage | null>(MEMO_MS, 200, (page) => page?.complete === true)


/**
 * The page for this address and cookie state: the shell and the page's data are fetched side by
 * side, then kept per isolate. Without a shell the assets answer as they would without the worker.
 */
async function serve(c: Context<AppEnv>, build: () => Promise<AppPage>): Promise<Response> {
  const url = new URL(c.req.url)
  const base = bootBase(c)
  const page = await renderedPages.get(`${url.origin}${base.path}|${base.signedOut}`, async () => {
    const [shell, resolved] = await Promise.all([shells.get(url.origin, () => loadAppShell(c.env, c.req.url)), build()])
    if (!shell) return null
    const status = resolved.status ?? 200
    // Pages that are not a title's unfurl with the site's card.
    if (!resolved.headTags && status === 200) resolved.headTags = siteTags(c.env, url.origin, url.pathname, resolved.title ?? shell.title, resolved.description ?? shell.description)
    const html = await renderAppShell(shell, resolved)
    return { html: await precompress(html), etag: `"${await digestHex(html, 'SHA-1')}"`, status, complete: resolved.boot !== undefined && status === 200 }
  })
  if (!page) return c.env.ASSETS.fetch(c.req.raw)
  // The first data says whether a session cookie came along, so the body varies with the cookie.
  return precompressedResponse(page.html, c.req.header('Accept-Encoding'), {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': HTML_CACHE_CONTROL,
    Vary: 'Cookie',
    ETag: page.etag,
  }, page.status)
}

const GENRE_IDS = new Set([...MOVIE_GENRE_IDS, ...TV_GENRE_IDS])

/**
 * /genre/{id} for an id no genre has: the page itself says the genre does not exist and links to
 * the Genres page, answered 200 so the visitor's console stays clean, and kept out of indexes.
 */
function unknownGenre(match: RouteMatch): boolean {
  return match.route.path === '/genre/:id' && !(/^\d{1,9}$/.test(match.params.id ?? '') && GENRE_IDS.has(Number(match.params.id)))
}

/** The app's own path of an address in any language (`/es/movies` is `/movies`), the pseudo-locale's included. */
function appPathOf(pathname: string): string {
  if (pathname === PSEUDO_LOCALE_PREFIX || pathname.startsWith(`${PSEUDO_LOCALE_PREFIX}/`)) return pathname.slice(PSEUDO_LOCALE_PREFIX.length) || '/'
  return splitLocalePath(pathname).path
}

/**
 * Everything the worker has no route for: a file of the build when there is one; else, for a
 * browser asking for a page, the app with that page's code preloaded, or the app's not-found page
 * with a 404 when the address names nothing; else a plain 404.
 */
export async function appOrAsset(c: Context<AppEnv>): Promise<Response> {
  const asset = await c.env.ASSETS.fetch(c.req.raw)
  const wantsPage = (c.req.method === 'GET' || c.req.method === 'HEAD') && (c.req.header('Accept') ?? '').includes('text/html')
  if (asset.status !== 404 || !wantsPage) return asset
  await asset.body?.cancel()
  return appNotFoundOr(c, matchAppRoute(appPathOf(new URL(c.req.url).pathname)))
}

/** The app for a known address, else its not-found page with a 404. */
export function appNotFoundOr(c: Context<AppEnv>, match: RouteMatch | null): Promise<Response> {
  if (!match) return serve(c, async () => ({ module: NOT_FOUND_MODULE, boot: bootBase(c), status: 404 }))
  // A title address reaches here only when its id is not a number: no title can have it.
  const noTitle = match.route.path === '/movie/:id' || match.route.path === '/tv/:id'
  return serve(c, async () => ({ module: match.route.module, boot: bootBase(c), status: noTitle ? 404 : 200, noindex: unknownGenre(match) }))
}

function composed(path: keyof typeof COMPOSED_PAGES) {
  const name = COMPOSED_PAGES[path]
  const module = moduleOf(path)
  return (c: Context<AppEnv>) => serve(c, () => composedBoot(c, name, module))
}

// The ETag middleware sits on each route, not on the sub-app, which is mounted at the root.
export const appPageRoutes = new Hono<AppEnv>()
  .get('/', etag(), composed('/'))
  .get('/movies', etag(), composed('/movies'))
  .get('/tv-shows', etag(), composed('/tv-shows'))
  .get('/kids', etag(), composed('/kids'))
  .get('/genres', etag(), composed('/genres'))
  .get('/:type{movie|tv}/:id{[1-9][0-9]{0,9}}', etag(), (c) => {
    const type = c.req.param('type') === 'movie' ? 'movie' : 'tv'
    return serve(c, () => titleBoot(c, type, Number(c.req.param('id'))))
  })

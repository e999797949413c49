/**
 * The pages the worker serves before the browser asks for their data: /, /movies, /tv-shows,
 * /kids, /genres, /genre/{id}, /top-imdb, /search-results?q=, /movie/{id}, /tv/{id} and /person/{id}, in every language
 * (/es/movies, /ar/movie/155; the pseudo-locale's /en-xa too). Each is the app's index.html in the
 * page's language with its first data inlined, signed out its first screen painted from that data
 * (worker/seo/ssr.ts), else its page code and catalog preloaded, and its first image preloaded
 * (worker/seo/app-shell.ts); every page names its other languages, and a title or a person also gets its own
 * document title, description and social tags. The ETag is the body's own, so a revalidation
 * answers 304 only when this very page is unchanged.
 * Any catalogue failure degrades to the plain app page: the app then fetches as usual.
 *
 * An English address at the root is where a first visit lands: when the `lang` cookie (the
 * visitor's choice) or else Accept-Language names another language, the visitor is sent to the
 * same page in it. Addresses with a language's prefix are never sent elsewhere.
 */
import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { etag } from 'hono/etag'
import { clearSessionCookie, SESSION_COOKIE } from '../auth/session'
import { catalogForPage, visitorRegion } from '../catalog'
import { layoutVersionOf } from '../catalog/layouts'
import { cachedPage, type PageName } from '../catalog/pages'
import { type DiscoverFilters, MOVIE_GENRE_IDS, SEARCH_TERM_MAX, SERVICE_SLUGS, type ServiceSlug, TV_GENRE_IDS } from '../catalog/rules'
import { edgeCache } from '../lib/edge-cache'
import { isolateMemo } from '../lib/isolate-memo'
import { type Precompressed, precompress, precompressedResponse } from '../lib/precompressed'
import { type AppPage, type AppShell, loadAppShell, renderAppShell } from '../seo/app-shell'
import { matchAppRoute, moduleOf, NOT_FOUND_MODULE, type RouteMatch } from '../seo/app-routes'
import { type BootData, CONTINUE_LIMIT, openingSeason, type PersonalBoot, RECENT_HISTORY_LIMIT } from '../seo/boot'
import { paintable, paintPage } from '../seo/ssr'
import { COOKIE_CONSENT_COOKIE, DRAW_HERE_COOKIE, isConsent } from '../seo/ssr-contract'
import { CatalogNotFoundError, titleDetails } from '../catalog/provider'
import { keptPage, spoilerSafeSeason, tasteOf, VIEWER_CACHE_CONTROL, viewerComposition, viewerKeep, type ViewerTaste, viewerTaste } from '../catalog/taste-filters'
import { type Ceiling, ceilingItems, ceilingPeople, ceilingPerson, titleWithinCeiling } from '../catalog/ceiling'
import { viewerCeiling } from '../catalog/ceiling-of-viewer'
import type { CatalogProvider } from '../catalog/provider'
import { errorText } from '../lib/api-errors'
import type { FilterWants, ViewerFilters } from '../accounts/taste'
import { documentTitle, listHead, type ListMetaSource, metaTags, personHead, siteTags, siteText, titleMetaOf } from '../seo/meta'
import { database } from '../accounts/db'
import { publicListView } from '../accounts/public-lists'
import { readableList, SLUG_PATTERN } from '../accounts/user-lists'
import { currentAccount, readingAccount } from '../auth/guards'
import { rememberProfile } from '../auth/profile-memo'
import { accountStore, ownerOf } from '../accounts/store-client'
import type { FirstScreenWants } from '../accounts/store'
import { withNextEpisodes } from '../accounts/up-next'
import { recommendationsName, viewerRecommendations } from '../catalog/recommendation-rows'
import type { Account, AppEnv } from '../env'
import { playerConfig } from '../player/sources'
import { catalogProviderName, firstBackdrop, imageBaseFor, imageSizesFor } from './config'
import { digestHex } from '../lib/digest'
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_COOKIE, LOCALES, localizedPath, negotiateLocale, pagePrefix } from '../lib/locales'
import { type PageLanguage, pageLanguageOf } from '../seo/languages'
import { knownForOf } from '../catalog/known-for'
import { kidsProfile, readDiscoverQuery } from './catalog'
import { viewerFields } from '../auth/viewer'
import { discoverQuery, gridSearch, type GridState, readGrid } from '../../web/lib/grid-filters'

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

/** The language of the page asked for, from its address. */
function languageOf(c: Context<AppEnv>): PageLanguage {
  return pageLanguageOf(new URL(c.req.url).pathname)
}

/** The language a visitor asked for: the `lang` cookie (a locale tag) when it names one of ours, else Accept-Language. */
function preferredLocale(c: Context<AppEnv>): Locale {
  const chosen = getCookie(c, LOCALE_COOKIE)?.trim().toLowerCase()
  const fromCookie = chosen ? LOCALES.find((locale) => locale.toLowerCase() === chosen) : undefined
  return fromCookie ?? negotiateLocale(c.req.header('Accept-Language'))
}

/** What an answer at a root (English) address depends on beyond its path: the language it may send a visitor to. */
const ROOT_VARY = 'Accept-Language, Cookie'

function backdrop(c: Context<AppEnv>, path: string | null | undefined) {
  return firstBackdrop(c.env, (p) => c.executionCtx.waitUntil(p), path)
}

/**
 * The page's data, or nothing when the address asks for something the page would not show as is.
 * `composition` is the page whose rows it shows (a kids profile's home shows the Kids page's, as
 * GET /api/catalog/pages/home answers it for that profile).
 */
async function composedBoot(c: Context<AppEnv>, name: PageName, module: string, composition: PageName = name): Promise<AppPage> {
  const url = new URL(c.req.url)
  const params = [...url.searchParams.keys()]
  const service = url.searchParams.get('service') ?? 'all'
  const known = name === 'tv' ? params.every((p) => p === 'service') && (SERVICE_SLUGS as readonly string[]).includes(service) : params.length === 0
  if (!known) return { module }
  try {
    // The catalogue's text (rows, notes, overviews, genres) in the page's language.
    const provider = catalogForPage(c, languageOf(c).locale)
    const body = await cachedPage(c.env, provider, await provider.version(), composition, service as ServiceSlug, (p) => c.executionCtx.waitUntil(p))
    const data = JSON.parse(body.text) as NonNullable<BootData['page']>['data']
    const { images, imageSizes } = await backdrop(c, data.hero[0]?.backdropPath)
    const boot: BootData = { ...bootBase(c), imageSizes, page: { name, service, data } }
    return { module, boot, images }
  } catch (err) {
    warn(c, 'page data unavailable', err)
    return { module }
  }
}

/**
 * A title's page: its details (and a show's opening season) inlined, with its own title, description
 * and tags. Above the viewer's `ceiling` it inlines nothing of the title: the API's 403 answer
 * instead, with that status, and the app says the title is not on this profile.
 */
async function titleBoot(c: Context<AppEnv>, type: 'movie' | 'tv', id: number, ceiling: Ceiling): Promise<AppPage> {
  const module = moduleOf(type === 'movie' ? '/movie/:id' : '/tv/:id')
  const url = new URL(c.req.url)
  const { locale } = languageOf(c)
  try {
    const provider = catalogForPage(c, locale)
    const [details, allowed] = await Promise.all([titleDetails(provider, type, id), titleWithinCeiling(provider, ceiling, { media_type: type, id })])
    // The app says the title was not found; crawlers get the status to match.
    if (!details) return { module, boot: bootBase(c), status: 404 }
    if (!allowed) {
      const error = errorText(isLocale(locale) ? locale : DEFAULT_LOCALE, 'errors.notOnThisProfile')
      return { module, boot: { ...bootBase(c), notOnProfile: { error, not_on_profile: true } }, status: 403, memo: false }
    }
    const meta = titleMetaOf(c.env, details, url.origin, locale)
    const { images, imageSizes } = await backdrop(c, details.backdrop_path)
    const boot: BootData = { ...bootBase(c), imageSizes, player: playerConfig(c.env) }
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
      images,
      title: documentTitle(meta, c.env.SITE_NAME),
      description: meta.description,
      headTags: metaTags(meta, c.env.SITE_NAME),
    }
  } catch (err) {
    warn(c, 'title data unavailable', err)
    return { module }
  }
}

/** A person's page: their details and filmography inlined, with their own title, description and tags; 404 for an unknown person. */
async function personBoot(c: Context<AppEnv>, id: number): Promise<AppPage> {
  const module = moduleOf('/person/:id')
  const { locale } = languageOf(c)
  try {
    const person = await catalogForPage(c, locale).person(id)
    const head = personHead(c.env, new URL(c.req.url).origin, locale, person, knownForOf(person).map((credit) => credit.title))
    const { imageSizes } = await backdrop(c, null)
    return { module, boot: { ...bootBase(c), imageSizes, person }, title: head.title, description: head.description, headTags: head.headTags }
  } catch (err) {
    if (err instanceof CatalogNotFoundError) return { module, boot: bootBase(c), status: 404 }
    warn(c, 'person data unavailable', err)
    return { module }
  }
}

/**
 * A genre's page: its popular films (for a film genre) and shows inlined, as discover answers them
 * for the page's rows. Without them the page asks as usual.
 */
async function genreBoot(c: Context<AppEnv>, id: number): Promise<AppPage> {
  const module = moduleOf('/genre/:id')
  try {
    const provider = catalogForPage(c, languageOf(c).locale)
    const filters: DiscoverFilters = { genres: [id], genreMode: 'all' }
    const [movie, tv] = await Promise.all([MOVIE_GENRE_IDS.has(id) ? provider.discover('movie', filters, 1) : undefined, provider.discover('tv', filters, 1)])
    return { module, boot: { ...bootBase(c), genre: { id, ...(movie && { movie }), tv } } }
  } catch (err) {
    warn(c, 'genre data unavailable', err)
    return { module }
  }
}

/** /top-imdb (films) or /top-imdb?type=tv: the first page of the grid inlined; any other query asks as usual. */
async function topImdbBoot(c: Context<AppEnv>): Promise<AppPage> {
  const module = moduleOf('/top-imdb')
  const url = new URL(c.req.url)
  const type = url.search === '' ? 'movie' : url.search === '?type=tv' ? 'tv' : null
  if (!type) return { module, boot: bootBase(c) }
  try {
    const page = await catalogForPage(c, languageOf(c).locale).topRated(type, 1)
    return { module, boot: { ...bootBase(c), topRated: { type, page } } }
  } catch (err) {
    warn(c, 'top rated unavailable', err)
    return { module }
  }
}

/** What a grid's state (as its address spells it) asks of discover, read as the grid's own query would be; null for what the API would refuse. */
function gridAsk(type: 'movie' | 'tv', state: GridState) {
  return readDiscoverQuery(type, discoverQuery(type, state, 1))
}

/**
 * /movies/all and /tv-shows/all: the first page of the grid the address names (web/lib/grid-filters.ts),
 * as GET /api/catalog/discover/{type} answers that grid's first page. Filters combine without end,
 * so only the unfiltered grid is memoized; discover's answers are cached by the catalogue.
 */
async function gridBoot(c: Context<AppEnv>, type: 'movie' | 'tv'): Promise<AppPage> {
  const module = moduleOf(type === 'movie' ? '/movies/all' : '/tv-shows/all')
  const url = new URL(c.req.url)
  const memo = url.search === ''
  const state = readGrid(url.searchParams)
  const asked = gridAsk(type, state)
  if (!asked) return { module, boot: bootBase(c), memo }
  try {
    const page = await catalogForPage(c, languageOf(c).locale, asked.region).discover(type, asked.filters, 1)
    return { module, boot: { ...bootBase(c), grid: { type, search: gridSearch(state), page } }, memo }
  } catch (err) {
    warn(c, 'grid unavailable', err)
    return { module, memo: false }
  }
}

/**
 * /search-results?q={term}: the first page of the search for the trimmed term inlined, as the
 * catalogue search answers it, for a term that search takes; any other is drawn by the browser.
 * Never memoized: terms are endless, and would push the site's own pages out of the memo; the
 * search itself is memoized by the catalogue.
 */
async function searchBoot(c: Context<AppEnv>): Promise<AppPage> {
  const module = moduleOf('/search-results')
  const term = (new URL(c.req.url).searchParams.get('q') ?? '').trim()
  if (!term || term.length > SEARCH_TERM_MAX) return { module, boot: bootBase(c), memo: false }
  try {
    const page = await catalogForPage(c, languageOf(c).locale).search(term, 1)
    return { module, boot: { ...bootBase(c), search: { term, page } }, memo: false }
  } catch (err) {
    warn(c, 'search results unavailable', err)
    return { module, memo: false }
  }
}

/**
 * A list's page. A public list gets its own title, description and card. A private list is its
 * owner's alone: to them the page is served (kept out of indexes and never memoized, since its
 * answer depends on who asks), and to anyone else it is the not-found page with a 404, exactly
 * as for a list that does not exist. A visitor who is not signed in is answered from the copy of
 * the list kept in KV (accounts/public-lists.ts), without reading the accounts database.
 */
async function listBoot(c: Context<AppEnv>, slug: string): Promise<AppPage> {
  const module = moduleOf('/list/:slug')
  const head = (list: ListMetaSource): AppPage => ({ module, boot: bootBase(c), ...listHead(c.env, new URL(c.req.url).origin, languageOf(c).locale, list) })
  if (SLUG_PATTERN.test(slug) && !getCookie(c, SESSION_COOKIE)) {
    const shown = await publicListView(c.env, slug, (p) => c.executionCtx.waitUntil(p))
    return shown ? head(shown) : { module, boot: bootBase(c), status: 404, memo: false }
  }
  const found = SLUG_PATTERN.test(slug) ? await readableList(database(c.env.DB), slug, () => readingAccount(c), { ownOfPublic: false }) : undefined
  if (found?.list.is_public && !found.list.hidden) return head(found.list)
  if (found) return { module, noindex: true, memo: false }
  return { module, boot: bootBase(c), status: 404, memo: false }
}

interface ServeOptions {
  /** Made for each request (whether it may be seen depends on who asks). */
  personal?: boolean
  /**
   * Its first data follows a signed-in viewer's hide-watched and spoiler-safe choices, with what it
   * needs of their taste: made for them alone when one is on.
   */
  taste?: FilterWants
  /** Painted for a signed-in account too, with what the page shows of it at once. */
  signedIn?: PersonalWants
  /** The composed page this is: its rendered copies follow the layout published for it (worker/catalog/layouts.ts). */
  composed?: PageName
}

/** What a page painted for an account shows of it (the store's part, the home panel's similar titles, the viewer's recommendation rows). */
type PersonalWants = Omit<FirstScreenWants, 'recommendations'> & { similar?: boolean; recommendations?: boolean }

/**
 * Whose page to paint, when the session cookie came along: the account when it is a user's
 * (an administrator's answer also says where its second factor stands, which the browser asks
 * itself), null when the cookie names no live session.
 */
async function accountToPaint(c: Context<AppEnv>): Promise<{ account: Account | null } | null> {
  const account = await currentAccount(c)
  if (!account) {
    // The browser is told at once, as GET /api/auth/me would: its later pages are a visitor's, kept for all.
    clearSessionCookie(c)
    return { account: null }
  }
  return account.type === 'user' ? { account } : null
}

/**
 * The account's part of a page's first data: who it is, and what the page shows of it, from its
 * store in one call, which also says what the viewer chose to leave out (hide watched, spoiler-safe).
 */
async function personalBoot(c: Context<AppEnv>, account: Account, wants: PersonalWants): Promise<(Pick<BootData, 'account' | 'personal'> & { filters: ViewerFilters }) | undefined> {
  // a session still to answer "Who's watching?" has no viewing of its own to show: the browser asks
  if (account.profileId === 0) return undefined
  const owner = ownerOf(account)
  try {
    const provider = catalogForPage(c, languageOf(c).locale)
    const store = accountStore(c.env, owner)
    // The recommendation rows kept for the viewer come with the rest of the first screen (or the taste to make them from).
    const mine = await store.firstScreen(owner, { ...wants, recommendations: wants.recommendations ? recommendationsName(provider) : undefined })
    if (!mine) return undefined
    rememberProfile(account, mine.profile)
    const personal: PersonalBoot = { services: mine.services }
    if (mine.watchlist) personal.watchlist = mine.watchlist
    if (mine.history) personal.history = mine.history
    // The panel's recommendations follow the latest title watched, else saved (web/features/home/personalized-panel.tsx);
    // they and Continue watching's next episodes are asked of the catalogue side by side.
    const latest = wants.similar ? (mine.history?.[0] ?? mine.watchlist?.[0]) : undefined
    const [continueWatching, similar, recommendations] = await Promise.all([
      mine.continueWatching && withNextEpisodes(mine.continueWatching, provider),
      latest && provider.similar(latest.content_type, latest.content_id, 1).catch(() => null),
      mine.recommendations && viewerRecommendations(store, owner, provider, (p) => c.executionCtx.waitUntil(p), mine.recommendations).catch(() => null),
    ])
    if (continueWatching) personal.continueWatching = continueWatching
    if (latest && similar) personal.similar = { type: latest.content_type, id: latest.content_id, page: similar }
    if (recommendations) personal.recommendations = recommendations
    const held = await personalWithinCeiling(provider, account.ceiling, personal)
    return { account: { id: account.id, email: account.email, type: 'user', user: mine.profile, ...viewerFields(account, mine.profile) }, personal: held, filters: mine.filters }
  } catch (err) {
    warn(c, 'account data unavailable', err)
    return undefined
  }
}

/**
 * What a page painted for an account shows of it, within its profile's maturity ceiling: Continue
 * watching (with its Up next episodes), the watchlist, the history, the panel's similar titles and
 * the recommendation rows, without the titles above it, from one lookup.
 */
async function personalWithinCeiling(provider: CatalogProvider, ceiling: Ceiling, personal: PersonalBoot): Promise<PersonalBoot> {
  if (ceiling === 'all') return personal
  const { continueWatching, watchlist, history, similar, recommendations } = personal
  const titles = [
    ...[...(continueWatching ?? []), ...(watchlist ?? []), ...(history ?? [])].map((entry) => ({ media_type: entry.content_type, id: entry.content_id })),
    ...(similar?.page.results ?? []),
    ...(recommendations ?? []).flatMap((row) => row.items),
  ]
  const kept = new Set((await ceilingItems(provider, ceiling, titles)).map((title) => `${title.media_type}:${title.id}`))
  const within = (title: { media_type: string; id: number }) => kept.has(`${title.media_type}:${title.id}`)
  const entryWithin = (entry: { content_type: string; content_id: number }) => kept.has(`${entry.content_type}:${entry.content_id}`)
  return {
    ...personal,
    ...(continueWatching && { continueWatching: continueWatching.filter(entryWithin) }),
    ...(watchlist && { watchlist: watchlist.filter(entryWithin) }),
    ...(history && { history: history.filter(entryWithin) }),
    ...(similar && { similar: { ...similar, page: { ...similar.page, results: similar.page.results.filter(within) } } }),
    ...(recommendations && { recommendations: recommendations.map((row) => ({ ...row, items: row.items.filter(within) })).filter((row) => row.items.length > 0) }),
  }
}

/**
 * The first data as the viewer sees it, the way the catalogue's API answers them
 * (worker/routes/catalog.ts): rows and grids without the titles they watched, when they hide them,
 * nor those above their profile's maturity ceiling, each grid filled from its following pages; a
 * person's filmography and a search's people within the ceiling too; and a show's episodes after
 * the last one they watched hidden, when they asked.
 */
async function asTheViewerSees(c: Context<AppEnv>, boot: BootData, taste: ViewerTaste | null, ceiling: Ceiling): Promise<void> {
  const provider = catalogForPage(c, languageOf(c).locale)
  const keep = viewerKeep(provider, taste, ceiling)
  if (keep) {
    if (boot.page) boot.page = { ...boot.page, data: await viewerComposition(provider, boot.page.data, taste, ceiling) }
    const { genre, topRated, search, grid } = boot
    if (genre) {
      const filters: DiscoverFilters = { genres: [genre.id], genreMode: 'all' }
      const [movie, tv] = await Promise.all([
        genre.movie && keptPage(genre.movie, (page) => provider.discover('movie', filters, page), keep),
        keptPage(genre.tv, (page) => provider.discover('tv', filters, page), keep),
      ])
      boot.genre = { ...genre, ...(movie && { movie }), tv }
    }
    if (topRated) boot.topRated = { ...topRated, page: await keptPage(topRated.page, (page) => provider.topRated(topRated.type, page), keep) }
    if (search) {
      const page = await keptPage(search.page, (number) => provider.search(search.term, number), keep)
      boot.search = { ...search, page: { ...page, people: await ceilingPeople(provider, ceiling, page.people) } }
    }
    // The grid's state is in its first data, as the address spelt it.
    const asked = grid && gridAsk(grid.type, readGrid(new URLSearchParams(grid.search)))
    if (grid && asked) {
      const read = catalogForPage(c, languageOf(c).locale, asked.region)
      boot.grid = { ...grid, page: await keptPage(grid.page, (page) => read.discover(grid.type, asked.filters, page), keep) }
    }
  }
  if (boot.person) boot.person = await ceilingPerson(provider, ceiling, boot.person)
  if (taste?.spoilerSafe && boot.season && boot.title?.type === 'tv') boot.season = spoilerSafeSeason(boot.season, taste.furthest)
}

/** A page as served: its HTML, that body's own ETag, and the headers it carries. */
interface RenderedPage {
  html: Precompressed
  etag: string
  status: 200 | 403 | 404
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


function shellOf(c: Context<AppEnv>): Promise<AppShell | null> {
  return shells.get(new URL(c.req.url).origin, () => loadAppShell(c.env, c.req.url))
}

/** How long a page rendered for anyone stays in the location's cache: as long as an isolate keeps it. */
const EDGE_PAGE_SECONDS = MEMO_MS / 1000

/**
 * What a page's answer depends on besides the deployment: its address, language, cookie state,
 * with TMDB the visitor's country, and a composed page's published layout (worker/catalog/layouts.ts).
 */
export function pageVariant(path: string, locale: string, signedOut: boolean, drawHere = false, consent: string | null = null, region = '', layout: number | null = null): string {
  return `${path}|${locale}|${signedOut}|${drawHere}|${consent}|${region}${layout ? `|layout ${layout}` : ''}`
}

/** The cache key of a page variant (its address, language and cookie state) rendered from one shell. */
export function edgePageKey(origin: string, shellVersion: string, variant: string): Request {
  return new Request(`${origin}/_pages/${shellVersion}?v=${encodeURIComponent(variant)}`)
}

/**
 * A page the same for everyone who asks (a visitor's, in one language and cookie state) is kept in
 * the location's cache too (Cache API), so the isolates of a busy location render it once a minute
 * between them rather than once each. The key names the deployment's shell, so a new deployment
 * never serves a page that names the old one's chunks. Only pages worth keeping in the memo are
 * kept; the cache failing costs a render, never the page.
 */
async function keptAtTheEdge(c: Context<AppEnv>, variant: string, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
  const shell = await shellOf(c)
  if (!shell) return render()
  const cache = edgeCache()
  const key = edgePageKey(new URL(c.req.url).origin, shell.version, variant)
  const hit = await cache.match(key).catch(() => undefined)
  if (hit) {
    const gzip = await hit.arrayBuffer()
    const text = await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
    return { html: { text, gzip }, etag: hit.headers.get('X-Page-ETag') ?? `"${await digestHex(text, 'SHA-1')}"`, status: 200, complete: true }
  }
  const page = await render()
  if (page?.complete && page.status === 200) {
    const kept = new Response(page.html.gzip.slice(0), {
      headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': `public, max-age=${EDGE_PAGE_SECONDS}`, 'X-Page-ETag': page.etag },
    })
    c.executionCtx.waitUntil(cache.put(key, kept).catch(() => undefined))
  }
  return page
}

/** The address a page is known by: its app path without trailing slashes, with its query. */
function canonicalPathOf(appPath: string, search: string): string {
  return (appPath.replace(/\/+$/, '') || '/') + search
}

/** The same page in the visitor's language: temporary, as it follows the visitor's headers. */
function toPreferredLanguage(c: Context<AppEnv>, locale: Locale): Response {
  const url = new URL(c.req.url)
  return new Response(null, {
    status: 302,
    headers: { Location: localizedPath(locale, url.pathname + url.search), Vary: ROOT_VARY, 'Cache-Control': 'private, no-cache' },
  })
}

/**
 * The page for this address and cookie state: the shell and the page's data are fetched side by
 * side, then kept per isolate. Without a shell the assets answer as they would without the worker.
 * A root address is first sent on to the visitor's language when that is not English.
 */
async function serve(c: Context<AppEnv>, build: () => Promise<AppPage>, { personal = false, signedIn, composed, taste: followsTaste }: ServeOptions = {}): Promise<Response> {
  const url = new URL(c.req.url)
  const language = languageOf(c)
  if (!language.prefixed) {
    const preferred = preferredLocale(c)
    if (preferred !== DEFAULT_LOCALE) return toPreferredLanguage(c, preferred)
  }
  const { locale } = language
  const base = bootBase(c)
  const drawHere = getCookie(c, DRAW_HERE_COOKIE) !== undefined
  const answered = getCookie(c, COOKIE_CONSENT_COOKIE)
  const consent = isConsent(answered) ? answered : null
  // A page painted for a signed-in visitor is theirs alone: it is made for each request.
  const forAccount = !base.signedOut && signedIn !== undefined && !drawHere ? await accountToPaint(c) : null
  // A session still to answer "Who's watching?" is asked that before any page of a profile's.
  if (forAccount?.account?.profileId === 0) {
    c.header('Cache-Control', 'private, no-store')
    return c.redirect(localizedPath(locale, '/profiles'), 302)
  }
  // So is a page whose data follows the viewer's choices, while one of them is on (a page painted
  // for the account learns them with the rest of what it shows of it).
  const taste = followsTaste && !base.signedOut && !forAccount?.account ? await viewerTaste(c, followsTaste) : null
  // And a page held to a profile's maturity ceiling: nothing above it is inlined.
  const ceiling: Ceiling = base.signedOut ? 'all' : (forAccount?.account?.ceiling ?? (await viewerCeiling(c)))
  const render = async (): Promise<RenderedPage | null> => {
    const [shell, resolved, mine] = await Promise.all([
      shellOf(c),
      build(),
      forAccount?.account ? personalBoot(c, forAccount.account, { ...signedIn, filters: followsTaste }) : undefined,
    ])
    if (!shell) return null
    const theirs = taste ?? (followsTaste && mine ? tasteOf(mine.filters) : null)
    if (resolved.boot && (theirs || ceiling !== 'all')) {
      // Without the viewer's own data the page asks for it as it would without any.
      await asTheViewerSees(c, resolved.boot, theirs, ceiling).catch((err: unknown) => {
        warn(c, 'viewer data unavailable', err)
        resolved.boot = undefined
      })
    }
    if (resolved.boot && forAccount) {
      // The cookie named no live session (it is cleared): the page is a visitor's.
      if (!forAccount.account) resolved.boot.signedOut = true
      else if (mine) Object.assign(resolved.boot, { account: mine.account, personal: mine.personal })
    }
    const status = resolved.status ?? 200
    resolved.locale = locale
    // Every page names the image host's sizes, so the app asks for none it may refuse.
    if (resolved.boot && resolved.boot.imageSizes === undefined) resolved.boot.imageSizes = await imageSizesFor(c.env, (p) => c.executionCtx.waitUntil(p))
    // The pseudo-locale of the tests is served but kept out of search engines.
    if (!isLocale(locale)) resolved.noindex = true
    // Pages that are not a title's carry the site's own title and description in their language,
    // and unfurl with the site's card.
    const site = siteText(c.env, locale)
    resolved.title ??= site.title
    resolved.description ??= site.description
    if (!resolved.headTags && status === 200) {
      const text = { title: resolved.title, description: resolved.description }
      resolved.headTags = siteTags(c.env, url.origin, locale, canonicalPathOf(language.appPath, url.search), text, { indexed: !resolved.noindex })
    }
    // A page with its data, a visitor's or the account's it names, is painted in the HTML for the
    // browser to hydrate, unless the browser keeps choices that change its first screen.
    if (status === 200 && resolved.boot && paintable(resolved.boot) && !drawHere) {
      const painted = await paintPage({ url: base.path, basename: pagePrefix(locale), locale, module: resolved.module, boot: resolved.boot, consent })
      if (painted) {
        resolved.body = painted.body
        if (painted.parts.length > 0) resolved.boot.parts = painted.parts
      }
    }
    const html = await renderAppShell(shell, resolved)
    return { html: await precompress(html), etag: `"${await digestHex(html, 'SHA-1')}"`, status, complete: resolved.boot !== undefined && status === 200 && resolved.memo !== false }
  }
  // With TMDB, a page's lists depend on the visitor's country (regional lists, ratings): part of its key.
  const region = catalogProviderName(c.env) === 'tmdb' ? visitorRegion(c) : ''
  const layout = composed ? await layoutVersionOf(c.env.CACHE, composed) : null
  const variant = pageVariant(base.path, locale, base.signedOut, drawHere, consent, region, layout)
  const ownPage = personal || forAccount !== null || taste !== null || ceiling !== 'all'
  const page = ownPage ? await render() : await renderedPages.get(`${url.origin}${variant}`, () => keptAtTheEdge(c, variant, render))
  if (!page) return c.env.ASSETS.fetch(c.req.raw)
  // The first data says whether a session cookie came along, so the body varies with the cookie;
  // at a root address, whether it is served at all also depends on the visitor's language.
  return precompressedResponse(page.html, c.req.header('Accept-Encoding'), {
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Language': locale,
    'Cache-Control': HTML_CACHE_CONTROL,
    Vary: language.prefixed ? 'Cookie' : ROOT_VARY,
    ETag: page.etag,
    ...(ownPage && { 'Cache-Control': VIEWER_CACHE_CONTROL }),
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
  return appNotFoundOr(c, matchAppRoute(languageOf(c).appPath))
}

/** The app for a known address, else its not-found page with a 404. */
export function appNotFoundOr(c: Context<AppEnv>, match: RouteMatch | null): Promise<Response> {
  if (!match) return serve(c, async () => ({ module: NOT_FOUND_MODULE, boot: bootBase(c), status: 404 }))
  // A title address reaches here only when its id is not a number: no title can have it.
  const noTitle = match.route.path === '/movie/:id' || match.route.path === '/tv/:id' || match.route.path === '/person/:id'
  return serve(c, async () => ({ module: match.route.module, boot: bootBase(c), status: noTitle ? 404 : 200, noindex: unknownGenre(match) }))
}

/** What each composed page shows of a signed-in account at once: the home page its rows and panel, every page the services switch's choice. */
const SIGNED_IN_PARTS: Record<PageName, PersonalWants> = {
  home: { continueWatching: CONTINUE_LIMIT, watchlist: true, history: RECENT_HISTORY_LIMIT, similar: true, recommendations: true },
  movies: {},
  tv: {},
  kids: {},
  genres: {},
}

function composed(path: keyof typeof COMPOSED_PAGES) {
  const name = COMPOSED_PAGES[path]
  const module = moduleOf(path)
  return async (c: Context<AppEnv>) => {
    // A kids profile's home is the Kids page's composition (with the home's own account rows).
    const shown = name === 'home' && (await kidsProfile(c)) ? 'kids' : name
    return serve(c, () => composedBoot(c, name, module, shown), { signedIn: SIGNED_IN_PARTS[name], composed: shown, taste: { watched: true } })
  }
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
    // A show's episode list follows a spoiler-safe viewer's choice.
    const id = Number(c.req.param('id'))
    return serve(c, async () => titleBoot(c, type, id, await viewerCeiling(c)), type === 'tv' ? { taste: { show: id } } : {})
  })
  .get('/person/:id{[1-9][0-9]{0,9}}', etag(), (c) => serve(c, () => personBoot(c, Number(c.req.param('id')))))
  .get('/top-imdb', etag(), (c) => serve(c, () => topImdbBoot(c), { taste: { watched: true } }))
  .get('/search-results', etag(), (c) => serve(c, () => searchBoot(c), { taste: { watched: true } }))
  // Before a term the quick search's first screen needs no data: painted as it is.
  .get('/search', etag(), (c) => serve(c, async () => ({ module: moduleOf('/search'), boot: { ...bootBase(c), ...(new URL(c.req.url).search === '' && { plain: 'anyone' as const }) } })))
  .get('/movies/all', etag(), (c) => serve(c, () => gridBoot(c, 'movie'), { taste: { watched: true } }))
  .get('/tv-shows/all', etag(), (c) => serve(c, () => gridBoot(c, 'tv'), { taste: { watched: true } }))
  // A genre the catalogue knows gets its rows inlined; any other id is the app's own not-found page.
  .get('/genre/:id{[1-9][0-9]{0,8}}', etag(), (c) => {
    const id = Number(c.req.param('id'))
    if (!GENRE_IDS.has(id)) return appNotFoundOr(c, matchAppRoute(languageOf(c).appPath))
    return serve(c, () => genreBoot(c, id), { taste: { watched: true } })
  })
  // The watchlist's cards show how far each started title got.
  .get('/watchlist', etag(), (c) =>
    serve(c, async () => ({ module: moduleOf('/watchlist'), boot: { ...bootBase(c), plain: 'account' as const } }), { signedIn: { watchlist: true, continueWatching: CONTINUE_LIMIT } }),
  )
  // The profile's first screen is the account itself (its sections load their own parts).
  .get('/profile', etag(), (c) => serve(c, async () => ({ module: moduleOf('/profile'), boot: { ...bootBase(c), plain: 'account' as const } }), { signedIn: {} }))
  // Whether a list may be seen depends on who asks: never memoized as one answer for all.
  .get('/list/:slug', etag(), (c) => serve(c, () => listBoot(c, c.req.param('slug')), { personal: true }))
  // A watch party is for those given its address: drawn by the browser from the room's socket,
  // never painted here, kept out of indexes and never memoized (its code is a secret of sorts).
  .get('/party/:code', etag(), (c) => serve(c, async () => ({ module: moduleOf('/party/:code'), boot: bootBase(c), noindex: true, memo: false }), { personal: true }))

/**
 * Catalogue API under /api/catalog: page compositions, lists, discover, browse, top rated,
 * search, details, seasons, similar titles and genres, in TMDB v3 shapes whichever provider
 * answers. Only these calls exist and every parameter is checked (it is not an open proxy);
 * an unknown title answers 404 and an unreachable TMDB 502, both as `{ error }`. A signed-in
 * profile's answers leave out the titles above its maturity ceiling (worker/catalog/ceiling.ts), and
 * a title above it answers 403 `{ error, not_on_profile: true }`.
 */
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { catalogFor, catalogForRequest, visitorRegion } from '../catalog'
import { genresIn } from '../catalog/messages'
import { regionSchema } from '../accounts/services'
import { cachedPage, NARROWABLE_PAGES, PAGE_NAMES } from '../catalog/pages'
import { type Ceiling, ceilingPeople, ceilingPerson, titleWithinCeiling } from '../catalog/ceiling'
import { viewerCeiling } from '../catalog/ceiling-of-viewer'
import { type CatalogProvider, CatalogNotFoundError, CatalogUnavailableError, LIST_NAMES, type TitleKey } from '../catalog/provider'
import { hasSession, keptPage, spoilerSafeSeason, VIEWER_CACHE_CONTROL, viewerComposition, viewerKeep, type ViewerTaste, viewerTaste } from '../catalog/taste-filters'
import type { FilterWants } from '../accounts/taste'
import type { ListItem, PageComposition, Paged } from '../catalog/types'
import {
  type DiscoverFilters,
  FILTER_CERTIFICATIONS,
  MAX_PAGE,
  MAX_RUNTIME,
  MOVIE_GENRE_IDS,
  RELEASE_DATE_PARAM,
  SEARCH_TERM_MAX,
  SERVICE_SLUGS,
  SORT_ORDERS,
  TV_GENRE_IDS,
  TV_GENRES,
  WATCH_PROVIDER_IDS,
} from '../catalog/rules'
import { currentAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import { apiError, type ErrorId, errorMessage, errorText, localizedMessage, requestLocale } from '../lib/api-errors'
import type { MessageValues } from '../lib/i18n'
import { DEFAULT_LOCALE, type Locale } from '../lib/locales'
import { precompressedResponse } from '../lib/precompressed'
import { validate } from '../lib/validate'

const CACHE_CONTROL = 'public, max-age=300'
/** A composed page follows its published layout within a minute (worker/catalog/layouts.ts), in browsers too. */
const PAGE_CACHE_CONTROL = 'public, max-age=60'

const page = z
  .string()
  .regex(/^\d{1,3}$/, errorMessage('errors.mustBePageNumber'))
  .transform(Number)
  .pipe(z.number().int().min(1, errorMessage('errors.mustBeAtLeast', { min: 1 })).max(MAX_PAGE, errorMessage('errors.mustBeAtMost', { max: MAX_PAGE })))
  .optional()
const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, errorMessage('errors.mustBePositiveWholeNumber'))
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, errorMessage('errors.isTooLarge')))
const mediaType = z.enum(['movie', 'tv'], { error: errorMessage('errors.mustBeMovieOrTv') })
const ID_LIST_MESSAGES = {
  genre: { format: errorMessage('errors.mustBeGenreIds'), unknown: errorMessage('errors.unknownGenreId') },
  'watch provider': { format: errorMessage('errors.mustBeProviderIds'), unknown: errorMessage('errors.unknownProviderId') },
}
const idList = (allowed: Set<number>, what: keyof typeof ID_LIST_MESSAGES) =>
  z
    .string()
    .regex(/^\d+([,|]\d+)*$/, ID_LIST_MESSAGES[what].format)
    .transform((text) => ({ ids: text.split(/[,|]/).map(Number), any: text.includes('|') }))
    .refine((v) => v.ids.every((n) => allowed.has(n)), ID_LIST_MESSAGES[what].unknown)
/** A query with exactly these parameters: anything else is a 400 naming it (this is not a proxy). */
function only<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown parameter: ${issue.keys.join(', ')}` : undefined),
  })
}
const pageOnly = only({ page })

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, errorMessage('errors.mustBeIsoDay')).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), errorMessage('errors.mustBeIsoDay'))
const minutes = z
  .string()
  .regex(/^\d{1,4}$/, errorMessage('errors.mustBeWholeNumber'))
  .transform(Number)
  .pipe(z.number().max(MAX_RUNTIME, errorMessage('errors.mustBeAtMost', { max: MAX_RUNTIME })))

const discoverQuery = only({
  with_genres: z.string().optional(),
  page,
  with_original_language: z.string().regex(/^[a-z]{2}$/, errorMessage('errors.mustBeLanguageCode')).optional(),
  with_watch_providers: idList(WATCH_PROVIDER_IDS, 'watch provider').optional(),
  'vote_average.gte': z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, errorMessage('errors.mustBeRatingNumber')).transform(Number).pipe(z.number().max(10, 'must be at most 10')).optional(),
  'vote_count.gte': z.string().regex(/^\d{1,8}$/, errorMessage('errors.mustBeWholeNumber')).transform(Number).optional(),
  preset: z.enum(['kids', 'kdrama'], { error: errorMessage('errors.mustBePreset') }).optional(),
  // TMDB's own discover parameters as SPEC.md section 7 lists them and its documentation spells
  // them for each media type (checked against the type below); adult titles are never shown.
  sort_by: z.string().optional(),
  'primary_release_date.gte': isoDay.optional(),
  'primary_release_date.lte': isoDay.optional(),
  'first_air_date.gte': isoDay.optional(),
  'first_air_date.lte': isoDay.optional(),
  'with_runtime.gte': minutes.optional(),
  'with_runtime.lte': minutes.optional(),
  certification: z.enum(FILTER_CERTIFICATIONS, { error: errorMessage('errors.mustBeOneOf', { values: FILTER_CERTIFICATIONS.join(', ') }) }).optional(),
  // The region whose services with_watch_providers names (the visitor's own by default).
  watch_region: regionSchema.optional(),
  // Series airing this week or today, as the composed pages' rows ask for them (not TMDB's spelling).
  airing: z.enum(['week', 'today'], { error: errorMessage('errors.mustBeOneOf', { values: 'week, today' }) }).optional(),
  include_adult: z.literal('false', { error: errorMessage('errors.mustBeFalse') }).optional(),
  include_video: z.enum(['true', 'false'], { error: errorMessage('errors.mustBeTrueOrFalse') }).optional(),
})

function pageOf(query: { page?: number }): number {
  return query.page ?? 1
}

type DiscoverQuery = z.output<typeof discoverQuery>

/** What a discover query asks for: the catalogue's filters, the page and the services' region. */
interface DiscoverRequest {
  filters: DiscoverFilters
  page: number
  region?: string
}

/** A discover query read into what it asks for, or the mistake in it. */
function discoverFilters(type: 'movie' | 'tv', query: DiscoverQuery, locale: Locale): DiscoverRequest | { error: ErrorId; values?: MessageValues } {
  const filters: DiscoverFilters = {}
  if (query.with_genres !== undefined) {
    // Series accept film genre ids too (Action maps onto Action & Adventure); films only the map of 18.
    const allowed = type === 'movie' ? MOVIE_GENRE_IDS : new Set([...MOVIE_GENRE_IDS, ...TV_GENRE_IDS])
    const parsed = idList(allowed, 'genre').safeParse(query.with_genres)
    if (!parsed.success) {
      const english = parsed.error.issues[0]?.message ?? ''
      return { error: 'errors.fieldIssue', values: { field: 'with_genres', message: localizedMessage(locale, english) ?? english } }
    }
    filters.genres = parsed.data.ids
    filters.genreMode = parsed.data.any ? 'any' : 'all'
  }
  if (query.with_original_language) filters.language = query.with_original_language
  if (query.with_watch_providers) filters.watchProviders = query.with_watch_providers.ids
  if (query['vote_average.gte'] !== undefined) filters.voteAverageGte = query['vote_average.gte']
  if (query['vote_count.gte'] !== undefined) filters.voteCountGte = query['vote_count.gte']
  if (query.preset) filters.preset = query.preset
  if (query.sort_by !== undefined) {
    const order = SORT_ORDERS[type][query.sort_by]
    if (!order) return { error: 'errors.fieldIssue', values: { field: 'sort_by', message: errorText(locale, 'errors.mustBeOneOf', { values: Object.keys(SORT_ORDERS[type]).join(', ') }) } }
    filters.sortBy = order
  }
  // A film's dates are primary_release_date's, a series' first_air_date's: the other type's is a mistake.
  const otherDates = RELEASE_DATE_PARAM[type === 'movie' ? 'tv' : 'movie']
  const wrong = [`${otherDates}.gte`, `${otherDates}.lte`, ...(type === 'tv' ? ['certification'] : [])].filter((name) => query[name as keyof typeof query] !== undefined)
  if (wrong.length) return { error: 'errors.unknownParameter', values: { names: wrong.join(', ') } }
  const dates = RELEASE_DATE_PARAM[type]
  if (query[`${dates}.gte`]) filters.releasedFrom = query[`${dates}.gte`]
  if (query[`${dates}.lte`]) filters.releasedTo = query[`${dates}.lte`]
  if (query['with_runtime.gte'] !== undefined) filters.runtimeGte = query['with_runtime.gte']
  if (query['with_runtime.lte'] !== undefined) filters.runtimeLte = query['with_runtime.lte']
  if (query.certification) filters.certification = query.certification
  if (query.airing && type === 'tv') filters.airing = query.airing
  if (query.watch_region && !filters.watchProviders) return { error: 'errors.watchRegionWithoutProviders' }
  return { filters, page: pageOf(query), ...(query.watch_region && { region: query.watch_region }) }
}

/**
 * A grid's discover query as GET /api/catalog/discover/{type} would take it (its parameters
 * unparsed), read the same way: the filters, page and region it asks for, or null for one the
 * route would refuse.
 */
export function readDiscoverQuery(type: 'movie' | 'tv', raw: Record<string, string>): DiscoverRequest | null {
  const parsed = discoverQuery.safeParse(raw)
  if (!parsed.success) return null
  const asked = discoverFilters(type, parsed.data, DEFAULT_LOCALE)
  return 'error' in asked ? null : asked
}

/**
 * The request's catalogue provider, in its language and for its visitor's region; its answers may
 * be cached by browsers for five minutes.
 */
function cachedCatalog(c: Context<AppEnv>) {
  const provider = catalogForRequest(c)
  c.header('Cache-Control', CACHE_CONTROL)
  return provider
}

/**
 * An answer that may be the signed-in viewer's own (their hide-watched and spoiler-safe choices,
 * worker/catalog/taste-filters.ts): to anyone with a session it is private and asked again each
 * time, so a choice just changed holds at once and no shared cache keeps it. Others' are unchanged.
 */
const forTheViewer = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (hasSession(c)) c.res.headers.set('Cache-Control', VIEWER_CACHE_CONTROL)
})

/**
 * What the viewer's answers are held to: their profile's maturity ceiling and, with `wants`, their
 * own choices. The session is confirmed once, before both are read from it.
 */
async function viewerView(c: Context<AppEnv>, wants?: FilterWants): Promise<{ ceiling: Ceiling; taste: ViewerTaste | null }> {
  const ceiling = await viewerCeiling(c)
  return { ceiling, taste: wants ? await viewerTaste(c, wants) : null }
}

/**
 * A grid's page (`read` answers any page), without the titles a viewer who hides them has watched
 * nor those above their ceiling, filled from the pages after; `finish` holds the rest of the answer
 * (a search's people) to the ceiling.
 */
async function gridPage<T extends Paged<ListItem>>(
  c: Context<AppEnv>,
  provider: CatalogProvider,
  page: number,
  read: (page: number) => Promise<T>,
  { wants = { watched: true }, finish }: { wants?: FilterWants | null; finish?: (answer: T, ceiling: Ceiling) => Promise<T> } = {},
): Promise<Response> {
  const [first, { taste, ceiling }] = await Promise.all([read(page), viewerView(c, wants ?? undefined)])
  const keep = viewerKeep(provider, taste, ceiling)
  if (!keep) return c.json(first)
  const kept = await keptPage(first, read, keep)
  return c.json(finish && ceiling !== 'all' ? await finish(kept, ceiling) : kept)
}

/** Whether the request is a kids profile's (or one that has not chosen its profile yet): its home is the Kids page's composition. */
export async function kidsProfile(c: Context<AppEnv>): Promise<boolean> {
  return hasSession(c) && (await currentAccount(c))?.kids === true
}

/** A title above the viewer's ceiling: its details, seasons and stream are not for this profile. */
export function notOnThisProfile(c: Context<AppEnv>) {
  return apiError(c, 403, 'errors.notOnThisProfile', undefined, { not_on_profile: true as const })
}

/** Whether the title is within the viewer's ceiling (always, for anyone without a session, with no lookup). */
export async function viewerMaySee(c: Context<AppEnv>, provider: CatalogProvider, title: TitleKey): Promise<boolean> {
  return titleWithinCeiling(provider, await viewerCeiling(c), title)
}

export const catalogRoutes = new Hono<AppEnv>()
  // Overviews, genre and row names follow Accept-Language: caches keep one answer per language.
  .use(async (c, next) => {
    await next()
    const vary = c.res.headers.get('Vary') ?? ''
    if (!/(^|,)\s*accept-language\s*(,|$)/i.test(vary)) c.res.headers.append('Vary', 'Accept-Language')
  })
  .get(
    '/pages/:page',
    forTheViewer,
    validate('param', z.object({ page: z.enum(PAGE_NAMES, { error: errorMessage('errors.mustBePageName') }) })),
    validate(
      'query',
      only({
        service: z.enum(SERVICE_SLUGS, { error: errorMessage('errors.mustBeOneOf', { values: SERVICE_SLUGS.join(', ') }) }).optional(),
        // "On my services": the visitor's services (watch provider ids) and, optionally, their region.
        on: idList(WATCH_PROVIDER_IDS, 'watch provider')
          .transform((v) => [...new Set(v.ids)].sort((a, b) => a - b))
          .optional(),
        region: regionSchema.optional(),
      }),
    ),
    async (c) => {
      const { page: name } = c.req.valid('param')
      const { service, on, region } = c.req.valid('query')
      if (service && name !== 'tv') return apiError(c, 400, 'errors.serviceOnlyTv')
      if ((on || region) && !(NARROWABLE_PAGES as readonly string[]).includes(name)) return apiError(c, 400, 'errors.servicesOnlyBrowsePages')
      if (on && service) return apiError(c, 400, 'errors.servicesWithPlatform')
      if (region && !on) return apiError(c, 400, 'errors.regionWithoutServices')
      const narrowing = on ? { on, region: region ?? visitorRegion(c) } : null
      // A kids profile's home is the Kids page's composition (narrowed to services, the home's own, held to its ceiling).
      const composition = name === 'home' && !narrowing && (await kidsProfile(c)) ? 'kids' : name
      const provider = narrowing ? catalogFor(c.env, (p) => c.executionCtx.waitUntil(p), { locale: requestLocale(c), region: narrowing.region }) : catalogForRequest(c)
      const [body, { taste, ceiling }] = await Promise.all([
        provider.version().then((version) => cachedPage(c.env, provider, version, composition, service ?? 'all', (p) => c.executionCtx.waitUntil(p), provider.locale, narrowing)),
        viewerView(c, { watched: true }),
      ])
      if (taste?.hideWatched || ceiling !== 'all') return c.json(await viewerComposition(provider, JSON.parse(body.text) as PageComposition, taste, ceiling))
      // Already serialized and compressed (see cachedPage): the answer is a PageComposition.
      return precompressedResponse(body, c.req.header('Accept-Encoding'), { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': PAGE_CACHE_CONTROL })
    },
  )
  .get('/lists/:list', forTheViewer, validate('param', z.object({ list: z.enum(LIST_NAMES, { error: errorMessage('errors.unknownList') }) })), validate('query', pageOnly), async (c) => {
    const provider = cachedCatalog(c)
    const { list } = c.req.valid('param')
    return gridPage(c, provider, pageOf(c.req.valid('query')), (page) => provider.list(list, page))
  })
  .get('/discover/:type', forTheViewer, validate('param', z.object({ type: mediaType })), validate('query', discoverQuery), async (c) => {
    const { type } = c.req.valid('param')
    const asked = discoverFilters(type, c.req.valid('query'), requestLocale(c))
    if ('error' in asked) return apiError(c, 400, asked.error, asked.values)
    const provider = asked.region ? catalogFor(c.env, (p) => c.executionCtx.waitUntil(p), { locale: requestLocale(c), region: asked.region }) : catalogForRequest(c)
    c.header('Cache-Control', CACHE_CONTROL)
    return gridPage(c, provider, asked.page, (page) => provider.discover(type, asked.filters, page))
  })
  .get(
    '/browse',
    forTheViewer,
    validate(
      'query',
      only({
        letter: z.string({ error: errorMessage('errors.letterRequired') }).transform((l) => l.toUpperCase()).pipe(z.string().regex(/^([A-Z]|#)$/, errorMessage('errors.mustBeLetter'))),
        page,
      }),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const provider = cachedCatalog(c)
      return gridPage(c, provider, pageOf(query), (page) => provider.browse(query.letter, page))
    },
  )
  .get('/top-rated/:type', forTheViewer, validate('param', z.object({ type: mediaType })), validate('query', pageOnly), async (c) => {
    const provider = cachedCatalog(c)
    const { type } = c.req.valid('param')
    return gridPage(c, provider, pageOf(c.req.valid('query')), (page) => provider.topRated(type, page))
  })
  .get(
    '/search',
    forTheViewer,
    validate(
      'query',
      only({
        query: z
          .string({ error: errorMessage('errors.queryRequired') })
          .transform((q) => q.trim())
          .pipe(z.string().min(1, errorMessage('errors.queryRequired')).max(SEARCH_TERM_MAX, errorMessage('errors.queryTooLong', { max: SEARCH_TERM_MAX }))),
        page,
      }),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const provider = cachedCatalog(c)
      // The people found name titles they are known for: those above the ceiling are left out too.
      return gridPage(c, provider, pageOf(query), (page) => provider.search(query.query, page), {
        finish: async (answer, ceiling) => ({ ...answer, people: await ceilingPeople(provider, ceiling, answer.people) }),
      })
    },
  )
  .get('/genres', validate('query', only({ type: mediaType.optional() })), async (c) => {
    const { type } = c.req.valid('query')
    const provider = cachedCatalog(c)
    return c.json({ genres: type === 'tv' ? genresIn(provider.locale, TV_GENRES) : await provider.genres() })
  })
  // A title above the viewer's ceiling answers 403 (an unknown one still 404).
  .get('/movie/:id', forTheViewer, validate('param', z.object({ id })), validate('query', only({})), async (c) => {
    const provider = cachedCatalog(c)
    const { id: movieId } = c.req.valid('param')
    const [details, allowed] = await Promise.all([provider.movie(movieId), viewerMaySee(c, provider, { media_type: 'movie', id: movieId })])
    return allowed ? c.json(details) : notOnThisProfile(c)
  })
  .get('/tv/:id', forTheViewer, validate('param', z.object({ id })), validate('query', only({})), async (c) => {
    const provider = cachedCatalog(c)
    const { id: tvId } = c.req.valid('param')
    const [details, allowed] = await Promise.all([provider.tv(tvId), viewerMaySee(c, provider, { media_type: 'tv', id: tvId })])
    return allowed ? c.json(details) : notOnThisProfile(c)
  })
  .get('/person/:id', forTheViewer, validate('param', z.object({ id })), validate('query', only({})), async (c) => {
    const provider = cachedCatalog(c)
    const [person, ceiling] = await Promise.all([provider.person(c.req.valid('param').id), viewerCeiling(c)])
    return c.json(await ceilingPerson(provider, ceiling, person))
  })
  .get(
    '/tv/:id/season/:season',
    forTheViewer,
    validate(
      'param',
      z.object({
        id,
        season: z.string().regex(/^\d{1,3}$/, errorMessage('errors.mustBeSeasonNumber')).transform(Number),
      }),
    ),
    // A spoiler-safe viewer's answer with this one episode as it is (the others after their last watched stay hidden).
    validate('query', only({ reveal: z.string().regex(/^[1-9]\d{0,5}$/, errorMessage('errors.mustBePositiveWholeNumber')).transform(Number).optional() })),
    async (c) => {
      const { id: tvId, season } = c.req.valid('param')
      const provider = cachedCatalog(c)
      const [answer, { taste, ceiling }] = await Promise.all([provider.season(tvId, season), viewerView(c, { show: tvId })])
      if (!(await titleWithinCeiling(provider, ceiling, { media_type: 'tv', id: tvId }))) return notOnThisProfile(c)
      if (!taste?.spoilerSafe) return c.json(answer)
      return c.json(spoilerSafeSeason(answer, taste.furthest, c.req.valid('query').reveal))
    },
  )
  .get(
    '/:type/:id/watch',
    forTheViewer,
    validate('param', z.object({ type: mediaType, id })),
    validate('query', only({ region: z.string().regex(/^[A-Za-z]{2}$/, errorMessage('errors.mustBeCountryCode')).transform((r) => r.toUpperCase()).optional() })),
    async (c) => {
      const { type, id: titleId } = c.req.valid('param')
      const asked = c.req.valid('query').region
      const provider = cachedCatalog(c)
      // Without a region the answer follows the visitor's country, so no shared cache may keep it.
      if (!asked) c.header('Cache-Control', 'private, max-age=300')
      const [options, allowed] = await Promise.all([provider.watchOptions(type, titleId, asked ?? visitorRegion(c)), viewerMaySee(c, provider, { media_type: type, id: titleId })])
      return allowed ? c.json(options) : notOnThisProfile(c)
    },
  )
  .get('/:type/:id/similar', forTheViewer, validate('param', z.object({ type: mediaType, id })), validate('query', pageOnly), async (c) => {
    const { type, id: titleId } = c.req.valid('param')
    const provider = cachedCatalog(c)
    // Hide watched leaves similar titles as they are; the ceiling does not.
    return gridPage(c, provider, pageOf(c.req.valid('query')), (page) => provider.similar(type, titleId, page), { wants: null })
  })
  .onError((err, c) => {
    if (err instanceof CatalogNotFoundError) return apiError(c, 404, err.messageId)
    if (err instanceof CatalogUnavailableError) return apiError(c, 502, err.messageId)
    throw err
  })

/**
 * Picks the catalogue provider for a request: TMDB when a key or read token is configured
 * (cached in KV by the provider itself), otherwise the embedded D1 catalogue, its answers kept in
 * KV for every isolate (shared.ts) and behind an isolate memo (memo.ts). Either answers in the
 * language asked for (English by default); TMDB also takes the visitor's region, for its regional lists and where-to-watch filters (the operator's
 * TMDB_WATCH_REGION by default).
 */
import type { Context } from 'hono'
import type { AppEnv, Bindings } from '../env'
import { requestLocale } from '../lib/api-errors'
import { DEFAULT_LOCALE, type Locale, isLocale } from '../lib/locales'
import { MemoizedCatalog } from './memo'
import { SharedCatalog } from './shared'
import type { CatalogProvider } from './provider'
import { TmdbCatalog } from './tmdb'

function hasTmdbCredentials(env: Bindings): boolean {
  return !!(env.TMDB_API_KEY || env.TMDB_READ_TOKEN)
}

export interface CatalogOptions {
  /** The language of overviews, genre names and row titles; English when not given. */
  locale?: Locale
  /** ISO 3166-1 alpha-2 country for TMDB's regional answers; TMDB_WATCH_REGION (else US) when not given. */
  region?: string
}

export function catalogFor(env: Bindings, waitUntil: (promise: Promise<unknown>) => void, options: CatalogOptions = {}): CatalogProvider {
  const locale = options.locale ?? DEFAULT_LOCALE
  if (hasTmdbCredentials(env)) return new TmdbCatalog(env, waitUntil, { locale, region: options.region ?? defaultRegion(env) })
  return new MemoizedCatalog(SharedCatalog.create(env, waitUntil, locale))
}

/** The operator's region: TMDB_WATCH_REGION, else US. */
export function defaultRegion(env: Pick<Bindings, 'TMDB_WATCH_REGION'>): string {
  return (env.TMDB_WATCH_REGION || 'US').toUpperCase()
}

/**
 * The visitor's country as Cloudflare's edge reports it (request.cf.country, or the CF-IPCountry
 * header), for where-to-watch and TMDB's regional lists; the operator's region where there is none
 * (local runs, Tor, unknown).
 */
export function visitorRegion<E extends AppEnv>(c: Context<E>): string {
  const fromCf = (c.req.raw.cf as { country?: unknown } | undefined)?.country
  for (const country of [fromCf, c.req.header('CF-IPCountry')]) {
    if (typeof country === 'string' && /^[A-Z]{2}$/.test(country) && country !== 'XX' && country !== 'T1') return country
  }
  return defaultRegion(c.env)
}

/** The catalogue for an API request: in its Accept-Language, for its visitor's region. */
export function catalogForRequest<E extends AppEnv>(c: Context<E>): CatalogProvider {
  return catalogFor(c.env, (p) => c.executionCtx.waitUntil(p), { locale: requestLocale(c), region: visitorRegion(c) })
}

/**
 * The catalogue for a page the worker renders in `pageLocale` (the pseudo-locale of the tests
 * reads the English catalogue), in the visitor's region unless the page names another (a grid
 * narrowed to services in a region).
 */
export function catalogForPage(c: Context<AppEnv>, pageLocale: string, region: string = visitorRegion(c)): CatalogProvider {
  return catalogFor(c.env, (p) => c.executionCtx.waitUntil(p), { locale: isLocale(pageLocale) ? pageLocale : DEFAULT_LOCALE, region })
}

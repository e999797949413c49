/**
 * KV cache keys and freshness for the catalogue. Every catalogue key starts with `v1:catalog:`
 * (the admin purge deletes that prefix; bump the version to orphan every entry at once). Values
 * are stored with the time they were fetched, so a reader can tell fresh from stale, and live in
 * KV for a week past their freshness so they can still be served when TMDB is down.
 * Exported so tests can seed and inspect entries.
 */
export const CATALOG_CACHE_PREFIX = 'v1:catalog:'

/** Seconds an answer counts as fresh, per kind of call. */
export const FRESH_SECONDS = {
  search: 5 * 60,
  list: 60 * 60,
  details: 24 * 60 * 60,
  page: 10 * 60,
} as const
export type CacheKind = keyof typeof FRESH_SECONDS

/** How long past freshness an answer may still be served when the upstream fails. */
const STALE_SECONDS = 7 * 24 * 60 * 60

export interface CachedEntry<T> {
  data: T
  /** Epoch milliseconds when the data was fetched upstream. */
  fetchedAt: number
}

/** `v1:catalog:tmdb:/movie/550?append_to_response=credits` with parameters sorted, never the key. */
export function tmdbCacheKey(path: string, params: Record<string, string>): string {
  const normalizedPath = `/${path.replace(/^\/+|\/+$/g, '').toLowerCase()}`
  const query = Object.keys(params)
    .filter((name) => name !== 'api_key')
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name] ?? '')}`)
    .join('&')
  return `${CATALOG_CACHE_PREFIX}tmdb:${normalizedPath}${query ? `?${query}` : ''}`
}

/** A composed page (home, movies, ...) for one provider and platform filter. */
export function pageCacheKey(provider: string, page: string, service: string): string {
  return `${CATALOG_CACHE_PREFIX}page:${provider}:${page}:${service}`
}

export async function readCached<T>(kv: KVNamespace, key: string): Promise<CachedEntry<T> | null> {
  const entry = await kv.get<CachedEntry<T>>(key, 'json')
  return entry && typeof entry.fetchedAt === 'number' ? entry : null
}

/** Seconds an answer of this kind lives in KV: its freshness, then a week of serving it stale. */
export function servableSeconds(kind: CacheKind): number {
  return FRESH_SECONDS[kind] + STALE_SECONDS
}

export async function writeCached<T>(kv: KVNamespace, key: string, data: T, kind: CacheKind, fetchedAt = Date.now()): Promise<void> {
  const entry: CachedEntry<T> = { data, fetchedAt }
  await kv.put(key, JSON.stringify(entry), { expirationTtl: servableSeconds(kind) })
}

export function isFresh(entry: CachedEntry<unknown>, kind: CacheKind, now = Date.now()): boolean {
  return now - entry.fetchedAt < FRESH_SECONDS[kind] * 1000
}

export function isServable(entry: CachedEntry<unknown>, kind: CacheKind, now = Date.now()): boolean {
  return now - entry.fetchedAt < servableSeconds(kind) * 1000
}

/**
 * The zone's default cache (Cache API). The web app type-checks worker modules too (through
 * AppType), where the DOM's CacheStorage, which has no `default`, wins over the Workers declaration.
 */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default
}

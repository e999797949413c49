/**
 * Picks the catalogue provider for a request: TMDB when a key or read token is configured
 * (cached in KV by the provider itself), otherwise the embedded D1 catalogue behind an isolate
 * memo. Also names the data version used in page cache keys.
 */
import type { Bindings } from '../env'
import { EmbeddedCatalog } from './embedded'
import { MemoizedCatalog } from './memo'
import type { CatalogProvider } from './provider'
import { TmdbCatalog } from './tmdb'

function hasTmdbCredentials(env: Bindings): boolean {
  return !!(env.TMDB_API_KEY || env.TMDB_READ_TOKEN)
}

export function catalogFor(env: Bindings, waitUntil: (promise: Promise<unknown>) => void): CatalogProvider & { version(): Promise<string> } {
  if (hasTmdbCredentials(env)) {
    const tmdb = new TmdbCatalog(env, waitUntil)
    return Object.assign(tmdb, { version: async () => 'live' })
  }
  return new MemoizedCatalog(new EmbeddedCatalog(env.DB))
}

/**
 * Where the TMDB provider sends its calls and where TMDB's images are loaded from. Both default to
 * TMDB's own hosts; an operator can point them at a TMDB-compatible proxy (for countries where TMDB
 * is blocked) or, locally, at the fake TMDB in scripts/fake-tmdb.mjs. A value that is not an http(s)
 * URL is ignored with a logged warning rather than sending the key somewhere unexpected.
 */
import type { Bindings } from '../env'

export const DEFAULT_TMDB_API_BASE = 'https://api.themoviedb.org/3'
export const DEFAULT_TMDB_IMAGE_BASE = 'https://image.tmdb.org/t/p'

const warned = new Set<string>()

function baseOr(name: string, value: string | undefined, fallback: string): string {
  const text = (value ?? '').trim()
  if (!text) return fallback
  try {
    const url = new URL(text)
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username && !url.password) {
      return url.href.replace(/\/+$/, '')
    }
  } catch {
    // reported below
  }
  if (!warned.has(name)) {
    warned.add(name)
    console.warn(JSON.stringify({ level: 'warn', message: `${name} is not an http(s) URL without query or credentials; using ${fallback}` }))
  }
  return fallback
}

/** The v3 API root, without a trailing slash: `${base}/movie/550`. */
export function tmdbApiBase(env: Pick<Bindings, 'TMDB_API_BASE'>): string {
  return baseOr('TMDB_API_BASE', env.TMDB_API_BASE, DEFAULT_TMDB_API_BASE)
}

/** The image root, without a trailing slash: `${base}/w500/abc.jpg`. */
export function tmdbImageBase(env: Pick<Bindings, 'TMDB_IMAGE_BASE'>): string {
  return baseOr('TMDB_IMAGE_BASE', env.TMDB_IMAGE_BASE, DEFAULT_TMDB_IMAGE_BASE)
}

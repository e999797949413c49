/**
 * GET /api/config: what the web app needs to know about this deployment before rendering
 * (which catalogue provider answers, where images come from, operator switches).
 * Nothing secret is ever returned here.
 */
import { Hono } from 'hono'
import { database } from '../accounts/db'
import { maintenanceReported } from '../accounts/settings'
import type { AppEnv, Bindings } from '../env'
import { tmdbImageBase } from '../catalog/tmdb-config'
import { ART_EDITION } from './images'

export function catalogProviderName(env: Bindings): 'tmdb' | 'embedded' {
  return env.TMDB_API_KEY || env.TMDB_READ_TOKEN ? 'tmdb' : 'embedded'
}

/**
 * Where catalogue image paths resolve: TMDB's image host, or the worker's drawn artwork under its
 * edition (see ART_EDITION), so browsers and the edge cache never show a drawing of another edition.
 */
export function imageBaseFor(env: Bindings): string {
  return catalogProviderName(env) === 'tmdb' ? tmdbImageBase(env) : `/api/img/${ART_EDITION}`
}

/**
 * The origins the pages' Content-Security-Policy must allow images from, beyond its own list:
 * the configured TMDB image host when TMDB answers (a proxy's host is not in the shared list).
 */
export function imageOriginsFor(env: Bindings): string[] {
  const base = imageBaseFor(env)
  return /^https?:\/\//.test(base) ? [new URL(base).origin] : []
}

export const configRoutes = new Hono<AppEnv>().get('/config', async (c) => {
  const provider = catalogProviderName(c.env)
  // Asked again on every load: the maintenance switch must show as soon as it changes (read from
  // its copy in KV and the isolate's memo of it, accounts/settings.ts, never from D1).
  c.header('Cache-Control', 'no-cache')
  return c.json({
    siteName: c.env.SITE_NAME,
    supportEmail: c.env.SUPPORT_EMAIL,
    provider,
    imageBase: imageBaseFor(c.env),
    turnstileSiteKey: c.env.TURNSTILE_SECRET ? c.env.TURNSTILE_SITE_KEY || null : null,
    maintenance: await maintenanceReported(database(c.env.DB), c.env.CACHE),
  })
})

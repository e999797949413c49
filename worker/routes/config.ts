/**
 * GET /api/config: what the web app needs to know about this deployment before rendering
 * (which catalogue provider answers, where images come from, operator switches).
 * Nothing secret is ever returned here.
 */
import { Hono } from 'hono'
import { database } from '../accounts/db'
import { maintenanceReported } from '../accounts/settings'
import type { AppEnv, Bindings } from '../env'

export function catalogProviderName(env: Bindings): 'tmdb' | 'embedded' {
  return env.TMDB_API_KEY || env.TMDB_READ_TOKEN ? 'tmdb' : 'embedded'
}

const TMDB_IMAGE_BASE = 'https://image.tmdb.org/t/p'

/** Where catalogue image paths resolve: TMDB's image host, or the worker's drawn artwork. */
export function imageBaseFor(env: Bindings): string {
  return catalogProviderName(env) === 'tmdb' ? TMDB_IMAGE_BASE : '/api/img'
}

export const configRoutes = new Hono<AppEnv>().get('/config', async (c) => {
  const provider = catalogProviderName(c.env)
  // Asked again on every load: the maintenance switch must show as soon as it changes (the
  // isolate's memo of it, accounts/settings.ts, keeps the cost of asking small).
  c.header('Cache-Control', 'no-cache')
  return c.json({
    siteName: c.env.SITE_NAME,
    supportEmail: c.env.SUPPORT_EMAIL,
    provider,
    imageBase: imageBaseFor(c.env),
    turnstileSiteKey: c.env.TURNSTILE_SECRET ? c.env.TURNSTILE_SITE_KEY || null : null,
    maintenance: await maintenanceReported(database(c.env.DB)),
  })
})

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
import { TmdbCatalog } from '../catalog/tmdb'
import type { ImageSizes } from '../catalog/types'
import { FULL_WIDTH_BACKDROP, imageSource } from '../catalog/image-sizes'
import type { PreloadImage } from '../seo/app-shell'
import { ART_EDITION } from './images'
import { socialLinksOf } from '../lib/social-links'
import { newsletterOffered } from './newsletter'

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

/**
 * The image sizes pages may ask the image host for: TMDB's /configuration (cached by the provider),
 * or null for the embedded catalogue, whose drawn images take the sizes of GET /api/img.
 */
export async function imageSizesFor(env: Bindings, waitUntil: (promise: Promise<unknown>) => void): Promise<ImageSizes | null> {
  return catalogProviderName(env) === 'tmdb' ? new TmdbCatalog(env, waitUntil).imageSizes() : null
}

/**
 * A page's first backdrop as its header or hero shows it (worker/catalog/image-sizes.ts), to
 * preload, with the sizes the page's first data carries so the app asks for the same file.
 */
export async function firstBackdrop(env: Bindings, waitUntil: (promise: Promise<unknown>) => void, path: string | null | undefined): Promise<{ images: PreloadImage[]; imageSizes: ImageSizes | null }> {
  const imageSizes = await imageSizesFor(env, waitUntil)
  if (!path) return { images: [], imageSizes }
  const source = imageSource(imageBaseFor(env), imageSizes, path, 'backdrop', FULL_WIDTH_BACKDROP.width)
  return { images: [{ ...source, ...(source.srcSet && { sizes: FULL_WIDTH_BACKDROP.sizes }) }], imageSizes }
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
    imageSizes: await imageSizesFor(c.env, (p) => c.executionCtx.waitUntil(p)),
    turnstileSiteKey: c.env.TURNSTILE_SECRET ? c.env.TURNSTILE_SITE_KEY || null : null,
    maintenance: await maintenanceReported(database(c.env.DB), c.env.CACHE),
    social: socialLinksOf(c.env),
    // the footer's e-mail box shows only where its e-mails can go (routes/newsletter.ts)
    newsletter: newsletterOffered(c.env, c.req.url),
  })
})

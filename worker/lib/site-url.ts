/**
 * The site's own address, SITE_URL: links sent by e-mail and the passkey relying party are built
 * from it, never from the request's Host header, and the requests where the host matters
 * (password reset, passkeys) are refused for any other host. On a loopback SITE_URL (the local
 * default) every loopback address, on any port, is the site: `npm start` on another PORT and the
 * browser tests, which open it as 127.0.0.1 and as localhost, are all the same machine.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Bindings } from '../env'
import { apiError } from './api-errors'
import { isLoopback } from './loopback'

/** SITE_URL as a URL: an http(s) origin without path, query or credentials; anything else is a configuration error. */
export function configuredSite(env: Pick<Bindings, 'SITE_URL'>): URL {
  let site: URL | null = null
  try {
    site = new URL(env.SITE_URL)
  } catch {
    // reported below
  }
  if (!site || !/^https?:$/.test(site.protocol) || site.username || site.password || site.search || site.hash || site.pathname !== '/') {
    throw new Error('SITE_URL must be the site\'s http(s) origin, such as https://reelhouse.example')
  }
  return site
}

/** Whether `url` is on the site's own origin: SITE_URL's, or any loopback one when SITE_URL is loopback. */
export function isSiteUrl(env: Pick<Bindings, 'SITE_URL'>, url: URL): boolean {
  const site = configuredSite(env)
  if (isLoopback(site.href)) return /^https?:$/.test(url.protocol) && isLoopback(url.href)
  return url.origin === site.origin
}

/** Whether the request came to the site's own address. */
export function isSiteHost(c: Context): boolean {
  return isSiteUrl(c.env as Bindings, new URL(c.req.url))
}

/** The origin of the site's own pages: SITE_URL's, or locally the loopback address the request came to. */
export function siteOrigin(c: Context): string {
  const site = configuredSite(c.env as Bindings)
  const request = new URL(c.req.url)
  return isLoopback(site.href) && isLoopback(request.href) ? request.origin : site.origin
}

/** 421 for a request sent to another host than the site's. */
export const siteHostOnly = createMiddleware(async (c, next) => {
  if (!isSiteHost(c)) return apiError(c, 421, 'errors.wrongHost')
  await next()
})

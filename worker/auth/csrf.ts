/**
 * Cross-site request refusal for every state-changing /api call, whatever its content type
 * (SameSite=Lax alone still lets a top-level cross-site form POST through in some browsers, and
 * JSON endpoints must not rely on CORS preflights). A browser names the page that sent a request
 * in Origin, or at least in Sec-Fetch-Site; either one showing another site gets 403. A request
 * with neither header comes from curl or a server, which cannot carry a victim's cookie.
 */
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS'])

export function isCrossSite(method: string, url: string, origin: string | undefined, fetchSite: string | undefined): boolean {
  if (READ_ONLY.has(method.toUpperCase())) return false
  if (origin !== undefined) return origin !== new URL(url).origin
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none'
  return false
}

export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (isCrossSite(c.req.method, c.req.url, c.req.header('Origin'), c.req.header('Sec-Fetch-Site'))) {
    return apiError(c, 403, 'errors.crossSite')
  }
  await next()
})

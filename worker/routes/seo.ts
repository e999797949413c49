/** What crawlers and social networks read at the edge: share links, sitemap.xml, robots.txt. */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const seoRoutes = new Hono<AppEnv>().get('/robots.txt', (c) => {
  const origin = new URL(c.req.url).origin
  return c.text(`User-agent: *\nDisallow: /api/\nDisallow: /admin/\nSitemap: ${origin}/sitemap.xml\n`)
})

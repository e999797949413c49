/**
 * GET /calendar/{secret}.ics: an account's private iCal feed (worker/calendar/ical.ts), found by
 * its secret's hash (worker/calendar/feeds.ts): the followed shows' episodes of the last 30 days and
 * the next 60, counted in the time zone of the browser that made the feed. Any other secret, or a
 * revoked one, is a 404. Calendar apps fetch it every few hours without a cookie; the secret is
 * the only key, so the answer is private and never kept by shared caches.
 */
import { Hono } from 'hono'
import { database } from '../accounts/db'
import { accountStore } from '../accounts/store-client'
import { addDays, dayIn } from '../calendar/dates'
import { followedEpisodes } from '../calendar/episodes'
import { findFeed } from '../calendar/feeds'
import { icalFeed } from '../calendar/ical'
import { catalogFor } from '../catalog'
import type { AppEnv } from '../env'
import { configuredSite } from '../lib/site-url'

export const FEED_PAST_DAYS = 30
export const FEED_COMING_DAYS = 60

function notFound(): Response {
  return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

export const calendarFeedRoutes = new Hono<AppEnv>().get('/calendar/:file{[A-Za-z0-9_-]{43}\\.ics}', async (c) => {
  const feed = await findFeed(database(c.env.DB), c.req.param('file').slice(0, -'.ics'.length))
  if (!feed) return notFound()
  const store = accountStore(c.env, feed.owner)
  const shows = await store.accountFollowing(feed.owner)
  const today = dayIn(feed.timeZone)
  const catalog = catalogFor(c.env, (p) => c.executionCtx.waitUntil(p))
  const { episodes } = await followedEpisodes(catalog, shows, addDays(today, -FEED_PAST_DAYS), addDays(today, FEED_COMING_DAYS))
  const body = icalFeed(episodes, { siteName: c.env.SITE_NAME, origin: configuredSite(c.env).origin })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="calendar.ics"',
      'Cache-Control': 'private, max-age=900',
      'X-Robots-Tag': 'noindex',
    },
  })
})

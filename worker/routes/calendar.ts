/**
 * GET /api/me/calendar?tz={IANA zone}: the episodes of the shows the signed-in account follows,
 * the next 30 days (today included) and the last 7, by day in the viewer's time zone (which day is
 * today there; episodes carry dates only). Shows with nothing in that window bring their latest
 * episode with a known date (`latest`), so a calendar of shows that have ended says what the
 * catalogue knows rather than nothing; `catalogue` says whether its dates are live (TMDB) or a
 * snapshot (the embedded catalogue, with the snapshot's date).
 *
 * The account's private iCal feed (/calendar/{secret}.ics, routes/calendar-feed.ts):
 *   GET    /api/me/calendar/feed   { url, created_at }, both null while there is none
 *   POST   /api/me/calendar/feed   { tz }: a new secret (the old address stops working); answers the same
 *   DELETE /api/me/calendar/feed   revokes it
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { database } from '../accounts/db'
import { myAccountStore, myStore } from '../accounts/store-client'
import { withinCeilingOnly } from '../catalog/ceiling'
import { closedForMaintenance, requireAccount, requireAccountLevel } from '../auth/guards'
import { addDays, dayIn, timeZoneSchema } from '../calendar/dates'
import { followedEpisodes } from '../calendar/episodes'
import { newFeedSecret, revokeFeed, saveFeed } from '../calendar/feeds'
import { catalogForRequest } from '../catalog'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { siteOrigin } from '../lib/site-url'
import { validate } from '../lib/validate'

/** The days the calendar shows: the last 7 before today, then today and the 29 after it. */
export const PAST_DAYS = 7
export const COMING_DAYS = 30

const calendarQuerySchema = z.object({ tz: timeZoneSchema.default('UTC') }).strict()
const feedSchema = z.object({ tz: timeZoneSchema }).strict()

export const calendarRoutes = new Hono<AppEnv>()
  .get('/feed', requireAccount, requireAccountLevel, async (c) => {
    const { store, owner } = myAccountStore(c)
    const feed = await store.calendarFeed(owner)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ url: feed ? `${siteOrigin(c)}/calendar/${feed.secret}.ics` : null, created_at: feed?.created_at ?? null }, 200)
  })
  .post('/feed', requireAccount, requireAccountLevel, closedForMaintenance, validate('json', feedSchema), async (c) => {
    const { store, owner } = myAccountStore(c)
    const secret = newFeedSecret()
    const created_at = new Date().toISOString()
    await saveFeed(database(c.env.DB), owner, secret, c.req.valid('json').tz)
    if (!(await store.setCalendarFeed(owner, { secret, created_at }))) {
      await revokeFeed(database(c.env.DB), owner)
      return apiError(c, 401, 'errors.noSession')
    }
    c.header('Cache-Control', 'private, no-store')
    return c.json({ url: `${siteOrigin(c)}/calendar/${secret}.ics`, created_at }, 201)
  })
  .delete('/feed', requireAccount, requireAccountLevel, closedForMaintenance, async (c) => {
    const { store, owner } = myAccountStore(c)
    await revokeFeed(database(c.env.DB), owner)
    await store.setCalendarFeed(owner, null)
    return c.json({ url: null, created_at: null }, 200)
  })
  .get('/', requireAccount, validate('query', calendarQuerySchema), async (c) => {
  const { tz } = c.req.valid('query')
  const { store, owner } = myStore(c)
  const catalog = catalogForRequest(c)
  const today = dayIn(tz)
  const [followed, snapshot] = await Promise.all([store.following(owner), catalog.snapshotDate()])
  // a show above the profile's ceiling shows none of its episodes
  const shows = await withinCeilingOnly(catalog, c.var.account.ceiling, followed, (show) => ({ media_type: 'tv' as const, id: show.content_id }))
  const { episodes, latest } = await followedEpisodes(catalog, shows, addDays(today, -PAST_DAYS), addDays(today, COMING_DAYS - 1))
  const inWindow = new Set(episodes.map((e) => e.show_id))
  c.header('Cache-Control', 'private, no-store')
  return c.json(
    {
      timeZone: tz,
      today,
      catalogue: snapshot ? { kind: 'snapshot' as const, date: snapshot } : { kind: 'live' as const, date: null },
      following: shows.length,
      upcoming: episodes.filter((e) => e.air_date >= today),
      recent: episodes.filter((e) => e.air_date < today),
      latest: latest.filter((e) => !inWindow.has(e.show_id)),
    },
    200,
  )
})

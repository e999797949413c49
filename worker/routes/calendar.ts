/**
 * GET /api/me/calendar?tz={IANA zone}: the episodes of the shows the signed-in account follows,
 * the next 30 days (today included) and the last 7, by day in the viewer's time zone (which day is
 * today there; episodes carry dates only). Shows with nothing in that window bring their latest
 * episode with a known date (`latest`), so a calendar of shows that have ended says what the
 * catalogue knows rather than nothing; `catalogue` says whether its dates are live (TMDB) or a
 * snapshot (the embedded catalogue, with the snapshot's date).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { myStore } from '../accounts/store-client'
import { requireAccount } from '../auth/guards'
import { addDays, dayIn, timeZoneSchema } from '../calendar/dates'
import { followedEpisodes } from '../calendar/episodes'
import { catalogForRequest } from '../catalog'
import type { AppEnv } from '../env'
import { validate } from '../lib/validate'

/** The days the calendar shows: the last 7 before today, then today and the 29 after it. */
export const PAST_DAYS = 7
export const COMING_DAYS = 30

const calendarQuerySchema = z.object({ tz: timeZoneSchema.default('UTC') }).strict()

export const calendarRoutes = new Hono<AppEnv>().get('/', requireAccount, validate('query', calendarQuerySchema), async (c) => {
  const { tz } = c.req.valid('query')
  const { store, owner } = myStore(c)
  const catalog = catalogForRequest(c)
  const today = dayIn(tz)
  const [shows, snapshot] = await Promise.all([store.following(owner), catalog.snapshotDate()])
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

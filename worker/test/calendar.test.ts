// GET /api/me/calendar: the followed shows' episodes of the last 7 days and the next 30, by day in
// the viewer's time zone; with the embedded catalogue (series that have ended) nothing upcoming and
// the latest episodes it knows; with TMDB, the dates TMDB gives, asked once and kept in KV.
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays, dayIn, isTimeZone, startOfDayIn } from '../calendar/dates'
import { call, createUser, json, sessionCookieFrom } from './helpers/accounts'
import { loadCatalog } from './catalog-data'
import { airingTmdb, callTmdb, fakeAiringTmdb, today } from './helpers/tmdb-airing'
import { answerTmdbWith } from './helpers/tmdb-boundary'

const json500 = () => new Response(JSON.stringify({ status_code: 11, status_message: 'Internal error' }), { status: 500, headers: { 'Content-Type': 'application/json' } })

interface Entry {
  show_id: number
  show_title: string
  season_number: number
  episode_number: number
  name: string
  air_date: string
}
interface Calendar {
  timeZone: string
  today: string
  catalogue: { kind: string; date: string | null }
  following: number
  upcoming: Entry[]
  recent: Entry[]
  latest: Entry[]
}

beforeAll(loadCatalog)
afterEach(() => {
  vi.restoreAllMocks()
})

function follow(cookie: string, id: number, title: string) {
  return call(`/api/me/follows/${id}`, { method: 'PUT', cookie, body: { following: true, title, poster_path: null } })
}

describe('time zones', () => {
  it('knows IANA zones and refuses anything else', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Pacific/Kiritimati', 'Etc/GMT+5']) expect(isTimeZone(zone), zone).toBe(true)
    for (const zone of ['', 'Mars/Olympus', 'Europe/Paris ', 'europe', '../etc/passwd', 'Europe/Paris;x', 'A/'.repeat(40), '+02:00']) expect(isTimeZone(zone), zone).toBe(false)
  })

  it('finds the day and the start of a day in a zone', () => {
    const at = Date.parse('2026-03-29T00:30:00Z')
    expect(dayIn('UTC', at)).toBe('2026-03-29')
    expect(dayIn('America/New_York', at)).toBe('2026-03-28')
    expect(dayIn('Asia/Tokyo', at)).toBe('2026-03-29')
    expect(new Date(startOfDayIn('Asia/Tokyo', '2026-03-29')).toISOString()).toBe('2026-03-28T15:00:00.000Z')
    expect(new Date(startOfDayIn('America/New_York', '2026-03-28')).toISOString()).toBe('2026-03-28T04:00:00.000Z')
    // the day summer time starts in Paris still starts at midnight, an hour ahead of UTC
    expect(new Date(startOfDayIn('Europe/Paris', '2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
  })
})

describe('GET /api/me/calendar with the embedded catalogue', () => {
  it('says the catalogue is a snapshot, has nothing upcoming, and lists the latest dated episode of each followed show', async () => {
    const user = await createUser()
    expect((await follow(user.cookie, 1396, 'Breaking Bad')).status).toBe(200)
    const res = await call('/api/me/calendar?tz=Europe/Paris', { cookie: user.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/)
    const calendar = await json<Calendar>(res)
    const snapshot = await env.CATALOG.prepare("select value from catalog_meta where key = 'snapshot_date'").first<{ value: string }>()
    expect(calendar.catalogue).toEqual({ kind: 'snapshot', date: snapshot!.value })
    expect(calendar.today).toBe(dayIn('Europe/Paris'))
    expect([calendar.following, calendar.upcoming, calendar.recent]).toEqual([1, [], []])
    // what the data says: its latest episode with a date (the embedded catalogue dates few)
    const last = await env.CATALOG.prepare('select season_number, episode_number, air_date from catalog_episodes where tv_id = 1396 and air_date is not null order by air_date desc limit 1').first<{
      season_number: number
      episode_number: number
      air_date: string
    }>()
    expect(calendar.latest).toEqual([expect.objectContaining({ show_id: 1396, show_title: 'Breaking Bad', season_number: last!.season_number, episode_number: last!.episode_number, air_date: last!.air_date })])
  })

  it("shows a kids profile nothing of a followed show above its ceiling", async () => {
    const user = await createUser()
    const made = await json<{ profile: { id: number } }>(await call('/api/me/profiles', { cookie: user.cookie, body: { name: 'Mia', avatar: 'panda', ceiling: 'kids' } }))
    const kids = sessionCookieFrom(await call(`/api/me/profiles/${made.profile.id}/choose`, { cookie: user.cookie, body: {} }))!
    const rating = await env.CATALOG.prepare('select certification from catalog_tv_series where id = 1396').first<{ certification: string }>()
    expect(rating?.certification).toBe('TV-MA')
    expect((await follow(kids, 1396, 'Breaking Bad')).status).toBe(200)
    const calendar = await json<Calendar>(await call('/api/me/calendar?tz=UTC', { cookie: kids }))
    expect([calendar.following, calendar.upcoming, calendar.recent, calendar.latest]).toEqual([0, [], [], []])
  })

  it('has nothing at all for an account that follows nothing', async () => {
    const user = await createUser()
    const calendar = await json<Calendar>(await call('/api/me/calendar?tz=UTC', { cookie: user.cookie }))
    expect([calendar.following, calendar.upcoming, calendar.recent, calendar.latest]).toEqual([0, [], [], []])
  })

  it('answers 400 with { error } for a zone that is no IANA zone, and 401 signed out', async () => {
    const user = await createUser()
    for (const tz of ['Mars/Olympus', 'Europe%2FParis%3Bx', '..%2F..%2Fetc', 'x'.repeat(80)]) {
      const res = await call(`/api/me/calendar?tz=${tz}`, { cookie: user.cookie })
      expect(res.status, tz).toBe(400)
      expect(Object.keys(await json(res))).toEqual(['error'])
    }
    expect((await call('/api/me/calendar?tz=UTC&days=90', { cookie: user.cookie })).status).toBe(400)
    const out = await call('/api/me/calendar?tz=UTC')
    expect(out.status).toBe(401)
  })
})

describe('GET /api/me/calendar with TMDB', () => {
  it('puts the last 7 days and the next 30 by air date, leaves out what is outside them, and never sends an overview', async () => {
    const asked = fakeAiringTmdb([
      { id: 91001, name: 'Weekly Show', season: 3, episodes: [-15, -8, -7, -1, 0, 6, 13, 29, 30, null] },
      { id: 91002, name: 'Another Show', season: 1, episodes: [-40, -20] },
    ])
    const user = await createUser()
    await follow(user.cookie, 91001, 'Weekly Show')
    await follow(user.cookie, 91002, 'Another Show')
    const res = await callTmdb('/api/me/calendar?tz=UTC', { cookie: user.cookie })
    expect(res.status).toBe(200)
    const text = await res.clone().text()
    expect(text).not.toContain('Spoiler')
    const calendar = await json<Calendar>(res)
    const t = today()
    expect(calendar.catalogue).toEqual({ kind: 'live', date: null })
    expect(calendar.recent.map((e) => [e.show_id, e.episode_number, e.air_date])).toEqual([
      [91001, 3, addDays(t, -7)],
      [91001, 4, addDays(t, -1)],
    ])
    expect(calendar.upcoming.map((e) => [e.episode_number, e.air_date])).toEqual([
      [5, t],
      [6, addDays(t, 6)],
      [7, addDays(t, 13)],
      [8, addDays(t, 29)],
    ])
    expect(calendar.upcoming[0]).toMatchObject({ show_title: 'Weekly Show', season_number: 3, name: 'Chapter 5' })
    // a show with nothing in the window brings its latest episode
    expect(calendar.latest.map((e) => [e.show_id, e.episode_number, e.air_date])).toEqual([[91002, 2, addDays(t, -20)]])

    // TMDB's answers are kept: a second look asks TMDB nothing
    const before = asked.length
    expect((await callTmdb('/api/me/calendar?tz=UTC', { cookie: user.cookie })).status).toBe(200)
    expect(asked.length).toBe(before)
  })

  it('leaves out a show TMDB cannot answer for now and keeps the others; answers an error only when none can be read', async () => {
    const answer = airingTmdb([{ id: 91004, name: 'Steady Show', season: 1, episodes: [2] }])
    answerTmdbWith((url) => (/^\/3\/tv\/91005/.test(url.pathname) ? json500() : answer(url)), [])
    const user = await createUser()
    await follow(user.cookie, 91004, 'Steady Show')
    await follow(user.cookie, 91005, 'Broken Show')
    const res = await callTmdb('/api/me/calendar?tz=UTC', { cookie: user.cookie })
    expect(res.status).toBe(200)
    expect((await json<Calendar>(res)).upcoming.map((e) => e.show_id)).toEqual([91004])
    const alone = await createUser()
    await follow(alone.cookie, 91005, 'Broken Show')
    expect((await callTmdb('/api/me/calendar?tz=UTC', { cookie: alone.cookie })).status).toBeGreaterThanOrEqual(500)
  })

  it('decides today in the viewer’s time zone', async () => {
    // at any moment these two zones, 25 hours apart, are on different days
    const east = 'Pacific/Kiritimati'
    const west = 'Pacific/Pago_Pago'
    const westToday = dayIn(west)
    const offset = Math.round((Date.parse(`${westToday}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / 86_400_000)
    fakeAiringTmdb([{ id: 91003, name: 'Zoned Show', season: 1, episodes: [offset] }])
    const user = await createUser()
    await follow(user.cookie, 91003, 'Zoned Show')
    const inWest = await json<Calendar>(await callTmdb(`/api/me/calendar?tz=${encodeURIComponent(west)}`, { cookie: user.cookie }))
    const inEast = await json<Calendar>(await callTmdb(`/api/me/calendar?tz=${encodeURIComponent(east)}`, { cookie: user.cookie }))
    expect(inWest.today).toBe(westToday)
    expect(inEast.today).toBe(dayIn(east))
    expect(inEast.today).not.toBe(inWest.today)
    // airing today in the west is yesterday in the east
    expect(inWest.upcoming.map((e) => e.air_date)).toEqual([westToday])
    expect(inWest.recent).toEqual([])
    expect(inEast.recent.map((e) => e.air_date)).toEqual([westToday])
    expect(inEast.upcoming).toEqual([])
  })
})

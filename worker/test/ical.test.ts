// The private iCal feed: /calendar/{secret}.ics, read with a strict RFC 5545 reader; its secret
// unguessable, kept in D1 only as a hash, replaced on demand and revocable; stable UIDs, all-day
// events, the show and episode number as the summary, the episode's page, and no overview.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays, dayIn } from '../calendar/dates'
import { escapeText, foldLine, icalFeed } from '../calendar/ical'
import { digestHex } from '../lib/digest'
import { call, createUser, json } from './helpers/accounts'
import { parseStrictICal, property } from './helpers/ical-check'
import { callTmdb, fakeAiringTmdb, today } from './helpers/tmdb-airing'

afterEach(() => {
  vi.restoreAllMocks()
})

function follow(cookie: string, id: number, title: string) {
  return call(`/api/me/follows/${id}`, { method: 'PUT', cookie, body: { following: true, title, poster_path: null } })
}

async function newFeed(cookie: string, tz = 'UTC'): Promise<string> {
  const res = await call('/api/me/calendar/feed', { method: 'POST', cookie, body: { tz } })
  expect(res.status).toBe(201)
  return (await json<{ url: string }>(res)).url
}

const pathOf = (url: string) => new URL(url).pathname

describe('the iCal text', () => {
  it('escapes TEXT and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne')
    const line = `SUMMARY:${'東京ラブストーリー'.repeat(6)} S1E2`
    const folded = foldLine(line)
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
    expect(folded.split('\r\n').map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line)
  })

  it('reads back through a strict RFC 5545 reader, hard titles included', () => {
    const hard = 'Law, Order; Special \\ Victims: 東京 — مسلسل طويل جدًا جدًا جدًا جدًا and a very long name that keeps going'
    const text = icalFeed(
      [
        { show_id: 7, show_title: hard, poster_path: null, season_number: 12, episode_number: 3, name: 'The secret is out', air_date: '2026-12-31' },
        { show_id: 8, show_title: 'Plain', poster_path: null, season_number: 1, episode_number: 1, name: '', air_date: '2026-02-28' },
      ],
      { siteName: 'Reelhouse', origin: 'https://reelhouse.example', now: new Date('2026-11-27T10:20:30Z') },
    )
    const calendar = parseStrictICal(text)
    expect(property(calendar, 'PRODID')).toBe('-//Reelhouse//Episode calendar//EN')
    const [first, second] = calendar.components
    expect(property(first!, 'SUMMARY')).toBe(`${hard} S12E3`)
    expect(property(first!, 'UID')).toBe('tv-7-s12e3@reelhouse.example')
    expect(property(first!, 'DTSTAMP')).toBe('20261127T102030Z')
    expect([property(first!, 'DTSTART'), property(first!, 'DTEND')]).toEqual(['20261231', '20270101'])
    expect(property(first!, 'URL')).toBe('https://reelhouse.example/tv/7?season=12&episode=3')
    expect(property(first!, 'DESCRIPTION')).toBe('https://reelhouse.example/tv/7?season=12&episode=3')
    expect(text).not.toContain('The secret is out')
    expect([property(second!, 'DTSTART'), property(second!, 'DTEND')]).toEqual(['20260228', '20260301'])
  })

  it('the reader refuses what calendar apps trip on', () => {
    const good = icalFeed([{ show_id: 1, show_title: 'S', poster_path: null, season_number: 1, episode_number: 1, name: '', air_date: '2026-01-01' }], { siteName: 'R', origin: 'https://r.example' })
    expect(() => parseStrictICal(good.replace(/\r\n/g, '\n'))).toThrow()
    expect(() => parseStrictICal(good.replace('SUMMARY:S S1E1', 'SUMMARY:S, S1E1'))).toThrow(/unescaped/)
    expect(() => parseStrictICal(good.replace('SUMMARY:S S1E1', `SUMMARY:${'x'.repeat(80)}`))).toThrow(/octets/)
    expect(() => parseStrictICal(good.replace(/UID:[^\r]*\r\n/, ''))).toThrow(/UID/)
    expect(() => parseStrictICal(good.replace('DTEND;VALUE=DATE:20260102', 'DTEND;VALUE=DATE:20260101'))).toThrow(/after/)
    expect(() => parseStrictICal(good.replace('END:VEVENT\r\n', ''))).toThrow()
  })
})

describe('GET /calendar/{secret}.ics', () => {
  it('is the followed shows’ episodes as all-day events with stable UIDs, and no overview', async () => {
    fakeAiringTmdb([
      { id: 92001, name: 'Feed Show, Part; Two', season: 2, episodes: [-40, -3, 0, 10, 75] },
      { id: 92002, name: 'Unfollowed Show', season: 1, episodes: [1] },
    ])
    const user = await createUser()
    await follow(user.cookie, 92001, 'Feed Show, Part; Two')
    const url = await newFeed(user.cookie)
    expect(url).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const res = await callTmdb(pathOf(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('Cache-Control')).toMatch(/^private/)
    const text = await res.text()
    expect(text).not.toMatch(/Spoiler|Chapter/)
    const events = parseStrictICal(text).components
    const t = today()
    // the last 30 days and the next 60: not 40 days ago, not 75 days ahead
    expect(events.map((e) => [property(e, 'UID'), property(e, 'DTSTART'), property(e, 'SUMMARY')])).toEqual([
      ['tv-92001-s2e2@localhost:8787', addDays(t, -3).replace(/-/g, ''), 'Feed Show, Part; Two S2E2'],
      ['tv-92001-s2e3@localhost:8787', t.replace(/-/g, ''), 'Feed Show, Part; Two S2E3'],
      ['tv-92001-s2e4@localhost:8787', addDays(t, 10).replace(/-/g, ''), 'Feed Show, Part; Two S2E4'],
    ])
    // the episode's page, from SITE_URL
    expect(property(events[1]!, 'URL')).toBe(`${env.SITE_URL}/tv/92001?season=2&episode=3`)
    expect(events[1]!.properties.find((p) => p.name === 'DTSTART')!.params).toEqual({ VALUE: 'DATE' })

    // the same events under the same UIDs after a new secret
    const again = await newFeed(user.cookie)
    const uids = parseStrictICal(await (await callTmdb(pathOf(again))).text()).components.map((e) => property(e, 'UID'))
    expect(uids).toEqual(events.map((e) => property(e, 'UID')))
  })

  it('an empty feed is still a calendar', async () => {
    const user = await createUser()
    const res = await call(pathOf(await newFeed(user.cookie)))
    expect(res.status).toBe(200)
    expect(parseStrictICal(await res.text(), { allowEmpty: true }).components).toEqual([])
  })

  it('keeps only the secret’s hash in D1, stops answering an old or revoked secret, and goes with the account', async () => {
    const user = await createUser()
    const first = await newFeed(user.cookie)
    const secret = pathOf(first).slice('/calendar/'.length, -'.ics'.length)
    // 43 base64url characters: 256 random bits
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await env.DB.prepare('select secret_hash, owner_id from calendar_feeds where owner_type = ? and owner_id = ?').bind('user', user.id).all<{ secret_hash: string }>()
    expect(rows.results).toEqual([{ secret_hash: await digestHex(secret), owner_id: user.id }])
    expect(JSON.stringify(rows.results)).not.toContain(secret)
    // the page shows the address again
    expect(await json(await call('/api/me/calendar/feed', { cookie: user.cookie }))).toEqual({ url: first, created_at: expect.any(String) })

    const second = await newFeed(user.cookie)
    expect(second).not.toBe(first)
    expect((await call(pathOf(first))).status).toBe(404)
    expect((await call(pathOf(second))).status).toBe(200)

    const revoked = await call('/api/me/calendar/feed', { method: 'DELETE', cookie: user.cookie })
    expect(revoked.status).toBe(200)
    expect((await call(pathOf(second))).status).toBe(404)
    expect(await json(await call('/api/me/calendar/feed', { cookie: user.cookie }))).toEqual({ url: null, created_at: null })

    const third = await newFeed(user.cookie)
    expect((await call('/api/me/account', { method: 'DELETE', cookie: user.cookie, body: { password: user.password } })).status).toBe(200)
    expect((await call(pathOf(third))).status).toBe(404)
    expect((await env.DB.prepare('select count(*) as n from calendar_feeds where owner_id = ?').bind(user.id).first<{ n: number }>())!.n).toBe(0)
  })

  it('answers 404 for a secret no feed has, 400 for a bad zone, 401 signed out', async () => {
    expect((await call(`/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404)
    expect((await call(`/calendar/${'A'.repeat(44)}.ics`)).status).toBe(404)
    expect((await call('/calendar/short.ics')).status).toBe(404)
    const user = await createUser()
    for (const body of [{}, { tz: 'Nowhere/City' }, { tz: 'UTC', extra: 1 }]) {
      const res = await call('/api/me/calendar/feed', { method: 'POST', cookie: user.cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(await json(res))).toEqual(['error'])
    }
    for (const res of [await call('/api/me/calendar/feed'), await call('/api/me/calendar/feed', { method: 'POST', body: { tz: 'UTC' } }), await call('/api/me/calendar/feed', { method: 'DELETE' })]) {
      expect(res.status).toBe(401)
    }
  })

  it('counts the days in the zone of the browser that made it', async () => {
    const zone = 'Pacific/Kiritimati'
    const there = dayIn(zone)
    const offset = Math.round((Date.parse(`${there}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / 86_400_000)
    // airing 60 days after today there is the feed's last day there, and one day past it in UTC when the days differ
    fakeAiringTmdb([{ id: 92003, name: 'Far Show', season: 1, episodes: [offset + 60] }])
    const user = await createUser()
    await follow(user.cookie, 92003, 'Far Show')
    const inZone = parseStrictICal(await (await callTmdb(pathOf(await newFeed(user.cookie, zone)))).text(), { allowEmpty: true })
    expect(inZone.components.map((e) => property(e, 'DTSTART'))).toEqual([addDays(there, 60).replace(/-/g, '')])
  })
})

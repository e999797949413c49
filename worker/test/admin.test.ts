import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DashboardStats, UsersPage } from '../accounts/admin'
import { MAINTENANCE_KV_KEY, MAINTENANCE_REPORT_MS } from '../accounts/settings'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { PASSWORD, call, createAdmin, createUser, json, uniqueEmail, uniqueUsername, type TestAccount } from './helpers/accounts'
import { settledFetch, withoutD1 } from './helpers/settled'
import { flushCopies, laterThanSessionCheck, storeRows } from './helpers/stores'

let admin: TestAccount
let user: TestAccount

beforeAll(async () => {
  admin = await createAdmin()
  user = await createUser()
})

const endpoints = [
  ['GET', '/api/admin/stats', undefined],
  ['GET', '/api/admin/users', undefined],
  ['POST', '/api/admin/users/1/ban', undefined],
  ['POST', '/api/admin/users/1/unban', undefined],
  ['GET', '/api/admin/export', undefined],
  ['GET', '/api/admin/settings/maintenance', undefined],
  ['PUT', '/api/admin/settings/maintenance', { enabled: true }],
  ['POST', '/api/admin/cache/purge', undefined],
] as const

async function stats(): Promise<DashboardStats> {
  const res = await call('/api/admin/stats', { cookie: admin.cookie })
  expect(res.status).toBe(200)
  return res.json<DashboardStats>()
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString()

/** A user row written straight to D1, for figures that depend on dates the API cannot backdate. */
async function insertUser(fields: { created_at?: string; last_login?: string | null; email?: string; username?: string } = {}): Promise<number> {
  const row = await env.DB.prepare(
    "insert into users (email, username, password_hash, created_at, last_login) values (?, ?, 'pbkdf2-sha512$100000$AA==$AA==', ?, ?) returning id",
  )
    .bind(fields.email ?? uniqueEmail('listed'), fields.username ?? uniqueUsername('listed'), fields.created_at ?? day(0), fields.last_login ?? null)
    .first<{ id: number }>()
  return row!.id
}

describe('admin guard', () => {
  it.each(endpoints)('%s %s answers 401 without a session and 403 for a user', async (method, path, body) => {
    const anonymous = await call(path, { method, body })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: 'No user logged in' })
    const asUser = await call(path, { method, body, cookie: user.cookie })
    expect(asUser.status).toBe(403)
    expect(await asUser.json()).toEqual({ error: 'Admin Access Required' })
  })
})

describe('GET /api/admin/stats', () => {
  it('counts accounts, activity, sign-ups per day, lists and the catalogue cache from live data', async () => {
    const before = await stats()
    await insertUser({ created_at: day(3), last_login: day(2) })
    await insertUser({ created_at: day(3), last_login: day(20) })
    await insertUser({ created_at: day(45), last_login: day(40) })
    await createAdmin()
    await env.CACHE.put('v1:catalog:stats-test:1', '{}')
    await env.CACHE.put('v1:catalog:stats-test:2', '{}')
    await env.CACHE.put('v1:other:stats-test', '{}')
    const after = await stats()

    expect(after.users - before.users).toBe(3)
    expect(after.admins - before.admins).toBe(1)
    expect(after.activeUsers7d - before.activeUsers7d).toBe(1)
    expect(after.activeUsers30d - before.activeUsers30d).toBe(2)
    expect(after.catalogCacheKeys - before.catalogCacheKeys).toBe(2)

    expect(after.signupsPerDay).toHaveLength(30)
    expect(after.signupsPerDay.at(-1)?.date).toBe(day(0).slice(0, 10))
    expect(after.signupsPerDay[0]?.date).toBe(day(29).slice(0, 10))
    const onDay = (s: DashboardStats, date: string) => s.signupsPerDay.find((d) => d.date === date)?.count
    expect(onDay(after, day(3).slice(0, 10))! - onDay(before, day(3).slice(0, 10))!).toBe(2)
    expect(after.signupsPerDay.every((d) => Number.isInteger(d.count) && d.count >= 0)).toBe(true)
    const total = (s: DashboardStats) => s.signupsPerDay.reduce((sum, d) => sum + d.count, 0)
    expect(total(after) - total(before)).toBe(2) // the one made 45 days ago is outside the window
  })

  it('ranks the most watched and most saved titles', async () => {
    const viewers = [await createUser(), await createUser(), await createUser()]
    const film = (id: number, title: string) => ({ content_id: id, content_type: 'movie', title, poster_path: null })
    for (const viewer of viewers) await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: film(900001, 'Most Watched Film') })
    for (const viewer of viewers.slice(0, 2)) await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: film(900002, 'Second Film') })
    for (const viewer of viewers.slice(0, 2)) await call('/api/me/watchlist', { cookie: viewer.cookie, body: film(900003, 'Most Saved Film') })
    await call('/api/me/watchlist', { cookie: viewers[2]!.cookie, body: film(900001, 'Most Watched Film') })
    // the figures count D1's copy, which the stores write in batches
    await flushCopies()

    const figures = await stats()
    expect(figures.mostWatched.slice(0, 2)).toMatchObject([
      { content_id: 900001, content_type: 'movie', title: 'Most Watched Film', count: 3 },
      { content_id: 900002, title: 'Second Film', count: 2 },
    ])
    expect(figures.mostSaved[0]).toMatchObject({ content_id: 900003, title: 'Most Saved Film', count: 2 })
    expect(figures.mostWatched.length).toBeLessThanOrEqual(10)
    const rows = await env.DB.prepare('select (select count(*) from watchlist) as w, (select count(*) from watch_history) as h').first<{ w: number; h: number }>()
    expect(figures.watchlistEntries).toBe(rows?.w)
    expect(figures.historyEntries).toBe(rows?.h)
  })
})

describe('GET /api/admin/users', () => {
  it('pages 20 at a time, newest first, with role, dates and watchlist count, each page after the last id of the one before', async () => {
    const ids: number[] = []
    for (let n = 0; n < 22; n++) ids.push(await insertUser())
    const first = await (await call('/api/admin/users', { cookie: admin.cookie })).json<UsersPage>()
    expect(first.results).toHaveLength(20)
    expect(first.page).toBe(1)
    expect(first.results[0]?.id).toBe(ids.at(-1))
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 20))
    expect(first.total_capped).toBe(false)
    expect(first.results[0]).toEqual({
      id: ids.at(-1),
      email: expect.any(String),
      username: expect.any(String),
      role: 'user',
      joined: expect.any(String),
      lastActive: null,
      is_active: true,
      watchlistCount: 0,
      profileCount: 1,
    })
    expect(first.next).toBe(String(first.results.at(-1)!.id))
    const second = await (await call(`/api/admin/users?after=${first.next}&page=2`, { cookie: admin.cookie })).json<UsersPage>()
    expect(second.page).toBe(2)
    // the two oldest of the 22 open the second page, right after the 20 newest
    expect(second.results.slice(0, 2).map((row) => row.id)).toEqual([ids[1], ids[0]])
    const secondIds = second.results.map((row) => row.id)
    expect(secondIds).toEqual([...secondIds].sort((a, b) => b - a))
  })

  it('searches by the start of the e-mail or username, case-insensitively, with wildcards taken literally', async () => {
    const email = uniqueEmail('Needle')
    const id = await insertUser({ email: email.toLowerCase() })
    const named = await insertUser({ username: 'haystack_Pin_42' })
    await insertUser({ username: 'percent_x' })
    const byEmail = await (await call(`/api/admin/users?q=${encodeURIComponent(email.slice(0, 14).toUpperCase())}`, { cookie: admin.cookie })).json<UsersPage>()
    expect(byEmail.results.map((row) => row.id)).toEqual([id])
    const byName = await (await call('/api/admin/users?q=HAYSTACK_pin_4', { cookie: admin.cookie })).json<UsersPage>()
    expect(byName.results.map((row) => row.id)).toEqual([named])
    // a piece from the middle is not a start
    expect((await (await call('/api/admin/users?q=pin_4', { cookie: admin.cookie })).json<UsersPage>()).results).toEqual([])
    const wildcard = await (await call('/api/admin/users?q=%25', { cookie: admin.cookie })).json<UsersPage>()
    expect(wildcard.total_results).toBe(0)
    const underscore = await (await call('/api/admin/users?q=perc_nt', { cookie: admin.cookie })).json<UsersPage>()
    expect(underscore.results).toEqual([])
    const literal = await (await call('/api/admin/users?q=percent_', { cookie: admin.cookie })).json<UsersPage>()
    expect(literal.results.map((row) => row.username)).toEqual(['percent_x'])
  })

  it('counts each user watchlist', async () => {
    const viewer = await createUser()
    await call('/api/me/watchlist', { cookie: viewer.cookie, body: { content_id: 1, content_type: 'movie', title: 'One' } })
    await call('/api/me/watchlist', { cookie: viewer.cookie, body: { content_id: 2, content_type: 'tv', title: 'Two' } })
    await flushCopies()
    const page = await (await call(`/api/admin/users?q=${encodeURIComponent(viewer.email)}`, { cookie: admin.cookie })).json<UsersPage>()
    expect(page.results).toEqual([expect.objectContaining({ id: viewer.id, watchlistCount: 2, lastActive: expect.any(String) })])
  })

  it.each(['?page=0', '?page=abc', '?page=-1', `?q=${'q'.repeat(101)}`])('answers 400 for %s', async (query) => {
    const res = await call(`/api/admin/users${query}`, { cookie: admin.cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toHaveProperty('error')
  })
})

describe('POST /api/admin/users/:id/ban and /unban', () => {
  it('bans (sign-in refused at once, the session stopped within its minute) and unbans', async () => {
    const target = await createUser()
    const banned = await call(`/api/admin/users/${target.id}/ban`, { method: 'POST', cookie: admin.cookie })
    expect(banned.status).toBe(200)
    const body = await banned.json<{ user: Record<string, unknown> }>()
    expect(body.user).toMatchObject({ id: target.id, is_active: false })
    expect(body.user).not.toHaveProperty('password_hash')
    expect((await laterThanSessionCheck(() => call('/api/me/watchlist', { cookie: target.cookie }))).status).toBe(401)
    expect(await storeRows('user', target.id, 'select id from sessions')).toEqual([])
    expect((await call('/api/auth/login', { body: { email: target.email, password: PASSWORD, type: 'user' } })).status).toBe(401)

    const unbanned = await call(`/api/admin/users/${target.id}/unban`, { method: 'POST', cookie: admin.cookie })
    expect(unbanned.status).toBe(200)
    expect((await unbanned.json<{ user: { is_active: boolean } }>()).user.is_active).toBe(true)
    expect((await call('/api/auth/login', { body: { email: target.email, password: PASSWORD, type: 'user' } })).status).toBe(200)
  })

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = await call('/api/admin/users/987654321/ban', { method: 'POST', cookie: admin.cookie })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'User not found' })
    for (const id of ['abc', '0', '-3', '1.5']) {
      expect((await call(`/api/admin/users/${id}/ban`, { method: 'POST', cookie: admin.cookie })).status).toBe(400)
    }
  })
})

describe('GET /api/admin/export', () => {
  it('downloads the account tables as JSON without any password hash', async () => {
    const viewer = await createUser()
    await call('/api/me/watchlist', { cookie: viewer.cookie, body: { content_id: 77, content_type: 'movie', title: 'Exported' } })
    // the export reads D1's copy of the watchlists and histories, which the stores write within seconds
    await flushCopies()
    const res = await call('/api/admin/export', { cookie: admin.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="reelhouse-accounts-\d{4}-\d{2}-\d{2}\.json"$/)
    const text = await res.text()
    expect(text).not.toContain('password_hash')
    expect(text).not.toContain('pbkdf2')
    const data = JSON.parse(text) as Record<string, Record<string, unknown>[]>
    expect(data.users?.some((row) => row.id === viewer.id && row.email === viewer.email)).toBe(true)
    expect(data.admin_users?.some((row) => row.id === admin.id)).toBe(true)
    expect(data.watchlist?.some((row) => row.owner_id === viewer.id && row.title === 'Exported')).toBe(true)
    expect(Array.isArray(data.watch_history)).toBe(true)
  })
})

describe('maintenance switch', () => {
  it('reads and sets the switch, which /api/config reports and sign-up obeys', async () => {
    const put = (enabled: unknown) => call('/api/admin/settings/maintenance', { method: 'PUT', cookie: admin.cookie, body: { enabled } })
    expect(await (await call('/api/admin/settings/maintenance', { cookie: admin.cookie })).json()).toEqual({ enabled: false })
    expect(await (await put(true)).json()).toEqual({ enabled: true })
    expect(await (await call('/api/admin/settings/maintenance', { cookie: admin.cookie })).json()).toEqual({ enabled: true })
    expect((await (await call('/api/config')).json<{ maintenance: boolean }>()).maintenance).toBe(true)
    const signup = await call('/api/auth/signup', { body: { email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD } })
    expect(signup.status).toBe(503)
    expect(await (await put(false)).json()).toEqual({ enabled: false })
    expect((await (await call('/api/config')).json<{ maintenance: boolean }>()).maintenance).toBe(false)
    for (const bad of ['yes', 1, null]) expect((await put(bad)).status).toBe(400)
  })
})

describe('the maintenance switch as GET /api/config reports it', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is read from KV and kept per isolate: no D1 even in a fresh isolate, an admin change shows at once, a change made elsewhere within 30 s', async () => {
    const put = (enabled: boolean) => call('/api/admin/settings/maintenance', { method: 'PUT', cookie: admin.cookie, body: { enabled } })
    const reported = async (bindings?: Cloudflare.Env) => {
      const res = await settledFetch('/api/config', bindings)
      expect(res.status).toBe(200)
      return (JSON.parse(res.text) as { maintenance: boolean }).maintenance
    }
    try {
      expect((await put(false)).status).toBe(200)
      expect(await reported()).toBe(false)
      expect(await reported(withoutD1())).toBe(false)
      forgetIsolateMemos()
      expect(await reported(withoutD1())).toBe(false)

      expect((await put(true)).status).toBe(200)
      expect(await reported()).toBe(true)
      expect(await env.CACHE.get(MAINTENANCE_KV_KEY)).toBe('true')
      forgetIsolateMemos()
      expect(await reported(withoutD1())).toBe(true)

      // Another isolate switching it off writes D1 and the KV copy; this isolate notices within its memo time.
      await env.DB.prepare("update settings set value = 'false' where key = 'maintenance'").run()
      await env.CACHE.put(MAINTENANCE_KV_KEY, 'false')
      expect(await reported()).toBe(true)
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + MAINTENANCE_REPORT_MS + 1000)
      expect(await reported()).toBe(false)
    } finally {
      vi.useRealTimers()
      await put(false)
    }
  })
})

describe('the KV copy of the maintenance switch', () => {
  it('is filled from D1 when missing and put right by an administrator reading the switch', async () => {
    const put = (enabled: boolean) => call('/api/admin/settings/maintenance', { method: 'PUT', cookie: admin.cookie, body: { enabled } })
    try {
      expect((await put(true)).status).toBe(200)
      await env.CACHE.delete(MAINTENANCE_KV_KEY)
      forgetIsolateMemos()
      expect((await json<{ maintenance: boolean }>(await call('/api/config'))).maintenance).toBe(true)
      expect(await env.CACHE.get(MAINTENANCE_KV_KEY)).toBe('true')

      // A row changed by hand is not seen by visitors until an administrator opens the switch.
      await env.DB.prepare("update settings set value = 'false' where key = 'maintenance'").run()
      forgetIsolateMemos()
      expect((await json<{ maintenance: boolean }>(await call('/api/config'))).maintenance).toBe(true)
      expect(await json(await call('/api/admin/settings/maintenance', { cookie: admin.cookie }))).toEqual({ enabled: false })
      expect(await env.CACHE.get(MAINTENANCE_KV_KEY)).toBe('false')
      expect((await json<{ maintenance: boolean }>(await call('/api/config'))).maintenance).toBe(false)
    } finally {
      await put(false)
    }
  })
})

describe('POST /api/admin/cache/purge', () => {
  it('deletes the catalogue cache keys only and says how many', async () => {
    await env.CACHE.put('v1:catalog:purge-test:a', '{}')
    await env.CACHE.put('v1:catalog:purge-test:b', '{}')
    await env.CACHE.put('v1:session-unrelated', 'keep')
    const expected = (await env.CACHE.list({ prefix: 'v1:catalog:' })).keys.length
    const res = await call('/api/admin/cache/purge', { method: 'POST', cookie: admin.cookie })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ deleted: expected })
    expect(expected).toBeGreaterThanOrEqual(2)
    expect((await env.CACHE.list({ prefix: 'v1:catalog:' })).keys).toHaveLength(0)
    expect(await env.CACHE.get('v1:session-unrelated')).toBe('keep')
    expect((await stats()).catalogCacheKeys).toBe(0)
  })
})

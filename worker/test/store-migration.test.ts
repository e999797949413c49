// Accounts from before the stores: their sessions, watchlist, history and services exist only in
// the old D1 tables, seeded here the way the previous release wrote them. A browser holding an old
// cookie (no `chk`, e-mail or second factor in it) keeps its session and sees all of its data; the
// store takes the rows over once, D1 keeps the watchlist and history as the store's copy.
import jwt from '@tsndr/cloudflare-worker-jwt'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/password'
import { SESSION_COOKIE } from '../auth/session'
import { PASSWORD, call, json, sessionCookieFrom, uniqueEmail, uniqueUsername } from './helpers/accounts'
import { flushCopies, storeRows } from './helpers/stores'

const secret = env.JWT_SECRET!
const DAY = 86_400_000

function randomSid(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** An account as the previous release left it in D1, with a signed-in browser's old cookie. */
async function seedOldAccount(type: 'user' | 'admin', secondFactor: string | null = null) {
  const table = type === 'user' ? 'users' : 'admin_users'
  const row = await env.DB.prepare(`insert into ${table} (email, username, password_hash, last_login) values (?, ?, ?, ?) returning id`)
    .bind(uniqueEmail('old'), uniqueUsername('old'), await hashPassword(PASSWORD), new Date(Date.now() - DAY).toISOString())
    .first<{ id: number; email: string }>()
  const id = row!.id
  const sid = randomSid()
  const expires = Math.floor(Date.now() / 1000) + 20 * 86_400
  const old = new Date(Date.now() - 3 * DAY).toISOString()
  await env.DB.batch([
    env.DB.prepare('insert into sessions (id, owner_type, owner_id, created_at, expires_at, last_seen_at, user_agent, second_factor) values (?, ?, ?, ?, ?, ?, ?, ?)').bind(
      sid, type, id, old, new Date(expires * 1000).toISOString(), old, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', secondFactor,
    ),
    // another browser's session that had already expired stays behind
    env.DB.prepare('insert into sessions (id, owner_type, owner_id, created_at, expires_at) values (?, ?, ?, ?, ?)').bind(randomSid(), type, id, old, old),
    env.DB.prepare("insert into watchlist (owner_type, owner_id, content_id, content_type, title, poster_path, added_at) values (?, ?, 603, 'movie', 'The Matrix', '/m.jpg', ?), (?, ?, 1396, 'tv', 'Breaking Bad', null, ?)").bind(
      type, id, old, type, id, new Date(Date.now() - 2 * DAY).toISOString(),
    ),
    env.DB.prepare(
      "insert into watch_history (owner_type, owner_id, content_id, content_type, title, watch_duration, position, total_duration, season_number, episode_number, completed, watched_at) values (?, ?, 1396, 'tv', 'Breaking Bad', 1800, 1200, 2700, 2, 5, 0, ?)",
    ).bind(type, id, old),
    env.DB.prepare("insert into service_choices (owner_type, owner_id, services, region) values (?, ?, '[8,337]', 'GB')").bind(type, id),
  ])
  // the cookie as the previous release signed it: sid, typ, sub, exp and nothing else
  const token = await jwt.sign({ sid, typ: type, sub: String(id), exp: expires }, secret, { algorithm: 'HS256' })
  expect(Object.keys(jwt.decode(token).payload as object).sort()).toEqual(['exp', 'iat', 'sid', 'sub', 'typ'])
  return { id, sid, cookie: `${SESSION_COOKIE}=${token}` }
}

describe('an account from before the stores', () => {
  it('keeps its session under an old cookie, which comes back renewed, and sees its watchlist, history and services', async () => {
    const old = await seedOldAccount('user')
    const me = await call('/api/auth/me', { cookie: old.cookie })
    expect(me.status).toBe(200)
    expect(await json(me)).toMatchObject({ id: old.id, type: 'user', user: { id: old.id, is_active: true } })
    const renewed = sessionCookieFrom(me)
    expect(renewed).toBeTruthy()
    const claims = jwt.decode<{ sid: string; chk: number; em: string }>(renewed!.slice(SESSION_COOKIE.length + 1)).payload!
    expect(claims.sid).toBe(old.sid)
    expect(Math.abs(claims.chk - Date.now() / 1000)).toBeLessThan(5)

    for (const cookie of [old.cookie, renewed!]) {
      const watchlist = await json<{ results: { content_id: number; title: string }[] }>(await call('/api/me/watchlist', { cookie }))
      expect(watchlist.results.map((r) => [r.content_id, r.title])).toEqual([
        [1396, 'Breaking Bad'],
        [603, 'The Matrix'],
      ])
      const entry = await json<{ entry: Record<string, unknown> }>(await call('/api/me/history/tv/1396', { cookie }))
      expect(entry.entry).toMatchObject({ watch_duration: 1800, position: 1200, season_number: 2, episode_number: 5, status: 'In Progress' })
      expect(await json(await call('/api/me/services', { cookie }))).toEqual({ services: [8, 337], region: 'GB' })
    }
    const sessions = await json<{ sessions: { device: string; current: boolean }[] }>(await call('/api/me/sessions', { cookie: renewed! }))
    expect(sessions.sessions).toEqual([expect.objectContaining({ device: 'Firefox on Linux', current: true })])
    const exported = await json<{ watchlist: unknown[]; history: unknown[]; services: unknown; sessions: unknown[] }>(await call('/api/me/export.json', { cookie: renewed! }))
    expect([exported.watchlist.length, exported.history.length, exported.sessions.length]).toEqual([2, 1, 1])
    expect(exported.services).toEqual({ services: [8, 337], region: 'GB' })

    // taken over once: the store holds the rows; D1 keeps the watchlist and history as its copy and
    // lets go of the sessions and the services choice
    expect(await storeRows('user', old.id, 'select count(*) as n from watchlist')).toEqual([{ n: 2 }])
    const left = async (table: string) => (await env.DB.prepare(`select count(*) as n from ${table} where owner_type = 'user' and owner_id = ?`).bind(old.id).first<{ n: number }>())!.n
    expect([await left('sessions'), await left('service_choices'), await left('watchlist'), await left('watch_history')]).toEqual([0, 0, 2, 1])

    // the copy follows changes to rows that came from D1
    expect((await call('/api/me/watchlist/movie/603', { method: 'DELETE', cookie: renewed! })).status).toBe(200)
    await flushCopies()
    expect(await left('watchlist')).toBe(1)
    expect(await left('watch_history')).toBe(1)
  })

  it('keeps an administrator’s session and the second factor it had passed', async () => {
    const old = await seedOldAccount('admin', 'totp')
    const me = await call('/api/auth/me', { cookie: old.cookie })
    expect(await json(me)).toMatchObject({ id: old.id, type: 'admin', second_factor: 'verified' })
    expect((await call('/api/admin/stats', { cookie: sessionCookieFrom(me)! })).status).toBe(200)
  })

  it('refuses an old cookie whose session D1 no longer had', async () => {
    const old = await seedOldAccount('user')
    await env.DB.prepare('delete from sessions where id = ?').bind(old.sid).run()
    const me = await call('/api/auth/me', { cookie: old.cookie })
    expect(await json(me)).toEqual({ user: null })
    expect(setCookieCleared(me)).toBe(true)
  })
})

function setCookieCleared(res: Response): boolean {
  return res.headers.getAll('Set-Cookie').some((line) => /^reelhouse_session=;.*Max-Age=0/i.test(line))
}

// The account's sessions: listed with device and last seen, ended one at a time or all at once,
// never another account's.
import { describe, expect, it } from 'vitest'
import { describeDevice } from '../accounts/sessions'
import { call, createAdmin, createUser, sessionCookieFrom, sessionOf, setCookies } from './helpers/accounts'
import { laterThanSessionCheck } from './helpers/stores'

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

interface SessionView {
  id: string
  device: string
  created_at: string
  last_seen_at: string
  current: boolean
}

async function signInFrom(email: string, password: string, userAgent: string, type: 'user' | 'admin' = 'user'): Promise<string> {
  const res = await call('/api/auth/login', { body: { email, password, type }, headers: { 'User-Agent': userAgent } })
  expect(res.status).toBe(200)
  return sessionCookieFrom(res)!
}

async function sessionsOf(cookie: string): Promise<SessionView[]> {
  const res = await call('/api/me/sessions', { cookie })
  expect(res.status).toBe(200)
  return (await res.json<{ sessions: SessionView[] }>()).sessions
}

describe('GET /api/me/sessions', () => {
  it('lists every signed-in browser with its device and last seen, this one marked current', async () => {
    const user = await createUser()
    const laptop = await signInFrom(user.email, user.password, FIREFOX_WINDOWS)
    const phone = await signInFrom(user.email, user.password, SAFARI_IPHONE)
    const listed = await sessionsOf(phone)
    expect(listed).toHaveLength(3)
    expect(listed.filter((s) => s.current)).toHaveLength(1)
    expect(listed.find((s) => s.current)?.device).toBe('Safari on iPhone')
    expect(listed.map((s) => s.device)).toContain('Firefox on Windows')
    for (const session of listed) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/)
      expect(Date.parse(session.last_seen_at)).not.toBeNaN()
    }
    // the ids are digests: no cookie's session id appears in the answer
    const raw = JSON.stringify(listed)
    expect(raw).not.toMatch(/[0-9a-f]{64}/)
    expect((await sessionsOf(laptop)).find((s) => s.current)?.device).toBe('Firefox on Windows')
  })

  it('answers 401 signed out', async () => {
    expect((await call('/api/me/sessions')).status).toBe(401)
  })
})

describe('DELETE /api/me/sessions/:id', () => {
  it('signs out that browser only', async () => {
    const user = await createUser()
    const other = await signInFrom(user.email, user.password, FIREFOX_WINDOWS)
    const target = (await sessionsOf(user.cookie)).find((s) => s.device === 'Firefox on Windows')!
    const res = await call(`/api/me/sessions/${target.id}`, { method: 'DELETE', cookie: user.cookie })
    expect(res.status).toBe(200)
    // the other browser is signed out within the minute its token is taken at its word
    expect(await laterThanSessionCheck(() => sessionOf(other))).toBeNull()
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toEqual({ type: 'user', id: user.id })
    expect((await sessionsOf(user.cookie)).map((s) => s.id)).not.toContain(target.id)
  })

  it("cannot reach another account's session, and answers 400 for a malformed id", async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const [ownerSession] = await sessionsOf(owner.cookie)
    const res = await call(`/api/me/sessions/${ownerSession!.id}`, { method: 'DELETE', cookie: stranger.cookie })
    expect(res.status).toBe(404)
    expect(await sessionOf(owner.cookie)).not.toBeNull()
    expect((await call('/api/me/sessions/not-an-id', { method: 'DELETE', cookie: stranger.cookie })).status).toBe(400)
  })

  it('ending the current session clears its cookie', async () => {
    const user = await createUser()
    const current = (await sessionsOf(user.cookie)).find((s) => s.current)!
    const res = await call(`/api/me/sessions/${current.id}`, { method: 'DELETE', cookie: user.cookie })
    expect(res.status).toBe(200)
    expect(setCookies(res).some((line) => /reelhouse_session=;/.test(line))).toBe(true)
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toBeNull()
  })
})

describe('DELETE /api/me/sessions (sign out everywhere)', () => {
  it('ends every session of the account, this one too, and no other account', async () => {
    const user = await createUser()
    const elsewhere = await signInFrom(user.email, user.password, SAFARI_IPHONE)
    const bystander = await createUser()
    const res = await call('/api/me/sessions', { method: 'DELETE', cookie: user.cookie })
    expect(res.status).toBe(200)
    expect(setCookies(res).some((line) => /reelhouse_session=;.*Max-Age=0/i.test(line))).toBe(true)
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toBeNull()
    expect(await laterThanSessionCheck(() => sessionOf(elsewhere))).toBeNull()
    expect(await laterThanSessionCheck(() => sessionOf(bystander.cookie))).not.toBeNull()
  })

  it('works for administrators, apart from users with the same id', async () => {
    const admin = await createAdmin()
    const res = await call('/api/me/sessions', { method: 'DELETE', cookie: admin.cookie })
    expect(res.status).toBe(200)
    expect(await sessionOf(admin.cookie)).toBeNull()
  })

  it('refuses a cross-site request', async () => {
    const user = await createUser()
    const res = await call('/api/me/sessions', { method: 'DELETE', cookie: user.cookie, headers: { Origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(await sessionOf(user.cookie)).not.toBeNull()
  })
})

describe('describeDevice', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0', 'Edge on Windows'],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s is %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected)
  })
})

import jwt from '@tsndr/cloudflare-worker-jwt'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SESSION_COOKIE, signSessionToken, verifySessionToken } from '../auth/session'
import { call, createAdmin, createUser, sessionOf, type TestAccount } from './helpers/accounts'
import { laterThanSessionCheck, storeRows } from './helpers/stores'

const secret = env.JWT_SECRET!

function tokenOf(account: TestAccount): string {
  return account.cookie.slice(SESSION_COOKIE.length + 1)
}

function claimsOf(account: TestAccount) {
  return jwt.decode<{ sid: string; typ: string; sub: string; exp: number }>(tokenOf(account)).payload
}

function base64url(text: string): string {
  return btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

async function statusWith(token: string, path: string): Promise<number> {
  return (await call(path, { cookie: `${SESSION_COOKIE}=${token}` })).status
}

/**
 * Whether the token is taken as a session: a guarded route answers 200 rather than 401, and
 * GET /api/auth/me agrees (it names the account, or answers signed out with 200 `{ user: null }`).
 */
async function accepted(token: string): Promise<boolean> {
  const guarded = await statusWith(token, '/api/me/profile')
  expect([200, 401]).toContain(guarded)
  const session = await sessionOf(`${SESSION_COOKIE}=${token}`)
  expect(session !== null).toBe(guarded === 200)
  return guarded === 200
}

describe('session tokens', () => {
  it('carry a session id, the account type and id, and an expiry; and work as issued', async () => {
    const user = await createUser()
    const claims = claimsOf(user)
    expect(claims).toMatchObject({ typ: 'user', sub: String(user.id) })
    expect(claims.sid).toMatch(/^[0-9a-f]{64}$/)
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000)
    expect(jwt.decode(tokenOf(user)).header.alg).toBe('HS256')
    expect(await accepted(tokenOf(user))).toBe(true)
  })

  it('refuses a token whose payload was changed after signing', async () => {
    const user = await createUser()
    const other = await createUser()
    const [header, , signature] = tokenOf(user).split('.')
    const forged = base64url(JSON.stringify({ ...claimsOf(user), sub: String(other.id) }))
    expect(await accepted(`${header}.${forged}.${signature}`)).toBe(false)
  })

  it('refuses a token with a damaged signature', async () => {
    const user = await createUser()
    const token = tokenOf(user)
    const last = token.at(-2) === 'A' ? 'B' : 'A'
    expect(await accepted(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toBe(false)
  })

  it('refuses alg none, even carrying a real session id', async () => {
    const user = await createUser()
    const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'none' }))
    const payload = base64url(JSON.stringify(claimsOf(user)))
    expect(await accepted(`${header}.${payload}.`)).toBe(false)
    expect(await accepted(`${header}.${payload}`)).toBe(false)
  })

  it('refuses another algorithm signed with the right secret (the algorithm is pinned)', async () => {
    const user = await createUser()
    const token = await jwt.sign(claimsOf(user), secret, { algorithm: 'HS512' })
    expect(await accepted(token)).toBe(false)
  })

  it('refuses a token signed with another secret', async () => {
    const user = await createUser()
    const token = await jwt.sign(claimsOf(user), 'some-other-secret-of-good-length-123456', { algorithm: 'HS256' })
    expect(await accepted(token)).toBe(false)
  })

  it('refuses an expired token, and one without an expiry', async () => {
    const user = await createUser()
    const claims = claimsOf(user)
    const expired = await jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }, secret, { algorithm: 'HS256' })
    expect(await accepted(expired)).toBe(false)
    const { exp: _exp, ...withoutExpiry } = claims
    const timeless = await jwt.sign(withoutExpiry, secret, { algorithm: 'HS256' })
    expect(await accepted(timeless)).toBe(false)
    expect(await verifySessionToken(secret, timeless)).toBeNull()
  })

  it('checks a token once per isolate, then knows it only as that very string, under its secret, until it expires', async () => {
    const claims = { sessionId: 'a'.repeat(64), type: 'user' as const, accountId: 7, expiresAt: Math.floor(Date.now() / 1000) + 2 }
    const token = await signSessionToken(secret, claims)
    expect(await verifySessionToken(secret, token)).toMatchObject(claims)
    expect(await verifySessionToken(secret, token)).toMatchObject(claims)
    // Known, but not under another secret (a rotated one), nor with one character changed.
    expect(await verifySessionToken('some-other-secret-of-good-length-123456', token)).toBeNull()
    const last = token.at(-2) === 'A' ? 'B' : 'A'
    expect(await verifySessionToken(secret, `${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull()
    // Past its expiry the remembered claims are refused like the token itself.
    await new Promise((resolve) => setTimeout(resolve, (claims.expiresAt + 1) * 1000 - Date.now()))
    expect(await verifySessionToken(secret, token)).toBeNull()
  })

  it('refuses a valid token whose session row has expired or been deleted, once its minute is up', async () => {
    const user = await createUser()
    const { sid } = claimsOf(user)
    await storeRows('user', user.id, "update sessions set expires_at = '2000-01-01T00:00:00.000Z' where id = ?", sid)
    expect(await laterThanSessionCheck(() => accepted(tokenOf(user)))).toBe(false)

    const again = await createUser()
    await storeRows('user', again.id, 'delete from sessions where id = ?', claimsOf(again).sid)
    expect(await laterThanSessionCheck(() => statusWith(tokenOf(again), '/api/me/watchlist'))).toBe(401)
  })

  it('refuses a genuine token naming a session of another account type', async () => {
    const admin = await createAdmin()
    const claims = claimsOf(admin)
    const asUser = await signSessionToken(secret, { sessionId: claims.sid, type: 'user', accountId: admin.id, expiresAt: claims.exp })
    expect(await accepted(asUser)).toBe(false)
  })

  it('stops a banned account within the minute its token is taken at its word', async () => {
    const user = await createUser()
    const admin = await createAdmin()
    expect(await statusWith(tokenOf(user), '/api/me/watchlist')).toBe(200)
    expect((await call(`/api/admin/users/${user.id}/ban`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    expect(await laterThanSessionCheck(() => statusWith(tokenOf(user), '/api/me/watchlist'))).toBe(401)
    expect(await laterThanSessionCheck(() => accepted(tokenOf(user)))).toBe(false)
  })

  it.each(['', 'abc', 'a.b.c', '...', '%%%', 'e30.e30.', `${'x'.repeat(5000)}.${'y'.repeat(5000)}.z`, 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.sig'])(
    'answers signed out, never 500, for the cookie value %j',
    async (value) => {
      expect(await sessionOf(`${SESSION_COOKIE}=${value}`)).toBeNull()
      const res = await call('/api/me/profile', { cookie: `${SESSION_COOKIE}=${value}` })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'No user logged in' })
    },
  )

  it('stamps last_seen_at, when it is more than an hour old, as the session is confirmed, and leaves a fresher one alone', async () => {
    const user = await createUser()
    const { sid } = claimsOf(user)
    const lastSeen = async () => (await storeRows<{ last_seen_at: string }>('user', user.id, 'select last_seen_at from sessions where id = ?', sid))[0]?.last_seen_at
    const setLastSeen = (msAgo: number) => storeRows('user', user.id, 'update sessions set last_seen_at = ? where id = ?', new Date(Date.now() - msAgo).toISOString(), sid)

    await setLastSeen(2 * 60 * 60 * 1000)
    // within its minute the token is not even looked up
    expect(await accepted(tokenOf(user))).toBe(true)
    expect(Date.now() - Date.parse((await lastSeen())!)).toBeGreaterThan(60 * 60 * 1000)
    expect(await laterThanSessionCheck(() => accepted(tokenOf(user)))).toBe(true)
    expect(Date.now() - Date.parse((await lastSeen())!)).toBeLessThan(2 * 60 * 1000)

    await setLastSeen(30 * 60 * 1000)
    const fresh = await lastSeen()
    expect(await laterThanSessionCheck(() => accepted(tokenOf(user)))).toBe(true)
    expect(await lastSeen()).toBe(fresh)
  })

  it('refuses to sign with an empty secret', async () => {
    await expect(signSessionToken('', { sessionId: 'a'.repeat(64), type: 'user', accountId: 1, expiresAt: 2e9 })).rejects.toThrow()
  })
})

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from '../auth/password'
import { SESSION_COOKIE } from '../auth/session'
import app from '../index'
import { PASSWORD, call, createAdmin, createUser, sessionCookieFrom, sessionOf, setCookies, signIn, signUp, uniqueEmail, uniqueUsername } from './helpers/accounts'
import { laterThanSessionCheck, storeRows } from './helpers/stores'

afterEach(() => vi.restoreAllMocks())

function signupBody(overrides: Record<string, unknown> = {}) {
  return { email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD, ...overrides }
}

describe('passwords', () => {
  it('keeps PBKDF2 at or under the 100,000 iterations production Workers accept', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000)
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000)
  })

  it('stores a versioned string with a fresh 16-byte salt and a 64-byte SHA-512 key', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')])
    const [scheme, iterations, salt, key] = a.split('$')
    expect(scheme).toBe('pbkdf2-sha512')
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS)
    expect(atob(salt!)).toHaveLength(16)
    expect(atob(key!)).toHaveLength(64)
    expect(a).not.toBe(b)
    expect(a).not.toContain('same password')
  })

  it('accepts the right password only, and asks for a rehash of a cheaper hash', async () => {
    const stored = await hashPassword('right one')
    expect(await verifyPassword('right one', stored)).toEqual({ ok: true, needsRehash: false })
    expect((await verifyPassword('wrong one', stored)).ok).toBe(false)
    expect((await verifyPassword('right one', null)).ok).toBe(false)
    expect((await verifyPassword('right one', 'plain text')).ok).toBe(false)
    const cheaper = stored.replace(`$${PBKDF2_ITERATIONS}$`, '$1000$')
    expect((await verifyPassword('right one', cheaper)).ok).toBe(false) // same salt, different cost: a different key
  })

  it('accepts a hash written by scripts/admin-create.mjs (Node pbkdf2Sync, same format)', async () => {
    // made once with the script's hashPassword and a fixed 16-byte salt ('admin:create 16b'),
    // so a change of format on either side shows here
    const fromScript =
      'pbkdf2-sha512$100000$YWRtaW46Y3JlYXRlIDE2Yg==$eaOIF/7le2NlHeqNtokifDKUU/nfpXzgKJscmc4fsyPosv2672kDVdwJf1ZnieJvfDtJpxztVg4Lk0WaVbsiCA=='
    expect(await verifyPassword('a long passphrase', fromScript)).toEqual({ ok: true, needsRehash: false })
    expect((await verifyPassword('a long passphrasE', fromScript)).ok).toBe(false)
  })

  it('refuses a stored hash above the production cap instead of failing in production', async () => {
    const stored = await hashPassword('right one')
    expect((await verifyPassword('right one', stored.replace(`$${PBKDF2_ITERATIONS}$`, '$200000$'))).ok).toBe(false)
  })
})

describe('POST /api/auth/signup', () => {
  it('creates an active user with the e-mail trimmed and lowercased, and never stores the password', async () => {
    const email = uniqueEmail('Mixed.Case')
    const res = await call('/api/auth/signup', { body: signupBody({ email: `  ${email.toUpperCase()}  ` }) })
    expect(res.status).toBe(201)
    const row = await env.DB.prepare('select * from users where email = ?').bind(email.toLowerCase()).first<Record<string, unknown>>()
    expect(row).toMatchObject({ is_active: 1, email: email.toLowerCase() })
    expect(String(row?.password_hash)).toMatch(/^pbkdf2-sha512\$100000\$/)
    expect(String(row?.password_hash)).not.toContain(PASSWORD)
    expect(JSON.stringify(await res.json())).not.toContain('pbkdf2')
  })

  it('signs the new account in: the session account, and a session cookie GET /api/auth/me accepts', async () => {
    const body = signupBody()
    const res = await call('/api/auth/signup', { body })
    expect(res.status).toBe(201)
    const answer = await res.json<{ id: number; email: string; type: string; user: Record<string, unknown> }>()
    expect(answer).toMatchObject({ email: body.email, type: 'user', user: { username: body.username, is_active: true } })
    expect(answer.user).not.toHaveProperty('password_hash')
    const line = setCookies(res).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!
    expect(line).toMatch(/HttpOnly/i)
    expect(line).toMatch(/SameSite=Lax/i)
    const cookie = sessionCookieFrom(res)!
    expect(await sessionOf(cookie)).toEqual({ type: 'user', id: answer.id })
    const sessions = await call('/api/me/sessions', { cookie })
    expect((await sessions.json<{ sessions: { current: boolean }[] }>()).sessions).toEqual([expect.objectContaining({ current: true })])
  })

  it("replaces the session the browser had, and leaves a refused sign-up's browser as it was", async () => {
    const before = await createUser()
    const res = await call('/api/auth/signup', { body: signupBody(), cookie: before.cookie })
    expect(res.status).toBe(201)
    // the replaced cookie is ended in the account's store: refused at its next session check
    expect(await laterThanSessionCheck(() => sessionOf(before.cookie))).toBeNull()
    expect(await sessionOf(sessionCookieFrom(res)!)).toMatchObject({ type: 'user' })

    const other = await createUser()
    const refused = await call('/api/auth/signup', { body: signupBody({ email: other.email }), cookie: other.cookie })
    expect(refused.status).toBe(409)
    expect(sessionCookieFrom(refused)).toBeNull()
    expect(await sessionOf(other.cookie)).toEqual({ type: 'user', id: other.id })
  })

  it('answers 409 User already exists for the same e-mail in any case', async () => {
    const { email } = await signUp()
    const res = await call('/api/auth/signup', { body: signupBody({ email: email.toUpperCase() }) })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'User already exists' })
  })

  it('answers 409 for a username already taken, in any case', async () => {
    const { username } = await signUp()
    const res = await call('/api/auth/signup', { body: signupBody({ username: username.toUpperCase() }) })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'Username is already taken' })
  })

  it.each([
    [{ password: 'five5', confirmPassword: 'five5' }, 'Password must be at least 6 characters long'],
    [{ confirmPassword: 'something else' }, 'Passwords do not match'],
  ])('refuses %o with the message SPEC.md gives', async (overrides, message) => {
    const res = await call('/api/auth/signup', { body: signupBody(overrides) })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: message })
  })

  it.each([
    [{ email: 'not-an-address' }, /valid e-mail/],
    [{ email: `${'a'.repeat(250)}@example.com` }, /too long/],
    [{ username: 'ab' }, /Username must be 3 to 30/],
    [{ username: 'a'.repeat(31) }, /Username must be 3 to 30/],
    [{ username: 'has space' }, /Username must be 3 to 30/],
    [{ username: 'emoji🎬' }, /Username must be 3 to 30/],
    [{ username: undefined }, /username/],
    [{ email: 42 }, /email/],
  ])('refuses %o with 400', async (overrides, message) => {
    const res = await call('/api/auth/signup', { body: signupBody(overrides) })
    expect(res.status).toBe(400)
    expect((await res.json<{ error: string }>()).error).toMatch(message)
  })

  it.each([
    ['malformed JSON', '{"email": "a@b.co",', 'application/json'],
    ['JSON sent as text/plain', JSON.stringify(signupBody()), 'text/plain', 415],
    ['a form', 'email=a%40b.co&username=abc&password=secret1&confirmPassword=secret1', 'application/x-www-form-urlencoded', 415],
    ['an empty body', '', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['a long password', JSON.stringify(signupBody({ password: 'p'.repeat(10_000), confirmPassword: 'p'.repeat(10_000) })), 'application/json'],
    ['a body over the size cap', JSON.stringify(signupBody({ password: 'p'.repeat(100_000), confirmPassword: 'p'.repeat(100_000) })), 'application/json', 413],
  ])('answers 4xx JSON for %s', async (_name, body, contentType, status = 400) => {
    const res = await call('/api/auth/signup', { body, contentType })
    expect(res.status).toBe(status)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    expect(typeof (await res.json<{ error: unknown }>()).error).toBe('string')
  })

  it('accepts a username of letters, digits, dot, underscore and dash', async () => {
    const username = `a.b_c-${Date.now().toString(36)}`
    const res = await call('/api/auth/signup', { body: signupBody({ username }) })
    expect(res.status).toBe(201)
  })
})

describe('POST /api/auth/login', () => {
  it('signs a user in: session account without password_hash, last_login stamped, HttpOnly Lax cookie', async () => {
    const creds = await signUp()
    const before = new Date().toISOString()
    const res = await call('/api/auth/login', { body: { email: creds.email.toUpperCase(), password: PASSWORD, type: 'user' } })
    expect(res.status).toBe(200)
    const body = await res.json<{ id: number; email: string; type: string; user: Record<string, unknown> }>()
    expect(body).toMatchObject({ email: creds.email, type: 'user', user: { username: creds.username, is_active: true } })
    expect(body.user).not.toHaveProperty('password_hash')
    expect(String(body.user.last_login) >= before).toBe(true)
    const cookie = setCookies(res).find((line) => line.startsWith(`${SESSION_COOKIE}=`))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    // plain http on localhost: Secure would make the browser drop it
    expect(cookie).not.toMatch(/Secure/i)
  })

  it('marks the cookie Secure on any other host', async () => {
    const creds = await signUp()
    const res = await app.request(
      'https://reelhouse.example/api/auth/login',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: creds.email, password: PASSWORD, type: 'user' }) },
      env,
    )
    expect(res.status).toBe(200)
    expect(setCookies(res).find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/; Secure/i)
  })

  it('defaults to the user table when no type is given', async () => {
    const creds = await signUp()
    const res = await call('/api/auth/login', { body: { email: creds.email, password: PASSWORD } })
    expect(res.status).toBe(200)
    expect((await res.json<{ type: string }>()).type).toBe('user')
  })

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const creds = await signUp()
    const wrong = await call('/api/auth/login', { body: { email: creds.email, password: 'not the password', type: 'user' } })
    const unknown = await call('/api/auth/login', { body: { email: uniqueEmail('nobody'), password: 'not the password', type: 'user' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual({ error: 'Invalid user credentials' })
    expect(await unknown.json()).toEqual({ error: 'Invalid user credentials' })
    expect(sessionCookieFrom(wrong)).toBeNull()
  })

  it('spends about the same time whether or not the e-mail has an account', async () => {
    const creds = await signUp()
    const timeOf = async (email: string) => {
      const started = performance.now()
      const res = await call('/api/auth/login', { body: { email, password: 'not the password', type: 'user' } })
      expect(res.status).toBe(401)
      return performance.now() - started
    }
    const known: number[] = []
    const unknown: number[] = []
    for (let round = 0; round < 5; round++) {
      known.push(await timeOf(creds.email))
      unknown.push(await timeOf(uniqueEmail('nobody')))
    }
    // the fastest run of each is the least disturbed by whatever else the machine is doing;
    // an unknown address still pays for a full PBKDF2 check, skipping it would be about ten times faster
    const ratio = Math.min(...unknown) / Math.min(...known)
    expect(ratio).toBeGreaterThan(0.4)
    expect(ratio).toBeLessThan(2.5)
  }, 30_000)

  it('refuses a banned (inactive) user with the usual answer', async () => {
    const creds = await signUp()
    await env.DB.prepare('update users set is_active = 0 where email = ?').bind(creds.email).run()
    const res = await call('/api/auth/login', { body: { email: creds.email, password: PASSWORD, type: 'user' } })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Invalid user credentials' })
  })

  it('checks administrators against admin_users only', async () => {
    const admin = await createAdmin()
    const asUser = await call('/api/auth/login', { body: { email: admin.email, password: PASSWORD, type: 'user' } })
    expect(asUser.status).toBe(401)
    expect(await asUser.json()).toEqual({ error: 'Invalid user credentials' })

    const user = await signUp()
    const asAdmin = await call('/api/auth/login', { body: { email: user.email, password: PASSWORD, type: 'admin' } })
    expect(asAdmin.status).toBe(401)
    expect(await asAdmin.json()).toEqual({ error: 'Invalid admin credentials' })

    const me = await call('/api/auth/me', { cookie: admin.cookie })
    expect(await me.json()).toMatchObject({ id: admin.id, email: admin.email, type: 'admin', user: { role: 'admin' } })
  })

  it('upgrades a hash made at a lower cost on the next sign-in', async () => {
    const creds = await signUp()
    const cheap = await cheapHash(PASSWORD, 20_000)
    await env.DB.prepare('update users set password_hash = ? where email = ?').bind(cheap, creds.email).run()
    await signIn(creds.email, PASSWORD)
    const row = await env.DB.prepare('select password_hash from users where email = ?').bind(creds.email).first<{ password_hash: string }>()
    expect(row?.password_hash).toMatch(/^pbkdf2-sha512\$100000\$/)
    await signIn(creds.email, PASSWORD)
  })

  it.each([
    [{ password: PASSWORD, type: 'user' }, /email/],
    [{ email: 'a@b.co', type: 'user' }, /password/],
    [{ email: 'a@b.co', password: PASSWORD, type: 'root' }, /type/],
    [{ email: ['a@b.co'], password: PASSWORD }, /email/],
    [{ email: 'a@b.co', password: 'x'.repeat(5000) }, /too long/],
  ])('answers 400 for %o', async (body, message) => {
    const res = await call('/api/auth/login', { body })
    expect(res.status).toBe(400)
    expect((await res.json<{ error: string }>()).error).toMatch(message)
  })
})

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 200 { user: null } without a session, setting no cookie', async () => {
    const res = await call('/api/auth/me')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ user: null })
    expect(setCookies(res)).toEqual([])
  })

  it('answers { user: null } for a cookie that no longer names a session, once its minute is up, and clears it', async () => {
    const user = await createUser()
    await call('/api/auth/logout', { method: 'POST', cookie: user.cookie })
    const res = await laterThanSessionCheck(() => call('/api/auth/me', { cookie: user.cookie }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ user: null })
    expect(setCookies(res).find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0/i)
  })

  it('returns the session account, then sign-out deletes the row and clears the cookie', async () => {
    const user = await createUser()
    const me = await call('/api/auth/me', { cookie: user.cookie })
    expect(me.status).toBe(200)
    const body = await me.json<{ user: Record<string, unknown> }>()
    expect(body).toMatchObject({ id: user.id, email: user.email, type: 'user' })
    expect(body.user).not.toHaveProperty('password_hash')

    const out = await call('/api/auth/logout', { method: 'POST', cookie: user.cookie })
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({ message: 'You have been logged out successfully!' })
    const cleared = setCookies(out).find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    expect(cleared).toMatch(/Max-Age=0/i)
    expect(await storeRows('user', user.id, 'select id from sessions')).toEqual([])

    // a copy of the old cookie is worthless once its minute is up, though its signature is still valid
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toBeNull()
    expect((await laterThanSessionCheck(() => call('/api/me/profile', { cookie: user.cookie }))).status).toBe(401)
  })

  it('signs out harmlessly without a session', async () => {
    const res = await call('/api/auth/logout', { method: 'POST' })
    expect(res.status).toBe(200)
  })

  it('replaces the session of a browser that signs in again', async () => {
    const user = await createUser()
    const res = await call('/api/auth/login', { cookie: user.cookie, body: { email: user.email, password: PASSWORD, type: 'user' } })
    expect(res.status).toBe(200)
    const fresh = sessionCookieFrom(res)!
    expect(fresh).not.toBe(user.cookie)
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toBeNull()
    expect(await laterThanSessionCheck(() => sessionOf(fresh))).toEqual({ type: 'user', id: user.id })
    expect(await storeRows('user', user.id, 'select id from sessions')).toHaveLength(1)
  })

  it('keeps other sessions of the same account when one signs out', async () => {
    const user = await createUser()
    const second = await signIn(user.email, PASSWORD)
    await call('/api/auth/logout', { method: 'POST', cookie: user.cookie })
    expect(await sessionOf(second.cookie)).toEqual({ type: 'user', id: user.id })
  })
})

describe('the signing secret', () => {
  it('refuses to sign a session with an empty secret: 500, logged, no cookie', async () => {
    const creds = await signUp()
    // signing up signs in: the one session it made is all the store holds before and after
    const sessionsOf = () => storeRows('user', creds.id, 'select id from sessions')
    const before = await sessionsOf()
    const logged: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)))
    const ctx = createExecutionContext()
    const res = await app.fetch(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: creds.email, password: PASSWORD, type: 'user' }),
      }),
      { ...env, JWT_SECRET: '' },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ error: 'Internal error' })
    expect(sessionCookieFrom(res)).toBeNull()
    expect(logged.some((line) => line.includes('JWT_SECRET'))).toBe(true)
    expect(logged.join('\n')).not.toContain(PASSWORD)
    expect(await sessionsOf()).toEqual(before)
  })
})

/** A hash in the stored format at a chosen (lower) cost, as an older release would have written it. */
async function cheapHash(password: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt, iterations }, key, 512))
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
  return `pbkdf2-sha512$${iterations}$${b64(salt)}$${b64(bits)}`
}

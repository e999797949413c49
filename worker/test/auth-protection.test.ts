import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { database } from '../accounts/db'
import { accountCounter, ADDRESS_FAILURE_LIMIT, addressCounter, countersOf, deleteStaleCounters, EMAIL_SLOWDOWN_AFTER, emailCounter, MAX_DELAY_SECONDS, PAIR_FAILURE_LIMIT, SIGNUP_ADDRESS_LIMIT, WINDOW_SECONDS, spacingDelay } from '../auth/rate-limit'
import { SITEVERIFY_URL } from '../auth/turnstile'
import app from '../index'
import { countD1 } from './helpers/d1-counter'
import { PASSWORD, call, createUser, signUp, uniqueEmail, uniqueUsername, waitForMail } from './helpers/accounts'

afterEach(() => vi.restoreAllMocks())

describe('cross-site requests', () => {
  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['Origin null (sandboxed frame)', { Origin: 'null' }],
    ['the same host on another scheme', { Origin: 'https://localhost' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a state-changing request with %s', async (_name, headers) => {
    const user = await createUser()
    const res = await call('/api/me/watchlist', {
      cookie: user.cookie,
      headers,
      body: JSON.stringify({ content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: null }),
      contentType: 'text/plain',
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'Cross-site request refused' })
    const list = await call('/api/me/watchlist', { cookie: user.cookie })
    expect((await list.json<{ results: unknown[] }>()).results).toEqual([])
  })

  it.each(['PUT', 'PATCH', 'DELETE'])('covers %s as well as POST', async (method) => {
    const user = await createUser()
    const path = method === 'PUT' ? '/api/me/history' : method === 'PATCH' ? '/api/me/profile' : '/api/me/history'
    const res = await call(path, { method, cookie: user.cookie, headers: { Origin: 'https://evil.example' }, body: { full_name: 'x' } })
    expect(res.status).toBe(403)
  })

  it.each([
    ['the same Origin', { Origin: 'http://localhost' }],
    ['Sec-Fetch-Site same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ['Sec-Fetch-Site none (typed by the user)', { 'Sec-Fetch-Site': 'none' }],
    ['neither header (curl, servers)', {}],
  ])('lets through %s', async (_name, headers) => {
    const user = await createUser()
    const res = await call('/api/me/watchlist', {
      cookie: user.cookie,
      headers,
      body: { content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: null },
    })
    expect(res.status).toBe(201)
  })

  it('does not stand in the way of reads from anywhere', async () => {
    const res = await call('/api/config', { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })
    expect(res.status).toBe(200)
  })
})

// each failed sign-in costs a full PBKDF2 check, and these tests make dozens of them
describe('sign-in limits', { timeout: 120_000 }, () => {
  const login = (email: string, password: string, ip?: string | null, type: 'user' | 'admin' = 'user') =>
    call('/api/auth/login', { ip, body: { email, password, type } })
  const statuses = (responses: Response[]) => responses.map((res) => res.status)
  const tally = (codes: number[]) => codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {})

  it(`a parallel burst of 30 wrong passwords from one address gets ${PAIR_FAILURE_LIMIT} checks, then 429s`, async () => {
    const creds = await signUp()
    const ip = '203.0.113.10'
    const burst = statuses(await Promise.all(Array.from({ length: 30 }, () => login(creds.email, 'wrong password', ip))))
    expect(tally(burst)).toEqual({ 401: PAIR_FAILURE_LIMIT, 429: 30 - PAIR_FAILURE_LIMIT })
    const refused = await login(creds.email, PASSWORD, ip)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS)
    expect(await refused.json()).toEqual({ error: `Too many attempts. Please try again in ${Math.ceil(retryAfter / 60)} minutes.` })
    // the owner, from an address of their own, is not locked out by the stranger
    expect((await login(creds.email, PASSWORD, '198.51.100.20')).status).toBe(200)
  })

  it('a burst spread over 30 addresses is spaced out after 10 failures, and the owner is told', async () => {
    const creds = await signUp()
    const burst = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => login(creds.email, 'wrong password', `203.0.114.${i + 1}`))))
    const counted = tally(burst)
    expect(counted[401]).toBeGreaterThanOrEqual(EMAIL_SLOWDOWN_AFTER)
    expect(counted[401]).toBeLessThanOrEqual(EMAIL_SLOWDOWN_AFTER + 1)
    expect(counted[429]).toBe(30 - counted[401]!)
    const spaced = await login(creds.email, 'wrong password', '203.0.114.200')
    expect(spaced.status).toBe(429)
    expect(Number(spaced.headers.get('Retry-After'))).toBeLessThanOrEqual(MAX_DELAY_SECONDS)
    expect(spacingDelay(EMAIL_SLOWDOWN_AFTER + 1)).toBe(5)
    expect(spacingDelay(EMAIL_SLOWDOWN_AFTER + 3)).toBe(20)
    expect(spacingDelay(1000)).toBe(MAX_DELAY_SECONDS)
    const mail = await waitForMail(creds.email)
    expect(mail.subject).toMatch(/repeated failed sign-ins/)
    expect(mail.text).toMatch(/not locked/)
  })

  it('an address the owner signed in from before skips the spacing', async () => {
    const creds = await signUp()
    const home = '198.51.100.30'
    expect((await login(creds.email, PASSWORD, home)).status).toBe(200)
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(creds.email, 'wrong password', `203.0.115.${i + 1}`)))
    expect((await login(creds.email, 'wrong password', '203.0.115.99')).status).toBe(429)
    expect((await login(creds.email, PASSWORD, home)).status).toBe(200)
  })

  it(`limits one address to ${ADDRESS_FAILURE_LIMIT} failed sign-ins across many e-mails, in parallel too`, async () => {
    const ip = '203.0.113.77'
    const burst = statuses(await Promise.all(Array.from({ length: ADDRESS_FAILURE_LIMIT + 8 }, () => login(uniqueEmail('spray'), 'wrong password', ip))))
    expect(tally(burst)).toEqual({ 401: ADDRESS_FAILURE_LIMIT, 429: 8 })
    expect((await login(uniqueEmail('spray'), 'wrong password', '203.0.113.78')).status).toBe(401)
  })

  it('user and administrator sign-in count apart', async () => {
    const email = uniqueEmail('both')
    const ip = '203.0.113.90'
    await Promise.all(Array.from({ length: PAIR_FAILURE_LIMIT + 2 }, () => login(email, 'wrong password', ip, 'user')))
    expect((await login(email, 'wrong password', ip, 'user')).status).toBe(429)
    expect((await login(email, 'wrong password', ip, 'admin')).status).toBe(401)
  })

  it('requests without a client address do not share one bucket', async () => {
    await Promise.all(Array.from({ length: ADDRESS_FAILURE_LIMIT + 5 }, () => login(uniqueEmail('noaddr'), 'wrong password', null)))
    const creds = await signUp()
    expect((await login(creds.email, PASSWORD, null)).status).toBe(200)
  })

  it('a successful sign-in gives its attempt back and clears its pair', async () => {
    const creds = await signUp()
    const ip = '203.0.113.120'
    for (let attempt = 0; attempt < PAIR_FAILURE_LIMIT - 1; attempt++) expect((await login(creds.email, 'wrong password', ip)).status).toBe(401)
    expect((await login(creds.email, PASSWORD, ip)).status).toBe(200)
    const pair = await env.DB.prepare('select count from rate_limits where key = ?').bind(await emailCounter(env, 'user', creds.email, 'login-pair', ip)).first<{ count: number }>()
    expect(pair?.count ?? 0).toBe(0)
    for (let attempt = 0; attempt < PAIR_FAILURE_LIMIT; attempt++) expect((await login(creds.email, 'wrong password', ip)).status).toBe(401)
  })

  it('lets the pair in again once the window has passed', async () => {
    const creds = await signUp()
    const ip = '203.0.113.121'
    const key = await emailCounter(env, 'user', creds.email, 'login-pair', ip)
    const now = Math.floor(Date.now() / 1000)
    await env.DB.prepare('insert into rate_limits (key, count, reset_at) values (?, ?, ?)').bind(key, PAIR_FAILURE_LIMIT, now + 60).run()
    const blocked = await login(creds.email, PASSWORD, ip)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(60)
    expect(await blocked.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\. Please try again in (1 minute|\d+ seconds)\.$/) })
    await env.DB.prepare('update rate_limits set reset_at = ? where key = ?').bind(now - 1, key).run()
    expect((await login(creds.email, PASSWORD, ip)).status).toBe(200)
  })
})

describe('sign-up limit', { timeout: 60_000 }, () => {
  const body = () => ({ email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD })

  it(`allows ${SIGNUP_ADDRESS_LIMIT} sign-ups an hour from one address, even in a parallel burst`, async () => {
    const ip = '203.0.113.150'
    const burst = await Promise.all(Array.from({ length: SIGNUP_ADDRESS_LIMIT + 5 }, () => call('/api/auth/signup', { ip, body: body() })))
    const codes = burst.map((res) => res.status).sort()
    expect(codes.filter((code) => code === 201)).toHaveLength(SIGNUP_ADDRESS_LIMIT)
    expect(codes.filter((code) => code === 429)).toHaveLength(5)
    const later = await call('/api/auth/signup', { ip, body: body() })
    expect(later.status).toBe(429)
    expect(later.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await call('/api/auth/signup', { ip: '203.0.113.151', body: body() })).status).toBe(201)
  })
})

async function fetchWith(overrides: Partial<typeof env>, path: string, body: unknown): Promise<Response> {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.9' },
      body: JSON.stringify(body),
    }),
    { ...env, ...overrides },
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return res
}

describe('bot check', () => {
  const secretEnv = { TURNSTILE_SECRET: 'turnstile-test-secret' }

  function fakeSiteverify(answer: () => Response | Promise<Response>) {
    const original = globalThis.fetch
    return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      return url === SITEVERIFY_URL ? answer() : original(input, init)
    })
  }

  it('is off without TURNSTILE_SECRET and calls nobody', async () => {
    const spy = fakeSiteverify(() => Response.json({ success: false }))
    const res = await fetchWith({}, '/api/auth/signup', { email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD })
    expect(res.status).toBe(201)
    expect(spy.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input) === SITEVERIFY_URL)).toBe(false)
  })

  it('refuses sign-up without a token when the secret is set', async () => {
    fakeSiteverify(() => Response.json({ success: true }))
    const res = await fetchWith(secretEnv, '/api/auth/signup', { email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Bot check failed. Please try again.' })
  })

  it('refuses sign-in when Cloudflare rejects the token, and when it cannot be reached', async () => {
    const creds = await signUp()
    fakeSiteverify(() => Response.json({ success: false, 'error-codes': ['invalid-input-response'] }))
    const rejected = await fetchWith(secretEnv, '/api/auth/login', { email: creds.email, password: PASSWORD, type: 'user', turnstileToken: 'bad' })
    expect(rejected.status).toBe(400)
    expect(await rejected.json()).toEqual({ error: 'Bot check failed. Please try again.' })
    vi.restoreAllMocks()
    fakeSiteverify(() => Promise.reject(new TypeError('network down')))
    const unreachable = await fetchWith(secretEnv, '/api/auth/login', { email: creds.email, password: PASSWORD, type: 'user', turnstileToken: 'x' })
    expect(unreachable.status).toBe(400)
  })

  it('verifies the token with the secret on the server and then signs in', async () => {
    const creds = await signUp()
    const sent: FormData[] = []
    const original = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input) !== SITEVERIFY_URL) return original(input, init)
      sent.push(init?.body as FormData)
      return Response.json({ success: true })
    })
    const res = await fetchWith(secretEnv, '/api/auth/login', { email: creds.email, password: PASSWORD, type: 'user', turnstileToken: 'good-token' })
    expect(res.status).toBe(200)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.get('secret')).toBe('turnstile-test-secret')
    expect(sent[0]?.get('response')).toBe('good-token')
    expect(sent[0]?.get('remoteip')).toBe('198.51.100.9')
  })
})

describe('attempt counters', () => {
  const rows = async () => (await env.DB.prepare('select key, reset_at from rate_limits').all<{ key: string; reset_at: number }>()).results

  it('name no e-mail and no address in clear', async () => {
    const user = await createUser()
    const ip = '203.0.113.171'
    await call('/api/auth/login', { ip, body: { email: user.email, password: 'wrong password', type: 'user' } })
    await call('/api/auth/login', { ip, body: { email: user.email, password: PASSWORD, type: 'user' } })
    await call('/api/auth/signup', { ip, body: { email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD } })
    await call('/api/auth/password-reset', { ip, body: { email: user.email } })
    await call('/api/me/password', { ip, cookie: user.cookie, body: { currentPassword: 'wrong password', newPassword: 'another secret', confirmPassword: 'another secret' } })
    const keys = (await rows()).map((row) => row.key)
    expect(keys.length).toBeGreaterThanOrEqual(6)
    const local = user.email.split('@')[0]!
    expect(keys.filter((key) => key.includes(local) || key.includes(ip) || key.includes('@'))).toEqual([])
  })

  it('that name an account are deleted with it; others stay', async () => {
    const user = await createUser()
    const other = await createUser()
    const ip = '203.0.113.172'
    for (const who of [user, other]) {
      await call('/api/auth/login', { ip, body: { email: who.email, password: 'wrong password', type: 'user' } })
      await call('/api/auth/password-reset', { ip, body: { email: who.email } })
      await call('/api/me/password', { cookie: who.cookie, body: { currentPassword: 'wrong password', newPassword: 'another secret', confirmPassword: 'another secret' } })
    }
    const named = async (who: { id: number; email: string }) => [
      await emailCounter(env, 'user', who.email, 'login'),
      await emailCounter(env, 'user', who.email, 'login-pair', ip),
      await emailCounter(env, 'user', who.email, 'reset'),
      await accountCounter(env, { type: 'user', id: who.id }, 'password'),
    ]
    const present = async (keys: string[]) => {
      const all = new Set((await rows()).map((row) => row.key))
      return keys.filter((key) => all.has(key))
    }
    const mine = await named(user)
    const theirs = await named(other)
    expect(await present(mine)).toEqual(mine)
    const gone = await call('/api/me/account', { method: 'DELETE', cookie: user.cookie, body: { password: PASSWORD } })
    expect(gone.status).toBe(200)
    expect(await present(mine)).toEqual([])
    expect(await present(theirs)).toEqual(theirs)
    // the address's own counter names nobody and stays
    expect(await present([await addressCounter(env, 'login:user', ip)])).toHaveLength(1)
  })

  it('are swept through the index on reset_at, and an account’s by key range', async () => {
    const plan = async (statement: string, ...values: unknown[]) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`).bind(...values).all<{ detail: string }>()).results.map((row) => row.detail).join('; ')
    const counter = countD1(env.DB)
    await deleteStaleCounters(database(counter.db))
    const sweep = counter.statements[0]!
    expect(sweep.sql).toMatch(/^delete from "rate_limits"/i)
    expect(await plan(sweep.sql, ...sweep.params)).toMatch(/SEARCH rate_limits USING (COVERING )?INDEX rate_limits_reset_at_idx/)
    counter.reset()
    const user = await createUser()
    await database(counter.db).batch([...(await countersOf(env, database(counter.db), user))] as never)
    expect(counter.statements).toHaveLength(2)
    for (const statement of counter.statements) expect(await plan(statement.sql, ...statement.params)).toMatch(/SEARCH rate_limits USING (PRIMARY KEY|INDEX sqlite_autoindex_rate_limits_1)/)
  })

  it('cost a successful sign-in five writes', async () => {
    const user = await createUser()
    const ip = '203.0.113.173'
    const signIn = async (db: D1Database) => {
      const ctx = createExecutionContext()
      const res = await app.fetch(
        new Request('http://localhost/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify({ email: user.email, password: PASSWORD, type: 'user' }) }),
        { ...env, DB: db },
        ctx,
      )
      await waitOnExecutionContext(ctx)
      expect(res.status).toBe(200)
    }
    // the first sign-in of the isolate may also sweep stale counters
    await signIn(env.DB)
    const counter = countD1(env.DB)
    await signIn(counter.db)
    const counting = counter.statements.filter((s) => !s.readOnly && /rate_limits/.test(s.sql))
    expect(counting.map((s) => s.sql.slice(0, 30))).toHaveLength(5)
  })
})

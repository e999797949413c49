import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMAIL_FAILURE_LIMIT, IP_FAILURE_LIMIT, WINDOW_SECONDS } from '../auth/rate-limit'
import { SITEVERIFY_URL } from '../auth/turnstile'
import app from '../index'
import { PASSWORD, call, createUser, signUp, uniqueEmail, uniqueUsername } from './helpers/accounts'

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
describe('sign-in rate limit', { timeout: 60_000 }, () => {
  const fail = (email: string, ip?: string) => call('/api/auth/login', { ip, body: { email, password: 'wrong password', type: 'user' } })

  it(`answers 429 with Retry-After after ${EMAIL_FAILURE_LIMIT} failures for one e-mail, from any IP`, async () => {
    const creds = await signUp()
    for (let attempt = 0; attempt < EMAIL_FAILURE_LIMIT; attempt++) expect((await fail(creds.email)).status).toBe(401)
    // even the right password is refused until the window ends
    const res = await call('/api/auth/login', { body: { email: creds.email, password: PASSWORD, type: 'user' } })
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS)
    expect(await res.json()).toEqual({ error: `Too many attempts. Please try again in ${Math.ceil(retryAfter / 60)} minutes.` })
    // the limit is on the address, not on everybody
    const other = await signUp()
    expect((await call('/api/auth/login', { body: { email: other.email, password: PASSWORD, type: 'user' } })).status).toBe(200)
  })

  it('lets the address in again once the window has passed', async () => {
    const creds = await signUp()
    const key = `login:email:${creds.email}`
    const now = Math.floor(Date.now() / 1000)
    await env.DB.prepare('insert into rate_limits (key, count, reset_at) values (?, ?, ?)').bind(key, EMAIL_FAILURE_LIMIT, now + 60).run()
    const login = () => call('/api/auth/login', { body: { email: creds.email, password: PASSWORD, type: 'user' } })
    const blocked = await login()
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(60)
    expect(await blocked.json()).toEqual({ error: 'Too many attempts. Please try again in 1 minute.' })
    await env.DB.prepare('update rate_limits set reset_at = ? where key = ?').bind(now - 1, key).run()
    expect((await login()).status).toBe(200)
  })

  it('forgets earlier failures of an address after a successful sign-in', async () => {
    const creds = await signUp()
    const key = `login:email:${creds.email}`
    for (let attempt = 0; attempt < EMAIL_FAILURE_LIMIT - 1; attempt++) await fail(creds.email)
    const counted = () => env.DB.prepare('select count from rate_limits where key = ?').bind(key).first<{ count: number }>()
    expect((await counted())?.count).toBe(EMAIL_FAILURE_LIMIT - 1)
    expect((await call('/api/auth/login', { body: { email: creds.email, password: PASSWORD, type: 'user' } })).status).toBe(200)
    expect(await counted()).toBeNull()
    expect((await fail(creds.email)).status).toBe(401)
    expect((await counted())?.count).toBe(1)
  })

  it(`limits one IP to ${IP_FAILURE_LIMIT} failed attempts of any kind across many addresses`, async () => {
    const ip = '203.0.113.77'
    // refused by validation (no password), so no hashing: a cheap way to use up the IP's allowance
    for (let attempt = 0; attempt < IP_FAILURE_LIMIT; attempt++) {
      const res = await call('/api/auth/login', { ip, body: { email: uniqueEmail('spray'), type: 'user' } })
      expect(res.status).toBe(400)
    }
    const blocked = await fail(uniqueEmail('spray'), ip)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await fail(uniqueEmail('spray'), '203.0.113.78')).status).toBe(401)
    const row = await env.DB.prepare('select count from rate_limits where key = ?').bind(`login:ip:${ip}`).first<{ count: number }>()
    expect(row?.count).toBe(IP_FAILURE_LIMIT)
  })
})

describe('sign-up rate limit', { timeout: 60_000 }, () => {
  it('counts refused sign-ups per e-mail and answers 429', async () => {
    const creds = await signUp()
    for (let attempt = 0; attempt < EMAIL_FAILURE_LIMIT; attempt++) {
      const res = await call('/api/auth/signup', {
        body: { email: creds.email, username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD },
      })
      expect(res.status).toBe(409)
    }
    const res = await call('/api/auth/signup', {
      body: { email: creds.email, username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD },
    })
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/)
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

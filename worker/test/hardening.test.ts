// The holes two outside probes found (issue 13), each with the request that showed it.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import app from '../index'
import { isAllowedMasterUrl } from '../player/streams'
import { MAX_BODY_BYTES } from '../lib/body-limit'
import { PASSWORD, call, createAdmin, createUser, signUp, uniqueEmail, uniqueUsername } from './helpers/accounts'

/**
 * Deployed D1 refuses a LIKE or GLOB pattern over 50 bytes ("LIKE or GLOB pattern too complex");
 * local workerd's SQLite allows 50,000. This D1 applies production's limit to bound strings.
 */
function withProductionLikeLimit(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'prepare') return Reflect.get(target, property)
      return (query: string) => {
        const statement = target.prepare(query)
        if (!/\b(like|glob)\b/i.test(query)) return statement
        return new Proxy(statement, {
          get(inner, name) {
            if (name !== 'bind') return Reflect.get(inner, name)
            return (...values: unknown[]) => {
              if (values.some((value) => typeof value === 'string' && new TextEncoder().encode(value).byteLength > 50)) {
                throw new Error('D1_ERROR: LIKE or GLOB pattern too complex: SQLITE_ERROR')
              }
              return inner.bind(...values)
            }
          },
        })
      }
    },
  })
}

describe('admin user search', () => {
  it.each([
    ['49 plain bytes', 'a'.repeat(49)],
    ['100 characters', 'x'.repeat(100)],
    ['30 escaped percent signs', '%'.repeat(30)],
    ['30 escaped underscores', '_'.repeat(30)],
    ['30 accented letters', 'é'.repeat(30)],
    ['backslashes and quotes', `\\\\'"%_`.repeat(8)],
  ])('answers a query of %s with a page, never a 500', async (_name, q) => {
    const admin = await createAdmin()
    const ctx = createExecutionContext()
    const res = await app.fetch(
      new Request(`http://localhost/api/admin/users?q=${encodeURIComponent(q)}`, { headers: { Cookie: admin.cookie } }),
      { ...env, DB: withProductionLikeLimit(env.DB) },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(res.status, await res.clone().text()).toBe(200)
    expect((await res.json<{ results: unknown[] }>()).results).toEqual([])
  })

  it('still finds by a piece of the e-mail or username, with wildcards taken literally', async () => {
    const admin = await createAdmin()
    const user = await signUp({ username: uniqueUsername('under_score') })
    const byName = await (await call(`/api/admin/users?q=${encodeURIComponent('UNDER_SCORE')}`, { cookie: admin.cookie })).json<{ results: { email: string }[] }>()
    expect(byName.results.map((r) => r.email)).toContain(user.email)
    const wildcard = await (await call(`/api/admin/users?q=${encodeURIComponent('under%score')}`, { cookie: admin.cookie })).json<{ results: unknown[] }>()
    expect(wildcard.results).toEqual([])
  })
})

describe('PATCH /api/me/profile with a body that is not JSON', () => {
  it.each([
    ['a form', 'application/x-www-form-urlencoded', 'full_name=Changed'],
    ['XML', 'application/xml', '<full_name>Changed</full_name>'],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="full_name"\r\n\r\nChanged\r\n--x--'],
    ['no content type', undefined, '{"full_name":"Changed"}'],
  ])('answers 415 for %s and changes nothing', async (_name, contentType, body) => {
    const user = await createUser()
    const headers: Record<string, string> = { 'CF-Connecting-IP': '192.0.2.1', Cookie: user.cookie }
    if (contentType) headers['Content-Type'] = contentType
    const res = await exports.default.fetch('http://localhost/api/me/profile', { method: 'PATCH', headers, body })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ error: 'Content-Type must be application/json' })
    const profile = await (await call('/api/me/profile', { cookie: user.cookie })).json<{ user: { full_name: string | null } }>()
    expect(profile.user.full_name).toBeNull()
  })
})

describe('strict numbers on GET /api/player/stream', () => {
  it.each(['1e3', '0x10', '00001', '2147483648', '1.0', '-1', '0', ' 7', '7 '])('answers 400 for the id %j', async (id) => {
    const res = await call(`/api/player/stream/movie/${encodeURIComponent(id)}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: expect.any(String) })
  })

  it.each(['%20', '1e1', '0x1', '01', '', '1001', 'abc'])('answers 400 for ?season=%s', async (season) => {
    expect((await call(`/api/player/stream/tv/1396?season=${season}&episode=1`)).status).toBe(400)
  })

  it('answers 400 for an unknown parameter and 200 for plain numbers', async () => {
    expect((await call('/api/player/stream/tv/1396?season=1&episode=2&extra=1')).status).toBe(400)
    expect((await call('/api/player/stream/tv/1396?season=1&episode=2')).status).toBe(200)
    expect((await call('/api/player/stream/movie/2147483647')).status).toBe(200)
    expect((await call('/api/player/stream/tv/1396?season=0&episode=0')).status).toBe(200)
  })
})

describe('control characters', () => {
  it.each([
    ['full_name', { full_name: 'Ann\u0000Admin' }],
    ['country', { country: 'Ice\u0007land' }],
    ['bio', { bio: 'line\u0000break' }],
    ['bio with an escape sequence', { bio: '\u001b[31mred' }],
  ])('are refused in the profile field %s', async (_name, change) => {
    const user = await createUser()
    const res = await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: change })
    expect(res.status).toBe(400)
    expect((await res.json<{ error: string }>()).error).toMatch(/control characters/)
  })

  it('leave line breaks in a bio alone', async () => {
    const user = await createUser()
    const res = await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { bio: 'first line\nsecond\tline' } })
    expect(res.status).toBe(200)
  })

  it('are refused in watchlist and history titles', async () => {
    const user = await createUser()
    const entry = { content_id: 603, content_type: 'movie', title: 'The\u0000Matrix', poster_path: null }
    expect((await call('/api/me/watchlist', { cookie: user.cookie, body: entry })).status).toBe(400)
    expect((await call('/api/me/history', { method: 'PUT', cookie: user.cookie, body: entry })).status).toBe(400)
    const rows = await env.DB.prepare("select count(*) as n from watchlist where title like '%Matrix'").first<{ n: number }>()
    expect(rows?.n).toBe(0)
  })
})

describe('request body size', () => {
  it('answers 413 for a declared body over the cap, before reading it', async () => {
    const huge = JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(MAX_BODY_BYTES), type: 'user' })
    const res = await call('/api/auth/login', { body: huge, contentType: 'application/json' })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: expect.stringMatching(/too large/) })
  })

  it('answers 413 for a streamed body without a length once it passes the cap', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 50 * 1024 * 1024) return controller.close()
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const res = await exports.default.fetch('http://localhost/api/auth/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.2' },
      body,
    })
    expect(res.status).toBe(413)
    // read only up to the cap, not all 50 MB
    expect(sent).toBeLessThan(2 * 1024 * 1024)
  })

  it('still accepts a streamed body under the cap', async () => {
    const text = JSON.stringify({ email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, confirmPassword: PASSWORD })
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text))
        controller.close()
      },
    })
    const res = await exports.default.fetch('http://localhost/api/auth/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.3' },
      body,
    })
    expect(res.status).toBe(201)
  })
})

describe('the stream URL rule', () => {
  it.each([
    '/media/%2e%2e/api/admin/export',
    '/media/%2E%2E/%2E%2E/api/admin/export',
    '/media/%252e%252e/api/admin/export',
    '/media/..%2fapi/admin/export',
    '/media/./../api',
    '/media/%5c..%5capi',
    '/media/a%00b.m3u8',
    '/media/%0d%0aSet-Cookie',
    '//evil.example/media/x.m3u8',
    '/media/%',
    'http://example.com/master.m3u8',
    'javascript:alert(1)',
  ])('refuses %s', (value) => {
    expect(isAllowedMasterUrl(value)).toBe(false)
  })

  it.each(['/media/sample/master.m3u8', '/media/sample/v1/index.m3u8', 'https://cdn.example/x/master.m3u8'])('accepts %s', (value) => {
    expect(isAllowedMasterUrl(value)).toBe(true)
  })

  it('is what the admin API applies', async () => {
    const admin = await createAdmin()
    const res = await call('/api/admin/streams', {
      cookie: admin.cookie,
      body: { content_type: 'movie', content_id: 77, master_url: '/media/%2e%2e/api/admin/export' },
    })
    expect(res.status).toBe(400)
  })
})

describe('usernames', () => {
  it('are one namespace for users and administrators', async () => {
    const admin = await createAdmin({ username: uniqueUsername('Boss') })
    const signup = await call('/api/auth/signup', {
      body: { email: uniqueEmail(), username: admin.username.toLowerCase(), password: PASSWORD, confirmPassword: PASSWORD },
    })
    expect(signup.status).toBe(409)
    expect(await signup.json()).toEqual({ error: 'Username is already taken' })
    const user = await createUser()
    const rename = await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { username: admin.username.toUpperCase() } })
    expect(rename.status).toBe(409)
    const adminRename = await call('/api/me/profile', { method: 'PATCH', cookie: admin.cookie, body: { username: user.username } })
    expect(adminRename.status).toBe(409)
    // keeping one's own name is no conflict
    expect((await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { username: user.username } })).status).toBe(200)
  })
})

/**
 * Property-based probing of every account endpoint: random bodies, content types, query strings
 * and path segments must never produce a server error. A 4xx must be the usual JSON `{ error }`.
 */
import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAINTENANCE_MESSAGE } from '../auth/guards'
import { call, createAdmin, createUser, type TestAccount } from './helpers/accounts'

let user: TestAccount
let admin: TestAccount
/** Signed out by the sign-out probe, so the others keep a live session. */
let leaving: TestAccount

beforeAll(async () => {
  ;[user, admin, leaving] = await Promise.all([createUser(), createAdmin(), createUser()])
})

const RUNS = 20
// a few hundred requests through workerd per property; generous for a busy machine
const TIMEOUT_MS = 120_000

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  '',
)

/** Values that look like what the endpoint expects, mixed with anything JSON can carry. */
const nearlyValid = fc.oneof(
  fc.jsonValue(),
  fc.string(),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 603, 2 ** 31, 2 ** 53, 'movie', 'tv', 'user', 'admin', '', '/p.jpg', 'a@b.co', '1990-01-01', true, false, null),
)

function bodyFor(keys: string[]) {
  return fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.dictionary(fc.constantFrom(...keys), nearlyValid).map((value) => JSON.stringify(value)),
    fc.string(),
    fc.constantFrom('{', '{"a":', 'null', '[]', '""', '{"__proto__":{"admin":true}}', '\u0000', '{"email":"a@b.co"}'.repeat(3)),
  )
}

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  who: 'nobody' | 'user' | 'admin' | 'leaving'
  keys: string[]
}

const signupKeys = ['email', 'username', 'password', 'confirmPassword', 'turnstileToken']
const titleKeys = ['content_id', 'content_type', 'title', 'poster_path', 'watch_duration', 'position', 'total_duration', 'season_number', 'episode_number', 'completed', 'owner_id']

const bodyProbes: Probe[] = [
  { method: 'POST', path: '/api/auth/signup', who: 'nobody', keys: signupKeys },
  { method: 'POST', path: '/api/auth/login', who: 'nobody', keys: ['email', 'password', 'type', 'turnstileToken'] },
  { method: 'POST', path: '/api/auth/logout', who: 'leaving', keys: ['all'] },
  { method: 'PATCH', path: '/api/me/profile', who: 'user', keys: ['username', 'full_name', 'date_of_birth', 'country', 'bio'] },
  { method: 'PATCH', path: '/api/me/profile', who: 'admin', keys: ['username', 'full_name', 'date_of_birth', 'country', 'bio'] },
  { method: 'POST', path: '/api/me/password', who: 'user', keys: ['currentPassword', 'newPassword', 'confirmPassword'] },
  { method: 'POST', path: '/api/me/watchlist', who: 'user', keys: titleKeys },
  { method: 'PUT', path: '/api/me/history', who: 'user', keys: titleKeys },
  { method: 'POST', path: '/api/me/history', who: 'user', keys: titleKeys },
  { method: 'DELETE', path: '/api/me/history', who: 'user', keys: ['all'] },
  { method: 'PUT', path: '/api/admin/settings/maintenance', who: 'admin', keys: ['enabled'] },
  { method: 'POST', path: '/api/admin/cache/purge', who: 'admin', keys: ['prefix'] },
]

async function expectNoServerError(res: Response): Promise<void> {
  const text = await res.text()
  if (res.status === 503) {
    // maintenance, switched on by a random but valid PUT above: a deliberate answer, not a failure
    expect(JSON.parse(text)).toEqual({ error: MAINTENANCE_MESSAGE })
    return
  }
  expect(res.status, text).toBeLessThan(500)
  if (res.status >= 400) {
    const body = JSON.parse(text) as { error?: unknown }
    expect(typeof body.error).toBe('string')
  }
}

describe('random request bodies', () => {
  it.each(bodyProbes.map((probe) => [`${probe.method} ${probe.path} as ${probe.who}`, probe] as const))(
    '%s never answers 5xx',
    async (_name, probe) => {
      await fc.assert(
        fc.asyncProperty(bodyFor(probe.keys), contentTypes, async (body, contentType) => {
          const account = { nobody: undefined, user, admin, leaving }[probe.who]
          const res = await call(probe.path, { method: probe.method, body, contentType: contentType || undefined, cookie: account?.cookie })
          await expectNoServerError(res)
        }),
        { numRuns: RUNS },
      )
      await env.DB.prepare("update settings set value = 'false' where key = 'maintenance'").run()
    },
    TIMEOUT_MS,
  )
})

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('movie', 'tv', '0', '-1', '603', '1e3', '99999999999999999999', '%00', '..', 'NaN'),
)

describe('random paths and query strings', () => {
  it('never answer 5xx on the watchlist and history lookups', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('watchlist', 'history'), segment, segment, fc.constantFrom('GET', 'DELETE'), async (list, type, id, method) => {
        const res = await call(`/api/me/${list}/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, { method, cookie: user.cookie })
        await expectNoServerError(res)
      }),
      { numRuns: RUNS },
    )
  }, TIMEOUT_MS)

  it('never answer 5xx on the history list and the admin user list', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/me/history', '/api/admin/users', '/api/admin/stats', '/api/admin/export', '/api/auth/me', '/api/me/profile', '/api/me/watchlist'),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom('limit', 'q', 'page', 'user_id'), fc.string()), fc.oneof(fc.string(), segment)), { maxLength: 4 }),
        async (path, pairs) => {
          const query = new URLSearchParams(pairs).toString()
          const res = await call(`${path}?${query}`, { cookie: path.startsWith('/api/admin') ? admin.cookie : user.cookie })
          await expectNoServerError(res)
        },
      ),
      { numRuns: RUNS },
    )
  }, TIMEOUT_MS)

  it('never answer 5xx for ban and unban of any id', async () => {
    await fc.assert(
      fc.asyncProperty(segment.filter((id) => id.trim() !== String(user.id)), fc.constantFrom('ban', 'unban'), async (id, action) => {
        const res = await call(`/api/admin/users/${encodeURIComponent(id)}/${action}`, { method: 'POST', cookie: admin.cookie })
        await expectNoServerError(res)
      }),
      { numRuns: RUNS },
    )
  }, TIMEOUT_MS)
})

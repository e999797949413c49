// The audit log: every administrator write under /api/admin writes exactly one row (who, what, to
// what, from where), only once it has succeeded; the log is read newest first with filters, exported
// as formula-safe CSV, never changed or deleted through D1 but by the prune of rows over a year old,
// and its API is an administrator's past the second factor alone.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuditView } from '../accounts/audit-log'
import { csvCell } from '../lib/csv'
import worker from '../index'
import { call, createAdmin, createUser, json, makeList, type TestAccount } from './helpers/accounts'
import { serveMediaHost } from './helpers/media-host'

let admin: TestAccount
let user: TestAccount

beforeAll(async () => {
  admin = await createAdmin()
  user = await createUser()
})

// Streams are loaded before they are saved: their host answers from here.
beforeEach(() => {
  serveMediaHost()
})
afterEach(() => {
  vi.restoreAllMocks()
})

async function rowsAfter(id: number): Promise<{ id: number; admin_id: number; admin_name: string; action: string; target: string | null; detail: string | null; ip: string | null }[]> {
  const { results } = await env.DB.prepare('select * from audit_log where id > ? order by id').bind(id).all()
  return results as never
}

async function lastId(): Promise<number> {
  return (await env.DB.prepare('select coalesce(max(id), 0) as id from audit_log').first<{ id: number }>())!.id
}

async function newStream(): Promise<number> {
  const res = await call('/api/admin/streams', { cookie: admin.cookie, body: { content_type: 'movie', content_id: 100000 + Math.floor(Math.random() * 800000), master_url: 'https://media.example/a/master.m3u8' } })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json<{ stream: { id: number } }>()).stream.id
}

/** Every administrator write, with what it must record; `prepare` makes what it acts on. */
const writes: { method: string; route: string; action: string; prepare: () => Promise<{ path: string; body?: unknown; target: string | null }> }[] = [
  { method: 'POST', route: '/api/admin/users/:id/ban', action: 'user.ban', prepare: async () => ({ path: `/api/admin/users/${(await createUser()).id}/ban`, target: null }) },
  {
    method: 'POST',
    route: '/api/admin/users/:id/unban',
    action: 'user.unban',
    prepare: async () => {
      const banned = await createUser()
      expect((await call(`/api/admin/users/${banned.id}/ban`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
      return { path: `/api/admin/users/${banned.id}/unban`, target: `user:${banned.id}` }
    },
  },
  { method: 'PUT', route: '/api/admin/settings/maintenance', action: 'maintenance.set', prepare: async () => ({ path: '/api/admin/settings/maintenance', body: { enabled: false }, target: null }) },
  { method: 'POST', route: '/api/admin/cache/purge', action: 'cache.purge', prepare: async () => ({ path: '/api/admin/cache/purge', target: null }) },
  {
    method: 'POST',
    route: '/api/admin/streams',
    action: 'stream.create',
    prepare: async () => ({ path: '/api/admin/streams', body: { content_type: 'movie', content_id: 900001 + Math.floor(Math.random() * 90000), master_url: 'https://media.example/b/master.m3u8' }, target: null }),
  },
  {
    method: 'PUT',
    route: '/api/admin/streams/:id',
    action: 'stream.update',
    prepare: async () => {
      const id = await newStream()
      return { path: `/api/admin/streams/${id}`, body: { content_type: 'movie', content_id: 990001 + Math.floor(Math.random() * 9000), master_url: 'https://media.example/c/master.m3u8' }, target: `stream:${id}` }
    },
  },
  {
    method: 'DELETE',
    route: '/api/admin/streams/:id',
    action: 'stream.delete',
    prepare: async () => {
      const id = await newStream()
      return { path: `/api/admin/streams/${id}`, target: `stream:${id}` }
    },
  },
  {
    method: 'POST',
    route: '/api/admin/invites',
    action: 'admin.invite',
    prepare: async () => ({ path: '/api/admin/invites', body: { email: `invited-${crypto.randomUUID()}@example.com` }, target: null }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/invites/:id',
    action: 'admin.invite.revoke',
    prepare: async () => {
      const res = await call('/api/admin/invites', { cookie: admin.cookie, body: { email: `revoked-${crypto.randomUUID()}@example.com` } })
      const { invite } = await res.json<{ invite: { id: number } }>()
      return { path: `/api/admin/invites/${invite.id}`, target: `invite:${invite.id}` }
    },
  },
  {
    method: 'POST',
    route: '/api/admin/moderation/lists/:slug/hide',
    action: 'list.hide',
    prepare: async () => {
      const slug = await makeList(await createUser(), { name: 'Reported films' })
      return { path: `/api/admin/moderation/lists/${slug}/hide`, body: { reason: 'spam', note: 'Links to a shop' }, target: `list:${slug}` }
    },
  },
  {
    method: 'POST',
    route: '/api/admin/moderation/lists/:slug/restore',
    action: 'list.restore',
    prepare: async () => {
      const slug = await makeList(await createUser(), { name: 'Reported films' })
      expect((await call(`/api/admin/moderation/lists/${slug}/hide`, { cookie: admin.cookie, body: { reason: 'other' } })).status).toBe(200)
      return { path: `/api/admin/moderation/lists/${slug}/restore`, target: `list:${slug}` }
    },
  },
]

/** A draft of the Movies page's rows: its first two built-in rows the other way round. */
async function movieDraft(): Promise<void> {
  const res = await call('/api/admin/layouts/movies/draft', { method: 'PUT', cookie: admin.cookie, body: { hero: [], rows: [{ kind: 'built-in', key: 'top-rated' }, { kind: 'built-in', key: 'popular' }] } })
  expect(res.status, await res.clone().text()).toBe(200)
}

writes.push(
  {
    method: 'PUT',
    route: '/api/admin/layouts/:page/draft',
    action: 'layout.draft',
    prepare: async () => ({ path: '/api/admin/layouts/movies/draft', body: { hero: [], rows: [{ kind: 'built-in', key: 'popular' }] }, target: 'page:movies' }),
  },
  {
    method: 'DELETE',
    route: '/api/admin/layouts/:page/draft',
    action: 'layout.discard',
    prepare: async () => {
      await movieDraft()
      return { path: '/api/admin/layouts/movies/draft', target: 'page:movies' }
    },
  },
  {
    method: 'POST',
    route: '/api/admin/layouts/:page/publish',
    action: 'layout.publish',
    prepare: async () => {
      await movieDraft()
      return { path: '/api/admin/layouts/movies/publish', target: 'page:movies' }
    },
  },
  { method: 'POST', route: '/api/admin/layouts/:page/restore', action: 'layout.restore', prepare: async () => ({ path: '/api/admin/layouts/movies/restore', body: { version: 0 }, target: 'page:movies' }) },
)

/** An intro marker of the operator's on a film of its own (a random id, so no other test's marker is in the way). */
async function newMarker(): Promise<number> {
  const res = await call('/api/admin/markers', { cookie: admin.cookie, body: { content_type: 'movie', content_id: 200000 + Math.floor(Math.random() * 700000), kind: 'intro', start_ms: 1000, end_ms: 6000, duration_ms: 12000 } })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json<{ marker: { id: number } }>()).marker.id
}

writes.push(
  { method: 'POST', route: '/api/admin/markers', action: 'marker.create', prepare: async () => ({ path: '/api/admin/markers', body: { content_type: 'tv', content_id: 1396, season_number: 1, episode_number: 1 + Math.floor(Math.random() * 90000), kind: 'credits', start_ms: 9000, end_ms: 12000, duration_ms: 12000 }, target: null }) },
  {
    method: 'PUT',
    route: '/api/admin/markers/:id',
    action: 'marker.update',
    prepare: async () => {
      const id = await newMarker()
      return { path: `/api/admin/markers/${id}`, body: { content_type: 'movie', content_id: 950001 + Math.floor(Math.random() * 9000), kind: 'intro', start_ms: 0, end_ms: 5000, duration_ms: 12000 }, target: `marker:${id}` }
    },
  },
  {
    method: 'DELETE',
    route: '/api/admin/markers/:id',
    action: 'marker.delete',
    prepare: async () => {
      const id = await newMarker()
      return { path: `/api/admin/markers/${id}`, target: `marker:${id}` }
    },
  },
)

/** Writes by method that change nothing: a stream address's check loads it and saves nothing. */
const notActions = ['POST /api/admin/streams/check']

/** Reads an administrator takes care over: they are recorded too. */
const auditedReads = [
  { path: '/api/admin/export', action: 'accounts.export' },
  { path: '/api/admin/audit/export.csv?action=user.ban', action: 'audit.export' },
]

describe('every administrator action writes one audit row', () => {
  it('covers every write route the administrator API has', () => {
    const adminWrites = worker.routes
      .filter((r) => r.path.startsWith('/api/admin/') && !['GET', 'HEAD', 'ALL', 'OPTIONS'].includes(r.method))
      .filter((r) => !notActions.includes(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`)
    const covered = writes.map((w) => `${w.method} ${w.route}`)
    expect(adminWrites.length).toBeGreaterThan(0)
    for (const route of adminWrites) expect(covered, `${route} has no audit test`).toContain(route)
  })

  it.each(writes)('$method $route records $action with the administrator, target and address', async ({ method, action, prepare }) => {
    const { path, body, target } = await prepare()
    const before = await lastId()
    const res = await call(path, { method, body, cookie: admin.cookie, ip: '203.0.113.7' })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    const rows = await rowsAfter(before)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ admin_id: admin.id, admin_name: admin.username, action, ip: '203.0.113.7' })
    if (target) expect(rows[0]!.target).toBe(target)
  })

  it.each(notActions)('%s records nothing', async (route) => {
    expect(route).toBe('POST /api/admin/streams/check')
    const before = await lastId()
    expect((await call('/api/admin/streams/check', { cookie: admin.cookie, body: { master_url: 'https://media.example/d/master.m3u8' } })).status).toBe(200)
    expect(await rowsAfter(before)).toEqual([])
  })

  it.each(auditedReads)('GET $path records $action', async ({ path, action }) => {
    const before = await lastId()
    expect((await call(path, { cookie: admin.cookie })).status).toBe(200)
    const rows = await rowsAfter(before)
    expect(rows.map((r) => r.action)).toEqual([action])
  })

  it('records nothing for an action that failed, nor for reading', async () => {
    const before = await lastId()
    expect((await call('/api/admin/users/987654321/ban', { method: 'POST', cookie: admin.cookie })).status).toBe(404)
    expect((await call('/api/admin/moderation/lists/zzzzzzzzzz/hide', { cookie: admin.cookie, body: { reason: 'spam' } })).status).toBe(404)
    expect((await call('/api/admin/moderation/lists/zzzzzzzzzz/hide', { cookie: admin.cookie, body: { reason: 'bad' } })).status).toBe(400)
    expect((await call('/api/admin/stats', { cookie: admin.cookie })).status).toBe(200)
    expect((await call('/api/admin/audit', { cookie: admin.cookie })).status).toBe(200)
    expect(await rowsAfter(before)).toEqual([])
  })

  it('records the ban with the user it names', async () => {
    const target = await createUser()
    const before = await lastId()
    await call(`/api/admin/users/${target.id}/ban`, { method: 'POST', cookie: admin.cookie })
    const [row] = await rowsAfter(before)
    expect(row).toMatchObject({ action: 'user.ban', target: `user:${target.id}` })
    expect(JSON.parse(row!.detail!)).toEqual({ username: target.username })
  })
})

describe('an administrator’s own sign-in security', () => {
  it('is recorded as admin.security without the ids in its path; a user’s is not, nor a passkey challenge', async () => {
    const own = await createAdmin()
    const setUp = await json<{ results: AuditView[] }>(await call(`/api/admin/audit?admin_id=${own.id}`, { cookie: admin.cookie }))
    expect(setUp.results.map((r) => [r.action, r.detail])).toEqual([['admin.security', { method: 'POST', path: '/api/me/two-factor/totp/enable' }]])

    let before = await lastId()
    // the challenge first: signing out everywhere ends this session too
    expect((await call('/api/me/passkeys/options', { cookie: own.cookie, body: { password: own.password, code: own.recoveryCodes![0] } })).status).toBe(200)
    expect((await call('/api/me/sessions', { method: 'DELETE', cookie: own.cookie, ip: '192.0.2.9' })).status).toBe(200)
    const rows = await rowsAfter(before)
    expect(rows.map((r) => [r.action, r.admin_id, r.ip, JSON.parse(r.detail!)])).toEqual([['admin.security', own.id, '192.0.2.9', { method: 'DELETE', path: '/api/me/sessions' }]])

    before = await lastId()
    expect((await call('/api/me/sessions', { method: 'DELETE', cookie: user.cookie })).status).toBe(200)
    expect(await rowsAfter(before)).toEqual([])
  })
})

describe('the audit API', () => {
  const endpoints = ['/api/admin/audit', '/api/admin/audit/filters', '/api/admin/audit/export.csv', '/api/admin/moderation/lists'] as const

  it.each(endpoints)('GET %s answers 401 signed out, 403 to a user and to an administrator short of the second factor', async (path) => {
    expect((await call(path)).status).toBe(401)
    const asUser = await call(path, { cookie: user.cookie })
    expect(asUser.status).toBe(403)
    const halfway = await createAdmin({ secondFactor: false })
    const asHalfway = await call(path, { cookie: halfway.cookie })
    expect(asHalfway.status).toBe(403)
    expect(await asHalfway.json()).toMatchObject({ second_factor: 'required' })
  })

  it('has no route that changes or deletes a row', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await call('/api/admin/audit', { method, cookie: admin.cookie, body: method === 'DELETE' ? undefined : {} })
      expect(res.status, method).toBe(404)
    }
    const id = await lastId()
    expect((await call(`/api/admin/audit/${id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404)
  })

  it('lists newest first, filters by action, administrator and dates, and pages', async () => {
    const other = await createAdmin()
    for (let i = 0; i < 3; i++) await call('/api/admin/cache/purge', { method: 'POST', cookie: other.cookie })
    await call('/api/admin/settings/maintenance', { method: 'PUT', cookie: other.cookie, body: { enabled: false } })

    const byOther = await json<{ results: AuditView[]; next: number | null }>(await call(`/api/admin/audit?admin_id=${other.id}`, { cookie: admin.cookie }))
    // the oldest: turning its authenticator app on, as it was made
    expect(byOther.results.map((r) => r.action)).toEqual(['maintenance.set', 'cache.purge', 'cache.purge', 'cache.purge', 'admin.security'])
    expect(byOther.results[0]).toMatchObject({ admin_id: other.id, admin_name: other.username, detail: { enabled: false } })
    expect(byOther.next).toBeNull()

    const purges = await json<{ results: AuditView[] }>(await call(`/api/admin/audit?admin_id=${other.id}&action=cache.purge`, { cookie: admin.cookie }))
    expect(purges.results).toHaveLength(3)
    const ids = purges.results.map((r) => r.id)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)

    const today = new Date().toISOString().slice(0, 10)
    const inRange = await json<{ results: AuditView[] }>(await call(`/api/admin/audit?admin_id=${other.id}&from=${today}&to=${today}`, { cookie: admin.cookie }))
    expect(inRange.results).toHaveLength(5)
    const past = await json<{ results: AuditView[] }>(await call(`/api/admin/audit?admin_id=${other.id}&to=2020-01-01`, { cookie: admin.cookie }))
    expect(past.results).toEqual([])

    const filters = await json<{ actions: string[]; admins: { id: number; name: string }[] }>(await call('/api/admin/audit/filters', { cookie: admin.cookie }))
    expect(filters.actions).toContain('list.hide')
    expect(filters.admins).toContainEqual({ id: other.id, name: other.username })

    // 60 rows page as 50, then the rest
    const third = await createAdmin()
    const rows = Array.from({ length: 60 }, (_, i) => env.DB.prepare("insert into audit_log (admin_id, admin_name, action, at) values (?, ?, 'cache.purge', ?)").bind(third.id, third.username, new Date(Date.now() - i * 1000).toISOString()))
    await env.DB.batch(rows)
    const first = await json<{ results: AuditView[]; next: number | null }>(await call(`/api/admin/audit?admin_id=${third.id}&action=cache.purge`, { cookie: admin.cookie }))
    expect(first.results).toHaveLength(50)
    expect(first.next).not.toBeNull()
    const second = await json<{ results: AuditView[]; next: number | null }>(await call(`/api/admin/audit?admin_id=${third.id}&action=cache.purge&before=${first.next}`, { cookie: admin.cookie }))
    expect(second.results).toHaveLength(10)
    expect(second.next).toBeNull()
    expect(new Set([...first.results, ...second.results].map((r) => r.id)).size).toBe(60)
  })

  it('refuses bad filters with 400', async () => {
    for (const query of ['from=2026-13-45', 'to=yesterday', 'admin_id=-1', 'before=abc', 'action=DROP%20TABLE', 'unknown=1']) {
      const res = await call(`/api/admin/audit?${query}`, { cookie: admin.cookie })
      expect(res.status, query).toBe(400)
      expect(Object.keys(await res.json<object>())).toEqual(['error'])
    }
  })
})

describe('the CSV export', () => {
  it('quotes what needs quoting and keeps formulas from running', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell(null)).toBe('')
    expect(csvCell(42)).toBe('42')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"')
  })

  it('exports the filtered rows of an administrator whose name is a formula, safely', async () => {
    const sly = await createAdmin({ username: `=SUM(1,2)${Date.now()}` })
    const target = await createUser()
    await call(`/api/admin/users/${target.id}/ban`, { method: 'POST', cookie: sly.cookie, ip: '198.51.100.4' })
    const res = await call(`/api/admin/audit/export.csv?admin_id=${sly.id}&action=user.ban`, { cookie: admin.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('text/csv')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = (await res.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('id,at,admin_id,admin_name,action,target,detail,ip')
    expect(lines).toHaveLength(2)
    const line = lines[1]!
    expect(line).toContain(`,"'${sly.username}",user.ban,user:${target.id},`)
    expect(line).toContain(`"{""username"":""${target.username}""}"`)
    expect(line.endsWith(',198.51.100.4')).toBe(true)
  })
})

describe('keeping the log', () => {
  it('D1 refuses to change any row or delete one younger than a year', async () => {
    const before = await lastId()
    await call('/api/admin/cache/purge', { method: 'POST', cookie: admin.cookie })
    const [row] = await rowsAfter(before)
    await expect(env.DB.prepare("update audit_log set action = 'nothing' where id = ?").bind(row!.id).run()).rejects.toThrow(/never changed/)
    await expect(env.DB.prepare('delete from audit_log where id = ?').bind(row!.id).run()).rejects.toThrow(/kept for a year/)
    expect(await env.DB.prepare('select action from audit_log where id = ?').bind(row!.id).first()).toEqual({ action: 'cache.purge' })
  })

  it('the Cron Trigger deletes the rows older than a year and keeps the rest', async () => {
    const year = 365 * 86_400_000
    const old = await createAdmin()
    const stamps = [Date.now() - 2 * year, Date.now() - year - 3 * 86_400_000, Date.now() - year + 86_400_000, Date.now() - 1000]
    await env.DB.batch(stamps.map((t) => env.DB.prepare("insert into audit_log (admin_id, admin_name, action, at) values (?, 'old', 'cache.purge', ?)").bind(old.id, new Date(t).toISOString())))
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '0 * * * *' }), env, ctx)
    await waitOnExecutionContext(ctx)
    const { results } = await env.DB.prepare('select at from audit_log where admin_id = ? and admin_name = ? order by at').bind(old.id, 'old').all<{ at: string }>()
    expect(results.map((r) => r.at)).toEqual(stamps.slice(2).map((t) => new Date(t).toISOString()))
  })
})

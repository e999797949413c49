// The admin figures and the admin search at scale: 100,000 users and 1,000,000 history rows (plus
// watchlists), seeded with a few large INSERT ... SELECT statements, the figures' triggers firing
// for every row as the stores' copies would make them fire. Each request reads at most a few
// hundred rows (D1's own rows_read), whatever the number of accounts and rows, and a later page
// reads no more than the first.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DashboardStats, UsersPage } from '../accounts/admin'
import app from '../index'
import { createAdmin, ORIGIN, type TestAccount } from './helpers/accounts'
import { countD1, type D1Counter } from './helpers/d1-counter'

const USERS = 100_000
const HISTORY_PER_USER = 10
const SAVED_PER_USER = 3
/** "A few hundred rows" a request. */
const ROWS_BUDGET = 400

let admin: TestAccount

beforeAll(async () => {
  admin = await createAdmin()
  const day = 86_400_000
  const now = Date.now()
  // users over the last 400 days, signed in over the last 60; every 7th has no sign-in yet
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO users (email, username, password_hash, created_at, last_login)
     SELECT 'scale' || i || '@example.com', 'scale_' || i, 'pbkdf2-sha512$100000$AA==$AA==',
            strftime('%Y-%m-%dT%H:%M:%fZ', (?2 - (i % 400) * ?3) / 1000.0, 'unixepoch'),
            CASE WHEN i % 7 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', (?2 - (i % 60) * ?3) / 1000.0, 'unixepoch') END
     FROM n`,
  )
    .bind(USERS, now, day)
    .run()
  const seed = (table: 'watch_history' | 'watchlist', per: number, at: string) =>
    env.DB.prepare(
      `WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ?1 - 1)
       INSERT INTO ${table} (owner_type, owner_id, content_id, content_type, title, ${at})
       SELECT 'user', u.id, ((u.id + k.j * 613) % 20000) + 1, 'movie', 'Title ' || (((u.id + k.j * 613) % 20000) + 1), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       FROM users u, k WHERE u.email LIKE 'scale%'`,
    )
      .bind(per)
      .run()
  await seed('watch_history', HISTORY_PER_USER, 'watched_at')
  await seed('watchlist', SAVED_PER_USER, 'added_at')
}, 300_000)

async function measured<T>(path: string): Promise<{ body: T; counter: D1Counter; rowsRead: number }> {
  const counter = countD1(env.DB)
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { Cookie: admin.cookie } }), { ...env, DB: counter.db }, ctx)
  await waitOnExecutionContext(ctx)
  expect(res.status, await res.clone().text()).toBe(200)
  const rowsRead = await counter.rowsRead()
  console.log(`${path}: ${counter.queries()} D1 queries, ${rowsRead} rows read`)
  return { body: await res.json<T>(), counter, rowsRead }
}

describe('with 100,000 users and 1,000,000 history rows', () => {
  it('has them all', async () => {
    const rows = await env.DB.prepare("select (select count(*) from users where email like 'scale%') as u, (select count(*) from watch_history) as h").first<{ u: number; h: number }>()
    expect(rows).toEqual({ u: USERS, h: USERS * HISTORY_PER_USER })
  })

  it('the admin figures read a few hundred rows at most, and are right', async () => {
    const { body, rowsRead } = await measured<DashboardStats>('/api/admin/stats')
    expect(rowsRead).toBeLessThanOrEqual(ROWS_BUDGET)
    const truth = await env.DB.prepare(
      `select (select count(*) from users) as users, (select count(*) from watch_history) as history, (select count(*) from watchlist) as saved,
              (select count(*) from users where last_login >= ?1) as active7, (select count(*) from users where last_login >= ?2) as active30`,
    )
      .bind(new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10), new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10))
      .first<{ users: number; history: number; saved: number; active7: number; active30: number }>()
    expect(body).toMatchObject({ users: truth!.users, historyEntries: truth!.history, watchlistEntries: truth!.saved, activeUsers7d: truth!.active7, activeUsers30d: truth!.active30 })
    expect(body.mostWatched).toHaveLength(10)
    const top = await env.DB.prepare('select content_id, count(*) as n from watch_history group by content_type, content_id order by n desc limit 1').first<{ content_id: number; n: number }>()
    expect(body.mostWatched[0]!.count).toBe(top!.n)
    expect(body.signupsPerDay.reduce((sum, d) => sum + d.count, 0)).toBeGreaterThan(USERS / 400 * 29)
  })

  it('the user list reads a few hundred rows a page, the 50th page no more than the first', async () => {
    const first = await measured<UsersPage>('/api/admin/users')
    expect(first.body.results).toHaveLength(20)
    expect(first.body.total_results).toBeGreaterThanOrEqual(USERS)
    expect(first.rowsRead).toBeLessThanOrEqual(ROWS_BUDGET)
    let after = first.body.next
    let later = first
    for (let page = 2; page <= 50; page++) {
      later = await measured<UsersPage>(`/api/admin/users?after=${after}&page=${page}`)
      after = later.body.next
    }
    expect(later.body.results).toHaveLength(20)
    expect(later.body.results[0]!.id).toBeLessThan(first.body.results[0]!.id - 48 * 20)
    expect(later.rowsRead).toBeLessThanOrEqual(first.rowsRead + 5)
    expect(later.counter.statements.some((s) => /offset/i.test(s.sql))).toBe(false)
  })

  it('a search reads a few hundred rows, however many accounts match, and pages through them in order', async () => {
    // 'scale1' starts 11,111 e-mails and as many usernames
    const first = await measured<UsersPage>('/api/admin/users?q=scale1')
    expect(first.rowsRead).toBeLessThanOrEqual(ROWS_BUDGET)
    expect(first.body.results).toHaveLength(20)
    expect(first.body.total_capped).toBe(true)
    const emails = first.body.results.map((r) => r.email)
    expect(emails).toEqual([...emails].sort())
    const second = await measured<UsersPage>(`/api/admin/users?q=scale1&after=${encodeURIComponent(first.body.next!)}&page=2`)
    expect(second.rowsRead).toBeLessThanOrEqual(ROWS_BUDGET)
    expect(second.body.results[0]!.email > emails.at(-1)!).toBe(true)
    // a narrow search is counted exactly
    const one = await measured<UsersPage>('/api/admin/users?q=SCALE12345@')
    expect(one.body.results.map((r) => r.email)).toEqual(['scale12345@example.com'])
    expect(one.body).toMatchObject({ total_results: 1, total_capped: false, next: null })
  })
})

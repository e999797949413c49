// Taking one's data out (JSON, and CSV that Letterboxd imports) and deleting one's account, through
// the real worker with real D1: only the caller's rows, every row gone on deletion, every session
// ended, the admin figures following, and nothing lost on a wrong password.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from './catalog-data'
import { runInDurableObject } from 'cloudflare:test'
import { call, createAdmin, createUser, json, type TestAccount } from './helpers/accounts'
import { flushCopies, storeStub, storeTables } from './helpers/stores'

beforeAll(async () => {
  await loadCatalog()
})

async function fill(account: TestAccount) {
  for (const item of [
    { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null },
    { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null },
    { content_id: 238, content_type: 'movie', title: '=HYPERLINK("x"), "quoted"', poster_path: null },
    { content_id: 2083180, content_type: 'movie', title: 'Halloween', poster_path: null },
  ]) {
    expect((await call('/api/me/watchlist', { cookie: account.cookie, body: item })).status).toBe(201)
  }
  const progress = { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null, watch_duration: 120, position: 120, total_duration: 3000, season_number: 2, episode_number: 3, completed: false }
  expect((await call('/api/me/history', { method: 'PUT', cookie: account.cookie, body: progress })).status).toBe(200)
  const film = { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null, watch_duration: 600, position: 600, total_duration: 9000, completed: false }
  expect((await call('/api/me/history', { method: 'PUT', cookie: account.cookie, body: film })).status).toBe(200)
  const made = await call('/api/me/lists', { cookie: account.cookie, body: { name: 'Winter nights', description: 'Long ones', is_public: true } })
  const { slug } = (await json<{ list: { slug: string } }>(made)).list
  for (const item of [
    { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null },
    { content_id: 155, content_type: 'movie', title: '@SUM(A1)', poster_path: null },
  ]) {
    expect((await call(`/api/me/lists/${slug}/items`, { cookie: account.cookie, body: item })).status).toBe(201)
  }
  return slug
}

async function count(sql: string, id: number): Promise<number> {
  return (await env.DB.prepare(sql).bind(id).first<{ n: number }>())!.n
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++
      else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') row.push(cell), (cell = '')
    else if (ch === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++
    else cell += ch
  }
  return rows
}

describe('GET /api/me/export...', () => {
  it('answers 401 without a session', async () => {
    for (const path of ['/api/me/export.json', '/api/me/export/watchlist.csv', '/api/me/export/history.csv']) {
      expect((await call(path)).status, path).toBe(401)
    }
  })

  it('gives the account, its watchlist, history and sessions as JSON, and none of another account’s rows', async () => {
    const me = await createUser()
    const other = await createUser()
    await fill(me)
    expect((await call('/api/me/watchlist', { cookie: other.cookie, body: { content_id: 550, content_type: 'movie', title: 'Fight Club', poster_path: null } })).status).toBe(201)
    const res = await call('/api/me/export.json', { cookie: me.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="reelhouse-my-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const data = await json<{
      account: Record<string, unknown>
      watchlist: { content_id: number; year: number | null }[]
      history: { content_id: number; season_number: number | null; status: string }[]
      lists: { name: string; description: string | null; is_public: boolean; path: string; items: { content_id: number; year: number | null }[] }[]
      sessions: unknown[]
    }>(res)
    expect(data.account.email).toBe(me.email)
    expect(data.account).not.toHaveProperty('password_hash')
    expect(data.watchlist.map((i) => i.content_id).sort((a, b) => a - b)).toEqual([155, 238, 1399, 2083180])
    expect(data.watchlist.find((i) => i.content_id === 155)?.year).toBe(2008)
    expect(data.history.find((i) => i.content_id === 1399)).toMatchObject({ season_number: 2, status: 'In Progress' })
    expect(data.sessions.length).toBeGreaterThanOrEqual(1)
    expect(data.lists).toHaveLength(1)
    expect(data.lists[0]).toMatchObject({ name: 'Winter nights', description: 'Long ones', is_public: true, path: expect.stringMatching(/^\/list\/[a-z0-9]{10}$/) })
    expect(data.lists[0]!.items.map((i) => [i.content_id, i.year])).toEqual([[1399, 2011], [155, 2008]])
    expect(JSON.stringify(data)).not.toContain('Fight Club')
  })

  it('carries the plays, the ratings and the preferences', async () => {
    const me = await createUser()
    const store = storeStub('user', me.id)
    const owner = { type: 'user' as const, id: me.id }
    await store.markWatched(owner, [{ content_type: 'tv', content_id: 1399, season_number: 1, episode_number: 2, title: 'Game of Thrones', poster_path: null }], true)
    await store.rate(owner, [{ content_type: 'movie', content_id: 155, title: 'The Dark Knight', poster_path: null, rating: 9 }])
    await store.setPreferences(owner, { spoiler_safe: true })
    const data = await json<{ plays: unknown[]; ratings: unknown[]; preferences: unknown }>(await call('/api/me/export.json', { cookie: me.cookie }))
    expect(data.plays).toEqual([expect.objectContaining({ content_type: 'tv', content_id: 1399, season_number: 1, episode_number: 2, title: 'Game of Thrones' })])
    expect(data.ratings).toEqual([expect.objectContaining({ content_type: 'movie', content_id: 155, rating: 9 })])
    expect(data.preferences).toEqual({ hide_watched: false, spoiler_safe: true })
  })

  it('gives CSV in Letterboxd’s columns, series kept apart from film ids and formulas defused', async () => {
    const me = await createUser()
    const slug = await fill(me)
    const listed = await call(`/api/me/export/lists/${slug}.csv`, { cookie: me.cookie })
    expect(listed.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="reelhouse-list-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`))
    const listRows = parseCsv(await listed.text())
    expect(listRows[0]).toEqual(['Position', 'Title', 'Year', 'tmdbID', 'Type', 'tmdbTvID', 'AddedDate'])
    expect(listRows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['1', 'Game of Thrones', '2011', '', 'series', '1399'],
      ['2', "'@SUM(A1)", '2008', '155', 'film', ''],
    ])
    // Only the account's own lists.
    const stranger = await createUser()
    expect((await call(`/api/me/export/lists/${slug}.csv`, { cookie: stranger.cookie })).status).toBe(404)
    const list = await call('/api/me/export/watchlist.csv', { cookie: me.cookie })
    expect(list.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const rows = parseCsv(await list.text())
    expect(rows[0]).toEqual(['Title', 'Year', 'tmdbID', 'Type', 'tmdbTvID', 'AddedDate'])
    const byTitle = new Map(rows.slice(1).map((r) => [r[0], r]))
    expect(byTitle.get('The Dark Knight')?.slice(1, 5)).toEqual(['2008', '155', 'film', ''])
    expect(byTitle.get('Game of Thrones')?.slice(1, 5)).toEqual(['2011', '', 'series', '1399'])
    expect(byTitle.get(`'=HYPERLINK("x"), "quoted"`)?.[2]).toBe('238')
    // A film numbered by the embedded catalogue itself has no TMDB id to give.
    expect(byTitle.get('Halloween')?.slice(1, 5)).toEqual(['1978', '', 'film', ''])

    const history = parseCsv(await (await call('/api/me/export/history.csv', { cookie: me.cookie })).text())
    expect(history[0]).toEqual(['Title', 'Year', 'tmdbID', 'WatchedDate', 'Type', 'tmdbTvID', 'Season', 'Episode', 'SecondsWatched', 'Status'])
    const got = history.slice(1).find((r) => r[0] === 'Game of Thrones')!
    expect(got.slice(4)).toEqual(['series', '1399', '2', '3', '120', 'In Progress'])
    expect(got[3]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('DELETE /api/me/account', () => {
  it('keeps everything on a wrong or missing password', async () => {
    const me = await createUser()
    await fill(me)
    const wrong = await call('/api/me/account', { method: 'DELETE', cookie: me.cookie, body: { password: 'not the password' } })
    expect(wrong.status).toBe(400)
    expect(await json(wrong)).toEqual({ error: 'Password is incorrect' })
    const missing = await call('/api/me/account', { method: 'DELETE', cookie: me.cookie, body: {} })
    expect(missing.status).toBe(400)
    expect((await call('/api/me/profile', { cookie: me.cookie })).status).toBe(200)
    expect((await json<{ results: unknown[] }>(await call('/api/me/watchlist', { cookie: me.cookie }))).results).toHaveLength(4)
    await flushCopies()
    expect(await count('select count(*) n from watchlist where owner_type = "user" and owner_id = ?', me.id)).toBe(4)
  })

  it('deletes the account and every row it owns, ends every session, and the admin figures follow', async () => {
    const admin = await createAdmin()
    const me = await createUser()
    const other = await createUser()
    await fill(me)
    await fill(other)
    // a second browser signed in to the same account
    const second = await call('/api/auth/login', { body: { email: me.email, password: me.password, type: 'user' } })
    const secondCookie = second.headers.get('set-cookie')!.split(';')[0]!
    // the figures count D1's copy of the watchlists and histories, which the stores write in batches
    await flushCopies()
    const before = await json<{ users: number; watchlistEntries: number; historyEntries: number }>(await call('/api/admin/stats', { cookie: admin.cookie }))

    // rows of the tables an account may hold besides its lists: a passkey and a reset link
    await env.DB.prepare("insert into passkeys (id, owner_type, owner_id, public_key, name) values (?, 'user', ?, 'pk', 'Laptop')").bind(`pk-${me.id}`, me.id).run()
    await env.DB.prepare("insert into password_resets (token_hash, owner_type, owner_id, expires_at) values (?, 'user', ?, '2099-01-01T00:00:00Z')").bind(`h-${me.id}`, me.id).run()
    const myListIds = await env.DB.prepare("select id from user_lists where owner_type = 'user' and owner_id = ?").bind(me.id).all<{ id: number }>()
    expect(myListIds.results).toHaveLength(1)
    const res = await call('/api/me/account', { method: 'DELETE', cookie: me.cookie, body: { password: me.password } })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ message: 'Your account has been deleted' })
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/)

    for (const table of ['watchlist', 'watch_history', 'sessions', 'passkeys', 'password_resets', 'recovery_codes', 'user_lists']) {
      expect(await count(`select count(*) n from ${table} where owner_type = 'user' and owner_id = ?`, me.id), table).toBe(0)
    }
    expect(await count('select count(*) n from user_list_items where list_id = ?', myListIds.results[0]!.id)).toBe(0)
    expect(await count(`select count(*) n from user_lists where owner_type = 'user' and owner_id = ?`, other.id)).toBe(1)
    expect(await count('select count(*) n from users where id = ?', me.id)).toBe(0)
    // the account's store is gone with everything in it, its alarm too, and stays gone
    expect(await storeTables('user', me.id)).toEqual([])
    expect(await runInDurableObject(storeStub('user', me.id), (_instance, state) => state.storage.getAlarm())).toBeNull()
    // so no browser of the account is answered, not even within the minute its token is trusted
    expect((await call('/api/me/profile', { cookie: me.cookie })).status).toBe(401)
    expect((await call('/api/me/profile', { cookie: secondCookie })).status).toBe(401)
    expect((await call('/api/me/history', { method: 'PUT', cookie: secondCookie, body: { content_id: 1, content_type: 'movie', title: 'x' } })).status).toBe(401)
    expect(await storeTables('user', me.id)).toEqual([])
    // the other account is untouched
    expect(await count(`select count(*) n from watchlist where owner_type = 'user' and owner_id = ?`, other.id)).toBe(4)
    expect(await count(`select count(*) n from watch_history where owner_type = 'user' and owner_id = ?`, other.id)).toBe(2)
    const after = await json<{ users: number; watchlistEntries: number; historyEntries: number }>(await call('/api/admin/stats', { cookie: admin.cookie }))
    expect(after.users).toBe(before.users - 1)
    expect(after.watchlistEntries).toBe(before.watchlistEntries - 4)
    expect(after.historyEntries).toBe(before.historyEntries - 2)
    // the address can be used again
    expect((await call('/api/auth/signup', { body: { email: me.email, username: me.username, password: me.password, confirmPassword: me.password } })).status).toBe(201)
  })

  it('is refused to administrators and without a session', async () => {
    const admin = await createAdmin()
    const res = await call('/api/me/account', { method: 'DELETE', cookie: admin.cookie, body: { password: admin.password } })
    expect(res.status).toBe(403)
    expect(await count('select count(*) n from admin_users where id = ?', admin.id)).toBe(1)
    expect((await call('/api/me/account', { method: 'DELETE', body: { password: 'x' } })).status).toBe(401)
  })
})

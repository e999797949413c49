// Profiles in one account: each with its own viewing, "Who's watching?" for a new browser of an
// account with several, a kids profile's session kept from what belongs to the account, PINs
// checked and limited on the server, and the profiles in the export and gone with the account.
import { env, exports } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { PIN_FIRST_WAIT_MS, PIN_TRIES } from '../accounts/profiles'
import { call, createAdmin, createUser, devMail, json, sessionCookieFrom, signIn, type TestAccount } from './helpers/accounts'
import { flushCopies, laterThanSessionCheck } from './helpers/stores'

interface Profile {
  id: number
  name: string
  avatar: string
  locale: string | null
  ceiling: 'kids' | 'teens' | 'all'
  kids: boolean
  locked: boolean
  own: boolean
}

interface Me {
  viewer: { id: number; name: string; avatar: string; ceiling: string; kids: boolean } | null
  profiles: number
  choose_profile: boolean
}

const matrix = { content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: '/matrix.jpg' }
const toyStory = { content_id: 862, content_type: 'movie', title: 'Toy Story', poster_path: '/toy.jpg' }

async function addProfile(cookie: string, fields: Partial<Profile> & { pin?: string } = {}): Promise<Response> {
  return call('/api/me/profiles', { cookie, body: { name: 'Sam', avatar: 'owl', ceiling: 'all', ...fields } })
}

async function made(cookie: string, fields: Partial<Profile> = {}): Promise<Profile> {
  const res = await addProfile(cookie, fields)
  expect(res.status, await res.clone().text()).toBe(201)
  return (await json<{ profile: Profile }>(res)).profile
}

/** Chooses a profile for the browser whose cookie this is; answers the response and the cookie it leaves. */
async function choose(cookie: string, id: number, pin?: string): Promise<{ res: Response; cookie: string }> {
  const res = await call(`/api/me/profiles/${id}/choose`, { cookie, body: pin === undefined ? {} : { pin } })
  return { res, cookie: sessionCookieFrom(res) ?? cookie }
}

async function me(cookie: string): Promise<Me> {
  const res = await call('/api/auth/me', { cookie })
  expect(res.status).toBe(200)
  return json<Me>(res)
}

async function watchlistIds(cookie: string): Promise<number[]> {
  const res = await call('/api/me/watchlist', { cookie })
  expect(res.status).toBe(200)
  return (await json<{ results: { content_id: number }[] }>(res)).results.map((r) => r.content_id)
}

async function setPin(account: TestAccount, id: number, pin: string | null, cookie = account.cookie): Promise<Response> {
  return call(`/api/me/profiles/${id}/pin`, { method: 'PUT', cookie, body: { password: account.password, pin } })
}

/** An account with a second profile, and a browser of it that chose that profile. */
async function withSecondProfile(fields: Partial<Profile> = {}): Promise<{ account: TestAccount; second: Profile; secondBrowser: string }> {
  const account = await createUser()
  const second = await made(account.cookie, fields)
  const { cookie } = await signIn(account.email, account.password)
  const chosen = await choose(cookie, second.id)
  expect(chosen.res.status).toBe(200)
  return { account, second, secondBrowser: chosen.cookie }
}

describe('profiles', () => {
  it('an account starts with its own profile, named after it, and pages know whose it is', async () => {
    const account = await createUser()
    const listed = await json<{ profiles: Profile[]; current: number | null; max: number; guard: boolean }>(await call('/api/me/profiles', { cookie: account.cookie }))
    expect(listed.profiles).toEqual([{ id: 1, name: account.username, avatar: 'fox', locale: null, ceiling: 'all', kids: false, locked: false, own: true }])
    expect(listed).toMatchObject({ current: 1, max: 5, guard: false })
    expect(await me(account.cookie)).toMatchObject({ viewer: { id: 1, ceiling: 'all', kids: false }, profiles: 1, choose_profile: false })
    // one profile: signing in goes straight to it
    const login = await call('/api/auth/login', { body: { email: account.email, password: account.password, type: 'user' } })
    expect(await json(login)).not.toHaveProperty('choose_profile')
  })

  it("the admin list shows each account's profiles, counted as they are added and removed", async () => {
    const admin = await createAdmin()
    const account = await createUser()
    const listed = async () => {
      const page = await json<{ results: { id: number; profileCount: number }[] }>(await call(`/api/admin/users?q=${encodeURIComponent(account.email)}`, { cookie: admin.cookie }))
      return page.results.find((row) => row.id === account.id)?.profileCount
    }
    expect(await listed()).toBe(1)
    await made(account.cookie)
    const third = await made(account.cookie)
    expect(await listed()).toBe(3)
    expect((await call(`/api/me/profiles/${third.id}`, { method: 'DELETE', cookie: account.cookie })).status).toBe(204)
    expect(await listed()).toBe(2)
  })

  it('up to 5 profiles; names, avatars, languages and ceilings are checked', async () => {
    const account = await createUser()
    for (let i = 2; i <= 5; i++) expect((await made(account.cookie, { name: `P${i}` })).id).toBe(i)
    const sixth = await addProfile(account.cookie)
    expect(sixth.status).toBe(409)
    expect(await json(sixth)).toEqual({ error: 'An account can have at most 5 profiles.' })
    for (const bad of [{ name: '' }, { name: 'x'.repeat(31) }, { avatar: 'dragon' }, { ceiling: 'adults' }, { locale: 'xx' }, { extra: 1 }]) {
      const res = await call('/api/me/profiles/2', { method: 'PATCH', cookie: account.cookie, body: bad })
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(typeof (await json<{ error: string }>(res)).error).toBe('string')
    }
    expect((await call('/api/me/profiles/1', { method: 'DELETE', cookie: account.cookie })).status).toBe(400)
    expect((await call('/api/me/profiles/9', { method: 'DELETE', cookie: account.cookie })).status).toBe(400)
    expect((await call('/api/me/profiles/5', { method: 'DELETE', cookie: account.cookie })).status).toBe(204)
    expect((await made(account.cookie)).id).toBe(5)
  })

  it('a new browser of an account with several profiles is asked who is watching, and reads no profile until it answers', async () => {
    const { account } = await withSecondProfile()
    const login = await call('/api/auth/login', { body: { email: account.email, password: account.password, type: 'user' } })
    expect(await json(login)).toMatchObject({ id: account.id, choose_profile: true })
    const cookie = sessionCookieFrom(login)!
    expect(await me(cookie)).toMatchObject({ viewer: null, profiles: 2, choose_profile: true })
    const refused = await call('/api/me/watchlist', { cookie })
    expect(refused.status).toBe(409)
    expect(await json(refused)).toEqual({ error: "Choose who's watching first.", choose_profile: true })
    expect((await call('/api/me/history', { method: 'PUT', cookie, body: matrix })).status).toBe(409)
    // a page of the site asks who is watching first, in the page's language
    for (const [path, to] of [['/', '/profiles'], ['/es/movies', '/es/profiles'], ['/watchlist', '/profiles']]) {
      const page = await exports.default.fetch(`http://localhost${path}`, { headers: { Accept: 'text/html', Cookie: cookie }, redirect: 'manual' })
      expect(page.status, path).toBe(302)
      expect(new URL(page.headers.get('Location')!, 'http://localhost').pathname, path).toBe(to)
      expect(page.headers.get('Cache-Control'), path).toBe('private, no-store')
    }
    const chosen = await choose(cookie, 1)
    expect(chosen.res.status).toBe(200)
    expect((await call('/', { cookie: chosen.cookie, headers: { Accept: 'text/html' } })).status).toBe(200)
    // the browser drops what it cached for whoever watched before (a visitor's catalogue answers among them)
    expect(chosen.res.headers.get('Clear-Site-Data')).toBe('"cache"')
    expect(await me(chosen.cookie)).toMatchObject({ viewer: { id: 1 }, choose_profile: false })
    expect((await call('/api/me/watchlist', { cookie: chosen.cookie })).status).toBe(200)
  })

  it('each profile keeps its own watchlist, history and Continue watching, and the D1 copy tells them apart', async () => {
    const { account, secondBrowser } = await withSecondProfile()
    expect((await call('/api/me/watchlist', { cookie: account.cookie, body: matrix })).status).toBe(201)
    expect((await call('/api/me/watchlist', { cookie: secondBrowser, body: toyStory })).status).toBe(201)
    expect((await call('/api/me/watchlist', { cookie: secondBrowser, body: matrix })).status).toBe(201)
    expect(await watchlistIds(account.cookie)).toEqual([603])
    expect((await watchlistIds(secondBrowser)).sort()).toEqual([603, 862])
    await call('/api/me/history', { method: 'PUT', cookie: secondBrowser, body: { ...toyStory, position: 600, total_duration: 4800, watch_duration: 600 } })
    const continueOf = async (cookie: string) => (await json<{ results: { content_id: number }[] }>(await call('/api/me/continue-watching', { cookie }))).results.map((r) => r.content_id)
    expect(await continueOf(secondBrowser)).toEqual([862])
    expect(await continueOf(account.cookie)).toEqual([])
    await flushCopies()
    const copied = await env.DB.prepare('SELECT profile, content_id FROM watchlist WHERE owner_type = ? AND owner_id = ? ORDER BY profile, content_id').bind('user', account.id).all()
    expect(copied.results).toEqual([
      { profile: 1, content_id: 603 },
      { profile: 2, content_id: 603 },
      { profile: 2, content_id: 862 },
    ])
    // removing the title from one profile leaves the other's copy alone
    expect((await call('/api/me/watchlist/movie/603', { method: 'DELETE', cookie: secondBrowser })).status).toBe(200)
    await flushCopies()
    const left = await env.DB.prepare('SELECT profile, content_id FROM watchlist WHERE owner_type = ? AND owner_id = ? ORDER BY profile, content_id').bind('user', account.id).all()
    expect(left.results).toEqual([
      { profile: 1, content_id: 603 },
      { profile: 2, content_id: 862 },
    ])
  })

  it('an import goes into the profile that runs it, its lists too', async () => {
    const { account, secondBrowser } = await withSecondProfile()
    const body = { watchlist: [toyStory], lists: [{ name: 'Imported favourites', items: [matrix] }] }
    expect((await call('/api/me/import/apply', { cookie: secondBrowser, body })).status).toBe(200)
    expect(await watchlistIds(secondBrowser)).toEqual([862])
    expect(await watchlistIds(account.cookie)).toEqual([])
    const listsOf = async (cookie: string) => (await json<{ results: { name: string }[] }>(await call('/api/me/lists', { cookie }))).results.map((l) => l.name)
    expect(await listsOf(secondBrowser)).toEqual(['Imported favourites'])
    expect(await listsOf(account.cookie)).toEqual([])
  })

  it("a profile's private list is its own: another profile of the account, or a browser that has not chosen, gets 404", async () => {
    const { account, secondBrowser } = await withSecondProfile()
    const res = await call('/api/me/lists', { cookie: account.cookie, body: { name: 'Grown-up films', is_public: false } })
    expect(res.status).toBe(201)
    const { list } = await json<{ list: { slug: string } }>(res)
    expect((await call(`/api/lists/${list.slug}`, { cookie: account.cookie })).status).toBe(200)
    expect((await call(`/api/lists/${list.slug}`, { cookie: secondBrowser })).status).toBe(404)
    expect((await json<{ results: unknown[] }>(await call('/api/me/lists', { cookie: secondBrowser }))).results).toEqual([])
    const { cookie: unchosen } = await signIn(account.email, account.password)
    expect((await call(`/api/lists/${list.slug}`, { cookie: unchosen })).status).toBe(404)
  })

  it("removing a profile removes its lists (a public one stops showing) and its D1 copies; a new profile of that number starts with none", async () => {
    const { account, second, secondBrowser } = await withSecondProfile()
    const res = await call('/api/me/lists', { cookie: secondBrowser, body: { name: 'Shared picks', is_public: true } })
    const { list } = await json<{ list: { slug: string } }>(res)
    expect((await call(`/api/lists/${list.slug}`)).status).toBe(200)
    const mine = await json<{ list: { slug: string } }>(await call('/api/me/lists', { cookie: account.cookie, body: { name: 'Grown-up picks', is_public: true } }))
    expect((await call('/api/me/watchlist', { cookie: secondBrowser, body: toyStory })).status).toBe(201)
    await flushCopies()
    expect((await call(`/api/me/profiles/${second.id}`, { method: 'DELETE', cookie: account.cookie })).status).toBe(204)
    expect((await call(`/api/lists/${list.slug}`)).status).toBe(404)
    // the other profiles' public lists stay as they were
    expect((await call(`/api/lists/${mine.list.slug}`)).status).toBe(200)
    const left = await env.DB.prepare('SELECT count(*) AS n FROM watchlist WHERE owner_type = ? AND owner_id = ? AND profile = ?').bind('user', account.id, second.id).first<{ n: number }>()
    expect(left?.n).toBe(0)
    const again = await made(account.cookie, { ceiling: 'kids' })
    const { cookie } = await signIn(account.email, account.password)
    const kids = (await choose(cookie, again.id)).cookie
    expect((await json<{ results: unknown[] }>(await call('/api/me/lists', { cookie: kids }))).results).toEqual([])
  })

  it("a kids profile's session is refused what belongs to the account", async () => {
    const { account, secondBrowser: kids } = await withSecondProfile({ ceiling: 'kids' })
    expect(await me(kids)).toMatchObject({ viewer: { id: 2, kids: true, ceiling: 'kids' } })
    const accountLevel: [string, string, unknown?][] = [
      ['POST', '/api/me/password', { currentPassword: account.password, newPassword: 'another long password', confirmPassword: 'another long password' }],
      ['PATCH', '/api/me/profile', { username: 'renamed_by_kid' }],
      ['GET', '/api/me/sessions'],
      ['DELETE', '/api/me/sessions'],
      ['GET', '/api/me/export.json'],
      ['GET', '/api/me/export/watchlist.csv'],
      ['DELETE', '/api/me/account', { password: account.password }],
      ['POST', '/api/me/profiles', { name: 'Mine', avatar: 'cat', ceiling: 'all' }],
      ['PATCH', '/api/me/profiles/2', { ceiling: 'all' }],
      ['DELETE', '/api/me/profiles/1'],
      ['PUT', '/api/me/profiles/2/pin', { password: account.password, pin: null }],
      ['PUT', '/api/me/profiles/guard', { password: account.password, on: false }],
      ['GET', '/api/me/passkeys'],
      ['POST', '/api/me/import/apply', { items: [] }],
    ]
    for (const [method, path, body] of accountLevel) {
      const res = await call(path, { method, cookie: kids, body })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await json(res), `${method} ${path}`).toEqual({ error: 'This is not available on a kids profile.', kids_profile: true })
    }
    // its own viewing works
    expect((await call('/api/me/watchlist', { cookie: kids, body: toyStory })).status).toBe(201)
    // and the account is untouched
    expect((await call('/api/me/sessions', { cookie: account.cookie })).status).toBe(200)
  })

  it('setting a PIN needs the account password; a locked profile needs its PIN to be chosen', async () => {
    const { account, second } = await withSecondProfile()
    const wrongPassword = await call(`/api/me/profiles/${second.id}/pin`, { method: 'PUT', cookie: account.cookie, body: { password: 'not the password', pin: '2468' } })
    expect(wrongPassword.status).toBe(400)
    for (const pin of ['123', '12345', 'abcd', 1234]) {
      expect((await call(`/api/me/profiles/${second.id}/pin`, { method: 'PUT', cookie: account.cookie, body: { password: account.password, pin } })).status).toBe(400)
    }
    expect((await setPin(account, second.id, '2468')).status).toBe(204)
    const listed = await json<{ profiles: Profile[] }>(await call('/api/me/profiles', { cookie: account.cookie }))
    expect(listed.profiles.find((p) => p.id === second.id)?.locked).toBe(true)
    expect(JSON.stringify(listed)).not.toContain('pin_hmac')
    const { cookie } = await signIn(account.email, account.password)
    const asked = await choose(cookie, second.id)
    expect(asked.res.status).toBe(403)
    expect(await json(asked.res)).toEqual({ error: 'Enter the PIN.', pin_required: true })
    const wrong = await choose(cookie, second.id, '1111')
    expect(wrong.res.status).toBe(403)
    expect(await json(wrong.res)).toEqual({ error: 'That PIN is not right.', wrong_pin: true, attempts_left: PIN_TRIES - 1 })
    const right = await choose(cookie, second.id, '2468')
    expect(right.res.status).toBe(200)
    expect(await me(right.cookie)).toMatchObject({ viewer: { id: second.id } })
    // the PIN is kept as an HMAC, never as itself
    const stored = await runInDurableObject(env.ACCOUNTS.get(env.ACCOUNTS.idFromName(`user:${account.id}`)), (_i, state) => state.storage.sql.exec('SELECT pin_hmac FROM profiles WHERE id = ?', second.id).toArray())
    expect(String(stored[0]?.pin_hmac)).toMatch(/^[0-9a-f]{32}$/)
    expect(String(stored[0]?.pin_hmac)).not.toContain('2468')
  })

  it('a burst of wrong PINs sent at once is counted one by one: 5, then a 15-minute wait, the owner e-mailed once', async () => {
    const { account, second } = await withSecondProfile()
    expect((await setPin(account, second.id, '8642')).status).toBe(204)
    const { cookie } = await signIn(account.email, account.password)
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => choose(cookie, second.id, String(1000 + i))))
    const statuses = guesses.map((g) => g.res.status)
    expect(statuses.filter((s) => s === 403)).toHaveLength(PIN_TRIES - 1)
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - (PIN_TRIES - 1))
    const waits = await Promise.all(guesses.filter((g) => g.res.status === 429).map((g) => json<{ retry_after: number }>(g.res)))
    for (const w of waits) expect(w.retry_after).toBeGreaterThan(PIN_FIRST_WAIT_MS / 1000 - 60)
    // even the right PIN waits
    expect((await choose(cookie, second.id, '8642')).res.status).toBe(429)
    const mails = (await devMail()).filter((m) => m.to === account.email && /wrong PINs/.test(m.subject))
    expect(mails).toHaveLength(1)
  })

  it('after the wait, a wrong PIN starts one twice as long; the right PIN ends the count', async () => {
    const { account, second } = await withSecondProfile()
    expect((await setPin(account, second.id, '1357')).status).toBe(204)
    const { cookie } = await signIn(account.email, account.password)
    for (let i = 0; i < PIN_TRIES; i++) await choose(cookie, second.id, '0000')
    const later = Date.now() + PIN_FIRST_WAIT_MS + 1000
    const { vi } = await import('vitest')
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(later)
      const again = await choose(cookie, second.id, '0000')
      expect(again.res.status).toBe(429)
      const { retry_after } = await json<{ retry_after: number }>(again.res)
      expect(retry_after).toBeGreaterThan((2 * PIN_FIRST_WAIT_MS) / 1000 - 60)
      vi.setSystemTime(later + 2 * PIN_FIRST_WAIT_MS + 1000)
      const right = await choose(cookie, second.id, '1357')
      expect(right.res.status).toBe(200)
      // the count starts again from nothing
      const next = await choose(right.cookie, 1)
      expect(next.res.status).toBe(200)
      const wrongOnce = await choose(next.cookie, second.id, '0000')
      expect(await json(wrongOnce.res)).toMatchObject({ wrong_pin: true, attempts_left: PIN_TRIES - 1 })
    } finally {
      vi.useRealTimers()
    }
  })

  it("with the account's guard on, leaving a kids profile and changing profiles need the account PIN", async () => {
    const { account, second, secondBrowser: kids } = await withSecondProfile({ ceiling: 'kids' })
    const early = await call('/api/me/profiles/guard', { method: 'PUT', cookie: account.cookie, body: { password: account.password, on: true } })
    expect(early.status).toBe(400)
    expect(await json(early)).toEqual({ error: 'Set a PIN on your own profile first.' })
    expect((await setPin(account, 1, '9753')).status).toBe(204)
    const guard = await call('/api/me/profiles/guard', { method: 'PUT', cookie: account.cookie, body: { password: account.password, on: true } })
    expect(await json(guard)).toEqual({ guard: true })
    // leaving the kids profile for the own one needs its PIN anyway; for a third, unlocked adult profile, the account's
    const adult = await made(account.cookie, { pin: '9753' } as Partial<Profile>)
    const leave = await choose(kids, adult.id)
    expect(leave.res.status).toBe(403)
    expect(await json(leave.res)).toMatchObject({ pin_required: true })
    expect((await choose(kids, adult.id, '0000')).res.status).toBe(403)
    const left = await choose(kids, adult.id, '9753')
    expect(left.res.status).toBe(200)
    // a kids profile to another kids profile needs nothing
    // changing profiles asks for the account PIN
    const noPin = await call(`/api/me/profiles/${second.id}`, { method: 'PATCH', cookie: account.cookie, body: { ceiling: 'all' } })
    expect(noPin.status).toBe(403)
    expect(await json(noPin)).toMatchObject({ pin_required: true })
    expect((await addProfile(account.cookie)).status).toBe(403)
    const withPin = await call(`/api/me/profiles/${second.id}`, { method: 'PATCH', cookie: account.cookie, body: { ceiling: 'teens', pin: '9753' } })
    expect(withPin.status).toBe(200)
    expect((await json<{ profile: Profile }>(withPin)).profile).toMatchObject({ ceiling: 'teens', kids: false })
  })

  it("a wrong PIN is counted against the profile whose PIN it is: another profile's PIN is no way around a wait", async () => {
    const { account, second } = await withSecondProfile({ ceiling: 'teens' })
    expect((await setPin(account, 1, '4321')).status).toBe(204)
    expect((await setPin(account, second.id, '9999')).status).toBe(204)
    const { cookie } = await signIn(account.email, account.password)
    // the account's PIN does not open another locked profile, and trying it counts against that profile
    for (let i = 0; i < PIN_TRIES; i++) expect((await choose(cookie, second.id, '4321')).res.status).toBe(i < PIN_TRIES - 1 ? 403 : 429)
    expect((await choose(cookie, second.id, '9999')).res.status).toBe(429)
    // the account's own profile has its own count, untouched
    expect((await choose(cookie, 1, '4321')).res.status).toBe(200)
  })

  it("leaving a kids profile for a locked one while the account asks for its PIN takes the account's PIN, counted on the account's profile", async () => {
    const { account, secondBrowser: kids } = await withSecondProfile({ ceiling: 'kids' })
    expect((await setPin(account, 1, '1357')).status).toBe(204)
    expect((await call('/api/me/profiles/guard', { method: 'PUT', cookie: account.cookie, body: { password: account.password, on: true } })).status).toBe(200)
    const teen = await made(account.cookie, { ceiling: 'teens', pin: '1357' } as Partial<Profile>)
    expect((await setPin(account, teen.id, '8080')).status).toBe(204)
    // the teen's own PIN is not the account's: refused, and counted on the account's profile
    const wrong = await choose(kids, teen.id, '8080')
    expect(await json(wrong.res)).toMatchObject({ wrong_pin: true, attempts_left: PIN_TRIES - 1 })
    const right = await choose(kids, teen.id, '1357')
    expect(right.res.status).toBe(200)
    expect(await me(right.cookie)).toMatchObject({ viewer: { id: teen.id } })
  })

  it("the account's own profile is never a kids one, so somebody can always run the account", async () => {
    const { account, secondBrowser: teen } = await withSecondProfile({ ceiling: 'teens' })
    const res = await call('/api/me/profiles/1', { method: 'PATCH', cookie: teen, body: { ceiling: 'kids' } })
    expect(res.status).toBe(400)
    expect(await json(res)).toEqual({ error: "The account's own profile cannot be a kids profile." })
    expect((await call('/api/me/sessions', { cookie: account.cookie })).status).toBe(200)
  })

  it("a kids profile's session cannot reach the account's calendar feed or notices", async () => {
    const { secondBrowser: kids } = await withSecondProfile({ ceiling: 'kids' })
    for (const [method, path] of [['GET', '/api/me/calendar/feed'], ['POST', '/api/me/calendar/feed'], ['DELETE', '/api/me/calendar/feed'], ['GET', '/api/me/notices']] as const) {
      const res = await call(path, { method, cookie: kids, body: method === 'POST' ? { tz: 'UTC' } : undefined })
      expect(res.status, `${method} ${path}`).toBe(403)
    }
  })

  it("a profile's watchlist and history are held to its ceiling, lowered since the titles went in", async () => {
    const { account, second, secondBrowser } = await withSecondProfile({ ceiling: 'all' })
    const inglourious = { content_id: 2157727, content_type: 'movie', title: 'Inglourious Basterds', poster_path: null }
    expect((await call('/api/me/watchlist', { cookie: secondBrowser, body: inglourious })).status).toBe(201)
    expect((await call('/api/me/history', { method: 'PUT', cookie: secondBrowser, body: { ...inglourious, position: 60, total_duration: 9000, watch_duration: 60 } })).status).toBe(200)
    expect(await watchlistIds(secondBrowser)).toEqual([2157727])
    expect((await call(`/api/me/profiles/${second.id}`, { method: 'PATCH', cookie: account.cookie, body: { ceiling: 'kids' } })).status).toBe(200)
    const { cookie } = await signIn(account.email, account.password)
    const kids = (await choose(cookie, second.id)).cookie
    expect(await watchlistIds(kids)).toEqual([])
    expect((await json<{ results: unknown[] }>(await call('/api/me/history', { cookie: kids }))).results).toEqual([])
  })

  it('a ceiling changed in one browser holds in another within the minute a session is trusted', async () => {
    const { account, second, secondBrowser } = await withSecondProfile({ ceiling: 'all' })
    expect((await call(`/api/me/profiles/${second.id}`, { method: 'PATCH', cookie: account.cookie, body: { ceiling: 'kids' } })).status).toBe(200)
    const after = await laterThanSessionCheck(() => call('/api/auth/me', { cookie: secondBrowser }))
    expect(await json(after)).toMatchObject({ viewer: { id: second.id, ceiling: 'kids', kids: true } })
  })

  it('removing a profile signs its browsers out of it and empties its store', async () => {
    const { account, second, secondBrowser } = await withSecondProfile()
    expect((await call('/api/me/watchlist', { cookie: secondBrowser, body: toyStory })).status).toBe(201)
    expect((await call(`/api/me/profiles/${second.id}`, { method: 'DELETE', cookie: account.cookie })).status).toBe(204)
    const after = await laterThanSessionCheck(() => call('/api/me/watchlist', { cookie: secondBrowser }))
    expect(after.status).toBe(401)
    // a new profile under the same number starts empty
    const again = await made(account.cookie)
    expect(again.id).toBe(second.id)
    const { cookie } = await signIn(account.email, account.password)
    const chosen = await choose(cookie, again.id)
    expect(await watchlistIds(chosen.cookie)).toEqual([])
  })

  it("the export holds every profile and its own viewing; deleting the account deletes every profile's store", async () => {
    const { account, second, secondBrowser } = await withSecondProfile({ name: 'Kid', ceiling: 'kids' })
    expect((await call('/api/me/watchlist', { cookie: secondBrowser, body: toyStory })).status).toBe(201)
    expect((await call('/api/me/lists', { cookie: secondBrowser, body: { name: 'Cartoons', is_public: false } })).status).toBe(201)
    const exported = await json<{ watchlist: unknown[]; profiles: (Profile & { viewing: { watchlist?: { content_id: number }[]; lists?: { name: string }[] } | 'above' })[] }>(
      await call('/api/me/export.json', { cookie: account.cookie }),
    )
    expect(exported.profiles.map((p) => [p.id, p.name, p.ceiling])).toEqual([
      [1, account.username, 'all'],
      [second.id, 'Kid', 'kids'],
    ])
    const kidsViewing = exported.profiles[1]!.viewing
    expect(kidsViewing !== 'above' && kidsViewing.watchlist?.map((w) => w.content_id)).toEqual([862])
    expect(kidsViewing !== 'above' && kidsViewing.lists?.map((l) => l.name)).toEqual(['Cartoons'])
    expect((await call('/api/me/account', { method: 'DELETE', cookie: account.cookie, body: { password: account.password } })).status).toBe(200)
    const lists = await env.DB.prepare('SELECT count(*) AS n FROM user_lists WHERE owner_type = ? AND owner_id = ?').bind('user', account.id).first<{ n: number }>()
    expect(lists?.n).toBe(0)
    const tables = await runInDurableObject(env.ACCOUNTS.get(env.ACCOUNTS.idFromName(`user:${account.id}/p${second.id}`)), (_i, state) =>
      state.storage.sql.exec("select name from sqlite_master where type = 'table' and name in ('watchlist', 'account')").toArray(),
    )
    expect(tables).toEqual([])
  })
})

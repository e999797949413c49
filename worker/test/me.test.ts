import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, call, createAdmin, createUser, factorConfirmation, sessionCookieFrom, sessionOf, signIn, type TestAccount } from './helpers/accounts'
import { laterThanSessionCheck } from './helpers/stores'

// refused requests change nothing, so one account serves all of them
let bystander: TestAccount
beforeAll(async () => {
  bystander = await createUser()
})

const today = () => new Date().toISOString().slice(0, 10)

describe('GET /api/me/profile', () => {
  it('answers 401 without a session', async () => {
    const res = await call('/api/me/profile')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'No user logged in' })
  })

  it('returns the own record without password_hash', async () => {
    const user = await createUser()
    const res = await call('/api/me/profile', { cookie: user.cookie })
    expect(res.status).toBe(200)
    const body = await res.json<{ user: Record<string, unknown> }>()
    expect(body).toMatchObject({ id: user.id, email: user.email, type: 'user', user: { username: user.username } })
    expect(body.user).not.toHaveProperty('password_hash')
  })
})

describe('PATCH /api/me/profile', () => {
  it('updates a user profile and updated_at', async () => {
    const user = await createUser()
    const before = await env.DB.prepare('select updated_at from users where id = ?').bind(user.id).first<{ updated_at: string }>()
    const changes = { username: `${user.username.slice(0, 20)}_new`, full_name: 'Ada Lovelace', date_of_birth: '1990-02-28', country: 'United Kingdom', bio: 'b'.repeat(500) }
    const res = await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: changes })
    expect(res.status).toBe(200)
    const body = await res.json<{ message: string; user: Record<string, unknown> }>()
    expect(body.message).toBe('Profile updated successfully!')
    expect(body.user).toMatchObject(changes)
    expect(body.user).not.toHaveProperty('password_hash')
    expect(String(body.user.updated_at) > String(before?.updated_at)).toBe(true)
    const me = await call('/api/auth/me', { cookie: user.cookie })
    expect((await me.json<{ user: Record<string, unknown> }>()).user).toMatchObject(changes)
  })

  it('clears a field sent empty and leaves fields not sent alone', async () => {
    const user = await createUser()
    await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { country: 'Norway', bio: 'Hello' } })
    const res = await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { country: '' } })
    expect((await res.json<{ user: Record<string, unknown> }>()).user).toMatchObject({ country: null, bio: 'Hello', username: user.username })
  })

  it('lets an administrator change only username and full_name', async () => {
    const admin = await createAdmin()
    const res = await call('/api/me/profile', {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { username: `${admin.username.slice(0, 20)}_x`, full_name: 'Grace Hopper', country: 'Ignored' },
    })
    expect(res.status).toBe(200)
    const body = await res.json<{ user: Record<string, unknown> }>()
    expect(body.user).toMatchObject({ username: `${admin.username.slice(0, 20)}_x`, full_name: 'Grace Hopper', role: 'admin' })
    expect(body.user).not.toHaveProperty('country')
    const row = await env.DB.prepare('select full_name from admin_users where id = ?').bind(admin.id).first<{ full_name: string }>()
    expect(row?.full_name).toBe('Grace Hopper')
  })

  it('answers 409 for a username another user has', async () => {
    const [a, b] = [await createUser(), await createUser()]
    const res = await call('/api/me/profile', { method: 'PATCH', cookie: a.cookie, body: { username: b.username.toUpperCase() } })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'Username is already taken' })
    // keeping one's own name is not a conflict
    expect((await call('/api/me/profile', { method: 'PATCH', cookie: a.cookie, body: { username: a.username } })).status).toBe(200)
  })

  it.each([
    [{ date_of_birth: '2023-02-30' }, /Date of birth/],
    [{ date_of_birth: '1990-13-01' }, /Date of birth/],
    [{ date_of_birth: '01/02/1990' }, /Date of birth/],
    [{ date_of_birth: '2999-01-01' }, /not in the future/],
    [{ bio: 'b'.repeat(501) }, /Bio must be at most 500/],
    [{ full_name: 'f'.repeat(101) }, /Full name/],
    [{ country: 7 }, /country/],
    [{ username: 'no' }, /^Username must be 3 to 30 characters/],
    [{ full_name: 'f'.repeat(101) }, /^Full name must be at most 100 characters$/],
    [{ username: null }, /username/],
  ])('answers 400 for %o', async (body, message) => {
    const res = await call('/api/me/profile', { method: 'PATCH', cookie: bystander.cookie, body })
    expect(res.status).toBe(400)
    expect((await res.json<{ error: string }>()).error).toMatch(message)
  })

  it("accepts today's date as a date of birth", async () => {
    const user = await createUser()
    const res = await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { date_of_birth: today() } })
    expect(res.status).toBe(200)
  })
})

describe('POST /api/me/password', () => {
  const change = (cookie: string, body: Record<string, unknown>) => call('/api/me/password', { cookie, body })

  it('changes the password after checking the current one, and revokes every other session', async () => {
    const user = await createUser()
    const elsewhere = await signIn(user.email, PASSWORD)
    const res = await change(user.cookie, { currentPassword: PASSWORD, newPassword: 'a brand new one', confirmPassword: 'a brand new one' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Password updated successfully!' })

    // this browser keeps its session; the other is signed out within the minute its token is trusted
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toEqual({ type: 'user', id: user.id })
    expect(await laterThanSessionCheck(() => sessionOf(elsewhere.cookie))).toBeNull()
    expect((await laterThanSessionCheck(() => call('/api/me/profile', { cookie: elsewhere.cookie }))).status).toBe(401)

    const old = await call('/api/auth/login', { body: { email: user.email, password: PASSWORD, type: 'user' } })
    expect(old.status).toBe(401)
    const fresh = await call('/api/auth/login', { body: { email: user.email, password: 'a brand new one', type: 'user' } })
    expect(fresh.status).toBe(200)
    expect(sessionCookieFrom(fresh)).toBeTruthy()
  })

  it('works for administrators too, with a fresh second factor (worker/test/two-factor.test.ts)', async () => {
    const admin = await createAdmin()
    const elsewhere = await signIn(admin.email, PASSWORD, 'admin')
    const res = await change(admin.cookie, { currentPassword: PASSWORD, newPassword: 'admin new pass', confirmPassword: 'admin new pass', code: factorConfirmation(admin).code })
    expect(res.status).toBe(200)
    expect(await laterThanSessionCheck(() => sessionOf(admin.cookie))).toEqual({ type: 'admin', id: admin.id })
    expect(await laterThanSessionCheck(() => sessionOf(elsewhere.cookie))).toBeNull()
    await signIn(admin.email, 'admin new pass', 'admin')
  })

  it.each([
    [{ currentPassword: 'not it at all', newPassword: 'whatever1', confirmPassword: 'whatever1' }, 'Current password is incorrect'],
    [{ currentPassword: PASSWORD, newPassword: 'whatever1', confirmPassword: 'whatever2' }, 'New passwords do not match'],
    [{ currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters long'],
  ])('answers 400 for %o with the exact message', async (body, message) => {
    const res = await change(bystander.cookie, body)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: message })
    // nothing changed
    expect((await call('/api/auth/login', { body: { email: bystander.email, password: PASSWORD, type: 'user' } })).status).toBe(200)
  })

  it('answers 400 when the current password is missing, and 401 without a session', async () => {
    const user = await createUser()
    expect((await change(user.cookie, { newPassword: 'whatever1', confirmPassword: 'whatever1' })).status).toBe(400)
    const anonymous = await call('/api/me/password', { body: { currentPassword: PASSWORD, newPassword: 'whatever1', confirmPassword: 'whatever1' } })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: 'No user logged in' })
  })
})

describe('password guessing with a session', { timeout: 60_000 }, () => {
  it('is limited per account like sign-in', async () => {
    const user = await createUser()
    const wrong = { currentPassword: 'a guess', newPassword: 'whatever1', confirmPassword: 'whatever1' }
    for (let attempt = 0; attempt < 10; attempt++) expect((await call('/api/me/password', { cookie: user.cookie, body: wrong })).status).toBe(400)
    const blocked = await call('/api/me/password', { cookie: user.cookie, body: { ...wrong, currentPassword: PASSWORD } })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
    // another account is not affected
    const other = await createUser()
    expect((await call('/api/me/password', { cookie: other.cookie, body: wrong })).status).toBe(400)
  })
})

describe('maintenance mode', () => {
  it('turns away sign-up and account writes of users with 503, not reads, not progress reports, not administrators', async () => {
    const user = await createUser()
    const admin = await createAdmin()
    const maintenance = (enabled: boolean) => call('/api/admin/settings/maintenance', { method: 'PUT', cookie: admin.cookie, body: { enabled } })
    expect((await maintenance(true)).status).toBe(200)
    try {
      const message = { error: 'The site is under maintenance. Please try again later.' }
      const signup = await call('/api/auth/signup', { body: { email: 'm@example.com', username: 'maint_user', password: PASSWORD, confirmPassword: PASSWORD } })
      expect(signup.status).toBe(503)
      expect(await signup.json()).toEqual(message)
      const add = await call('/api/me/watchlist', { cookie: user.cookie, body: { content_id: 1, content_type: 'movie', title: 'A' } })
      expect(add.status).toBe(503)
      expect(await add.json()).toEqual(message)
      expect((await call('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { bio: 'x' } })).status).toBe(503)
      expect((await call('/api/me/history', { method: 'DELETE', cookie: user.cookie })).status).toBe(503)
      expect((await call('/api/me/watchlist', { cookie: user.cookie })).status).toBe(200)
      // watching goes on: progress reports are kept, by PUT and by beacon
      const report = { content_id: 1, content_type: 'movie', title: 'A', watch_duration: 30 }
      expect((await call('/api/me/history', { method: 'PUT', cookie: user.cookie, body: report })).status).toBe(200)
      expect((await call('/api/me/history', { method: 'POST', cookie: user.cookie, body: JSON.stringify({ ...report, reason: 'leave' }), contentType: 'text/plain' })).status).toBe(200)
      // sign-in keeps working so administrators can switch it off
      await signIn(user.email, PASSWORD)
      const adminAdd = await call('/api/me/watchlist', { cookie: admin.cookie, body: { content_id: 1, content_type: 'movie', title: 'A' } })
      expect(adminAdd.status).toBe(201)
      const config = await call('/api/config')
      expect((await config.json<{ maintenance: boolean }>()).maintenance).toBe(true)
    } finally {
      await maintenance(false)
    }
    expect((await call('/api/me/watchlist', { cookie: user.cookie, body: { content_id: 1, content_type: 'movie', title: 'A' } })).status).toBe(201)
  })
})

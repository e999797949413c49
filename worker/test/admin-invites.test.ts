// A second administrator invited from the dashboard: the link is e-mailed once, works once and
// for 24 hours, can be revoked, and makes an administrator who must still set up a second factor.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { collision, INVITE_TTL_SECONDS, MAX_OPEN_INVITES } from '../accounts/admin-invites'
import { call, createAdmin, createUser, uniqueEmail, uniqueUsername, waitForMail } from './helpers/accounts'

const NEW_PASSWORD = 'a long admin secret'

async function invite(cookie: string, email: string) {
  return call('/api/admin/invites', { cookie, body: { email } })
}

async function tokenMailedTo(email: string, count = 1): Promise<string> {
  const mail = await waitForMail(email, count)
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]
  if (!token) throw new Error(`no invitation link in: ${mail.text}`)
  return token
}

function accept(token: string, username = uniqueUsername('inv'), password = NEW_PASSWORD) {
  return call('/api/admin-invite/accept', { body: { token, username, password, confirmPassword: password } })
}

describe('inviting an administrator', { timeout: 30_000 }, () => {
  it('e-mails a one-time link that makes an administrator, who must then set up a second factor', async () => {
    const admin = await createAdmin()
    const email = uniqueEmail('invitee')
    const res = await invite(admin.cookie, email)
    expect(res.status).toBe(201)
    const body = await res.json<{ invite: { id: number; email: string; expires_at: string } }>()
    expect(body.invite.email).toBe(email)
    expect(JSON.stringify(body)).not.toMatch(/token/)
    const hours = (Date.parse(body.invite.expires_at) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(INVITE_TTL_SECONDS / 3600)

    const mail = await waitForMail(email)
    expect(mail.subject).toBe('Reelhouse: you are invited to be an administrator')
    expect(mail.text).toContain('has invited you to become an administrator of Reelhouse')
    const token = await tokenMailedTo(email)
    // only the token's digest is stored
    const stored = await env.DB.prepare('SELECT token_hash FROM admin_invites WHERE email = ?').bind(email).first<{ token_hash: string }>()
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored?.token_hash).not.toContain(token)

    const listed = await call('/api/admin/invites', { cookie: admin.cookie }).then((r) => r.json<{ invites: { email: string; invited_by: string }[] }>())
    expect(listed.invites.find((i) => i.email === email)?.invited_by).toBe(admin.username)

    const checked = await call('/api/admin-invite/check', { body: { token } })
    expect(checked.status).toBe(200)
    expect((await checked.json<{ email: string }>()).email).toBe(email)

    const username = uniqueUsername('inv')
    expect((await accept(token, username)).status).toBe(201)
    // the link works once
    const again = await accept(token)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ error: 'This invitation link is not valid: it may have been used, revoked or have expired.' })
    expect((await call('/api/admin/invites', { cookie: admin.cookie }).then((r) => r.json<{ invites: { email: string }[] }>())).invites.map((i) => i.email)).not.toContain(email)

    // the new administrator signs in with a password only: nothing opens until a second factor is set up
    const login = await call('/api/auth/login', { body: { email, password: NEW_PASSWORD, type: 'admin' } })
    expect(login.status).toBe(200)
    expect((await login.json<{ second_factor: string }>()).second_factor).toBe('setup')
    const cookie = login.headers.getAll('Set-Cookie').find((line) => line.startsWith('reelhouse_session='))!.split(';')[0]!
    expect((await call('/api/admin/stats', { cookie })).status).toBe(403)
  })

  it('of two racing acceptances of one link, makes exactly one administrator', async () => {
    const admin = await createAdmin()
    const email = uniqueEmail('race')
    await invite(admin.cookie, email)
    const token = await tokenMailedTo(email)
    const answers = await Promise.all([accept(token), accept(token), accept(token)])
    // the others find the link used (400), or, checked just after the winner's insert, the address taken (409)
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses[0]).toBe(201)
    for (const status of statuses.slice(1)) expect([400, 409]).toContain(status)
    const count = await env.DB.prepare('SELECT count(*) AS n FROM admin_users WHERE email = ?').bind(email).first<{ n: number }>()
    expect(count?.n).toBe(1)
  })

  it('revokes an open invitation, and a new one to the same address retires the earlier link', async () => {
    const admin = await createAdmin()
    const email = uniqueEmail('revoked')
    await invite(admin.cookie, email)
    const first = await tokenMailedTo(email)
    await invite(admin.cookie, email)
    const second = await tokenMailedTo(email, 2)
    expect(second).not.toBe(first)
    expect((await call('/api/admin-invite/check', { body: { token: first } })).status).toBe(400)
    const { invites } = await call('/api/admin/invites', { cookie: admin.cookie }).then((r) => r.json<{ invites: { id: number; email: string }[] }>())
    const open = invites.find((i) => i.email === email)!
    expect((await call(`/api/admin/invites/${open.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200)
    expect((await call(`/api/admin/invites/${open.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404)
    expect((await accept(second)).status).toBe(400)
  })

  it('refuses an expired link', async () => {
    const admin = await createAdmin()
    const email = uniqueEmail('expired')
    await invite(admin.cookie, email)
    const token = await tokenMailedTo(email)
    await env.DB.prepare("UPDATE admin_invites SET expires_at = '2000-01-01T00:00:00.000Z' WHERE email = ?").bind(email).run()
    expect((await call('/api/admin-invite/check', { body: { token } })).status).toBe(400)
    expect((await accept(token)).status).toBe(400)
  })

  it('refuses an address an administrator already has, and more than the open invitations allowed', async () => {
    const admin = await createAdmin()
    const taken = await invite(admin.cookie, admin.email)
    expect(taken.status).toBe(409)
    expect(await taken.json()).toEqual({ error: 'An administrator with this e-mail address already exists.' })
    await env.DB.prepare('DELETE FROM admin_invites').run()
    for (let i = 0; i < MAX_OPEN_INVITES; i++) expect((await invite(admin.cookie, uniqueEmail(`many${i}`))).status).toBe(201)
    const over = await invite(admin.cookie, uniqueEmail('one-too-many'))
    expect(over.status).toBe(429)
    await env.DB.prepare('DELETE FROM admin_invites').run()
  })

  it('validates what the invitee chooses, and leaves the link good after a refusal', async () => {
    const admin = await createAdmin()
    const email = uniqueEmail('chooser')
    await invite(admin.cookie, email)
    const token = await tokenMailedTo(email)
    const short = await accept(token, uniqueUsername('inv'), 'short pass')
    expect(short.status).toBe(400)
    expect(await short.json()).toEqual({ error: "An administrator's password must be at least 12 characters long" })
    const mismatch = await call('/api/admin-invite/accept', { body: { token, username: uniqueUsername('inv'), password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` } })
    expect(mismatch.status).toBe(400)
    const taken = await accept(token, admin.username)
    expect(taken.status).toBe(409)
    expect((await accept(token, 'bad name!')).status).toBe(400)
    expect((await call('/api/admin-invite/accept', { body: { token: 'not-a-token' } })).status).toBe(400)
    expect((await accept(token)).status).toBe(201)
  })

  it('is for administrators past the second factor only', async () => {
    const user = await createUser()
    expect((await invite(user.cookie, uniqueEmail('x'))).status).toBe(403)
    expect((await call('/api/admin/invites', { cookie: user.cookie })).status).toBe(403)
    expect((await invite('', uniqueEmail('x'))).status).toBe(401)
    const fresh = await createAdmin({ secondFactor: false })
    expect((await invite(fresh.cookie, uniqueEmail('x'))).status).toBe(403)
    const admin = await createAdmin()
    expect((await invite(admin.cookie, 'not an address')).status).toBe(400)
    expect((await call('/api/admin/invites/abc', { method: 'DELETE', cookie: admin.cookie })).status).toBe(400)
  })

  it("tells a username clash from an address clash in D1's own errors, and anything else from both", async () => {
    const admin = await createAdmin()
    const insert = (email: string, username: string) => env.DB.prepare("INSERT INTO admin_users (email, username, password_hash) VALUES (?, ?, 'x')").bind(email, username).run()
    const caught = (work: Promise<unknown>) => work.then(() => null, (err: unknown) => err)
    expect(collision(await caught(insert(admin.email.toUpperCase(), uniqueUsername('other'))))).toBe('email')
    expect(collision(await caught(insert(uniqueEmail('other'), admin.username.toUpperCase())))).toBe('username')
    expect(collision(await caught(env.DB.prepare('SELECT * FROM no_such_table').run()))).toBeNull()
  })
})

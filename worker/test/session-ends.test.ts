// When a session ends: sign-out, "sign out everywhere", a password change, a password reset and an
// administrator's ban take effect in the browser that did it at once (its cookie is cleared, or for
// a password change kept) and in every other browser of the account within a minute, the longest a
// confirmed token is taken at its word. The clock is moved rather than waited for.
import { describe, expect, it } from 'vitest'
import { SESSION_CHECK_SECONDS } from '../auth/session'
import { PASSWORD, call, createAdmin, createUser, sessionOf, setCookies, signIn, waitForMail } from './helpers/accounts'
import { laterThanSessionCheck } from './helpers/stores'

const cleared = (res: Response) => setCookies(res).some((line) => /^reelhouse_session=;.*Max-Age=0/i.test(line))

/** Another browser of the account: its token, confirmed moments ago, is still taken now, and refused once SESSION_CHECK_SECONDS are up. */
async function endsWithinTheMinute(cookie: string): Promise<void> {
  expect(await sessionOf(cookie)).not.toBeNull()
  expect(await laterThanSessionCheck(() => sessionOf(cookie))).toBeNull()
  expect((await laterThanSessionCheck(() => call('/api/me/watchlist', { cookie }))).status).toBe(401)
}

describe('a session ends', () => {
  it('on sign-out: this browser at once, a copy of its cookie within the minute', async () => {
    const user = await createUser()
    const res = await call('/api/auth/logout', { method: 'POST', cookie: user.cookie })
    expect(cleared(res)).toBe(true)
    await endsWithinTheMinute(user.cookie)
  })

  it('everywhere on "sign out everywhere"', async () => {
    const user = await createUser()
    const other = await signIn(user.email, PASSWORD)
    const res = await call('/api/me/sessions', { method: 'DELETE', cookie: user.cookie })
    expect(cleared(res)).toBe(true)
    await endsWithinTheMinute(other.cookie)
  })

  it('in every other browser on a password change; this one carries on', async () => {
    const user = await createUser()
    const other = await signIn(user.email, PASSWORD)
    const res = await call('/api/me/password', { cookie: user.cookie, body: { currentPassword: PASSWORD, newPassword: 'another one', confirmPassword: 'another one' } })
    expect(res.status).toBe(200)
    expect(cleared(res)).toBe(false)
    await endsWithinTheMinute(other.cookie)
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toEqual({ type: 'user', id: user.id })
  })

  it('in every browser on a password reset, the one that reset it at once', async () => {
    const user = await createUser()
    const other = await signIn(user.email, PASSWORD)
    expect((await call('/api/auth/password-reset', { body: { email: user.email } })).status).toBe(200)
    const token = /#token=([A-Za-z0-9_-]{43})/.exec((await waitForMail(user.email)).text)![1]!
    const res = await call('/api/auth/password-reset/confirm', { cookie: user.cookie, body: { token, password: 'reset to this', confirmPassword: 'reset to this' } })
    expect(res.status).toBe(200)
    expect(cleared(res)).toBe(true)
    await endsWithinTheMinute(other.cookie)
  })

  it('in every browser of a banned account, and none starts until the ban ends', async () => {
    const user = await createUser()
    const admin = await createAdmin()
    expect((await call(`/api/admin/users/${user.id}/ban`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    await endsWithinTheMinute(user.cookie)
    expect((await call('/api/auth/login', { body: { email: user.email, password: PASSWORD, type: 'user' } })).status).toBe(401)
    expect((await call(`/api/admin/users/${user.id}/unban`, { method: 'POST', cookie: admin.cookie })).status).toBe(200)
    const back = await signIn(user.email, PASSWORD)
    expect(await laterThanSessionCheck(() => sessionOf(back.cookie))).toEqual({ type: 'user', id: user.id })
  })
})

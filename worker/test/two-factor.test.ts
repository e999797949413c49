// Administrators' second factor: a password alone opens nothing but the second-factor step;
// an authenticator app, a recovery code or a passkey passes it; codes work once; tries are limited.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SECOND_FACTOR_REQUIRED } from '../auth/guards'
import { currentStep, totpCode } from '../auth/totp'
import { SECOND_FACTOR_TRIES } from '../auth/rate-limit'
import { WRONG_CODE } from '../routes/two-factor'
import { ORIGIN, call, createAdmin, createUser, factorConfirmation, sessionCookieFrom, setCookies, waitForMail } from './helpers/accounts'
import { SoftAuthenticator } from './helpers/soft-authenticator'

async function passwordSignIn(email: string, password: string, ip?: string) {
  const res = await call('/api/auth/login', { ip, body: { email, password, type: 'admin' } })
  expect(res.status).toBe(200)
  return { cookie: sessionCookieFrom(res)!, body: await res.json<{ second_factor: string; user: unknown }>() }
}

async function adminCallStatus(cookie: string) {
  return (await call('/api/admin/stats', { cookie })).status
}

function challengeCookie(res: Response): string {
  return setCookies(res).find((line) => line.startsWith('reelhouse_webauthn='))!.split(';')[0]!
}

// each administrator costs several password hashes, slow on a busy machine
describe('an administrator signed in with a password only', { timeout: 30_000 }, () => {
  it('can make no admin or account call, only set up or pass the second factor', async () => {
    const admin = await createAdmin({ secondFactor: false })
    expect((await call('/api/auth/me', { cookie: admin.cookie }).then((r) => r.json<{ second_factor: string }>())).second_factor).toBe('setup')
    for (const [method, path] of [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/export'],
      ['POST', '/api/admin/cache/purge'],
      ['GET', '/api/admin/streams'],
      ['GET', '/api/me/profile'],
      ['GET', '/api/me/watchlist'],
      ['GET', '/api/me/sessions'],
    ] as const) {
      const res = await call(path, { method, cookie: admin.cookie })
      expect(res.status, path).toBe(403)
      expect(await res.json(), path).toEqual({ error: SECOND_FACTOR_REQUIRED, second_factor: 'required' })
    }
  })

  it('reads nothing of the account: not its private lists, not its profile', async () => {
    const admin = await createAdmin()
    await call('/api/me/profile', { method: 'PATCH', cookie: admin.cookie, body: { full_name: 'Ada Admin' } })
    const made = await call('/api/me/lists', { cookie: admin.cookie, body: { name: 'Private notes' } })
    const { slug } = (await made.json<{ list: { slug: string } }>()).list
    expect((await call(`/api/lists/${slug}`, { cookie: admin.cookie })).status).toBe(200)

    const session = await passwordSignIn(admin.email, admin.password)
    expect((await call(`/api/lists/${slug}`, { cookie: session.cookie })).status).toBe(404)
    expect((await call(`/list/${slug}`, { cookie: session.cookie, headers: { Accept: 'text/html' } })).status).toBe(404)
    const me = await (await call('/api/auth/me', { cookie: session.cookie })).json<{ user: Record<string, unknown>; second_factor: string }>()
    expect(me.second_factor).toBe('required')
    expect(Object.keys(me.user).sort()).toEqual(['email', 'id', 'locale', 'username'])
    expect(Object.keys(session.body.user as object).sort()).toEqual(['email', 'id', 'locale', 'username'])
  })

  it('sets up an authenticator app: wrong code refused, then recovery codes shown once and stored hashed', async () => {
    const admin = await createAdmin({ secondFactor: false })
    const setup = await call('/api/me/two-factor/totp/setup', { cookie: admin.cookie, body: {} })
    const { secret, otpauth_uri } = await setup.json<{ secret: string; otpauth_uri: string }>()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Reelhouse%3A.+\?secret=[A-Z2-7]{32}&issuer=Reelhouse/)
    expect((await call('/api/me/two-factor/totp/enable', { cookie: admin.cookie, body: { code: '000000' } })).status).toBe(400)
    const enable = await call('/api/me/two-factor/totp/enable', { cookie: admin.cookie, body: { code: await totpCode(secret, currentStep()) } })
    expect(enable.status).toBe(200)
    const { recovery_codes } = await enable.json<{ recovery_codes: string[] }>()
    expect(recovery_codes).toHaveLength(10)
    expect(new Set(recovery_codes).size).toBe(10)
    expect(await adminCallStatus(admin.cookie)).toBe(200)

    const stored = await env.DB.prepare('select totp_secret from admin_users where id = ?').bind(admin.id).first<{ totp_secret: string }>()
    expect(stored?.totp_secret).not.toContain(secret)
    expect(stored?.totp_secret).toMatch(/^v1\./)
    const hashes = await env.DB.prepare('select code_hash from recovery_codes where owner_id = ?').bind(admin.id).all<{ code_hash: string }>()
    expect(hashes.results).toHaveLength(10)
    for (const code of recovery_codes) expect(JSON.stringify(hashes.results)).not.toContain(code.replace('-', ''))
    // nothing secret leaves through the account's own record or the export
    const me = await (await call('/api/auth/me', { cookie: admin.cookie })).text()
    expect(me).not.toMatch(/totp/)
    expect(await (await call('/api/admin/export', { cookie: admin.cookie })).text()).not.toMatch(/totp_secret|v1\./)
  })

  it('with a factor set up, passes it with a code from the app, each code once', async () => {
    const admin = await createAdmin()
    const first = await passwordSignIn(admin.email, admin.password)
    expect(first.body.second_factor).toBe('required')
    expect(await adminCallStatus(first.cookie)).toBe(403)
    // a second factor cannot be added or swapped before passing the first
    expect((await call('/api/me/two-factor/totp/setup', { cookie: first.cookie, body: {} })).status).toBe(403)
    expect((await call('/api/me/passkeys/options', { cookie: first.cookie, body: {} })).status).toBe(403)
    expect((await call('/api/me/two-factor/recovery-codes', { cookie: first.cookie, body: {} })).status).toBe(403)
    const wrong = await call('/api/auth/second-factor/totp', { cookie: first.cookie, body: { code: '123456' } })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ error: WRONG_CODE })
    const code = await totpCode(admin.totpSecret!, currentStep() + 1)
    expect((await call('/api/auth/second-factor/totp', { cookie: first.cookie, body: { code } })).status).toBe(200)
    expect(await adminCallStatus(first.cookie)).toBe(200)
    // the same code again, from another sign-in: refused
    const second = await passwordSignIn(admin.email, admin.password)
    expect((await call('/api/auth/second-factor/totp', { cookie: second.cookie, body: { code } })).status).toBe(400)
    expect(await adminCallStatus(second.cookie)).toBe(403)
  })

  it('passes it with a recovery code, each code once', async () => {
    const admin = await createAdmin({ secondFactor: false })
    const setup = await (await call('/api/me/two-factor/totp/setup', { cookie: admin.cookie, body: {} })).json<{ secret: string }>()
    const enabled = await call('/api/me/two-factor/totp/enable', { cookie: admin.cookie, body: { code: await totpCode(setup.secret, currentStep()) } })
    const [code] = (await enabled.json<{ recovery_codes: string[] }>()).recovery_codes
    const session = await passwordSignIn(admin.email, admin.password)
    const used = await call('/api/auth/second-factor/recovery', { cookie: session.cookie, body: { code: code!.toUpperCase() } })
    expect(used.status).toBe(200)
    expect(await used.json()).toMatchObject({ recovery_codes_left: 9 })
    expect(await adminCallStatus(session.cookie)).toBe(200)
    const again = await passwordSignIn(admin.email, admin.password)
    expect((await call('/api/auth/second-factor/recovery', { cookie: again.cookie, body: { code: code! } })).status).toBe(400)
  })

  it(`allows ${SECOND_FACTOR_TRIES} wrong codes in 15 minutes, even sent at once`, async () => {
    const admin = await createAdmin()
    const session = await passwordSignIn(admin.email, admin.password)
    const burst = await Promise.all(Array.from({ length: 12 }, () => call('/api/auth/second-factor/totp', { cookie: session.cookie, body: { code: '000001' } })))
    const codes = burst.map((res) => res.status)
    expect(codes.filter((code) => code === 400)).toHaveLength(SECOND_FACTOR_TRIES)
    expect(codes.filter((code) => code === 429)).toHaveLength(12 - SECOND_FACTOR_TRIES)
    const right = await call('/api/auth/second-factor/totp', { cookie: session.cookie, body: { code: await totpCode(admin.totpSecret!, currentStep() + 1) } })
    expect(right.status).toBe(429)
    expect(await adminCallStatus(session.cookie)).toBe(403)
  })

  it('wrong codes sent from elsewhere do not lock the owner out at an address it passed from', async () => {
    const admin = await createAdmin({ secondFactor: false })
    const home = '198.51.100.41'
    // the owner sets the app up from home, which passes the second factor there
    const setup = await call('/api/me/two-factor/totp/setup', { ip: home, cookie: admin.cookie, body: {} })
    const { secret } = await setup.json<{ secret: string }>()
    expect((await call('/api/me/two-factor/totp/enable', { ip: home, cookie: admin.cookie, body: { code: await totpCode(secret, currentStep()) } })).status).toBe(200)

    const intruder = await passwordSignIn(admin.email, admin.password, '203.0.113.66')
    const burst = await Promise.all(Array.from({ length: 12 }, () => call('/api/auth/second-factor/totp', { ip: '203.0.113.66', cookie: intruder.cookie, body: { code: '000001' } })))
    expect(burst.filter((res) => res.status === 429)).toHaveLength(12 - SECOND_FACTOR_TRIES)
    // the intruder's other addresses share the administrator's count, which is spent
    expect((await call('/api/auth/second-factor/totp', { ip: '203.0.113.67', cookie: intruder.cookie, body: { code: '000001' } })).status).toBe(429)

    const owner = await passwordSignIn(admin.email, admin.password, home)
    const passed = await call('/api/auth/second-factor/totp', { ip: home, cookie: owner.cookie, body: { code: await totpCode(secret, currentStep() + 1) } })
    expect(passed.status, await passed.clone().text()).toBe(200)
    expect(await adminCallStatus(owner.cookie)).toBe(200)
  })

  it('lets a passkey through while wrong codes have spent the count', async () => {
    const admin = await createAdmin({ secondFactor: false })
    const authenticator = await SoftAuthenticator.create()
    const options = await call('/api/me/passkeys/options', { cookie: admin.cookie, body: {} })
    const answer = await authenticator.register(await options.json(), ORIGIN)
    expect((await call('/api/me/passkeys', { cookie: `${admin.cookie}; ${challengeCookie(options)}`, body: { response: answer } })).status).toBe(201)
    const intruder = await passwordSignIn(admin.email, admin.password)
    const burst = await Promise.all(Array.from({ length: 8 }, () => call('/api/auth/second-factor/recovery', { cookie: intruder.cookie, body: { code: 'aaaaa-bbbbb' } })))
    expect(burst.filter((res) => res.status === 429)).toHaveLength(8 - SECOND_FACTOR_TRIES)

    const owner = await passwordSignIn(admin.email, admin.password)
    const challenge = await call('/api/auth/second-factor/passkey/options', { method: 'POST', cookie: owner.cookie })
    const assertion = await authenticator.authenticate(await challenge.json(), ORIGIN)
    const passed = await call('/api/auth/second-factor/passkey', { cookie: `${owner.cookie}; ${challengeCookie(challenge)}`, body: { response: assertion } })
    expect(passed.status, await passed.clone().text()).toBe(200)
  })

  it('may make a passkey its first factor, then pass with it', async () => {
    const admin = await createAdmin({ secondFactor: false })
    const authenticator = await SoftAuthenticator.create()
    const options = await call('/api/me/passkeys/options', { cookie: admin.cookie, body: {} })
    const answer = await authenticator.register(await options.json(), ORIGIN)
    expect((await call('/api/me/passkeys', { cookie: `${admin.cookie}; ${challengeCookie(options)}`, body: { response: answer } })).status).toBe(201)
    expect(await adminCallStatus(admin.cookie)).toBe(200)

    const session = await passwordSignIn(admin.email, admin.password)
    expect(session.body.second_factor).toBe('required')
    const challenge = await call('/api/auth/second-factor/passkey/options', { method: 'POST', cookie: session.cookie })
    expect(challenge.status).toBe(200)
    const json = await challenge.json<{ challenge: string; rpId: string; allowCredentials: { id: string }[] }>()
    expect(json.allowCredentials.map((c) => c.id)).toEqual([authenticator.id])
    const assertion = await authenticator.authenticate(json, ORIGIN)
    const passed = await call('/api/auth/second-factor/passkey', { cookie: `${session.cookie}; ${challengeCookie(challenge)}`, body: { response: assertion } })
    expect(passed.status, await passed.clone().text()).toBe(200)
    expect(await adminCallStatus(session.cookie)).toBe(200)
  })

  it("cannot pass with another administrator's passkey", async () => {
    const owner = await createAdmin()
    const authenticator = await SoftAuthenticator.create()
    const options = await call('/api/me/passkeys/options', { cookie: owner.cookie, body: factorConfirmation(owner) })
    await call('/api/me/passkeys', { cookie: `${owner.cookie}; ${challengeCookie(options)}`, body: { response: await authenticator.register(await options.json(), ORIGIN) } })
    const other = await createAdmin()
    const otherPasskey = await SoftAuthenticator.create()
    const otherOptions = await call('/api/me/passkeys/options', { cookie: other.cookie, body: factorConfirmation(other) })
    await call('/api/me/passkeys', { cookie: `${other.cookie}; ${challengeCookie(otherOptions)}`, body: { response: await otherPasskey.register(await otherOptions.json(), ORIGIN) } })
    const session = await passwordSignIn(other.email, other.password)
    const challenge = await call('/api/auth/second-factor/passkey/options', { method: 'POST', cookie: session.cookie })
    const assertion = await authenticator.authenticate(await challenge.json(), ORIGIN)
    const res = await call('/api/auth/second-factor/passkey', { cookie: `${session.cookie}; ${challengeCookie(challenge)}`, body: { response: assertion } })
    expect(res.status).toBe(400)
    expect(await adminCallStatus(session.cookie)).toBe(403)
  })
})

describe("changing an administrator's factors", { timeout: 30_000 }, () => {
  async function secondSession(admin: { email: string; password: string; totpSecret?: string }, code: string) {
    const session = await passwordSignIn(admin.email, admin.password)
    expect((await call('/api/auth/second-factor/recovery', { cookie: session.cookie, body: { code } })).status).toBe(200)
    return session.cookie
  }

  it('asks a passed session for the password and a fresh code to remove the app, and never offers set-up again', async () => {
    const admin = await createAdmin()
    const remove = (body: object) => call('/api/me/two-factor/totp', { method: 'DELETE', cookie: admin.cookie, body })
    expect(await (await remove({})).json()).toEqual({ error: 'Password is required' })
    expect((await remove({ password: 'not the password', code: admin.recoveryCodes![0] })).status).toBe(400)
    const noAnswer = await remove({ password: admin.password })
    expect(noAnswer.status).toBe(400)
    expect(await noAnswer.json()).toEqual({ error: 'Enter a code from your authenticator app or a recovery code, or use a passkey, to confirm this change.' })
    expect(await (await remove({ password: admin.password, code: 'zzzzz-zzzzz' })).json()).toEqual({ error: WRONG_CODE })
    expect((await call('/api/me/two-factor', { cookie: admin.cookie }).then((r) => r.json<{ totp: boolean }>())).totp).toBe(true)
    expect((await remove(factorConfirmation(admin))).status).toBe(200)

    // recovery codes remain: a password alone is asked for one, and can set nothing up
    const later = await passwordSignIn(admin.email, admin.password)
    expect(later.body.second_factor).toBe('required')
    expect((await call('/api/me/two-factor/totp/setup', { cookie: later.cookie, body: {} })).status).toBe(403)
    expect((await call('/api/me/passkeys/options', { cookie: later.cookie, body: {} })).status).toBe(403)
  })

  it('asks the same to replace the recovery codes or the app, and to add or remove a passkey', async () => {
    const admin = await createAdmin()
    expect((await call('/api/me/two-factor/recovery-codes', { cookie: admin.cookie, body: { password: admin.password } })).status).toBe(400)
    const replaced = await call('/api/me/two-factor/recovery-codes', { cookie: admin.cookie, body: factorConfirmation(admin) })
    expect(replaced.status).toBe(200)
    admin.recoveryCodes = (await replaced.json<{ recovery_codes: string[] }>()).recovery_codes

    expect((await call('/api/me/two-factor/totp/setup', { cookie: admin.cookie, body: {} })).status).toBe(400)
    const setup = await call('/api/me/two-factor/totp/setup', { cookie: admin.cookie, body: factorConfirmation(admin) })
    expect(setup.status).toBe(200)
    const { secret } = await setup.json<{ secret: string }>()
    expect((await call('/api/me/two-factor/totp/enable', { cookie: admin.cookie, body: { code: await totpCode(secret, currentStep()) } })).status).toBe(200)

    const authenticator = await SoftAuthenticator.create()
    expect((await call('/api/me/passkeys/options', { cookie: admin.cookie, body: {} })).status).toBe(400)
    const options = await call('/api/me/passkeys/options', { cookie: admin.cookie, body: { password: admin.password, code: await totpCode(secret, currentStep() + 1) } })
    expect(options.status).toBe(200)
    const added = await call('/api/me/passkeys', { cookie: `${admin.cookie}; ${challengeCookie(options)}`, body: { response: await authenticator.register(await options.json(), ORIGIN) } })
    expect(added.status).toBe(201)
    const path = `/api/me/passkeys/${authenticator.id}`
    expect((await call(path, { method: 'DELETE', cookie: admin.cookie, body: {} })).status).toBe(400)
    expect((await call('/api/me/passkeys', { cookie: admin.cookie }).then((r) => r.json<{ passkeys: unknown[] }>())).passkeys).toHaveLength(1)
  })

  /** An administrator whose first and only factor is a passkey, and that passkey's answer to a fresh challenge (with the cookie naming it). */
  async function passkeyOnlyAdmin() {
    const admin = await createAdmin({ secondFactor: false })
    const authenticator = await SoftAuthenticator.create()
    const options = await call('/api/me/passkeys/options', { cookie: admin.cookie, body: {} })
    await call('/api/me/passkeys', { cookie: `${admin.cookie}; ${challengeCookie(options)}`, body: { response: await authenticator.register(await options.json(), ORIGIN) } })
    const challenge = await call('/api/auth/second-factor/passkey/options', { method: 'POST', cookie: admin.cookie })
    const passkey = await authenticator.authenticate(await challenge.json(), ORIGIN)
    return { admin, authenticator, passkey, cookie: `${admin.cookie}; ${challengeCookie(challenge)}` }
  }

  it('takes a passkey as the fresh answer', async () => {
    const { admin, passkey, cookie } = await passkeyOnlyAdmin()
    const setup = await call('/api/me/two-factor/totp/setup', { cookie, body: { password: admin.password, passkey } })
    expect(setup.status, await setup.clone().text()).toBe(200)
  })

  it('e-mails the owner and signs out its other sessions', async () => {
    const admin = await createAdmin()
    const other = await secondSession(admin, admin.recoveryCodes!.pop()!)
    expect(await adminCallStatus(other)).toBe(200)
    expect((await call('/api/me/two-factor/recovery-codes', { cookie: admin.cookie, body: factorConfirmation(admin) })).status).toBe(200)
    expect((await call('/api/auth/me', { cookie: other }).then((r) => r.json<{ user: unknown }>())).user).toBeNull()
    expect(await adminCallStatus(admin.cookie)).toBe(200)
    const mail = await waitForMail(admin.email, 2)
    expect(mail.subject).toBe('Reelhouse: your two-factor sign-in changed')
    expect(mail.text).toContain('New recovery codes were made for your Reelhouse administrator account')
    expect(mail.text).toContain('Every other browser signed in to the account has been signed out.')
  })

  it("asks for a fresh second factor to change an administrator's password, and signs out its other sessions", async () => {
    const admin = await createAdmin()
    const other = await secondSession(admin, admin.recoveryCodes!.pop()!)
    const change = (body: object) => call('/api/me/password', { cookie: admin.cookie, body: { newPassword: 'a new admin password', confirmPassword: 'a new admin password', ...body } })
    // an administrator's password is at least 12 characters, as everywhere administrators get one
    const short = await call('/api/me/password', { cookie: admin.cookie, body: { currentPassword: admin.password, newPassword: 'abc123', confirmPassword: 'abc123', code: admin.recoveryCodes![0] } })
    expect(short.status).toBe(400)
    expect(await short.json()).toEqual({ error: "An administrator's password must be at least 12 characters long" })
    const noAnswer = await change({ currentPassword: admin.password })
    expect(noAnswer.status).toBe(400)
    expect(await noAnswer.json()).toEqual({ error: 'Enter a code from your authenticator app or a recovery code, or use a passkey, to confirm this change.' })
    expect(await (await change({ currentPassword: admin.password, code: '000000' })).json()).toEqual({ error: WRONG_CODE })
    expect((await change({ currentPassword: 'not the password', code: admin.recoveryCodes![0] })).status).toBe(400)
    // nothing changed so far: the old password still signs in
    expect((await call('/api/auth/login', { body: { email: admin.email, password: admin.password, type: 'admin' } })).status).toBe(200)
    expect((await change({ currentPassword: admin.password, code: admin.recoveryCodes!.shift()! })).status).toBe(200)
    expect((await call('/api/auth/login', { body: { email: admin.email, password: admin.password, type: 'admin' } })).status).toBe(401)
    expect((await call('/api/auth/login', { body: { email: admin.email, password: 'a new admin password', type: 'admin' } })).status).toBe(200)
    expect((await call('/api/auth/me', { cookie: other }).then((r) => r.json<{ user: unknown }>())).user).toBeNull()
  })

  it('refuses to remove the last factor one could pass with', async () => {
    const { admin, authenticator, passkey, cookie } = await passkeyOnlyAdmin()
    const removed = await call(`/api/me/passkeys/${authenticator.id}`, { method: 'DELETE', cookie, body: { password: admin.password, passkey } })
    expect(removed.status).toBe(409)
    expect((await call('/api/me/two-factor', { cookie: admin.cookie }).then((r) => r.json<{ passkeys: number }>())).passkeys).toBe(1)
  })
})

describe('users', () => {
  it('are not asked for a second factor and cannot reach the administrators\' two-factor routes', async () => {
    const user = await createUser()
    expect((await call('/api/me/profile', { cookie: user.cookie })).status).toBe(200)
    expect((await call('/api/me/two-factor', { cookie: user.cookie })).status).toBe(403)
    expect((await call('/api/auth/second-factor/totp', { cookie: user.cookie, body: { code: '123456' } })).status).toBe(403)
    expect((await call('/api/me/two-factor')).status).toBe(401)
  })
})

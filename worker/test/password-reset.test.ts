// Password reset by e-mail: the same answer for every address, a single-use link that expires,
// stored hashed, every session ended by a reset, and limits on asking.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { hashToken } from '../accounts/password-resets'
import app from '../index'
import { RESET_LINK_INVALID, RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_EMAIL, RESET_SENT } from '../routes/password-reset'
import { PASSWORD, call, createUser, devMail, sessionOf, signIn, signUp, uniqueEmail, waitForMail } from './helpers/accounts'
import { laterThanSessionCheck } from './helpers/stores'

const NEW_PASSWORD = 'a brand new passphrase'

function ask(email: string, ip?: string) {
  return call('/api/auth/password-reset', { ip, body: { email } })
}

function confirm(token: string, password = NEW_PASSWORD, confirmPassword = password) {
  return call('/api/auth/password-reset/confirm', { body: { token, password, confirmPassword } })
}

async function linkFor(email: string, count = 1): Promise<string> {
  const mail = await waitForMail(email, count)
  const link = mail.text.match(/https?:\/\/\S+\/reset-password#token=([A-Za-z0-9_-]+)/)
  expect(link, mail.text).not.toBeNull()
  return link![1]!
}

describe('POST /api/auth/password-reset', () => {
  it('answers the same for an address with an account and one without, and mails only the account', async () => {
    const user = await signUp()
    const stranger = uniqueEmail('nobody')
    const known = await ask(user.email)
    const unknown = await ask(stranger)
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(await known.json()).toEqual({ message: RESET_SENT })
    expect(await unknown.json()).toEqual({ message: RESET_SENT })
    const mail = await waitForMail(user.email)
    expect(mail.subject).toMatch(/reset your password/)
    expect(mail.text).toMatch(/within 30 minutes/)
    expect((await devMail()).some((message) => message.to === stranger)).toBe(false)
  })

  it('writes the e-mail in the language the account chose, else in the language the request came in, with the link in it', async () => {
    const asker = await signUp()
    await call('/api/auth/password-reset', { body: { email: asker.email }, headers: { 'Accept-Language': 'es' } })
    const spanish = await waitForMail(asker.email)
    expect(spanish.subject).toBe(`${env.SITE_NAME}: restablece tu contraseña`)
    expect(spanish.text).toMatch(/en los próximos 30 minutos/)
    expect(spanish.text).toMatch(/https?:\/\/\S+\/es\/reset-password#token=[A-Za-z0-9_-]+/)

    const chooser = await signUp()
    const { cookie } = await signIn(chooser.email, chooser.password)
    expect((await call('/api/me/locale', { method: 'PUT', cookie, body: { locale: 'de' } })).status).toBe(204)
    await call('/api/auth/password-reset', { body: { email: chooser.email }, headers: { 'Accept-Language': 'ja' } })
    const german = await waitForMail(chooser.email)
    expect(german.subject).toBe(`${env.SITE_NAME}: Passwort zurücksetzen`)
    expect(german.text).toMatch(/\/de\/reset-password#token=/)
  })

  it('stores only the hash of the token, with an expiry within the hour', async () => {
    const user = await signUp()
    await ask(user.email)
    const token = await linkFor(user.email)
    const rows = await env.DB.prepare('select token_hash, expires_at from password_resets').all<{ token_hash: string; expires_at: string }>()
    expect(rows.results.some((row) => row.token_hash === token)).toBe(false)
    const hashed = await hashToken(token)
    const row = rows.results.find((r) => r.token_hash === hashed)
    expect(row).toBeDefined()
    const lifetime = Date.parse(row!.expires_at) - Date.now()
    expect(lifetime).toBeGreaterThan(0)
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000)
  })

  it(`limits one address to ${RESET_REQUESTS_PER_ADDRESS} requests an hour and one e-mail to ${RESET_REQUESTS_PER_EMAIL} messages`, async () => {
    const user = await signUp()
    const ip = '203.0.113.200'
    const burst = await Promise.all(Array.from({ length: RESET_REQUESTS_PER_ADDRESS + 3 }, () => ask(uniqueEmail('flood'), ip)))
    expect(burst.filter((res) => res.status === 429)).toHaveLength(3)
    for (let i = 0; i < RESET_REQUESTS_PER_EMAIL + 2; i++) expect((await ask(user.email)).status).toBe(200)
    await waitForMail(user.email, RESET_REQUESTS_PER_EMAIL)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await devMail()).filter((message) => message.to === user.email)).toHaveLength(RESET_REQUESTS_PER_EMAIL)
  })

  it('answers 400 for a malformed address', async () => {
    expect((await ask('not an address')).status).toBe(400)
  })
})

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password and ends every session of the account', async () => {
    const user = await createUser()
    const other = await signIn(user.email, PASSWORD)
    await ask(user.email)
    const res = await confirm(await linkFor(user.email))
    expect(res.status).toBe(200)
    // every browser of the account is signed out within the minute its token is trusted
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toBeNull()
    expect(await laterThanSessionCheck(() => sessionOf(other.cookie))).toBeNull()
    expect((await call('/api/auth/login', { body: { email: user.email, password: PASSWORD, type: 'user' } })).status).toBe(401)
    expect((await call('/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD, type: 'user' } })).status).toBe(200)
  })

  it('a link asked for before a password change works no more after it, and a reset ends the other links', async () => {
    const user = await createUser()
    await ask(user.email)
    const token = await linkFor(user.email)
    const changed = await call('/api/me/password', { cookie: user.cookie, body: { currentPassword: PASSWORD, newPassword: 'changed on the profile', confirmPassword: 'changed on the profile' } })
    expect(changed.status).toBe(200)
    const stale = await confirm(token)
    expect(stale.status).toBe(400)
    expect(await stale.json()).toEqual({ error: RESET_LINK_INVALID })
    expect((await signIn(user.email, 'changed on the profile')).cookie).toBeTruthy()

    // the reverse: a reset by link ends the account's other links and every session
    await ask(user.email)
    const first = await linkFor(user.email, 2)
    const link = await env.DB.prepare("select count(*) n from password_resets where owner_type = 'user' and owner_id = ? and used_at is null").bind(user.id).first<{ n: number }>()
    expect(link?.n).toBe(1)
    expect((await confirm(first)).status).toBe(200)
    const left = await env.DB.prepare("select count(*) n from password_resets where owner_type = 'user' and owner_id = ?").bind(user.id).first<{ n: number }>()
    expect(left?.n).toBe(0)
    // a browser that did not ask is signed out at its next session check
    expect(await laterThanSessionCheck(() => sessionOf(user.cookie))).toBeNull()
  })

  it('works once, even for two requests racing with the same link', async () => {
    const user = await signUp()
    await ask(user.email)
    const token = await linkFor(user.email)
    const [a, b] = await Promise.all([confirm(token), confirm(token, 'another passphrase')])
    expect([a.status, b.status].sort()).toEqual([200, 400])
    const again = await confirm(token)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ error: RESET_LINK_INVALID })
  })

  it('refuses an expired link and a link retired by a newer one', async () => {
    const user = await signUp()
    await ask(user.email)
    const first = await linkFor(user.email)
    await ask(user.email)
    const second = await linkFor(user.email, 2)
    expect(second).not.toBe(first)
    expect((await confirm(first)).status).toBe(400)
    await env.DB.prepare('update password_resets set expires_at = ? where token_hash = ?').bind(new Date(Date.now() - 1000).toISOString(), await hashToken(second)).run()
    expect((await confirm(second)).status).toBe(400)
    expect((await call('/api/auth/login', { body: { email: user.email, password: PASSWORD, type: 'user' } })).status).toBe(200)
  })

  it('checks the new password like sign-up does, without using up the link', async () => {
    const user = await signUp()
    await ask(user.email)
    const token = await linkFor(user.email)
    expect((await confirm(token, 'short')).status).toBe(400)
    expect((await confirm(token, NEW_PASSWORD, 'different one')).status).toBe(400)
    expect((await confirm('x'.repeat(43))).status).toBe(400)
    expect((await confirm('not-a-token')).status).toBe(400)
    expect((await confirm(token)).status).toBe(200)
  })
})

describe('the site address', () => {
  const site = 'https://reelhouse.example'
  async function askAt(origin: string, email: string, overrides: Partial<typeof env> = {}) {
    const sent: { to: string; text: string }[] = []
    const mailer = { send: async (message: { to: string; text?: string }) => void sent.push({ to: message.to, text: message.text ?? '' }) } as unknown as SendEmail
    const ctx = createExecutionContext()
    const res = await app.fetch(
      new Request(`${origin}/api/auth/password-reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) }),
      { ...env, MAILER: mailer, MAIL_FROM: 'mail@reelhouse.example', ...overrides },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    return { res, sent }
  }

  it('builds the reset link from SITE_URL and refuses a request for another host', async () => {
    const user = await signUp()
    const ok = await askAt(site, user.email, { SITE_URL: site })
    expect(ok.res.status).toBe(200)
    expect(ok.sent).toHaveLength(1)
    expect(ok.sent[0]!.text).toMatch(/^https:\/\/reelhouse\.example\/reset-password#token=[A-Za-z0-9_-]{43}$/m)

    const spoofed = await askAt('https://evil.example', user.email, { SITE_URL: site })
    expect(spoofed.res.status).toBe(421)
    expect(await spoofed.res.json()).toEqual({ error: "This request was sent to another address than the site's own." })
    expect(spoofed.sent).toEqual([])
    // with the local default, anything but a loopback address is another host
    expect((await askAt('http://evil.example', user.email)).res.status).toBe(421)
  })
})

// Passkeys through the worker with real signatures (a software authenticator): adding, listing,
// removing, signing in, and the ways an answer is refused.
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import app from '../index'
import { PASSKEY_FAILED } from '../routes/passkeys'
import { ORIGIN, call, createAdmin, createUser, factorConfirmation, sessionCookieFrom, sessionOf, setCookies } from './helpers/accounts'
import { SoftAuthenticator } from './helpers/soft-authenticator'

function challengeCookie(res: Response): string {
  const line = setCookies(res).find((cookie) => cookie.startsWith('reelhouse_webauthn='))
  expect(line).toBeDefined()
  expect(line).toMatch(/HttpOnly/i)
  return line!.split(';')[0]!
}

async function addPasskey(cookie: string, authenticator: SoftAuthenticator, origin = ORIGIN, confirmation: object = {}) {
  const options = await call('/api/me/passkeys/options', { cookie, body: confirmation })
  expect(options.status).toBe(200)
  const json = await options.json<{ challenge: string; rp: { id: string } }>()
  const answer = await authenticator.register(json, origin)
  return call('/api/me/passkeys', { cookie: `${cookie}; ${challengeCookie(options)}`, body: { response: answer } })
}

async function passkeySignIn(authenticator: SoftAuthenticator, tamper?: (answer: Awaited<ReturnType<SoftAuthenticator['authenticate']>>) => void) {
  const options = await call('/api/auth/passkey/options', { method: 'POST' })
  expect(options.status).toBe(200)
  const json = await options.json<{ challenge: string; rpId: string }>()
  const answer = await authenticator.authenticate(json, ORIGIN)
  tamper?.(answer)
  const challenge = challengeCookie(options)
  const res = await call('/api/auth/passkey', { cookie: challenge, body: { response: answer } })
  return { res, challenge, answer }
}

describe('adding passkeys', () => {
  it('adds one for the signed-in account and lists it', async () => {
    const user = await createUser()
    const authenticator = await SoftAuthenticator.create()
    const res = await addPasskey(user.cookie, authenticator)
    expect(res.status, await res.clone().text()).toBe(201)
    const list = await (await call('/api/me/passkeys', { cookie: user.cookie })).json<{ passkeys: { id: string; name: string; last_used_at: null }[] }>()
    expect(list.passkeys).toEqual([expect.objectContaining({ id: authenticator.id, last_used_at: null })])
    expect(list.passkeys[0]!.name).toMatch(/^Passkey on /)
  })

  it('refuses an answer for another origin, without the challenge cookie, or twice for one challenge', async () => {
    const user = await createUser()
    expect((await addPasskey(user.cookie, await SoftAuthenticator.create(), 'https://evil.example')).status).toBe(400)
    const options = await call('/api/me/passkeys/options', { cookie: user.cookie, body: {} })
    const optionsJson = await options.json<{ challenge: string; rp: { id: string } }>()
    const answer = await (await SoftAuthenticator.create()).register(optionsJson, ORIGIN)
    const missing = await call('/api/me/passkeys', { cookie: user.cookie, body: { response: answer } })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: PASSKEY_FAILED })
    const cookie = `${user.cookie}; ${challengeCookie(options)}`
    expect((await call('/api/me/passkeys', { cookie, body: { response: answer } })).status).toBe(201)
    const again = await (await SoftAuthenticator.create()).register(optionsJson, ORIGIN)
    expect((await call('/api/me/passkeys', { cookie, body: { response: again } })).status).toBe(400)
  })

  it("cannot answer another account's challenge", async () => {
    const owner = await createUser()
    const thief = await createUser()
    const options = await call('/api/me/passkeys/options', { cookie: owner.cookie, body: {} })
    const answer = await (await SoftAuthenticator.create()).register(await options.json(), ORIGIN)
    const res = await call('/api/me/passkeys', { cookie: `${thief.cookie}; ${challengeCookie(options)}`, body: { response: answer } })
    expect(res.status).toBe(400)
  })

  it('answers 401 signed out and 400 for a malformed answer', async () => {
    expect((await call('/api/me/passkeys')).status).toBe(401)
    expect((await call('/api/me/passkeys/options', { body: {} })).status).toBe(401)
    const user = await createUser()
    expect((await call('/api/me/passkeys', { cookie: user.cookie, body: { response: { id: 'x' } } })).status).toBe(400)
  })
})

describe('signing in with a passkey', () => {
  it('signs the owner in, user or administrator, and keeps the counter', async () => {
    for (const account of [await createUser(), await createAdmin()]) {
      const authenticator = await SoftAuthenticator.create()
      const confirmation = account.type === 'admin' ? factorConfirmation(account) : {}
      expect((await addPasskey(account.cookie, authenticator, ORIGIN, confirmation)).status).toBe(201)
      const { res } = await passkeySignIn(authenticator)
      expect(res.status, await res.clone().text()).toBe(200)
      const cookie = sessionCookieFrom(res)!
      expect(await sessionOf(cookie)).toEqual({ type: account.type, id: account.id })
      const list = await (await call('/api/me/passkeys', { cookie })).json<{ passkeys: { last_used_at: string | null }[] }>()
      expect(list.passkeys[0]!.last_used_at).not.toBeNull()
      expect((await passkeySignIn(authenticator)).res.status).toBe(200)
    }
  })

  it('refuses a replayed answer, a bad signature, an unknown or removed passkey, and a banned account', async () => {
    const user = await createUser()
    const authenticator = await SoftAuthenticator.create()
    await addPasskey(user.cookie, authenticator)
    const first = await passkeySignIn(authenticator)
    expect(first.res.status).toBe(200)
    const replay = await call('/api/auth/passkey', { cookie: first.challenge, body: { response: first.answer } })
    expect(replay.status).toBe(401)
    expect(await replay.json()).toEqual({ error: PASSKEY_FAILED })

    const forged = await passkeySignIn(authenticator, (answer) => {
      answer.response.signature = answer.response.signature.slice(0, -4) + 'AAAA'
    })
    expect(forged.res.status).toBe(401)
    expect((await passkeySignIn(await SoftAuthenticator.create())).res.status).toBe(401)

    await env.DB.prepare('update users set is_active = 0 where id = ?').bind(user.id).run()
    expect((await passkeySignIn(authenticator)).res.status).toBe(401)
    await env.DB.prepare('update users set is_active = 1 where id = ?').bind(user.id).run()

    const removed = await call(`/api/me/passkeys/${authenticator.id}`, { method: 'DELETE', cookie: user.cookie, body: {} })
    expect(removed.status).toBe(200)
    expect((await passkeySignIn(authenticator)).res.status).toBe(401)
  })

  it("cannot remove another account's passkey", async () => {
    const owner = await createUser()
    const other = await createUser()
    const authenticator = await SoftAuthenticator.create()
    await addPasskey(owner.cookie, authenticator)
    expect((await call(`/api/me/passkeys/${authenticator.id}`, { method: 'DELETE', cookie: other.cookie, body: {} })).status).toBe(404)
    expect((await passkeySignIn(authenticator)).res.status).toBe(200)
  })
})

describe('the relying party', () => {
  const options = (origin: string, overrides: Partial<typeof env> = {}) =>
    app.fetch(new Request(`${origin}/api/auth/passkey/options`, { method: 'POST' }), { ...env, ...overrides }, createExecutionContext())

  it('is the site of SITE_URL, and a request for another host is refused', async () => {
    const site = 'https://reelhouse.example'
    const ours = await options(site, { SITE_URL: site })
    expect(ours.status).toBe(200)
    expect((await ours.json<{ rpId: string }>()).rpId).toBe('reelhouse.example')
    const spoofed = await options('https://evil.example', { SITE_URL: site })
    expect(spoofed.status).toBe(421)
    expect((await options('http://evil.example')).status).toBe(421)
    // locally, any loopback address is the site, as it was opened
    expect((await (await options('http://localhost:8810')).json<{ rpId: string }>()).rpId).toBe('localhost')
  })
})

/**
 * Account helpers for workerd tests: requests through the real worker with a cookie jar of
 * one, and users and administrators made the way the product makes them (sign-up through the
 * API; administrators inserted with the same password hash the admin:create script writes).
 * Each request carries its own random client IP unless a test names one, so the per-IP sign-in
 * limit only trips in the tests that mean to trip it.
 */
import { env, exports } from 'cloudflare:workers'
import { expect } from 'vitest'
import { hashPassword } from '../../auth/password'
import { SESSION_COOKIE } from '../../auth/session'
import { currentStep, totpCode } from '../../auth/totp'

export const ORIGIN = 'http://localhost'
export const PASSWORD = 'correct horse battery'

let sequence = 0

function nextTag(): string {
  sequence += 1
  return `${Date.now().toString(36)}${sequence.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

export function uniqueEmail(prefix = 'viewer'): string {
  return `${prefix}.${nextTag()}@example.com`
}

export function uniqueUsername(prefix = 'viewer'): string {
  return `${prefix}_${nextTag()}`.slice(0, 30)
}

function randomIp(): string {
  return `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`
}

export interface CallOptions {
  method?: string
  /** An object is sent as JSON; a string is sent as it is (with `contentType` if given). */
  body?: unknown
  contentType?: string
  cookie?: string
  /** The client address the edge reports; null sends none, as a request that bypassed the edge. */
  ip?: string | null
  headers?: Record<string, string>
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers)
  if (options.ip !== null) headers.set('CF-Connecting-IP', options.ip ?? randomIp())
  if (options.cookie) headers.set('Cookie', options.cookie)
  let body: string | undefined
  if (typeof options.body === 'string') {
    body = options.body
    if (options.contentType) headers.set('Content-Type', options.contentType)
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers.set('Content-Type', options.contentType ?? 'application/json')
  }
  return exports.default.fetch(`${ORIGIN}${path}`, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
}

/** Every Set-Cookie line of a response (workerd's Headers.getAll keeps them apart). */
export function setCookies(res: Response): string[] {
  return res.headers.getAll('Set-Cookie')
}

/** The `name=value` of the session cookie a response sets, or null. */
export function sessionCookieFrom(res: Response): string | null {
  const line = setCookies(res).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
  if (!line) return null
  const pair = line.split(';')[0] ?? ''
  return pair === `${SESSION_COOKIE}=` ? null : pair
}

/**
 * Who GET /api/auth/me says the cookie belongs to: the account's type and id, or null when it
 * answers signed out. It always answers 200; signed out is `{ user: null }` and nothing else.
 */
export async function sessionOf(cookie?: string): Promise<{ type: string; id: number } | null> {
  const res = await call('/api/auth/me', { cookie })
  expect(res.status).toBe(200)
  const body = await res.json<{ id?: number; type?: string; user: unknown }>()
  if (body.user === null) {
    expect(body).toEqual({ user: null })
    return null
  }
  return { type: body.type!, id: body.id! }
}

export interface Credentials {
  email: string
  username: string
  password: string
}

export interface TestAccount {
  type: 'user' | 'admin'
  id: number
  email: string
  username: string
  password: string
  cookie: string
  /** An administrator's authenticator-app secret (base32), set up by createAdmin. */
  totpSecret?: string
  /** Its recovery codes, as setting the app up answered them: each works once. */
  recoveryCodes?: string[]
}

/** Signs a new user up; sign-up signs it in, and `cookie` is that session. */
export async function signUp(overrides: Partial<Credentials> = {}): Promise<Credentials & { cookie: string; id: number }> {
  const credentials = { email: uniqueEmail(), username: uniqueUsername(), password: PASSWORD, ...overrides }
  const res = await call('/api/auth/signup', { body: { ...credentials, confirmPassword: credentials.password } })
  expect(res.status, await res.clone().text()).toBe(201)
  const cookie = sessionCookieFrom(res)
  expect(cookie).toBeTruthy()
  return { ...credentials, cookie: cookie!, id: (await res.json<{ id: number }>()).id }
}

export async function signIn(email: string, password: string, type: 'user' | 'admin' = 'user'): Promise<{ cookie: string; id: number }> {
  const res = await call('/api/auth/login', { body: { email, password, type } })
  expect(res.status, await res.clone().text()).toBe(200)
  const cookie = sessionCookieFrom(res)
  expect(cookie).toBeTruthy()
  const body = await res.json<{ id: number }>()
  return { cookie: cookie!, id: body.id }
}

/** A user made through sign-up, which signs it in. */
export async function createUser(overrides: Partial<Credentials> = {}): Promise<TestAccount> {
  return { type: 'user', ...(await signUp(overrides)) }
}

/**
 * An administrator row as `npm run admin:create` makes it, then signed in through the API with
 * an authenticator app set up as its second factor (unless `secondFactor: false`: then the
 * cookie is a session still waiting for one).
 */
export async function createAdmin(overrides: Partial<Credentials> & { id?: number; secondFactor?: boolean } = {}): Promise<TestAccount> {
  const credentials = { email: uniqueEmail('admin'), username: uniqueUsername('admin'), password: PASSWORD, ...overrides }
  const hash = await hashPassword(credentials.password)
  const inserted = await env.DB.prepare(
    'insert into admin_users (id, email, username, password_hash, is_active) values (?, ?, ?, ?, 1) returning id',
  )
    .bind(overrides.id ?? null, credentials.email, credentials.username, hash)
    .first<{ id: number }>()
  const { cookie, id } = await signIn(credentials.email, credentials.password, 'admin')
  expect(id).toBe(inserted?.id)
  const { secondFactor = true, ...rest } = { ...credentials, secondFactor: overrides.secondFactor }
  delete (rest as { id?: number }).id
  if (!secondFactor) return { type: 'admin', id, cookie, ...rest }
  const { secret: totpSecret, recoveryCodes } = await setUpTotp(cookie)
  return { type: 'admin', id, cookie, totpSecret, recoveryCodes, ...rest }
}

/** Sets up the first authenticator app of the signed-in administrator; answers its secret and recovery codes. */
export async function setUpTotp(cookie: string, ip?: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call('/api/me/two-factor/totp/setup', { ip, cookie, body: {} })
  expect(setup.status, await setup.clone().text()).toBe(200)
  const { secret } = await setup.json<{ secret: string }>()
  const enable = await call('/api/me/two-factor/totp/enable', { ip, cookie, body: { code: await totpCode(secret, currentStep()) } })
  expect(enable.status, await enable.clone().text()).toBe(200)
  return { secret, recoveryCodes: (await enable.json<{ recovery_codes: string[] }>()).recovery_codes }
}

/** What confirms a change of an administrator's factors: its password and one of its unused recovery codes. */
export function factorConfirmation(admin: TestAccount): { password: string; code: string } {
  const code = admin.recoveryCodes?.shift()
  if (!code) throw new Error('the administrator has no recovery code left to confirm with')
  return { password: admin.password, code }
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return res.json<T>()
}

export interface DevMail {
  to: string
  subject: string
  text: string
  headers?: Record<string, string>
  sentAt: string
}

/** The messages in the local dev mailbox (GET /api/dev/mail), newest first. */
export async function devMail(): Promise<DevMail[]> {
  const res = await call('/api/dev/mail')
  expect(res.status).toBe(200)
  return (await res.json<{ messages: DevMail[] }>()).messages
}

/** The newest message to `to`, waiting for mail sent after an answer (waitUntil) to land. */
export async function waitForMail(to: string, count = 1): Promise<DevMail> {
  for (let tries = 0; tries < 50; tries++) {
    const mine = (await devMail()).filter((message) => message.to === to)
    if (mine.length >= count) return mine[0]!
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail to ${to}`)
}

/** A list of `owner`'s (public unless `fields` say otherwise) with `titles` in it; its slug. */
export async function makeList(owner: TestAccount, fields: Record<string, unknown> = {}, titles: { type: 'movie' | 'tv'; id: number }[] = []): Promise<string> {
  const res = await call('/api/me/lists', { cookie: owner.cookie, body: { name: 'A list', is_public: true, ...fields } })
  if (res.status !== 201) throw new Error(`list not made: ${res.status} ${await res.text()}`)
  const { slug } = (await res.json<{ list: { slug: string } }>()).list
  for (const title of titles) {
    const added = await call(`/api/me/lists/${slug}/items`, { cookie: owner.cookie, body: { content_type: title.type, content_id: title.id, title: `Title ${title.id}`, poster_path: null } })
    if (added.status >= 300) throw new Error(`title not added: ${added.status} ${await added.text()}`)
  }
  return slug
}

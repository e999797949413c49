// New-episode notices by Web Push: RFC 8291 encryption (RFC 8291's own example, byte for byte),
// the VAPID JWT (RFC 8292), the notice settings and subscriptions API, and the Cron Trigger's run
// against the fake TMDB with an episode airing today, delivered to a fake push service that checks
// the signature and decrypts the payload with the subscription's private key.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { base64urlToBytes, bytesToBase64url } from '../auth/webauthn'
import worker from '../index'
import { encryptPayload, vapidAuthorization, vapidKeys } from '../push/web-push'
import { noticePayload } from '../push/messages'
import { sendNotices } from '../push/notices'
import { REFUSALS_BEFORE_DROP } from '../push/settings'
import { digestHex } from '../lib/digest'
import { call, createUser, json, sessionCookieFrom } from './helpers/accounts'
import { decryptPush, fakeBrowser, fakePushService, PUSH_HOST, verifyVapid, type FakeBrowser, type ReceivedPush } from './helpers/push-service'
import { storeRows } from './helpers/stores'
import { airingTmdb, callTmdb, today, type FakeShow, TMDB_KEY } from './helpers/tmdb-airing'
import { addDays, minuteOfDayIn } from '../calendar/dates'

// RFC 8291, Appendix A
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
}

let VAPID: { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string }

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey
  const point = new Uint8Array([4, ...base64urlToBytes(jwk.x!), ...base64urlToBytes(jwk.y!)])
  VAPID = { VAPID_PUBLIC_KEY: bytesToBase64url(point), VAPID_PRIVATE_KEY: jwk.d! }
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

function api(path: string, init: { cookie?: string; method?: string; body?: unknown } = {}, keys = true) {
  // without keys: none, whatever a local .dev.vars holds
  return callTmdb(path, init, keys ? VAPID : { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' })
}

function subscription(browser: FakeBrowser, timeZone = 'UTC') {
  return { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth }, expirationTime: null, timeZone }
}

async function subscribe(cookie: string, browser: FakeBrowser, timeZone = 'UTC') {
  const res = await api('/api/me/notices/subscriptions', { method: 'POST', cookie, body: subscription(browser, timeZone) })
  expect(res.status, await res.clone().text()).toBe(201)
}

async function runCron(at = Date.now()): Promise<void> {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '0 * * * *' }), { ...env, TMDB_API_KEY: TMDB_KEY, ...VAPID }, ctx)
  await waitOnExecutionContext(ctx)
}

async function follower(shows: FakeShow[], services?: number[]) {
  const user = await createUser()
  for (const show of shows) {
    expect((await call(`/api/me/follows/${show.id}`, { method: 'PUT', cookie: user.cookie, body: { following: true, title: show.name, poster_path: null } })).status).toBe(200)
  }
  if (services) expect((await call('/api/me/services', { method: 'PUT', cookie: user.cookie, body: { services, region: 'US' } })).status).toBe(200)
  return user
}

async function opened(push: ReceivedPush, browser: FakeBrowser) {
  const claims = await verifyVapid(push, VAPID.VAPID_PUBLIC_KEY)
  expect(claims.aud).toBe(`https://${PUSH_HOST}`)
  expect(claims.sub).toBe(`mailto:${env.SUPPORT_EMAIL}`)
  expect(claims.exp * 1000 - Date.now()).toBeGreaterThan(60_000)
  expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000)
  expect(push.headers.get('Content-Encoding')).toBe('aes128gcm')
  expect(Number(push.headers.get('TTL'))).toBeGreaterThan(0)
  return JSON.parse(await decryptPush(push.body, browser)) as { title: string; body: string; url: string; tag: string }
}

describe('RFC 8291 and RFC 8292 with WebCrypto', () => {
  it('encrypts RFC 8291’s example to its very bytes, and the browser’s side reads it back', async () => {
    const body = await encryptPayload(new TextEncoder().encode(RFC.plaintext), { p256dh: RFC.uaPublic, auth: RFC.auth }, { privateKey: RFC.asPrivate, publicKey: RFC.asPublic, salt: RFC.salt })
    expect(bytesToBase64url(body)).toBe(RFC.message)
    const point = base64urlToBytes(RFC.uaPublic)
    const uaKey = await crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', d: RFC.uaPrivate, x: bytesToBase64url(point.slice(1, 33)), y: bytesToBase64url(point.slice(33)) }, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])
    expect(await decryptPush(base64urlToBytes(RFC.message), { p256dh: RFC.uaPublic, auth: RFC.auth, privateKey: uaKey })).toBe(RFC.plaintext)
    // a fresh key and salt each time: two bodies of one message differ, both open
    const browser = await fakeBrowser('rfc')
    const [a, b] = await Promise.all([encryptPayload(new TextEncoder().encode('hello'), browser), encryptPayload(new TextEncoder().encode('hello'), browser)])
    expect(bytesToBase64url(a)).not.toBe(bytesToBase64url(b))
    expect(await decryptPush(a, browser)).toBe('hello')
    expect(await decryptPush(b, browser)).toBe('hello')
  })

  it('signs the VAPID JWT with ES256 for the push service’s origin; a changed token does not verify', async () => {
    const keys = (await vapidKeys(VAPID))!
    const header = await vapidAuthorization('https://fcm.googleapis.com/fcm/send/abc', keys, 'mailto:ops@example.com')
    const push = { endpoint: '', headers: new Headers({ Authorization: header }), body: new Uint8Array() }
    expect(await verifyVapid(push, VAPID.VAPID_PUBLIC_KEY)).toMatchObject({ aud: 'https://fcm.googleapis.com', sub: 'mailto:ops@example.com' })
    const forged = header.replace(/t=([^.]+)\.([^.]+)\./, (_m, h: string, c: string) => `t=${h}.${c.slice(0, -2)}${c.endsWith('A') ? 'B' : 'A'}${c.slice(-1)}.`)
    await expect(verifyVapid({ ...push, headers: new Headers({ Authorization: forged }) }, VAPID.VAPID_PUBLIC_KEY)).rejects.toThrow()
    expect(await vapidKeys({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: VAPID.VAPID_PRIVATE_KEY })).toBeNull()
  })
})

describe('/api/me/notices', () => {
  it('says notices are off without VAPID keys, and refuses a subscription then', async () => {
    const user = await createUser()
    expect(await json(await api('/api/me/notices', { cookie: user.cookie }, false))).toEqual({ available: false, publicKey: null, timeZone: null, quietHours: null, subscriptions: 0 })
    const res = await api('/api/me/notices/subscriptions', { method: 'POST', cookie: user.cookie, body: subscription(await fakeBrowser('off')) }, false)
    expect(res.status).toBe(503)
  })

  it('keeps subscriptions and quiet hours, and validates them', async () => {
    const user = await createUser()
    const browser = await fakeBrowser(`keep-${user.id}`)
    await subscribe(user.cookie, browser, 'Europe/Paris')
    expect(await json(await api('/api/me/notices', { cookie: user.cookie }))).toEqual({ available: true, publicKey: VAPID.VAPID_PUBLIC_KEY, timeZone: 'Europe/Paris', quietHours: null, subscriptions: 1 })
    expect((await env.DB.prepare('select count(*) as n from push_subscribers where owner_id = ? and owner_type = ?').bind(user.id, 'user').first<{ n: number }>())!.n).toBe(1)

    const put = await api('/api/me/notices', { method: 'PUT', cookie: user.cookie, body: { timeZone: 'Asia/Tokyo', quietHours: { start: '22:30', end: '07:00' } } })
    expect(await json(put)).toMatchObject({ timeZone: 'Asia/Tokyo', quietHours: { start: '22:30', end: '07:00' } })

    const bad: [string, string, unknown][] = [
      ['PUT', '/api/me/notices', { timeZone: 'Asia/Tokyo', quietHours: { start: '25:00', end: '07:00' } }],
      ['PUT', '/api/me/notices', { timeZone: 'Mars/Base', quietHours: null }],
      ['PUT', '/api/me/notices', { quietHours: null }],
      ['POST', '/api/me/notices/subscriptions', { ...subscription(browser), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }],
      ['POST', '/api/me/notices/subscriptions', { ...subscription(browser), endpoint: 'https://example.com/push' }],
      ['POST', '/api/me/notices/subscriptions', { ...subscription(browser), endpoint: 'https://fcm.googleapis.com.evil.example/x' }],
      ['POST', '/api/me/notices/subscriptions', { ...subscription(browser), keys: { p256dh: 'abc', auth: browser.auth } }],
      ['POST', '/api/me/notices/subscriptions', { ...subscription(browser), keys: { p256dh: browser.p256dh, auth: 'short' } }],
      ['POST', '/api/me/notices/subscriptions', { ...subscription(browser), timeZone: 'Nowhere' }],
      ['POST', '/api/me/notices/subscriptions', { ...subscription(browser), owner_id: 1 }],
    ]
    for (const [method, path, body] of bad) {
      const res = await api(path, { method, cookie: user.cookie, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(await json(res))).toEqual(['error'])
    }

    // ten browsers at most
    for (let i = 1; i < 10; i++) await subscribe(user.cookie, await fakeBrowser(`more-${user.id}-${i}`))
    expect((await api('/api/me/notices/subscriptions', { method: 'POST', cookie: user.cookie, body: subscription(await fakeBrowser(`eleventh-${user.id}`)) })).status).toBe(409)
    // the same browser again renews it rather than counting twice
    await subscribe(user.cookie, browser)

    const off = await api('/api/me/notices/subscriptions', { method: 'DELETE', cookie: user.cookie, body: { endpoint: browser.endpoint } })
    expect(await json(off)).toMatchObject({ subscriptions: 9 })
    // in the account's export
    const exported = await json<{ notices: unknown }>(await call('/api/me/export.json', { cookie: user.cookie }))
    expect(exported.notices).toEqual({ timeZone: 'Asia/Tokyo', quietHours: { start: 22 * 60 + 30, end: 7 * 60 }, subscriptions: 9 })
    expect((await api('/api/me/notices', {})).status).toBe(401)
  })
})

describe('the Cron Trigger’s run', () => {
  it('sends one notice per viewer with every episode out since the last, saying where to watch, signed and encrypted; nothing twice', async () => {
    const shows: FakeShow[] = [
      { id: 93001, name: 'Airing Today', season: 2, episodes: [-14, -7, 0, 7], streaming: [{ id: 8, name: 'Netflix' }] },
      { id: 93002, name: 'Also Today', season: 1, episodes: [-1, 0, 1] },
    ]
    const received = fakePushService(airingTmdb(shows))
    const viewer = await follower(shows, [8])
    const browser = await fakeBrowser(`viewer-${viewer.id}`)
    await subscribe(viewer.cookie, browser)
    // another viewer, following nothing that aired: no notice
    const other = await follower([])
    await subscribe(other.cookie, await fakeBrowser(`other-${other.id}`))

    await runCron()
    expect(received.map((r) => r.endpoint)).toEqual([browser.endpoint])
    const notice = await opened(received[0]!, browser)
    expect(notice.title).toBe('2 new episodes of shows you follow')
    // yesterday's episode came before the subscription's first day: not news
    expect(notice.body.split('\n')).toEqual(['Airing Today S2E3, on Netflix', 'Also Today S1E2'])
    expect(notice.url).toBe(`${env.SITE_URL}/calendar`)
    expect(JSON.stringify(notice)).not.toContain('Spoiler')

    await runCron(Date.now() + 60_000)
    expect(received).toHaveLength(1)
  })

  it('tells the account’s browsers of a show that another of its profiles follows', async () => {
    const shows: FakeShow[] = [{ id: 93011, name: 'Cartoon Hour', season: 1, episodes: [-7, 0, 7] }]
    const received = fakePushService(airingTmdb(shows))
    const account = await createUser()
    const made = await call('/api/me/profiles', { cookie: account.cookie, body: { name: 'Mia', avatar: 'panda', ceiling: 'kids' } })
    const { profile } = await json<{ profile: { id: number } }>(made)
    const chosen = await call(`/api/me/profiles/${profile.id}/choose`, { cookie: account.cookie, body: {} })
    const kids = sessionCookieFrom(chosen)!
    expect((await call(`/api/me/follows/${shows[0]!.id}`, { method: 'PUT', cookie: kids, body: { following: true, title: 'Cartoon Hour', poster_path: null } })).status).toBe(200)
    // the kids profile's own follows; the account's own follow nothing
    const own = await call('/api/auth/login', { body: { email: account.email, password: account.password, type: 'user' } })
    const grownUp = sessionCookieFrom(await call('/api/me/profiles/1/choose', { cookie: sessionCookieFrom(own)!, body: {} }))!
    expect(await json(await call('/api/me/follows', { cookie: grownUp }))).toMatchObject({ results: [] })
    const browser = await fakeBrowser(`profiles-${account.id}`)
    await subscribe(grownUp, browser)
    await runCron()
    expect(received.map((r) => r.endpoint)).toEqual([browser.endpoint])
    expect(await opened(received[0]!, browser)).toMatchObject({ title: 'New episode: Cartoon Hour S1E2' })
  })

  it('names a lone episode, opens its page, and tells of tomorrow’s once it is out', async () => {
    const shows: FakeShow[] = [{ id: 93003, name: 'Tomorrow Show', season: 1, episodes: [-3, 0, 1] }]
    const received = fakePushService(airingTmdb(shows))
    const viewer = await follower(shows)
    const browser = await fakeBrowser(`lone-${viewer.id}`)
    await subscribe(viewer.cookie, browser)
    await runCron()
    expect(await opened(received[0]!, browser)).toMatchObject({ title: 'New episode: Tomorrow Show S1E2', body: 'It is out now.', url: `${env.SITE_URL}/tv/93003?season=1&episode=2` })
    // a day later, in UTC: the next episode became available at midnight
    const tomorrow = Date.parse(`${addDays(today(), 1)}T06:00:00Z`)
    await runCron(tomorrow)
    // other viewers of this file hear of their own shows' next episodes in that run too
    const mine = received.filter((r) => r.endpoint === browser.endpoint)
    expect(mine).toHaveLength(2)
    expect((await opened(mine[1]!, browser)).title).toBe('New episode: Tomorrow Show S1E3')
  })

  it('keeps quiet during the viewer’s quiet hours, and tells everything after them', async () => {
    const shows: FakeShow[] = [{ id: 93004, name: 'Quiet Show', season: 1, episodes: [0] }]
    const received = fakePushService(airingTmdb(shows))
    const viewer = await follower(shows)
    const browser = await fakeBrowser(`quiet-${viewer.id}`)
    await subscribe(viewer.cookie, browser)
    const now = Date.now()
    const minute = minuteOfDayIn('UTC', now)
    const clock = (m: number) => `${String(Math.floor(((m + 1440) % 1440) / 60)).padStart(2, '0')}:${String(((m + 1440) % 1440) % 60).padStart(2, '0')}`
    // quiet from ten minutes ago to twenty minutes from now
    expect((await api('/api/me/notices', { method: 'PUT', cookie: viewer.cookie, body: { timeZone: 'UTC', quietHours: { start: clock(minute - 10), end: clock(minute + 20) } } })).status).toBe(200)
    // other viewers of this file hear of their own shows' next episodes in a run past midnight (UTC)
    const mine = () => received.filter((r) => r.endpoint === browser.endpoint)
    await runCron(now)
    expect(mine()).toHaveLength(0)
    const through = await storeRows<{ notified_through: string }>('user', viewer.id, 'select notified_through from notice_settings')
    expect(Date.parse(through[0]!.notified_through)).toBeLessThan(now)
    await runCron(now + 25 * 60_000)
    expect(mine()).toHaveLength(1)
    expect((await opened(mine()[0]!, browser)).title).toBe('New episode: Quiet Show S1E1')
  })

  it('removes a subscription the push service says is gone (410), and the account from the run once none is left', async () => {
    const shows: FakeShow[] = [{ id: 93005, name: 'Gone Show', season: 1, episodes: [0] }]
    const viewer = await follower(shows)
    const live = await fakeBrowser(`live-${viewer.id}`)
    const dead = await fakeBrowser(`dead-${viewer.id}`)
    const received = fakePushService(airingTmdb(shows), new Set([dead.endpoint]))
    await subscribe(viewer.cookie, live)
    await subscribe(viewer.cookie, dead)
    await runCron()
    expect(received.map((r) => r.endpoint).sort()).toEqual([dead.endpoint, live.endpoint].sort())
    expect(await storeRows('user', viewer.id, 'select endpoint from push_subscriptions')).toEqual([{ endpoint: live.endpoint }])

    // the last one gone too: the account leaves the run's list
    const lonely = await follower([{ ...shows[0]!, id: 93006 }])
    const gone = await fakeBrowser(`gone-${lonely.id}`)
    vi.restoreAllMocks()
    fakePushService(airingTmdb([{ ...shows[0]!, id: 93006 }]), new Set([gone.endpoint]))
    await subscribe(lonely.cookie, gone)
    await runCron()
    expect(await storeRows('user', lonely.id, 'select endpoint from push_subscriptions')).toEqual([])
    expect((await env.DB.prepare('select count(*) as n from push_subscribers where owner_type = ? and owner_id = ?').bind('user', lonely.id).first<{ n: number }>())!.n).toBe(0)
  })
})

describe('a run over many accounts, refusals, and one browser under two accounts', () => {
  const subscriberCount = async () => (await env.DB.prepare('select count(*) as n from push_subscribers').first<{ n: number }>())!.n
  const inRun = async (owner: { id: number }) => (await env.DB.prepare('select count(*) as n from push_subscribers where owner_type = ? and owner_id = ?').bind('user', owner.id).first<{ n: number }>())!.n

  it('visits at most its batch of accounts, taking up where the last run stopped, so every account is reached in turn', async () => {
    const shows: FakeShow[] = [{ id: 93101, name: 'Batch Show', season: 1, episodes: [0] }]
    const received = fakePushService(airingTmdb(shows))
    const browsers: FakeBrowser[] = []
    for (let i = 0; i < 3; i++) {
      const viewer = await follower(shows)
      const browser = await fakeBrowser(`batch-${viewer.id}`)
      await subscribe(viewer.cookie, browser)
      browsers.push(browser)
    }
    const total = await subscriberCount()
    const bindings = { ...env, TMDB_API_KEY: TMDB_KEY, ...VAPID }
    const now = Date.now()
    const runs = Math.ceil(total / 2)
    for (let run = 0; run < runs; run++) {
      const report = await sendNotices(bindings, () => undefined, now + run * 1000, 2)
      expect(report.accounts).toBe(Math.min(2, total))
    }
    // within ceil(total / 2) runs of 2, each of the three heard once, and nobody twice
    for (const browser of browsers) expect(received.filter((r) => r.endpoint === browser.endpoint)).toHaveLength(1)
    const endpoints = received.map((r) => r.endpoint)
    expect(new Set(endpoints).size).toBe(endpoints.length)
  })

  it(`counts refusals other than 404 and 410 (403, 400), drops the subscription after ${REFUSALS_BEFORE_DROP} in a row, and a delivery clears the count`, async () => {
    const shows: FakeShow[] = [{ id: 93102, name: 'Refused Show', season: 1, episodes: [0] }]
    const viewer = await follower(shows)
    const refused = await fakeBrowser(`refused-${viewer.id}`)
    const statuses = new Map([[refused.endpoint, 403]])
    const received = fakePushService(airingTmdb(shows), new Set(), statuses)
    await subscribe(viewer.cookie, refused)
    const failures = async () => (await storeRows<{ failures: number }>('user', viewer.id, 'select failures from push_subscriptions')).map((r) => r.failures)
    const now = Date.now()
    await runCron(now)
    expect(await failures()).toEqual([1])
    // a 400 counts too; then a delivery clears the count (and the notice is marked sent)
    statuses.set(refused.endpoint, 400)
    await runCron(now + 60_000)
    expect(await failures()).toEqual([2])
    statuses.set(refused.endpoint, 201)
    await runCron(now + 120_000)
    expect(await failures()).toEqual([0])
    expect(received.filter((r) => r.endpoint === refused.endpoint)).toHaveLength(3)

    // a 500 or a 429 is a failure for now, never counted; refusals in a row drop it
    const other = await follower([{ ...shows[0]!, id: 93103 }])
    const doomed = await fakeBrowser(`doomed-${other.id}`)
    vi.restoreAllMocks()
    const doomedStatuses = new Map([[doomed.endpoint, 500]])
    fakePushService(airingTmdb([{ ...shows[0]!, id: 93103 }]), new Set(), doomedStatuses)
    await subscribe(other.cookie, doomed)
    await runCron(now + 180_000)
    doomedStatuses.set(doomed.endpoint, 429)
    await runCron(now + 240_000)
    expect(await storeRows<{ failures: number }>('user', other.id, 'select failures from push_subscriptions')).toEqual([{ failures: 0 }])
    doomedStatuses.set(doomed.endpoint, 403)
    for (let i = 0; i < REFUSALS_BEFORE_DROP; i++) await runCron(now + 300_000 + i * 60_000)
    expect(await storeRows('user', other.id, 'select endpoint from push_subscriptions')).toEqual([])
    expect(await inRun(other)).toBe(0)
  })

  it('moves an endpoint subscribed under a second account to it, out of the first', async () => {
    const first = await createUser()
    const second = await createUser()
    const browser = await fakeBrowser(`shared-${first.id}`)
    const mine = await fakeBrowser(`own-${second.id}`)
    await subscribe(first.cookie, browser)
    await subscribe(second.cookie, mine)
    await subscribe(second.cookie, browser)
    expect(await storeRows('user', first.id, 'select endpoint from push_subscriptions')).toEqual([])
    expect(await inRun(first)).toBe(0)
    expect((await storeRows<{ endpoint: string }>('user', second.id, 'select endpoint from push_subscriptions')).map((r) => r.endpoint).sort()).toEqual([browser.endpoint, mine.endpoint].sort())
    const owner = async (endpoint: string) => env.DB.prepare('select owner_type, owner_id from push_endpoints where endpoint_hash = ?').bind(await digestHex(endpoint)).first()
    expect(await owner(browser.endpoint)).toEqual({ owner_type: 'user', owner_id: second.id })
    // the table names no endpoint in clear
    expect(JSON.stringify((await env.DB.prepare('select * from push_endpoints').all()).results)).not.toContain(PUSH_HOST)

    // back to the first: it leaves the second, which keeps its own browser
    await subscribe(first.cookie, browser)
    expect(await storeRows('user', second.id, 'select endpoint from push_subscriptions')).toEqual([{ endpoint: mine.endpoint }])
    expect(await inRun(second)).toBe(1)
    expect(await owner(browser.endpoint)).toEqual({ owner_type: 'user', owner_id: first.id })

    // unsubscribing forgets whose it was
    expect((await api('/api/me/notices/subscriptions', { method: 'DELETE', cookie: second.cookie, body: { endpoint: mine.endpoint } })).status).toBe(200)
    expect(await owner(mine.endpoint)).toBeNull()
  })
})

describe('a notice of many episodes', () => {
  it('fits one encrypted record however many episodes came out, counting them all in its title', async () => {
    const episodes = Array.from({ length: 300 }, (_, i) => ({
      show_id: 92000 + i,
      show_title: `A show with a very long name that goes on and on, number ${i} — 日本語のタイトル`,
      poster_path: null,
      season_number: 1,
      episode_number: i + 1,
      name: '',
      air_date: '2026-11-27',
      services: ['Netflix', 'Hulu'],
    }))
    const payload = noticePayload(episodes, 'ja', 'https://reelhouse.example')
    expect(payload.title).toContain('300')
    expect(payload.body.split('\n').length).toBeGreaterThan(3)
    expect(payload.body.split('\n').length).toBeLessThan(300)
    const browser = await fakeBrowser('many')
    const sealed = await encryptPayload(new TextEncoder().encode(JSON.stringify(payload)), browser)
    expect(JSON.parse(await decryptPush(sealed, browser))).toEqual(payload)
  })
})

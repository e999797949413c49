// The weekly "new on the site" e-mail: double opt-in through the dev mailbox, confirmation and
// one-click unsubscribe pages, the same answer for every address, limits, the subscriber's
// language, and the weekly Cron Trigger sending only to confirmed addresses with RFC 8058 headers.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../index'
import { CONFIRM_MAILS_PER_EMAIL, SUBSCRIBE_PER_ADDRESS, SUBSCRIBE_SENT } from '../routes/newsletter'
import { database } from '../accounts/db'
import { claimRecipients, releaseRecipients } from '../newsletter/subscribers'
import { WEEKLY_CRON, weekOf } from '../newsletter/weekly'
import { call, createUser, devMail, PASSWORD, uniqueEmail, waitForMail, type DevMail } from './helpers/accounts'
import { loadCatalog } from './catalog-data'

beforeAll(loadCatalog)

function subscribe(email: string, options: { ip?: string; locale?: string; headers?: Record<string, string> } = {}) {
  return call('/api/newsletter', { ip: options.ip, body: { email, ...(options.locale && { locale: options.locale }) }, headers: options.headers })
}

function confirmTokenIn(mail: DevMail): string {
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)
  expect(link, mail.text).not.toBeNull()
  return link![1]!
}

async function subscribed(email: string, locale?: string): Promise<string> {
  expect((await subscribe(email, { locale })).status).toBe(202)
  return confirmTokenIn(await waitForMail(email))
}

function page(path: string, method: 'GET' | 'POST' = 'GET', body?: string) {
  return call(path, { method, ...(body !== undefined && { body, contentType: 'application/x-www-form-urlencoded' }) })
}

async function confirmed(email: string, locale?: string): Promise<void> {
  const token = await subscribed(email, locale)
  expect((await page(`/newsletter/confirm?token=${token}`, 'POST')).status).toBe(200)
}

async function runWeekly(at: number, cron = WEEKLY_CRON, extra: Partial<typeof env> = {}): Promise<void> {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron }), { ...env, ...extra }, ctx)
  await waitOnExecutionContext(ctx)
}

const weeklyTo = async (email: string) => (await devMail()).filter((m) => m.to === email && !m.text.includes('/newsletter/confirm?'))

describe('POST /api/newsletter', () => {
  it('answers 202 with the same words for a new, a pending and a confirmed address, and mails a confirmation link only while unconfirmed', async () => {
    const fresh = uniqueEmail('news')
    const first = await subscribe(fresh)
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ message: SUBSCRIBE_SENT })
    const mail = await waitForMail(fresh)
    expect(mail.subject).toBe(`${env.SITE_NAME}: confirm your subscription`)
    expect(mail.text).toMatch(/within 7 days/)
    const token = confirmTokenIn(mail)
    // the token is kept hashed, never in clear
    const stored = await env.DB.prepare('select confirm_hash, status from newsletter_subscribers where email = ?').bind(fresh).first<{ confirm_hash: string; status: string }>()
    expect(stored!.status).toBe('pending')
    expect(stored!.confirm_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(await env.DB.prepare('select * from newsletter_subscribers where email = ?').bind(fresh).all())).not.toContain(token)

    // asked again while pending: a new link, the first one no longer works
    const again = await subscribe(fresh)
    expect(await again.json()).toEqual({ message: SUBSCRIBE_SENT })
    const second = confirmTokenIn(await waitForMail(fresh, 2))
    expect(second).not.toBe(token)
    expect((await page(`/newsletter/confirm?token=${token}`, 'POST')).status).toBe(404)
    expect((await page(`/newsletter/confirm?token=${second}`, 'POST')).status).toBe(200)

    // confirmed: the same answer, and no further e-mail
    const later = await subscribe(fresh)
    expect(later.status).toBe(202)
    expect(await later.json()).toEqual({ message: SUBSCRIBE_SENT })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await devMail()).filter((m) => m.to === fresh)).toHaveLength(2)
  })

  it('refuses what is not an e-mail address, an unknown language and a missing body with 400 JSON', async () => {
    for (const body of [{ email: 'not-an-address' }, { email: '' }, {}, { email: 'a@example.com', locale: 'xx' }, { email: 'x'.repeat(250) + '@example.com' }]) {
      const res = await call('/api/newsletter', { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(typeof (await res.json<{ error: string }>()).error).toBe('string')
    }
    const broken = await call('/api/newsletter', { body: '{"email":', contentType: 'application/json' })
    expect(broken.status).toBe(400)
  })

  it('limits requests per client address, and e-mails one address only a few times a day', async () => {
    const ip = '10.200.1.1'
    for (let i = 0; i < SUBSCRIBE_PER_ADDRESS; i++) expect((await subscribe(uniqueEmail('burst'), { ip })).status).toBe(202)
    const refused = await subscribe(uniqueEmail('burst'), { ip })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(typeof (await refused.json<{ error: string }>()).error).toBe('string')

    const target = uniqueEmail('flooded')
    for (let i = 0; i < CONFIRM_MAILS_PER_EMAIL + 2; i++) expect((await subscribe(target)).status).toBe(202)
    await waitForMail(target, CONFIRM_MAILS_PER_EMAIL)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await devMail()).filter((m) => m.to === target)).toHaveLength(CONFIRM_MAILS_PER_EMAIL)
  })

  it('writes in the language the page asked for, else in Accept-Language, and the pages follow it', async () => {
    const german = uniqueEmail('de')
    await subscribe(german, { locale: 'de' })
    const mail = await waitForMail(german)
    expect(mail.subject).toBe(`${env.SITE_NAME}: Bestätige dein Abonnement`)
    const confirmPage = await page(`/newsletter/confirm?token=${confirmTokenIn(mail)}`)
    const html = await confirmPage.text()
    expect(html).toContain('<html lang="de" dir="ltr">')
    expect(html).toContain('Abonnement bestätigen')

    const arabic = uniqueEmail('ar')
    await subscribe(arabic, { headers: { 'Accept-Language': 'ar' } })
    const arMail = await waitForMail(arabic)
    expect(arMail.subject).toBe(`${env.SITE_NAME}: أكّد اشتراكك`)
    expect(await (await page(`/newsletter/confirm?token=${confirmTokenIn(arMail)}`)).text()).toContain('dir="rtl"')
  })

  it('is not there without a mailer: 404, and GET /api/config says the box is off', async () => {
    const remote = await exportsFetch('https://reelhouse.example/api/config', { ...env, SITE_URL: 'https://reelhouse.example' })
    expect((await remote.json<{ newsletter: boolean }>()).newsletter).toBe(false)
    const refused = await exportsFetch('https://reelhouse.example/api/newsletter', { ...env, SITE_URL: 'https://reelhouse.example' }, { email: uniqueEmail('off') })
    expect(refused.status).toBe(404)
    // on loopback the dev mailbox counts as a mailer
    expect((await (await call('/api/config')).json<{ newsletter: boolean }>()).newsletter).toBe(true)
  })
})

async function exportsFetch(url: string, bindings: typeof env, body?: unknown): Promise<Response> {
  const ctx = createExecutionContext()
  const init: RequestInit = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
  const res = await worker.fetch(new Request(url, init), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

describe('confirmation pages', () => {
  it('shows a button on GET without confirming, confirms on POST, and says so again on a second confirmation', async () => {
    const email = uniqueEmail('confirm')
    const token = await subscribed(email)
    const shown = await page(`/newsletter/confirm?token=${token}`)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('Content-Type')).toMatch(/text\/html/)
    expect(shown.headers.get('Cache-Control')).toBe('no-store')
    const html = await shown.text()
    expect(html).toMatch(/<form method="post" action="\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}">/)
    expect(html).not.toMatch(/<script/i)
    const row = () => env.DB.prepare('select status from newsletter_subscribers where email = ?').bind(email).first<{ status: string }>()
    expect((await row())!.status).toBe('pending')

    const done = await page(`/newsletter/confirm?token=${token}`, 'POST')
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Your subscription is confirmed')
    expect((await row())!.status).toBe('confirmed')

    const twice = await page(`/newsletter/confirm?token=${token}`, 'POST')
    expect(twice.status).toBe(200)
    expect(await twice.text()).toContain('Your subscription is confirmed')
  })

  it('answers 400 for a malformed token and 404 for an unknown or expired one', async () => {
    for (const bad of ['', 'short', 'a'.repeat(44), '%3Cscript%3E']) {
      expect((await page(`/newsletter/confirm?token=${bad}`)).status).toBe(400)
      expect((await page(`/newsletter/confirm?token=${bad}`, 'POST')).status).toBe(400)
    }
    const unknown = 'A'.repeat(43)
    expect((await page(`/newsletter/confirm?token=${unknown}`)).status).toBe(404)
    expect((await page(`/newsletter/confirm?token=${unknown}`, 'POST')).status).toBe(404)

    const email = uniqueEmail('expired')
    const token = await subscribed(email)
    await env.DB.prepare('update newsletter_subscribers set confirm_expires_at = 1 where email = ?').bind(email).run()
    expect((await page(`/newsletter/confirm?token=${token}`)).status).toBe(404)
    expect((await page(`/newsletter/confirm?token=${token}`, 'POST')).status).toBe(404)
  })
})

describe('the weekly e-mail', () => {
  // A Monday 08:00 UTC, and another a week later.
  const monday = Date.UTC(2026, 10, 23, 8)

  it('names its week by the Monday', () => {
    expect(weekOf(monday)).toBe('2026-11-23')
    expect(weekOf(Date.UTC(2026, 10, 29, 23, 59))).toBe('2026-11-23')
    expect(weekOf(Date.UTC(2026, 10, 30, 0, 0))).toBe('2026-11-30')
  })

  it('goes to confirmed addresses only, once a week, in their language, with one-click unsubscribe headers and link', async () => {
    const reader = uniqueEmail('reader')
    const spanish = uniqueEmail('lector')
    const waiting = uniqueEmail('waiting')
    await confirmed(reader)
    await confirmed(spanish, 'es')
    await subscribed(waiting)

    await runWeekly(monday)
    const [weekly] = await weeklyTo(reader)
    expect(weekly, 'no weekly e-mail to a confirmed address').toBeDefined()
    expect(weekly!.subject).toBe(`New on ${env.SITE_NAME}`)
    // the embedded catalogue's dates stop at its snapshot: it says what it lists
    expect(weekly!.text).toContain(`The newest films and series on ${env.SITE_NAME}:`)
    expect(weekly!.text).toMatch(/^- .+\n  https?:\/\/\S+\/(movie|tv)\/\d+$/m)
    const unsubscribe = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=(\d+\.[0-9a-f]{32})/.exec(weekly!.text)
    expect(unsubscribe, weekly!.text).not.toBeNull()
    expect(weekly!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe![0]}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })

    const [es] = await weeklyTo(spanish)
    expect(es!.subject).toBe(`Novedades en ${env.SITE_NAME}`)
    expect(es!.text).toMatch(/\/es\/(movie|tv)\/\d+/)
    expect(await weeklyTo(waiting)).toHaveLength(0)

    // the same week again (the hourly run continuing it): nobody gets it twice
    await runWeekly(monday + 60 * 60 * 1000, '0 * * * *')
    await runWeekly(monday + 2 * 60 * 60 * 1000)
    expect(await weeklyTo(reader)).toHaveLength(1)
    // a week later, the next issue
    await runWeekly(monday + 7 * 24 * 60 * 60 * 1000)
    expect(await weeklyTo(reader)).toHaveLength(2)
  })

  it('gives addresses back to the week when their issue could not be made, and only those of that week', async () => {
    const reader = uniqueEmail('waits')
    await confirmed(reader)
    const db = database(env.DB)
    // a week before any other here: only addresses never sent to are claimed, and all are given back
    const week = '2000-01-03'
    const all = await claimRecipients(db, week, 10_000)
    const claimed = all.find((r) => r.email === reader)!
    expect(claimed).toBeDefined()
    expect((await claimRecipients(db, week, 10_000)).map((r) => r.email)).not.toContain(reader)
    // a later week's claim is not undone by a release of this one
    await releaseRecipients(db, [claimed.id], '2000-01-10')
    expect((await claimRecipients(db, week, 10_000)).map((r) => r.email)).not.toContain(reader)
    await releaseRecipients(db, [claimed.id], week)
    const again = await claimRecipients(db, week, 10_000)
    expect(again.map((r) => r.email)).toEqual([reader])
    await releaseRecipients(db, all.map((r) => r.id), week)
  })

  it('an hourly run sends the rest of a started issue to an address confirmed since, and nothing before the issue starts', async () => {
    const early = Date.UTC(2027, 0, 4, 7) // a Monday, before the weekly run
    const late = uniqueEmail('late')
    await confirmed(late)
    await runWeekly(early, '0 * * * *')
    expect(await weeklyTo(late)).toHaveLength(0)
    await runWeekly(Date.UTC(2027, 0, 4, 8))
    expect(await weeklyTo(late)).toHaveLength(1)
    const later = uniqueEmail('later')
    await confirmed(later)
    await runWeekly(Date.UTC(2027, 0, 4, 9), '0 * * * *')
    expect(await weeklyTo(later)).toHaveLength(1)
  })

  it('hands the headers to the MAILER binding when one is configured', async () => {
    const sent: { to: unknown; subject: string; headers?: Record<string, string>; text?: string }[] = []
    const mailer = { send: async (message: (typeof sent)[number]) => void sent.push(message) } as unknown as SendEmail
    const email = uniqueEmail('bound')
    await confirmed(email)
    await runWeekly(Date.UTC(2027, 1, 1, 8), WEEKLY_CRON, { MAILER: mailer, MAIL_FROM: 'news@reelhouse.example' })
    const mine = sent.find((m) => m.to === email)
    expect(mine, 'no e-mail through the binding').toBeDefined()
    expect(mine!.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:8787\/newsletter\/unsubscribe\?token=\d+\.[0-9a-f]{32}>$/)
    expect(mine!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })
})

describe('unsubscribing', () => {
  async function unsubscribeLinkOf(email: string, week: number): Promise<string> {
    await confirmed(email)
    await runWeekly(week)
    const [weekly] = await weeklyTo(email)
    return new URL(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(weekly!.text)![0]).pathname + new URL(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(weekly!.text)![0]).search
  }

  it('one click: a POST with List-Unsubscribe=One-Click removes the address, with no page in between', async () => {
    const email = uniqueEmail('oneclick')
    const link = await unsubscribeLinkOf(email, Date.UTC(2027, 2, 1, 8))
    const res = await page(link, 'POST', 'List-Unsubscribe=One-Click')
    expect(res.status).toBe(200)
    expect(await env.DB.prepare('select count(*) as n from newsletter_subscribers where email = ?').bind(email).first<{ n: number }>()).toEqual({ n: 0 })
    // again (a second click, an old e-mail): the same answer
    expect((await page(link, 'POST', 'List-Unsubscribe=One-Click')).status).toBe(200)
    // the next week's run sends nothing to it
    await runWeekly(Date.UTC(2027, 2, 8, 8))
    expect(await weeklyTo(email)).toHaveLength(1)
  })

  it('GET shows a button and unsubscribes nobody; the button posts back', async () => {
    const email = uniqueEmail('button')
    const link = await unsubscribeLinkOf(email, Date.UTC(2027, 3, 5, 8))
    const shown = await page(link)
    expect(shown.status).toBe(200)
    const html = await shown.text()
    expect(html).toContain('>Unsubscribe</button>')
    expect(html).toContain(`action="${link}"`)
    expect(await env.DB.prepare('select count(*) as n from newsletter_subscribers where email = ?').bind(email).first<{ n: number }>()).toEqual({ n: 1 })
    expect((await page(link, 'POST', '')).status).toBe(200)
    expect(await env.DB.prepare('select count(*) as n from newsletter_subscribers where email = ?').bind(email).first<{ n: number }>()).toEqual({ n: 0 })
  })

  it('answers 400 for a malformed token, and for a forged one what a removed address gets, removing nobody', async () => {
    const email = uniqueEmail('forged')
    const link = await unsubscribeLinkOf(email, Date.UTC(2027, 4, 3, 8))
    const [, id] = /token=(\d+)\./.exec(link)!
    for (const bad of ['', 'abc', `${id}.xyz`, `${id}.${'0'.repeat(31)}`]) {
      expect((await page(`/newsletter/unsubscribe?token=${bad}`, 'POST', 'List-Unsubscribe=One-Click')).status).toBe(400)
    }
    // a forged token for a live id is answered as one for an id with no subscription: it tells nothing
    const forged = `/newsletter/unsubscribe?token=${id}.${'0'.repeat(32)}`
    const absent = `/newsletter/unsubscribe?token=999999999.${'0'.repeat(32)}`
    for (const method of ['GET', 'POST'] as const) {
      const body = method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined
      const [a, b] = [await page(forged, method, body), await page(absent, method, body)]
      expect([a.status, b.status]).toEqual([200, 200])
      expect(await a.text()).toBe(await b.text())
    }
    expect(await env.DB.prepare('select count(*) as n from newsletter_subscribers where email = ?').bind(email).first<{ n: number }>()).toEqual({ n: 1 })
  })

  it('deleting an account removes the subscription of its own address', async () => {
    const user = await createUser()
    await confirmed(user.email)
    const res = await call('/api/me/account', { method: 'DELETE', cookie: user.cookie, body: { password: PASSWORD } })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await env.DB.prepare('select count(*) as n from newsletter_subscribers where email = ?').bind(user.email).first<{ n: number }>()).toEqual({ n: 0 })
  })
})

/**
 * The weekly "new on the site" e-mail in Chromium: the footer's box subscribes, the confirmation
 * link from the local dev mailbox opens a page whose button confirms, the weekly Cron Trigger
 * (run through wrangler dev's /__scheduled) sends the e-mail with its one-click unsubscribe
 * address, and that address's page unsubscribes. Desktop width only: the footer is not shown on
 * phones (SPEC.md section 2). The cron builds its links from SITE_URL (localhost:8787 locally);
 * every loopback port is the same site, so the journey opens their paths on its own server.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { mailTo } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

const onThisServer = (link: string) => {
  const url = new URL(link)
  return `${baseUrl}${url.pathname}${url.search}`
}

describe('the weekly e-mail', () => {
  it('subscribes in the footer, confirms from the e-mailed link, and unsubscribes from the weekly e-mail', async () => {
    const email = `news.${Date.now()}@example.com`
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await page.goto('/')
    const box = page.getByLabel('E-mail address')
    await box.scrollIntoViewIfNeeded()
    await box.fill(email)
    await page.getByRole('button', { name: 'SUBSCRIBE' }).click()
    await page.getByText('Check your inbox: we have sent a link to confirm the subscription.').waitFor()

    const confirmation = await mailTo(page, email, /\/newsletter\/confirm\?token=/)
    await page.goto(onThisServer(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(confirmation.text)![0]))
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirm subscription' }).click()
    await page.getByText('Your subscription is confirmed.', { exact: false }).waitFor()

    const run = await page.request.get(`${baseUrl}/__scheduled?cron=${encodeURIComponent('0 8 * * 1')}`)
    expect(run.ok()).toBe(true)
    const weekly = await mailTo(page, email, /\/newsletter\/unsubscribe\?token=/)
    expect(weekly.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = /^<(.+)>$/.exec(weekly.headers?.['List-Unsubscribe'] ?? '')![1]!
    expect(weekly.text).toContain(unsubscribe)

    await page.goto(onThisServer(unsubscribe))
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await page.getByText('You are unsubscribed, and your address has been removed.').waitFor()
    await context.close()
  })
})

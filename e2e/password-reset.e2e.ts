/**
 * Password reset in Chromium: "Forgot password?" on /login, the same answer for any address, the
 * link from the local dev mailbox, a new password that the old one no longer opens (every other
 * browser is signed out within a minute: worker/test/session-ends.test.ts moves the clock to show
 * it), and a link that works once.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loginThroughForm, mailTo, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signUpThroughApi, useBrowser, visitorHeaders, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

async function openPage(viewport: ViewportName) {
  const opened = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(opened.context)
  return opened
}

const RESET_LINK = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/

async function resetLinkFor(page: Page, email: string): Promise<string> {
  return RESET_LINK.exec((await mailTo(page, email, RESET_LINK)).text)![0]
}

async function signedIn(page: Page): Promise<boolean> {
  return ((await (await page.request.get('/api/auth/me')).json()) as { user: unknown }).user !== null
}

describe('forgot password', () => {
  it('sends a link from /login that resets the password once, and the old one no longer signs in', async () => {
    const account = newAccountDetails('reset')
    const { context, page } = await openPage('desktop')
    const other = await openPage('phone')
    await signUpThroughApi(page, baseUrl, account)
    await loginThroughForm(other.page, account)

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL((url) => url.pathname === '/forgot-password')
    await page.getByRole('heading', { name: 'Forgot password', level: 1 }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.screenshot({ path: join(shots, 'forgot-password-desktop.png') })
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    const said = await page.getByRole('status').filter({ hasText: 'If an account exists' }).innerText()

    // an address without an account gets the very same words
    const stranger = await openPage('phone')
    await stranger.page.goto('/forgot-password')
    await stranger.page.getByLabel('Email', { exact: true }).fill(`nobody.${Date.now()}@example.com`)
    await stranger.page.getByRole('button', { name: 'Send reset link' }).click()
    expect(await stranger.page.getByRole('status').filter({ hasText: 'If an account exists' }).innerText()).toBe(said)
    await stranger.page.screenshot({ path: join(shots, 'forgot-password-phone.png') })

    const link = await resetLinkFor(page, account.email)
    await page.goto(link)
    await page.getByRole('heading', { name: 'Reset password', level: 1 }).waitFor()
    // the token leaves the address bar at once
    expect(new URL(page.url()).hash).toBe('')
    await page.screenshot({ path: join(shots, 'reset-password-desktop.png') })
    const newPassword = 'a fresh passphrase 42'
    await page.getByLabel('New Password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.locator('[data-toast]', { hasText: 'Your password has been reset' }).waitFor()
    const old = await other.page.request.post('/api/auth/login', { data: { email: account.email, password: account.password, type: 'user' }, headers: visitorHeaders(baseUrl) })
    expect(old.status()).toBe(401)
    await loginThroughForm(page, { email: account.email, password: newPassword })
    expect(await signedIn(page)).toBe(true)

    // the link works once
    await stranger.page.goto(link)
    await stranger.page.screenshot({ path: join(shots, 'reset-password-phone.png') })
    await stranger.page.getByLabel('New Password', { exact: true }).fill('yet another one')
    await stranger.page.getByLabel('Confirm New Password', { exact: true }).fill('yet another one')
    await stranger.page.getByRole('button', { name: 'Reset Password' }).click()
    await stranger.page.getByRole('alert').filter({ hasText: 'invalid, used or expired' }).waitFor()
    for (const opened of [{ context }, other, stranger]) await opened.context.close()
  })
})

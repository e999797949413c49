/**
 * Where you're signed in, in Chromium: the profile lists the account's browsers, signs one of
 * them out (its session is gone from the list at once; that browser is signed out within a minute,
 * which worker/test/session-ends.test.ts shows with the clock moved) and signs out everywhere,
 * which ends this browser's session at once and lands on /login.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signUpThroughApi, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

async function signedInAs(page: Page): Promise<string | null> {
  const answer = await (await page.request.get('/api/auth/me')).json()
  return answer.user === null ? null : answer.email
}

describe('sessions on the profile', () => {
  it('lists browsers, signs one out, then signs out everywhere', async () => {
    const account = newAccountDetails('sessions')
    const laptop = await newPage(browser(), baseUrl, 'desktop')
    const phone = await newPage(browser(), baseUrl, 'phone')
    for (const { context } of [laptop, phone]) await dismissCookieBanner(context)
    await signUpThroughApi(laptop.page, baseUrl, account)
    await loginThroughForm(laptop.page, account)
    await loginThroughForm(phone.page, account)
    expect(await signedInAs(phone.page)).toBe(account.email)

    await laptop.page.goto('/profile')
    const section = laptop.page.getByRole('region', { name: "Where You're Signed In" })
    const rows = section.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem')
    await rows.nth(1).waitFor()
    expect(await rows.count()).toBe(2)
    expect(await section.getByText('This browser, active now').count()).toBe(1)
    expect(await seriousA11yViolations(laptop.page)).toEqual([])
    await section.screenshot({ path: join(shots, 'sessions-desktop.png') })

    await phone.page.goto('/profile')
    const phoneSection = phone.page.getByRole('region', { name: "Where You're Signed In" })
    await phoneSection.getByRole('listitem').nth(1).waitFor()
    await phone.page.screenshot({ path: join(shots, 'sessions-phone.png'), fullPage: true })

    // the laptop signs the phone out
    await section.getByRole('button', { name: /^Sign out (?!everywhere)(?!.*this browser)/ }).click()
    await laptop.page.locator('[data-toast]', { hasText: /^Signed out / }).waitFor()
    await expect.poll(() => rows.count()).toBe(1)
    expect(await signedInAs(laptop.page)).toBe(account.email)

    // and then everywhere, itself included
    await section.getByRole('button', { name: 'Sign out everywhere' }).click()
    await laptop.page.waitForURL((url) => url.pathname === '/login')
    expect(await signedInAs(laptop.page)).toBeNull()
    await laptop.context.close()
    await phone.context.close()
  })
})

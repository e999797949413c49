/**
 * Small things visitors meet on the way, each checked in Chromium: the maintenance notice (and
 * an administrator's own tab following the switch), SPEC.md's Permission Denied and default
 * Access Denied views, ?next= on links that lead to the login page, row arrows only where a row
 * can scroll, toasts clear of the header's Login and Sign Up, the ad slot centred on a phone.
 */
import type { BrowserContext, Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, signInNewUser, signUpThroughApi, useBrowser, withoutFirstData, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()
const admin = newAccountDetails('mends')
let movieId: number

beforeAll(async () => {
  createAdmin(new URL(baseUrl).port, admin)
  const movies = (await (await fetch(`${baseUrl}/api/catalog/lists/movie-popular`)).json()) as { results: { id: number }[] }
  movieId = movies.results[0]!.id
})

async function openPage(viewport: ViewportName = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(context)
  return { context, page }
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('maintenance', () => {
  it('shows visitors a notice while the switch is on, and the administrator’s own tab follows the switch at once', async () => {
    const adminTab = await openPage()
    await loginThroughForm(adminTab.page, admin, 'Admin', `/login?next=${encodeURIComponent('/admin/system')}`)
    const notice = adminTab.page.getByTestId('maintenance-notice')
    const toggle = adminTab.page.getByRole('switch', { name: 'Maintenance mode' })
    await toggle.waitFor()
    await expect.poll(() => toggle.isEnabled()).toBe(true)
    expect(await notice.innerText()).toBe('')
    try {
      await toggle.click()
      await expect.poll(() => notice.innerText()).toMatch(/^The site is under maintenance\./)

      const visitor = await openPage('phone')
      await visitor.page.goto('/', { waitUntil: 'domcontentloaded' })
      await expect.poll(() => visitor.page.getByTestId('maintenance-notice').innerText()).toMatch(/signing up and changes to accounts are paused/)
      await visitor.context.close()
    } finally {
      if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.click()
    }
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
    await expect.poll(() => notice.innerText()).toBe('')
    await adminTab.context.close()
  })
})

describe("SPEC.md's access-denied variants", () => {
  it('shows Permission Denied when the server refuses an administrator the figures', async () => {
    const { context, page } = await openPage()
    await context.route('**/api/admin/stats', (route: Route) => route.fulfill({ status: 403, json: { error: 'Forbidden' } }))
    await loginThroughForm(page, admin, 'Admin', `/login?next=${encodeURIComponent('/admin')}`)
    await page.getByRole('heading', { level: 1, name: 'Permission Denied' }).waitFor()
    const text = await page.locator('main').innerText()
    expect(text).toContain("You don't have permission to access this resource.")
    expect(text).toContain('Please contact an administrator if you believe this is an error.')
    expect(await page.getByRole('button', { name: 'Go Back' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Go to Home' }).count()).toBe(1)
    await context.close()
  })

  it('shows the default Access Denied when the server refuses a signed-in user their list', async () => {
    const { context, page } = await openPage()
    await signInNewUser(page, baseUrl, 'denied')
    await context.route('**/api/me/history?*', (route: Route) => route.fulfill({ status: 403, json: { error: 'Forbidden' } }))
    await page.goto('/last-watched', { waitUntil: 'domcontentloaded' })
    await page.getByRole('heading', { name: 'Access Denied', exact: true }).waitFor()
    expect(await page.locator('main').innerText()).toContain("You don't have permission to access this page.")
    expect(await page.getByRole('link', { name: 'Go to Home' }).count()).toBe(1)
    await context.close()
  })
})

describe('?next= on the way to the login page', () => {
  it('sends a signed-out visitor from Watchlist and Last Watched to the login page and back there', async () => {
    const { context, page } = await openPage()
    const account = newAccountDetails('next')
    await signUpThroughApi(page, baseUrl, account)
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const sidebar = page.getByRole('complementary', { name: 'Main navigation' })
    expect(await sidebar.getByRole('link', { name: 'Watchlist' }).getAttribute('href')).toBe('/login?next=%2Fwatchlist')
    expect(await sidebar.getByRole('link', { name: 'Last Watched' }).getAttribute('href')).toBe('/login?next=%2Flast-watched')
    await sidebar.getByRole('link', { name: 'Last Watched' }).click()
    await page.waitForURL(`${baseUrl}/login?next=%2Flast-watched`)
    await loginThroughForm(page, account, 'User', '/login?next=%2Flast-watched')
    await page.waitForURL(`${baseUrl}/last-watched`)
    await context.close()
  })

  it('keeps /admin/users through the login page', async () => {
    const { context, page } = await openPage()
    await page.goto('/admin/users', { waitUntil: 'domcontentloaded' })
    await page.waitForURL(`${baseUrl}/login?next=%2Fadmin%2Fusers`)
    await loginThroughForm(page, admin, 'Admin', '/login?next=%2Fadmin%2Fusers')
    await page.waitForURL(`${baseUrl}/admin/users`)
    await context.close()
  })
})

describe('row arrows', () => {
  it('shows them only where the row can scroll, and the left one once it has', async () => {
    const { context, page } = await openPage()
    await withoutFirstData(context)
    // A film with two similar titles: its row fits the screen.
    await context.route(`**/api/catalog/movie/${movieId}`, async (route: Route) => {
      const real = await route.fetch()
      const body = await real.json()
      body.similar.results = body.similar.results.slice(0, 2)
      await route.fulfill({ response: real, json: body })
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    const similar = page.getByRole('region', { name: 'Similar Movies' })
    await similar.getByRole('listitem').first().waitFor()
    await page.waitForTimeout(500)
    expect(await similar.getByRole('button').count()).toBe(0)

    await page.goto('/movies', { waitUntil: 'domcontentloaded' })
    const row = page.locator('section[aria-labelledby]').filter({ has: page.getByRole('heading', { name: 'Popular Movies' }) }).first()
    await row.getByRole('listitem').nth(10).waitFor()
    const right = row.getByRole('button', { name: /^Scroll .* right$/ })
    await right.waitFor()
    expect(await row.getByRole('button', { name: /^Scroll .* left$/ }).count()).toBe(0)
    await right.click()
    await row.getByRole('button', { name: /^Scroll .* left$/ }).waitFor()
    await context.close()
  })
})

describe('toasts', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`keep clear of the header's Login and Sign Up (${viewport})`, async () => {
      const { context, page } = await openPage(viewport)
      await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
      await page.getByRole('button', { name: 'Add to Watchlist' }).click()
      const toast = page.locator('[data-toast="error"]', { hasText: 'Please login to add to watchlist' })
      await toast.waitFor()
      const toastBox = (await toast.boundingBox())!
      for (const name of ['Login', 'Sign Up']) {
        const link = page.getByRole('banner').getByRole('link', { name, exact: true })
        const box = await link.boundingBox()
        if (box) expect(overlaps(toastBox, box), name).toBe(false)
      }
      await context.close()
    })
  }
})

describe('the 160x300 ad slot', () => {
  it('is centred on a phone', async () => {
    const { context, page } = await openPage('phone')
    await withoutFirstData(context)
    await context.route('**/api/player/config', async (route: Route) => {
      const real = await route.fetch()
      await route.fulfill({ response: real, json: { ...(await real.json()), adUrl: 'https://ads.example/slot' } })
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    const slot = page.getByRole('complementary', { name: 'Advertisement' }).getByRole('link')
    await slot.first().waitFor()
    const box = (await slot.first().boundingBox())!
    expect(Math.round(box.width)).toBe(160)
    expect(Math.round(box.height)).toBe(300)
    const centre = box.x + box.width / 2
    expect(Math.abs(centre - 390 / 2)).toBeLessThanOrEqual(2)
    await context.close()
  })
})

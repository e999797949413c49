/** The app shell at phone and desktop width: sidebar, top and bottom bars, footer, account menu, skip link. */
import { describe, expect, it } from 'vitest'
import { dismissCookieBanner, newPage, signInNewUser, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

describe('layout at in-between widths', () => {
  it('at 1024 px the sidebar keeps to its icons and grid cards stay readable', async () => {
    const context = await browser().newContext({ baseURL: baseUrl, viewport: { width: 1024, height: 800 } })
    await dismissCookieBanner(context)
    const page = await context.newPage()
    await page.goto('/top-imdb')
    const card = page.locator('main ul li a').first()
    await card.waitFor()
    expect((await page.getByRole('complementary', { name: 'Main navigation' }).boundingBox())?.width).toBeLessThanOrEqual(80)
    expect((await card.boundingBox())?.width).toBeGreaterThanOrEqual(150)
    await context.close()
  })

  it('on a phone the Browse by Title letters are one line that scrolls sideways', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    await page.goto('/')
    const letters = page.getByRole('group', { name: 'First letter' })
    await letters.scrollIntoViewIfNeeded()
    const box = await letters.boundingBox()
    expect(box?.height).toBeLessThanOrEqual(48)
    expect(await letters.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await context.close()
  })
})

describe('layout, signed out', () => {
  it('desktop: the sidebar sends Watchlist and Last Watched to /login, to come back there, and collapses to icons', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await page.goto('/faq')
    const nav = page.getByRole('complementary', { name: 'Main navigation' })
    // once the session has answered (signed out), the account menu offers Login
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Watchlist', exact: true }).getAttribute('href')).toBe('/login?next=%2Fwatchlist')
    expect(await nav.getByRole('link', { name: 'Last Watched', exact: true }).getAttribute('href')).toBe('/login?next=%2Flast-watched')
    expect(await nav.getByRole('link', { name: 'Kids', exact: true }).getAttribute('href')).toBe('/kids')

    const wide = (await nav.boundingBox())?.width ?? 0
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor()
    await page.waitForTimeout(300)
    const narrow = (await nav.boundingBox())?.width ?? 0
    expect(narrow).toBeLessThan(wide / 2)
    // collapsed, the links keep their names for screen readers
    expect(await nav.getByRole('link', { name: 'Genres', exact: true }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await context.close()
  })

  it('desktop: on /login the sidebar marks no section as current, on /kids it marks Kids', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await page.goto('/login')
    const nav = page.getByRole('complementary', { name: 'Main navigation' })
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Watchlist', exact: true }).getAttribute('href')).toBe('/login?next=%2Fwatchlist')
    expect(await nav.locator('[aria-current="page"]').count()).toBe(0)
    await nav.getByRole('link', { name: 'Kids', exact: true }).click()
    await page.waitForURL(`${baseUrl}/kids`)
    await nav.locator('[aria-current="page"]').first().waitFor()
    expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(['Kids'])
    await context.close()
  })

  it('desktop: the footer has its links, SUBSCRIBE, the configured support address and the sitemap in a new tab', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    const config = (await (await page.request.get(`${baseUrl}/api/config`)).json()) as { supportEmail: string; provider: string }
    await page.goto('/faq')
    const footer = page.locator('footer')
    await footer.getByRole('link', { name: config.supportEmail }).waitFor()
    expect(await footer.getByRole('link', { name: config.supportEmail }).getAttribute('href')).toBe(`mailto:${config.supportEmail}`)
    const sitemap = footer.getByRole('link', { name: 'Sitemap' })
    expect(await sitemap.getAttribute('href')).toBe('/sitemap.xml')
    expect(await sitemap.getAttribute('target')).toBe('_blank')
    for (const name of ['Quick links', 'Company']) expect(await footer.getByRole('navigation', { name }).isVisible()).toBe(true)
    for (const name of ['About Us', 'Contact', 'DMCA', 'Movies', 'TV Shows']) expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1)
    expect(await footer.getByRole('button', { name: 'SUBSCRIBE' }).isVisible()).toBe(true)
    expect(await footer.getByLabel('E-mail address').getAttribute('type')).toBe('email')
    // the deployment names no social pages of its own (SOCIAL_LINKS): no icons to the networks
    for (const name of ['Facebook', 'X', 'Instagram', 'YouTube']) expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(0)
    expect(await footer.getByRole('list', { name: 'Social links' }).count()).toBe(0)
    // the embedded catalogue needs no TMDB attribution
    expect(config.provider).toBe('embedded')
    expect(await footer.getByText('This product uses the TMDB API').count()).toBe(0)
    await context.close()
  })

  it('shows the TMDB attribution when TMDB is the catalogue provider', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    // The local site always runs the embedded catalogue; the answer of /api/config decides what the footer shows.
    await page.route('**/api/config', async (route) => {
      const res = await route.fetch()
      await route.fulfill({ response: res, json: { ...((await res.json()) as object), provider: 'tmdb' } })
    })
    await page.goto('/faq')
    await page.locator('footer').getByText('This product uses the TMDB API but is not endorsed or certified by TMDB.').waitFor()
    await context.close()
  })

  it('offers Login and Sign Up in the account menu', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await page.goto('/faq')
    const header = page.locator('header')
    await header.getByRole('link', { name: 'Login' }).waitFor()
    // Both return to the page once the visitor is signed in.
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?next=%2Ffaq')
    expect(await header.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register?next=%2Ffaq')
    await context.close()
  })

  it('phone: top bar with slide-in menu, bottom bar without Watchlist, no footer', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    await page.goto('/faq')
    const bottom = page.getByRole('navigation', { name: 'Quick navigation' })
    await bottom.getByRole('link', { name: 'Home' }).waitFor()
    const labels = (await bottom.getByRole('link').allInnerTexts()).map((t) => t.trim())
    expect(labels).toEqual(['Home', 'Movies', 'TV Shows', 'Search'])
    expect(await page.locator('footer').isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await menu.getByRole('link', { name: 'Genres' }).waitFor()
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor()
    expect(await menu.getByRole('link', { name: 'Watchlist' }).getAttribute('href')).toBe('/login?next=%2Fwatchlist')
    // focus starts on Close, stays inside the open menu, and returns to the menu button
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu')
    // Phones have no footer, so the menu also lists the site's own pages, last.
    const about = menu.getByRole('list', { name: 'About the site' })
    expect((await about.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(['About Us', 'Contact', 'FAQ', 'Terms of Service', 'Privacy Policy', 'DMCA'])
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('DMCA')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Kids' }).click()
    await page.waitForURL('**/kids')
    await menu.waitFor({ state: 'detached', timeout: 2000 })
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Contact' }).click()
    await page.waitForURL('**/contact')
    await menu.waitFor({ state: 'detached', timeout: 2000 })
    await context.close()
  })

  it('keyboard: the first Tab reaches the skip link, which moves focus to the main content', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await page.goto('/faq')
    await page.locator('main#main h1').first().waitFor()
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
    expect(focused).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    // the focus ring is drawn for keyboard focus
    await page.keyboard.press('Tab')
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)
    expect(outline).not.toBe('none')
    await context.close()
  })
})

describe('layout, signed in', () => {
  it('shows the account in the menu, Watchlist in the bottom bar and real list links', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    const account = await signInNewUser(page, baseUrl, 'layout')
    await page.goto('/faq')
    const bottom = page.getByRole('navigation', { name: 'Quick navigation' })
    await bottom.getByRole('link', { name: 'Watchlist' }).waitFor()
    expect(await bottom.getByRole('link', { name: 'Watchlist' }).getAttribute('href')).toBe('/watchlist')

    await page.locator('header').getByRole('button', { name: account.username }).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    expect(await menu.getByText('User account').isVisible()).toBe(true)
    expect(await menu.getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe('/profile')
    expect(await menu.getByRole('menuitem', { name: 'Dashboard' }).count()).toBe(0)
    expect(await menu.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await context.close()
  })
})

/**
 * "My services" in Chromium with the embedded catalogue: a signed-out visitor on a phone picks
 * services and a region, the switch narrows Home's rows in the worker and marks the cards, and
 * Movies (films have no streaming data here) says so with a way out. Signing in keeps the choice
 * on the account, which a fresh browser on a desktop then shows on Home and the profile.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Response } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, nextAnswer, seriousA11yViolations, signUpThroughApi, takenOver, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

function narrowedPage(page: Page, name: string): Promise<Response> {
  return nextAnswer(page, (r) => {
    const url = new URL(r.url())
    return url.pathname === `/api/catalog/pages/${name}` && url.searchParams.get('on') === '8,337' && url.searchParams.get('region') === 'US'
  })
}

describe('my services', () => {
  it('picked signed out on a phone, narrows Home and marks cards, then follows the account to a desktop', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    await page.goto('/')
    const rows = page.getByRole('region', { name: 'Home rows' })
    await rows.getByRole('heading', { name: 'Now Playing' }).waitFor()
    const toggle = page.getByRole('switch', { name: 'On my services' })
    // The page was painted by the worker: pressed as soon as it shows, the switch answers.
    expect(await toggle.getAttribute('aria-checked')).toBe('false')

    // With nothing chosen yet, the switch asks for services first.
    await toggle.click()
    const picker = page.getByRole('dialog', { name: 'Your services' })
    await picker.waitFor()
    await picker.getByText('Kept in this browser. Sign in to keep them on your account.').waitFor()
    await picker.getByRole('checkbox', { name: 'Netflix' }).check()
    await picker.getByRole('checkbox', { name: 'Disney+' }).check()
    await picker.getByRole('combobox', { name: 'Region' }).selectOption('US')
    await page.screenshot({ path: join(shots, 'my-services-picker-phone.png') })
    expect(await seriousA11yViolations(page)).toEqual([])
    const narrowed = narrowedPage(page, 'home')
    await picker.getByRole('button', { name: 'Save' }).click()
    expect((await narrowed).status()).toBe(200)
    await picker.waitFor({ state: 'detached' })
    expect(await toggle.getAttribute('aria-checked')).toBe('true')

    // The worker narrowed every row: cinema rows are gone, the page says why films are missing,
    // and every card carries the mark with its words.
    await page.getByText('Films are not narrowed to your services here').waitFor()
    await rows.getByRole('heading', { name: 'Trending Now' }).waitFor()
    expect(await rows.getByRole('heading', { name: 'Now Playing' }).count()).toBe(0)
    const firstRow = rows.locator('section').first()
    // the row's cards, not its See all
    const cards = firstRow.getByRole('listitem').getByRole('link')
    await cards.first().waitFor()
    expect(await firstRow.locator('[title="On your services"]').count()).toBe(await firstRow.locator('li').count())
    expect(await cards.first().textContent()).toContain(', on your services')
    await page.screenshot({ path: join(shots, 'my-services-home-phone.png') })
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('my-services') ?? 'null'))).toEqual({ services: [8, 337], region: 'US' })

    // Movies has no film on any service here: a plain empty state with a way out.
    const movies = narrowedPage(page, 'movies')
    await page.getByRole('link', { name: 'Movies' }).first().click()
    await movies
    await page.getByRole('heading', { name: 'Nothing here is on your services' }).waitFor()
    await page.screenshot({ path: join(shots, 'my-services-movies-phone.png') })
    await page.getByRole('button', { name: 'Show everything' }).click()
    await page.getByRole('region', { name: 'Movie rows' }).getByRole('heading', { name: 'Popular Movies' }).waitFor()
    expect(await page.getByRole('switch', { name: 'On my services' }).getAttribute('aria-checked')).toBe('false')

    // Signing in keeps the choice: the account had none, so it takes this browser's.
    const account = newAccountDetails('services')
    await signUpThroughApi(page, baseUrl, account)
    const adopted = nextAnswer(page, (r) => new URL(r.url()).pathname === '/api/me/services' && r.request().method() === 'PUT')
    await loginThroughForm(page, account)
    if (new URL(page.url()).pathname !== '/') await page.goto('/')
    expect((await adopted).status()).toBe(200)
    await context.close()

    // A fresh browser on a desktop, signed in to the same account, has the same services.
    const desktop = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(desktop.context)
    await loginThroughForm(desktop.page, account)
    await desktop.page.goto('/')
    const bar = desktop.page.getByRole('region', { name: 'My services' })
    await bar.getByText(/Netflix.+and.+Disney\+.+in United States/).waitFor()
    const home = narrowedPage(desktop.page, 'home')
    await bar.getByRole('switch', { name: 'On my services' }).click()
    await home
    await desktop.page.getByText('Films are not narrowed to your services here').waitFor()
    await desktop.page.getByRole('region', { name: 'Home rows' }).locator('[title="On your services"]').first().waitFor()
    await desktop.page.screenshot({ path: join(shots, 'my-services-home-desktop.png') })
    expect(await seriousA11yViolations(desktop.page)).toEqual([])

    await desktop.page.goto('/profile')
    // The services switch is kept on in this browser: the page is drawn afresh over what was painted.
    await takenOver(desktop.page)
    const panel = desktop.page.getByRole('region', { name: 'My services' })
    await panel.getByText(/Netflix.+and.+Disney\+.+in United States/).waitFor()
    await panel.screenshot({ path: join(shots, 'my-services-profile-desktop.png') })
    await desktop.context.close()
  })
})

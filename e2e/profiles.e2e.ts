/**
 * Profiles in Chromium, on a phone and on a desktop: a kids profile made on the manager, the
 * account's PIN guard turned on, "Who's watching?" after signing in, the kids profile chosen; an
 * R-rated film's address and a search for it show nothing of it; leaving the kids profile asks for
 * the account's PIN and refuses a wrong one. Two grown-up profiles keep their own Continue watching.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signUpThroughApi, useBrowser, visitorHeaders, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

/** Rated R in the embedded catalogue. */
const R_RATED = { id: 2157727, title: 'Inglourious Basterds' }
const ACCOUNT_PIN = '2468'

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

/** The session's answer as the page's own requests would get it. */
async function me(page: Page): Promise<{ viewer: { id: number; name: string; kids: boolean } | null; choose_profile?: boolean }> {
  return (await page.request.get(`${baseUrl}/api/auth/me`)).json()
}

async function api(page: Page, method: 'POST' | 'PUT', path: string, data: unknown): Promise<number> {
  const res = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers: visitorHeaders(baseUrl) })
  return res.status()
}

/** Chooses a profile on "Who's watching?", entering a PIN when the pad asks for one; waits for the fresh home page. */
async function choose(page: Page, name: string, pin?: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: "Who's watching?" }).waitFor()
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click()
  if (pin !== undefined) {
    const field = page.getByLabel('PIN (4 digits)')
    await field.fill(pin)
    await page.getByRole('button', { name: 'Continue' }).click()
  }
  await page.waitForURL((url) => url.pathname === '/')
  await page.locator('main').waitFor()
}

describe('profiles', () => {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`a kids profile on a ${viewport}: made, chosen, kept from an R-rated film, left only with the account's PIN`, async () => {
      const account = newAccountDetails(`kids${viewport}`)
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      await signUpThroughApi(page, baseUrl, account)
      await loginThroughForm(page, account)

      // the manager: a kids profile added through its form
      await page.goto('/profiles/manage')
      await page.getByRole('button', { name: 'Add profile' }).click()
      const form = page.getByRole('form', { name: 'Add profile' })
      await form.getByLabel('Name').fill('Mia')
      // the avatars are drawn; their radios are for assistive technology and the keyboard
      await form.getByRole('radio', { name: 'Panda' }).check({ force: true })
      await form.getByRole('radio', { name: 'Kids' }).check()
      await form.getByRole('button', { name: 'Add profile' }).click()
      await page.getByText('Mia was added.').waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.screenshot({ path: join(shots, `profiles-manage-${viewport}.png`), fullPage: true })
      // the account's PIN and its guard, each confirmed with the password
      expect(await api(page, 'PUT', '/api/me/profiles/1/pin', { password: account.password, pin: ACCOUNT_PIN })).toBe(204)
      expect(await api(page, 'PUT', '/api/me/profiles/guard', { password: account.password, on: true })).toBe(200)

      // a new sign-in asks who is watching
      await page.request.post(`${baseUrl}/api/auth/logout`, { headers: visitorHeaders(baseUrl) })
      await loginThroughForm(page, account)
      await page.waitForURL((url) => url.pathname === '/profiles')
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.screenshot({ path: join(shots, `profiles-chooser-${viewport}.png`) })
      await choose(page, 'Mia')
      expect((await me(page)).viewer).toMatchObject({ name: 'Mia', kids: true })
      await page.screenshot({ path: join(shots, `profiles-kids-home-${viewport}.png`) })

      // the R-rated film's own address says it is not for this profile, and shows nothing of it
      await page.goto(`/movie/${R_RATED.id}`)
      await page.getByRole('heading', { name: 'This title is not available on this profile.' }).waitFor()
      expect(await page.locator('main').innerText()).not.toContain(R_RATED.title)
      // a search for it finds nothing of it
      await page.goto(`/search-results?q=${encodeURIComponent('Inglourious')}`)
      await page.locator('main h1').waitFor()
      await page.waitForLoadState('networkidle')
      expect(await page.locator('main').innerText()).not.toContain(R_RATED.title)
      const search = await (await page.request.get(`${baseUrl}/api/catalog/search?query=Inglourious`)).json()
      expect(search.results).toEqual([])

      // leaving for the account's own profile needs the account's PIN: a wrong one is refused
      await page.goto('/profiles')
      await page.getByRole('heading', { level: 1, name: "Who's watching?" }).waitFor()
      await page.getByRole('button', { name: new RegExp(`^${account.username}`) }).click()
      const field = page.getByLabel('PIN (4 digits)')
      await field.fill('1111')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('That PIN is not right.').waitFor()
      await page.getByText('4 tries left').waitFor()
      await page.screenshot({ path: join(shots, `profiles-pin-${viewport}.png`) })
      expect((await me(page)).viewer).toMatchObject({ name: 'Mia' })
      await field.fill(ACCOUNT_PIN)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      expect((await me(page)).viewer).toMatchObject({ id: 1, kids: false })
      await context.close()
    })
  }

  it('two grown-up profiles keep their own Continue watching', async () => {
    const account = newAccountDetails('twoadults')
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await signUpThroughApi(page, baseUrl, account)
    await loginThroughForm(page, account)
    expect(await api(page, 'POST', '/api/me/profiles', { name: 'Sam', avatar: 'owl', ceiling: 'all' })).toBe(201)
    // the account's own profile watches The Dark Knight for ten minutes
    const report = { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null, watch_duration: 600, position: 600, total_duration: 9120, reason: 'pause' }
    expect(await api(page, 'PUT', '/api/me/history', report)).toBe(200)
    await page.goto('/')
    const row = page.locator('[data-testid="continue-watching"]:visible')
    await row.getByText('The Dark Knight').first().waitFor()

    // Sam's home has no Continue watching of it
    await page.goto('/profiles')
    await choose(page, 'Sam')
    expect((await me(page)).viewer).toMatchObject({ name: 'Sam' })
    const continued = await (await page.request.get(`${baseUrl}/api/me/continue-watching`)).json()
    expect(continued.results).toEqual([])
    expect(await page.locator('[data-testid="continue-watching"]:visible').count()).toBe(0)
    // and the account's own still has it
    await page.goto('/profiles')
    await choose(page, account.username)
    await page.locator('[data-testid="continue-watching"]:visible').getByText('The Dark Knight').first().waitFor()
    await context.close()
  })
})

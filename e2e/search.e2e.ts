/**
 * Quick search and full results against the real catalogue, at phone and desktop width: the
 * address mirrors the input, Top Results and See All, recent searches, the empty and no-query
 * states, a misspelt title found, a person shown under People with their films in Top Results,
 * the top bar's suggestions at both widths, and text typed into a painted page's top bar before
 * React takes it over; each screen also passes
 * axe-core without serious or critical violations.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dismissCookieBanner, expectAccessible, holdScripts, newPage, openPath, takenOver, useBrowser, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

const open = (path: string, viewport: ViewportName) => openPath(browser(), baseUrl, path, viewport)

const searchBox = (page: Page) => page.getByPlaceholder('Search for movies and TV shows...')

describe('the top bar search', () => {
  it('opens the search with what was typed, and /search has one box', async () => {
    const { context, page } = await open('/movies', 'desktop')
    // React's own Enter: before React takes the page over, Enter sends the form to the results page (below).
    await takenOver(page)
    const top = page.getByRole('search', { name: 'Site search' }).getByRole('combobox', { name: 'Search movies and TV shows' })
    await top.fill('star')
    await top.press('Enter')
    await page.waitForURL('**/search?q=star')
    await page.getByRole('heading', { name: 'Top Results' }).waitFor()
    expect(await page.getByRole('searchbox').count()).toBe(1)
    expect(await page.getByRole('combobox').count()).toBe(0)
    expect(await searchBox(page).inputValue()).toBe('star')
    await context.close()
  })

  it('typed into the painted page before React takes it over: Enter opens the painted results; else the box keeps the text and suggests', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    let release = await holdScripts(context)
    // The German page: the form goes to the results in the page's language.
    await page.goto('/de/movies', { waitUntil: 'commit' })
    const oben = page.getByRole('combobox', { name: 'Filme und Serien suchen' })
    await oben.pressSequentially('star', { delay: 20 })
    await oben.press('Enter')
    await page.waitForURL('**/de/search-results?q=star', { waitUntil: 'commit' })
    // Painted with the results, before any script of the page has run.
    await page.getByRole('heading', { level: 1, name: 'Suchergebnisse' }).waitFor()
    await page.getByRole('list', { name: /star/ }).getByRole('listitem').first().waitFor()
    expect(await page.evaluate(() => Object.keys(document.querySelector('#root main') ?? {}).some((key) => key.startsWith('__reactFiber')))).toBe(false)
    release()
    await context.unrouteAll({ behavior: 'ignoreErrors' })

    release = await holdScripts(context)
    await page.goto('/movies', { waitUntil: 'commit' })
    const top = page.getByRole('combobox', { name: 'Search movies and TV shows' })
    await top.pressSequentially('shaw', { delay: 20 })
    release()
    await takenOver(page)
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^The Shawshank Redemption/ }).waitFor()
    expect(await top.inputValue()).toBe('shaw')
    expect(await top.evaluate((box: HTMLInputElement) => [box.selectionStart, document.activeElement === box])).toEqual([4, true])
    await top.press('Enter')
    await page.waitForURL('**/search?q=shaw')
    await context.close()
  })

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: suggests titles, people and "Search for" while typing; the arrows and Enter open a title`, async () => {
      // Typing may start before React takes the painted page over: it adopts what was typed.
      const { context, page } = await open('/movies', viewport)
      // A phone keeps the box behind the bar's Search button.
      if (viewport === 'phone') await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
      const top = page.getByRole('combobox', { name: 'Search movies and TV shows' })
      await top.pressSequentially('shaw', { delay: 40 })
      const list = page.getByRole('listbox', { name: 'Suggestions' })
      const shawshank = list.getByRole('option', { name: /^The Shawshank Redemption/ })
      await shawshank.waitFor()
      expect(await top.getAttribute('aria-expanded')).toBe('true')
      expect(await top.getAttribute('aria-controls')).toBe(await list.getAttribute('id'))
      const options = list.getByRole('option')
      const texts = await options.allInnerTexts()
      expect(texts.length).toBeLessThanOrEqual(6 + 3 + 1)
      expect(texts.at(-1)).toBe('Search for “shaw”')
      expect(await shawshank.innerText()).toMatch(/1994 · Movie/)
      await expectAccessible(page)

      // Down to The Shawshank Redemption: each step makes the next option the active one.
      const index = (await options.allInnerTexts()).findIndex((text) => text.startsWith('The Shawshank Redemption'))
      for (let i = 0; i <= index; i++) await top.press('ArrowDown')
      expect(await top.getAttribute('aria-activedescendant')).toBe(await shawshank.getAttribute('id'))
      expect(await shawshank.getAttribute('aria-selected')).toBe('true')
      await top.press('Enter')
      await page.waitForURL(/\/movie\/\d+$/)
      await page.getByRole('heading', { level: 1, name: 'The Shawshank Redemption' }).waitFor()
      expect(await page.getByRole('listbox').count()).toBe(0)

      // Escape closes the list and keeps what was typed; a click on an option opens it as well.
      if (viewport === 'phone') await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
      await top.pressSequentially('shaw', { delay: 40 })
      await shawshank.waitFor()
      await top.press('Escape')
      await list.waitFor({ state: 'detached' })
      expect(await top.getAttribute('aria-expanded')).toBe('false')
      expect(await top.inputValue()).toBe('shaw')
      await top.press('ArrowDown')
      await list.getByRole('option', { name: 'Search for “shaw”' }).click()
      await page.waitForURL('**/search?q=shaw')
      await context.close()
    })
  }
})

describe('quick search /search', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: focused box, Top Results of at most 10, See All N Results, the address follows the box`, async () => {
      const { context, page } = await open('/search', viewport)
      // The painted page is React's before the first keys go to it.
      await takenOver(page)
      await searchBox(page).waitFor()
      expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Search for movies and TV shows...')
      await page.getByText('Start Searching').waitFor()
      await expectAccessible(page)

      const historyLength = await page.evaluate(() => history.length)
      await searchBox(page).pressSequentially('the', { delay: 40 })
      await page.waitForURL('**/search?q=the')
      // typing replaces the entry instead of stacking one per key
      expect(await page.evaluate(() => history.length)).toBe(historyLength)
      await page.getByRole('heading', { name: 'Top Results' }).waitFor()
      const cards = page.getByRole('region', { name: 'Top Results' }).locator('li')
      const count = await cards.count()
      expect(count).toBeGreaterThan(0)
      expect(count).toBeLessThanOrEqual(10)
      const first = await cards.first().innerText()
      expect(first).toMatch(/Movie|TV Show/)
      expect(first).toMatch(/\d\.\d/)
      expect(await cards.first().locator('a').getAttribute('href')).toMatch(/^\/(movie|tv)\/\d+$/)

      const total = ((await (await page.request.get(`${baseUrl}/api/catalog/search?query=the`)).json()) as { total_results: number }).total_results
      expect(total).toBeGreaterThan(10)
      const seeAll = page.getByRole('link', { name: `See All ${total} Results` })
      expect(await seeAll.getAttribute('href')).toBe('/search-results?q=the')
      await expectAccessible(page)

      await page.getByRole('button', { name: 'Clear search' }).click()
      await page.waitForURL(/\/search$/)
      expect(await searchBox(page).inputValue()).toBe('')
      await context.close()
    })
  }

  it('shows No results found with the hint for a term nothing matches', async () => {
    const { context, page } = await open('/search?q=qqxxzzqq', 'desktop')
    await page.getByText('No results found').waitFor()
    await page.getByText(/Try searching for something else/).waitFor()
    await context.close()
  })

  it('Enter commits a term to Recent Searches, which survive a reload and rerun on click', async () => {
    const { context, page } = await open('/search', 'desktop')
    // Enter on the painted page before React takes it over would send the form.
    await takenOver(page)
    await searchBox(page).fill('alien')
    await searchBox(page).press('Enter')
    await searchBox(page).fill('   ')
    await searchBox(page).press('Enter')
    await searchBox(page).fill('Heat')
    await searchBox(page).press('Enter')
    await searchBox(page).fill('ALIEN')
    await searchBox(page).press('Enter')
    await page.goto('/search')
    const recent = page.getByRole('region', { name: 'Recent Searches' })
    await recent.waitFor()
    expect((await recent.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual(['ALIEN', 'Heat'])
    await recent.getByRole('button', { name: 'Heat' }).click()
    await page.waitForURL('**/search?q=Heat')
    await page.getByRole('heading', { name: 'Top Results' }).waitFor()
    await context.close()
  })
})

describe('typos and people', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: "shawshenk" finds The Shawshank Redemption; "christopher nolan" shows him under People with his films as links, on both results pages`, async () => {
      const { context, page } = await open('/search?q=shawshenk', viewport)
      const top = page.getByRole('region', { name: 'Top Results' })
      await top.waitFor()
      expect(await top.locator('li').first().innerText()).toContain('The Shawshank Redemption')

      await searchBox(page).fill('christopher nolan')
      const people = page.getByRole('region', { name: 'People' })
      await people.waitFor()
      const nolan = people.getByRole('listitem').filter({ hasText: 'Christopher Nolan' }).first()
      await nolan.getByText('Directing').waitFor()
      // the catalogue's drawn picture of him, loaded
      const picture = nolan.locator('img')
      await picture.waitFor()
      expect(await picture.evaluate(async (img: HTMLImageElement) => (await img.decode().then(() => img.naturalWidth, () => 0)))).toBeGreaterThan(0)
      // His name opens his page.
      expect(await nolan.getByRole('link', { name: 'Christopher Nolan' }).getAttribute('href')).toMatch(/^\/person\/\d+$/)
      const films = nolan.getByRole('list', { name: 'Known for' }).getByRole('link')
      expect(await films.count()).toBeGreaterThanOrEqual(2)
      // No title is named so, yet Top Results lists his films, his best-known first.
      const knownFor = await films.allInnerTexts()
      await top.locator('li').first().filter({ hasText: knownFor[0] }).waitFor()
      const topTitles = await top.locator('li').allInnerTexts()
      knownFor.forEach((film, i) => expect(topTitles[i]).toContain(film))
      await expectAccessible(page)
      const name = await films.first().innerText()
      await films.first().click()
      await page.waitForURL(/\/movie\/\d+$/)
      await page.getByRole('heading', { level: 1, name }).waitFor()

      await context.close()
    })
  }
})

describe('/search-results', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: Found N results, cards with overview, Back to Search`, async () => {
      const { context, page } = await open('/search-results?q=the', viewport)
      const total = ((await (await page.request.get(`${baseUrl}/api/catalog/search?query=the`)).json()) as { total_results: number }).total_results
      await page.getByText(`Found ${total} results for`).waitFor()
      const grid = page.getByRole('list', { name: 'Results for the' })
      await grid.waitFor()
      await grid.locator('li').first().waitFor()
      // more pages arrive while the end of the grid is in view; each title appears once
      await page.mouse.wheel(0, 10_000)
      await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Results for the"] > li a').length >= 24, undefined, { timeout: 10_000 })
      const hrefs = await grid.locator('li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      expect(hrefs.length).toBeLessThanOrEqual(total)
      expect(new Set(hrefs).size).toBe(hrefs.length)
      const overview = grid.locator('li').first().locator('p.line-clamp-2')
      expect((await overview.innerText()).length).toBeGreaterThan(0)
      expect(await page.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/search?q=the')
      await expectAccessible(page)
      await context.close()
    })
  }

  it('without q says No Search Query and links to search', async () => {
    const { context, page } = await open('/search-results', 'phone')
    await page.getByRole('heading', { name: 'No Search Query' }).waitFor()
    expect(await page.getByRole('link', { name: 'Go to Search' }).getAttribute('href')).toBe('/search')
    await expectAccessible(page)
    await context.close()
  })

  it('with nothing found says No results found and offers Try Another Search', async () => {
    const { context, page } = await open('/search-results?q=qqxxzzqq', 'desktop')
    await page.getByRole('heading', { name: 'No results found' }).waitFor()
    expect(await page.getByRole('link', { name: 'Try Another Search' }).getAttribute('href')).toBe('/search')
    await context.close()
  })
})

/**
 * The browsing screens against the real catalogue, at phone and desktop width: home (hero,
 * rows, Quick Browse, Browse by Title), movies, TV shows with the platform filter, kids, genres,
 * one genre and Top IMDB; each also passes axe-core without serious or critical violations.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dismissCookieBanner, expectAccessible, holdScripts, newPage, nextAnswer, openPath, signInNewUser, takenOver, useBrowser, withoutFirstData, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

const open = (path: string, viewport: ViewportName) => openPath(browser(), baseUrl, path, viewport)

const rowHeading = (page: Page, name: string) => page.locator('main section h2', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })

describe('home', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: hero of 5, the rows from the page's own HTML, Quick Browse, call to action, Browse by Title`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      const catalogCalls: string[] = []
      page.on('request', (r) => {
        const url = new URL(r.url())
        if (url.pathname.startsWith('/api/catalog/')) catalogCalls.push(url.pathname + url.search)
      })
      await page.goto('/')
      const hero = page.getByRole('region', { name: 'Featured titles' })
      await hero.waitFor()
      expect(await hero.locator('[aria-roledescription="slide"]').count()).toBe(5)
      expect(await hero.getByRole('button', { name: /^Show slide/ }).count()).toBe(5)
      const play = hero.getByRole('link', { name: /^Play Now/ })
      expect(await play.getAttribute('href')).toMatch(/^\/(movie|tv)\/\d+$/)
      expect(await hero.getByRole('button', { name: /Add to Watchlist|Remove from Watchlist/ }).isVisible()).toBe(true)

      for (const title of ['Trending Now', 'Popular Movies', 'Top Rated', 'Now Playing', 'Popular TV Shows', 'Top Rated TV Shows', 'Trending TV Shows', 'Trending Movies']) {
        await rowHeading(page, title).first().waitFor()
      }
      const firstCard = page.getByRole('region', { name: 'Trending Now' }).locator('li a').first()
      expect(await firstCard.getAttribute('href')).toMatch(/^\/(movie|tv)\/\d+$/)
      // The worker put the composed page into the HTML: no request for it.
      expect(catalogCalls.filter((c) => c.startsWith('/api/catalog/pages/'))).toEqual([])
      expect(await page.getByText('Personalized for You').count()).toBe(0)

      const quick = page.getByRole('region', { name: 'Quick Browse' })
      for (const name of ['Movies', 'TV Shows', 'Kids', 'Genres', 'Search', 'Top IMDB']) expect(await quick.getByRole('link', { name }).count()).toBe(1)
      expect(await page.getByRole('link', { name: 'Sign Up Free' }).getAttribute('href')).toBe('/register')

      const letters = page.getByRole('group', { name: 'First letter' })
      expect(await letters.getByRole('button').count()).toBe(27)
      expect(await letters.getByRole('button', { name: 'Titles starting with A', exact: true }).getAttribute('aria-pressed')).toBe('true')
      await expectAccessible(page)
      await context.close()
    })
  }

  it('carousel: rotates on its own, stands still under the pointer, and moves with the keyboard', async () => {
    const { context, page } = await open('/', 'desktop')
    const hero = page.getByRole('region', { name: 'Featured titles' })
    await hero.waitFor()
    // The hero is painted in the HTML; its clock starts when React takes the page over.
    await takenOver(page)
    const current = () => hero.locator('button[aria-current="true"]').getAttribute('aria-label')
    const first = await current()
    expect(first).toMatch(/^Show slide 1:/)
    await page.waitForTimeout(6500)
    expect(await current()).toMatch(/^Show slide 2:/)

    await hero.hover()
    await page.waitForTimeout(6500)
    expect(await current()).toMatch(/^Show slide 2:/)
    await page.mouse.move(5, 5)

    await hero.getByRole('button', { name: 'Next slide' }).focus()
    await page.keyboard.press('Enter')
    expect(await current()).toMatch(/^Show slide 3:/)
    await page.keyboard.press('ArrowLeft')
    expect(await current()).toMatch(/^Show slide 2:/)
    await hero.getByRole('button', { name: /^Show slide 5:/ }).focus()
    await page.keyboard.press('Enter')
    expect(await current()).toMatch(/^Show slide 5:/)
    // the visible slide is the only one reachable
    expect(await hero.locator('[aria-roledescription="slide"][aria-hidden="false"]').count()).toBe(1)
    await context.close()
  })

  it('Browse by Title lists titles of the chosen letter and loads more near the bottom without repeats', async () => {
    const { context, page } = await open('/', 'desktop')
    const section = page.getByRole('region', { name: 'Browse by Title' })
    await section.waitFor()
    await section.getByRole('button', { name: 'Titles starting with B', exact: true }).click()
    const grid = section.getByRole('list', { name: 'Titles starting with B' })
    await grid.waitFor()
    // Steps of 24 titles, whatever the server's page size; what the first server page lacks is
    // fetched as the visitor reaches the end of the grid (which may already reveal the next step).
    await grid.locator('li').last().scrollIntoViewIfNeeded()
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Titles starting with B"] > li a').length >= 24, undefined, { timeout: 10_000 })
    const names = (await grid.locator('li a').evaluateAll((links) => links.map((a) => a.querySelector('p')?.textContent ?? ''))).slice(0, 24)
    expect(names).toHaveLength(24)
    for (const name of names) expect(name.replace(/^(the|a|an)\s+/i, '')[0]?.toUpperCase() === 'B' || name[0]?.toUpperCase() === 'B').toBe(true)

    const before = await grid.locator('li a').count()
    const total = ((await (await page.request.get(`${baseUrl}/api/catalog/browse?letter=B`)).json()) as { total_results: number }).total_results
    expect(total).toBeGreaterThan(before)
    {
      await page.mouse.wheel(0, 20_000)
      await page.waitForFunction((n) => document.querySelectorAll('ul[aria-label="Titles starting with B"] > li a').length > n, before, { timeout: 10_000 })
      const hrefs = await grid.locator('li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      expect(new Set(hrefs).size).toBe(hrefs.length)
    }
    await section.getByRole('button', { name: 'Titles starting with a number or symbol' }).click()
    await section.getByRole('list', { name: 'Titles starting with #' }).or(section.getByText('No titles start with # yet.')).first().waitFor()
    await context.close()
  })

  it('signed in: the Personalized for You panel shows the watchlist, history and recommendations', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await signInNewUser(page, baseUrl, 'home')
    const trending = (await (await page.request.get(`${baseUrl}/api/catalog/lists/trending-movie`)).json()) as { results: { id: number; title?: string }[] }
    const [saved, watched] = trending.results
    if (!saved || !watched) throw new Error('the catalogue has fewer than 2 trending movies')
    const headers = { Origin: baseUrl }
    expect((await page.request.post(`${baseUrl}/api/me/watchlist`, { data: { content_id: saved.id, content_type: 'movie', title: saved.title ?? 'Saved', poster_path: null }, headers })).ok()).toBe(true)
    expect((await page.request.put(`${baseUrl}/api/me/history`, { data: { content_id: watched.id, content_type: 'movie', title: watched.title ?? 'Watched', poster_path: null, watch_duration: 60 }, headers })).ok()).toBe(true)

    await page.goto('/')
    const panel = page.getByRole('region', { name: 'Personalized for You' })
    await panel.waitFor()
    await panel.getByRole('heading', { name: 'Watchlist' }).waitFor()
    expect(await panel.locator(`a[href="/movie/${saved.id}"]`).count()).toBe(1)
    expect(await panel.getByRole('region', { name: 'Recently Watched' }).locator(`a[href="/movie/${watched.id}"]`).count()).toBe(1)
    await panel.getByRole('heading', { name: 'Recommended' }).waitFor()
    expect(await page.getByRole('link', { name: 'See Top IMDB' }).isVisible()).toBe(true)
    await context.close()
  })

  it('restores the scroll position when coming back, and starts a new page at the top', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    // The visitor scrolls the painted page before React takes it over: that position counts too.
    const release = await holdScripts(context)
    await page.goto('/', { waitUntil: 'commit' })
    await page.getByRole('region', { name: 'Quick Browse' }).waitFor()
    await page.getByRole('region', { name: 'Quick Browse' }).scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    const y = await page.evaluate(() => window.scrollY)
    expect(y).toBeGreaterThan(500)
    release()
    await takenOver(page)
    await page.getByRole('region', { name: 'Quick Browse' }).getByRole('link', { name: 'Kids' }).click()
    await page.waitForURL('**/kids')
    await page
      .waitForFunction(() => window.scrollY === 0, undefined, { timeout: 10_000 })
      .catch(async () => expect.fail(`still at ${await page.evaluate(() => window.scrollY)} on /kids`))
    await page.goBack()
    await page.waitForURL(/\/$/)
    await page
      .waitForFunction((target) => Math.abs(window.scrollY - target) < 5, y, { timeout: 10_000 })
      .catch(async () => expect.fail(`at ${await page.evaluate(() => `${window.scrollY} ${sessionStorage.getItem('scroll-positions')}`)} instead of ${y}`))
    await context.close()
  })
})

describe('the hero on a phone', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ]) {
    it(`${size.width}x${size.height}: the picture, the title and Play Now fill the first screen, with nothing empty above them`, async () => {
      const context = await browser().newContext({ baseURL: baseUrl, viewport: size, isMobile: true, hasTouch: true })
      await dismissCookieBanner(context)
      const page = await context.newPage()
      await page.goto('/')
      const hero = page.getByRole('region', { name: 'Featured titles' })
      const slide = hero.locator('[aria-roledescription="slide"][aria-hidden="false"]')
      const play = slide.getByRole('link', { name: /^Play Now/ })
      await play.waitFor()
      // The quick navigation bar is fixed along the bottom: the first screen ends where it starts.
      const bottomBar = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox()
      const screenEnd = bottomBar?.y ?? size.height
      const box = async (what: Locator) => {
        const b = await what.boundingBox()
        if (!b) throw new Error('not drawn')
        return b
      }
      const playBox = await box(play)
      const title = await box(slide.getByRole('heading', { level: 2 }))
      const watchlist = await box(slide.getByRole('button', { name: /Add to Watchlist|Remove from Watchlist/ }))
      expect(title.y).toBeGreaterThanOrEqual(0)
      for (const b of [title, playBox, watchlist]) expect(b.y + b.height).toBeLessThanOrEqual(screenEnd)
      // The whole backdrop shows (16:9, not a tall crop of its middle) from the hero's top down to
      // where the text begins, so no band of the first screen is left empty.
      const heroBox = await box(hero)
      const picture = await box(slide.locator('img').first())
      const text = await box(slide.locator('ul[aria-label="Genres"], h2').first())
      expect(Math.abs(picture.y - heroBox.y)).toBeLessThanOrEqual(1)
      expect(picture.width / picture.height).toBeCloseTo(16 / 9, 1)
      expect(picture.y + picture.height).toBeGreaterThanOrEqual(text.y)
      await context.close()
    })
  }
})

describe('movies, TV shows, kids, genres', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: /movies has its hero, rows and category grid`, async () => {
      const { context, page } = await open('/movies', viewport)
      await page.getByRole('region', { name: 'Featured movies' }).waitFor()
      for (const title of ['Popular Movies', 'Now Playing', 'Action', 'Sci-Fi']) await rowHeading(page, title).first().waitFor()
      expect(await page.getByRole('region', { name: 'Browse by Category' }).getByRole('link', { name: 'Action' }).getAttribute('href')).toBe('/genre/28')
      // The app names the page once it has taken it over.
      await expect.poll(() => page.title()).toMatch(/^Movies/)
      await expectAccessible(page)
      await context.close()
    })

    it(`${viewport}: /tv-shows filters its rows by platform and keeps the choice in the address`, async () => {
      const { context, page } = await open('/tv-shows', viewport)
      const filter = page.getByRole('region', { name: 'Browse by Platform' })
      await filter.waitFor()
      const labels = (await filter.getByRole('button').allInnerTexts()).map((t) => t.trim())
      expect(labels).toEqual(['All', 'Netflix', 'Disney+', 'Prime Video', 'Apple TV+', 'Paramount+', 'Peacock', 'Crunchyroll', 'K-Drama'])
      const ids = await filter.getByRole('button').evaluateAll((b) => b.map((x) => Number(x.getAttribute('data-platform-id'))))
      expect(ids).toEqual([0, 8, 337, 9, 350, 531, 386, 283, -1])
      expect(await filter.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true')
      await rowHeading(page, 'Popular TV Shows').first().waitFor()
      const allTitles = await page.getByRole('region', { name: 'Popular TV Shows' }).locator('li a').evaluateAll((a) => a.map((x) => x.getAttribute('href')))

      const filtered = nextAnswer(page, (r) => r.url().includes('/api/catalog/pages/tv?service=netflix'))
      await filter.getByRole('button', { name: 'Netflix' }).click()
      expect((await filtered).status()).toBe(200)
      await page.waitForURL('**/tv-shows?service=netflix')
      expect(await filter.getByRole('button', { name: 'Netflix' }).getAttribute('aria-pressed')).toBe('true')
      expect(await filter.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false')
      await page.waitForFunction(() => !document.querySelector('[aria-label="TV show rows"]')?.getAttribute('aria-busy')?.includes('true'))
      const netflixTitles = await page.getByRole('region', { name: 'Popular TV Shows' }).locator('li a').evaluateAll((a) => a.map((x) => x.getAttribute('href')))
      expect(netflixTitles).not.toEqual(allTitles)
      // The embedded catalogue cannot narrow films by platform, and says so.
      await filter.getByText('Films are not narrowed by platform here: this catalogue has no streaming data for films.').waitFor()
      await expectAccessible(page)

      await page.goto('/tv-shows?service=k-drama')
      await filter.getByRole('button', { name: 'K-Drama' }).waitFor()
      expect(await filter.getByRole('button', { name: 'K-Drama' }).getAttribute('aria-pressed')).toBe('true')
      await context.close()
    })

    it(`${viewport}: /kids says its titles are safe for kids and shows the family rows`, async () => {
      const { context, page } = await open('/kids', viewport)
      await page.getByText('safe for kids').first().waitFor()
      await rowHeading(page, 'Family').first().waitFor()
      await expectAccessible(page)
      await context.close()
    })

    it(`${viewport}: /genres has the 18-genre grid and genre rows`, async () => {
      const { context, page } = await open('/genres', viewport)
      const grid = page.getByRole('region', { name: 'All Genres' })
      await grid.waitFor()
      expect(await grid.getByRole('link').count()).toBe(18)
      expect(await grid.getByRole('link', { name: 'Science Fiction' }).getAttribute('href')).toBe('/genre/878')
      await rowHeading(page, 'Action').first().waitFor()
      await expectAccessible(page)
      await context.close()
    })
  }

  it('a failed load shows a message with Retry, and Retry brings the rows', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await withoutFirstData(context)
    let fail = true
    await page.route('**/api/catalog/pages/movies', (route) => (fail ? route.fulfill({ status: 502, json: { error: 'The catalogue is unreachable' } }) : route.continue()))
    await page.goto('/movies')
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' })
    await alert.waitFor({ timeout: 15_000 })
    fail = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    await rowHeading(page, 'Popular Movies').first().waitFor()
    expect(await alert.count()).toBe(0)
    await context.close()
  })

  it('/genre/{id}: the genre name, its title, both rows; Genre not found for an unknown id; Invalid genre for a non-number', async () => {
    const { context, page } = await open('/genre/28', 'desktop')
    await page.getByRole('heading', { level: 1, name: 'Action' }).waitFor()
    await expect.poll(() => page.title()).toMatch(/^Action Movies & TV Shows/)
    await rowHeading(page, 'Popular Action Movies').waitFor()
    await rowHeading(page, 'Popular Action TV Shows').waitFor()
    await expectAccessible(page)

    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const catalogCalls: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/catalog/')) catalogCalls.push(r.url())
    })
    for (const [path, heading] of [
      ['/genre/424242', 'Genre not found'],
      ['/genre/drama', 'Invalid genre'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      expect(await page.locator('main').getByRole('link', { name: 'See all genres' }).getAttribute('href')).toBe('/genres')
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    }
    await page.waitForTimeout(500)
    expect(catalogCalls).toEqual([])
    expect(errors).toEqual([])

    // A series-only genre has its series and no film row.
    await page.goto('/genre/10762')
    await page.getByRole('heading', { level: 1, name: 'Kids' }).waitFor()
    await rowHeading(page, 'Popular Kids TV Shows').waitFor()
    expect(await rowHeading(page, 'Popular Kids Movies').count()).toBe(0)
    await context.close()
  })

  it('/genre/{id} on a phone', async () => {
    const { context, page } = await open('/genre/35', 'phone')
    await page.getByRole('heading', { level: 1, name: 'Comedy' }).waitFor()
    await rowHeading(page, 'Popular Comedy Movies').waitFor()
    await context.close()
  })
})

describe('Top IMDB', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: movies first, rated cards with years, and the TV Shows toggle reloads the list`, async () => {
      const { context, page } = await open('/top-imdb', viewport)
      await page.getByRole('heading', { level: 1, name: 'Top IMDB' }).waitFor()
      const toggle = page.getByRole('group', { name: 'Media type' })
      expect(await toggle.getByRole('button', { name: 'Movies' }).getAttribute('aria-pressed')).toBe('true')
      const movies = page.getByRole('list', { name: 'Top rated movies' })
      await movies.waitFor()
      const hrefs = await movies.locator('li a').evaluateAll((a) => a.map((x) => x.getAttribute('href') ?? ''))
      expect(hrefs.length).toBeGreaterThan(0)
      expect(hrefs.every((h) => /^\/movie\/\d+$/.test(h))).toBe(true)
      const card = await movies.locator('li').first().innerText()
      expect(card).toMatch(/\b\d\.\d\b/)
      expect(card).toMatch(/\b(19|20)\d\d\b/)
      await expectAccessible(page)

      await toggle.getByRole('button', { name: 'TV Shows' }).click()
      const shows = page.getByRole('list', { name: 'Top rated TV shows' })
      await shows.waitFor()
      const tvHrefs = await shows.locator('li a').evaluateAll((a) => a.map((x) => x.getAttribute('href') ?? ''))
      expect(tvHrefs.every((h) => /^\/tv\/\d+$/.test(h))).toBe(true)
      await context.close()
    })
  }
})

describe('See all and the sortable, filterable grids', () => {
  const hrefsOf = (list: Locator) => list.locator('li a').evaluateAll((a) => a.map((x) => x.getAttribute('href') ?? ''))
  /** The years the grid's cards show (each card's year line). */
  const yearsOf = (list: Locator) => list.locator('li p.text-xs').evaluateAll((lines) => lines.map((p) => Number(p.firstChild?.textContent ?? 0)))

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`${viewport}: a row's See all opens its full grid; sorted and filtered, the address reloads to the same grid`, async () => {
      const { context, page } = await open('/movies', viewport)
      const action = page.getByRole('region', { name: 'Action', exact: true })
      // Rows below the first screen draw their cards when the visitor comes near.
      await action.scrollIntoViewIfNeeded()
      await action.locator('li a').first().waitFor()
      const rowHrefs = await hrefsOf(action)
      // "See all", described by the row's title.
      const seeAll = action.getByRole('link', { name: 'See all', exact: true })
      expect(await seeAll.getAttribute('aria-describedby')).toBe(await action.getAttribute('aria-labelledby'))
      await seeAll.click()
      await page.waitForURL('**/movies/all?genre=28')
      await page.getByRole('heading', { level: 1, name: 'Action Movies' }).waitFor()
      const grid = page.getByRole('list', { name: 'Action Movies' })
      await grid.locator('li a').first().waitFor()
      // The grid is the row's list, whole: the row's titles first, in the row's order, then more.
      const gridHrefs = await hrefsOf(grid)
      expect(gridHrefs.slice(0, rowHrefs.length)).toEqual(rowHrefs)
      await expectAccessible(page)
      // Infinite scroll as everywhere: further down, more than the row's 20.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await page.waitForFunction(() => document.querySelectorAll('main ul[aria-label="Action Movies"] li a').length > 20)
      await page.evaluate(() => window.scrollTo(0, 0))

      const filteredAnswer = nextAnswer(page, (r) => r.url().includes('primary_release_date.lte=1999-12-31') && r.url().includes('vote_average.gte=7'))
      await page.getByLabel('Sort by').selectOption('newest')
      await page.waitForURL('**/movies/all?genre=28&sort=newest')
      if (viewport === 'phone') {
        // On a phone the filters sit in a sheet.
        await page.getByRole('button', { name: 'Filters' }).click()
        const sheet = page.getByRole('dialog', { name: 'Filter titles' })
        await sheet.waitFor()
        await sheet.getByLabel('From year').fill('1990')
        await sheet.getByLabel('To year').fill('1999')
        await sheet.getByLabel('Minimum rating').selectOption('7')
        await expectAccessible(page)
        await sheet.getByRole('button', { name: 'Show results' }).click()
        await sheet.waitFor({ state: 'hidden' })
        expect(await page.getByRole('button', { name: 'Filters (2)' }).count()).toBe(1)
      } else {
        const form = page.getByRole('search', { name: 'Filter titles' })
        await form.getByLabel('From year').fill('1990')
        await form.getByLabel('To year').fill('1999')
        await form.getByLabel('Minimum rating').selectOption('7')
      }
      const filtered = '/movies/all?genre=28&sort=newest&from=1990&to=1999&rating=7'
      await page.waitForURL(`**${filtered}`)
      expect((await filteredAnswer).status()).toBe(200)
      // The grid of the final address: its cards, every one of the nineties.
      await page.waitForFunction(() => {
        const years = Array.from(document.querySelectorAll('main ul[aria-label="Action Movies"] li p.text-xs'), (p) => Number(p.firstChild?.textContent ?? 0))
        return years.length > 0 && years.every((y) => y >= 1990 && y <= 1999)
      })
      const years = await yearsOf(grid)
      expect(years.length).toBeGreaterThan(0)
      expect(years.every((y) => y >= 1990 && y <= 1999)).toBe(true)
      expect(years).toEqual([...years].sort((a, b) => b - a))
      // The first server page of the answer (a wide screen may already be showing the next).
      const filteredHrefs = (await hrefsOf(grid)).slice(0, 20)
      expect(filteredHrefs).not.toEqual(gridHrefs.slice(0, filteredHrefs.length))
      await expectAccessible(page)

      await page.reload()
      await page.waitForFunction((n) => document.querySelectorAll('main ul[aria-label="Action Movies"] li a').length >= n, filteredHrefs.length)
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(filtered)
      expect(await page.getByLabel('Sort by').inputValue()).toBe('newest')
      expect((await hrefsOf(grid)).slice(0, filteredHrefs.length)).toEqual(filteredHrefs)
      await context.close()
    })
  }

  it("a fixed list's See all opens the list whole, and a genre page's rows open their genre's grids", async () => {
    const { context, page } = await open('/', 'desktop')
    const trending = page.getByRole('region', { name: 'Trending Now', exact: true })
    await trending.locator('li a').first().waitFor()
    const rowHrefs = await hrefsOf(trending)
    await trending.getByRole('link', { name: 'See all', exact: true }).click()
    await page.waitForURL('**/browse/trending-all')
    const grid = page.getByRole('list', { name: 'Trending Now' })
    await grid.locator('li a').first().waitFor()
    expect((await hrefsOf(grid)).slice(0, rowHrefs.length)).toEqual(rowHrefs)

    await page.goto('/genre/35')
    const tv = page.getByRole('region', { name: 'Popular Comedy TV Shows', exact: true })
    await tv.getByRole('link', { name: 'See all', exact: true }).click()
    await page.waitForURL('**/tv-shows/all?genre=35')
    await page.getByRole('heading', { level: 1, name: 'Comedy TV Shows' }).waitFor()
    // The painted grid's controls answer once React has the page.
    await takenOver(page)
    // Series have no certification filter.
    expect(await page.getByLabel('Certification').count()).toBe(0)
    // The genre picker switches the grid's genre; series offer their own genres too.
    expect(await page.getByLabel('Genre', { exact: true }).inputValue()).toBe('35')
    expect(await page.getByLabel('Genre', { exact: true }).locator('option', { hasText: 'Soap' }).count()).toBe(1)
    await page.getByLabel('Genre', { exact: true }).selectOption({ label: 'Drama' })
    await page.waitForURL('**/tv-shows/all?genre=18')
    await page.getByRole('heading', { level: 1, name: 'Drama TV Shows' }).waitFor()

    // All films narrowed to a genre with the picker: the address reloads to the same grid.
    await page.goto('/movies/all')
    const all = page.getByRole('list', { name: 'All Movies' })
    await all.locator('li a').first().waitFor()
    await takenOver(page)
    const allHrefs = (await hrefsOf(all)).slice(0, 20)
    const picker = page.getByLabel('Genre', { exact: true })
    expect(await picker.locator('option', { hasText: 'Soap' }).count()).toBe(0)
    await picker.selectOption({ label: 'Western' })
    await page.waitForURL('**/movies/all?genre=37')
    const westerns = page.getByRole('list', { name: 'Western Movies' })
    await westerns.locator('li a').first().waitFor()
    const westernHrefs = (await hrefsOf(westerns)).slice(0, 20)
    expect(westernHrefs).not.toEqual(allHrefs.slice(0, westernHrefs.length))
    await expectAccessible(page)
    await page.reload()
    await page.waitForFunction((n) => document.querySelectorAll('main ul[aria-label="Western Movies"] li a').length >= n, westernHrefs.length)
    expect((await hrefsOf(westerns)).slice(0, westernHrefs.length)).toEqual(westernHrefs)
    expect(await picker.inputValue()).toBe('37')

    // In Arabic, right to left, with every control named in Arabic.
    await page.goto('/ar/tv-shows/all?genre=35&sort=title&rating=6')
    await page.getByRole('heading', { level: 1, name: 'مسلسلات كوميديا' }).waitFor()
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl'])
    expect(await page.getByLabel('الترتيب حسب').inputValue()).toBe('title')
    expect(await page.getByLabel('أدنى تقييم').inputValue()).toBe('6')
    await page.getByRole('list', { name: 'مسلسلات كوميديا' }).locator('li a').first().waitFor()
    await expectAccessible(page)
    await context.close()
  })
})

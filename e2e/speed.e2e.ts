/**
 * The deterministic side of the speed work, in a real browser: nothing moves once drawn (CLS from
 * the browser's own layout-shift entries), no page logs an error, the home page starts with a
 * small document, the first view needs no second round trip for its data, and nothing below the
 * fold is fetched before the visitor comes near it. Timings themselves live in `npm run bench`.
 */
import type { BrowserContext, Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { holdScripts, newPage, signInNewUser, takenOver, useBrowser, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

const PAGES = ['/', '/movies', '/tv-shows', '/kids', '/genres', '/genre/28', '/top-imdb', '/search', '/search-results?q=star', '/movie/155', '/tv/1399']
const SIGNED_IN_PAGES = ['/watchlist', '/profile']
const MAX_CLS = 0.05
const MAX_HOME_NODES = 1500
/**
 * How long a page is watched once the network has been quiet for half a second (late answers and
 * images have landed): enough for what they bring to be laid out. At most SETTLE_LIMIT_MS in all.
 */
const SETTLE_MS = 600
const SETTLE_LIMIT_MS = 6000

/** Records layout shifts (as CLS counts them: not right after input), the DOM size at the first render, errors. */
async function watch(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number; __firstRenderNodes: number | null }
    w.__cls = 0
    w.__firstRenderNodes = null
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
    // The first time the app puts anything into #root is its first render.
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root')
      if (root && root.childElementCount > 0) {
        w.__firstRenderNodes = document.getElementsByTagName('*').length
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  })
}

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}

async function measure(page: Page, path: string): Promise<{ cls: number; firstRenderNodes: number | null }> {
  await page.goto(path, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle', { timeout: SETTLE_LIMIT_MS }).catch(() => undefined)
  await page.waitForTimeout(SETTLE_MS)
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __firstRenderNodes: number | null }
    return { cls: w.__cls, firstRenderNodes: w.__firstRenderNodes }
  })
}

async function visitAll(viewport: ViewportName, signedIn: boolean) {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await watch(context)
  const errors = collectErrors(page)
  if (signedIn) await signInNewUser(page, baseUrl, 'speed')
  const results: Record<string, number> = {}
  for (const path of signedIn ? [...SIGNED_IN_PAGES, '/', '/movie/155', '/tv/1399'] : PAGES) {
    // Every page is a first visit: a new document, as a visitor arriving from a link sees it.
    results[path] = (await measure(page, path)).cls
  }
  await context.close()
  return { results, errors }
}

describe('every page holds still and logs no error', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`signed out at ${viewport} width: CLS at most ${MAX_CLS} and a clean console`, async () => {
      const { results, errors } = await visitAll(viewport, false)
      for (const [path, cls] of Object.entries(results)) expect(cls, `${path} at ${viewport}`).toBeLessThanOrEqual(MAX_CLS)
      expect(errors).toEqual([])
    }, 120_000)

    it(`signed in at ${viewport} width: CLS at most ${MAX_CLS} and a clean console`, async () => {
      const { results, errors } = await visitAll(viewport, true)
      for (const [path, cls] of Object.entries(results)) expect(cls, `${path} at ${viewport}`).toBeLessThanOrEqual(MAX_CLS)
      expect(errors).toEqual([])
    }, 120_000)
  }
})

describe('a returning visitor', () => {
  it('with the sidebar collapsed sees it collapsed from the first frame', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await context.addInitScript(() => localStorage.setItem('sidebar-collapsed', 'true'))
    await watch(context)
    // The visit before left the draw-here cookie: the worker does not paint its expanded sidebar.
    await page.goto('/movie/155', { waitUntil: 'load' })
    await takenOver(page)
    expect((await context.cookies()).find((c) => c.name === 'draw-here')?.value).toBe('1')
    const { cls } = await measure(page, '/movies')
    expect(await page.getByRole('button', { name: 'Expand sidebar' }).count()).toBe(1)
    expect(cls).toBeLessThanOrEqual(MAX_CLS)
    await context.close()
  })
})

describe('the home page starts small', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`has at most ${MAX_HOME_NODES} elements at its first render at ${viewport} width`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await watch(context)
      const { firstRenderNodes } = await measure(page, '/')
      expect(firstRenderNodes).not.toBeNull()
      expect(firstRenderNodes).toBeLessThanOrEqual(MAX_HOME_NODES)
      // And the page is really there, not a loading frame: the hero and the first row's cards.
      expect(await page.getByRole('region', { name: 'Featured titles' }).count()).toBe(1)
      expect(await page.locator('section[aria-labelledby="row-trending"] li').count()).toBeGreaterThan(0)
      await context.close()
    })
  }
})

function apiPaths(requests: Request[]): string[] {
  return requests.map((r) => new URL(r.url())).filter((u) => u.pathname.startsWith('/api/') && !u.pathname.startsWith('/api/img/')).map((u) => u.pathname + u.search)
}

describe('the first view needs no second round trip', () => {
  it('draws the pages the worker knows from the data in their HTML', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    const requests: Request[] = []
    page.on('request', (r) => requests.push(r))
    for (const [path, heading, data] of [
      ['/', 'Trending Now', '/api/catalog/pages/home'],
      ['/tv-shows', 'Popular TV Shows', '/api/catalog/pages/tv'],
      ['/movie/155', 'The Dark Knight', '/api/catalog/movie/155'],
      ['/tv/1399', 'Game of Thrones', '/api/catalog/tv/1399'],
    ] as const) {
      requests.length = 0
      await page.goto(path, { waitUntil: 'load' })
      await page.getByRole('heading', { name: heading }).first().waitFor()
      await page.waitForTimeout(500)
      const asked = apiPaths(requests)
      // The page's data and what hangs off it; a title's where-to-watch, under it, comes as it nears the screen.
      expect(asked.filter((p) => p.startsWith(data) && !p.startsWith(`${data}/watch`)), path).toEqual([])
      // Signed out and without a session cookie, nobody needs to ask who is signed in.
      expect(asked, path).not.toContain('/api/auth/me')
      if (path.startsWith('/tv/')) {
        expect(asked.filter((p) => p.includes('/season/')), path).toEqual([])
        expect(await page.getByRole('button', { name: /Episode 1/ }).count(), path).toBeGreaterThan(0)
      }
      if (path.startsWith('/movie/') || path.startsWith('/tv/')) expect(asked, path).not.toContain('/api/player/config')
    }
    await context.close()
  })
})

describe('a painted page shows before its code loads', () => {
  it('asks for its code once painted (and its backdrop drawn), and keeps a button pressed before the code came', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    for (const path of ['/movies', '/movie/155']) {
      await page.goto(path, { waitUntil: 'networkidle' })
      await takenOver(page)
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
        const backdrop = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes('/backdrop/'))
        const scripts = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js'))
        return { paint, backdrop: backdrop?.responseEnd ?? null, firstScript: Math.min(...scripts.map((e) => e.startTime)), scripts: scripts.length }
      })
      expect(timing.scripts, path).toBeGreaterThan(2)
      expect(timing.firstScript, path).toBeGreaterThan(timing.paint)
      if (path.startsWith('/movie/')) expect(timing.firstScript, path).toBeGreaterThan(timing.backdrop ?? Number.NaN)
    }
    await context.close()
    // The cookie notice is painted for a visitor who has not answered it: Accept, pressed while the
    // site's scripts are held back, is answered once React has the page.
    const fresh = await newPage(browser(), baseUrl, 'phone')
    const release = await holdScripts(fresh.context)
    await fresh.page.goto('/tv-shows', { waitUntil: 'load' })
    const notice = fresh.page.getByRole('region', { name: 'Cookie consent' })
    await notice.getByRole('button', { name: 'Accept' }).click()
    await fresh.page.waitForTimeout(300)
    expect(await notice.isVisible()).toBe(true)
    release()
    await takenOver(fresh.page)
    await notice.waitFor({ state: 'detached' })
    expect((await fresh.context.cookies()).find((c) => c.name === 'cookie-consent')?.value).toBe('accepted')
    await fresh.context.close()
  })
})

describe('nothing below the fold is fetched before the visitor comes near', () => {
  it('Browse by Title on / is fetched on the way down, each page once', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    const requests: Request[] = []
    page.on('request', (r) => requests.push(r))
    await page.goto('/', { waitUntil: 'load' })
    await page.waitForTimeout(1500)
    expect(apiPaths(requests).filter((p) => p.startsWith('/api/catalog/browse'))).toEqual([])
    const section = page.getByRole('region', { name: 'Browse by Title' })
    await section.scrollIntoViewIfNeeded()
    await section.getByRole('list', { name: 'Titles starting with A' }).waitFor()
    const browse = apiPaths(requests).filter((p) => p.startsWith('/api/catalog/browse'))
    expect(browse).toContain('/api/catalog/browse?letter=A&page=1')
    expect(new Set(browse).size).toBe(browse.length)
    await context.close()
  })

  it('an infinite list asks for each page once while the visitor scrolls', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const requests: Request[] = []
    page.on('request', (r) => requests.push(r))
    await page.goto('/top-imdb', { waitUntil: 'load' })
    await page.locator('main ul li a').first().waitFor()
    await page.waitForTimeout(800)
    for (let i = 0; i < 4; i += 1) {
      await page.mouse.wheel(0, 4000)
      await page.waitForTimeout(900)
    }
    const lists = apiPaths(requests).filter((p) => p.startsWith('/api/catalog/top-rated/'))
    // The first page came with the HTML (worker/routes/app-pages.ts): the grid asks from the second.
    expect(lists[0]).toBe('/api/catalog/top-rated/movie?page=2')
    expect(lists.length).toBeGreaterThan(2)
    expect(lists.filter((p, i) => lists.indexOf(p) !== i)).toEqual([])
    await context.close()
  })
})

import { request as httpRequest, Agent } from 'node:http'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dismissCookieBanner, newPage, seriousA11yViolations, takenOver, useBrowser, viewports, withoutFirstData } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

describe('the app shell', () => {
  it('renders the desktop sidebar with every section on /', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto('/')
    const nav = page.getByRole('complementary', { name: 'Main navigation' })
    await nav.getByRole('link', { name: 'Home', exact: true }).waitFor()
    for (const label of ['Search', 'Home', 'Movies', 'TV Shows', 'Kids', 'Genres', 'Watchlist', 'Last Watched']) {
      await expect(nav.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true)
    }
    await context.close()
  })

  it('shows the top bar and bottom bar on a phone, and the slide-in menu opens', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await page.goto('/')
    const bottom = page.getByRole('navigation', { name: 'Quick navigation' })
    await bottom.getByRole('link', { name: 'Movies' }).waitFor()
    expect(await page.getByRole('complementary', { name: 'Main navigation' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    // The menu's code comes on this first press: its links appear a moment later.
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Kids' }).waitFor({ state: 'visible', timeout: 3000 })
    await context.close()
  })

  it('answers an address it has no page for with 404 and the site’s not-found page, share links included', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    for (const path of ['/no-such-page', '/movies/extra', '/share/movie/abc', '/share/foo/1']) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(404)
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
      expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/')
    }
    await context.close()
  })

  it('renders the app on a deep link opened directly', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    for (const path of ['/movie/550', '/tv/1399', '/genre/28']) {
      const res = await page.goto(path)
      expect(res?.status()).toBe(200)
      await page.locator('main#main h1').first().waitFor()
      expect(await page.getByRole('complementary', { name: 'Main navigation' }).isVisible()).toBe(true)
    }
    await context.close()
  })

  it('answers an unknown /api path with the JSON 404', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const res = await page.request.get('/api/does-not-exist')
    expect(res.status()).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
    await context.close()
  })
})

describe('security headers', () => {
  it('serves the app with a Content-Security-Policy that the pages never violate', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const violations: string[] = []
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text())
    })
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load ${e.blockedURI} (${e.violatedDirective})`))
    })
    const res = await page.goto('/')
    expect(res?.headers()['content-security-policy']).toContain("default-src 'self'")
    expect(res?.headers()['x-frame-options']).toBe('DENY')
    await page.locator('main#main h2').first().waitFor()
    for (const path of ['/movie/238', '/tv/1399', '/search?q=star', '/login', '/genres']) {
      const answer = await page.goto(path)
      expect(answer?.headers()['content-security-policy']).toContain("object-src 'none'")
      await page.locator('main#main h1, main#main h2').first().waitFor()
    }
    const video = page.locator('video')
    await page.goto('/movie/238')
    // The player, hls.js and the media load when the viewer presses Play.
    await page.getByTestId('player-poster').getByRole('button', { name: /^Play\b/ }).click()
    await video.waitFor()
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, { timeout: 20_000 })
    expect(violations).toEqual([])
    await context.close()
  })
})

describe('caching headers', () => {
  it('serves hashed build files as immutable for a year, and the pages that name them as revalidated', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const assets = new Map<string, string | undefined>()
    page.on('response', (res) => {
      const url = new URL(res.url())
      if (url.origin === baseUrl && url.pathname.startsWith('/assets/')) assets.set(url.pathname, res.headers()['cache-control'])
    })
    const shell = await page.goto('/')
    await page.locator('main#main h2').first().waitFor()
    // A painted page asks for its code once painted: the files are there once React has the page.
    await takenOver(page)

    const loaded = [...assets.keys()]
    expect(loaded.some((path) => /^\/assets\/.+-[\w-]{8}\.js$/.test(path))).toBe(true)
    expect(loaded.some((path) => path.endsWith('.css'))).toBe(true)
    for (const [path, cacheControl] of assets) expect(cacheControl, path).toBe('public, max-age=31536000, immutable')

    for (const answer of [shell, await page.goto('/genres'), await page.goto('/movie/155')]) {
      expect(answer?.status()).toBe(200)
      expect(answer?.headers()['content-type']).toContain('text/html')
      const cacheControl = answer?.headers()['cache-control'] ?? ''
      expect(cacheControl).not.toContain('immutable')
      expect(cacheControl).not.toContain('31536000')
    }
    await context.close()
  })
})

describe('answers outside the browser', () => {
  it('a file missing under /media/ is a 404 no cache keeps; a file there is served as before', async () => {
    const missing = await fetch(`${baseUrl}/media/sample/no-such-segment.m4s`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    const playlist = await fetch(`${baseUrl}/media/sample/master.m3u8`)
    expect(playlist.status).toBe(200)
    expect(await playlist.text()).toMatch(/^#EXTM3U/)
  })

  it('an early 413 leaves the connection usable for the next request', async () => {
    // one socket, kept alive: the next request rides the connection the 413 answered on
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const { port, hostname } = new URL(baseUrl)
    const send = (path: string, body?: Buffer, chunked = false) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const started = Date.now()
        const headers: Record<string, string> = body ? { 'Content-Type': 'application/json', ...(chunked ? {} : { 'Content-Length': String(body.byteLength) }) } : {}
        const req = httpRequest({ host: hostname, port, path, method: body ? 'POST' : 'GET', agent, headers }, (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }))
        })
        req.setTimeout(10_000, () => req.destroy(new Error(`${path} hung`)))
        req.on('error', reject)
        if (body && chunked) for (let at = 0; at < body.byteLength; at += 16 * 1024) req.write(body.subarray(at, at + 16 * 1024))
        req.end(body && !chunked ? body : undefined)
      })
    const big = Buffer.alloc(512 * 1024, 'a')
    try {
      for (const chunked of [false, true]) {
        expect((await send('/api/auth/login', big, chunked)).status).toBe(413)
        const next = await send('/api/ping')
        expect(next.status).toBe(200)
        expect(next.ms).toBeLessThan(5000)
      }
    } finally {
      agent.destroy()
    }
  })
})

/** Waits until the service worker controls the page, and has kept `count` pages to open offline. */
async function keptByServiceWorker(page: Page, count: number): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
  })
  await expect
    .poll(() => page.evaluate(async () => ((await caches.has('reelhouse-pages-v1')) ? (await (await caches.open('reelhouse-pages-v1')).keys()).length : 0)), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count)
}

describe('offline and out of reach', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    // The phone walks it in Arabic, right to left.
    const prefix = viewport === 'phone' ? '/ar' : ''
    const words =
      viewport === 'phone'
        ? { offline: 'أنت غير متصل بالإنترنت', retry: 'إعادة المحاولة' }
        : { offline: "You're offline", retry: 'Retry' }

    it(`offline at ${viewports[viewport].width} px: a title seen before opens again with its data; another says offline and links what the device kept`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      await page.goto(`${prefix}/movie/155`)
      await page.getByRole('heading', { level: 1, name: 'The Dark Knight' }).waitFor()
      // The first load installs the service worker; what it serves from then on, it keeps.
      await keptByServiceWorker(page, 0)
      await page.reload()
      await keptByServiceWorker(page, 1)
      // the phone's menu is not in the first page's code: it is fetched once the page is idle
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/mobile-menu-[^/]*\.js$/.test(e.name)), undefined, { timeout: 10_000 })

      await context.setOffline(true)
      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'The Dark Knight' }).waitFor()
      expect(await page.getByTestId('title-facts').innerText()).toMatch(/2008/)

      await page.goto(`${prefix}/movie/238`)
      const notice = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1, name: words.offline }) })
      await notice.waitFor()
      expect(await page.getByRole('heading', { name: 'Movie not found' }).count()).toBe(0)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(viewport === 'phone' ? 'rtl' : 'ltr')
      const kept = notice.getByTestId('saved-pages').getByRole('link', { name: /The Dark Knight/ })
      expect(await kept.getAttribute('href')).toBe(`${prefix}/movie/155`)
      expect(await seriousA11yViolations(page)).toEqual([])
      await kept.click()
      await page.getByRole('heading', { level: 1, name: 'The Dark Knight' }).waitFor()
      if (viewport === 'phone') {
        // so it opens without a connection (once React has the kept page: its code comes from the
        // service worker after the page is painted)
        await takenOver(page)
        await page.locator('#open-menu-button').click()
        await page.getByRole('dialog').getByRole('link').first().waitFor()
        await page.keyboard.press('Escape')
      }

      // Back online, Retry on a page that had failed brings it.
      await page.goto(`${prefix}/movie/238`)
      await notice.waitFor()
      await context.setOffline(false)
      await notice.getByRole('button', { name: words.retry }).click()
      await page.getByRole('heading', { level: 1, name: 'The Godfather' }).waitFor()
      await context.close()
    })
  }

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`with the server out of reach at ${viewports[viewport].width} px, a page shows an error with Retry within 5 s, and Retry brings it`, async () => {
      const context = await browser().newContext({ baseURL: baseUrl, viewport: viewports[viewport], isMobile: viewport === 'phone', hasTouch: viewport === 'phone', serviceWorkers: 'block' })
      const page = await context.newPage()
      await dismissCookieBanner(context)
      // The pages come without their first data, so they ask the API, which takes the calls and never answers.
      await withoutFirstData(context)
      let reachable = false
      await context.route('**/api/**', async (route) => {
        if (reachable) await route.fallback()
      })
      const paths = viewport === 'phone' ? ['/movie/155'] : ['/genre/28', '/movie/155']
      for (const path of paths) {
        await page.goto(path, { waitUntil: 'domcontentloaded' })
        const shown = Date.now()
        const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) }).first()
        await alert.waitFor({ timeout: 10_000 })
        expect(Date.now() - shown, path).toBeLessThan(5000)
        if (path.startsWith('/movie/')) expect(await alert.innerText()).toContain('The server is not answering.')
      }
      expect(await seriousA11yViolations(page)).toEqual([])
      reachable = true
      await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click()
      await page.getByRole('heading', { level: 1, name: 'The Dark Knight' }).waitFor()
      await context.close()
    })
  }
})

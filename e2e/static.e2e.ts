/**
 * Static pages, the cookie banner and the offline shell in Chromium: texts render, the contact
 * form validates and resets, the consent choice persists, and a reload without a network still
 * opens the app once the service worker has run.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { newPage, seriousA11yViolations, useBrowser, type ViewportName, dismissCookieBanner } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
})

/** A page with the consent choice already made, so the banner does not sit over what is checked. */
async function pageWithConsent(viewport: ViewportName): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(context)
  return { page, close: () => context.close() }
}

const pages = [
  { path: '/faq', heading: 'Frequently Asked Questions', texts: ['What video quality can I expect?', 'How often is new content added?'], title: /^Frequently Asked Questions \| / },
  { path: '/contact', heading: 'Contact Us', texts: ['within 24-48 hours', 'support@reelhouse.example'], title: /^Contact Us \| / },
  { path: '/about-us', heading: 'About Reelhouse', texts: ['Our mission', 'What we offer', 'Quality', 'Accessibility', 'Innovation'], title: /^About Reelhouse \| / },
  { path: '/terms', heading: 'Terms of Service', texts: ['1. Agreeing to these terms', '7. Changes and contact'], title: /^Terms of Service \| / },
  { path: '/privacy', heading: 'Privacy Policy', texts: ['HttpOnly', '7. Your rights and changes'], title: /^Privacy Policy \| / },
  { path: '/dmca', heading: 'DMCA Policy', texts: ['Filing a notice', 'Counter-notice', 'Repeat infringers', 'Changes to this policy'], title: /^DMCA Policy \| / },
]

describe('static pages', () => {
  for (const p of pages) {
    it(`${p.path} renders its texts, title and description without serious a11y violations`, async () => {
      for (const viewport of ['phone', 'desktop'] as const) {
        const { page, close } = await pageWithConsent(viewport)
        await page.goto(p.path)
        await page.getByRole('heading', { level: 1, name: p.heading }).waitFor()
        const text = await page.locator('main').innerText()
        for (const t of p.texts) expect(text).toContain(t)
        expect(await page.title()).toMatch(p.title)
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/\w{3,}/)
        await page.screenshot({ path: join(shots, `static${p.path.replace('/', '-')}-${viewport}.png`), fullPage: true })
        if (viewport === 'desktop') expect(await seriousA11yViolations(page)).toEqual([])
        await close()
      }
    })
  }

  it('/terms and /privacy have 7 numbered sections and the FAQ 7 entries', async () => {
    const { page, close } = await pageWithConsent('desktop')
    for (const path of ['/terms', '/privacy']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      const headings = await page.locator('main h2').allInnerTexts()
      expect(headings.filter((h) => /^\d\. /.test(h))).toHaveLength(7)
    }
    await page.goto('/faq')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.locator('main details').count()).toBe(7)
    await close()
  })

  it('the FAQ opens an answer from the keyboard', async () => {
    const { page, close } = await pageWithConsent('desktop')
    await page.goto('/faq')
    const question = page.locator('summary', { hasText: 'Do I need an account?' })
    await question.waitFor()
    const answer = page.getByText('Browsing, searching and watching are open to everyone.')
    expect(await answer.isVisible()).toBe(false)
    await question.focus()
    await page.keyboard.press('Enter')
    await answer.waitFor({ state: 'visible' })
    await close()
  })

  it('the contact form requires every field and a valid e-mail, then confirms and resets', async () => {
    const { page, close } = await pageWithConsent('desktop')
    await page.goto('/contact')
    const form = page.locator('main form')
    await form.waitFor()
    await form.getByLabel('Name').fill('Ada Lovelace')
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByLabel('Subject').fill('Hello')
    await form.getByLabel('Message').fill('The stream for my favourite film pauses.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    expect(await form.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true)
    expect(await page.getByText('Message sent successfully!').count()).toBe(0)

    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Subject').fill('')
    await page.getByRole('button', { name: 'Send Message' }).click()
    expect(await form.getByLabel('Subject').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)

    await form.getByLabel('Subject').fill('Hello')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText('Message sent successfully!').waitFor()
    expect(await form.getByLabel('Name').inputValue()).toBe('')
    expect(await form.getByLabel('Message').inputValue()).toBe('')
    // The deployment names no social pages of its own (SOCIAL_LINKS): no icons, no "Follow us".
    const other = page.getByRole('complementary', { name: 'Other ways to reach us' })
    expect(await other.getByRole('link').filter({ has: page.locator('svg') }).count()).toBe(0)
    expect(await other.getByRole('heading', { name: 'Follow us' }).count()).toBe(0)
    await close()
  })
})

describe('cookie consent banner', () => {
  for (const choice of ['Accept', 'Decline'] as const) {
    it(`${choice} stores the choice and the banner stays hidden after a reload`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, 'phone')
      await page.goto('/faq')
      const banner = page.getByRole('region', { name: 'Cookie consent' })
      await banner.waitFor()
      if (choice === 'Accept') {
        await page.getByRole('heading', { level: 1 }).waitFor()
        await page.screenshot({ path: join(shots, 'cookie-banner-phone.png') })
        expect(await seriousA11yViolations(page)).toEqual([])
        // The banner must leave the phone's bottom navigation bar uncovered.
        const bannerBox = await banner.boundingBox()
        const barBox = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox()
        expect(bannerBox && barBox && bannerBox.y + bannerBox.height <= barBox.y).toBe(true)
      }
      await banner.getByRole('button', { name: choice }).click()
      await banner.waitFor({ state: 'detached' })
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe(choice === 'Accept' ? 'accepted' : 'declined')
      await page.reload()
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0)
      await context.close()
    })
  }

  it('shows on desktop and its buttons are reachable by keyboard', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto('/about-us')
    const banner = page.getByRole('region', { name: 'Cookie consent' })
    await banner.waitFor()
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.screenshot({ path: join(shots, 'cookie-banner-desktop.png') })
    await banner.getByRole('button', { name: 'Accept' }).focus()
    await page.keyboard.press('Enter')
    await banner.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted')
    await context.close()
  })
})

describe('service worker', () => {
  it('registers /service-worker.js and a reload while offline still shows the app shell', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await page.goto('/about-us')
    await page.getByRole('heading', { level: 1 }).waitFor()
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${baseUrl}/`)
    // The first load happened before the worker controlled the page: load once more under it,
    // so the built assets pass through the worker and land in its cache.
    await page.reload()
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    const cached = await page.evaluate(async () => {
      const names = await caches.keys()
      const urls: string[] = []
      for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
      return urls
    })
    expect(cached).toContain('/')
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true)
    expect(cached.some((u) => u.startsWith('/api/'))).toBe(false)

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Home', exact: true }).waitFor()
    await context.setOffline(false)
    await context.close()
  })
})

describe('installing and sharing', () => {
  it('links a web app manifest whose PNG icons (192, 512, maskable) load at their stated sizes', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/manifest.webmanifest')
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!) as {
      name: string
      start_url: string
      display: string
      icons: { src: string; sizes: string; type: string; purpose: string }[]
    }
    expect(manifest.start_url).toBe('/')
    expect(manifest.display).toBe('standalone')
    const png = manifest.icons.filter((icon) => icon.type === 'image/png')
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of png) {
      const size = await page.evaluate(async (src) => {
        const img = new Image()
        img.src = src
        await img.decode()
        return `${img.naturalWidth}x${img.naturalHeight}`
      }, icon.src)
      expect(size, icon.src).toBe(icon.sizes)
    }
    await context.close()
  })

  it('a shared title’s card is a PNG the browser decodes at 1920x1080', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const res = await page.request.get('/share/movie/155', { headers: { Accept: 'text/html' }, maxRedirects: 0 })
    const image = /<meta property="og:image" content="([^"]+)">/.exec(await res.text())?.[1]
    expect(image).toMatch(/\/api\/og\/[a-z0-9]+\/movie\/155\.png$/)
    await page.goto('/about-us')
    const size = await page.evaluate(async (src) => {
      const img = new Image()
      img.src = src
      await img.decode()
      return `${img.naturalWidth}x${img.naturalHeight}`
    }, new URL(image!).pathname)
    expect(size).toBe('1920x1080')
    await context.close()
  })
})

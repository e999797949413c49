/**
 * The site in its visitors' languages, in Chromium: the language menus change the language and
 * the choice is kept; Arabic is laid out right to left; axe passes in Arabic and Japanese; and
 * every route of the app walked in the pseudo-locale (/en-xa, where every catalog message is
 * bracketed ⟦…⟧) shows no interface text that did not come from a catalog, and no control too
 * narrow for its longer words at 390 px.
 *
 * What is not interface text is marked in the page: an element whose text is catalogue data
 * (titles, overviews, people, genre names, the site's configuration, an account's own name) has
 * `data-catalog`; an element whose accessible name or title puts such data into a message (for
 * example "Play Now: {title}") names that data in `data-catalog-text`; text in a language of its
 * own (the language menu's names) has its `lang`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { LOCALES, localizedPath, LOCALE_COOKIE, type Locale } from '../worker/lib/locales'
import { APP_ROUTES } from '../worker/seo/app-routes'
import { loginThroughForm } from './account-helpers'
import { dismissCookieBanner, expectAccessible, newPage, signInNewUser, useBrowser, type ViewportName, visitorHeaders } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

/** A message of a locale's catalog, with its simple placeholders put in. */
function message(locale: Locale, area: string, id: string, values: Record<string, string> = {}): string {
  const catalog = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'web', 'i18n', 'catalogs', locale, `${area}.json`), 'utf8')) as Record<string, string>
  const text = catalog[`${area}.${id}`]
  if (text === undefined) throw new Error(`no ${area}.${id} in ${locale}`)
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)
}

async function openIn(locale: Locale, path: string, viewport: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(context)
  await page.goto(localizedPath(locale, path), { waitUntil: 'domcontentloaded' })
  return { context, page }
}

const htmlLangDir = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])

describe('the language menu', () => {
  it('footer: opens this page in the language chosen, keeps the choice in the lang cookie, and the language stays on reload and on other pages', async () => {
    const { context, page } = await openIn('en', '/movies', 'desktop')
    const footer = page.locator('footer')
    await footer.getByRole('button', { name: /Language/ }).click()
    const spanish = footer.getByRole('link', { name: 'Español' })
    expect(await spanish.getAttribute('lang')).toBe('es')
    expect(await spanish.getAttribute('href')).toBe('/es/movies')
    await spanish.click()
    await page.waitForURL(`${baseUrl}/es/movies`)
    await page.getByRole('complementary', { name: message('es', 'nav', 'mainNavigation') }).waitFor()
    expect(await htmlLangDir(page)).toEqual(['es', 'ltr'])

    const cookie = (await context.cookies(baseUrl)).find((c) => c.name === LOCALE_COOKIE)
    expect(cookie).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax' })
    // Max-Age a year: the cookie outlives the session.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)

    await page.reload()
    await page.getByRole('complementary', { name: message('es', 'nav', 'mainNavigation') }).waitFor()
    expect(await htmlLangDir(page)).toEqual(['es', 'ltr'])

    // Another page, through the site's own links: still Spanish, under the Spanish prefix.
    const nav = page.getByRole('complementary', { name: message('es', 'nav', 'mainNavigation') })
    await nav.getByRole('link', { name: message('es', 'nav', 'kids'), exact: true }).click()
    await page.waitForURL(`${baseUrl}/es/kids`)
    expect(await page.getByRole('link', { name: message('es', 'nav', 'genres'), exact: true }).first().getAttribute('href')).toBe('/es/genres')
    expect(await htmlLangDir(page)).toEqual(['es', 'ltr'])

    // A new tab at an English address: the worker reads the cookie and sends it to the Spanish one.
    const tab = await context.newPage()
    await tab.goto('/top-imdb', { waitUntil: 'domcontentloaded' })
    expect(new URL(tab.url()).pathname).toBe('/es/top-imdb')
    await tab.close()

    // And back to English the same way, which the cookie then says.
    await footer.getByRole('button', { name: message('es', 'shell', 'language') }).click()
    await footer.getByRole('link', { name: 'English' }).click()
    await page.waitForURL(`${baseUrl}/kids`)
    await page.getByRole('complementary', { name: 'Main navigation' }).waitFor()
    expect(await htmlLangDir(page)).toEqual(['en', 'ltr'])
    expect((await context.cookies(baseUrl)).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('en')
    const english = await context.newPage()
    await english.goto('/top-imdb', { waitUntil: 'domcontentloaded' })
    expect(new URL(english.url()).pathname).toBe('/top-imdb')
    await context.close()
  })

  it('account menu, signed in: stores the choice on the account (PUT /api/me/locale) and opens the page in it', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    const { username } = await signInNewUser(page, baseUrl, 'i18n')
    const puts: { method: string; body: unknown }[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/me/locale') puts.push({ method: r.method(), body: r.postDataJSON() as unknown })
    })
    await page.goto('/faq?from=menu')
    await page.getByRole('button', { name: `Account: ${username}` }).click()
    const menu = page.getByRole('menu')
    const german = menu.getByRole('menuitemradio', { name: 'Deutsch' })
    expect(await german.getAttribute('lang')).toBe('de')
    expect(await menu.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true')
    await german.click()
    await page.waitForURL(`${baseUrl}/de/faq?from=menu`)
    await page.getByRole('button', { name: message('de', 'shell', 'accountButton', { name: username }) }).waitFor()
    expect(await htmlLangDir(page)).toEqual(['de', 'ltr'])
    expect(puts).toEqual([{ method: 'PUT', body: { locale: 'de' } }])
    // The account keeps it (where the API has PUT /api/me/locale; the menu asks it best-effort).
    const me = await (await page.request.get(`${baseUrl}/api/auth/me`)).text()
    expect(me).toContain('"locale":"de"')
    expect((await context.cookies(baseUrl)).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('de')
    await context.close()
  })

  it('signing in on another browser switches the site to the language the account chose', async () => {
    // The first browser chooses German through the account menu's API call.
    const first = await newPage(browser(), baseUrl, 'desktop')
    const { email } = await signInNewUser(first.page, baseUrl, 'i18n-follow')
    expect((await first.page.request.put(`${baseUrl}/api/me/locale`, { data: { locale: 'de' }, headers: { Origin: baseUrl } })).status()).toBe(204)
    await first.context.close()
    // Another browser, English at the root, signs in through the form.
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await loginThroughForm(page, { email, password: 'correct horse battery' }, 'User', '/login?next=%2Fkids')
    await page.waitForURL(`${baseUrl}/de/kids`)
    expect(await htmlLangDir(page)).toEqual(['de', 'ltr'])
    expect((await context.cookies(baseUrl)).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('de')
    await context.close()
  })

  it('phone: the menu has the language menu, and Japanese follows', async () => {
    const { context, page } = await openIn('en', '/genres', 'phone')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await dialog.getByRole('button', { name: /Language/ }).click()
    await dialog.getByRole('link', { name: '日本語' }).click()
    await page.waitForURL(`${baseUrl}/ja/genres`)
    await page.getByRole('navigation', { name: message('ja', 'nav', 'quickNavigation') }).waitFor()
    expect(await htmlLangDir(page)).toEqual(['ja', 'ltr'])
    await context.close()
  })
})

describe('Arabic, right to left', () => {
  it('desktop: <html lang="ar" dir="rtl">, the sidebar on the right, the first row starting at the right, its arrows scrolling the right way', async () => {
    const { context, page } = await openIn('ar', '/', 'desktop')
    const sidebar = page.getByRole('complementary', { name: message('ar', 'nav', 'mainNavigation') })
    await sidebar.waitFor()
    expect(await htmlLangDir(page)).toEqual(['ar', 'rtl'])
    const width = page.viewportSize()!.width
    const bar = (await sidebar.boundingBox())!
    expect(bar.x + bar.width).toBeGreaterThan(width - 2)
    expect(bar.x).toBeGreaterThan(width / 2)

    const row = page.locator('main section[aria-labelledby^="row-"]').first()
    const title = (await row.locator('h2').textContent()) ?? ''
    const list = row.locator('ul')
    const firstCard = list.locator('li').first()
    await firstCard.waitFor()
    const listBox = (await list.boundingBox())!
    const cardBox = (await firstCard.boundingBox())!
    // The row's padding is 2 rem on the right (its start) at this width.
    expect(listBox.x + listBox.width - (cardBox.x + cardBox.width)).toBeLessThan(40)
    expect(cardBox.x).toBeGreaterThan(width / 2)

    // At its start only the arrow toward the end (to the left) shows; it scrolls the row left.
    const toEnd = row.getByRole('button', { name: message('ar', 'cards', 'scrollRowToEnd', { title }) })
    const toStart = row.getByRole('button', { name: message('ar', 'cards', 'scrollRowToStart', { title }) })
    await toEnd.waitFor()
    expect(await toStart.count()).toBe(0)
    const endBox = (await toEnd.boundingBox())!
    await toEnd.click()
    await toStart.waitFor()
    expect(await list.evaluate((el) => el.scrollLeft)).toBeLessThan(0)
    // The arrow back to the start is on the right of the one toward the end, and points right.
    expect((await toStart.boundingBox())!.x).toBeGreaterThan(endBox.x - 1)
    expect(await toStart.locator('svg').evaluate((el) => getComputedStyle(el).scale)).toMatch(/^-1\b/)

    // The hero's "previous" arrow is on the right.
    const previous = page.getByRole('button', { name: message('ar', 'cards', 'previousSlide') })
    expect((await previous.boundingBox())!.x).toBeGreaterThan(width / 2)
    await context.close()
  })

  it('phone: the bottom bar starts at the right and the menu opens from the right', async () => {
    const { context, page } = await openIn('ar', '/', 'phone')
    const bottom = page.getByRole('navigation', { name: message('ar', 'nav', 'quickNavigation') })
    const home = bottom.getByRole('link', { name: message('ar', 'nav', 'home') })
    await home.waitFor()
    const width = page.viewportSize()!.width
    const homeBox = (await home.boundingBox())!
    expect(homeBox.x + homeBox.width).toBeGreaterThan(width - 2)
    expect(homeBox.x).toBeGreaterThan(width / 2)
    await page.getByRole('button', { name: message('ar', 'nav', 'openMenu') }).click()
    const panel = page.getByRole('dialog', { name: message('ar', 'nav', 'menu') }).locator('nav')
    await page.waitForTimeout(300)
    const box = (await panel.boundingBox())!
    expect(box.x + box.width).toBeGreaterThan(width - 2)
    await context.close()
  })
})

/**
 * Opens a page the worker paints and waits for React to take it over: the painted <main> is still
 * the page's own and React is attached to it (a fresh render would have replaced it). Returns
 * what the console and the page reported meanwhile; React reports a hydration mismatch there.
 */
async function hydrated(page: Page, path: string): Promise<{ kept: boolean; errors: string[] }> {
  const errors: string[] = []
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${path}: ${m.text()}`)
  }
  const onError = (e: Error) => errors.push(`${path}: ${e.message}`)
  page.on('console', onConsole)
  page.on('pageerror', onError)
  await page.goto(path, { waitUntil: 'load' })
  const kept = await page
    .waitForFunction(
      () => {
        const painted = (window as unknown as { __painted?: Element | null }).__painted
        const attached = !!painted && Object.keys(painted).some((key) => key.startsWith('__reactFiber'))
        return attached && document.querySelector('#root main') === painted
      },
      undefined,
      { timeout: 10_000 },
    )
    .then(() => true, () => false)
  // Late parts (images, rows near the fold) come in after hydration: let them land.
  await page.waitForLoadState('networkidle').catch(() => undefined)
  page.off('console', onConsole)
  page.off('pageerror', onError)
  return { kept, errors }
}

describe('pages painted by the worker, taken over by React in every language', () => {
  const paintedPaths = (locale: Locale, viewport: 'phone' | 'desktop') => [
    // A grid's filters differ by width, and the quick search keeps what is typed before React takes it.
    ...(locale === 'en' || locale === 'de' || viewport === 'desktop' ? [localizedPath(locale, '/movies/all?genre=28&sort=newest&from=1990'), localizedPath(locale, '/search')] : []),
    localizedPath(locale, '/'),
    localizedPath(locale, '/movie/155'),
    ...(locale === 'ja' || locale === 'ar' ? [localizedPath(locale, '/tv/1399')] : []),
    ...(locale === 'en' || locale === 'de' ? [localizedPath(locale, '/genre/28'), localizedPath(locale, '/top-imdb')] : []),
    ...((locale === 'en' || locale === 'de') && viewport === 'phone' ? [localizedPath(locale, '/search-results?q=star')] : []),
  ]
  for (const viewport of ['phone', 'desktop'] as const) {
    const locales = viewport === 'phone' ? LOCALES : (['en', 'ar'] as const)
    it(`${viewport}: ${locales.join(', ')}: the painted page is hydrated in place, with no mismatch and nothing logged`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      await context.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          ;(window as unknown as { __painted?: Element | null }).__painted = document.querySelector('#root main')
        })
      })
      const results: Record<string, boolean> = {}
      const errors: string[] = []
      for (const locale of locales) {
        for (const path of paintedPaths(locale, viewport)) {
          const result = await hydrated(page, path)
          results[path] = result.kept
          errors.push(...result.errors)
        }
      }
      expect(Object.entries(results).filter(([, kept]) => !kept)).toEqual([])
      expect(errors).toEqual([])
      // Hydrated means working: the Share button of the last title opens its sheet.
      await page.getByRole('button', { name: message(locales.at(-1)!, 'title', 'share') }).first().click()
      await page.getByRole('dialog').waitFor()
      await context.close()
    }, 180_000)
  }
})

describe('pages painted for a signed-in account, taken over by React', () => {
  it('phone: /, /watchlist, /movies and /profile in English and Arabic, hydrated in place with nothing logged, and answering as the account', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    const { username } = await signInNewUser(page, baseUrl, 'painted')
    const headers = visitorHeaders(baseUrl)
    expect((await page.request.post(`${baseUrl}/api/me/watchlist`, { data: { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null }, headers })).status()).toBe(201)
    const report = { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null, watch_duration: 600, position: 600, total_duration: 3300, season_number: 1, episode_number: 2, reason: 'pause' }
    expect((await page.request.put(`${baseUrl}/api/me/history`, { data: report, headers })).status()).toBe(200)
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { __painted?: Element | null }).__painted = document.querySelector('#root main')
      })
    })
    const results: Record<string, boolean> = {}
    const errors: string[] = []
    for (const path of ['/', '/watchlist', '/movies', '/profile', '/ar', '/ar/watchlist', '/ar/profile']) {
      const result = await hydrated(page, path)
      results[path] = result.kept
      errors.push(...result.errors)
    }
    expect(Object.entries(results).filter(([, kept]) => !kept)).toEqual([])
    expect(errors).toEqual([])
    // Hydrated means working, as this account: its menu opens, and the home page's row resumes the episode.
    await page.goto('/')
    await page.getByRole('button', { name: message('en', 'shell', 'accountButton', { name: username }) }).click()
    await page.getByRole('menu').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByText('S1 E2').count()).toBeGreaterThan(0)
    await context.close()
  }, 120_000)
})

describe('axe in Arabic and Japanese', () => {
  for (const locale of ['ar', 'ja'] as const) {
    for (const path of ['/', '/movie/155', '/login']) {
      it(`${locale}: ${path}`, async () => {
        const { context, page } = await openIn(locale, path, 'desktop')
        await page.locator('main#main h1, main#main h2').first().waitFor()
        await page.waitForLoadState('networkidle').catch(() => undefined)
        expect(await htmlLangDir(page)).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr'])
        await expectAccessible(page)
        await context.close()
      })
    }
  }
})

/** Names that stay as they are in every language: the site's, the providers', networks' and services'. */
const PROPER_NAMES = [
  'Reelhouse', 'TMDB', 'IMDb', 'IMDB', 'JustWatch',
  'Facebook', 'Instagram', 'YouTube', 'WhatsApp', 'Telegram', 'Reddit', 'Pinterest', 'LinkedIn', 'X', 'Twitter',
  'Netflix', 'Disney+', 'Prime Video', 'Apple TV+', 'Paramount+', 'Peacock', 'Crunchyroll', 'K-Drama',
]

/** An address of each route with its parameters filled (ids the embedded catalogue has). */
const SAMPLE_PARAMS: Record<string, string> = {
  '/movie/:id': '/movie/155',
  '/tv/:id': '/tv/1399',
  '/genre/:id': '/genre/28',
  '/browse/:list': '/browse/trending-all',
  '/movies/all': '/movies/all?genre=28&sort=newest&from=1990&cert=PG-13',
  '/admin/*': '/admin',
  '/search-results': '/search-results?q=knight',
  // No list has this address: the walk reads the list page's not-found state.
  '/list/:slug': '/list/zzzzzzzzzz',
  // Christopher Nolan: a person with a filmography
  '/person/:id': '/person/5647451',
}
/** Words the walk's own addresses put on pages (the search term), not interface text. */
const WALK_INPUT = ['knight']

interface WalkFinding {
  /** Latin letters outside the pseudo-locale's brackets, and where. */
  untranslated: string[]
  /** Controls whose content is wider than they are, and pages wider than the screen. */
  overflowing: string[]
}

/**
 * The page's interface text that no catalog gave (Latin letters outside ⟦…⟧), and its overflowing
 * controls. Catalogue data (titles, overviews, people, genre names, the site's configuration,
 * the account's own name, and the composed pages' row titles and notes, which the worker writes
 * in the page's language and the pseudo-locale reads in English: worker/test/catalog-languages.test.ts
 * checks those per language) sits in `[data-catalog]` and is not interface text; nor is text
 * marked with a language of its own (the language menu's names).
 */
function walkPage({ ignore, scope }: { ignore: string[]; scope?: string }): WalkFinding {
  const html = document.documentElement
  const roots = scope ? Array.from(document.querySelectorAll(scope)) : [document.body]
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // What Intl writes is in the page's language in every real locale; the pseudo-locale's is English.
  const intlWords = [
    ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2000, m, 1))).flatMap((d) => ['long', 'short'].map((month) => d.toLocaleString('en', { month: month as 'long', timeZone: 'UTC' }))),
    ...Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2000, 0, 2 + i))).flatMap((d) => ['long', 'short'].map((weekday) => d.toLocaleString('en', { weekday: weekday as 'long', timeZone: 'UTC' }))),
  ]
  const ignored = new RegExp(
    [
      '⟦[^⟧]*⟧',
      '[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+',
      'https?://\\S+',
      '\\b\\d+\\s?(?:h|m|min|hr)\\b',
      ...intlWords.map((w) => `\\b${w}\\b`),
      ...ignore.sort((a, b) => b.length - a.length).map((w) => (/^\w+$/.test(w) ? `\\b${escape(w)}\\b` : escape(w))),
    ].join('|'),
    'g',
  )
  const leftover = (text: string) => {
    const rest = text.replace(ignored, ' ')
    return /[A-Za-z]/.test(rest) ? text.trim().replace(/\s+/g, ' ').slice(0, 120) : null
  }
  const catalogText = (el: Element) => {
    const value = el.getAttribute('data-catalog-text')
    return value ? (text: string) => text.split(value).join(' ') : (text: string) => text
  }
  const notInterface = (el: Element) => {
    if (el.closest('[data-catalog], script, style, noscript, template')) return true
    const marked = el.closest('[lang]')
    return !!marked && marked !== html && marked.getAttribute('lang') !== html.lang
  }
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true })
  /** Visually hidden (the sr-only pattern): read by screen readers, so its words count, but never drawn, so its width does not. */
  const visuallyHidden = (el: Element) => {
    for (let e: Element | null = el; e && e !== html; e = e.parentElement) {
      const style = getComputedStyle(e)
      if (style.clipPath.startsWith('inset(50%') || (style.clip !== 'auto' && style.position === 'absolute')) return true
    }
    return false
  }
  const where = (el: Element) => {
    const parts: string[] = []
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const name = e.getAttribute('aria-label') ?? e.id
      parts.unshift(`${e.tagName.toLowerCase()}${name ? `[${name.slice(0, 30)}]` : ''}`)
    }
    return parts.join(' > ')
  }

  const untranslated: string[] = []
  // The document title names catalogue data (a title's name) as the page's heading does.
  const catalogued = Array.from(document.querySelectorAll('[data-catalog]'), (el) => el.textContent?.trim() ?? '').filter((text) => text.length > 1)
  const title = scope ? null : leftover(catalogued.reduce((rest, text) => rest.split(text).join(' '), document.title))
  if (title) untranslated.push(`document.title "${title}"`)
  const within = (selector: string) => roots.flatMap((root) => [...(root.matches(selector) ? [root] : []), ...Array.from(root.querySelectorAll<HTMLElement>(selector))])
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || notInterface(parent) || !shown(parent)) continue
      // A sentence that puts catalogue data in its words names that data (data-catalog-text).
      const sentence = parent.closest('[data-catalog-text]')
      const text = leftover(sentence ? catalogText(sentence)(node.textContent ?? '') : (node.textContent ?? ''))
      if (text) untranslated.push(`"${text}" in ${where(parent)}`)
    }
  }
  for (const el of within('[aria-label], [placeholder], [title], [alt], [aria-roledescription]')) {
    if (notInterface(el) || !shown(el)) continue
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription']) {
      const value = el.getAttribute(attribute)
      const text = value ? leftover(catalogText(el)(value)) : null
      if (text) untranslated.push(`${attribute}="${text}" on ${where(el)}`)
    }
  }

  const overflowing: string[] = []
  if (!scope && document.documentElement.scrollWidth > window.innerWidth + 1) overflowing.push(`the page is ${document.documentElement.scrollWidth} px wide at ${window.innerWidth} px`)
  for (const el of within('button, a[href], input, select, textarea, label, [role="button"], [role="tab"], [role="menuitem"], [role="menuitemradio"]')) {
    // Visually hidden labels (1 px wide) overflow by design.
    if (!shown(el) || visuallyHidden(el) || el.closest('[data-catalog]')) continue
    if (el.scrollWidth > el.clientWidth + 1) overflowing.push(`${where(el)} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 60)}" needs ${el.scrollWidth} px, has ${el.clientWidth}`)
  }
  return { untranslated: [...new Set(untranslated)], overflowing: [...new Set(overflowing)] }
}

/** Opens `path` in the pseudo-locale and lets it settle, parts drawn on the way down included. */
async function openPseudo(page: Page, path: string): Promise<void> {
  await page.goto(`/en-xa${path}`, { waitUntil: 'domcontentloaded', timeout: 45_000 })
  await page.locator('main#main').waitFor()
  await page.waitForLoadState('networkidle').catch(() => undefined)
  // Down the page and back, so parts drawn when the visitor comes near are drawn; at most 25
  // screens, since a grid that scrolls on for ever grows as the walk goes down it.
  await page.evaluate(async () => {
    for (let y = 0; y < Math.min(document.documentElement.scrollHeight, 25 * window.innerHeight); y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 120))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.waitForTimeout(400)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA')
}

/** Walks `path` in the pseudo-locale at the page's width. */
async function walk(page: Page, path: string, ignore: string[]): Promise<WalkFinding> {
  await openPseudo(page, path)
  return page.evaluate(walkPage, { ignore: [...PROPER_NAMES, ...WALK_INPUT, ...ignore] })
}

const walkedPaths = APP_ROUTES.map((route) => SAMPLE_PARAMS[route.path] ?? route.path)

describe('the pseudo-locale walk at 390 px: every interface text from a catalog, no control too narrow', () => {
  // APP_ROUTES is the router's routeTable (web/app/router.test.ts keeps them the same).
  for (const path of walkedPaths) {
    it(`signed out: ${path}`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, 'phone')
      // The cookie banner stays: it is interface text on every page.
      expect(await walk(page, path, [])).toEqual({ untranslated: [], overflowing: [] })
      await context.close()
    })
  }

  for (const path of ['/', '/watchlist', '/last-watched', '/profile', '/import', '/lists', '/calendar', '/admin']) {
    it(`signed in: ${path}`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, 'phone')
      const { email, username } = await signInNewUser(page, baseUrl, 'walk')
      expect(await walk(page, path, [username, email])).toEqual({ untranslated: [], overflowing: [] })
      await context.close()
    })
  }

  it('signed in: the Add to list dialog, with a list in it', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    const { email, username } = await signInNewUser(page, baseUrl, 'walk')
    await page.request.post(`${baseUrl}/api/me/lists`, { data: { name: 'Qqq' }, headers: visitorHeaders(baseUrl) })
    await openPseudo(page, '/movie/155')
    await page.locator('main button[aria-haspopup="dialog"]').first().click()
    const dialog = page.locator('dialog[open]')
    await dialog.locator('input[type="checkbox"]').waitFor()
    expect(await page.evaluate(walkPage, { ignore: [...PROPER_NAMES, username, email, 'Qqq'], scope: 'dialog[open]' })).toEqual({ untranslated: [], overflowing: [] })
    await context.close()
  })

  it('the phone menu, open, with its language menu', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    await openPseudo(page, '/kids')
    await page.locator('header button[aria-label]').first().click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('button[aria-expanded]').click()
    await dialog.locator('a[lang="ja"]').waitFor()
    expect(await page.evaluate(walkPage, { ignore: PROPER_NAMES, scope: '[role="dialog"]' })).toEqual({ untranslated: [], overflowing: [] })
    await context.close()
  })

  it('desktop (1440 px), signed in: the sidebar, the header with the open account menu and the footer with its open language menu', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    const { email, username } = await signInNewUser(page, baseUrl, 'frame')
    await openPseudo(page, '/genres')
    await page.locator('footer button[aria-expanded]').click()
    await page.locator('footer a[lang="ko"]').waitFor()
    const scope = 'aside, header, footer, [data-testid="maintenance-notice"]'
    expect(await page.evaluate(walkPage, { ignore: [...PROPER_NAMES, username, email], scope })).toEqual({ untranslated: [], overflowing: [] })
    await page.locator('header button[aria-haspopup="menu"]').click()
    await page.getByRole('menu').waitFor()
    expect(await page.evaluate(walkPage, { ignore: [...PROPER_NAMES, username, email], scope })).toEqual({ untranslated: [], overflowing: [] })
    await context.close()
  })
})

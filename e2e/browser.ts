/**
 * Shared browser helpers for the journeys: one Chromium per test file, pages at phone and
 * desktop widths, and an axe-core check.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { siteUrl } from './sites'

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const
export type ViewportName = keyof typeof viewports

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  })
}

/**
 * One Chromium for the test file that calls this at its top level: launched before the file's
 * tests and closed after them. The answer gives the browser once it is running.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('the browser is used before the test file has started')
    return browser
  }
}

export async function newPage(browser: Browser, baseURL: string, viewport: ViewportName = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: viewports[viewport], isMobile: viewport === 'phone', hasTouch: viewport === 'phone' })
  const page = await context.newPage()
  return { context, page }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the site's Content-Security-Policy forbids inline scripts.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document)
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** Fails with a readable list when axe-core finds serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // A hero slide caught mid-fade has a translucent foreground; with reduced motion the fade is instant.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const violations = await seriousA11yViolations(page)
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/**
 * Pages served without their first data, as the worker serves them when the catalogue cannot
 * answer: the app then asks the API itself, which is what a test that rewrites or fails those
 * answers needs to see.
 */
export async function withoutFirstData(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback()
    // Nor painted from that data: the page as the worker serves one it does not paint (#root empty,
    // its code asked for at once), which the draw-here cookie asks for.
    const headers = await route.request().allHeaders()
    const response = await route.fetch({ headers: { ...headers, cookie: [headers['cookie'], 'draw-here=1'].filter(Boolean).join('; ') } })
    const html = (await response.text()).replace(/<script type="application\/json" id="boot-data">[^<]*<\/script>/, '')
    await route.fulfill({ response, body: html })
  })
}

/** The Seasons menu of a show past six seasons, once the page shows its seasons one way or the other. */
async function seasonMenu(page: Page) {
  const menu = page.getByRole('combobox', { name: 'Seasons' })
  await menu.or(page.getByRole('tablist', { name: 'Seasons' })).first().waitFor()
  return (await menu.count()) ? menu : null
}

/** Chooses a show's season as a viewer does: its tab, or past six seasons the Seasons menu. */
export async function chooseSeason(page: Page, season: number): Promise<void> {
  const menu = await seasonMenu(page)
  if (menu) await menu.selectOption(String(season))
  else await page.getByRole('tablist', { name: 'Seasons' }).getByRole('tab', { name: new RegExp(`^Season ${season}(,|$)`) }).click()
}

/** The season the tabs or the Seasons menu show as chosen. */
export async function chosenSeason(page: Page): Promise<string> {
  const menu = await seasonMenu(page)
  if (menu) return (await menu.locator('option:checked').innerText()).trim()
  return (await page.getByRole('tablist', { name: 'Seasons' }).getByRole('tab', { selected: true }).innerText()).trim()
}

let accountSequence = 0
let visitorSequence = 0

/**
 * Headers for API calls a test makes as a new visitor: its own client address, so the limit of
 * sign-ups per address (which `wrangler dev` would otherwise count against 127.0.0.1 for the
 * whole run) meets one visitor, as on the deployed site. Locally the worker takes the address a
 * client names (README, "Client address").
 */
export function visitorHeaders(baseUrl: string): Record<string, string> {
  visitorSequence += 1
  return { Origin: baseUrl, 'CF-Connecting-IP': `10.${process.pid % 250}.${Math.floor(visitorSequence / 250)}.${(visitorSequence % 250) + 1}` }
}

/** A JSON answer of the site under test, which must be 200. */
export async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`)
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
  return (await res.json()) as T
}

/**
 * Makes `account` through the API from inside the page's context, as a visitor of its own address,
 * and signs out again (sign-up signs the new account in), for tests that sign in through the form.
 */
export async function signUpThroughApi(page: Page, baseUrl: string, account: { email: string; username: string; password: string }): Promise<void> {
  const headers = visitorHeaders(baseUrl)
  const res = await page.request.post(`${baseUrl}/api/auth/signup`, { data: { ...account, confirmPassword: account.password }, headers })
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`)
  const logout = await page.request.post(`${baseUrl}/api/auth/logout`, { headers })
  if (logout.status() !== 200) throw new Error(`sign-out answered ${logout.status()}: ${await logout.text()}`)
}

/** Signs a fresh user up through the API from inside the page's context, so the session cookie it starts lands there. */
export async function signInNewUser(page: Page, baseUrl: string, prefix: string): Promise<{ email: string; username: string }> {
  accountSequence += 1
  const tag = `${Date.now().toString(36)}${accountSequence}`
  const data = { email: `${prefix}.${tag}@example.com`, username: `${prefix}_${tag}`, password: 'correct horse battery', confirmPassword: 'correct horse battery' }
  const signup = await page.request.post(`${baseUrl}/api/auth/signup`, { data, headers: visitorHeaders(baseUrl) })
  if (signup.status() !== 201) throw new Error(`sign-up answered ${signup.status()}: ${await signup.text()}`)
  return { email: data.email, username: data.username }
}

/** Marks the cookie choice as made so the consent banner does not cover what a test looks at. */
export async function dismissCookieBanner(context: BrowserContext, url: string = siteUrl()): Promise<void> {
  // The cookie the banner keeps its answer in, which the worker reads to paint pages without it.
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url }])
}

/**
 * Until React has taken a painted page over, a press on a button is kept for it (web/main.tsx) and
 * text typed is adopted once it has (web/lib/hydration.ts); a journey that needs React's own answer
 * to its first keys (Enter searching in the app, not sending the form) waits for that.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.querySelector('#root main') ?? {}).some((key) => key.startsWith('__reactFiber')))
}

/**
 * Holds back the site's scripts in `context` until the answer is called: its pages show as the
 * worker painted them, with nothing of React listening.
 */
export async function holdScripts(context: BrowserContext): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/assets/*.js', async (route) => {
    await released
    // A page left meanwhile has dropped its requests.
    await route.continue().catch(() => undefined)
  })
  return release
}

/** A fresh page at the given width, past the consent banner, opened at path. */
export async function openPath(browser: Browser, baseUrl: string, path: string, viewport: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, baseUrl, viewport)
  await dismissCookieBanner(context)
  await page.goto(path)
  return { context, page }
}

/**
 * The next answer `matches` picks, for the test to await later. Should the test fail before it
 * awaits it (and pass when run again), the wait's timeout is not left to reject unhandled, which
 * would fail the whole run.
 */
export function nextAnswer(page: Page, matches: (response: Response) => boolean): Promise<Response> {
  const answer = page.waitForResponse(matches)
  answer.catch(() => undefined)
  return answer
}

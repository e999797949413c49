/**
 * Watched marks in Chromium, at 1440 and 390 px: a signed-in viewer marks a season of a show
 * watched and sees "N of N watched" with every episode marked, unmarks one episode and sees the
 * count and its mark follow (and the server agree); a film's page has Mark watched / Watched.
 * Axe-clean; screenshots of the episode list and the film's actions (also in Arabic at 390 px).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { dismissCookieBanner, expectAccessible, newPage, signInNewUser, useBrowser, viewports } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()
/** Breaking Bad: seven episodes in season 1, thirteen in season 2. */
const SHOW = 1396
const FILM = 603

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

const seasonBar = (view: Page) => view.getByTestId('season-watched')

/** Marks a season watched, then unmarks one of its episodes; the list, the count and the server agree. */
async function marksSeason(view: Page, season: number, episodes: number, width: string): Promise<void> {
  await view.goto(`/tv/${SHOW}?season=${season}&episode=1`)
  const markSeason = seasonBar(view).getByRole('button', { name: 'Mark season watched' })
  await expect.poll(() => markSeason.isEnabled(), { timeout: 15_000 }).toBe(true)
  await expect.poll(() => seasonBar(view).innerText()).toContain(`0 of ${episodes} watched`)
  const saved = view.waitForResponse((res) => res.url().endsWith('/api/me/watched') && res.request().method() === 'PUT')
  await markSeason.click()
  expect((await saved).status()).toBe(200)
  await expect.poll(() => seasonBar(view).innerText()).toContain(`${episodes} of ${episodes} watched`)
  expect(await seasonBar(view).getByRole('button', { name: 'Mark season unwatched' }).count()).toBe(1)
  const list = view.getByTestId('episode-list')
  for (const n of [1, episodes]) expect(await list.getByRole('button', { name: `S${season} E${n} watched`, exact: true }).getAttribute('aria-pressed')).toBe('true')

  const unmarked = view.waitForResponse((res) => res.url().endsWith('/api/me/watched') && res.request().method() === 'PUT')
  await list.getByRole('button', { name: `S${season} E3 watched`, exact: true }).click()
  expect((await unmarked).status()).toBe(200)
  await expect.poll(() => seasonBar(view).innerText()).toContain(`${episodes - 1} of ${episodes} watched`)
  expect(await list.getByRole('button', { name: `Mark S${season} E3 watched` }).getAttribute('aria-pressed')).toBe('false')
  const stored = (await (await view.request.get(`${baseUrl}/api/me/watched/tv/${SHOW}`)).json()) as { marks: { season_number: number; episode_number: number }[] }
  expect(stored.marks.filter((m) => m.season_number === season).map((m) => m.episode_number)).toEqual(Array.from({ length: episodes }, (_, i) => i + 1).filter((n) => n !== 3))

  await expectAccessible(view)
  await view.locator('section[aria-labelledby="episodes-heading"]').screenshot({ path: join(shots, `watched-episodes-${width}.png`) })
}

/** A film: Mark watched, then Watched (pressed). */
async function marksFilm(view: Page, width: string): Promise<void> {
  await view.goto(`/movie/${FILM}`)
  const mark = view.getByRole('button', { name: 'Mark watched' })
  await expect.poll(() => mark.isEnabled(), { timeout: 15_000 }).toBe(true)
  await mark.click()
  await expect.poll(() => view.getByRole('button', { name: 'Watched', exact: true }).getAttribute('aria-pressed')).toBe('true')
  await expectAccessible(view)
  await view.screenshot({ path: join(shots, `watched-film-${width}.png`) })
  // back as it was, for the other width
  await view.getByRole('button', { name: 'Watched', exact: true }).click()
  await expect.poll(() => view.getByRole('button', { name: 'Mark watched' }).getAttribute('aria-pressed')).toBe('false')
}

describe('watched marks', () => {
  it('marks a season, unmarks an episode and marks a film, at both widths', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await signInNewUser(page, baseUrl, 'watched')
    await marksSeason(page, 1, 7, 'desktop')
    await marksFilm(page, 'desktop')

    const phone = await browser().newContext({ baseURL: baseUrl, viewport: viewports.phone, isMobile: true, hasTouch: true, storageState: await context.storageState() })
    const view = await phone.newPage()
    await marksSeason(view, 2, 13, 'phone')
    await marksFilm(view, 'phone')
    // the same list in Arabic, right to left
    await view.goto(`/ar/tv/${SHOW}?season=1&episode=1`)
    await expect.poll(() => seasonBar(view).innerText(), { timeout: 15_000 }).toMatch(/6/)
    await view.locator('section[aria-labelledby="episodes-heading"]').screenshot({ path: join(shots, 'watched-episodes-phone-ar.png') })
    await phone.close()
    await context.close()
  })
})

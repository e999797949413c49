/**
 * Spoiler-safe in Chromium, at 390 and 1440 px: a viewer who has watched a season's first four
 * episodes turns it on in the profile; the show's episode list then shows episode 5 by its number
 * over the season's art, with nothing of its own in the page (its data either), and Reveal
 * brings that one episode back while the next stays hidden.
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
/** Breaking Bad: seven episodes in season 1, each with an overview of its own in the embedded catalogue. */
const SHOW = 1396
const fifthOverview = 'Episode 5 of season 1 of Breaking Bad.'

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

/** Episodes played past 90% of their length: each is a play, as the player reports it. */
async function watchEpisodes(page: Page, episodes: number[]): Promise<void> {
  for (const episode_number of episodes) {
    const res = await page.request.put(`${baseUrl}/api/me/history`, {
      headers: { Origin: baseUrl },
      data: { content_id: SHOW, content_type: 'tv', title: 'Breaking Bad', poster_path: null, season_number: 1, episode_number, watch_duration: 2700, position: 2800, total_duration: 2900, reason: 'end' },
    })
    expect(res.status()).toBe(200)
  }
}

const episodeRow = (page: Page, number: number) => page.getByTestId('episode-list').getByRole('listitem').nth(number - 1)

/** The show's first season: episode 5 by its number over the season's art, nothing of it in the page; Reveal brings it, and only it. */
async function hidesAndReveals(view: Page, width: 'desktop' | 'phone'): Promise<void> {
  await view.goto(`/tv/${SHOW}?season=1&episode=1`)
  const reveal = view.getByRole('button', { name: 'Reveal episode 5' })
  await reveal.waitFor()
  await expect.poll(() => episodeRow(view, 4).innerText()).toContain('Episode 4 of season 1')
  expect(await episodeRow(view, 5).innerText()).toMatch(/Episode 5/)
  expect(await episodeRow(view, 5).locator('img').getAttribute('src')).toContain('/poster/season/1396/1.svg')
  expect(await view.content()).not.toContain(fifthOverview)
  expect(await view.getByRole('button', { name: 'Reveal episode 6' }).count()).toBe(1)
  await expectAccessible(view)
  await view.getByTestId('episode-list').screenshot({ path: join(shots, `spoiler-safe-${width}.png`) })

  await reveal.click()
  await expect.poll(() => episodeRow(view, 5).innerText()).toContain(fifthOverview)
  expect(await episodeRow(view, 5).locator('img').getAttribute('src')).toContain('/still/1396/1/5.svg')
  expect(await view.getByRole('button', { name: 'Reveal episode 5' }).count()).toBe(0)
  expect(await episodeRow(view, 6).innerText()).not.toContain('Episode 6 of season 1')
}

describe('spoiler-safe', () => {
  it('hides the episodes after the last one watched, one revealed at a time, at both widths', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await context.route('**/api/img/**', (route) => route.fulfill({ status: 204 }))
    await signInNewUser(page, baseUrl, 'spoilers')
    await watchEpisodes(page, [1, 2, 3, 4])

    await page.goto('/profile')
    const choice = page.getByRole('switch', { name: 'Spoiler-safe' })
    await expect.poll(() => choice.getAttribute('aria-checked')).toBe('false')
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/me/preferences') && res.request().method() === 'PUT')
    await choice.click()
    expect((await saved).status()).toBe(200)
    await expect.poll(() => choice.getAttribute('aria-checked')).toBe('true')

    await hidesAndReveals(page, 'desktop')
    const phone = await browser().newContext({ baseURL: baseUrl, viewport: viewports.phone, isMobile: true, hasTouch: true, storageState: await context.storageState() })
    await phone.route('**/api/img/**', (route) => route.fulfill({ status: 204 }))
    await hidesAndReveals(await phone.newPage(), 'phone')
    await phone.close()
    await context.close()
  })
})

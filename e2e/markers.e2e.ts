/**
 * The sample series with the markers detection found in it (seeded by the set-up, as `npm start`
 * does): the embedded catalogue's Sherlock plays it as season 1. Skip intro jumps past the intro;
 * at the credits the next episode's card counts down and plays episode 2, and the address
 * follows; on episode 2, S skips the recap and "This was wrong" hides the intro's button; with
 * autoplay off the card waits for the viewer. Then the same at phone width, axe-clean.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { dismissCookieBanner, newPage, seriousA11yViolations, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()
const SHOW = 19885
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
beforeAll(() => mkdirSync(shots, { recursive: true }))

const video = (page: Page) => page.getByTestId('hls-video')
const time = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)

/** Moves the playhead to `seconds` and keeps playing, as a viewer dragging the bar would. */
async function seek(page: Page, seconds: number) {
  await video(page).evaluate((v: HTMLVideoElement, at: number) => {
    v.currentTime = at
    void v.play()
  }, seconds)
}

async function play(page: Page, episode: number) {
  await page.goto(`/tv/${SHOW}?season=1&episode=${episode}`, { waitUntil: 'domcontentloaded' })
  await page.getByTestId('player-poster').getByRole('button', { name: /^Play\b/ }).click()
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 0.3, undefined, { timeout: 20_000 })
}

describe('skipping and the next episode on the sample series', () => {
  it('skips the intro, plays the next episode from the credits, skips a recap with S, hides a wrong marker, and waits with autoplay off', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await play(page, 1)
    // the intro is at 8.5 to 28.5 s
    await seek(page, 9)
    await page.getByRole('button', { name: 'Skip intro', exact: true }).click()
    await expect.poll(() => time(page)).toBeGreaterThanOrEqual(28.4)
    expect(await page.getByRole('button', { name: 'Skip intro', exact: true }).count()).toBe(0)

    // the credits start at 75.5 s: the card comes up with them and plays episode 2
    await seek(page, 76)
    const upNext = page.getByRole('region', { name: 'Up next' })
    await upNext.getByRole('button', { name: 'Watch credits' }).waitFor({ timeout: 10_000 })
    // the next episode's still and name
    await upNext.getByTestId('up-next-still').waitFor()
    expect(await upNext.innerText()).toContain('Episode 2')
    await page.getByTestId('hls-player').screenshot({ path: join(shots, 'up-next-credits-desktop.png') })
    await page.waitForURL((url) => url.searchParams.get('episode') === '2', { timeout: 20_000 })
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 0.3, undefined, { timeout: 20_000 })

    // episode 2 opens with a recap (0 to 10 s): S skips it
    await page.getByRole('button', { name: 'Skip recap', exact: true }).waitFor({ timeout: 10_000 })
    await page.getByTestId('hls-player').focus()
    await page.keyboard.press('s')
    await expect.poll(() => time(page)).toBeGreaterThanOrEqual(9.9)
    // its intro's button, said to be wrong, goes for this viewer
    await seek(page, 12)
    await page.getByRole('button', { name: 'Skip intro', exact: true }).waitFor()
    await page.getByRole('button', { name: 'This was wrong' }).click()
    await page.getByText('Marker hidden').first().waitFor({ state: 'attached' })
    expect(await page.getByRole('button', { name: 'Skip intro', exact: true }).count()).toBe(0)

    // with autoplay off, the card at the credits waits
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const autoplay = page.getByRole('switch', { name: 'Autoplay next episode' })
    await autoplay.focus()
    await page.keyboard.press('Space')
    expect(await autoplay.isChecked()).toBe(false)
    await page.keyboard.press('Escape')
    await seek(page, 77)
    await upNext.getByRole('button', { name: 'Play now' }).waitFor({ timeout: 10_000 })
    expect(await upNext.getByText(/\d+ s/).count()).toBe(0)
    await page.waitForTimeout(11_000)
    expect(new URL(page.url()).searchParams.get('episode')).toBe('2')
    await context.close()
  })

  it('shows Skip intro on a phone, clear of the controls and axe-clean', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    await play(page, 3)
    // episode 3's intro is at 15 to 35 s
    await seek(page, 16)
    const skip = page.getByRole('button', { name: 'Skip intro', exact: true })
    await skip.waitFor()
    const [button, controls] = await Promise.all([skip.boundingBox(), page.getByTestId('player-controls').boundingBox()])
    expect(button!.y + button!.height).toBeLessThanOrEqual(controls!.y + 1)
    await page.screenshot({ path: join(shots, 'skip-intro-phone.png') })
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

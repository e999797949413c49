/**
 * Watch together: a visitor on a desktop opens a room from an episode of the sample series and a
 * second visitor on a phone joins by its link. Play, pause, a seek and 30 s of playback keep the
 * two playheads within 250 ms. The phone then cannot load past what it has (its segments are held
 * back): the room waits and names it, the desktop may continue without it after 10 s, and the
 * phone catches up once its segments come. A chat message of HTML shows as text.
 */
import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dismissCookieBanner, expectAccessible, newPage, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()
const SHOW = 19885
const SEGMENT_SECONDS = 4

const video = (page: Page) => page.getByTestId('hls-video')

/** Where the playhead is, read with the moment it was read (one clock for both pages) and the rate it moves at. */
function playhead(page: Page): Promise<{ time: number; at: number; rate: number; paused: boolean }> {
  return video(page).evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, at: performance.timeOrigin + performance.now(), rate: v.playbackRate, paused: v.paused }))
}

/** How far apart the two playheads are, in seconds, each carried forward to the later reading. */
async function gap(a: Page, b: Page): Promise<number> {
  const [x, y] = await Promise.all([playhead(a), playhead(b)])
  const at = Math.max(x.at, y.at)
  const carried = (p: typeof x) => p.time + (p.paused ? 0 : ((at - p.at) / 1000) * p.rate)
  return Math.abs(carried(x) - carried(y))
}

/** The median gap of five readings a quarter of a second apart. */
async function medianGap(a: Page, b: Page): Promise<number> {
  const gaps: number[] = []
  for (let i = 0; i < 5; i++) {
    gaps.push(await gap(a, b))
    await a.waitForTimeout(250)
  }
  return gaps.sort((p, q) => p - q)[2]!
}

async function joinAs(page: Page, name: string) {
  await page.getByLabel('Your name').fill(name)
  await page.getByRole('button', { name: 'Join' }).click()
  await page.getByRole('heading', { name: /^In the room/ }).waitFor()
}

const time = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)

describe('watching together', () => {
  it('keeps two members in step, waits for one who buffers, and shows chat as text', async () => {
    const host = await newPage(browser(), baseUrl, 'desktop')
    const guest = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(host.context)
    await dismissCookieBanner(guest.context)
    const a = host.page
    const b = guest.page

    // the host opens a room from the episode's page
    await a.goto(`/tv/${SHOW}?season=1&episode=1`, { waitUntil: 'domcontentloaded' })
    await a.getByRole('button', { name: 'Watch together' }).click()
    await a.waitForURL((url) => /^\/party\/[A-Za-z0-9_-]{22}$/.test(url.pathname))
    const link = a.url()
    await joinAs(a, 'Ann')

    // the guest's segments from 56 s on are held back until released (the player would otherwise
    // load the whole episode at once)
    const allowed = 56
    let release: () => void = () => undefined
    let released = new Promise<void>((resolve) => (release = resolve))
    await guest.context.route('**/media/series/**/segment-*.m4s', async (route: Route) => {
      const index = Number(/segment-(\d+)\.m4s/.exec(route.request().url())?.[1] ?? 0)
      if (index * SEGMENT_SECONDS >= allowed) await released
      await route.continue().catch(() => undefined)
    })

    await b.goto(link, { waitUntil: 'domcontentloaded' })
    await joinAs(b, 'Bo')
    await a.getByRole('heading', { name: 'In the room (2)' }).waitFor()
    await b.getByRole('heading', { name: 'In the room (2)' }).waitFor()

    // play: both start; pause: both stop at the same point
    await a.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.readyState ?? 0) >= 3, undefined, { timeout: 20_000 })
    await b.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.readyState ?? 0) >= 3, undefined, { timeout: 20_000 })
    await a.getByTestId('hls-player').hover()
    await a.getByRole('button', { name: 'Play', exact: true }).click()
    await b.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 1, undefined, { timeout: 15_000 })
    await a.getByTestId('hls-player').hover()
    await a.getByRole('button', { name: 'Pause', exact: true }).click()
    await expect.poll(() => video(b).evaluate((v: HTMLVideoElement) => v.paused), { timeout: 5_000 }).toBe(true)
    await a.waitForTimeout(500)
    expect(await gap(a, b)).toBeLessThan(0.25)

    // a seek, then play on: after 30 s the playheads are within a quarter of a second
    await video(a).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 10
    })
    await expect.poll(() => time(b), { timeout: 5_000 }).toBeGreaterThanOrEqual(9.9)
    await a.getByTestId('hls-player').hover()
    await a.getByRole('button', { name: 'Play', exact: true }).click()
    await a.waitForTimeout(30_000)
    expect(await time(a)).toBeGreaterThan(38)
    expect(await medianGap(a, b)).toBeLessThan(0.25)

    // the guest cannot load past 56 s: a seek to 70 s holds the room for it
    await video(a).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 70
    })
    const waiting = a.getByTestId('party-waiting')
    await waiting.getByText('Waiting for Bo').waitFor({ timeout: 10_000 })
    expect(await video(a).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    // after 10 s of a buffering that is not the first load, the others may go on
    const goOn = waiting.getByRole('button', { name: 'Continue without them' })
    await goOn.waitFor({ timeout: 15_000 })
    await goOn.click()
    await expect.poll(() => video(a).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 70.5), { timeout: 5_000 }).toBe(true)
    // its segments come: the guest catches up with the room
    release()
    released = Promise.resolve()
    await expect.poll(() => gap(a, b), { timeout: 15_000, interval: 500 }).toBeLessThan(0.25)

    // a chat message of HTML is text, and runs nothing
    let dialogs = 0
    a.on('dialog', (dialog) => {
      dialogs += 1
      void dialog.dismiss()
    })
    const html = '<img src=x onerror=alert(1)>'
    await b.getByLabel('Message').fill(html)
    await b.getByLabel('Message').press('Enter')
    const said = a.getByTestId('party-chat-messages').getByRole('listitem').filter({ hasText: html })
    await said.waitFor()
    expect(await said.innerText()).toMatch(/^Bo\s*<img src=x onerror=alert\(1\)>$/)
    expect(await a.getByTestId('party-page').locator('img[src="x"]').count()).toBe(0)
    expect(dialogs).toBe(0)

    await expectAccessible(a)
    await expectAccessible(b)
    expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await host.context.close()
    await guest.context.close()
  }, 150_000)
})

/**
 * A marker the operator adds reaches viewers: an administrator marks the bundled 12-second sample's
 * intro (1.0 to 6.0 s, for its 12-second cut) through the API, a visitor plays the film, Skip intro
 * takes the playhead past 6 s, and "This was wrong" hides the button for that visitor. The player
 * with the button is photographed at phone and desktop widths. In the dashboard's Streams tab the
 * administrator adds a credits marker with the preview's length, sees it listed, and removes it.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, getJson, newPage, seriousA11yViolations, useBrowser, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()
const admin = newAccountDetails('markers-admin')
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
let movieId = 0
let markerId = 0
let adminPage: Page | null = null

const video = (page: Page) => page.getByTestId('hls-video')
const time = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  createAdmin(new URL(baseUrl).port, admin)
  const movies = await getJson<{ results: { id: number }[] }>(baseUrl, '/api/catalog/lists/movie-popular')
  movieId = movies.results[0]!.id
  const { context, page } = await newPage(browser(), baseUrl, 'desktop')
  await dismissCookieBanner(context)
  await loginThroughForm(page, admin, 'Admin')
  adminPage = page
  const place = { content_type: 'movie', content_id: movieId, season_number: 0, episode_number: 0 }
  // A marker left by an earlier run of this file on the same state goes first.
  const listed = await (await page.request.get(`/api/admin/markers?content_type=movie&content_id=${movieId}`)).json()
  for (const old of (listed as { results: { id: number; kind: string; source: string }[] }).results) {
    if (old.kind === 'intro' && old.source === 'operator') await page.request.delete(`/api/admin/markers/${old.id}`)
  }
  const created = await page.request.post('/api/admin/markers', { data: { ...place, kind: 'intro', start_ms: 1000, end_ms: 6000, duration_ms: 12_000 } })
  expect(created.status()).toBe(201)
  markerId = ((await created.json()) as { marker: { id: number } }).marker.id
})

afterAll(async () => {
  if (adminPage && markerId) await adminPage.request.delete(`/api/admin/markers/${markerId}`)
  await adminPage?.context().close()
})

async function openAtIntro(viewport: ViewportName) {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(context)
  await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
  await page.getByTestId('player-poster').getByRole('button', { name: /^Play\b/ }).click()
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.readyState ?? 0) >= 1, undefined, { timeout: 20_000 })
  // Held inside the intro, so the picture stays put for the photograph.
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true
    v.pause()
    v.currentTime = 2
  })
  const skip = page.getByRole('button', { name: 'Skip intro', exact: true })
  await skip.waitFor({ timeout: 10_000 })
  return { context, page, skip }
}

describe('a marker the operator adds', () => {
  it('gives visitors Skip intro, which jumps past it; "This was wrong" hides it', async () => {
    const { context, page, skip } = await openAtIntro('desktop')
    await page.getByTestId('player').screenshot({ path: join(shots, 'markers-skip-intro-1440.png') })
    await skip.click()
    await expect.poll(() => time(page)).toBeGreaterThanOrEqual(6)
    expect(await skip.count()).toBe(0)

    await video(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 3
    })
    await skip.waitFor()
    await page.getByRole('button', { name: 'This was wrong' }).click()
    await page.getByTestId('player-announcement').getByText('Marker hidden').waitFor({ state: 'attached' })
    expect(await skip.count()).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem('reelhouse:hidden-markers'))).toBe(JSON.stringify([markerId]))
    await context.close()
  })

  it('shows the button on a phone, inside the picture', async () => {
    const { context, page, skip } = await openAtIntro('phone')
    const [button, player] = await Promise.all([skip.boundingBox(), page.getByTestId('player').boundingBox()])
    expect(button!.x).toBeGreaterThanOrEqual(player!.x)
    expect(button!.x + button!.width).toBeLessThanOrEqual(player!.x + player!.width + 1)
    expect(button!.y + button!.height).toBeLessThanOrEqual(player!.y + player!.height + 1)
    await page.getByTestId('player').screenshot({ path: join(shots, 'markers-skip-intro-390.png') })
    await context.close()
  })
})

describe('the Streams tab\'s marker editor', () => {
  it('adds a marker for the previewed cut, lists it, and removes it; axe-clean at desktop and phone widths', async () => {
    const page = adminPage!
    await page.goto('/admin/streams', { waitUntil: 'domcontentloaded' })
    const editor = page.getByRole('region', { name: 'Map a stream to a title' })
    await editor.getByLabel('Find a title').fill('dark knight')
    await editor.getByRole('list', { name: 'Titles found' }).getByRole('button', { name: /^The Dark Knight \(2008\)/ }).click()
    const form = editor.getByRole('form', { name: 'Stream of The Dark Knight' })
    await form.getByLabel('HLS address (https:// or /media/…)').fill('/media/sample/master.m3u8')
    await form.getByRole('button', { name: 'Check address' }).click()
    await form.getByRole('status', { name: 'Found in the playlist' }).waitFor()
    await form.getByRole('button', { name: 'Preview' }).click()
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('form video')?.readyState ?? 0) >= 1, undefined, { timeout: 20_000 })

    const markers = editor.getByRole('region', { name: 'Markers' })
    await markers.getByLabel('Kind', { exact: true }).selectOption('credits')
    await markers.getByLabel('Start', { exact: true }).fill('9')
    await markers.getByLabel('End', { exact: true }).fill('0:12')
    await markers.getByRole('button', { name: 'Use the preview’s length' }).click()
    expect(await markers.getByLabel('Cut length', { exact: true }).inputValue()).toMatch(/^0:1[12]\.\d$/)
    await markers.getByRole('button', { name: 'Add marker' }).click()
    const row = markers.getByRole('list', { name: 'Markers' }).getByRole('listitem').filter({ hasText: 'Credits' })
    await row.waitFor()
    expect(await row.innerText()).toContain('0:09.0–0:12.0')
    expect(await seriousA11yViolations(page)).toEqual([])
    await markers.screenshot({ path: join(shots, 'markers-editor-1440.png') })
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await markers.screenshot({ path: join(shots, 'markers-editor-390.png') })
    await page.setViewportSize({ width: 1440, height: 900 })

    await row.getByRole('button', { name: /^Remove Credits/ }).click()
    await row.waitFor({ state: 'detached' })
  })
})

/**
 * Watching never loses its place: for a film and for an episode chosen in a later season, every
 * way of leaving the player (reload, closing the tab, a typed address, the back button, an in-app
 * link, another episode, another season, the phone going to sleep) leaves the seconds played and
 * the episode in the stored history row, read back through the API.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { chooseSeason, dismissCookieBanner, newPage, signInNewUser, useBrowser, getJson as getJsonFrom } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()
let movieId: number
let showId: number

interface Listed {
  id: number
}
interface Entry {
  watch_duration: number
  position: number
  season_number: number | null
  episode_number: number | null
  status: string
}

const getJson = <T>(path: string) => getJsonFrom<T>(baseUrl, path)

beforeAll(async () => {
  const movies = await getJson<{ results: Listed[] }>('/api/catalog/lists/movie-popular')
  movieId = movies.results[0]!.id
  // A show whose seasons 1 to 3 have four episodes or more, so there is a later season to choose
  // an episode in, a next episode in it and another season to switch to.
  const shows = await getJson<{ results: Listed[] }>('/api/catalog/lists/tv-popular')
  for (const item of shows.results) {
    const show = await getJson<{ seasons: { season_number: number; episode_count: number }[] }>(`/api/catalog/tv/${item.id}`)
    if ([1, 2, 3].every((n) => show.seasons.some((s) => s.season_number === n && s.episode_count >= 4))) {
      showId = item.id
      break
    }
  }
  expect(showId, 'a show with three seasons of four episodes or more').toBeGreaterThan(0)
})

/** What went to the history and how it was answered, for the message of a failing test. */
const historyLog: string[] = []

async function signedInPage(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser(), baseUrl, 'desktop')
  await dismissCookieBanner(context)
  // The drawn artwork is not what these tests look at; leaving it out keeps the local server's
  // work on a busy machine to what they do look at.
  await context.route('**/api/img/**', (route) => route.fulfill({ status: 204 }))
  await signInNewUser(page, baseUrl, 'progress')
  historyLog.length = 0
  context.on('requestfinished', (req) => {
    if (!req.url().includes('/api/me/history') || req.method() === 'GET') return
    void req.response().then((res) => historyLog.push(`${req.method()} ${res?.status()} ${req.postData()}`))
  })
  context.on('requestfailed', (req) => {
    if (req.url().includes('/api/me/history')) historyLog.push(`${req.method()} failed ${req.failure()?.errorText} ${req.postData()}`)
  })
  return { context, page }
}

async function storedEntry(context: BrowserContext, type: 'movie' | 'tv', id: number): Promise<Entry | null> {
  const res = await context.request.get(`${baseUrl}/api/me/history/${type}/${id}`)
  return ((await res.json()) as { entry: Entry | null }).entry
}

/** Waits until the playhead of our player has moved past `seconds` of actual playback. */
async function playedPast(page: Page, seconds: number) {
  await page.waitForFunction(
    (s) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')
      return !!v && !v.paused && v.currentTime > s
    },
    seconds,
    { timeout: 30_000 },
  )
}

async function startPlaying(page: Page) {
  const video = page.getByTestId('hls-video')
  await video.waitFor()
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.readyState ?? 0) >= 1, undefined, { timeout: 20_000 })
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true
    if (v.paused) void v.play().catch(() => undefined)
  })
}

/** The film's page, playing for three seconds and a little. */
async function watchMovie(page: Page) {
  await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
  await page.getByTestId('player-poster').getByRole('button', { name: /^Play\b/ }).click()
  await startPlaying(page)
  await playedPast(page, 3)
}

/** The show's page with Season 2, Episode 3 chosen in the lists, playing for three seconds and a little. */
async function watchChosenEpisode(page: Page) {
  await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
  const nowPlaying = page.getByTestId('now-playing')
  await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 1, Episode 1\b/)
  await chooseSeason(page, 2)
  await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 2, Episode 1\b/)
  await page.getByTestId('episode-list').getByRole('button', { name: /^3\. / }).click()
  await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 2, Episode 3\b/)
  await startPlaying(page)
  await playedPast(page, 3)
}

/** The phone goes to sleep: the page is hidden (and may never be shown again). */
async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

/**
 * The stored row once the viewer has left: by the report sent on the way out, or, when that
 * beacon is lost, by the page the viewer lands on (it settles the reports this browser kept).
 */
async function storedAfterLeaving(context: BrowserContext, type: 'movie' | 'tv', id: number): Promise<void> {
  const played = async () => (await storedEntry(context, type, id))?.watch_duration ?? 0
  await expect.poll(played, { timeout: 10_000, message: historyLog.join('\n') }).toBeGreaterThanOrEqual(2)
}

type WayOut = (page: Page) => Promise<unknown>

const waysOut: [string, WayOut][] = [
  ['a reload', (page) => page.reload({ waitUntil: 'domcontentloaded' })],
  ['closing the tab', (page) => page.close()],
  ['a typed address', (page) => page.goto('/genres', { waitUntil: 'domcontentloaded' })],
  [
    'the back button',
    async (page) => {
      await page.goBack({ waitUntil: 'domcontentloaded' })
    },
  ],
  ['an in-app link', (page) => page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Home', exact: true }).click()],
  ['the device sleeping', hidePage],
]

describe('a film keeps the seconds played', () => {
  for (const [way, leave] of waysOut) {
    it(`after ${way}`, async () => {
      const { context, page } = await signedInPage()
      if (way === 'the back button') await page.goto('/movies', { waitUntil: 'domcontentloaded' })
      await watchMovie(page)
      await leave(page)
      await storedAfterLeaving(context, 'movie', movieId)
      const entry = await storedEntry(context, 'movie', movieId)
      expect(entry?.position).toBeGreaterThanOrEqual(2)
      expect(entry?.status).toBe('In Progress')
      await context.close()
    })
  }
})

describe('an episode chosen in a later season keeps the episode and the seconds played', () => {
  for (const [way, leave] of waysOut) {
    it(`after ${way}`, async () => {
      const { context, page } = await signedInPage()
      if (way === 'the back button') await page.goto('/tv-shows', { waitUntil: 'domcontentloaded' })
      await watchChosenEpisode(page)
      await leave(page)
      await storedAfterLeaving(context, 'tv', showId)
      expect(await storedEntry(context, 'tv', showId)).toMatchObject({ season_number: 2, episode_number: 3, status: 'In Progress' })
      expect((await storedEntry(context, 'tv', showId))?.position).toBeGreaterThanOrEqual(2)
      if (way === 'a reload') {
        // The address named the episode, so the reload reopens it, ready to resume.
        await expect.poll(() => page.getByTestId('now-playing').innerText()).toMatch(/^Season 2, Episode 3\b/)
        expect(new URL(page.url()).search).toBe('?season=2&episode=3')
        expect(await page.getByTestId('player-poster').getByRole('button', { name: /^Play\b/ }).getAttribute('aria-label')).toMatch(/Resume from 0:0\d$/)
      }
      await context.close()
    })
  }

  it('after another episode: the one left keeps its seconds and the new one is recorded at once', async () => {
    const { context, page } = await signedInPage()
    await watchChosenEpisode(page)
    await page.getByTestId('episode-list').getByRole('button', { name: /^4\. / }).click()
    await expect.poll(async () => (await storedEntry(context, 'tv', showId))?.episode_number, { timeout: 10_000 }).toBe(4)
    const entry = await storedEntry(context, 'tv', showId)
    expect(entry).toMatchObject({ season_number: 2, episode_number: 4, status: 'In Progress' })
    expect(entry!.watch_duration).toBeGreaterThanOrEqual(2)
    expect(new URL(page.url()).search).toBe('?season=2&episode=4')
    await context.close()
  })

  it('after another season: the seconds stay and the season chosen is recorded at once', async () => {
    const { context, page } = await signedInPage()
    await watchChosenEpisode(page)
    await chooseSeason(page, 3)
    await expect.poll(async () => (await storedEntry(context, 'tv', showId))?.season_number, { timeout: 10_000 }).toBe(3)
    const entry = await storedEntry(context, 'tv', showId)
    expect(entry).toMatchObject({ season_number: 3, episode_number: 1, status: 'In Progress' })
    expect(entry!.watch_duration).toBeGreaterThanOrEqual(2)
    await context.close()
  })

  it('records the episode as soon as it is chosen, before any of it has played', async () => {
    const { context, page } = await signedInPage()
    await context.route('**/media/sample/**', (route) => route.abort())
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await chooseSeason(page, 2)
    await page.getByTestId('episode-list').getByRole('button', { name: /^3\. / }).click()
    await expect.poll(async () => await storedEntry(context, 'tv', showId), { timeout: 10_000 }).toMatchObject({ season_number: 2, episode_number: 3, status: 'Started' })
    await page.reload({ waitUntil: 'domcontentloaded' })
    await expect.poll(() => page.getByTestId('now-playing').innerText()).toMatch(/^Season 2, Episode 3\b/)
    await context.close()
  })

  it('delivers, from the next page of the site, a report whose beacon never arrived', async () => {
    const { context, page } = await signedInPage()
    await watchChosenEpisode(page)
    // Everything the page sends from here is lost: the report on pause, and the beacon on its
    // way out (which, paused, has nothing new to send when the page is really left).
    await context.route('**/api/me/history', (route) => (route.request().method() === 'GET' ? route.fallback() : route.abort()))
    await page.getByTestId('hls-video').evaluate((v: HTMLVideoElement) => v.pause())
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })))
    await page.waitForTimeout(500)
    expect((await storedEntry(context, 'tv', showId))?.watch_duration).toBe(0)
    await context.unroute('**/api/me/history')
    // Another page of the site, not the title: the report the page kept lands from there.
    await page.goto('/genres', { waitUntil: 'domcontentloaded' })
    await expect.poll(async () => (await storedEntry(context, 'tv', showId))?.watch_duration ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(await storedEntry(context, 'tv', showId)).toMatchObject({ season_number: 2, episode_number: 3 })
    // Delivered, the kept report is done with.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), 'watch-progress-unsent')).toBe('{}')
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await expect.poll(() => page.getByTestId('now-playing').innerText()).toMatch(/^Season 2, Episode 3\b/)
    expect(await page.getByTestId('player-poster').getByRole('button', { name: /^Play\b/ }).getAttribute('aria-label')).toMatch(/Resume from 0:0\d$/)
    await context.close()
  })

  it('sends progress past the service worker, straight to the network, where a beacon cannot be dropped with the page', async () => {
    const { context, page } = await signedInPage()
    await page.goto('/faq', { waitUntil: 'load' })
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 })
    const routed = await page.evaluate(async (id) => {
      const report = { content_id: id, content_type: 'tv', title: 'Show', poster_path: null, watch_duration: 0, position: 0, total_duration: 0, completed: false }
      await (await fetch('/api/me/history', { method: 'PUT', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(report) })).text()
      // A file of the site, for comparison: the worker's fetch event sees it.
      await (await fetch('/favicon.svg?compare')).text()
      await new Promise((resolve) => setTimeout(resolve, 300))
      const source = (path: string) => {
        const entry = performance.getEntriesByType('resource').filter((e) => e.name.includes(path)).pop() as (PerformanceResourceTiming & { workerMatchedSourceType?: string }) | undefined
        return entry?.workerMatchedSourceType ?? 'no entry'
      }
      return { api: source('/api/me/history'), file: source('/favicon.svg?compare') }
    }, showId)
    expect(routed).toEqual({ api: 'network', file: '' })
    await context.close()
  })
})

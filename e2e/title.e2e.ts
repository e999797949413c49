import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page, Request, Route } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { chooseSeason, chosenSeason, newPage, seriousA11yViolations, signInNewUser, takenOver, useBrowser, withoutFirstData, getJson as getJsonFrom } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()
let movieId: number
let movieTitle: string
let showId: number
let showName: string

interface Listed {
  id: number
}

const getJson = <T>(path: string) => getJsonFrom<T>(baseUrl, path)

beforeAll(async () => {
  const movies = await getJson<{ results: Listed[] }>('/api/catalog/lists/movie-popular')
  const movie = await getJson<{ id: number; title: string }>(`/api/catalog/movie/${movies.results[0]!.id}`)
  movieId = movie.id
  movieTitle = movie.title
  // A show with two seasons or more, so choosing a season means something.
  const shows = await getJson<{ results: Listed[] }>('/api/catalog/lists/tv-popular')
  for (const item of shows.results) {
    const show = await getJson<{ id: number; name: string; seasons: { season_number: number; episode_count: number }[] }>(`/api/catalog/tv/${item.id}`)
    if (show.seasons.filter((s) => s.season_number >= 1 && s.episode_count >= 3).length >= 2) {
      showId = show.id
      showName = show.name
      break
    }
  }
  expect(showId, 'a show with two seasons of three episodes or more').toBeGreaterThan(0)
})


async function signIn(page: Page) {
  await signInNewUser(page, baseUrl, 'title')
}

/** Starts the HLS player and answers the playhead once it has moved past `seconds`. */
async function playUntil(page: Page, seconds: number): Promise<number> {
  const video = page.getByTestId('hls-video')
  await video.waitFor()
  // hls.js may still be attaching the stream (or seeking to a resume point), which aborts an early
  // play() with "interrupted by a new load request": wait for metadata, and ask again if aborted.
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.readyState ?? 0) >= 1, undefined, {
    timeout: 20_000,
  })
  for (let attempt = 0; ; attempt++) {
    const outcome = await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play().then(
        () => 'playing',
        (err: Error) => (err.name === 'AbortError' ? 'aborted' : `failed: ${err.message}`),
      )
    })
    if (outcome === 'playing') break
    if (outcome !== 'aborted' || attempt >= 5) throw new Error(`the sample did not start: ${outcome}`)
    await page.waitForTimeout(300)
  }
  await page.waitForFunction(
    (s) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')
      return !!v && v.currentTime > s
    },
    seconds,
    { timeout: 20_000 },
  )
  return video.evaluate((v: HTMLVideoElement) => v.currentTime)
}

/** The space between the bottom of the top bar and the title: no empty band at any width. */
async function gapAboveTitle(page: Page): Promise<number> {
  const bar = (await page.getByRole('banner').first().boundingBox())!
  const title = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!
  return title.y - (bar.y + bar.height)
}

async function noHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)
}

/** The Play button standing in the player's place until the viewer asks to play. */
function playButton(page: Page) {
  return page.getByTestId('player-poster').getByRole('button', { name: /^Play\b/ })
}

/** Presses Play, as the viewer does before anything of the player loads. */
async function pressPlay(page: Page) {
  await playButton(page).click()
  await page.getByTestId('player-poster').waitFor({ state: 'detached' })
}

/** Brings our player's controls back (they fade 3 s into playback), as a viewer's mouse does. */
async function showControls(page: Page) {
  const player = page.getByTestId('hls-player')
  const box = (await player.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 3)
  await page.locator('[data-testid="hls-player"][data-controls="shown"]').waitFor()
}

type Setting = 'Quality' | 'Captions' | 'Speed'

/** Opens a setting in our player's settings menu and answers its list of choices. */
async function openSetting(page: Page, name: Setting) {
  const menu = page.getByRole('dialog', { name: 'Settings' })
  if (!(await menu.isVisible())) {
    await showControls(page)
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
  }
  const back = menu.getByRole('button', { name: /: back to settings$/ })
  if (await back.isVisible()) await back.click()
  await menu.getByRole('button', { name: new RegExp(`^${name} `) }).click()
  return menu.getByRole('group', { name })
}

/** The labels of a setting's choices, and the one chosen. */
async function settingChoices(page: Page, name: Setting): Promise<{ labels: string[]; chosen: string | null }> {
  const group = await openSetting(page, name)
  const labels = await group.locator('label').allInnerTexts()
  const chosen = await group.locator('label:has(input:checked)').innerText().catch(() => null)
  return { labels: labels.map((l) => l.trim()), chosen: chosen?.trim() ?? null }
}

async function chooseSetting(page: Page, name: Setting, choice: string) {
  const group = await openSetting(page, name)
  await group.locator('label', { hasText: new RegExp(`^${choice.replace(/[().×]/g, '\\$&')}$`) }).click()
}

/** A panel of our player (Up next, the settings menu) sits above its controls, never over them. */
async function expectClearOfControls(page: Page, panel: Locator) {
  const [box, controls, player] = await Promise.all([panel.boundingBox(), page.getByTestId('player-controls').boundingBox(), page.getByTestId('hls-player').boundingBox()])
  expect(box!.y + box!.height).toBeLessThanOrEqual(controls!.y + 0.5)
  expect(box!.y).toBeGreaterThanOrEqual(player!.y - 0.5)
  expect(box!.x).toBeGreaterThanOrEqual(player!.x - 0.5)
  expect(box!.x + box!.width).toBeLessThanOrEqual(player!.x + player!.width + 0.5)
}

async function closeSettings(page: Page) {
  const menu = page.getByRole('dialog', { name: 'Settings' })
  while (await menu.isVisible()) await page.keyboard.press('Escape')
}

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

function buildManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(__dirname, '..', 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
}

/** The built file of hls.js, as the browser asks for it: /assets/hls-<hash>.js. */
function hlsFile(): string {
  const manifest = buildManifest()
  const key = Object.keys(manifest).find((k) => k.includes('node_modules/hls.js/'))
  if (!key) throw new Error('hls.js has no chunk of its own in dist/.vite/manifest.json')
  return `/${manifest[key]!.file}`
}

describe('/movie/{id}', () => {
  it('shows the title, facts, player, share buttons and cast, and plays the HLS sample', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const hlsChunks: string[] = []
    const hls = hlsFile()
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === hls) hlsChunks.push(req.url())
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    // The sample is H.264/AAC, which this Chromium decodes through Media Source Extensions.
    expect(await page.evaluate(() => MediaSource.isTypeSupported('video/mp4; codecs="avc1.42c01e,mp4a.40.2"'))).toBe(true)
    await page.getByRole('heading', { level: 1, name: movieTitle }).waitFor()
    const header = await page.locator('main header').innerText()
    expect(header).toMatch(/\b\d+\.\d\b/)
    expect(header).toMatch(/\b(\d+h \d+m|\d+h|\d+m)\b/)
    // The embedded catalogue has no trailers, so our player is the only source, and no switch is offered.
    expect(await page.getByRole('group', { name: 'Player source' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Reelhouse Player' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Trailer' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Share', exact: true }).isVisible()).toBe(true)
    // Nothing the operator has not configured: no download buttons, no ad slots, no pop-up notice.
    expect(await page.getByRole('heading', { name: 'Download' }).count()).toBe(0)
    expect(await page.getByRole('complementary', { name: 'Advertisement' }).count()).toBe(0)

    await pressPlay(page)
    const position = await playUntil(page, 1.5)
    expect(position).toBeGreaterThan(1.5)
    await page.getByTestId('player-loading').waitFor({ state: 'detached' })
    expect(hlsChunks.length).toBe(1)
    // Our controls, not the browser's.
    expect(await page.getByTestId('hls-video').evaluate((v: HTMLVideoElement) => v.controls)).toBe(false)

    const quality = await settingChoices(page, 'Quality')
    expect(quality.labels).toEqual([expect.stringMatching(/^Auto/), '240p', '360p', '480p'])
    expect(quality.chosen).toMatch(/^Auto/)
    await chooseSetting(page, 'Quality', '240p')
    expect((await settingChoices(page, 'Quality')).chosen).toBe('240p')
    await page.getByTestId('player-announcement').filter({ hasText: 'Quality: 240p' }).waitFor()
    await closeSettings(page)

    // Keyboard shortcuts act while the player has focus.
    const video = page.getByTestId('hls-video')
    await page.getByRole('group', { name: /video player/ }).focus()
    const muted = await video.evaluate((v: HTMLVideoElement) => v.muted)
    await page.keyboard.press('m')
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(!muted)
    await page.keyboard.press('Space')
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime)
    await page.keyboard.press('ArrowLeft')
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(before)

    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shares from one Share button whose sheet (${viewport === 'phone' ? 'a bottom sheet at 390 px' : 'a dialog at 1440 px'}) holds the networks, the link and Copy link`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await context.route(/^https:\/\/(www\.)?reddit\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }))
      await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
      const share = page.getByRole('button', { name: 'Share', exact: true })
      await share.waitFor()
      // Nothing of the sheet until it is asked for.
      expect(await page.getByRole('button', { name: /^Share on / }).count()).toBe(0)
      await share.click()
      const sheet = page.getByRole('dialog', { name: 'Share' })
      await sheet.waitFor()
      for (const network of ['Facebook', 'X (Twitter)', 'WhatsApp', 'Telegram', 'Reddit', 'LinkedIn']) {
        expect(await sheet.getByRole('button', { name: `Share on ${network}` }).isVisible(), network).toBe(true)
      }
      expect(await sheet.getByRole('textbox', { name: 'Link to share' }).inputValue()).toBe(`${baseUrl}/share/movie/${movieId}`)
      expect(await sheet.getByRole('button', { name: 'Copy link' }).isVisible()).toBe(true)
      const box = (await sheet.boundingBox())!
      const { width, height } = page.viewportSize()!
      if (viewport === 'phone') {
        // Across the bottom of the screen.
        expect(Math.round(box.y + box.height)).toBe(height)
        expect(Math.round(box.width)).toBe(width)
      } else {
        // In the middle, clear of the edges.
        expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2)
        expect(box.y).toBeGreaterThan(0)
        expect(box.y + box.height).toBeLessThan(height)
      }
      expect(await seriousA11yViolations(page)).toEqual([])

      if (viewport === 'desktop') {
        // Escape closes it, and the focus is back on Share.
        await page.keyboard.press('Escape')
        await sheet.waitFor({ state: 'hidden' })
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Share')
        await share.click()
      }
      const [popup] = await Promise.all([context.waitForEvent('page'), sheet.getByRole('button', { name: 'Share on Reddit' }).click()])
      await popup.waitForLoadState()
      const url = new URL(popup.url())
      expect(url.searchParams.get('url')).toBe(`${baseUrl}/share/movie/${movieId}`)
      expect(url.searchParams.get('title')).toBe(movieTitle)
      if (viewport === 'desktop') expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 400])
      await context.close()
    })
  }

  it('asks a visitor to log in before adding to the watchlist', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Add to Watchlist' }).click()
    await page.locator('[data-toast="error"]', { hasText: 'Please login to add to watchlist' }).waitFor()
    await context.close()
  })

  it('adds and removes the movie from the watchlist when signed in', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await signIn(page)
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Add to Watchlist' }).click()
    await page.locator('[data-toast="success"]', { hasText: 'Added to watchlist!' }).waitFor()
    await page.getByRole('button', { name: 'Remove from Watchlist' }).waitFor()
    expect(await (await page.request.get(`${baseUrl}/api/me/watchlist/movie/${movieId}`)).json()).toEqual({ inWatchlist: true })
    await page.getByRole('button', { name: 'Remove from Watchlist' }).click()
    await page.locator('[data-toast="success"]', { hasText: 'Removed from watchlist!' }).waitFor()
    await page.getByRole('button', { name: 'Add to Watchlist' }).waitFor()
    expect(await (await page.request.get(`${baseUrl}/api/me/watchlist/movie/${movieId}`)).json()).toEqual({ inWatchlist: false })
    await context.close()
  })

  it('records history when playback starts (opening the title writes nothing), reports the seconds played, and resumes there', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await signIn(page)
    const entryOf = async () => (await (await page.request.get(`${baseUrl}/api/me/history/movie/${movieId}`)).json()).entry
    const writes: string[] = []
    page.on('request', (req) => {
      if (req.url().endsWith('/api/me/history') && req.method() !== 'GET') writes.push(req.method())
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'networkidle' })
    await playButton(page).waitFor()
    expect(writes).toEqual([])
    expect(await entryOf()).toBeNull()

    await pressPlay(page)
    await expect.poll(entryOf, { timeout: 10_000 }).toMatchObject({ title: movieTitle })
    await playUntil(page, 4)
    await page.getByTestId('hls-video').evaluate((v: HTMLVideoElement) => v.pause())
    await expect.poll(async () => (await entryOf())?.watch_duration, { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
    const saved = await entryOf()
    expect(saved.position).toBeGreaterThanOrEqual(3)
    expect(saved.total_duration).toBe(12)
    expect(saved.completed).toBe(false)

    // Leaving the page sends what was played since by beacon (POST with a text/plain body).
    await playUntil(page, saved.position + 2)
    const [beacon] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/me/history') && res.request().method() === 'POST'),
      page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))),
    ])
    // Stop well before 90% of the 12 s sample, which would complete the title and start it over.
    await page.getByTestId('hls-video').evaluate((v: HTMLVideoElement) => v.pause())
    expect(beacon.status()).toBe(200)
    expect(beacon.request().headers()['content-type']).toMatch(/^text\/plain/)
    // Two more seconds of playback, give or take the rounding of each report.
    expect((await beacon.json()).entry.watch_duration).toBeGreaterThanOrEqual(saved.watch_duration + 1)
    await expect.poll(async () => (await entryOf())?.position, { timeout: 10_000 }).toBeGreaterThan(saved.position)
    const left = await entryOf()
    expect(left.completed).toBe(false)

    await page.reload()
    // The Play button says where it resumes; the press starts there.
    await playButton(page).waitFor()
    expect(await playButton(page).getAttribute('aria-label')).toMatch(/, Resume from 0:\d\d$/)
    await pressPlay(page)
    const video = page.getByTestId('hls-video')
    await video.waitFor()
    await page.waitForFunction(
      (from) => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) >= from,
      left.position - 1,
      { timeout: 10_000 },
    )

    const history = await (await page.request.get(`${baseUrl}/api/me/history`)).json()
    expect(history.results[0]).toMatchObject({ content_id: movieId, status: 'In Progress' })
    await context.close()
  })

  it('asks again, a second after the playhead stalls on a fragment that does not arrive, and plays on', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    // One rendition only, so nothing but the player's restart can ask for the fragment again
    // (hls.js abandons a slow fragment only for a lower rendition), and its second segment is held.
    await context.route('**/media/sample/master.m3u8', (route: Route) =>
      route.fulfill({
        contentType: 'application/vnd.apple.mpegurl',
        body: '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=70400,RESOLUTION=426x240,CODECS="avc1.42c01e,mp4a.40.2"\n240p/index.m3u8\n',
      }),
    )
    const held: { at: number; release: () => void }[] = []
    await context.route('**/media/sample/240p/segment-1.m4s', async (route: Route) => {
      await new Promise<void>((release) => held.push({ at: Date.now(), release }))
      await route.continue().catch(() => undefined)
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await playUntil(page, 3)
    // Stalled: the playhead sits at the end of the first segment.
    const stalledAt = await page
      .waitForFunction(
        () => {
          const v = document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')
          return !!v && v.currentTime > 3.9 && v.readyState < 3 ? Date.now() : false
        },
        undefined,
        { timeout: 10_000, polling: 100 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
    expect(held).toHaveLength(1)
    // The load timeouts are 60 s; the player asks again about a second after the stall.
    await expect.poll(() => held.length, { timeout: 5000 }).toBe(2)
    expect(held[1]!.at - stalledAt).toBeLessThan(3000)
    for (const h of held) h.release()
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 6, undefined, {
      timeout: 20_000,
    })
    await context.close()
  })

  it('preloads the fragment after the one being downloaded, and never downloads a fragment twice', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    // One rendition, so nothing but the preload timer asks for a fragment ahead; the second
    // segment is held back until the preload of the third has been seen.
    await context.route('**/media/sample/master.m3u8', (route: Route) =>
      route.fulfill({
        contentType: 'application/vnd.apple.mpegurl',
        body: '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=70400,RESOLUTION=426x240,CODECS="avc1.42c01e,mp4a.40.2"\n240p/index.m3u8\n',
      }),
    )
    const requests: { segment: string; kind: string; at: number }[] = []
    page.on('request', (req) => {
      const match = /\/media\/sample\/240p\/(segment-\d)\.m4s$/.exec(req.url())
      if (match) requests.push({ segment: match[1]!, kind: req.resourceType(), at: Date.now() })
    })
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await context.route('**/media/sample/240p/segment-1.m4s', async (route: Route) => {
      await held
      await route.continue().catch(() => undefined)
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await expect.poll(() => requests.some((r) => r.segment === 'segment-1'), { timeout: 15_000 }).toBe(true)
    const secondAt = requests.find((r) => r.segment === 'segment-1')!.at
    // While the second downloads, the third is preloaded (by fetch: hls.js itself uses XHR).
    await expect.poll(() => requests.filter((r) => r.segment === 'segment-2').length, { timeout: 3000 }).toBe(1)
    const third = requests.find((r) => r.segment === 'segment-2')!
    expect(third.kind).toBe('fetch')
    expect(third.at - secondAt).toBeLessThan(1500)
    release()
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 9, undefined, { timeout: 30_000 })
    expect(requests.filter((r) => r.segment === 'segment-2')).toHaveLength(1)
    expect(requests.filter((r) => r.segment === 'segment-1')).toHaveLength(1)
    await context.close()
  })

  it("plays the playlist natively where Media Source Extensions are missing, as on an iPhone's Safari", async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    // This Chromium plays HLS natively too; hiding MSE sends the player down the native path.
    await context.addInitScript(() => {
      for (const name of ['MediaSource', 'WebKitMediaSource', 'ManagedMediaSource']) {
        Object.defineProperty(window, name, { value: undefined, configurable: true })
      }
    })
    const hlsFetches: string[] = []
    page.on('request', (req) => {
      if (/\.(m3u8|m4s|mp4)$/.test(new URL(req.url()).pathname)) hlsFetches.push(req.url())
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    expect(await page.evaluate(() => typeof window.MediaSource)).toBe('undefined')
    await pressPlay(page)
    const video = page.getByTestId('hls-video')
    await video.waitFor()
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.src), { timeout: 10_000 }).toMatch(/\/media\/sample\/master\.m3u8$/)
    expect(await playUntil(page, 2)).toBeGreaterThan(2)
    // The video element, not hls.js, fetched the playlist: no blob: source, no quality choice.
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc.startsWith('blob:'))).toBe(false)
    await showControls(page)
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const settings = page.getByRole('dialog', { name: 'Settings' })
    await settings.getByRole('button', { name: /^Speed / }).waitFor()
    expect(await settings.getByRole('button', { name: /^Quality / }).count()).toBe(0)
    expect(hlsFetches.some((url) => url.endsWith('/master.m3u8'))).toBe(true)
    await context.close()
  })

})

describe('the first screen at 1440x900', () => {
  /** Whether the element is drawn entirely inside the 1440x900 window, before any scrolling. */
  async function inFirstScreen(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
    const box = await locator.boundingBox()
    return !!box && box.width > 0 && box.y >= 0 && box.y + box.height <= 900 && box.x >= 0 && box.x + box.width <= 1440
  }

  for (const kind of ['movie', 'tv'] as const) {
    it(`holds the ${kind === 'movie' ? 'film' : 'show'}'s title, facts, overview, genres, Play, Add to Watchlist and Share`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, 'desktop')
      await page.goto(kind === 'movie' ? `/movie/${movieId}` : `/tv/${showId}`, { waitUntil: 'domcontentloaded' })
      await playButton(page).waitFor()
      const about = page.getByRole('region', { name: 'About' })
      const parts = {
        title: page.getByRole('heading', { level: 1 }),
        facts: page.getByTestId('title-facts'),
        rating: page.getByTestId('title-facts').getByText('Rating'),
        overview: about.locator('p').first(),
        genres: about.getByRole('list', { name: 'Genres' }),
        play: playButton(page),
        watchlist: page.getByRole('button', { name: 'Add to Watchlist' }),
        share: page.getByRole('button', { name: 'Share', exact: true }),
      }
      for (const [name, locator] of Object.entries(parts)) {
        if (name === 'rating') {
          expect(await locator.count(), name).toBe(1)
          continue
        }
        expect(await inFirstScreen(page, locator), name).toBe(true)
      }
      expect(await parts.facts.innerText()).toMatch(/\d\.\d[\s\S]*\b(19|20)\d\d\b[\s\S]*\d+(h|m)/)
      expect(await gapAboveTitle(page)).toBeLessThanOrEqual(48)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)

      // Theatre mode widens the player across the page; the press plays in place.
      const frame = page.getByTestId('player')
      const narrow = (await frame.boundingBox())!.width
      await page.getByRole('button', { name: 'Theatre mode' }).click()
      // on a painted page the press may wait for React to take the page over
      await page.getByRole('button', { name: 'Theatre mode', pressed: true }).waitFor()
      await expect.poll(async () => (await frame.boundingBox())!.width).toBeGreaterThan(narrow * 1.4)
      await pressPlay(page)
      await page.getByTestId('hls-video').waitFor()
      if (kind === 'movie') {
        // Playing, the player's own controls carry Theatre mode, and the page's button makes way.
        await showControls(page)
        const controls = page.getByTestId('player-controls')
        expect(await page.getByRole('button', { name: 'Theatre mode' }).count()).toBe(1)
        await controls.getByRole('button', { name: 'Theatre mode', pressed: true }).click()
        await expect.poll(() => frame.boundingBox().then((box) => box!.width)).toBeLessThan(narrow * 1.1)
        await showControls(page)
        await controls.getByRole('button', { name: 'Theatre mode', pressed: false }).click()
        await expect.poll(() => frame.boundingBox().then((box) => box!.width)).toBeGreaterThan(narrow * 1.4)
      }
      // The choice is kept: another title opens in Theatre mode too, from its first frame.
      await page.goto(kind === 'movie' ? `/tv/${showId}` : `/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
      await page.getByRole('button', { name: 'Theatre mode', pressed: true }).waitFor({ timeout: 10_000 })
      expect((await page.getByTestId('player').boundingBox())!.width).toBeGreaterThan(narrow * 1.4)
      await context.close()
    })
  }

  it('starts the stream at the rendition that suits a good connection, not the lowest', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ downlink: 20, addEventListener() {}, removeEventListener() {} }) }))
    const renditions: string[] = []
    page.on('request', (req) => {
      const match = /\/media\/sample\/(\d+p)\/segment-0\.m4s$/.exec(req.url())
      if (match) renditions.push(match[1]!)
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await playUntil(page, 0.5)
    expect(renditions[0]).toBe('480p')
    expect(await page.getByTestId('player-loading').count()).toBe(0)
    await context.close()
  })
})

describe("our player's controls", () => {
  const videoOf = (page: Page) => page.getByTestId('hls-video')

  it('offers the sample’s subtitles, shows and announces the chosen language, and remembers it', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    // Nothing the captions need may be refused by the Content-Security-Policy.
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { cspViolations: seen })
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    expect(await settingChoices(page, 'Captions')).toEqual({ labels: ['Off', 'English', 'Español', 'Français'], chosen: 'Off' })
    await chooseSetting(page, 'Captions', 'Español')
    await page.getByTestId('player-announcement').filter({ hasText: 'Captions: Español' }).waitFor()
    await closeSettings(page)
    await playUntil(page, 1)
    await expect.poll(() => page.getByTestId('caption-line').innerText(), { timeout: 10_000 }).toBe('Esta es la emisión de muestra de Reelhouse.')
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
    expect(await page.getByTestId('caption-line').getAttribute('aria-live')).toBe('polite')
    const showing = await videoOf(page).evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).filter((t) => t.mode === 'showing').map((t) => t.language))
    expect(showing).toEqual(['es'])
    // The line on screen moves above the controls while they show, and back down when they fade.
    const cueLine = () =>
      videoOf(page).evaluate((v: HTMLVideoElement) => {
        const cue = Array.from(v.textTracks).find((t) => t.mode === 'showing')?.activeCues?.[0] as VTTCue | undefined
        return cue ? cue.line : null
      })
    // The focus leaves the controls (where it holds them) for the picture.
    await page.getByRole('group', { name: /video player/ }).focus()
    await showControls(page)
    await expect.poll(cueLine).toBeLessThan(-1)
    await page.locator('[data-testid="hls-player"][data-controls="hidden"]').waitFor({ timeout: 6000 })
    await expect.poll(cueLine).toBe('auto')
    // Readable: the page styles the cues with a dark box and a floor on their size.
    const cueRule = await page.evaluate(() => {
      for (const sheet of Array.from(document.styleSheets)) {
        for (const rule of Array.from(sheet.cssRules)) {
          if (rule instanceof CSSStyleRule && rule.selectorText.includes('::cue')) return { background: rule.style.backgroundColor, size: rule.style.fontSize }
        }
      }
      return null
    })
    expect(cueRule?.background).toMatch(/rgba?\(0,? 0,? 0/)
    expect(cueRule?.size).toMatch(/15px/)

    await page.reload({ waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await playUntil(page, 0.8)
    await expect.poll(async () => (await settingChoices(page, 'Captions')).chosen, { timeout: 15_000 }).toBe('Español')
    await closeSettings(page)
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).find((t) => t.mode === 'showing')?.language ?? null)).toBe('es')

    // C turns them off, and on again.
    await page.getByRole('group', { name: /video player/ }).focus()
    await page.keyboard.press('c')
    await page.getByTestId('player-announcement').filter({ hasText: 'Captions off' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('player-captions'))).toBe('"off"')
    await page.keyboard.press('c')
    await page.getByTestId('player-announcement').filter({ hasText: 'Captions: English' }).waitFor()
    await context.close()
  })

  it("lists an operator stream's own subtitle tracks in the same menu", async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await context.route('**/media/sample/master.m3u8', (route: Route) =>
      route.fulfill({
        contentType: 'application/vnd.apple.mpegurl',
        body: [
          '#EXTM3U',
          '#EXT-X-VERSION:7',
          '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="text",NAME="Deutsch",LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,URI="subs/en/index.m3u8"',
          '#EXT-X-STREAM-INF:BANDWIDTH=70400,RESOLUTION=426x240,CODECS="avc1.42c01e,mp4a.40.2",SUBTITLES="text"',
          '240p/index.m3u8',
          '',
        ].join('\n'),
      }),
    )
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    expect((await settingChoices(page, 'Captions')).labels).toEqual(['Off', 'Deutsch'])
    await context.close()
  })

  it('changes speed from 0.5× to 2× by menu and keys, and shows the shortcuts on ?', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    expect(await settingChoices(page, 'Speed')).toEqual({ labels: ['0.5×', '0.75×', 'Normal', '1.25×', '1.5×', '1.75×', '2×'], chosen: 'Normal' })
    await chooseSetting(page, 'Speed', '2×')
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2)
    await closeSettings(page)
    const player = page.getByRole('group', { name: /video player/ })
    await player.focus()
    await page.keyboard.press('<')
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.75)
    await page.getByTestId('player-announcement').filter({ hasText: 'Speed: 1.75×' }).waitFor()
    expect((await settingChoices(page, 'Speed')).chosen).toBe('1.75×')
    await closeSettings(page)
    await player.focus()
    for (let i = 0; i < 10; i++) await page.keyboard.press('<')
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.5)

    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await help.waitFor()
    expect(await help.innerText()).toMatch(/Play or pause[\s\S]*Captions on or off[\s\S]*Slower or faster[\s\S]*Picture-in-picture/)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close')
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await help.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('group')
    // The settings menu lists them too.
    await showControls(page)
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Keyboard shortcuts' }).click()
    await help.waitFor()
    await help.getByRole('button', { name: 'Close' }).click()
    await help.waitFor({ state: 'detached' })
    await context.close()
  })

  it('fades 3 s into playback and comes back with the mouse, previews thumbnails while scrubbing, and passes axe shown', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const thumbnailFetches: string[] = []
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname
      if (path.startsWith('/media/sample/thumbnails.')) thumbnailFetches.push(path)
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await playUntil(page, 0.3)
    await showControls(page)
    const shownAt = Date.now()
    await page.locator('[data-testid="hls-player"][data-controls="hidden"]').waitFor({ timeout: 6000 })
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500)
    expect(await page.getByTestId('player-controls').evaluate((el) => getComputedStyle(el).opacity)).toBe('0')
    await showControls(page)
    expect(await page.getByTestId('player-controls').getAttribute('data-visible')).toBe('true')
    // Paused (before the 12 s sample ends), the controls stay, for the scrub bar and for axe.
    await videoOf(page).evaluate((v: HTMLVideoElement) => v.pause())
    await page.getByTestId('player-announcement').filter({ hasText: 'Paused' }).waitFor()

    // Nothing of the thumbnails comes down before the viewer points at the scrub bar.
    expect(thumbnailFetches).toEqual([])
    const bar = (await page.getByTestId('scrub-bar').boundingBox())!
    await page.mouse.move(bar.x + bar.width * 0.625, bar.y + bar.height / 2)
    const preview = page.getByTestId('scrub-preview').locator('img')
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)).catch(() => 0), { timeout: 10_000 }).toBe(640)
    expect(await page.getByTestId('scrub-tooltip').innerText()).toMatch(/0:07/)
    expect(await preview.getAttribute('src')).toMatch(/^blob:/)
    expect([...new Set(thumbnailFetches)].sort()).toEqual(['/media/sample/thumbnails.jpg', '/media/sample/thumbnails.vtt'])
    const tooltip = (await page.getByTestId('scrub-tooltip').boundingBox())!
    const player = (await page.getByTestId('hls-player').boundingBox())!
    expect(tooltip.x).toBeGreaterThanOrEqual(player.x)
    expect(tooltip.x + tooltip.width).toBeLessThanOrEqual(player.x + player.width)

    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it('on a phone: a tap shows the controls, a double tap seeks 10 s, the settings are labelled, and panels stay clear of the controls', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await playUntil(page, 0.3)
    const player = page.getByTestId('hls-player')
    await page.locator('[data-testid="hls-player"][data-controls="hidden"]').waitFor({ timeout: 6000 })
    const box = (await player.boundingBox())!
    // Taps high on the picture, clear of the play button in its middle.
    const tap = (fraction: number) => page.touchscreen.tap(box.x + box.width * fraction, box.y + box.height * 0.25)
    await tap(0.5)
    await page.locator('[data-testid="hls-player"][data-controls="shown"]').waitFor({ timeout: 2000 })
    const heading = await page.getByTestId('player-heading').innerText()
    expect(heading).toContain(showName)
    expect(heading).toContain('Season 1, Episode 1')

    const time = () => videoOf(page).evaluate((v: HTMLVideoElement) => v.currentTime)
    await videoOf(page).evaluate((v: HTMLVideoElement) => {
      v.pause()
      v.currentTime = 1
    })
    await expect.poll(time).toBeCloseTo(1, 1)
    await tap(0.85)
    await tap(0.85)
    await expect.poll(time).toBeCloseTo(11, 0)
    await page.getByTestId('player-announcement').filter({ hasText: /^0:11 of 0:12$/ }).waitFor()
    await tap(0.15)
    await tap(0.15)
    await expect.poll(time).toBeCloseTo(1, 0)

    // One settings menu, each item named at this width, above the controls and inside the player.
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const menu = page.getByRole('dialog', { name: 'Settings' })
    const rows = menu.getByRole('button')
    await menu.getByRole('button', { name: /^Captions / }).waitFor()
    expect((await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([expect.stringMatching(/^Quality Auto/), 'Captions Off', 'Speed Normal'])
    for (const label of ['Quality', 'Captions', 'Speed']) expect(await menu.getByText(label, { exact: true }).isVisible()).toBe(true)
    await expectClearOfControls(page, menu)
    expect(await seriousA11yViolations(page)).toEqual([])
    await closeSettings(page)

    await videoOf(page).evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 0.5
      void v.play()
    })
    const upNext = page.getByRole('region', { name: 'Up next' })
    await upNext.waitFor({ timeout: 15_000 })
    await expectClearOfControls(page, upNext)
    expect(await noHorizontalOverflow(page)).toBe(true)
    await context.close()
  })

  it('keeps the timeline left to right in Arabic', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto(`/ar/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await page.getByTestId('player-poster').getByRole('button').click()
    await playUntil(page, 3)
    await videoOf(page).evaluate((v: HTMLVideoElement) => v.pause())
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    const [bar, played] = await Promise.all([page.getByTestId('scrub-bar').boundingBox(), page.getByTestId('scrub-played').boundingBox()])
    // What has played fills the bar from its left end.
    expect(Math.abs(played!.x - bar!.x)).toBeLessThan(1)
    expect(played!.width).toBeGreaterThan(bar!.width * 0.2)
    expect(played!.width).toBeLessThan(bar!.width * 0.6)
    const buttons = page.getByTestId('player-controls').locator('button')
    const [first, last] = await Promise.all([buttons.first().boundingBox(), buttons.last().boundingBox()])
    expect(first!.x).toBeLessThan(last!.x)
    const arabic = JSON.parse(readFileSync(join(__dirname, '..', 'web', 'i18n', 'catalogs', 'ar', 'player.json'), 'utf8')) as Record<string, string>
    expect(await buttons.first().getAttribute('aria-label')).toBe(arabic['player.play'])
    await page.mouse.move(bar!.x + 3, bar!.y + bar!.height / 2)
    expect(await page.getByTestId('scrub-tooltip').innerText()).toBe('0:00')
    await context.close()
  })

  it('offers picture-in-picture where the browser has it', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await playUntil(page, 0.3)
    const supported = await page.evaluate(() => document.pictureInPictureEnabled)
    const pip = page.getByRole('button', { name: 'Picture-in-picture' })
    expect(await pip.count()).toBe(supported ? 1 : 0)
    if (supported) {
      await showControls(page)
      await pip.click()
      await expect.poll(() => page.evaluate(() => document.pictureInPictureElement?.getAttribute('data-testid') ?? null)).toBe('hls-video')
      expect(await pip.getAttribute('aria-pressed')).toBe('true')
      await showControls(page)
      await pip.click()
      await expect.poll(() => page.evaluate(() => document.pictureInPictureElement)).toBeNull()
    }
    await context.close()
  })

  it('offers casting only while the Remote Playback API reports a device, and opens its picker', async () => {
    const none = await newPage(browser(), baseUrl, 'desktop')
    await none.page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(none.page)
    await playUntil(none.page, 0.3)
    expect(await none.page.getByRole('button', { name: 'Cast to a device' }).count()).toBe(0)
    await none.context.close()

    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    // A browser with a cast device in reach: the Remote Playback API reports it available.
    await context.addInitScript(() => {
      const prompts: number[] = []
      ;(window as unknown as { castPrompts: number[] }).castPrompts = prompts
      class FakeRemote extends EventTarget {
        state = 'disconnected'
        watchAvailability(callback: (available: boolean) => void) {
          setTimeout(() => callback(true), 50)
          return Promise.resolve(1)
        }
        cancelWatchAvailability() {
          return Promise.resolve()
        }
        prompt() {
          prompts.push(Date.now())
          return Promise.resolve()
        }
      }
      Object.defineProperty(HTMLMediaElement.prototype, 'remote', { configurable: true, get: () => new FakeRemote() })
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    const cast = page.getByRole('button', { name: 'Cast to a device' })
    await cast.waitFor({ timeout: 10_000 })
    await showControls(page)
    await cast.click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { castPrompts: number[] }).castPrompts.length)).toBe(1)
    await context.close()
  })
})

describe('before Play', () => {
  /** Media the player would fetch: playlists, segments, files, and anything the browser loads as media. */
  const isMedia = (req: Request) => req.resourceType() === 'media' || /\.(m3u8|m4s|mp4|m4a|m4v|ts|aac|webm|mpd)$/.test(new URL(req.url()).pathname)

  it('a title page fetches no player code and no media; hovering or focusing Play fetches hls.js, and the press plays', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const hls = hlsFile()
    const playerModule = `/${buildManifest()['features/title/hls-player.tsx']!.file}`
    let hlsFetches = 0
    let playerFetches = 0
    const media: string[] = []
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname
      if (path === hls) hlsFetches += 1
      if (path === playerModule) playerFetches += 1
      if (isMedia(req)) media.push(req.url())
    })
    const video = page.getByTestId('hls-video')
    const expectNothingOfThePlayer = async (path: string) => {
      expect(hlsFetches, `${path} fetched hls.js`).toBe(0)
      expect(playerFetches, `${path} fetched the player`).toBe(0)
      expect(media, `${path} fetched media`).toEqual([])
      expect(await page.locator('iframe, video').count(), path).toBe(0)
    }

    for (const path of [`/movie/${movieId}`, `/tv/${showId}`]) {
      await page.goto(path, { waitUntil: 'load' })
      await page.getByTestId('player').waitFor()
      await page.waitForTimeout(2000)
      await expectNothingOfThePlayer(path)
      expect(await playButton(page).isVisible(), path).toBe(true)
    }
    expect(await playButton(page).getAttribute('aria-label')).toBe('Play S1 E1')

    // The pointer over Play is enough to start fetching hls.js, and no media yet.
    await playButton(page).hover()
    await expect.poll(() => hlsFetches, { timeout: 5000 }).toBe(1)
    expect(playerFetches).toBe(1)
    expect(media).toEqual([])

    // The press alone starts playback: the test never calls play() here.
    await playButton(page).click()
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')
      return !!v && !v.paused && v.currentTime > 0.5
    }, undefined, { timeout: 20_000 })
    const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime)
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 }).toBeGreaterThan(at + 0.5)
    expect(media.some((url) => url.endsWith('.m3u8'))).toBe(true)
    expect(hlsFetches, 'hls.js fetched once, shared by the hover and the press').toBe(1)
    // The focus moved into the player, so its keyboard shortcuts work at once.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/video player/)

    // By keyboard: focus on Play fetches hls.js, Enter plays.
    hlsFetches = 0
    playerFetches = 0
    media.length = 0
    await page.goto(`/movie/${movieId}`, { waitUntil: 'load' })
    await page.getByTestId('player').waitFor()
    await page.waitForTimeout(1000)
    await expectNothingOfThePlayer(`/movie/${movieId}`)
    await playButton(page).focus()
    await expect.poll(() => hlsFetches, { timeout: 5000 }).toBe(1)
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 })
    expect(hlsFetches).toBe(1)
    await context.close()
  })
})

describe('player sources', () => {
  const embedOrigin = 'https://embed.reelhouse.test'
  let releaseSlowImage: () => void = () => {}

  /**
   * The e2e server runs with the default (built-in) sources, so an operator's PLAYER_SOURCES is
   * added to the real /api/player/config answer here (the page is served without its first data,
   * so it asks for that answer), and the operator's player host is served by the test: its page
   * posts player_ready at once while an image holds its load event back.
   */
  async function withOperatorSource(context: BrowserContext) {
    await withoutFirstData(context)
    await context.route('**/api/player/config', async (route: Route) => {
      const real = await route.fetch()
      const body = await real.json()
      body.sources.push({ id: 'source-test', name: 'Operator Player', kind: 'embed', template: `${embedOrigin}/embed/{type}/{id}/{season}/{episode}` })
      await route.fulfill({ response: real, json: body })
    })
    const slow = new Promise<void>((resolve) => (releaseSlowImage = resolve))
    await context.route(`${embedOrigin}/**`, async (route: Route) => {
      if (route.request().url().endsWith('/slow.png')) {
        await slow
        return route.fulfill({ status: 204 })
      }
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>operator</title><p>operator player</p><img src="/slow.png" alt=""><script>parent.postMessage({ type: 'player_ready' }, '*')</script>`,
      })
    })
  }

  it("loads the operator's frame only when the viewer presses Play", async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await withOperatorSource(context)
    const operatorRequests: string[] = []
    page.on('request', (req) => {
      if (req.url().startsWith(embedOrigin)) operatorRequests.push(req.url())
    })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Operator Player' }).click()
    expect(await page.getByRole('button', { name: 'Operator Player', pressed: true }).isVisible()).toBe(true)
    await playButton(page).hover()
    await page.waitForTimeout(1000)
    expect(await page.locator('iframe').count()).toBe(0)
    expect(operatorRequests).toEqual([])

    await pressPlay(page)
    await page.locator('iframe[title$="player"]').waitFor()
    await expect.poll(() => operatorRequests.length).toBeGreaterThan(0)
    releaseSlowImage()
    await context.close()
  })

  it('switches to an operator frame, sandboxed, with the quality hint, hiding the overlay on player_ready', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await withOperatorSource(context)
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await pressPlay(page)
    await page.getByTestId('hls-video').waitFor()
    await page.getByRole('button', { name: 'Operator Player' }).click()
    expect(await page.getByRole('button', { name: 'Operator Player', pressed: true }).isVisible()).toBe(true)

    const frame = page.locator('iframe[title$="player"]')
    await frame.waitFor()
    const src = new URL((await frame.getAttribute('src'))!)
    expect(src.origin).toBe(embedOrigin)
    expect(src.pathname).toBe(`/embed/movie/${movieId}`)
    expect(src.searchParams.get('quality')).toMatch(/^(low|medium|high|auto)$/)
    expect(src.searchParams.get('buffer')).toMatch(/^(minimal|reduced|normal|optimal)$/)
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation')
    expect(await frame.getAttribute('allow')).toBe('autoplay; fullscreen; encrypted-media; picture-in-picture')
    expect(await frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin')
    // The frame's load event is still held back by its image; only player_ready can clear the overlay.
    await page.getByTestId('player-loading').waitFor({ state: 'detached', timeout: 5000 })
    releaseSlowImage()

    await page.getByRole('button', { name: 'Reelhouse Player' }).click()
    await page.getByTestId('hls-video').waitFor()
    expect(await frame.count()).toBe(0)
    await context.close()
  })

  it("records what an operator's frame reports through the progress protocol, and only from that frame", async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await withOperatorSource(context)
    // The operator's player: it reports its playhead every half second for four seconds, then pauses.
    await context.route(`${embedOrigin}/embed/**`, (route: Route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>operator</title><p>operator player</p><script>
          let t = 30
          const timer = setInterval(() => {
            t += 0.5
            parent.postMessage({ type: 'progress', currentTime: t, duration: 3600 }, '*')
            if (t >= 34) { clearInterval(timer); parent.postMessage({ type: 'pause' }, '*') }
          }, 500)
        </script>`,
      }),
    )
    await signIn(page)
    const entryOf = async () => (await (await page.request.get(`${baseUrl}/api/me/history/movie/${movieId}`)).json()).entry
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Operator Player' }).click()
    // Pressing Play records the title as Started, whatever the frame says later.
    await pressPlay(page)
    await expect.poll(entryOf, { timeout: 10_000 }).toBeTruthy()
    await expect.poll(async () => (await entryOf())?.position, { timeout: 15_000 }).toBe(34)
    const entry = await entryOf()
    expect(entry).toMatchObject({ total_duration: 3600, status: 'In Progress', completed: false })
    expect(entry.watch_duration).toBeGreaterThanOrEqual(3)
    expect(entry.watch_duration).toBeLessThanOrEqual(5)

    // Messages from anywhere but the frame are ignored, even this page's own: leaving the page
    // sends nothing new.
    const posts: string[] = []
    page.on('request', (req) => {
      if (req.url().endsWith('/api/me/history') && req.method() !== 'GET') posts.push(req.postData() ?? '')
    })
    await page.evaluate(() => {
      window.postMessage({ type: 'progress', currentTime: 3000, duration: 3600 }, '*')
      window.postMessage({ type: 'progress', currentTime: 3001, duration: 3600 }, '*')
    })
    await page.waitForTimeout(300)
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })))
    await page.waitForTimeout(1000)
    expect(posts).toEqual([])
    expect((await entryOf()).position).toBe(34)
    await context.close()
  })
})

describe('trailer source', () => {
  const videoSiteOrigin = 'https://videos.reelhouse.test'
  const trailerKey = 'Tr4iler_key-1'

  /**
   * As TMDB would give it: the film's videos name a video site and a key. The operator's
   * TRAILER_EMBEDS is added to the real /api/player/config answer (the page is served without its
   * first data, so it asks for these answers), and the video site's embed page is served by the test. `noStream` answers the stream lookup as it is for a TMDB title that no
   * stream is mapped to.
   */
  async function withHostedTrailer(context: BrowserContext, options: { noStream?: boolean } = {}) {
    await withoutFirstData(context)
    await context.route(new RegExp(`/api/catalog/movie/${movieId}(\\?|$)`), async (route: Route) => {
      const real = await route.fetch()
      const body = await real.json()
      body.videos = {
        results: [
          { id: 'v1', key: 'behind-the-scenes', name: 'Behind the Scenes', site: 'YouTube', type: 'Featurette', official: true },
          { id: 'v2', key: trailerKey, name: 'Official Trailer', site: 'YouTube', type: 'Trailer', official: true },
        ],
      }
      await route.fulfill({ response: real, json: body })
    })
    await context.route('**/api/player/config', async (route: Route) => {
      const real = await route.fetch()
      const body = await real.json()
      body.trailerEmbeds = { youtube: `${videoSiteOrigin}/embed/{key}?rel=0` }
      await route.fulfill({ response: real, json: body })
    })
    if (options.noStream) {
      await context.route('**/api/player/stream/**', (route: Route) => route.fulfill({ json: { url: null, label: null, origin: 'none' } }))
    }
    await context.route(`${videoSiteOrigin}/**`, (route: Route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>trailer</title><p>trailer playing</p>' }),
    )
  }

  it('plays a hosted trailer through the operator embed, in a sandboxed frame', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await withHostedTrailer(context)
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    // A title with a stream still opens on our player; the trailer is one click away.
    await pressPlay(page)
    await page.getByTestId('hls-video').waitFor()
    await page.getByRole('button', { name: 'Trailer' }).click()
    expect(await page.getByRole('button', { name: 'Trailer', pressed: true }).isVisible()).toBe(true)

    const frame = page.locator(`iframe[title="${movieTitle}: Official Trailer"]`)
    await frame.waitFor()
    expect(await frame.getAttribute('src')).toBe(`${videoSiteOrigin}/embed/${trailerKey}?rel=0`)
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation')
    await page.getByTestId('player-loading').waitFor({ state: 'detached', timeout: 5000 })
    expect(await page.frameLocator(`iframe[title="${movieTitle}: Official Trailer"]`).getByText('trailer playing').isVisible()).toBe(true)
    expect(await page.getByTestId('hls-video').count()).toBe(0)
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it('opens on the trailer when the title has no stream, and says so on our player', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await withHostedTrailer(context, { noStream: true })
    await page.goto(`/movie/${movieId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Trailer', pressed: true }).waitFor()
    expect(await page.locator('iframe').count()).toBe(0)
    await pressPlay(page)
    await page.locator(`iframe[src^="${videoSiteOrigin}/embed/${trailerKey}"]`).waitFor()

    await page.getByRole('button', { name: 'Reelhouse Player' }).click()
    await page.getByText('No stream is available for this title yet.').waitFor()
    expect(await page.locator('iframe').count()).toBe(0)
    await context.close()
  })
})

describe('/tv/{id}', () => {
  it('picks seasons and episodes, searches episodes, and plays the episode', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('heading', { level: 1, name: showName }).waitFor()
    const nowPlaying = page.getByTestId('now-playing')
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 1, Episode 1/)
    const episodes = page.getByTestId('episode-list')
    await episodes.locator('li button').first().waitFor()

    await chooseSeason(page, 2)
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 2, Episode 1/)
    await expect.poll(() => episodes.locator('li button').first().innerText()).toMatch(/^1\. /)

    const search = page.getByLabel('Search episodes')
    await search.fill('no such episode anywhere')
    await episodes.getByText('No episodes match').waitFor()
    await search.fill('3')
    const numbers = await episodes.locator('li button p:first-child').allInnerTexts()
    expect(numbers.length).toBeGreaterThan(0)
    for (const text of numbers) expect(text.toLowerCase()).toMatch(/3/)

    const third = episodes.getByRole('button', { name: /^3\. / })
    await search.fill('')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await third.click()
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 2, Episode 3/)
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0)
    expect(await third.getAttribute('aria-current')).toBe('true')

    await search.fill('something')
    await chooseSeason(page, 1)
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 1, Episode 1/)
    expect(await search.inputValue()).toBe('')

    expect(await playUntil(page, 1)).toBeGreaterThan(1)
    expect(await page.getByRole('heading', { name: 'Trending Shows' }).isVisible()).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`reaches every season at ${viewport === 'phone' ? '390' : '1440'} px, names each with its episodes, and lists the episodes in the page`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      const nowPlaying = page.getByTestId('now-playing')
      const episodes = page.getByTestId('episode-list')

      // Eight seasons: a menu holds them all.
      await page.goto('/tv/1399', { waitUntil: 'domcontentloaded' })
      const menu = page.getByRole('combobox', { name: 'Seasons' })
      await menu.waitFor()
      // the painted menu and tabs answer once React has the page
      await takenOver(page)
      const options = (await menu.locator('option').allInnerTexts()).map((text) => text.trim())
      expect(options).toHaveLength(8)
      expect(options[0]).toBe('Season 1, 10 episodes')
      expect(options[7]).toBe('Season 8, 6 episodes')
      await menu.selectOption('8')
      await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 8, Episode 1\b/)
      await expect.poll(() => episodes.locator('li button').count()).toBe(6)
      // Inline: the list is as tall as its episodes, and the page itself scrolls to the last one.
      expect(await episodes.evaluate((el) => [getComputedStyle(el).overflowY, el.scrollHeight <= el.clientHeight + 1])).toEqual(['visible', true])
      expect(await seriousA11yViolations(page)).toEqual([])

      // Five seasons: tabs, which scroll sideways behind arrow buttons where they do not fit.
      await page.goto('/tv/1396', { waitUntil: 'domcontentloaded' })
      const tabs = page.getByRole('tablist', { name: 'Seasons' })
      await tabs.waitFor()
      await takenOver(page)
      expect((await tabs.getByRole('tab').allInnerTexts()).map((text) => text.trim())).toEqual([
        'Season 1, 7 episodes',
        'Season 2, 13 episodes',
        'Season 3, 13 episodes',
        'Season 4, 13 episodes',
        'Season 5, 16 episodes',
      ])
      const last = tabs.getByRole('tab', { name: 'Season 5, 16 episodes' })
      const inStrip = () => tabs.evaluate((strip, name) => {
        const tab = Array.from(strip.querySelectorAll<HTMLElement>('[role="tab"]')).find((el) => el.innerText.trim() === name)!
        const a = strip.getBoundingClientRect()
        const b = tab.getBoundingClientRect()
        return b.left >= a.left - 1 && b.right <= a.right + 1
      }, 'Season 5, 16 episodes')
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Later seasons' }).waitFor()
        expect(await inStrip()).toBe(false)
        // each press scrolls smoothly: the strip is let come to rest before it is measured again,
        // or a press would be aimed at an arrow that the end of the scroll has just taken away
        const atRest = () =>
          tabs.evaluate(
            (strip) =>
              new Promise<void>((resolve) => {
                let last = Number.NaN
                const look = () => (strip.scrollLeft === last ? resolve() : ((last = strip.scrollLeft), setTimeout(look, 150)))
                look()
              }),
          )
        while (!(await inStrip())) {
          await page.getByRole('button', { name: 'Later seasons' }).click()
          await atRest()
        }
        await page.getByRole('button', { name: 'Earlier seasons' }).waitFor()
      } else {
        expect(await inStrip()).toBe(true)
        expect(await page.getByRole('button', { name: 'Later seasons' }).count()).toBe(0)
        // The arrow keys move between the tabs; Enter opens one.
        await tabs.getByRole('tab', { selected: true }).focus()
        await page.keyboard.press('End')
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Season 5, 16 episodes')
        await page.keyboard.press('ArrowRight')
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Season 1, 7 episodes')
        await page.keyboard.press('ArrowLeft')
      }
      await last.click()
      await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 5, Episode 1\b/)
      expect(await last.getAttribute('aria-selected')).toBe('true')
      await expect.poll(() => episodes.locator('li button').count()).toBe(16)
      expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(await last.getAttribute('id'))
      expect(await noHorizontalOverflow(page)).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])
      await context.close()
    })
  }

  it('names the seasons in Arabic with a plural of their episodes, right to left', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await page.goto('/ar/tv/1396', { waitUntil: 'domcontentloaded' })
    const tabs = page.getByRole('tablist', { name: 'المواسم' })
    await tabs.waitFor()
    const names = await tabs.getByRole('tab').evaluateAll((all) => all.map((tab) => tab.textContent))
    const digits = (n: number) => new Intl.NumberFormat('ar').format(n)
    expect(names[0]).toBe(`الموسم 1، ${digits(7)} حلقات`)
    expect(names[4]).toBe(`الموسم 5، ${digits(16)} حلقة`)
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    // The strip starts at the right; Later seasons is on the left.
    const later = (await page.getByRole('button', { name: 'المواسم التالية' }).boundingBox())!
    const strip = (await tabs.boundingBox())!
    expect(later.x).toBeLessThan(strip.x + strip.width / 2)
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it('toggles the watchlist signed in, and asks a visitor to log in', async () => {
    const visitor = await newPage(browser(), baseUrl, 'desktop')
    await visitor.page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await visitor.page.getByRole('button', { name: 'Add to Watchlist' }).click()
    await visitor.page.locator('[data-toast="error"]', { hasText: 'Please login to add to watchlist' }).waitFor()
    await visitor.context.close()

    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await signIn(page)
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Add to Watchlist' }).click()
    await page.locator('[data-toast="success"]', { hasText: 'Added to watchlist!' }).waitFor()
    expect(await (await page.request.get(`${baseUrl}/api/me/watchlist/tv/${showId}`)).json()).toEqual({ inWatchlist: true })
    await page.getByRole('button', { name: 'Remove from Watchlist' }).click()
    await page.locator('[data-toast="success"]', { hasText: 'Removed from watchlist!' }).waitFor()
    expect(await (await page.request.get(`${baseUrl}/api/me/watchlist/tv/${showId}`)).json()).toEqual({ inWatchlist: false })
    await context.close()
  })

  it('keeps a watchlist press made before the page knows who is signed in, and carries it out once it does', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await signIn(page)
    // The session answer is held back until after the press.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await context.route('**/api/auth/me', async (route) => {
      await held
      await route.fallback()
    })
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Add to Watchlist' }).click()
    release()
    await page.locator('[data-toast="success"]', { hasText: 'Added to watchlist!' }).waitFor()
    expect(await (await page.request.get(`${baseUrl}/api/me/watchlist/tv/${showId}`)).json()).toEqual({ inWatchlist: true })
    await context.close()
  })

  it('steps through the episodes with Previous and Next, across seasons', async () => {
    const show = await getJson<{ seasons: { season_number: number; episode_count: number }[] }>(`/api/catalog/tv/${showId}`)
    const firstCount = show.seasons.find((s) => s.season_number === 1)!.episode_count
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    const nowPlaying = page.getByTestId('now-playing')
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 1, Episode 1\b/)
    const previous = page.getByRole('button', { name: 'Previous episode' })
    const next = page.getByRole('button', { name: 'Next episode' })
    expect(await previous.isDisabled()).toBe(true)

    await next.click()
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 1, Episode 2\b/)
    // A chosen episode starts by itself.
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 })

    await page.getByTestId('episode-list').getByRole('button', { name: new RegExp(`^${firstCount}\\. `) }).click()
    await expect.poll(() => nowPlaying.innerText()).toMatch(new RegExp(`^Season 1, Episode ${firstCount}\\b`))
    await next.click()
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 2, Episode 1\b/)
    expect(await chosenSeason(page)).toMatch(/^Season 2, \d+ episodes$/)
    await expect.poll(() => page.getByTestId('episode-list').locator('li button').first().getAttribute('aria-current')).toBe('true')
    await previous.click()
    await expect.poll(() => nowPlaying.innerText()).toMatch(new RegExp(`^Season 1, Episode ${firstCount}\\b`))
    expect(await noHorizontalOverflow(page)).toBe(true)
    await context.close()
  })

  it('counts down to the next episode at the end of one, which Cancel stops and Play now skips', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await signIn(page)
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    const nowPlaying = page.getByTestId('now-playing')
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 1, Episode 1\b/)
    const upNext = page.getByRole('region', { name: 'Up next' })
    await pressPlay(page)
    const playToEnd = async () => {
      await playUntil(page, 0.2)
      await page.getByTestId('hls-video').evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.5))
      await upNext.waitFor({ timeout: 15_000 })
    }

    await playToEnd()
    expect(await upNext.innerText()).toMatch(/Season 1, Episode 2/)
    expect(await upNext.innerText()).toMatch(/Playing in \d+ s/)
    await expectClearOfControls(page, upNext)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Play now')
    expect(await page.getByRole('status').filter({ hasText: 'Up next: Season 1, Episode 2' }).count()).toBe(1)
    expect(await seriousA11yViolations(page)).toEqual([])
    // Going back into the episode puts the card away.
    await page.getByTestId('hls-video').evaluate((v: HTMLVideoElement) => (v.currentTime = 2))
    await upNext.waitFor({ state: 'detached', timeout: 5000 })
    await playToEnd()
    await upNext.getByRole('button', { name: 'Cancel' }).click()
    expect(await upNext.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('group')
    expect(await nowPlaying.innerText()).toMatch(/^Season 1, Episode 1\b/)

    // Finished, so a return to the show opens on the next episode.
    await expect.poll(async () => (await (await page.request.get(`${baseUrl}/api/me/history/tv/${showId}`)).json()).entry?.position, { timeout: 10_000 }).toBeGreaterThan(11)
    await page.reload()
    await expect.poll(() => nowPlaying.innerText()).toMatch(/^Season 1, Episode 2\b/)
    await pressPlay(page)

    // Left alone, the count runs out and the next episode plays.
    await playToEnd()
    await expect.poll(() => nowPlaying.innerText(), { timeout: 15_000 }).toMatch(/^Season 1, Episode 3\b/)
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 })

    // After episode 3 comes episode 4, or the next season's first when season 1 has only three.
    const show = await getJson<{ seasons: { season_number: number; episode_count: number }[] }>(`/api/catalog/tv/${showId}`)
    const afterThird = show.seasons.find((s) => s.season_number === 1)!.episode_count > 3 ? /^Season 1, Episode 4\b/ : /^Season 2, Episode 1\b/
    await playToEnd()
    await upNext.getByRole('button', { name: 'Play now' }).click()
    await expect.poll(() => nowPlaying.innerText()).toMatch(afterThird)
    await context.close()
  })

  it('comes back to the saved season and episode', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await signIn(page)
    const saved = { content_id: showId, content_type: 'tv', title: showName, poster_path: null, watch_duration: 30, position: 5, total_duration: 12, season_number: 2, episode_number: 2 }
    expect((await page.request.put(`${baseUrl}/api/me/history`, { data: saved, headers: { Origin: baseUrl } })).ok()).toBe(true)
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    await expect.poll(() => page.getByTestId('now-playing').innerText()).toMatch(/^Season 2, Episode 2/)
    await context.close()
  })

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`offers search and popular titles for an id the catalogue lacks, at ${viewport === 'phone' ? '390' : '1440'} px`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await page.goto('/tv/987654321', { waitUntil: 'domcontentloaded' })
      await page.getByRole('heading', { level: 1, name: 'TV Show not found' }).waitFor()
      await page.getByRole('region', { name: 'Popular TV Shows' }).locator('a[href^="/tv/"]').first().waitFor()

      await page.goto('/movie/987654321', { waitUntil: 'domcontentloaded' })
      await page.getByRole('heading', { level: 1, name: 'Movie not found' }).waitFor()
      expect(await page.getByText('We could not find this title. Search for it, or pick one of the popular titles below.').isVisible()).toBe(true)
      const popular = page.getByRole('region', { name: 'Popular Movies' })
      await popular.locator('a[href^="/movie/"]').first().waitFor()
      expect(await popular.locator('a[href^="/movie/"]').count()).toBeGreaterThan(5)
      expect(await noHorizontalOverflow(page)).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])

      const search = page.locator('main').getByRole('search')
      await search.getByRole('searchbox', { name: 'Search movies and TV shows' }).fill('dark knight')
      await search.getByRole('button', { name: 'Search' }).click()
      await page.waitForURL(/\/search-results\?q=dark(\+|%20)knight$/)
      await context.close()
    })
  }
})

describe('phones', () => {
  it('both pages fit 390 px without sideways scrolling, and pass axe there too', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    for (const path of [`/movie/${movieId}`, `/tv/${showId}`]) {
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.getByTestId('player').waitFor()
      expect(await noHorizontalOverflow(page), path).toBe(true)
      expect(await seriousA11yViolations(page), path).toEqual([])
      expect(await gapAboveTitle(page), path).toBeLessThanOrEqual(40)
    }
    // A tablet's width, between the phone's layout and the desktop's.
    await page.setViewportSize({ width: 768, height: 1024 })
    expect(await gapAboveTitle(page)).toBeLessThanOrEqual(40)
    await context.close()
  })

  it('shows the cast arrows only when the strip can scroll, and scrolls it by 200 px', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto(`/tv/${showId}`, { waitUntil: 'domcontentloaded' })
    const strip = page.getByTestId('cast-strip')
    await strip.waitFor()
    await page.waitForTimeout(400)
    const overflows = () => strip.evaluate((el) => el.scrollWidth > el.clientWidth + 1)
    const right = page.getByRole('button', { name: 'Scroll cast right' })
    expect(await right.count()).toBe((await overflows()) ? 1 : 0)

    // Narrow enough that any cast overflows; the resize listener brings the arrow in.
    await page.setViewportSize({ width: 260, height: 800 })
    await expect.poll(overflows).toBe(true)
    await right.waitFor()
    expect(await page.getByRole('button', { name: 'Scroll cast left' }).count()).toBe(0)
    await right.click()
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    const max = await strip.evaluate((el) => el.scrollWidth - el.clientWidth)
    await expect.poll(() => strip.evaluate((el) => Math.round(el.scrollLeft))).toBe(Math.min(200, Math.round(max)))
    await page.getByRole('button', { name: 'Scroll cast left' }).waitFor()
    await context.close()
  })
})

describe('hls.js', () => {
  it('is reachable only from the title pages (and a watch party, and the administrators\' stream preview)', () => {
    const manifest = buildManifest()
    const hlsKey = Object.keys(manifest).find((key) => key.includes('node_modules/hls.js/'))
    expect(hlsKey, 'hls.js has a chunk of its own').toBeDefined()

    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen
      seen.add(key)
      for (const dep of manifest[key]?.imports ?? []) closure(dep, seen)
      return seen
    }
    const pages = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry || chunk.isDynamicEntry)
    const titlePages = ['features/title/movie-page.tsx', 'features/title/tv-page.tsx']
    expect(pages.map(([key]) => key)).toEqual(expect.arrayContaining([...titlePages, 'features/home/home-page.tsx']))

    // Our player's module comes and goes with hls.js: only the title pages can load either.
    const playerKey = 'features/title/hls-player.tsx'
    expect(manifest[playerKey]?.isDynamicEntry, 'our player has a chunk of its own').toBe(true)

    // Besides them, only a watch party's page, which plays its title on the same player, and the
    // administrators' Streams tab (its own chunk) may, for its preview.
    const mayPlay = [...titlePages, playerKey, 'features/party/party-page.tsx', 'features/admin/streams-tab.tsx']
    for (const [key] of pages) {
      if (key === hlsKey) continue
      const graph = closure(key)
      expect(graph.has(hlsKey!), `${key} loads hls.js up front`).toBe(false)
      for (const lazy of [hlsKey!, playerKey]) {
        if (key === lazy) continue
        const reaches = [...graph].some((k) => manifest[k]?.dynamicImports?.includes(lazy))
        expect(reaches, `${key} can load ${lazy}`).toBe(mayPlay.includes(key))
      }
    }
  })

  it('is not fetched by the home page', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    const scripts: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url())
    })
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.locator('main#main h1, main#main h2').first().waitFor()
    await page.waitForTimeout(1000)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((url) => /\/assets\/hls-/.test(url))).toEqual([])
    await context.close()
  })
})

describe('/person/{id}', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`opens a cast member of The Dark Knight, sorts their filmography by year and rating, and opens a film from it (${viewport === 'phone' ? '390' : '1440'} px)`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      const film = await getJson<{ title: string; credits: { cast: { id: number; name: string }[] } }>('/api/catalog/movie/155')
      const actor = film.credits.cast[0]!
      await page.goto('/movie/155', { waitUntil: 'domcontentloaded' })
      await page.getByRole('heading', { level: 1, name: film.title }).waitFor()
      await page.getByTestId('cast-strip').getByRole('link', { name: new RegExp(actor.name) }).first().click()
      await page.waitForURL(`**/person/${actor.id}`)
      await page.getByRole('heading', { level: 1, name: actor.name }).waitFor()
      const person = await getJson<{ cast: { id: number; title: string; year: number | null; vote_average: number; vote_count: number }[] }>(`/api/catalog/person/${actor.id}`)
      const grid = page.getByTestId('filmography')
      const cards = () => grid.locator(':scope > li a p[data-catalog]').allInnerTexts()
      expect((await cards()).length).toBe(new Set(person.cast.map((c) => c.id)).size)
      expect(await cards()).toContain(film.title)

      await page.getByRole('group', { name: 'Sort by' }).getByRole('button', { name: 'Newest' }).click()
      await page.waitForURL(/\?sort=year$/)
      const byYear = [...person.cast].sort((a, b) => (b.year ?? -1) - (a.year ?? -1) || a.id - b.id).map((c) => c.title)
      await expect.poll(cards).toEqual(byYear)
      await page.getByRole('group', { name: 'Sort by' }).getByRole('button', { name: 'Rating' }).click()
      await page.waitForURL(/\?sort=rating$/)
      const byRating = [...person.cast].sort((a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count || a.id - b.id).map((c) => c.title)
      await expect.poll(cards).toEqual(byRating)
      // The order lives in the address: a reload keeps it.
      await page.reload({ waitUntil: 'domcontentloaded' })
      await expect.poll(cards).toEqual(byRating)
      expect(await page.getByRole('group', { name: 'Sort by' }).getByRole('button', { name: 'Rating' }).getAttribute('aria-pressed')).toBe('true')
      await page.screenshot({ path: `/tmp/person-${viewport}-en.png`, fullPage: false })
      expect(await seriousA11yViolations(page)).toEqual([])

      const other = byRating.find((title) => title !== film.title) ?? film.title
      await grid.getByRole('link', { name: new RegExp(other.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click()
      await page.getByRole('heading', { level: 1, name: other }).waitFor()
      expect(page.url()).toMatch(/\/(movie|tv)\/\d+$/)

      // In Arabic the page reads right to left, its sort in Arabic, and stays axe-clean.
      await page.goto(`/ar/person/${actor.id}?sort=year`, { waitUntil: 'domcontentloaded' })
      await page.getByRole('heading', { level: 1, name: actor.name }).waitFor()
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await expect.poll(cards).toEqual(byYear)
      await page.screenshot({ path: `/tmp/person-${viewport}-ar.png`, fullPage: false })
      expect(await seriousA11yViolations(page)).toEqual([])
      await context.close()
    })
  }

  it('says an unknown person is not found and offers a way on', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto('/person/2147483000', { waitUntil: 'domcontentloaded' })
    await page.getByRole('heading', { level: 1, name: 'Person not found' }).waitFor()
    // Its own search besides the header's, and popular films to go on with.
    expect(await page.getByRole('main').getByRole('search').count()).toBe(1)
    await page.getByRole('heading', { name: 'Popular Movies' }).waitFor()
    await context.close()
  })
})

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { getJson, newPage, seriousA11yViolations, signInNewUser, useBrowser, dismissCookieBanner } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()


/** Signs up and in through the API from inside the browser context, so the cookie lands there. */
async function signedInPage(viewport: 'phone' | 'desktop' = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await signInNewUser(page, baseUrl, 'lists')
  return { context, page }
}

async function addToWatchlist(page: Page, id: number, title: string, type: 'movie' | 'tv' = 'movie') {
  const res = await page.request.post(`${baseUrl}/api/me/watchlist`, {
    data: { content_id: id, content_type: type, title, poster_path: null },
    headers: { Origin: baseUrl },
  })
  expect(res.ok()).toBe(true)
}

async function recordHistory(page: Page, entry: Record<string, unknown>) {
  const res = await page.request.put(`${baseUrl}/api/me/history`, { data: { poster_path: null, ...entry }, headers: { Origin: baseUrl } })
  expect(res.ok()).toBe(true)
}

describe('/watchlist and /last-watched for a visitor', () => {
  it.each([
    ['/watchlist', 'Login to View Your Watchlist'],
    ['/last-watched', 'Login to View Your Watch History'],
  ])('%s shows Access Restricted with only Go Back', async (path, subheading) => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await page.goto(path)
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor()
    expect(await page.getByText(subheading).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true)
    expect(await page.locator('main').getByRole('link', { name: 'Go to Home' }).count()).toBe(0)
    await context.close()
  })
})

describe('/watchlist signed in', () => {
  it('shows the empty state linking to /movies', async () => {
    const { context, page } = await signedInPage()
    await page.goto('/watchlist')
    await page.getByText('Your watchlist is empty').waitFor()
    expect(await page.getByRole('link', { name: 'Browse Movies' }).getAttribute('href')).toBe('/movies')
    await context.close()
  })

  it('lists saved titles newest first and removes one', async () => {
    const { context, page } = await signedInPage()
    await addToWatchlist(page, 101, 'First Saved Film')
    await addToWatchlist(page, 202, 'Second Saved Show', 'tv')
    await page.goto('/watchlist')
    const cards = page.locator('main article h2')
    await cards.first().waitFor()
    expect(await cards.allTextContents()).toEqual(['Second Saved Show', 'First Saved Film'])
    expect(await page.getByRole('link', { name: /Second Saved Show/ }).getAttribute('href')).toBe('/tv/202')

    expect(await seriousA11yViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Remove First Saved Film from watchlist' }).click()
    await page.locator('[data-toast="success"]', { hasText: 'Removed from watchlist' }).waitFor()
    await page.getByRole('button', { name: 'Remove First Saved Film from watchlist' }).waitFor({ state: 'detached' })
    expect(await cards.allTextContents()).toEqual(['Second Saved Show'])
    const stored = await (await page.request.get(`${baseUrl}/api/me/watchlist`)).json()
    expect(stored.results.map((e: { title: string }) => e.title)).toEqual(['Second Saved Show'])
    await context.close()
  })

  it('uses 2 columns on a phone and 5 on a wide screen', async () => {
    for (const [viewport, columns] of [['phone', 2], ['desktop', 5]] as const) {
      const { context, page } = await signedInPage(viewport)
      for (let i = 1; i <= 6; i++) await addToWatchlist(page, 300 + i, `Grid Title ${i}`)
      await page.goto('/watchlist')
      await page.locator('main article').first().waitFor()
      const template = await page.locator('main ul.grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns)
      expect(template.split(' ').length).toBe(columns)
      await context.close()
    }
  })
})

describe('/last-watched signed in', () => {
  it('shows statuses and progress, and Clear History asks first', async () => {
    const { context, page } = await signedInPage()
    await recordHistory(page, { content_id: 501, content_type: 'movie', title: 'Opened Only', watch_duration: 0 })
    await recordHistory(page, { content_id: 502, content_type: 'movie', title: 'Half Watched', watch_duration: 300, position: 600, total_duration: 1200 })
    await recordHistory(page, { content_id: 503, content_type: 'tv', title: 'Finished Show', watch_duration: 900, position: 1000, total_duration: 1000, completed: true, season_number: 2, episode_number: 4 })
    await page.goto('/last-watched')
    await page.getByText('Half Watched').waitFor()

    const card = (title: string) => page.locator('main article', { hasText: title })
    expect(await card('Opened Only').innerText()).toContain('Started')
    expect(await card('Half Watched').innerText()).toContain('In Progress')
    expect(await card('Finished Show').innerText()).toContain('Completed')
    expect(await card('Finished Show').innerText()).toContain('Season 2, Episode 4')
    // The card opens the episode itself.
    expect(await card('Finished Show').getByRole('link').getAttribute('href')).toBe('/tv/503?season=2&episode=4')
    expect(await card('Half Watched').getByRole('link').getAttribute('href')).toBe('/movie/502')
    const bar = card('Half Watched').getByRole('progressbar')
    expect(await bar.getAttribute('aria-valuenow')).toBe('50')
    expect(await card('Half Watched').innerText()).toContain('Continue watching')
    expect(await card('Opened Only').getByRole('progressbar').count()).toBe(0)

    expect(await seriousA11yViolations(page)).toEqual([])

    // Declining keeps everything.
    const messages: string[] = []
    page.once('dialog', (dialog) => {
      messages.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('button', { name: 'Clear History' }).click()
    await expect.poll(() => messages).toEqual(['Are you sure you want to clear your entire watch history? This action cannot be undone.'])
    expect(await page.locator('main article').count()).toBe(3)

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Clear History' }).click()
    await page.locator('[data-toast="success"]', { hasText: 'Watch history cleared successfully!' }).waitFor()
    await page.getByText('No watch history yet.').waitFor()
    const stored = await (await page.request.get(`${baseUrl}/api/me/history`)).json()
    expect(stored.results).toEqual([])
    await context.close()
  })

  it('requests 50 entries', async () => {
    const { context, page } = await signedInPage()
    const requested: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/me/history')) requested.push(new URL(req.url()).search)
    })
    await page.goto('/last-watched')
    await page.getByText('No watch history yet.').waitFor()
    expect(requested).toContain('?limit=50')
    await context.close()
  })
})

describe('Continue watching on a signed-in home', () => {
  let movie: { id: number; title: string }
  let show: { id: number; name: string }

  beforeAll(async () => {
    const movies = await getJson<{ results: { id: number; title: string }[] }>(baseUrl, '/api/catalog/lists/movie-popular')
    movie = movies.results[0]!
    // a show with a second season of three episodes or more, so "S2 E3" is an episode it has
    const shows = await getJson<{ results: { id: number; name: string }[] }>(baseUrl, '/api/catalog/lists/tv-popular')
    for (const item of shows.results) {
      const details = await getJson<{ seasons: { season_number: number; episode_count: number }[] }>(baseUrl, `/api/catalog/tv/${item.id}`)
      if (details.seasons.some((s) => s.season_number === 2 && s.episode_count >= 3)) {
        show = item
        break
      }
    }
    expect(show, 'a show with a second season of three episodes').toBeDefined()
  })

  /** The sample stream every title plays is 12 s long: the film stopped at 5 s, the episode at 4 s. */
  async function seedProgress(page: Page) {
    await recordHistory(page, { content_id: 9_001, content_type: 'movie', title: 'Finished Long Ago', watch_duration: 12, position: 12, total_duration: 12, completed: true })
    await recordHistory(page, { content_id: movie.id, content_type: 'movie', title: movie.title, watch_duration: 5, position: 5, total_duration: 12 })
    await recordHistory(page, { content_id: show.id, content_type: 'tv', title: show.name, watch_duration: 4, position: 4, total_duration: 12, season_number: 2, episode_number: 3 })
  }

  const top = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY)

  /** The row drawn at this width (the other width's copy is hidden). */
  const visibleRow = (page: Page) => page.locator('[data-testid="continue-watching"]:visible')

  /** Waits for our player to play and answers how far into the stream it started. */
  async function startedAt(page: Page): Promise<number> {
    const handle = await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="hls-video"]')
        return v && !v.paused && v.readyState >= 2 ? v.currentTime : false
      },
      undefined,
      { timeout: 20_000, polling: 50 },
    )
    return (await handle.jsonValue()) as number
  }

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`comes first at ${viewport} width, shows progress, removes a card for good and resumes where the viewer stopped`, async () => {
      const { context, page } = await signedInPage(viewport)
      await dismissCookieBanner(context)
      await seedProgress(page)
      await page.goto('/')
      const row = visibleRow(page)
      await row.getByRole('heading', { name: 'Continue watching' }).waitFor()

      // before every other row at this width, and before the hero on a phone
      const rowTop = await top(page, '[data-testid="continue-watching"]:visible')
      expect(rowTop).toBeLessThan(await top(page, '[aria-label="Home rows"] section'))
      const heroTop = await top(page, 'section[aria-label="Featured titles"]')
      if (viewport === 'phone') expect(rowTop).toBeLessThan(heroTop)
      else expect(rowTop).toBeGreaterThan(heroTop)

      const cards = row.locator('li')
      expect(await cards.count()).toBe(2)
      const showCard = cards.filter({ hasText: show.name })
      const movieCard = cards.filter({ hasText: movie.title })
      expect(await showCard.innerText()).toContain('S2 E3')
      expect(await showCard.innerText()).toContain('1 min left')
      expect(await showCard.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33')
      expect(await movieCard.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42')
      expect(await seriousA11yViolations(page)).toEqual([])

      // one card is taken off the row; the history keeps the title, and a reload does not bring it back
      const [removed, kept] = viewport === 'phone' ? [show.name, movie.title] : [movie.title, show.name]
      await row.getByRole('button', { name: `Remove ${removed} from Continue watching` }).click()
      await row.locator('li', { hasText: removed }).waitFor({ state: 'detached' })
      // this browser has shown a row: the next load holds its place, so nothing moves as it fills
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number }
        w.__cls = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      // as over a real network, the row's answer comes after the page's first data
      await context.route('**/api/me/continue-watching*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        await route.continue()
      })
      await page.reload()
      await visibleRow(page).locator('li', { hasText: kept }).waitFor()
      await page.waitForTimeout(500)
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.05)
      expect(await visibleRow(page).locator('li', { hasText: removed }).count()).toBe(0)
      const history = await (await page.request.get(`${baseUrl}/api/me/history`)).json()
      expect(history.results.map((e: { title: string }) => e.title)).toContain(removed)

      // a tap starts the player at once, where the viewer stopped (and on the episode)
      await visibleRow(page).locator('li', { hasText: kept }).getByRole('link').click()
      const at = await startedAt(page)
      const saved = viewport === 'phone' ? 5 : 4
      expect(Math.abs(at - saved), `started at ${at}`).toBeLessThan(1)
      if (viewport === 'desktop') {
        expect(new URL(page.url()).pathname).toBe(`/tv/${show.id}`)
        await expect.poll(() => page.getByTestId('now-playing').innerText()).toMatch(/^Season 2, Episode 3\b/)
      } else {
        expect(new URL(page.url()).pathname).toBe(`/movie/${movie.id}`)
      }
      await context.close()
    })
  }

  it('offers the next episode once an episode has played to its end, and a tap starts it from the beginning', async () => {
    const { context, page } = await signedInPage('desktop')
    await dismissCookieBanner(context)
    await recordHistory(page, { content_id: show.id, content_type: 'tv', title: show.name, watch_duration: 12, position: 12, total_duration: 12, season_number: 2, episode_number: 3 })
    await page.goto('/')
    const card = visibleRow(page).locator('li', { hasText: show.name })
    await card.waitFor()
    expect(await card.innerText()).toContain('S2 E4')
    expect(await card.innerText()).toContain('Next episode')
    expect(await card.getByRole('progressbar').count()).toBe(0)
    await card.getByRole('link').click()
    const at = await startedAt(page)
    expect(at, `started at ${at}`).toBeLessThan(1)
    await expect.poll(() => page.getByTestId('now-playing').innerText()).toMatch(/^Season 2, Episode 4\b/)
    await context.close()
  })

  it('shows the progress on the watchlist and Last Watched, and the row in Arabic from right to left', async () => {
    const { context, page } = await signedInPage('phone')
    await dismissCookieBanner(context)
    await seedProgress(page)
    await addToWatchlist(page, movie.id, movie.title)
    await page.goto('/watchlist')
    const saved = page.locator('main article', { hasText: movie.title })
    await saved.getByRole('progressbar').waitFor()
    expect(await saved.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42')
    expect(await saved.innerText()).toContain('1 min left')

    await page.goto('/last-watched')
    const watched = page.locator('main article', { hasText: show.name })
    await watched.getByRole('progressbar').waitFor()
    expect(await watched.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33')
    expect(await watched.innerText()).toContain('1 min left')
    expect(await page.locator('main article', { hasText: 'Finished Long Ago' }).getByRole('progressbar').count()).toBe(0)

    await page.goto('/ar/')
    const row = visibleRow(page)
    await row.getByRole('heading', { name: 'متابعة المشاهدة' }).waitFor()
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    const card = row.locator('li', { hasText: show.name })
    expect(await card.innerText()).toContain('م2 ح3')
    expect(await card.innerText()).toContain('يتبقى')
    expect(await card.innerText()).not.toMatch(/\bleft\b|\bmin\b/)
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

describe('following a show and the calendar', () => {
  it('follows a show from its page, finds it on /calendar from the account menu, and gets a private iCal feed', async () => {
    const { context, page } = await signedInPage('phone')
    await dismissCookieBanner(context)
    await page.goto('/tv/1396')
    const follow = page.getByRole('button', { name: 'Follow', exact: true })
    await follow.click()
    await page.getByRole('button', { name: 'Following', exact: true }).and(page.locator('[aria-pressed="true"]')).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.getByRole('button', { name: /^Account/ }).click()
    await page.getByRole('menuitem', { name: 'Calendar' }).click()
    await page.waitForURL('**/calendar')
    // the embedded catalogue's series have ended: said plainly, with what it knows
    await page.getByRole('note').filter({ hasText: 'snapshot' }).waitFor()
    expect(await page.getByText('No episodes of the shows you follow air in the next 30 days.').isVisible()).toBe(true)
    const last = page.locator('#calendar-latest ~ ul a', { hasText: 'Breaking Bad' })
    expect(await last.getAttribute('href')).toBe('/tv/1396?season=1&episode=1')

    await page.getByRole('button', { name: 'Get a private feed address' }).click()
    const address = await page.getByLabel('Your private feed address').inputValue()
    expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const feed = await page.request.get(address)
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    // a calendar with nothing in its days: the embedded catalogue's episodes aired long ago
    const text = await feed.text()
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n[\s\S]*END:VCALENDAR\r\n$/)
    expect(text).not.toContain('BEGIN:VEVENT')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { newPage, seriousA11yViolations, signInNewUser, useBrowser } from './browser'

const baseUrl = inject('baseUrl')
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

/**
 * "Because you watched" rows on the home page, at phone and desktop widths: a viewer who watched
 * three noir films finds rows named for them, painted with the page; after rating another film five
 * stars a row "Because you rated The Matrix 5 stars" leads; the page axe-clean, and in Arabic too.
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

/** Se7en, L.A. Confidential and Fargo. */
const NOIR = [807, 2206269, 2306716]

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

async function put(page: Page, path: string, data: unknown): Promise<void> {
  const res = await page.request.put(`${baseUrl}${path}`, { headers: { Origin: baseUrl }, data })
  expect(res.status(), await res.text()).toBe(200)
}

/** The titles of the rows, once they are on the page. */
async function rowTitles(page: Page): Promise<string[]> {
  const rows = page.getByTestId('recommendations')
  await rows.getByRole('heading').first().waitFor()
  return rows.getByRole('heading').allInnerTexts()
}

/** Scrolls the rows' first heading to the top of the screen, under the site's header. */
async function showRows(page: Page): Promise<void> {
  await page.getByTestId('recommendations').evaluate((rows) => window.scrollTo(0, rows.getBoundingClientRect().top + window.scrollY - 64))
}

describe('recommendations', () => {
  it('shows rows because of what the viewer watched, and a new one after a rating (390 and 1440 px)', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      await signInNewUser(page, baseUrl, 'recommended')
      for (const id of NOIR) await put(page, '/api/me/watched', { content_type: 'movie', content_id: id, watched: true })

      await page.goto('/')
      const before = await rowTitles(page)
      expect(before.length).toBeGreaterThanOrEqual(2)
      for (const title of before) expect(title).toMatch(/^Because you watched (Se7en|L\.A\. Confidential|Fargo)$/)
      // painted with the page: the rows are in its HTML, nothing moves in when they arrive
      expect(await (await page.request.get(`${baseUrl}/`, { headers: { accept: 'text/html' } })).text()).toContain('Because you watched')

      await put(page, '/api/me/ratings/movie/603', { rating: 10 })
      await page.goto('/')
      const after = await rowTitles(page)
      expect(after[0]).toBe('Because you rated The Matrix 5 stars')
      expect(after).not.toEqual(before)
      await showRows(page)
      await page.screenshot({ path: join(shots, `recommendations-${viewports[viewport].width}.png`) })
      await expectAccessible(page)

      if (viewport === 'phone') {
        await page.goto('/ar')
        await expect.poll(async () => (await rowTitles(page))[0]).toMatch(/^لأنك قيّمت \u2068The Matrix\u2069/)
        await showRows(page)
        await page.screenshot({ path: join(shots, 'recommendations-ar-390.png') })
        await expectAccessible(page)
      }
      await context.close()
    }
  })
})

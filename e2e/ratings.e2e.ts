/**
 * Rating a film, at phone and desktop widths: four and a half stars on its page, there again after
 * a reload, "your rating 4.5" on its card on the watchlist, then removed; the page axe-clean.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { dismissCookieBanner, expectAccessible, newPage, signInNewUser, useBrowser, viewports } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

describe('ratings', () => {
  it('rates a film 4.5, sees it after a reload and on its card, and removes it (390 and 1440 px)', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      await signInNewUser(page, baseUrl, 'rater')
      await page.goto('/movie/155')
      const unrated = page.getByRole('radiogroup', { name: 'Your rating: not rated yet' })
      await unrated.getByRole('radio', { name: '4.5 stars' }).click()
      await page.getByRole('status').filter({ hasText: 'Rating saved' }).waitFor()

      await page.reload()
      const rated = page.getByRole('radiogroup', { name: 'Your rating: 4.5 of 5 stars' })
      await expect.poll(() => rated.getByRole('radio', { name: '4.5 stars' }).getAttribute('aria-checked')).toBe('true')
      await rated.scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(shots, `rating-${viewports[viewport].width}.png`) })
      await expectAccessible(page)

      await page.getByRole('button', { name: 'Add to Watchlist' }).click()
      await page.getByRole('button', { name: 'Remove from Watchlist' }).waitFor()
      await page.goto('/watchlist')
      await page.getByRole('link', { name: /The Dark Knight.*your rating 4\.5/ }).waitFor()
      await expect.poll(() => page.getByTestId('your-rating').innerText()).toContain('4.5')

      await page.goto('/movie/155')
      await page.getByRole('button', { name: 'Remove rating' }).click()
      await page.getByRole('status').filter({ hasText: 'Rating removed' }).waitFor()
      await page.reload()
      await page.getByRole('radiogroup', { name: 'Your rating: not rated yet' }).waitFor()
      expect((await (await page.request.get('/api/me/ratings')).json()) as unknown).toEqual({ results: [] })
      await context.close()
    }
  })
})

/**
 * Where to Watch on title pages with the embedded catalogue, in Chromium: a series names the
 * services it streams on and the networks it was made for, a film says there is no data, the
 * section is fetched only as it comes near the screen, and it reads well on a phone and a desktop.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Request } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { dismissCookieBanner, newPage, seriousA11yViolations, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

describe('where to watch', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`a series shows its services and networks, a film says it has no data (${viewport})`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      const watchRequests: string[] = []
      page.on('request', (r: Request) => {
        if (new URL(r.url()).pathname.endsWith('/watch')) watchRequests.push(new URL(r.url()).pathname)
      })
      await page.goto('/tv/1396')
      const section = page.getByRole('region', { name: 'Where to Watch' })
      await section.scrollIntoViewIfNeeded()
      await section.getByText('Netflix', { exact: true }).waitFor()
      await section.getByText('Originally on AMC.').waitFor()
      await section.getByText('The embedded catalogue has no regional data: this is the same everywhere.').waitFor()
      // No region menu where the answer is the same in every region.
      expect(await section.getByRole('combobox', { name: 'Region' }).count()).toBe(0)
      expect(watchRequests).toEqual(['/api/catalog/tv/1396/watch'])
      await section.screenshot({ path: join(shots, `where-to-watch-${viewport}.png`) })
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.goto('/movie/155')
      const film = page.getByRole('region', { name: 'Where to Watch' })
      await film.scrollIntoViewIfNeeded()
      await film.getByText('We have no streaming information for this film.').waitFor()
      await context.close()
    })
  }
})

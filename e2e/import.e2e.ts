/**
 * Importing from Letterboxd in Chromium: files read in the page, titles matched on the server,
 * a remake picked by hand, what was not found listed, then added to the watchlist, history and lists;
 * importing the same files again adds nothing twice.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signUpThroughApi, useBrowser } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

const watchlist = 'Date,Name,Year,Letterboxd URI\n2024-01-02,The Dark Knight,2008,https://boxd.it/a\n2024-01-03,Halloween,2010,https://boxd.it/b\n2024-01-04,Qwxz Unfilmed Title,1990,https://boxd.it/c\n'
const diary = 'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-02-01,Amelie,2001,https://boxd.it/d,4.5,,,2024-01-30\n'
const list = 'Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-03-01,Rainy films,,https://boxd.it/l,\n\nPosition,Name,Year,URL,Description\n1,Amelie,2001,https://boxd.it/d,\n2,The Dark Knight,2008,https://boxd.it/a,\n'

describe('import', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`brings a Letterboxd watchlist and diary over, once (${viewport})`, async () => {
      const { context, page } = await newPage(browser(), baseUrl, viewport)
      await dismissCookieBanner(context)
      const account = newAccountDetails('importer')
      await signUpThroughApi(page, baseUrl, account)
      await loginThroughForm(page, account)
      await page.goto('/profile')
      await page.getByRole('link', { name: 'Import from Letterboxd, IMDb or Trakt' }).click()
      await page.waitForURL('**/import')

      const files = [
        { name: 'watchlist.csv', mimeType: 'text/csv', buffer: Buffer.from(watchlist) },
        { name: 'diary.csv', mimeType: 'text/csv', buffer: Buffer.from(diary) },
        { name: 'rainy-films.csv', mimeType: 'text/csv', buffer: Buffer.from(list) },
      ]
      await page.getByLabel('Files to import').setInputFiles(files)
      await page.getByText('watchlist.csv (Letterboxd): 3 titles for your watchlist').waitFor()
      await page.getByText('diary.csv (Letterboxd): 1 title for your history').waitFor()
      await page.getByText('rainy-films.csv (Letterboxd): 2 titles for a list').waitFor()
      await page.getByRole('button', { name: 'Match 4 Titles' }).click()
      await page.getByText('2 matched, 1 to pick, 1 not found.').waitFor()
      const pick = page.getByRole('group', { name: 'Halloween (2010)' })
      await pick.getByRole('radio').first().check()
      await page.getByText('Not found (1)').click()
      await page.getByText('Qwxz Unfilmed Title (1990)').waitFor()
      await page.screenshot({ path: join(shots, `import-${viewport}.png`), fullPage: true })
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await page.getByRole('status').getByText('Added 2 titles to your watchlist and 1 title to your history. 2 titles were added to your lists (1 new list).').waitFor()
      const lists = ((await (await page.request.get('/api/me/lists')).json()) as { results: Array<{ slug: string; name: string; item_count: number }> }).results
      expect(lists.map((l) => [l.name, l.item_count])).toEqual([['Rainy films', 2]])
      const saved = ((await (await page.request.get('/api/me/watchlist')).json()) as { results: Array<{ content_id: number }> }).results
      expect(saved.map((s) => s.content_id)).toContain(155)
      expect(saved).toHaveLength(2)

      // The same files again: nothing added twice.
      await page.reload()
      await page.getByLabel('Files to import').setInputFiles(files)
      await page.getByRole('button', { name: 'Match 4 Titles' }).click()
      await page.getByText('2 matched, 1 to pick, 1 not found.').waitFor()
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await page.getByRole('status').getByText('Added 0 titles to your watchlist and 0 titles to your history. 4 were already there.').waitFor()
      const again = ((await (await page.request.get('/api/me/lists')).json()) as { results: Array<{ item_count: number }> }).results
      expect(again.map((l) => l.item_count)).toEqual([2])
      await context.close()
    })
  }

  it('sends a signed-out visitor to sign in first', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await page.goto('/import')
    await page.waitForURL(/\/login\?next=%2Fimport$/)
    await context.close()
  })
})

// Own lists: making one from a title page and from a card on a phone, arranging and sharing one on
// a desktop, and a private list hidden from everyone but its owner; a list named in Arabic, Hindi
// and Japanese has a share card whose every word Chromium finds drawn as it draws it itself.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dismissCookieBanner, newPage, seriousA11yViolations, signInNewUser, useBrowser, visitorHeaders } from './browser'
import { findWordsInCard } from './card-text'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()

interface Summary {
  slug: string
  name: string
  item_count: number
  is_public: boolean
}

async function myLists(page: Page): Promise<Summary[]> {
  return (await (await page.request.get(`${baseUrl}/api/me/lists`)).json()).results
}

async function listTitles(page: Page, slug: string): Promise<string[]> {
  const body = await (await page.request.get(`${baseUrl}/api/me/lists/${slug}`)).json()
  return body.list.items.map((i: { title: string }) => i.title)
}

async function toast(page: Page, text: string) {
  await page.locator('[data-toast="success"]', { hasText: text }).first().waitFor()
}

describe('Add to list on a phone (390 px)', () => {
  it('makes a list from a title page, adds a card’s title to it, and arranges it', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'phone')
    await dismissCookieBanner(context)
    await signInNewUser(page, baseUrl, 'lists')

    await page.goto('/movie/155')
    const title = (await page.locator('main h1').first().textContent())!.trim()
    await page.getByRole('button', { name: 'Add to list', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Add to list' })
    await dialog.waitFor()
    await dialog.getByText('You have no lists yet').waitFor()
    await dialog.getByLabel('New list name').fill('Rainy Sunday')
    await dialog.getByRole('button', { name: 'Create and add' }).click()
    await toast(page, 'Added to Rainy Sunday')
    expect(await dialog.getByRole('checkbox', { name: /Rainy Sunday/ }).isChecked()).toBe(true)
    // The sheet sits at the bottom of the phone's screen, inside it.
    const box = (await dialog.boundingBox())!
    expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height)
    expect(box.width).toBeLessThanOrEqual(390)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    // A card's corner button: always shown where there is no hover.
    await page.goto('/movies')
    const corner = page.getByRole('button', { name: /^Add .+ to a list$/ }).first()
    await corner.waitFor()
    expect(await corner.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
    const cardTitle = (await corner.getAttribute('aria-label'))!.replace(/^Add (.+) to a list$/, '$1')
    await corner.click()
    await dialog.waitFor()
    const box2 = dialog.getByRole('checkbox', { name: /Rainy Sunday/ })
    await box2.waitFor()
    expect(await box2.isChecked()).toBe(cardTitle === title)
    if (cardTitle !== title) {
      await box2.check()
      await toast(page, 'Added to Rainy Sunday')
    }
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'hidden' })

    const [list] = await myLists(page)
    expect(list).toMatchObject({ name: 'Rainy Sunday', is_public: false })
    const stored = await listTitles(page, list!.slug)
    expect(stored[0]).toBe(title)

    await page.goto('/lists')
    await page.getByRole('link', { name: /Rainy Sunday/ }).click()
    await page.waitForURL(`**/list/${list!.slug}`)
    await page.getByRole('heading', { name: 'Rainy Sunday' }).waitFor()
    if (stored.length === 2) {
      await page.getByRole('button', { name: `Move ${stored[1]} earlier` }).click()
      await expect.poll(() => listTitles(page, list!.slug)).toEqual([stored[1], stored[0]])
    }
    await page.getByRole('button', { name: `Remove ${title} from this list` }).click()
    await toast(page, 'Removed from the list')
    expect(await listTitles(page, list!.slug)).not.toContain(title)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await context.close()
  })
})

describe('Lists on a desktop (1440 px)', () => {
  it('makes a public list, shares it, hides it and deletes it; a visitor sees only what is public', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    const owner = await signInNewUser(page, baseUrl, 'lists')

    await page.goto('/lists')
    await page.getByText('You have no lists yet').waitFor()
    await page.getByRole('button', { name: 'New list' }).click()
    await page.getByLabel('Name').fill('Heist night')
    await page.getByLabel('Description').fill('Crews, vaults and plans.')
    await page.getByLabel(/^Public/).check()
    await page.getByRole('button', { name: 'Create list' }).click()
    await toast(page, 'List created')
    const [list] = await myLists(page)
    const add = await page.request.post(`${baseUrl}/api/me/lists/${list!.slug}/items`, {
      data: { content_id: 155, content_type: 'movie', title: 'A Film For The List', poster_path: null },
      headers: visitorHeaders(baseUrl),
    })
    expect(add.status()).toBe(201)

    // On a desktop the card's corner button waits for the card's hover.
    await page.goto('/movies')
    const corner = page.getByRole('button', { name: /^Add .+ to a list$/ }).first()
    await corner.waitFor({ state: 'attached' })
    expect(await corner.evaluate((el) => getComputedStyle(el).opacity)).toBe('0')

    await page.goto('/lists')
    await page.getByRole('link', { name: /Heist night/ }).click()
    await page.getByRole('heading', { name: 'Heist night' }).waitFor()
    await page.getByText(`A list by ${owner.username}`).waitFor({ timeout: 5000 })
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const sheet = page.getByRole('dialog', { name: 'Share' })
    expect(await sheet.getByRole('textbox', { name: 'Link to share' }).inputValue()).toMatch(/\/list\/\w+$/)
    await sheet.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Edit list' }).click()
    await page.getByLabel('Name').fill('Heist nights')
    await page.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'List saved')
    await page.getByRole('heading', { name: 'Heist nights' }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])

    // A visitor in another browser reads the public list and its card.
    const visitor = await newPage(browser(), baseUrl, 'desktop')
    const seen = await visitor.page.goto(`/list/${list!.slug}`)
    expect(seen!.status()).toBe(200)
    await visitor.page.getByRole('heading', { name: 'Heist nights' }).waitFor()
    await visitor.page.getByText('A Film For The List').waitFor()
    expect(await visitor.page.getByRole('button', { name: 'Edit list' }).count()).toBe(0)
    const image = await visitor.page.locator('meta[property="og:image"]').getAttribute('content')
    const card = await visitor.page.request.get(image!)
    expect(card.status()).toBe(200)
    expect(card.headers()['content-type']).toBe('image/png')

    // Made private, it is the owner's alone.
    await page.getByRole('button', { name: 'Edit list' }).click()
    await page.getByLabel(/^Public/).uncheck()
    await page.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'List saved')
    const hidden = await visitor.page.goto(`/list/${list!.slug}`)
    expect(hidden!.status()).toBe(404)
    await visitor.page.getByRole('heading', { name: 'List not found' }).waitFor()
    expect(await visitor.page.getByText('Heist nights').count()).toBe(0)
    await visitor.context.close()

    page.once('dialog', (d) => void d.accept())
    await page.getByRole('button', { name: 'Delete list' }).click()
    await page.waitForURL('**/lists')
    await page.getByText('You have no lists yet').waitFor()
    expect(await myLists(page)).toEqual([])
    await context.close()
  })
})

describe('a list named in three scripts, shared from /ar', () => {
  it('has a card that draws every word, Arabic joined and right to left, as the browser draws them', async () => {
    const { context, page } = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(context)
    await signInNewUser(page, baseUrl, 'scripts')
    const arabic = ['سهرة', 'الأفلام']
    const hindi = ['फ़िल्मों', 'की', 'रात']
    const japanese = '映画の夜'
    const made = await page.request.post(`${baseUrl}/api/me/lists`, { data: { name: [...arabic, ...hindi, japanese].join(' '), is_public: true }, headers: visitorHeaders(baseUrl) })
    expect(made.status()).toBe(201)
    const { slug } = (await made.json()).list as { slug: string }

    await page.goto(`/ar/list/${slug}`)
    const image = (await page.locator('meta[property="og:image"]').getAttribute('content'))!
    expect(new URL(image).searchParams.get('lang')).toBe('ar')
    const card = await page.request.get(image)
    expect(card.status()).toBe(200)
    expect(card.headers()['content-type']).toBe('image/png')

    // The heading's area: left of the posters, above the line under it.
    const found = await findWordsInCard(page, new URL(image).pathname + new URL(image).search, [...arabic, ...hindi, japanese, 'مرحبا'], [132, 116, 100, 88, 76], { x0: 80, x1: 1000, y0: 450, y1: 900 })
    const byWord = new Map(found.map((f) => [f.word, f]))
    for (const word of [...arabic, ...hindi, japanese]) expect(byWord.get(word)!.score, word).toBeGreaterThan(0.85)
    // A word the card does not have is not found: the comparison tells them apart (found words score 0.9 to 1).
    expect(byWord.get('مرحبا')!.score).toBeLessThan(0.8)
    // Read right to left: the first Arabic word stands right of the second.
    expect(byWord.get('سهرة')!.x).toBeGreaterThan(byWord.get('الأفلام')!.x)
    await context.close()
  }, 120_000)
})

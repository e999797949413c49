// Moderation at desktop width: two accounts report a public list (one through the page's Report,
// one through the API), an administrator finds it under Moderation with both reports and hides it
// with a reason, the audit log shows that, a visitor then gets the not-found page with a 404, and
// the owner is told why.
import { beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signInNewUser, useBrowser, visitorHeaders } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const browser = useBrowser()
const admin = newAccountDetails('moderator')

beforeAll(() => createAdmin(new URL(baseUrl).port, admin))

async function signedInPage(prefix: string) {
  const opened = await newPage(browser(), baseUrl, 'desktop')
  await dismissCookieBanner(opened.context)
  await signInNewUser(opened.page, baseUrl, prefix)
  return opened
}

describe('moderating a public list (1440 px)', () => {
  it('is reported by two accounts, hidden by an administrator, and then not found by a visitor', async () => {
    const owner = await signedInPage('owner')
    const made = await owner.page.request.post(`${baseUrl}/api/me/lists`, { data: { name: 'Cheap pills here', description: 'Visit my shop', is_public: true }, headers: visitorHeaders(baseUrl) })
    expect(made.status()).toBe(201)
    const { slug } = (await made.json()).list as { slug: string }

    // The first account reports it from the list's page.
    const reader = await signedInPage('reader')
    await reader.page.goto(`/list/${slug}`)
    await reader.page.getByRole('button', { name: 'Report', exact: true }).click()
    const dialog = reader.page.getByRole('dialog', { name: 'Report this list' })
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check()
    await dialog.getByLabel('Anything else we should know? (optional)').fill('Every title links to a shop')
    expect(await seriousA11yViolations(reader.page)).toEqual([])
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await reader.page.getByText('You reported this list. Thank you.').waitFor()
    await reader.context.close()

    // The second account reports it through the API.
    const other = await signedInPage('other')
    const second = await other.page.request.post(`${baseUrl}/api/lists/${slug}/report`, { data: { reason: 'other' }, headers: visitorHeaders(baseUrl) })
    expect(second.status()).toBe(201)
    await other.context.close()

    // The administrator finds it with both reports and hides it.
    const desk = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(desk.context)
    await loginThroughForm(desk.page, admin, 'Admin', `/login?next=${encodeURIComponent('/admin/moderation')}`)
    await desk.page.waitForURL(`${baseUrl}/admin/moderation`)
    const card = desk.page.getByRole('article', { name: 'Cheap pills here' })
    await card.getByText('Reports awaiting review: 2').waitFor()
    await card.getByText('Every title links to a shop').waitFor()
    expect(await seriousA11yViolations(desk.page)).toEqual([])
    await card.getByRole('button', { name: 'Hide list' }).click()
    await card.getByLabel('Reason (shown to the owner)').selectOption('spam')
    await card.getByLabel('Note to the owner (optional)').fill('Advertising is not allowed.')
    await card.getByRole('button', { name: 'Hide from everyone but the owner' }).click()
    await desk.page.locator('[data-toast="success"]', { hasText: 'is hidden' }).first().waitFor()

    // The audit log names it.
    await desk.page.getByRole('tab', { name: 'Audit log' }).click()
    const row = desk.page.getByRole('row').filter({ hasText: `list:${slug}` })
    await row.getByText('Hid a list').waitFor()
    expect(await row.getByText(admin.username).count()).toBe(1)
    expect(await seriousA11yViolations(desk.page)).toEqual([])
    await desk.context.close()

    // A visitor gets the not-found page; the owner sees the list and why it is hidden.
    const visitor = await newPage(browser(), baseUrl, 'desktop')
    await dismissCookieBanner(visitor.context)
    const answer = await visitor.page.goto(`/list/${slug}`)
    expect(answer?.status()).toBe(404)
    await visitor.page.getByRole('heading', { name: 'List not found' }).waitFor()
    expect(await visitor.page.getByText('Cheap pills here').count()).toBe(0)
    await visitor.context.close()

    await owner.page.goto(`/list/${slug}`)
    await owner.page.getByText('Only you can see this list').waitFor()
    await owner.page.getByText('An administrator hid it from others. Reason: Spam or advertising').waitFor()
    await owner.page.getByText('The administrator’s note: Advertising is not allowed.').waitFor()
    await owner.context.close()
  })
})

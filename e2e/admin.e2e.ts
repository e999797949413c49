/**
 * The admin area in Chromium: the guard for visitors and users, then an administrator's
 * dashboard with live figures that follow a new sign-up, keyboard tabs, the user list with
 * confirmed ban and unban, the JSON export, the maintenance switch and the cache purge, the
 * streams, and the curated rows of the home page as an administrator edits and a visitor sees them.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, loginThroughForm, mailTo, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signInNewUser, useBrowser, visitorHeaders, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const admin = newAccountDetails('admin')
const browser = useBrowser()

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  createAdmin(new URL(baseUrl).port, admin)
})

async function openPage(viewport: ViewportName = 'desktop') {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(context)
  return { context, page }
}

async function openDashboard(viewport: ViewportName = 'desktop', tab = '') {
  const opened = await openPage(viewport)
  await loginThroughForm(opened.page, admin, 'Admin', `/login?next=${encodeURIComponent(`/admin${tab}`)}`)
  await opened.page.waitForURL(`${baseUrl}/admin${tab}`)
  await opened.page.getByRole('tablist', { name: 'Dashboard sections' }).waitFor()
  return opened
}

async function signUp(prefix: string) {
  const account = newAccountDetails(prefix)
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': visitorHeaders(baseUrl)['CF-Connecting-IP']! },
    body: JSON.stringify({ ...account, confirmPassword: account.password }),
  })
  return { account, status: res.status }
}

function figure(page: Page, group: string, label: string): Locator {
  return page
    .locator(`dl[aria-label="${group}"] > div`)
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd')
    .first()
}

async function signupBars(page: Page): Promise<number[]> {
  return page.locator('svg[role="img"] rect[data-count]').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-count'))))
}

async function numberIn(locator: Locator): Promise<number> {
  return Number((await locator.innerText()).replace(/[^0-9]/g, ''))
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true })
}

describe('the admin guard', () => {
  it('sends a visitor from /admin to /login', async () => {
    const { context, page } = await openPage('desktop')
    await page.goto('/admin')
    await page.waitForURL(`${baseUrl}/login?next=%2Fadmin`)
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor()
    await context.close()
  })

  it('shows a signed-in user the access-denied view', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await openPage(viewport)
      await signInNewUser(page, baseUrl, 'nonadmin')
      await page.goto('/admin/users')
      await page.getByRole('heading', { name: 'Admin Dashboard Access Denied', level: 1 }).waitFor()
      await page.getByText('This area is restricted to administrators only.').waitFor()
      expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true)
      expect(await page.getByRole('link', { name: 'Go to Home' }).isVisible()).toBe(true)
      expect(await page.getByRole('tablist').count()).toBe(0)
      // The API agrees: a user's session gets 403 from the admin endpoints.
      expect((await page.request.get('/api/admin/stats')).status()).toBe(403)
      await shoot(page, `admin-denied-${viewport}`)
      expect(await seriousA11yViolations(page)).toEqual([])
      await context.close()
    }
  })
})

describe('the dashboard', () => {
  it('shows live figures that follow a new sign-up', async () => {
    const { context, page } = await openDashboard('desktop')
    const users = figure(page, 'Headline figures', 'Users')
    await users.waitFor()
    const before = await numberIn(users)
    const signupsBefore = (await signupBars(page)).reduce((a, b) => a + b, 0)
    expect(await numberIn(figure(page, 'Headline figures', 'Administrators'))).toBeGreaterThanOrEqual(1)

    const { status } = await signUp('fresh')
    expect(status).toBe(201)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => numberIn(users), { timeout: 10_000 }).toBe(before + 1)
    const bars = await signupBars(page)
    expect(bars).toHaveLength(30)
    expect(bars.reduce((a, b) => a + b, 0)).toBe(signupsBefore + 1)
    expect(bars[29]).toBeGreaterThanOrEqual(1)
    await shoot(page, 'admin-overview-desktop')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it('moves between tabs with the arrow keys, Home and End, and keeps the tab in the path', async () => {
    const { context, page } = await openDashboard('phone')
    const overview = page.getByRole('tab', { name: 'Overview' })
    expect(await overview.getAttribute('aria-selected')).toBe('true')
    await overview.focus()
    await page.keyboard.press('ArrowRight')
    await page.waitForURL(`${baseUrl}/admin/users`)
    const usersTab = page.getByRole('tab', { name: 'Users', selected: true })
    // The address changes before React re-renders the tab list: wait for the selection itself.
    await usersTab.waitFor()
    expect(await usersTab.getAttribute('aria-selected')).toBe('true')
    expect(await usersTab.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await page.getByRole('tabpanel', { name: 'Users' }).count()).toBe(1)
    // the last tab is the audit log
    await page.keyboard.press('End')
    await page.waitForURL(`${baseUrl}/admin/audit`)
    await page.keyboard.press('Home')
    await page.waitForURL(`${baseUrl}/admin`)
    await page.keyboard.press('ArrowLeft')
    await page.waitForURL(`${baseUrl}/admin/audit`)
    await page.getByRole('tab', { name: 'Security' }).click()
    await page.waitForURL(`${baseUrl}/admin/security`)
    await figure(page, 'Sign-in activity', 'Administrator accounts').waitFor()
    await shoot(page, 'admin-security-phone')
    for (const tab of ['Content', 'Analytics', 'System'] as const) {
      await page.getByRole('tab', { name: tab }).click()
      await page.getByRole('tabpanel', { name: tab }).getByRole('heading').first().waitFor()
      await shoot(page, `admin-${tab.toLowerCase()}-phone`)
    }
    await page.getByRole('tab', { name: 'Overview' }).click()
    await figure(page, 'Headline figures', 'Users').waitFor()
    await shoot(page, 'admin-overview-phone')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it('finds a user, bans after confirmation (refusing their sign-in) and unbans', async () => {
    const member = await newPage(browser(), baseUrl, 'desktop')
    const who = await signInNewUser(member.page, baseUrl, 'member')
    const saved = await member.page.request.post('/api/me/watchlist', { data: { content_id: 550, content_type: 'movie', title: 'Saved Film', poster_path: null }, headers: { Origin: baseUrl } })
    expect(saved.ok()).toBe(true)

    const { context, page } = await openDashboard('desktop', '/users')
    // The watchlist lives in the member's own store; the count comes from its copy in D1, written within seconds.
    await expect
      .poll(async () => (await (await page.request.get(`/api/admin/users?q=${encodeURIComponent(who.username)}`)).json()).results[0]?.watchlistCount, { timeout: 15_000 })
      .toBe(1)
    await page.getByLabel('Search users by e-mail or username').fill(who.username)
    const row = page.locator('tbody tr', { hasText: who.email })
    // The search runs once typing pauses; until then the unfiltered first page is shown.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await row.waitFor()
    const cells = await row.getByRole('cell').allInnerTexts()
    expect(cells.slice(1, 4)).toEqual([who.email, who.username, 'User'])
    // one title on the watchlist, one profile (the account's own)
    expect(cells[6]).toBe('1')
    expect(cells[7]).toBe('1')
    expect(cells[8]).toBe('Active')

    // Declining the confirmation changes nothing.
    page.once('dialog', (d) => void d.dismiss())
    await row.getByRole('button', { name: `Ban ${who.username}` }).click()
    await page.waitForTimeout(300)
    expect(await row.getByText('Active').count()).toBe(1)

    let question = ''
    page.once('dialog', (d) => {
      question = d.message()
      void d.accept()
    })
    await row.getByRole('button', { name: `Ban ${who.username}` }).click()
    await row.getByText('Banned').waitFor()
    expect(question).toContain(`Ban ${who.username}?`)
    // Sign-in is refused at once; the member's open session ends within a minute (worker/test/session-ends.test.ts moves the clock to show it).
    const again = await member.page.request.post('/api/auth/login', { data: { email: who.email, password: 'correct horse battery', type: 'user' }, headers: { Origin: baseUrl } })
    expect(again.status()).toBe(401)
    await shoot(page, 'admin-users-desktop')
    expect(await seriousA11yViolations(page)).toEqual([])

    page.once('dialog', (d) => void d.accept())
    await row.getByRole('button', { name: `Unban ${who.username}` }).click()
    await row.getByText('Active').waitFor()

    // The member's saved title is counted in the Content tab.
    await page.getByRole('tab', { name: 'Content' }).click()
    const saves = page.getByRole('region', { name: 'Most saved to watchlists' }).getByRole('listitem').filter({ hasText: 'Saved Film' })
    await saves.waitFor()
    expect(await saves.innerText()).toMatch(/\d+ saves?\b/)
    await shoot(page, 'admin-content-desktop')
    await member.context.close()
    await context.close()
  })

  it('exports the accounts as a JSON download without password hashes', async () => {
    const { context, page } = await openDashboard('desktop', '/users')
    const { account } = await signUp('exported')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export JSON' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^reelhouse-accounts-\d{4}-\d\d-\d\d\.json$/)
    const text = readFileSync(await file.path(), 'utf8')
    const data = JSON.parse(text) as { users: { email: string }[]; admin_users: { email: string }[] }
    expect(data.users.map((u) => u.email)).toContain(account.email)
    expect(data.admin_users.map((u) => u.email)).toContain(admin.email)
    expect(text).not.toContain('password_hash')
    expect(text).not.toContain('pbkdf2')
    await context.close()
  })

  it('switches maintenance on and off and purges the catalogue cache', async () => {
    const { context, page } = await openDashboard('desktop', '/system')
    const toggle = page.getByRole('switch', { name: 'Maintenance mode' })
    await toggle.waitFor()
    await expect.poll(() => toggle.isEnabled()).toBe(true)
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
    expect(await (await page.request.get('/api/admin/settings/maintenance')).json()).toEqual({ enabled: true })
    expect((await signUp('during-maintenance')).status).toBe(503)
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
    expect((await signUp('after-maintenance')).status).toBe(201)

    // Fill the cache, then purge it and watch the figure drop to zero.
    expect((await page.request.get('/api/catalog/pages/movies')).ok()).toBe(true)
    const cached = figure(page, 'System figures', 'Cached catalogue answers')
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click()
        return numberIn(cached)
      }, { timeout: 10_000 })
      .toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Purge catalogue cache' }).click()
    const result = page.getByRole('status').filter({ hasText: /^Purged \d+ cached catalogue answers?\.$/ })
    await result.waitFor()
    expect(await numberIn(result)).toBeGreaterThan(0)
    await expect.poll(() => numberIn(cached)).toBe(0)
    await shoot(page, 'admin-system-desktop')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it("shows an administrator's profile with the Role and only the fields an admin record has", async () => {
    const { context, page } = await openDashboard('desktop')
    await page.goto('/profile')
    const info = page.getByRole('region', { name: 'Profile Information' })
    await info.getByText(admin.email).waitFor()
    const rows = await info.locator('dl > div').allInnerTexts()
    expect(rows.map((r) => r.split('\n')[0])).toEqual(['Username', 'Full Name', 'Email', 'Date of Birth', 'Country', 'Role'])
    expect(rows[5]).toContain('Admin')
    await info.getByRole('button', { name: 'Edit Profile' }).click()
    const edit = info.getByRole('form', { name: 'Edit profile' })
    expect(await edit.getByRole('textbox').count()).toBe(2)
    await edit.getByLabel('Full Name', { exact: true }).fill('Head of Operations')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await page.locator('[data-toast]', { hasText: 'Profile updated successfully!' }).waitFor()
    expect(await info.locator('dd').allInnerTexts()).toContain('Head of Operations')
    await shoot(page, 'profile-admin-desktop')
    await context.close()
  })

  it('invites another administrator, who makes an account from the e-mailed link and sets up a second factor', async () => {
    const { context, page } = await openDashboard('desktop', '/security')
    const panel = page.getByRole('region', { name: 'Administrators' })
    const invitee = newAccountDetails('invited')
    await panel.getByLabel('E-mail address to invite').fill(invitee.email)
    await panel.getByRole('button', { name: 'Send invitation' }).click()
    await page.locator('[data-toast]', { hasText: `Invitation sent to ${invitee.email}.` }).waitFor()
    await panel.getByRole('list', { name: 'Open invitations' }).getByText(invitee.email).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await shoot(page, 'admin-invites-desktop')

    const inviteLink = /https?:\/\/\S+\/admin-invite#token=[A-Za-z0-9_-]+/
    const link = inviteLink.exec((await mailTo(page, invitee.email, inviteLink)).text)?.[0]
    expect(link).toBeTruthy()
    const visitor = await openPage('phone')
    await visitor.page.goto(new URL(link!).pathname + new URL(link!).hash)
    const form = visitor.page.getByRole('form', { name: 'Become an administrator' })
    await visitor.page.getByText(`You were invited as ${invitee.email}.`).waitFor()
    // the token leaves the address bar at once
    expect(visitor.page.url()).not.toContain('token')
    await form.getByLabel('Username', { exact: true }).fill(invitee.username)
    await form.getByLabel('Password', { exact: true }).fill(invitee.password)
    await form.getByLabel('Confirm Password', { exact: true }).fill(invitee.password)
    expect(await seriousA11yViolations(visitor.page)).toEqual([])
    await shoot(visitor.page, 'admin-invite-phone')
    await form.getByRole('button', { name: 'Create administrator account' }).click()
    await visitor.page.getByText('Your administrator account is ready.').first().waitFor()
    // the new administrator signs in and is taken through setting up its second factor
    await loginThroughForm(visitor.page, invitee, 'Admin', `/login?next=${encodeURIComponent('/admin')}`)
    await visitor.page.getByRole('tablist', { name: 'Dashboard sections' }).waitFor()
    await visitor.context.close()

    // the invitation is used: it is no longer open
    await page.reload()
    await panel.getByText('No open invitations.').waitFor()
    await context.close()
  })

  it('maps a stream to a film: finds it, refuses a bad address, checks, previews and saves the sample, edits and removes it', async () => {
    const { context, page } = await openDashboard('desktop', '/streams')
    const editor = page.getByRole('region', { name: 'Map a stream to a title' })
    await editor.getByLabel('Find a title').fill('dark knight')
    await editor.getByRole('list', { name: 'Titles found' }).getByRole('button', { name: /^The Dark Knight \(2008\)/ }).click()
    const form = editor.getByRole('form', { name: 'Stream of The Dark Knight' })
    await form.getByLabel('HLS address (https:// or /media/…)').fill('/media/sample/nothing.m3u8')
    await form.getByRole('button', { name: 'Check address' }).click()
    await form.getByRole('alert').filter({ hasText: 'could not be loaded (HTTP 404)' }).waitFor()
    await form.getByRole('button', { name: 'Save stream' }).click()
    await form.getByRole('alert').filter({ hasText: 'could not be loaded (HTTP 404)' }).waitFor()
    expect((await (await page.request.get('/api/admin/streams?content_type=movie&content_id=155')).json()).results).toEqual([])

    await form.getByLabel('HLS address (https:// or /media/…)').fill('/media/sample/master.m3u8')
    await form.getByLabel('Label (optional)').fill('Sample cut')
    await form.getByRole('button', { name: 'Check address' }).click()
    const report = form.getByRole('status', { name: 'Found in the playlist' })
    await report.getByText('426x240', { exact: false }).waitFor()
    expect(await report.getByText('854x480', { exact: false }).count()).toBe(1)
    expect(await report.getByText('English (en)').count()).toBe(1)
    await form.getByRole('button', { name: 'Preview' }).click()
    // our own player, playing the address before it is saved
    await page.waitForFunction(() => {
      const video = document.querySelector('form video') as HTMLVideoElement | null
      return !!video && video.readyState >= 2
    }, undefined, { timeout: 20_000 })
    expect(await seriousA11yViolations(page)).toEqual([])
    await shoot(page, 'admin-streams-desktop')
    await form.getByRole('button', { name: 'Save stream' }).click()
    await page.locator('[data-toast]', { hasText: 'Stream saved.' }).waitFor()
    const mapped = page.getByRole('list', { name: 'Mapped streams' })
    await mapped.getByText('Film 155 · Sample cut').waitFor()
    expect(await (await page.request.get('/api/player/stream/movie/155')).json()).toMatchObject({ url: '/media/sample/master.m3u8', label: 'Sample cut', origin: 'mapped' })

    await mapped.getByRole('button', { name: 'Edit the stream of Film 155 · Sample cut' }).click()
    const edit = editor.getByRole('form', { name: 'Stream of Film 155' })
    await edit.getByLabel('Label (optional)').fill('Sample, remastered')
    await edit.getByRole('button', { name: 'Save stream' }).click()
    await mapped.getByText('Film 155 · Sample, remastered').waitFor()
    await mapped.getByRole('button', { name: 'Remove the stream of Film 155 · Sample, remastered' }).click()
    await page.locator('[data-toast]', { hasText: 'Stream removed.' }).waitFor()
    await page.getByText('No stream is mapped yet: every title plays the bundled sample.').waitFor()
    await context.close()
  })

  it("curates the home page's rows: moves, renames and adds a row, previews and publishes it for visitors, then restores the built-in rows", async () => {
    const { context, page } = await openDashboard('desktop', '/rows')
    page.on('dialog', (dialog) => void dialog.accept())
    const rows = page.getByRole('list', { name: 'Shown, in order' })
    await rows.getByRole('button', { name: 'Move up: Popular Movies', exact: true }).click()
    await page.getByText('Popular Movies moved to position 1 of', { exact: false }).waitFor({ state: 'attached' })
    await rows.getByRole('button', { name: 'Edit titles: Top Rated', exact: true }).click()
    await rows.getByRole('group', { name: 'Titles of Top Rated' }).getByLabel('English').fill("Critics' favourites")

    const add = page.getByRole('form', { name: 'Add a row' })
    await add.getByLabel('Kind of row').selectOption('picks')
    await add.getByLabel('Find a title to add').fill('dark knight')
    await add.getByRole('list', { name: 'Titles found' }).getByRole('button', { name: /^The Dark Knight \(2008\)/ }).click()
    await add.getByLabel('Row title in English').fill('Staff favourites')
    await add.getByRole('button', { name: 'Add the row' }).click()
    await rows.getByText('Staff favourites').waitFor()

    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    const preview = page.getByRole('region', { name: 'Preview of the draft' })
    await preview.getByRole('heading', { name: 'Staff favourites' }).waitFor()
    await preview.getByRole('heading', { name: "Critics' favourites" }).waitFor()
    await shoot(page, 'admin-rows-desktop')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText(/^Published as version \d+\. The site shows it within a minute\.$/).waitFor()

    // a visitor's home page shows it at once (the publishing isolate knows)
    const visitor = await openPage('desktop')
    await visitor.page.goto('/')
    await visitor.page.getByRole('heading', { name: 'Staff favourites' }).waitFor()
    await visitor.page.getByRole('heading', { name: "Critics' favourites" }).waitFor()
    const headings = await visitor.page.locator('h2[id^="row-"]').allInnerTexts()
    expect(headings.slice(0, 2)).toEqual(['Popular Movies', 'Trending Now'])
    await visitor.context.close()

    await page.getByRole('button', { name: 'Restore: built-in rows' }).click()
    await page.getByText(/^The site shows the built-in rows again: version \d+/).waitFor()
    const again = await openPage('desktop')
    await again.page.goto('/')
    await again.page.getByRole('heading', { name: 'Top Rated', exact: true }).waitFor()
    const restored = await again.page.locator('h2[id^="row-"]').allInnerTexts()
    expect(restored.slice(0, 2)).toEqual(['Trending Now', 'Popular Movies'])
    expect(restored).not.toContain('Staff favourites')
    await again.context.close()
    await context.close()
  })

  it('keeps the Rows tab usable and accessible on a phone', async () => {
    const { context, page } = await openDashboard('phone', '/rows')
    page.on('dialog', (dialog) => void dialog.accept())
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.getByRole('button', { name: 'Movies', exact: true }).click()
    const rows = page.getByRole('list', { name: 'Shown, in order' })
    await rows.getByRole('button', { name: /^Move down: / }).first().click()
    await page.getByText('Changes not saved yet.').waitFor()
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await page.getByRole('region', { name: 'Preview of the draft' }).getByRole('heading').nth(1).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shoot(page, 'admin-rows-phone')
    await page.getByRole('button', { name: 'Discard draft' }).click()
    await page.getByText('Changes discarded.').waitFor()
    await context.close()
  })
})

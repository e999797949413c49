/**
 * The account journey in Chromium: sign up (with the client-side checks and the server's
 * duplicate message), sign in (with its errors), the profile (edit, password change, lists),
 * logout, and signing back in with the new password, which returns to the page asked for.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signUpThroughApi, useBrowser, visitorHeaders, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
})

async function openPage(viewport: ViewportName = 'desktop') {
  const { context, page } = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(context)
  return { context, page }
}

function toast(page: Page, text: string) {
  return page.locator('[data-toast]', { hasText: text })
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([])
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true })
}

describe('register, login, profile, password, logout', () => {
  it('walks the whole account journey', async () => {
    const account = newAccountDetails('journey')
    const { context, page } = await openPage('desktop')

    // Sign up from a page of the site: the header's Sign Up remembers it, the client-side checks
    // come first, then the server accepts, signs the new account in and the visitor is back there.
    await page.goto('/genre/28')
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click()
    await page.waitForURL(`${baseUrl}/register?next=%2Fgenre%2F28`)
    const form = page.locator('main form')
    await form.getByLabel('Email', { exact: true }).fill(account.email)
    await form.getByLabel('Username', { exact: true }).fill(account.username)
    await form.getByLabel('Password', { exact: true }).fill(account.password)
    await form.getByLabel('Confirm Password', { exact: true }).fill(`${account.password}x`)
    await form.getByRole('button', { name: 'Sign Up' }).click()
    expect(await page.getByRole('alert').innerText()).toBe('Passwords do not match')
    await form.getByLabel('Password', { exact: true }).fill('abc')
    await form.getByLabel('Confirm Password', { exact: true }).fill('abc')
    await form.getByRole('button', { name: 'Sign Up' }).click()
    expect(await page.getByRole('alert').innerText()).toBe('Password must be at least 6 characters long')
    await expectNoSeriousViolations(page)
    await shoot(page, 'register-desktop')
    await form.getByLabel('Password', { exact: true }).fill(account.password)
    await form.getByLabel('Confirm Password', { exact: true }).fill(account.password)
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await toast(page, 'Registration successful! You are now signed in.').waitFor()
    await page.waitForURL(`${baseUrl}/genre/28`)
    await page.getByRole('banner').getByRole('button', { name: account.username }).waitFor()
    expect((await (await page.request.get('/api/auth/me')).json()).user.username).toBe(account.username)
    // Signed out again (the browser forgets the cookie) for the sign-in steps that follow.
    await context.clearCookies()

    // The same e-mail again: the server's message is shown.
    await page.goto('/register')
    await form.getByLabel('Email', { exact: true }).fill(account.email.toUpperCase())
    await form.getByLabel('Username', { exact: true }).fill(`${account.username}b`)
    await form.getByLabel('Password', { exact: true }).fill(account.password)
    await form.getByLabel('Confirm Password', { exact: true }).fill(account.password)
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await toast(page, 'Registration failed. Please try again.').waitFor()
    expect(await page.getByRole('alert').innerText()).toBe('User already exists')

    // Sign-in errors: a wrong password, and a user's credentials offered as an admin's.
    await page.goto('/login')
    await page.getByRole('link', { name: 'Sign Up' }).first().waitFor()
    await form.getByLabel('Email', { exact: true }).fill(account.email)
    await form.getByLabel('Password', { exact: true }).fill('wrong-password')
    await form.getByRole('button', { name: 'Login' }).click()
    await toast(page, 'Login failed. Please try again.').waitFor()
    expect(await page.getByRole('alert').innerText()).toBe('Invalid user credentials')
    await form.getByLabel('Admin', { exact: true }).check()
    await form.getByLabel('Password', { exact: true }).fill(account.password)
    await form.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('alert').filter({ hasText: 'Invalid admin credentials' }).waitFor()
    await expectNoSeriousViolations(page)
    await shoot(page, 'login-error-desktop')

    // A correct sign-in lands on home, and the sign-in pages now send the visitor home.
    await form.getByLabel('User', { exact: true }).check()
    await form.getByRole('button', { name: 'Login' }).click()
    await toast(page, 'Login successful!').waitFor()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole('banner').getByRole('button', { name: account.username }).waitFor()
    for (const path of ['/login', '/register']) {
      await page.goto(path)
      await page.waitForURL(`${baseUrl}/`)
    }

    // Profile: read-only view first.
    await page.goto('/profile')
    const info = page.getByRole('region', { name: 'Profile Information' })
    await info.getByText(account.email).waitFor()
    expect(await info.locator('dd').allInnerTexts()).toEqual([account.username, 'Not set', account.email, 'Not set', 'Not set'])
    expect(await info.getByText('Bio').count()).toBe(0)
    await page.getByText('No movies in your watchlist yet.').waitFor()
    await page.getByText('No watch history yet.').waitFor()
    await expectNoSeriousViolations(page)

    // Edit: a bad username shows the server's message, then a good edit is saved.
    await info.getByRole('button', { name: 'Edit Profile' }).click()
    const edit = info.getByRole('form', { name: 'Edit profile' })
    await edit.getByLabel('Username', { exact: true }).fill('x')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await toast(page, 'Failed to update profile').waitFor()
    // The server's own words, without the field's name in front of them.
    expect(await edit.getByRole('alert').innerText()).toBe('Username must be 3 to 30 characters: letters, digits, ".", "_" or "-"')
    const newName = `${account.username}_2`
    await edit.getByLabel('Username', { exact: true }).fill(newName)
    await edit.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace')
    await edit.getByLabel('Date of Birth', { exact: true }).fill('1990-12-10')
    await edit.getByLabel('Country', { exact: true }).fill('United Kingdom')
    await edit.getByLabel('Bio', { exact: true }).fill('Watches science fiction on Sundays.')
    expect(await edit.getByLabel('Bio', { exact: true }).getAttribute('rows')).toBe('3')
    await shoot(page, 'profile-edit-desktop')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await toast(page, 'Profile updated successfully!').waitFor()
    await info.getByRole('button', { name: 'Edit Profile' }).waitFor()
    const values = await info.locator('dd').allInnerTexts()
    expect(values[0]).toBe(newName)
    expect(values[1]).toBe('Ada Lovelace')
    expect(values[3]).toMatch(/1990/)
    expect(values).toContain('United Kingdom')
    expect(values).toContain('Watches science fiction on Sundays.')
    // The account menu follows the new username.
    await page.getByRole('banner').getByRole('button', { name: newName }).waitFor()

    // Cancel leaves the record as it was.
    await info.getByRole('button', { name: 'Edit Profile' }).click()
    await edit.getByLabel('Country', { exact: true }).fill('Elsewhere')
    await edit.getByRole('button', { name: 'Cancel' }).click()
    expect(await info.locator('dd').allInnerTexts()).toContain('United Kingdom')

    // Change password: client checks, the server's check of the current password, success.
    const passwords = page.getByRole('region', { name: 'Change Password' })
    await passwords.getByRole('button', { name: 'Change Password' }).click()
    const pwForm = passwords.getByRole('form', { name: 'Change password' })
    await pwForm.getByLabel('Current Password', { exact: true }).fill(account.password)
    await pwForm.getByLabel('New Password', { exact: true }).fill('brand-new-secret')
    await pwForm.getByLabel('Confirm New Password', { exact: true }).fill('brand-new-secreT')
    await pwForm.getByRole('button', { name: 'Update Password' }).click()
    expect(await pwForm.getByRole('alert').innerText()).toBe('New passwords do not match')
    await pwForm.getByLabel('New Password', { exact: true }).fill('short')
    await pwForm.getByLabel('Confirm New Password', { exact: true }).fill('short')
    await pwForm.getByRole('button', { name: 'Update Password' }).click()
    expect(await pwForm.getByRole('alert').innerText()).toBe('Password must be at least 6 characters long')
    // show/hide on the first two fields
    await pwForm.getByRole('button', { name: 'Show new password' }).click()
    expect(await pwForm.getByLabel('New Password', { exact: true }).getAttribute('type')).toBe('text')
    expect(await pwForm.getByRole('button', { name: 'Show current password' }).count()).toBe(1)
    await pwForm.getByLabel('Current Password', { exact: true }).fill('not-my-password')
    await pwForm.getByLabel('New Password', { exact: true }).fill('brand-new-secret')
    await pwForm.getByLabel('Confirm New Password', { exact: true }).fill('brand-new-secret')
    await pwForm.getByRole('button', { name: 'Update Password' }).click()
    await toast(page, 'Failed to update password').waitFor()
    expect(await pwForm.getByRole('alert').innerText()).toBe('Current password is incorrect')
    await expectNoSeriousViolations(page)
    await shoot(page, 'profile-password-desktop')
    await pwForm.getByLabel('Current Password', { exact: true }).fill(account.password)
    await pwForm.getByRole('button', { name: 'Update Password' }).click()
    await toast(page, 'Password updated successfully!').waitFor()
    expect(await passwords.getByRole('form').count()).toBe(0)
    await passwords.getByRole('button', { name: 'Change Password' }).click()
    expect(await pwForm.getByLabel('Current Password', { exact: true }).inputValue()).toBe('')
    await passwords.getByRole('button', { name: 'Cancel' }).first().click()

    // Logout, then /profile asks for a sign-in and returns there with the new password.
    await page.getByRole('banner').getByRole('button', { name: newName }).click()
    // The app reloads itself a moment after logging out (SPEC.md section 4).
    const reloaded = page.waitForEvent('load')
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await toast(page, 'You have been logged out successfully!').waitFor()
    await page.waitForURL(/\/login\?next=%2Fprofile$/)
    await reloaded
    const relogin = page.locator('main form')
    await relogin.getByLabel('Email', { exact: true }).fill(account.email)
    await relogin.getByLabel('Password', { exact: true }).fill(account.password)
    await relogin.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('alert').filter({ hasText: 'Invalid user credentials' }).waitFor()
    await relogin.getByLabel('Password', { exact: true }).fill('brand-new-secret')
    await relogin.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(`${baseUrl}/profile`)
    await page.getByRole('region', { name: 'Profile Information' }).getByText('Ada Lovelace').waitFor()
    await context.close()
  })
})

describe('the profile lists', () => {
  it('shows watchlist and history cards that open their title pages', async () => {
    const account = newAccountDetails('lists')
    const { context, page } = await openPage('desktop')
    const headers = visitorHeaders(baseUrl)
    await signUpThroughApi(page, baseUrl, account)
    await loginThroughForm(page, account)
    const saved = await page.request.post('/api/me/watchlist', { data: { content_id: 550, content_type: 'movie', title: 'Saved Film', poster_path: null }, headers })
    expect(saved.ok()).toBe(true)
    const watched = await page.request.put('/api/me/history', { data: { content_id: 1399, content_type: 'tv', title: 'Watched Series', poster_path: null, watch_duration: 30 }, headers })
    expect(watched.ok()).toBe(true)

    await page.goto('/profile')
    const watchlist = page.getByRole('region', { name: 'My Watchlist' })
    const card = watchlist.getByRole('link', { name: /Saved Film/ })
    await card.waitFor()
    expect(await card.innerText()).toContain('Movie')
    const history = page.getByRole('region', { name: 'Last Watched' })
    const historyCard = history.getByRole('link', { name: /Watched Series/ })
    expect(await historyCard.innerText()).toMatch(/TV Show · \w+/)
    expect(await historyCard.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/)
    await shoot(page, 'profile-lists-desktop')
    await card.click()
    await page.waitForURL(`${baseUrl}/movie/550`)
    await page.goBack()
    await historyCard.click()
    await page.waitForURL(`${baseUrl}/tv/1399`)
    await context.close()
  })
})

describe('sign-in details', () => {
  it('sends a signed-out visitor from /profile to /login and ignores an off-site next', async () => {
    const { context, page } = await openPage('phone')
    await page.goto('/profile')
    await page.waitForURL(/\/login\?next=%2Fprofile$/)
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor()
    await shoot(page, 'login-phone')
    await expectNoSeriousViolations(page)
    const account = newAccountDetails('next')
    await signUpThroughApi(page, baseUrl, account)
    await loginThroughForm(page, account, 'User', '/login?next=%2F%2Fevil.example%2Fsteal')
    await page.waitForURL(`${baseUrl}/`)
    expect(new URL(page.url()).host).toBe(new URL(baseUrl).host)
    await context.close()
  })

  it('signs up on a phone from the sign-in page a guarded page sent the visitor to, and lands back there signed in', async () => {
    const { context, page } = await openPage('phone')
    // A client address of its own, so this sign-up is not counted with the other journeys' ones.
    await context.setExtraHTTPHeaders({ 'CF-Connecting-IP': visitorHeaders(baseUrl)['CF-Connecting-IP']! })
    await page.goto('/profile')
    await page.waitForURL(/\/login\?next=%2Fprofile$/)
    await page.locator('main').getByRole('link', { name: 'Sign Up' }).click()
    await page.waitForURL(/\/register\?next=%2Fprofile$/)
    await page.getByRole('heading', { name: 'Sign Up', level: 1 }).waitFor()
    // With no Turnstile key configured, the bot-check script is never requested.
    expect(await page.locator('script[src*="challenges.cloudflare.com"]').count()).toBe(0)
    await shoot(page, 'register-phone')
    const account = newAccountDetails('phone')
    const form = page.locator('main form')
    await form.getByLabel('Email', { exact: true }).fill(account.email)
    await form.getByLabel('Username', { exact: true }).fill(account.username)
    await form.getByLabel('Password', { exact: true }).fill(account.password)
    await form.getByLabel('Confirm Password', { exact: true }).fill(account.password)
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL(`${baseUrl}/profile`)
    await page.getByRole('region', { name: 'Profile Information' }).getByText(account.email).waitFor()
    await page.getByText('No watch history yet.').waitFor()
    await shoot(page, 'profile-phone')
    await expectNoSeriousViolations(page)
    await context.close()
  })
})

describe('my data', () => {
  it('downloads the watchlist as CSV, keeps the account on a wrong password, then deletes it and signs out', async () => {
    const { context, page } = await openPage('phone')
    const account = newAccountDetails('leaver')
    await signUpThroughApi(page, baseUrl, account)
    await loginThroughForm(page, account)
    const added = await page.request.post('/api/me/watchlist', { data: { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null }, headers: { Origin: baseUrl } })
    expect(added.status()).toBe(201)
    await page.goto('/profile')
    const section = page.getByRole('region', { name: 'Your Data' })
    await section.waitFor()

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Watchlist (CSV)' }).click()])
    expect(download.suggestedFilename()).toMatch(/^reelhouse-watchlist-\d{4}-\d{2}-\d{2}\.csv$/)
    const saved = await download.path()
    const { readFileSync } = await import('node:fs')
    const csv = readFileSync(saved, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('Title,Year,tmdbID,Type,tmdbTvID,AddedDate')
    expect(csv).toContain('The Dark Knight,2008,155,film,,')

    await section.getByRole('button', { name: 'Delete Account' }).click()
    const form = page.getByRole('form', { name: 'Delete account' })
    await form.getByLabel('Current Password', { exact: true }).fill('not my password')
    await form.getByRole('button', { name: 'Delete My Account' }).click()
    await form.getByText('Password is incorrect').waitFor()
    await shoot(page, 'profile-delete-phone')
    await expectNoSeriousViolations(page)
    expect((await page.request.get('/api/me/profile')).status()).toBe(200)

    await form.getByLabel('Current Password', { exact: true }).fill(account.password)
    await form.getByRole('button', { name: 'Delete My Account' }).click()
    await toast(page, 'Your account has been deleted').waitFor()
    await page.waitForURL(`${baseUrl}/`)
    expect((await page.request.get('/api/me/profile')).status()).toBe(401)
    const again = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password, type: 'user' }, headers: { Origin: baseUrl } })
    expect(again.status()).toBe(401)
    await context.close()
  })
})

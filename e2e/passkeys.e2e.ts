/**
 * Passkeys in Chromium with a virtual authenticator (Chrome DevTools Protocol, WebAuthn domain):
 * a user and an administrator add a passkey on the profile (the administrator confirming with
 * its password and a code), sign out, sign in with it, and remove it, after which it no longer
 * signs anyone in. WebAuthn needs a domain, so these pages are
 * opened as localhost rather than 127.0.0.1.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { confirmationCode, createAdmin, loginThroughForm, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, signUpThroughApi, useBrowser, visitorHeaders, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl().replace('127.0.0.1', 'localhost')
const port = new URL(baseUrl).port
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

async function withAuthenticator(viewport: ViewportName): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser(), baseUrl, viewport)
  // the site is reached as localhost here (passkeys need a domain): the consent is kept for it
  await dismissCookieBanner(opened.context, baseUrl)
  const cdp = await opened.context.newCDPSession(opened.page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return opened
}

async function whoIs(page: Page): Promise<{ type: string; email: string } | null> {
  const answer = (await (await page.request.get('/api/auth/me')).json()) as { user: unknown; type?: string; email?: string }
  return answer.user === null ? null : { type: answer.type!, email: answer.email! }
}

async function signOut(page: Page) {
  expect((await page.request.post('/api/auth/logout', { headers: { Origin: baseUrl } })).ok()).toBe(true)
  expect(await whoIs(page)).toBeNull()
}

/** Adds a passkey on the profile; an administrator (`admin`) confirms it with the password and a fresh code. */
async function addPasskeyOnProfile(page: Page, shot?: string, admin?: { email: string; password: string }) {
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Passkeys' })
  await section.getByText('No passkeys yet.').waitFor()
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  if (admin) {
    const confirm = section.getByRole('form', { name: 'Confirm: Add a passkey' })
    await confirm.getByLabel('Password', { exact: true }).fill(admin.password)
    await confirm.getByLabel('Code from your authenticator app, or a recovery code').fill(await confirmationCode(admin.email))
    await confirm.getByRole('button', { name: 'Add a passkey' }).click()
  }
  await page.locator('[data-toast]', { hasText: 'Passkey added.' }).waitFor()
  await section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').first().waitFor()
  expect(await seriousA11yViolations(page)).toEqual([])
  if (shot) await section.screenshot({ path: join(shots, shot) })
  return section
}

async function signInWithPasskey(page: Page) {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

describe('passkeys', () => {
  it('a user adds one, signs in with it, and removes it', async () => {
    const account = newAccountDetails('passkey')
    const { context, page } = await withAuthenticator('desktop')
    await signUpThroughApi(page, baseUrl, account)
    await loginThroughForm(page, account)
    const section = await addPasskeyOnProfile(page, 'passkeys-desktop.png')
    expect(await section.getByRole('listitem').first().innerText()).toMatch(/Passkey on Chrome on Linux[\s\S]*not used yet/)

    await signOut(page)
    await page.goto('/login')
    await page.screenshot({ path: join(shots, 'login-passkey-desktop.png') })
    await signInWithPasskey(page)
    expect(await whoIs(page)).toEqual({ type: 'user', email: account.email })

    await page.goto('/profile')
    await section.getByText(/last used/).waitFor()
    await section.getByRole('button', { name: /^Remove / }).click()
    await section.getByText('No passkeys yet.').waitFor()
    await signOut(page)
    // the authenticator still holds the credential, but the site no longer accepts it
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('alert').filter({ hasText: 'could not be verified' }).waitFor()
    expect(await whoIs(page)).toBeNull()
    await context.close()
  })

  it('an administrator adds one and signs in with it (at phone width)', async () => {
    const admin = newAccountDetails('pkadmin')
    createAdmin(port, admin)
    const { context, page } = await withAuthenticator('phone')
    await loginThroughForm(page, admin, 'Admin')
    await addPasskeyOnProfile(page, 'passkeys-phone.png', admin)
    await signOut(page)
    await page.goto('/login')
    await page.screenshot({ path: join(shots, 'login-passkey-phone.png') })
    await signInWithPasskey(page)
    expect(await whoIs(page)).toEqual({ type: 'admin', email: admin.email })
    await context.close()
  })
})

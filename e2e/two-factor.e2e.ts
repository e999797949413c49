/**
 * Administrators' second factor in Chromium: the first password sign-in leads to setting up an
 * authenticator app (recovery codes shown once) before the dashboard; later sign-ins ask for a
 * code, refuse a wrong one and take a recovery code once. Until then no admin call answers. On the
 * profile, new recovery codes and removing the app ask for the password and a fresh code, and the
 * owner is e-mailed.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { currentStep, totpCode } from '../worker/auth/totp'
import { createAdmin, mailTo, newAccountDetails } from './account-helpers'
import { dismissCookieBanner, newPage, seriousA11yViolations, useBrowser, type ViewportName } from './browser'
import { siteUrl } from './sites'

const baseUrl = siteUrl()
const port = new URL(baseUrl).port
const shots = join(__dirname, '..', '.wrangler', 'screenshots')
const browser = useBrowser()

beforeAll(() => {
  mkdirSync(shots, { recursive: true })
})

async function passwordOnly(page: Page, admin: { email: string; password: string }) {
  await page.goto('/login?next=%2Fadmin')
  const form = page.locator('main form')
  await form.getByLabel('Admin', { exact: true }).check()
  await form.getByLabel('Email', { exact: true }).fill(admin.email)
  await form.getByLabel('Password', { exact: true }).fill(admin.password)
  await form.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === '/two-factor')
  expect((await page.request.get('/api/admin/stats')).status()).toBe(403)
}

/**
 * Reads the QR code drawn as `<svg>` under `name` as a camera would: the drawing is rasterised in a
 * blank page of the same browser and its pixels decoded by jsQR.
 */
async function scanQrCode(page: Page, name: string): Promise<string> {
  const svg = await page.getByRole('img', { name }).evaluate((node) => new XMLSerializer().serializeToString(node))
  const blank = await page.context().newPage()
  const size = 400
  const pixels = await blank.evaluate(
    async ({ svg, size }) => {
      const image = new Image()
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = size
      canvas.height = size
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0, size, size)
      return Array.from(context.getImageData(0, 0, size, size).data)
    },
    { svg, size },
  )
  await blank.close()
  const decoded = jsQR(Uint8ClampedArray.from(pixels), size, size)
  if (!decoded) throw new Error('no QR code could be read from the drawing')
  return decoded.data
}

async function open(viewport: ViewportName) {
  const opened = await newPage(browser(), baseUrl, viewport)
  await dismissCookieBanner(opened.context)
  return opened
}

describe('administrator two-factor sign-in', () => {
  it('sets up an authenticator app, then asks for codes and takes a recovery code once', async () => {
    const admin = newAccountDetails('twofa')
    createAdmin(port, admin)
    const desktop = await open('desktop')
    const page = desktop.page
    await passwordOnly(page, admin)
    await page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 }).waitFor()
    await page.screenshot({ path: join(shots, 'two-factor-setup-desktop.png') })
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const secret = (await page.getByLabel('Set-up key').innerText()).replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    // A phone's camera reads the same key from the QR code the page draws.
    const scanned = await scanQrCode(page, 'QR code to add this account to an authenticator app')
    expect(scanned).toMatch(/^otpauth:\/\/totp\//)
    expect(new URL(scanned).searchParams.get('secret')).toBe(secret)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByLabel('Code from your authenticator app').fill('000000')
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.getByRole('alert').filter({ hasText: 'not right' }).waitFor()
    let step = currentStep()
    await page.getByLabel('Code from your authenticator app').fill(await totpCode(secret, step))
    await page.getByRole('button', { name: 'Turn on' }).click()
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await codes.nth(9).waitFor()
    const recovery = await codes.allInnerTexts()
    expect(recovery).toHaveLength(10)
    await page.screenshot({ path: join(shots, 'two-factor-recovery-desktop.png') })
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/admin'))
    expect((await page.request.get('/api/admin/stats')).status()).toBe(200)
    await desktop.context.close()

    // a later sign-in, on a phone: a wrong code, then the app's code
    const phone = await open('phone')
    await passwordOnly(phone.page, admin)
    await phone.page.getByRole('heading', { name: 'Two-factor verification', level: 1 }).waitFor()
    await phone.page.screenshot({ path: join(shots, 'two-factor-verify-phone.png') })
    await phone.page.getByLabel('Code from your authenticator app').fill('000000')
    await phone.page.getByRole('button', { name: 'Verify' }).click()
    await phone.page.getByRole('alert').filter({ hasText: 'not right' }).waitFor()
    step = Math.max(currentStep(), step + 1)
    await phone.page.getByLabel('Code from your authenticator app').fill(await totpCode(secret, step))
    await phone.page.getByRole('button', { name: 'Verify' }).click()
    await phone.page.waitForURL((url) => url.pathname.startsWith('/admin'))
    await phone.context.close()

    // and with a recovery code, which then works no more
    for (const expected of ['admin', 'refused'] as const) {
      const again = await open('desktop')
      await passwordOnly(again.page, admin)
      await again.page.getByRole('button', { name: 'Use a recovery code' }).click()
      await again.page.getByLabel('Recovery code').fill(recovery[0]!)
      await again.page.getByRole('button', { name: 'Verify' }).click()
      if (expected === 'admin') await again.page.waitForURL((url) => url.pathname.startsWith('/admin'))
      else await again.page.getByRole('alert').filter({ hasText: 'not right' }).waitFor()
      await again.context.close()
    }

    // changes on the profile: new recovery codes need the password and a fresh code
    const settings = await open('desktop')
    await passwordOnly(settings.page, admin)
    await settings.page.getByRole('button', { name: 'Use a recovery code' }).click()
    await settings.page.getByLabel('Recovery code').fill(recovery[1]!)
    await settings.page.getByRole('button', { name: 'Verify' }).click()
    await settings.page.waitForURL((url) => url.pathname.startsWith('/admin'))
    await settings.page.goto('/profile')
    const section = settings.page.getByRole('region', { name: 'Two-factor sign-in' })
    await section.getByText('Authenticator app: on').waitFor()
    await section.getByRole('button', { name: 'Make new recovery codes' }).click()
    const confirm = section.getByRole('form', { name: 'Confirm: Make new recovery codes' })
    await confirm.getByLabel('Password', { exact: true }).fill('not the password at all')
    await confirm.getByLabel('Code from your authenticator app, or a recovery code').fill(recovery[2]!)
    await confirm.getByRole('button', { name: 'Make new recovery codes' }).click()
    await confirm.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor()
    await confirm.getByLabel('Password', { exact: true }).fill(admin.password)
    await confirm.getByRole('button', { name: 'Make new recovery codes' }).click()
    const fresh = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await fresh.nth(9).waitFor()
    expect(await fresh.allInnerTexts()).not.toContain(recovery[3])
    await settings.page.screenshot({ path: join(shots, 'two-factor-settings-desktop.png'), fullPage: true })
    const freshCodes = await fresh.allInnerTexts()
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click()

    // an administrator's new password needs a fresh second factor too
    const passwordSection = settings.page.getByRole('region', { name: 'Change Password' })
    await passwordSection.getByRole('button', { name: 'Change Password' }).click()
    const passwordForm = passwordSection.getByRole('form', { name: 'Change password' })
    const newPassword = `${admin.password}-renewed`
    await passwordForm.getByLabel('Current Password', { exact: true }).fill(admin.password)
    await passwordForm.getByLabel('New Password', { exact: true }).fill(newPassword)
    await passwordForm.getByLabel('Confirm New Password', { exact: true }).fill(newPassword)
    await passwordForm.getByLabel('Code from your authenticator app, or a recovery code').fill('000000')
    await passwordForm.getByRole('button', { name: 'Update Password' }).click()
    await passwordForm.getByRole('alert').filter({ hasText: 'not right' }).waitFor()
    await passwordForm.getByLabel('Code from your authenticator app, or a recovery code').fill(freshCodes[0]!)
    await passwordForm.getByRole('button', { name: 'Update Password' }).click()
    await settings.page.getByText('Password updated successfully!').first().waitFor()
    admin.password = newPassword
    // the new recovery codes were mailed to the owner (the mail is sent after the answer: waited for)
    expect((await mailTo(settings.page, admin.email, /New recovery codes were made/)).subject).toBe('Reelhouse: your two-factor sign-in changed')
    await settings.context.close()

    // on a phone, removing the app asks the same
    const phoneSettings = await open('phone')
    await passwordOnly(phoneSettings.page, admin)
    // a code is taken once: the next one is the next step's, which the server takes from the step
    // before it on (one step of clock drift), so wait only until that one has come
    step += 1
    while (currentStep() < step - 1) await phoneSettings.page.waitForTimeout(500)
    await phoneSettings.page.getByLabel('Code from your authenticator app').fill(await totpCode(secret, step))
    await phoneSettings.page.getByRole('button', { name: 'Verify' }).click()
    await phoneSettings.page.waitForURL((url) => url.pathname.startsWith('/admin'))
    await phoneSettings.page.goto('/profile')
    const phoneSection = phoneSettings.page.getByRole('region', { name: 'Two-factor sign-in' })
    await phoneSection.getByRole('button', { name: 'Remove the authenticator app' }).click()
    await phoneSection.getByRole('form', { name: 'Confirm: Remove the authenticator app' }).waitFor()
    await phoneSection.scrollIntoViewIfNeeded()
    expect(await seriousA11yViolations(phoneSettings.page)).toEqual([])
    await phoneSettings.page.screenshot({ path: join(shots, 'two-factor-settings-phone.png') })
    await phoneSettings.context.close()
  }, 150_000)
})

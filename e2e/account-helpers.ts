/**
 * Helpers for the account and admin journeys: unique account details, an administrator made
 * in the test server's local D1 (administrators cannot sign up), and signing in through the form.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

const root = join(__dirname, '..')
let sequence = 0

export function newAccountDetails(prefix: string): { email: string; username: string; password: string } {
  sequence += 1
  const tag = `${Date.now().toString(36)}${sequence}`
  return { email: `${prefix}.${tag}@example.com`, username: `${prefix}_${tag}`, password: `pw-${tag}-long-secret` }
}

/**
 * Creates an administrator in the D1 state of the e2e server on `port` with the documented
 * bootstrap command (`npm run admin:create`), the only way administrators come to exist.
 */
export function createAdmin(port: string, account: { email: string; username: string; password: string }): void {
  execFileSync(process.execPath, [join(root, 'scripts', 'admin-create.mjs'), '--email', account.email, '--username', account.username, '--persist-to', join(root, '.wrangler', `e2e-${port}`)], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, ADMIN_PASSWORD: account.password, WRANGLER_SEND_METRICS: 'false', NO_UPDATE_NOTIFIER: '1', CI: 'true' },
  })
}

/** Signs in through the login form and waits until the app has left /login. */
export async function loginThroughForm(page: Page, account: { email: string; password: string }, type: 'User' | 'Admin' = 'User', path = '/login'): Promise<void> {
  // The form is what matters here; waiting for every subresource only adds time on a busy machine.
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  const form = page.locator('main form')
  await form.getByLabel(type, { exact: true }).check()
  await form.getByLabel('Email', { exact: true }).fill(account.email)
  await form.getByLabel('Password', { exact: true }).fill(account.password)
  await form.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

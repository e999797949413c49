/**
 * Helpers for the account and admin journeys: unique account details, and an administrator
 * written straight into the test server's local D1 (administrators cannot sign up), with a
 * password hash in the worker's PBKDF2 format (worker/auth/password.ts).
 */
import { execFileSync } from 'node:child_process'
import { pbkdf2Sync, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

const root = join(__dirname, '..')
let sequence = 0

export function newAccountDetails(prefix: string): { email: string; username: string; password: string } {
  sequence += 1
  const tag = `${Date.now().toString(36)}${sequence}`
  return { email: `${prefix}.${tag}@example.com`, username: `${prefix}_${tag}`, password: `pw-${tag}-secret` }
}

/** The same string worker/auth/password.ts writes: pbkdf2-sha512$iterations$salt$hash. */
export function passwordHash(password: string, iterations = 100_000): string {
  const salt = randomBytes(16)
  const hash = pbkdf2Sync(password, salt, iterations, 64, 'sha512')
  return `pbkdf2-sha512$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`
}

function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`
}

/** Inserts an administrator into the D1 state of the e2e server on `port`. */
export function createAdmin(port: string, account: { email: string; username: string; password: string }): void {
  const sql = `INSERT INTO admin_users (email, password_hash, username, full_name, is_active) VALUES (${sqlText(account.email)}, ${sqlText(passwordHash(account.password))}, ${sqlText(account.username)}, 'Test Administrator', 1)`
  execFileSync(join(root, 'node_modules', '.bin', 'wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', join(root, '.wrangler', `e2e-${port}`), '--command', sql], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_UPDATE_NOTIFIER: '1', CI: 'true' },
  })
}

/** Signs in through the login form and waits until the app has left /login. */
export async function loginThroughForm(page: Page, account: { email: string; password: string }, type: 'User' | 'Admin' = 'User', path = '/login'): Promise<void> {
  await page.goto(path)
  const form = page.locator('main form')
  await form.getByLabel(type, { exact: true }).check()
  await form.getByLabel('Email', { exact: true }).fill(account.email)
  await form.getByLabel('Password', { exact: true }).fill(account.password)
  await form.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

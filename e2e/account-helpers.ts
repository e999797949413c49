/**
 * Helpers for the account and admin journeys: unique account details, an administrator made
 * in the test server's local D1 (administrators cannot sign up), and signing in through the form.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { currentStep, totpCode } from '../worker/auth/totp'

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
  if (type === 'Admin') await passSecondFactor(page, account.email)
}

/** Administrators' authenticator-app secrets set up by passSecondFactor, the last step used, and their recovery codes. */
const totpSecrets = new Map<string, { secret: string; lastStep: number; recovery: string[] }>()

/**
 * A code for a step not used before (a code works once) within the server's window (one step
 * ahead at most); when a test signs in more often than that allows, a recovery code, and when
 * those are gone, the next step's code after waiting for it.
 */
async function freshCode(email: string): Promise<{ kind: 'app' | 'recovery'; code: string }> {
  const known = totpSecrets.get(email)!
  let step = Math.max(currentStep(), known.lastStep + 1)
  if (step > currentStep() + 1) {
    const recovery = known.recovery.shift()
    if (recovery) return { kind: 'recovery', code: recovery }
    while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1000))
    step = Math.max(currentStep(), known.lastStep + 1)
  }
  known.lastStep = step
  return { kind: 'app', code: await totpCode(known.secret, step) }
}

/** A fresh code (from the app, else a recovery code) for an administrator set up by passSecondFactor, to confirm a change of its factors. */
export async function confirmationCode(email: string): Promise<string> {
  return (await freshCode(email)).code
}

/**
 * On /two-factor after an administrator's password: sets up an authenticator app the first time
 * (reading its key from the page, as a person would type it into the app), else enters a code.
 */
export async function passSecondFactor(page: Page, email: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/two-factor') await page.waitForURL((url) => url.pathname === '/two-factor', { timeout: 5000 })
  const card = page.locator('main')
  await card.getByRole('heading', { level: 1 }).waitFor()
  const heading = await card.getByRole('heading', { level: 1 }).innerText()
  if (heading === 'Set up two-factor sign-in') {
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const secret = (await card.getByLabel('Set-up key').innerText()).replace(/\s/g, '')
    totpSecrets.set(email, { secret, lastStep: 0, recovery: [] })
    await card.getByLabel('Code from your authenticator app').fill((await freshCode(email)).code)
    await card.getByRole('button', { name: 'Turn on' }).click()
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await codes.last().waitFor()
    totpSecrets.get(email)!.recovery = await codes.allInnerTexts()
    await card.getByRole('button', { name: 'I have saved my recovery codes' }).click()
  } else {
    const { kind, code } = await freshCode(email)
    if (kind === 'recovery') await card.getByRole('button', { name: 'Use a recovery code' }).click()
    await card.getByLabel(kind === 'app' ? 'Code from your authenticator app' : 'Recovery code').fill(code)
    await card.getByRole('button', { name: 'Verify' }).click()
  }
  await page.waitForURL((url) => url.pathname !== '/two-factor')
}

export interface DevMail {
  to: string
  subject: string
  text: string
  headers?: Record<string, string>
}

/**
 * The newest message to `to` in the dev mailbox (GET /api/dev/mail), whose text matches `match`
 * when given; asked again for up to 10 s, as the worker sends mail after its answer.
 */
export async function mailTo(page: Page, to: string, match?: RegExp): Promise<DevMail> {
  for (let tries = 0; tries < 50; tries++) {
    const { messages } = (await (await page.request.get('/api/dev/mail')).json()) as { messages: DevMail[] }
    const found = messages.find((m) => m.to === to && (!match || match.test(m.text)))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no mail to ${to}${match ? ` matching ${match}` : ''}`)
}

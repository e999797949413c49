/**
 * `npm run admin:create -- --email a@b.c [--username name] [--reset-two-factor] [--remote] [--persist-to DIR]`
 *
 * Creates an administrator, or resets an existing one (new password, active again, every
 * session signed out: the administrator's store, worker/accounts/store.ts, reads the row at most a
 * minute after and ends every session it finds made on another password; sessions from before
 * the stores are deleted here). `--reset-two-factor` also removes its authenticator app, recovery
 * codes and passkeys, for an administrator who has lost every way to pass the second factor: its
 * next sign-in sets one up again. There is no default admin password anywhere: the password comes from
 * ADMIN_PASSWORD or a hidden prompt, is hashed here in the worker's format
 * (pbkdf2-sha512$iterations$salt$hash, see worker/auth/password.ts) and only the hash is sent to
 * D1 through `wrangler d1 execute`. Local D1 by default; `--remote` for the deployed database.
 */
import { execFileSync } from 'node:child_process'
import { pbkdf2Sync, randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { migrate, persistArgs, root, wranglerBin, wranglerEnv } from './prepare-local.mjs'

// Must match PBKDF2_ITERATIONS in worker/auth/password.ts: production Workers refuse more.
// worker/test/auth.test.ts checks that the worker accepts a hash made by hashPassword below.
const ITERATIONS = 100_000
const MIN_ADMIN_PASSWORD = 12
const EMAIL_PATTERN = /^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/

function fail(message) {
  console.error(`admin:create: ${message}`)
  process.exit(1)
}

function hashPassword(password) {
  const salt = randomBytes(16)
  const key = pbkdf2Sync(password, salt, ITERATIONS, 64, 'sha512')
  return `pbkdf2-sha512$${ITERATIONS}$${salt.toString('base64')}$${key.toString('base64')}`
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question) {
  const stdin = process.stdin
  if (!stdin.isTTY) fail('no terminal to ask for the password: set ADMIN_PASSWORD instead')
  process.stdout.write(question)
  stdin.setRawMode(true)
  stdin.resume()
  stdin.setEncoding('utf8')
  return new Promise((resolve) => {
    let value = ''
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false)
          stdin.pause()
          stdin.off('data', onData)
          process.stdout.write('\n')
          resolve(value)
          return
        }
        if (ch === '\u0003') {
          process.stdout.write('\n')
          process.exit(130)
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1)
        else value += ch
      }
    }
    stdin.on('data', onData)
  })
}

async function readPassword() {
  const fromEnv = process.env.ADMIN_PASSWORD
  if (fromEnv) return fromEnv
  const first = await promptHidden('New administrator password: ')
  const second = await promptHidden('Repeat the password: ')
  if (first !== second) fail('the two passwords differ')
  return first
}

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`

function d1(target, sql, { json = false } = {}) {
  const args = ['d1', 'execute', 'DB', target.remote ? '--remote' : '--local', ...persistArgs(target.persistTo), '--command', sql]
  if (json) args.push('--json')
  const run = () =>
    execFileSync(wranglerBin, args, {
      cwd: root,
      env: { ...wranglerEnv, CI: 'true' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  // A local database that a running `wrangler dev` is writing to at that moment answers
  // SQLITE_BUSY: asked again a moment later, as SQLite's own busy handler would.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return run()
    } catch (err) {
      const busy = !target.remote && /SQLITE_BUSY|database is locked/.test(`${err.stderr ?? ''}${err.stdout ?? ''}`)
      if (!busy || attempt === 5) {
        if (err.stderr) process.stderr.write(err.stderr)
        throw err
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300 * attempt)
    }
  }
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    remote: { type: 'boolean', default: false },
    'reset-two-factor': { type: 'boolean', default: false },
    'persist-to': { type: 'string' },
  },
})

const email = values.email?.trim().toLowerCase()
if (!email || !EMAIL_PATTERN.test(email) || email.length > 254) fail('give a valid --email')
if (values.username !== undefined && !USERNAME_PATTERN.test(values.username)) {
  fail('--username must be 3 to 30 letters, digits, ".", "_" or "-"')
}
const target = { remote: values.remote, persistTo: values['persist-to'] }
if (target.remote && target.persistTo) fail('--persist-to is for the local database only')

const password = await readPassword()
if (password.length < MIN_ADMIN_PASSWORD) fail(`the password must be at least ${MIN_ADMIN_PASSWORD} characters long`)
if (password.length > 1000) fail('the password is too long')

if (!target.remote) migrate(target.persistTo)

const emailSql = sqlText(email)
const existing = JSON.parse(d1(target, `SELECT id FROM admin_users WHERE lower(email) = ${emailSql}`, { json: true }))
const found = existing[0]?.results?.length > 0
if (values.username !== undefined) {
  // one namespace for users and administrators, so nobody can pose as the other
  const taken = JSON.parse(d1(target, `SELECT 1 FROM users WHERE lower(username) = lower(${sqlText(values.username)}) UNION ALL SELECT 1 FROM admin_users WHERE lower(username) = lower(${sqlText(values.username)}) AND lower(email) <> ${emailSql}`, { json: true }))
  if (taken[0]?.results?.length > 0) fail(`the username ${values.username} is already taken`)
}
const hash = sqlText(hashPassword(password))
const username = values.username === undefined ? 'NULL' : sqlText(values.username)

d1(
  target,
  [
    `UPDATE admin_users SET password_hash = ${hash}, is_active = 1, username = coalesce(${username}, username),`,
    `updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE lower(email) = ${emailSql};`,
    `INSERT INTO admin_users (email, username, password_hash, is_active) SELECT ${emailSql}, ${username}, ${hash}, 1`,
    `WHERE NOT EXISTS (SELECT 1 FROM admin_users WHERE lower(email) = ${emailSql});`,
    `DELETE FROM sessions WHERE owner_type = 'admin' AND owner_id IN (SELECT id FROM admin_users WHERE lower(email) = ${emailSql});`,
    ...(values['reset-two-factor']
      ? [
          `UPDATE admin_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE lower(email) = ${emailSql};`,
          `DELETE FROM recovery_codes WHERE owner_type = 'admin' AND owner_id IN (SELECT id FROM admin_users WHERE lower(email) = ${emailSql});`,
          `DELETE FROM passkeys WHERE owner_type = 'admin' AND owner_id IN (SELECT id FROM admin_users WHERE lower(email) = ${emailSql});`,
        ]
      : []),
  ].join(' '),
)

const where = target.remote ? 'the deployed database' : `local D1${target.persistTo ? ` in ${target.persistTo}` : ''}`
console.log(`${found ? 'Reset' : 'Created'} administrator ${email} in ${where}${values['reset-two-factor'] ? ', without a second factor' : ''}. Sign in at /login with the type Admin.`)

/**
 * Gets a local copy of the site ready to run, with no network and no Cloudflare account:
 * a dev signing secret and a dev VAPID key pair in .dev.vars, the web builds in dist/ and dist-ssr/
 * (with the share cards' fonts), the migrations of both D1 databases
 * (accounts, catalogue) applied to local state, and the embedded catalogue loaded into its own. Each step skips itself when already done, so a
 * second run is quick. Used by `npm start`, the browser tests and the benchmark.
 */
import { execFileSync } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
export const wranglerBin = join(root, 'node_modules', '.bin', 'wrangler')
// CLOUDFLARE_CF_FETCH_ENABLED=false: wrangler dev would otherwise fetch the `Request.cf` sample
// from workers.cloudflare.com on every start and print a stack trace when offline; the worker
// reads nothing from request.cf, so the built-in sample does.
export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  NO_UPDATE_NOTIFIER: '1',
  CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false',
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** A VAPID key pair for local Web Push (base64url: the P-256 public point, the private scalar). */
function devVapidKeys() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const jwk = privateKey.export({ format: 'jwk' })
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')])
  return `VAPID_PUBLIC_KEY=${point.toString('base64url')}\nVAPID_PRIVATE_KEY=${jwk.d}\n`
}

export function ensureDevVars() {
  const file = join(root, '.dev.vars')
  let current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const append = (lines, what) => {
    current = current && !current.endsWith('\n') ? `${current}\n${lines}` : current + lines
    writeFileSync(file, current)
    console.log(`wrote ${what} to .dev.vars`)
  }
  if (!/^JWT_SECRET=.+/m.test(current)) append(`JWT_SECRET=${randomBytes(32).toString('hex')}\n`, 'a random local JWT_SECRET')
  // local Web Push works out of the box; a deployment sets its own (README, "New-episode notices")
  if (!/^VAPID_PRIVATE_KEY=.+/m.test(current)) append(devVapidKeys(), 'a local VAPID key pair for Web Push')
}

export function buildWeb({ force = false } = {}) {
  // The browser's build (dist/) and the worker's render of pages (dist-ssr/, web/ssr.tsx).
  const built = [join(root, 'dist', 'index.html'), join(root, 'dist-ssr', 'render.js')]
  const sources = Math.max(newestMtime(join(root, 'web')), statSync(join(root, 'package-lock.json')).mtimeMs)
  if (!force && built.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources)) {
    console.log('web build is up to date')
    return
  }
  for (const ssr of [[], ['--ssr', 'ssr.tsx']]) {
    execFileSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', ...ssr], {
      cwd: root,
      stdio: 'inherit',
      // Under vitest (the e2e global setup) NODE_ENV is 'test', which would make Vite emit React's
      // development build and drop production-only code such as the service worker registration.
      env: { ...process.env, NODE_ENV: 'production' },
    })
  }
  // the share cards' fonts for other scripts live in dist/ too, which the build has just emptied
  execFileSync(process.execPath, [join(root, 'scripts', 'card-script-fonts.mjs')], { cwd: root, stdio: 'inherit' })
}

const TMDB_SETTINGS = ['TMDB_API_BASE', 'TMDB_IMAGE_BASE', 'TMDB_API_KEY', 'TMDB_READ_TOKEN', 'TMDB_WATCH_REGION']

/** `--var NAME:VALUE` for each TMDB setting present in `env`; they override wrangler.toml and .dev.vars. */
export function tmdbVarArgs(env) {
  return TMDB_SETTINGS.filter((name) => env[name]).flatMap((name) => ['--var', `${name}:${env[name]}`])
}

export function persistArgs(persistTo) {
  return persistTo ? ['--persist-to', persistTo] : []
}

/** Both databases' migrations: the accounts database (DB) and the catalogue's own (CATALOG). */
export function migrate(persistTo) {
  for (const binding of ['DB', 'CATALOG']) {
    execFileSync(wranglerBin, ['d1', 'migrations', 'apply', binding, '--local', ...persistArgs(persistTo)], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...wranglerEnv, CI: 'true' },
    })
  }
}

export async function loadCatalog(persistTo) {
  const loader = join(root, 'scripts', 'load-catalog.mjs')
  if (!existsSync(loader)) return
  const { loadEmbeddedCatalog } = await import(loader)
  await loadEmbeddedCatalog({ persistTo })
}

/**
 * Runs a file of marker SQL (scripts/detect-markers.mjs writes one) on the accounts database, then
 * clears the KV copies viewers read markers from, so they are rebuilt from D1 at the next read.
 */
export function applyMarkersSql(file, { remote = false, persistTo = null, titles = [] } = {}) {
  const where = remote ? ['--remote'] : ['--local', ...persistArgs(persistTo)]
  // wrangler prints every statement's result: only its errors are worth showing
  const options = { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...wranglerEnv, CI: 'true' } }
  try {
    execFileSync(wranglerBin, ['d1', 'execute', 'DB', ...where, '--file', file, '--yes'], options)
    // one call for every copy to drop (worker/lib/title-copies.ts names them)
    const keys = `${file}.keys.json`
    writeFileSync(keys, JSON.stringify(['v1:markers:titles', ...titles.map((title) => `v1:markers:title:${title}`)]))
    try {
      execFileSync(wranglerBin, ['kv', 'bulk', 'delete', keys, '--binding', 'CACHE', '--force', ...where], options)
    } finally {
      rmSync(keys, { force: true })
    }
    return true
  } catch {
    return false
  }
}

/** The sample series' markers, as detection found them (data/sample-series-markers.sql), once per state and version of the file. */
export function seedSampleMarkers(persistTo) {
  const file = join(root, 'data', 'sample-series-markers.sql')
  if (!existsSync(file)) return
  const stamp = join(persistTo ?? join(root, '.wrangler', 'state'), 'sample-series-markers.applied')
  const sql = readFileSync(file, 'utf8')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sql) return
  if (applyMarkersSql(file, { persistTo, titles: ['tv:19885'] })) writeFileSync(stamp, sql)
}

export async function prepareLocal({ persistTo, forceBuild = false } = {}) {
  ensureDevVars()
  buildWeb({ force: forceBuild })
  migrate(persistTo)
  await loadCatalog(persistTo)
  seedSampleMarkers(persistTo)
}

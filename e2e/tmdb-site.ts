/**
 * The site in TMDB mode for the browser journeys: the fake TMDB (scripts/fake-tmdb.mjs) in this
 * process, and a second `wrangler dev` with TMDB_API_BASE, TMDB_IMAGE_BASE and a read token pointing
 * at it, on its own port and local state (E2E_TMDB_PORT, default E2E_PORT + 1; the fake on
 * FAKE_TMDB_PORT, default E2E_PORT + 2). The web build is the one the global setup made.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { Miniflare } from 'miniflare'
// @ts-expect-error plain ESM script without type declarations
import { startFakeTmdb } from '../scripts/fake-tmdb.mjs'
// @ts-expect-error plain ESM script without type declarations
import { migrate, persistArgs, root, tmdbVarArgs, wranglerBin, wranglerEnv } from '../scripts/prepare-local.mjs'

export interface FakeTmdb {
  url: string
  apiBase: string
  imageBase: string
  requests: string[]
  close(): Promise<void>
}

const e2ePort = Number(process.env.E2E_PORT ?? '8788')
export const sitePort = Number(process.env.E2E_TMDB_PORT ?? e2ePort + 1)
export const fakePort = Number(process.env.FAKE_TMDB_PORT ?? e2ePort + 2)
export const siteUrl = `http://127.0.0.1:${sitePort}`
const persistTo = join(root, '.wrangler', `e2e-tmdb-${sitePort}`)

export function startFake(): Promise<FakeTmdb> {
  return startFakeTmdb({ port: fakePort, log: process.env.FAKE_TMDB_LOG === '1' })
}

/** A fresh local state with the schema (the TMDB site needs no embedded catalogue). */
export function resetState(): void {
  rmSync(persistTo, { recursive: true, force: true })
  migrate(persistTo)
}

async function waitForPing(child: ChildProcess, ms: number, log: () => string) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}\n${log()}`)
    try {
      if ((await fetch(`${siteUrl}/api/ping`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`the TMDB site did not answer on ${siteUrl} within ${ms} ms\n${log()}`)
}

/** `wrangler dev` against the fake at `fakeUrl` (which need not be running). */
export async function startSite(fakeUrl: string): Promise<() => Promise<void>> {
  const vars = tmdbVarArgs({ TMDB_API_BASE: `${fakeUrl}/3`, TMDB_IMAGE_BASE: `${fakeUrl}/t/p`, TMDB_READ_TOKEN: 'fake-read-token' })
  const child = spawn(wranglerBin, ['dev', '--port', String(sitePort), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...persistArgs(persistTo), ...vars], {
    cwd: root,
    env: wranglerEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  await waitForPing(child, 90_000, () => log)
  return async () => {
    child.kill('SIGTERM')
    const exited = new Promise((r) => child.once('exit', r))
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}

/**
 * Makes every cached catalogue answer in the stopped site's KV look `ageMs` old, past its freshness
 * but still servable, so the next visit takes the provider's stale path. Opens the same local KV
 * store wrangler dev uses; the site must be stopped.
 */
export async function ageCatalogCache(ageMs: number): Promise<number> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null) } }',
    kvNamespaces: { CACHE: '00000000000000000000000000000000' },
    kvPersist: join(persistTo, 'v3', 'kv'),
  })
  try {
    const kv = await mf.getKVNamespace('CACHE')
    let aged = 0
    let cursor: string | undefined
    do {
      const page = await kv.list({ prefix: 'v1:catalog:', cursor })
      for (const { name } of page.keys) {
        const entry = (await kv.get(name, 'json')) as { data: unknown; fetchedAt: number } | null
        if (!entry) continue
        await kv.put(name, JSON.stringify({ ...entry, fetchedAt: Date.now() - ageMs }), { expirationTtl: 7 * 24 * 3600 })
        aged += 1
      }
      cursor = page.list_complete ? undefined : page.cursor
    } while (cursor)
    return aged
  } finally {
    await mf.dispose()
  }
}

/**
 * Loads the embedded catalogue (data/catalog.sql) into the local catalogue database (binding
 * CATALOG) with `wrangler d1 execute`.
 * Called by scripts/prepare-local.mjs after the migrations; it compares the data hash on the
 * file's first line with the one stored in catalog_meta and does nothing when they match, so a
 * second `npm start` is quick. Run directly: `node scripts/load-catalog.mjs [--persist-to DIR]`.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hashOf } from './build-catalog.mjs'
import { persistArgs, root, wranglerBin, wranglerEnv } from './prepare-local.mjs'

export const catalogFile = join(root, 'data', 'catalog.sql')

function d1(args, persistTo) {
  return execFileSync(wranglerBin, ['d1', 'execute', 'CATALOG', '--local', ...persistArgs(persistTo), ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...wranglerEnv, CI: 'true' },
  })
}

function loadedHash(persistTo) {
  try {
    const out = d1(['--json', '--command', "SELECT value FROM catalog_meta WHERE key = 'data_hash'"], persistTo)
    const parsed = JSON.parse(out)
    return parsed[0]?.results?.[0]?.value ?? null
  } catch {
    return null
  }
}

export async function loadEmbeddedCatalog({ persistTo } = {}) {
  const wanted = hashOf(readFileSync(catalogFile, 'utf8'))
  if (!wanted) throw new Error('data/catalog.sql has no data_hash line; run `npm run catalog:build`')
  if (loadedHash(persistTo) === wanted) {
    console.log(`embedded catalogue is up to date (${wanted})`)
    return { loaded: false, hash: wanted }
  }
  const started = Date.now()
  d1(['--yes', '--file', catalogFile], persistTo)
  const now = loadedHash(persistTo)
  if (now !== wanted) throw new Error('loading the embedded catalogue failed: data hash not stored')
  console.log(`loaded the embedded catalogue (${wanted}) in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { loaded: true, hash: wanted }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--persist-to')
  await loadEmbeddedCatalog({ persistTo: at > 0 ? process.argv[at + 1] : undefined })
}

// Loads the embedded catalogue (data/catalog.sql, passed in by vitest.config.ts) into this test
// file's catalogue database. Storage is per test file, so files that query the catalogue call this
// once in beforeAll.
import { env } from 'cloudflare:workers'
import { CATALOG_META_KEY } from '../catalog/shared'
import { forgetIsolateMemos } from '../lib/isolate-memo'

export async function loadCatalog(): Promise<void> {
  const statements = (env as unknown as { CATALOG_SQL: string[] }).CATALOG_SQL
  await env.CATALOG.batch(statements.map((statement) => env.CATALOG.prepare(statement)))
}

let versions = 0

/**
 * Stands for loading another data file: a new data hash, so every key of every kept answer is new
 * and nothing kept anywhere (KV, the isolate, the Durable Objects' memory) answers for it. The new
 * meta is left in KV as a worker that has just read it again leaves it.
 */
export async function newDataHash(): Promise<string> {
  versions += 1
  const hash = `test-data-${versions}`
  await env.CATALOG.prepare("UPDATE catalog_meta SET value = ? WHERE key = 'data_hash'").bind(hash).run()
  const snapshot = (await env.CATALOG.prepare("SELECT value FROM catalog_meta WHERE key = 'snapshot_date'").first<{ value: string }>())!.value
  await env.CACHE.put(CATALOG_META_KEY, JSON.stringify({ data: { snapshot, hash }, fetchedAt: Date.now() }))
  forgetIsolateMemos()
  return hash
}

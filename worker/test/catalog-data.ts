// Loads the embedded catalogue (data/catalog.sql, passed in by vitest.config.ts) into this test
// file's catalogue database. Storage is per test file, so files that query the catalogue call this
// once in beforeAll.
import { env } from 'cloudflare:workers'

export async function loadCatalog(): Promise<void> {
  const statements = (env as unknown as { CATALOG_SQL: string[] }).CATALOG_SQL
  await env.CATALOG.batch(statements.map((statement) => env.CATALOG.prepare(statement)))
}

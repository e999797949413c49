// Every test file starts from the real schemas: the same SQL that `wrangler d1 migrations apply`
// runs on the accounts database (DB) and on the catalogue's own (CATALOG).
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
await applyD1Migrations(env.CATALOG, env.CATALOG_MIGRATIONS)

// Every test file starts from the real schema: the same SQL that `wrangler d1 migrations apply` runs.
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)

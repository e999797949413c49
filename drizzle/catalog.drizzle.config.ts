// The embedded catalogue's own database (binding CATALOG), read-only to the worker. Its migrations
// live in migrations/catalog/, which `wrangler d1 migrations apply DB` never reads: wrangler takes
// only the `.sql` files directly inside a binding's migrations_dir.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './drizzle/catalog-schema.ts',
  out: './migrations/catalog',
})

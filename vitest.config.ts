// Worker tests: run inside workerd with real local D1 (both databases, migrations applied) and KV.
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

// The embedded catalogue, one statement per line; test files that need it load it with
// worker/test/catalog-data.ts (the others skip the cost).
const catalogStatements = readFileSync('./data/catalog.sql', 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('--'))

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations')
  const catalogMigrations = await readD1Migrations('./migrations/catalog')
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            CATALOG_MIGRATIONS: catalogMigrations,
            CATALOG_SQL: catalogStatements,
            // Tests choose their catalogue provider; a key in .dev.vars must not switch them to TMDB.
            TMDB_API_KEY: '',
            TMDB_READ_TOKEN: '',
            JWT_SECRET: 'test-secret-for-workerd-only-0123456789abcdef',
            // Blocked words in Latin (with an accent), a Latin phrase, Arabic (with hamza), Japanese and Chinese (worker/test/moderation.test.ts).
            BLOCKED_WORDS: 'crétin, very rude phrase\nأحمق،バカ, 笨蛋',
          },
        },
      }),
    ],
    // The web app's server build, as wrangler.toml's alias names it (`npm run build` writes it).
    resolve: { alias: { 'reelhouse-ssr': fileURLToPath(new URL('./dist-ssr/render.js', import.meta.url)) } },
    test: {
      include: ['worker/**/*.test.ts'],
      setupFiles: ['./worker/test/apply-migrations.ts'],
      // Vitest leaves a core free by default, which on a 2-core machine runs one file at a time while
      // most of a file's time is spent waiting on workerd: two at once use both cores.
      maxWorkers: availableParallelism(),
    },
  }
})

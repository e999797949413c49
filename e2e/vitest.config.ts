// Browser journeys: playwright-core drives Debian's Chromium against `wrangler dev` on a private port.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: __dirname,
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The machines these run on are shared and noisy (2 cores): a test that fails is run once
    // more before it fails the suite, and the report names it as retried.
    retry: 1,
  },
})

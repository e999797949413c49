// Browser journeys: playwright-core drives Debian's Chromium against `wrangler dev` on private ports.
import { defineConfig } from 'vitest/config'
import { siteCount } from './sites'

const sites = siteCount()

export default defineConfig({
  root: __dirname,
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A file at a time per site (e2e/sites.ts): a journey spends much of its time waiting on the
    // page, so two files at once keep two cores busier than one does.
    fileParallelism: sites > 1,
    maxWorkers: sites,
    // The machines these run on are shared and noisy (2 cores): a test that fails is run once
    // more before it fails the suite, and the report names it as retried.
    retry: 1,
  },
})

// Web unit and component tests: jsdom, no worker runtime.
import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { i18nCatalogs } from './i18n/catalog-plugin.ts'

export default defineConfig({
  root: __dirname,
  plugins: [react(), i18nCatalogs()],
  test: {
    environment: 'jsdom',
    // Vitest leaves a core free by default; on a 2-core machine that runs one file at a time.
    maxWorkers: availableParallelism(),
    include: ['**/*.test.{ts,tsx}'],
    setupFiles: ['./test-setup.ts'],
  },
})

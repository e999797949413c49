// Web unit and component tests: jsdom, no worker runtime.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { i18nCatalogs } from './i18n/catalog-plugin.ts'

export default defineConfig({
  root: __dirname,
  plugins: [react(), i18nCatalogs()],
  test: {
    environment: 'jsdom',
    include: ['**/*.test.{ts,tsx}'],
    setupFiles: ['./test-setup.ts'],
  },
})

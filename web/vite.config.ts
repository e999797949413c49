import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: __dirname,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
    // scripts/check-bundle-size.mjs reads it to find what / loads before any lazy chunk
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:8787', '/share': 'http://localhost:8787', '/sitemap.xml': 'http://localhost:8787' },
  },
})

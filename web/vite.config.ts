import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { localePrefix, LOCALES, PSEUDO_LOCALE_PREFIX } from '../worker/lib/locales.ts'
import { staticHeadersFile } from '../worker/lib/security-headers.ts'
import { i18nCatalogs } from './i18n/catalog-plugin.ts'

/**
 * Writes route-chunks.json beside the build: for each lazily loaded page module (by its path under
 * web/, without extension) the files it needs beyond the entry, the page chunk first; and for each
 * locale's catalog (`virtual:i18n/<locale>`, web/i18n/catalog-plugin.ts) its chunk. The worker
 * reads it to put `<link rel="modulepreload">` for a page and its language into the HTML it
 * serves, so the page's code and words download beside the entry instead of after it.
 */
const webRoot = import.meta.dirname
/** Where React Router's production build is, wherever npm put the package. */
const reactRouterBuild = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production')
/** A catalog's module id as the bundle names it; its key in route-chunks.json drops the `\0`. */
const CATALOG_MODULE_PREFIX = '\0virtual:i18n/'

function routeChunks(): Plugin {
  return {
    name: 'reelhouse-route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { fileName: string; imports: string[]; isEntry: boolean }>()
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output)
      const pages: Record<string, string[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isDynamicEntry || !output.facadeModuleId) continue
        const catalog = output.facadeModuleId.startsWith(CATALOG_MODULE_PREFIX)
        const module = catalog ? output.facadeModuleId.slice(1) : relative(webRoot, output.facadeModuleId).replace(/\.[jt]sx?$/, '')
        if (module.startsWith('..')) continue
        const files: string[] = []
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName)
          if (!chunk || chunk.isEntry || files.includes(`/${fileName}`)) return
          files.push(`/${fileName}`)
          for (const imported of chunk.imports) visit(imported)
        }
        visit(output.fileName)
        pages[module] = files
      }
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(pages) })
    },
  }
}

/**
 * A CommonJS package (React DOM's renderer above all, a 200 kB module) is bundled as a function
 * that the bundle calls the first time the package is needed. Written as an arrow function, V8
 * compiles that function only when it is called, on the main thread: about 30 ms of a phone's main
 * thread (at 4x CPU) inside the task that runs React DOM's file. Written as a parenthesised
 * function expression, it is compiled with its file, which Chromium does off the main thread while
 * the file downloads (V8's heuristic for a function that is called at once). Only the wrapper
 * itself is compiled so: a package's body, not the functions in it, which stay lazy.
 */
function compiledWithItsFile(): Plugin {
  const wrapper = /__commonJSMin\(\(\(([\w$, ]*)\) => \{/g
  return {
    name: 'reelhouse-commonjs-compiled-with-its-file',
    apply: 'build',
    renderChunk(code) {
      if (!code.includes('__commonJSMin((')) return null
      return { code: code.replace(wrapper, (_match, params: string) => `__commonJSMin((function(${params}) {`), map: null }
    },
  }
}

/**
 * What every page runs as it starts (React's DOM renderer; the components, router and data layer
 * every page shares) is compiled whole as its file downloads, off the main thread, instead of
 * function by function on the main thread as hydration first calls each one: V8's explicit
 * compile hint, a comment that V8 reads only on a file's first line (other browsers see a comment).
 * It is added once the bundle is written, in front of the line the bundler puts first in a chunk
 * with lazy imports (their table).
 */
function compiledWhole(chunkNames: string[]): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n'
  return {
    name: 'reelhouse-compiled-whole',
    apply: 'build',
    // the file's name changes with what is added to it
    augmentChunkHash: (chunk) => (chunkNames.includes(chunk.name) ? hint : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && chunkNames.includes(output.name) && !output.code.startsWith(hint)) output.code = hint + output.code
        }
      },
    },
  }
}

/** `_headers` for Workers static assets, from the one list the worker also applies. */
function securityHeaders(): Plugin {
  return {
    name: 'reelhouse-security-headers',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: staticHeadersFile() })
    },
  }
}

/**
 * The server build (`vite build --ssr`, web/ssr.tsx): one module in dist-ssr/ that the worker
 * bundles (wrangler.toml's alias `reelhouse-ssr`) to paint pages from their HTML. It resolves
 * packages as a worker does and leaves out what only plays video.
 */
function serverBuild(): UserConfig {
  return {
    root: webRoot,
    publicDir: false,
    plugins: [react(), i18nCatalogs(), withoutPlayerLibrary()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: {
      noExternal: true,
      target: 'webworker',
      resolve: { conditions: ['workerd', 'worker', 'browser', 'import', 'module', 'default'], externalConditions: ['workerd', 'worker'] },
    },
    build: {
      ssr: 'ssr.tsx',
      outDir: '../dist-ssr',
      emptyOutDir: true,
      sourcemap: false,
      target: 'es2022',
      minify: process.env.SSR_MINIFY !== '0',
      rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'render.js' } },
    },
  }
}

/** hls.js loads only when a viewer presses Play: never in the worker. */
function withoutPlayerLibrary(): Plugin {
  const id = '\0no-player-library'
  return {
    name: 'reelhouse-without-player-library',
    enforce: 'pre',
    resolveId: (source) => (source === 'hls.js' ? id : null),
    load: (loaded) => (loaded === id ? 'export default null' : null),
  }
}

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild() : clientBuild()))

function clientBuild(): UserConfig {
  return {
    root: webRoot,
    plugins: [react(), tailwindcss(), i18nCatalogs(), routeChunks(), securityHeaders(), compiledWithItsFile(), compiledWhole(['react-dom', 'shared', 'index'])],
    // React Router publishes its build without development warnings apart, under a path its
    // package's exports do not name: the browser gets that one.
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: join(reactRouterBuild, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: join(reactRouterBuild, 'dom-export.mjs') },
      ],
    },
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: true,
      // hls.js (about 580 kB, 180 kB gzip) is the one chunk past Vite's 500 kB warning; it loads
      // only when a viewer means to play, and scripts/check-bundle-size.mjs guards what pages load.
      chunkSizeWarningLimit: 600,
      // scripts/check-bundle-size.mjs reads it to find what / loads before any lazy chunk
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Shared by pages other than the home page, or only by the home page's signed-in parts
              // (the access-restricted view, page headings, the genre grid, the region menu of Where
              // to Watch and the services picker, the sheet of Share and Add to list, genre names,
              // the grids' filters, share links, the search box's delay, watch progress on cards,
              // the watchlist and history hooks, the progress reports kept unsent): kept out of the chunk
              // every page loads first.
              {
                name: 'pages-shared',
                test: /web[\\/](components[\\/](access-denied|genre-grid|page-heading|region-select|sheet|watch-progress)|lib[\\/](watch-regions|genres|share-link|grid-filters|use-debounced-value|my-lists|unsent-progress))\.|worker[\\/]catalog[\\/]genre-map\./,
                minShareCount: 2,
                // Their own code only: what they use (React, the words) stays where it is.
                includeDependenciesRecursively: false,
              },
              // The offline notice and the list of kept pages: the title pages' and, offline, any
              // page's; fetched ahead with the service worker, never part of the first load.
              {
                name: 'offline',
                test: /web[\\/](components[\\/]offline-notice|lib[\\/]saved-pages)\./,
                includeDependenciesRecursively: false,
              },
              // The viewer's hide-watched choice and its switch: the grids' and the account's, for a
              // signed-in viewer only; apart from what the title pages load.
              {
                name: 'preferences',
                test: /web[\\/](components[\\/]hide-watched-(switch|control)|lib[\\/]preferences)\./,
                includeDependenciesRecursively: false,
              },
              // The viewer's ratings and the badge on cards that shows them: for a signed-in viewer
              // only, loaded with the first card or title page that wants them.
              {
                name: 'ratings',
                test: /web[\\/](components[\\/]your-rating|lib[\\/]my-ratings)\./,
                includeDependenciesRecursively: false,
              },
              // The title pages' places for parts whose code comes later (the watched marks, Where to
              // Watch's content), which those parts' own code reuses: apart, so that code imports
              // nothing that can load the player.
              {
                name: 'title-slots',
                test: /web[\\/]features[\\/]title[\\/](watched-slots|where-to-watch-slot)\./,
                includeDependenciesRecursively: false,
              },
              // The layout's parts that come after the first screen on every page (the footer and its
              // links, the account menu's panel and the language menu, the cookie notice, the service
              // worker's registration, the settling of progress kept unsent): one file instead of
              // seven, since a browser spends main-thread time on every module it fetches (about 2 ms
              // each on a phone for a few hundred bytes here). The phone's menu stays apart: fetched
              // once the page is idle, after these, so the service worker holds it and all it needs.
              {
                name: 'layout-parts',
                test: /web[\\/](app[\\/](footer|site-links|account-menu-panel|language-menu)|components[\\/]cookie-banner|lib[\\/](register-service-worker|settle-kept-progress))\./,
                includeDependenciesRecursively: false,
              },
              // The account screens' small shared parts (a section's frame, passkey and two-factor
              // ceremonies, this browser's notices): one file for the profile, sign-in and two-factor
              // pages rather than four of a few hundred bytes to a few kilobytes each.
              {
                name: 'account-parts',
                test: /web[\\/]features[\\/]account[\\/](account-section|passkey-ceremonies|two-factor-parts|push-client)\./,
                includeDependenciesRecursively: false,
              },
              // React's DOM renderer (and its scheduler, and the entry's handle on it,
              // web/lib/react-dom-client.ts, so the renderer runs when this file does): a file of its
              // own, which a painted page's loader runs in a task of its own (worker/seo/app-shell.ts).
              {
                name: 'react-dom',
                test: /node_modules[\\/](react-dom|scheduler)[\\/]|web[\\/]lib[\\/]react-dom-client\./,
                includeDependenciesRecursively: false,
              },
              {
                name: 'shared',
                test: /web[\\/](components|lib)[\\/]|node_modules[\\/]@tanstack[\\/]react-query/,
                minShareCount: 2,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': 'http://localhost:8787',
        '/share': 'http://localhost:8787',
        // a share link in another language (/es/share/...)
        [`^(${[...LOCALES.map(localePrefix).filter(Boolean), PSEUDO_LOCALE_PREFIX].join('|')})/share/`]: 'http://localhost:8787',
        '/sitemap.xml': 'http://localhost:8787',
      },
    },
  }
}

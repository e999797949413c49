/**
 * The app's server build: the worker renders a page's first screen with React's server renderer
 * from the data it also inlines (worker/seo/app-shell.ts), so the browser paints the page from
 * the HTML and main.tsx hydrates it: a visitor's pages, and a user's own when the worker inlined what
 * they show of the account (an administrator's are the browser's to draw).
 *
 * The interface's words come from one Lingui instance with the active locale (web/i18n), so an
 * isolate renders one page at a time: each render runs to its end (every lazy part loaded)
 * before the next begins, which takes a few milliseconds.
 */
import { QueryClient } from '@tanstack/react-query'
import { createStore } from 'jotai'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { type PaintedPage, type RenderApp, type RenderRequest, withinTime } from '../worker/seo/ssr-contract'
import { Providers, queryClient } from './app/providers'
import { cookieConsentAtom } from './components/cookie-banner'
import { AppRoutes, pageOf } from './app/router'
import { loadAreas, loadLocale, localeOfPath } from './i18n'
import { areasOfModule } from './i18n/areas'
import { seedQueryCache } from './lib/boot'
import { seedAccountData } from './lib/boot-account'
import { drawnParts, recordDrawnParts } from './lib/lazy-part'

let queue: Promise<unknown> = Promise.resolve()

export const renderApp: RenderApp = (request) => {
  const rendered = queue.then(() => render(request))
  // A render that never ends (a part whose code never arrives) holds up the others only so long.
  queue = withinTime(rendered.catch(() => null))
  return rendered
}

async function render({ url, basename, locale, module, boot, consent }: RenderRequest): Promise<PaintedPage | null> {
  const { pathname } = new URL(url, 'http://app')
  await loadLocale(locale)
  await Promise.all([pageOf(localeOfPath(pathname).path).preload(), loadAreas(areasOfModule(module))])
  // The page's own cache, holding only what the HTML inlines (a query asks nothing on the server),
  // with the browser's options, so each query reads the same there as here.
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() })
  seedQueryCache(client, boot)
  seedAccountData(client, boot)
  // The page's own state, with the visitor's answer to the cookie banner from its cookie.
  const store = createStore()
  store.set(cookieConsentAtom, consent)
  try {
    return await renderPage(url, basename, client, store)
  } finally {
    client.clear()
  }
}

async function renderPage(url: string, basename: string, client: QueryClient, store: ReturnType<typeof createStore>): Promise<PaintedPage | null> {
  let failed = false
  recordDrawnParts()
  // prerender waits for every lazy part to load before it answers.
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client} store={store}>
        <StaticRouter location={url} basename={basename || undefined}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    {
      // Never outline a large boundary for a script to reveal (the Content-Security-Policy forbids
      // inline scripts): the page is whole in the HTML.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failed = true
        console.error(JSON.stringify({ level: 'warn', message: 'page render failed', url, error: String(error) }))
      },
    },
  )
  const parts = drawnParts()
  const html = await new Response(prelude).text()
  // A page that would need a script to finish it is left to the browser.
  return failed || html.includes('<script') ? null : { body: html, parts }
}

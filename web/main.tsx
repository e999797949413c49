import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Providers, queryClient } from './app/providers'
import { AppRouter, preloadPage } from './app/router'
import { loadLocale, localeOfPath } from './i18n'
import { readBootData, seedQueryCache } from './lib/boot'
import { keepsFirstScreenChoices, syncDrawHereCookie } from './lib/hydration'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A page the worker painted (web/ssr.tsx) is taken over in place, once the browser has shown it;
// any other is drawn here. Either way in a transition, which lets React work in slices, yielding to
// the browser between them.
function render(target: HTMLElement, basename: string, painted: boolean) {
  const app = (
    <StrictMode>
      <Providers>
        <AppRouter basename={basename} />
      </Providers>
    </StrictMode>
  )
  if (painted) return startTransition(() => void hydrateRoot(target, app))
  const root = createRoot(target)
  startTransition(() => root.render(app))
}

/** Resolves once the browser has painted a frame: the worker's HTML shows before React starts. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

// The worker announces the page's code beside this script (and often its data): waiting for it
// lets the first render draw the page itself rather than a loading frame.
const boot = readBootData()
if (boot) seedQueryCache(queryClient, boot)
// Hydrated only with the data it was painted from, and when no choice kept in this browser
// changes its first screen.
const painted = boot !== null && root.firstElementChild !== null && !keepsFirstScreenChoices()
// Choices made on this page count from the next one: the cookie follows them as the page is left.
syncDrawHereCookie()
window.addEventListener('pagehide', syncDrawHereCookie)
// The page's language is in its address; its catalog loads beside the page's code.
const { locale, path, basename } = localeOfPath(window.location.pathname)
Promise.allSettled([loadLocale(locale), preloadPage(path), painted && afterPaint()]).then(() => render(root, basename, painted))

// The service worker registers once the page has loaded, so its code need not come with the first render.
void import('./lib/register-service-worker').then((m) => m.registerServiceWorker())

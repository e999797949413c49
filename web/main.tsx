import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers, queryClient } from './app/providers'
import { AppRouter, preloadPage } from './app/router'
import { loadLocale, localeOfPath } from './i18n'
import { readBootData, seedQueryCache } from './lib/boot'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A transition lets React render the first page in slices, yielding to the browser between them,
// rather than in one long task that would hold back input and paints.
function render(target: HTMLElement, basename: string) {
  const root = createRoot(target)
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <AppRouter basename={basename} />
        </Providers>
      </StrictMode>,
    ),
  )
}

// The worker announces the page's code beside this script (and often its data): waiting for it
// lets the first render draw the page itself rather than a loading frame.
const boot = readBootData()
if (boot) seedQueryCache(queryClient, boot)
// The page's language is in its address; its catalog loads beside the page's code.
const { locale, path, basename } = localeOfPath(window.location.pathname)
Promise.allSettled([loadLocale(locale), preloadPage(path)]).then(() => render(root, basename))

// The service worker registers once the page has loaded, so its code need not come with the first render.
void import('./lib/register-service-worker').then((m) => m.registerServiceWorker())

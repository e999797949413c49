import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers, queryClient } from './app/providers'
import { AppRouter, preloadPage } from './app/router'
import { readBootData, seedQueryCache } from './lib/boot'
import { registerServiceWorker } from './lib/register-service-worker'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A transition lets React render the first page in slices, yielding to the browser between them,
// rather than in one long task that would hold back input and paints.
function render(target: HTMLElement) {
  const root = createRoot(target)
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  )
}

// The worker announces the page's code beside this script (and often its data): waiting for it
// lets the first render draw the page itself rather than a loading frame.
const boot = readBootData()
if (boot) seedQueryCache(queryClient, boot)
preloadPage(window.location.pathname).then(
  () => render(root),
  () => render(root),
)

registerServiceWorker()

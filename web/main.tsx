import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from './lib/react-dom-client'
import { Providers, queryClient } from './app/providers'
import { AppRouter, pageOf, printsDates } from './app/router'
import { loadLocale, localeOfPath } from './i18n'
import { readBootData, seedQueryCache } from './lib/boot'
import { keepsFirstScreenChoices, syncDrawHereCookie } from './lib/hydration'
import { loadParts } from './lib/lazy-part'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A page the worker painted (web/ssr.tsx) is taken over in place; any other is drawn here. Either
// way in a transition, which lets React work in slices, yielding to the browser between them.
function render(target: HTMLElement, basename: string, painted: boolean) {
  const app = (
    <StrictMode>
      <Providers>
        <AppRouter basename={basename} />
      </Providers>
    </StrictMode>
  )
  if (painted) {
    startTransition(() => void hydrateRoot(target, app))
    // React listens now: the buttons pressed before it did are pressed again, for it to answer.
    for (const button of keptTaps()) if (button.isConnected) button.click()
    return
  }
  keptTaps()
  const root = createRoot(target)
  startTransition(() => root.render(app))
}

// The worker announces the page's code beside this script (and often its data): waiting for it
// lets the first render draw the page itself rather than a loading frame.
const boot = readBootData()
if (boot) seedQueryCache(queryClient, boot)
// Hydrated only with the data it was painted from, and when no choice kept in this browser
// changes its first screen.
const { locale, path, basename } = localeOfPath(window.location.pathname)
const painted = boot !== null && root.firstElementChild !== null && !keepsFirstScreenChoices(path)
// A painted page shows its buttons before React can answer them: its loader (worker/seo/app-shell.ts)
// keeps every press from the start until React listens, and hands them over as it stops keeping.
function keptTaps(): HTMLButtonElement[] {
  return (window as { keptTaps?: () => HTMLButtonElement[] }).keptTaps?.() ?? []
}
// Choices made on this page count from the next one: the cookie follows them as the page is left.
syncDrawHereCookie()
window.addEventListener('pagehide', syncDrawHereCookie)
// The page's language is in its address; its catalog loads beside the page's code.
// The language first: the page's own words (areas.ts) load in it with the page's code.
const words = loadLocale(locale)
const page = pageOf(path)
const pageCode = page.preload()
// A language's first number formatter loads its data, the costliest call of a first render (15 to
// 40 ms on a fast machine), and its first date formatter as much again: made ahead, the page's
// numbers, plurals and dates are ready when it draws.
const formatData: (() => unknown)[] = [() => (new Intl.NumberFormat(locale).format(1), new Intl.PluralRules(locale).select(1))]
if (printsDates(page)) formatData.push(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0))
function loadAhead(load: () => unknown) {
  try {
    load()
  } catch {
    // a language tag Intl does not take (the pseudo-locale): nothing to load ahead
  }
}
// A page drawn here: now, while the page's code downloads.
if (!painted) formatData.forEach(loadAhead)
// The account's own answers, on a page painted for it, are in the cache before the first render.
const accountData = boot?.personal
  ? import('./lib/boot-account').then((m) => {
      m.seedAccountData(queryClient, boot)
      if (painted) m.askAheadOfHydration(queryClient, boot)
    })
  : undefined
// A painted page is taken over once the code of every part it holds is here too, so that no press
// on one is lost (lib/lazy-part.ts); the parts are known once the page's code is. Its code is all
// here already (its loader runs it once it is), so each kind of format data is loaded in a task of
// its own between this one and the first render's.
Promise.allSettled([words, pageCode, accountData])
  .then(() => (painted && boot?.parts ? loadParts(boot.parts) : undefined))
  .then(async () => {
    if (!painted) return
    for (const load of formatData) {
      await nextTask()
      loadAhead(load)
    }
    await nextTask()
  })
  .then(() => render(root, basename, painted))

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

// The service worker registers once the page has loaded, so its code need not come with the first render.
void import('./lib/register-service-worker').then((m) => m.registerServiceWorker())

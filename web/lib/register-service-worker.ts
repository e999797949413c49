/**
 * Registers /service-worker.js once the page has loaded (SPEC.md section 2), so it never competes
 * with the first render, and fetches the offline notice's code with it, so that code is at hand
 * when the connection is not. Only production builds register it: under the Vite dev server or
 * the test runner a caching worker would serve stale modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker
      .register('/service-worker.js')
      .then(() => import('../components/offline-notice'))
      .catch(() => {
        // An unavailable service worker only costs the offline shell; the site works without it.
      })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

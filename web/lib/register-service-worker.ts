/**
 * Registers /service-worker.js once the page has loaded (SPEC.md section 2), so it never competes
 * with the first render. Only production builds register it: under the Vite dev server or the
 * test runner a caching worker would serve stale modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/service-worker.js').catch(() => {
      // An unavailable service worker only costs the offline shell; the site works without it.
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/*
 * Offline shell for Reelhouse. Navigations go to the network first and fall back to the last
 * app shell (index.html) we saw, so a reload without a connection still opens the app; built
 * assets under /assets/ carry a content hash, so they are served from the cache first. The API,
 * share pages, sitemap and anything cross-origin are left to the network untouched: they are
 * live data and must never be answered from a stale copy.
 */
const VERSION = 'v1'
const SHELL_CACHE = `reelhouse-shell-${VERSION}`
const ASSET_CACHE = `reelhouse-assets-${VERSION}`
const SHELL_URL = '/'
// Hashed files pile up across deploys; keep the newest ones only.
const MAX_ASSETS = 80

// Live data never passes through this worker: where the browser has static routing, requests
// for it go straight to the network without even starting the worker. That matters most for the
// watch-progress beacon a page sends as it is left: handed to a worker's fetch event, Chromium may
// drop it once the page is gone.
// Share pages are live in every language: /share/..., /es/share/..., /pt-br/share/... (one pattern
// each: static routing takes no regular expressions).
const LANGUAGE_PREFIXES = ['es', 'pt-br', 'fr', 'de', 'it', 'tr', 'ar', 'hi', 'ja', 'ko', 'zh-cn', 'en-xa']
const NETWORK_ONLY = ['/api/*', '/share/*', ...LANGUAGE_PREFIXES.map((prefix) => `/${prefix}/share/*`), '/sitemap.xml', '/robots.txt']

function bypassForLiveData(event) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return Promise.resolve()
  return event
    .addRoutes(NETWORK_ONLY.map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' })))
    .catch(() => undefined)
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      bypassForLiveData(event),
      caches
        .open(SHELL_CACHE)
        .then((cache) => cache.add(new Request(SHELL_URL, { cache: 'reload' })))
        .catch(() => undefined),
    ]).then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('reelhouse-') && k !== SHELL_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})

function isLiveData(url) {
  const share = LANGUAGE_PREFIXES.some((prefix) => url.pathname.startsWith(`/${prefix}/share/`)) || url.pathname.startsWith('/share/')
  return url.pathname.startsWith('/api/') || share || url.pathname === '/sitemap.xml' || url.pathname === '/robots.txt'
}

async function networkFirstShell(request) {
  try {
    const response = await fetch(request)
    const type = response.headers.get('Content-Type') || ''
    if (response.ok && response.type === 'basic' && type.includes('text/html')) {
      const copy = response.clone()
      caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy))
    }
    return response
  } catch (err) {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE })
    if (cached) return cached
    throw err
  }
}

async function trimAssets(cache) {
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)))
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSET_CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone())
    trimAssets(cache)
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || isLiveData(url)) return
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request))
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request))
  }
})

/*
 * Offline shell for Reelhouse. Navigations go to the network first. The pages that carry their
 * own first data (title pages and the composed pages: web/lib/boot.ts) are kept, the last 30, so
 * each opens again without a connection as it was last seen; any other navigation falls back to
 * the last app shell (index.html) we saw, whose app then says it is offline and lists the kept
 * pages (web/lib/saved-pages.ts reads this cache). A network that does not answer within a few
 * seconds counts as none when a copy is at hand. Built assets under /assets/ carry a content
 * hash, so they are served from the cache first. The API, share pages, sitemap, iCal feeds and anything
 * cross-origin are left to the network untouched: they are live data and must never be answered
 * from a stale copy. It also shows the new-episode notices pushed to this browser and opens their
 * page when one is clicked.
 */
const VERSION = 'v1'
const SHELL_CACHE = `reelhouse-shell-${VERSION}`
const ASSET_CACHE = `reelhouse-assets-${VERSION}`
// web/lib/saved-pages.ts reads this cache and this header by the same names.
const PAGES_CACHE = `reelhouse-pages-${VERSION}`
const PAGE_TITLE_HEADER = 'X-Reelhouse-Title'
const SHELL_URL = '/'
// Hashed files pile up across deploys; keep the newest ones only.
const MAX_ASSETS = 80
const MAX_PAGES = 30
// A server that does not answer a navigation in this time is taken as unreachable when a copy is kept.
const NAVIGATION_TIMEOUT_MS = 3000

// Live data never passes through this worker: where the browser has static routing, requests
// for it go straight to the network without even starting the worker. That matters most for the
// watch-progress beacon a page sends as it is left: handed to a worker's fetch event, Chromium may
// drop it once the page is gone.
// Share pages are live in every language: /share/..., /es/share/..., /pt-br/share/... (one pattern
// each: static routing takes no regular expressions).
const LANGUAGE_PREFIXES = ['es', 'pt-br', 'fr', 'de', 'it', 'tr', 'ar', 'hi', 'ja', 'ko', 'zh-cn', 'en-xa']
const NETWORK_ONLY = ['/api/*', '/share/*', ...LANGUAGE_PREFIXES.map((prefix) => `/${prefix}/share/*`), '/sitemap.xml', '/robots.txt', '/calendar/*', '/newsletter/*']

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
      fetch(new Request(SHELL_URL, { cache: 'reload' }))
        .then((response) => response.ok && keepShell(response))
        .catch(() => undefined),
    ]).then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  const kept = [SHELL_CACHE, ASSET_CACHE, PAGES_CACHE]
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('reelhouse-') && !kept.includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})

function isLiveData(url) {
  const share = LANGUAGE_PREFIXES.some((prefix) => url.pathname.startsWith(`/${prefix}/share/`)) || url.pathname.startsWith('/share/')
  return url.pathname.startsWith('/api/') || share || url.pathname === '/sitemap.xml' || url.pathname === '/robots.txt' || url.pathname.startsWith('/calendar/') || url.pathname.startsWith('/newsletter/')
}

/**
 * A kept copy may be served to a visitor who has since signed in: it must not say that nobody is
 * (web/lib/boot.ts would then not ask), so the copy leaves the session to be asked for.
 */
function withoutSessionClaim(html) {
  return html.replace(/(<script type="application\/json" id="boot-data">[^<]*?)"signedOut":true/, '$1"signedOut":false')
}

function decodeEntities(text) {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name])
}

/** A page's copy to keep: its body decoded (the encoding and length it came with no longer apply). */
function keptCopy(response, html, title) {
  const headers = new Headers(response.headers)
  headers.delete('Content-Encoding')
  headers.delete('Content-Length')
  if (title) headers.set(PAGE_TITLE_HEADER, title)
  return new Response(withoutSessionClaim(html), { status: 200, headers })
}

/** Keeps a page that holds its own first data (a title or a composed page), newest last. */
async function keepPage(url, response) {
  const html = await response.text()
  const boot = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)
  let data = null
  try {
    data = boot ? JSON.parse(boot[1]) : null
  } catch {
    data = null
  }
  if (!data || (!data.title && !data.page)) return
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)
  const cache = await caches.open(PAGES_CACHE)
  await cache.delete(url)
  // Header values are Latin-1; titles are in every script.
  await cache.put(url, keptCopy(response, html, encodeURIComponent(decodeEntities(title ? title[1] : url))))
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map((k) => cache.delete(k)))
}

async function keepShell(response) {
  const html = await response.text()
  await (await caches.open(SHELL_CACHE)).put(SHELL_URL, keptCopy(response, html))
}

async function keepCopies(url, response) {
  const type = response.headers.get('Content-Type') || ''
  if (!response.ok || response.type !== 'basic' || !type.includes('text/html')) return
  // A page made for one account (painted with its name and titles) is never kept for later.
  if ((response.headers.get('Cache-Control') || '').includes('private')) return
  await Promise.all([keepShell(response.clone()), keepPage(url, response.clone())]).catch(() => undefined)
}

function timeout(ms) {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms))
}

/** The kept copy of this very page, else the last app shell. */
async function copyFor(url) {
  return (await caches.match(url, { cacheName: PAGES_CACHE })) || (await caches.match(SHELL_URL, { cacheName: SHELL_CACHE }))
}

async function networkFirstPage(event) {
  const url = event.request.url
  const network = fetch(event.request).then((response) => {
    event.waitUntil(keepCopies(url, response.clone()))
    return response
  })
  // Answered even when the page has moved on, so a late answer still refreshes the copies.
  event.waitUntil(network.catch(() => undefined))
  try {
    const answer = await Promise.race([network, timeout(NAVIGATION_TIMEOUT_MS)])
    if (answer) return answer
    return (await copyFor(url)) || (await network)
  } catch (err) {
    const kept = await copyFor(url)
    if (kept) return kept
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
    event.respondWith(networkFirstPage(event))
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request))
  }
})

// New-episode notices (Web Push: worker/push/notices.ts). The payload is JSON: { title, body, url, tag }.
self.addEventListener('push', (event) => {
  let notice = {}
  try {
    notice = event.data ? event.data.json() : {}
  } catch {
    notice = { body: event.data ? event.data.text() : '' }
  }
  const title = typeof notice.title === 'string' && notice.title ? notice.title : 'Reelhouse'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      tag: typeof notice.tag === 'string' ? notice.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof notice.url === 'string' ? notice.url : '/' },
    }),
  )
})

/** The notice's page on this site: its path and query only, so a notice can open nothing but our own pages. */
function noticeTarget(url) {
  try {
    const parsed = new URL(url, self.location.origin)
    // A path of the site's own, never one that a parser reads as another host ("//elsewhere/").
    const target = new URL(`${parsed.pathname.replace(/^\/+/, '/')}${parsed.search}`, self.location.origin)
    if (target.origin === self.location.origin) return target.href
  } catch {
    // no address: the home page
  }
  return new URL('/', self.location.origin).href
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = noticeTarget(event.notification.data && event.notification.data.url)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client)
      // A window this worker does not control cannot be navigated by it: a new window then.
      if (open) return open.navigate(target).then((client) => (client || open).focus(), () => self.clients.openWindow(target))
      return self.clients.openWindow(target)
    }),
  )
})

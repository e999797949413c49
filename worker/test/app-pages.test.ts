// The app pages the worker serves with their first data: the page's code preloaded, its data
// inlined for the first render, its first image preloaded, a title's own tags, an ETag of its own
// body, and the security headers of the static pages. Reads the web build in dist/ through ASSETS.
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { SESSION_CHECK_SECONDS, SESSION_COOKIE } from '../auth/session'
import type { MovieDetails, PageComposition, SearchPage, Season, TvDetails } from '../catalog/types'
import { ART_EDITION } from '../routes/images'
import { CODE_AFTER_PAINT, inlineJson, shellVersionOf } from '../seo/app-shell'
import type { BootData } from '../seo/boot'
import { withinTime } from '../seo/ssr-contract'
import { edgePageKey, pageVariant } from '../routes/app-pages'
import { keptPageKey } from './helpers/kept-pages'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { loadCatalog } from './catalog-data'
import { call, createAdmin, signUp } from './helpers/accounts'
import { paintedText, rootOf } from './helpers/painted-html'

beforeAll(async () => {
  await loadCatalog()
})

async function html(path: string, init?: RequestInit): Promise<{ res: Response; body: string }> {
  const res = await exports.default.fetch(`http://localhost${path}`, { headers: { Accept: 'text/html' }, ...init })
  return { res, body: await res.text() }
}

function bootOf(body: string): BootData | null {
  const match = body.match(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/)
  return match?.[1] ? (JSON.parse(match[1]) as BootData) : null
}

function headTag(body: string, property: string): string | undefined {
  return body.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1]
}

/** The code a painted page's loader asks for once the page is painted (worker/seo/app-shell.ts). */
function codeAfterPaint(body: string): string[] {
  const match = body.match(/<script type="application\/json" id="page-code">([^<]*)<\/script>/)
  if (!match?.[1]) return []
  const code = JSON.parse(match[1]) as { entry: string; before: string[] }
  return [code.entry, ...code.before]
}

/** The modules the page announces (or its loader asks for) beyond those index.html announces for the entry. */
async function modulePreloads(body: string): Promise<string[]> {
  const links = (text: string) => [...text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] as string)
  const index = await (await env.ASSETS.fetch('http://localhost/', { headers: { Accept: 'text/html' } })).text()
  const entry = new Set([...links(index), ...[...index.matchAll(/<script type="module" crossorigin src="([^"]+)">/g)].map((m) => m[1] as string)])
  return [...links(body), ...codeAfterPaint(body)].filter((file) => !entry.has(file))
}



/** A request with a session cookie that names no live session: a title page is drawn by the browser, not painted. */
const SIGNED_IN = { headers: { Accept: 'text/html', Cookie: 'reelhouse_session=x' } }

async function routeChunks(): Promise<Record<string, string[]>> {
  const res = await env.ASSETS.fetch('http://localhost/route-chunks.json')
  expect(res.status).toBe(200)
  return res.json()
}

async function api<T>(path: string): Promise<T> {
  const res = await exports.default.fetch(`http://localhost${path}`)
  expect(res.status, path).toBe(200)
  return res.json()
}

describe('GET / and the other composed pages', () => {
  it('inline the page composition, paint it signed out, preload the page code where the browser draws it, and the first hero image', async () => {
    const chunks = await routeChunks()
    const index = await (await env.ASSETS.fetch('http://localhost/', { headers: { Accept: 'text/html' } })).text()
    for (const [path, name, module] of [
      ['/', 'home', 'features/home/home-page'],
      ['/movies', 'movies', 'features/browse/movies-page'],
      ['/tv-shows', 'tv', 'features/browse/tv-shows-page'],
      ['/kids', 'kids', 'features/browse/kids-page'],
      ['/genres', 'genres', 'features/browse/genres-page'],
    ] as const) {
      const { res, body } = await html(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      // Signed out, the first screen is in the HTML: the page's own rows and links, no script.
      const painted = rootOf(body)
      expect(painted, path).toContain('<main')
      expect(painted, path).not.toContain('<script')
      // Its code is in its loader's list, its language's words before the page's modules, and
      // each of those after what it imports.
      const painting = await modulePreloads(body)
      expect(painting, path).toEqual([...(chunks['virtual:i18n/en'] ?? []), ...[...(chunks[module] ?? [])].reverse()].filter((file) => !index.includes(`"${file}"`)))
      expect(painting, path).toContain(chunks[module]?.[0])
      const boot = bootOf(body)
      expect(boot, path).not.toBeNull()
      expect(boot?.path).toBe(path)
      expect(boot?.imageBase).toMatch(/^\/api\/img\/a\d+$/)
      expect(boot?.signedOut).toBe(true)
      expect(boot?.page?.name).toBe(name)
      expect(boot?.page?.service).toBe('all')
      expect(boot?.page?.data).toEqual(await api<PageComposition>(`/api/catalog/pages/${name}`))
      const rows = boot?.page?.data.rows ?? []
      for (const row of rows.slice(0, 2)) expect(paintedText(painted), `${path}: ${row.title}`).toContain(row.title)
      const first = rows[0]?.items[0]
      if (first) expect(painted, path).toContain(`href="/${first.media_type}/${first.id}"`)
      // A cookie naming no live session is cleared, and the page is a visitor's, painted.
      const stale = await html(path, SIGNED_IN)
      expect(rootOf(stale.body), path).toContain('<main')
      expect(bootOf(stale.body)?.signedOut, path).toBe(true)
      expect(stale.res.headers.get('set-cookie'), path).toMatch(/^reelhouse_session=;/)
      // Not painted for a browser that keeps choices changing its first screen (web/lib/hydration.ts):
      // the page chunk itself is announced, and every announced file is one of the page's own or
      // its language's catalog.
      const drawHere = await html(path, { headers: { Accept: 'text/html', Cookie: 'draw-here=1' } })
      expect(rootOf(drawHere.body), path).toBe('')
      expect(bootOf(drawHere.body)?.signedOut, path).toBe(true)
      const preloads = await modulePreloads(drawHere.body)
      expect(preloads[0], path).toBe(chunks[module]?.[0])
      for (const file of preloads) expect([...(chunks[module] ?? []), ...(chunks['virtual:i18n/en'] ?? [])], `${path}: ${file}`).toContain(file)
      const hero = boot?.page?.data.hero[0]
      if (name !== 'genres') expect(body).toContain(`<link rel="preload" as="image" href="/api/img/${ART_EDITION}/original${hero?.backdropPath}" fetchpriority="high">`)
    }
  }, 30_000) // five pages composed from nothing: past the 5 s default on a busy 2-core machine

  it('ask for their code once painted: none in the head, the loader at the end of the body, allowed by its hash', async () => {
    const index = await (await env.ASSETS.fetch('http://localhost/', { headers: { Accept: 'text/html' } })).text()
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(index)?.[1]
    const entryPreloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/)
    expect(entryPreloads.length).toBeGreaterThan(0)
    const { res, body } = await html('/es/movies')
    expect(rootOf(body)).toContain('<main')
    // Nothing the browser would fetch beside the stylesheet the paint waits for
    expect(body).not.toMatch(/<script[^>]* src=/)
    expect(body).not.toContain('rel="modulepreload"')
    // The entry, then in the order they are run: what it imports, the page's words in its language,
    // the page's modules (each after what it imports)
    const chunks = await routeChunks()
    const own = (files: string[] = []) => files.filter((file) => !index.includes(`"${file}"`))
    expect(codeAfterPaint(body)).toEqual([entry, ...entryPreloads, ...own(chunks['virtual:i18n/es']), ...own(chunks['features/browse/movies-page']).reverse()])
    // The loader is the last thing in the body, exactly the text the policy allows by its hash
    const loader = /<script>([\s\S]*?)<\/script>\s*<\/body>/.exec(body)?.[1]
    expect(loader).toBe(CODE_AFTER_PAINT)
    const hash = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(loader)))))
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect([...body.matchAll(/<script>/g)]).toHaveLength(1)
    // A page the browser draws itself asks for its code at once, as index.html does
    const drawn = await html('/es/movies', { headers: { Accept: 'text/html', Cookie: 'draw-here=1' } })
    expect(rootOf(drawn.body)).toBe('')
    expect(drawn.body).toContain(`<script type="module" crossorigin src="${entry}">`)
    expect(drawn.body).not.toContain('id="page-code"')
    expect(drawn.body).not.toContain(CODE_AFTER_PAINT)
  })

  it('keep pages under a version that names the loader too, so a deployment that changes only the loader never serves a kept page with the old one', async () => {
    const index = '<!doctype html><html><head><script type="module" src="/assets/index-a.js"></script></head><body></body></html>'
    expect(await shellVersionOf(index)).toBe(await shellVersionOf(index, CODE_AFTER_PAINT))
    expect(await shellVersionOf(index)).not.toBe(await shellVersionOf(index, CODE_AFTER_PAINT.replace('setTimeout(load, 3000)', 'setTimeout(load, 2000)')))
    expect(await shellVersionOf(index)).not.toBe(await shellVersionOf(index.replace('index-a', 'index-b')))
  })

  it('paint the cookie banner for a visitor who has not answered it, and not for one whose cookie holds the answer', async () => {
    const banner = 'role="region" aria-label="Cookie consent"'
    expect(rootOf((await html('/movies')).body)).toContain(banner)
    for (const answer of ['accepted', 'declined']) {
      const { body } = await html('/movies', { headers: { Accept: 'text/html', Cookie: `cookie-consent=${answer}` } })
      expect(rootOf(body), answer).toContain('<main')
      expect(rootOf(body), answer).not.toContain(banner)
    }
    // Not an answer: the banner again.
    expect(rootOf((await html('/movies', { headers: { Accept: 'text/html', Cookie: 'cookie-consent=maybe' } })).body)).toContain(banner)
  })

  it('inline the platform-filtered TV page for a known service, and nothing for an unknown one', async () => {
    const netflix = bootOf((await html('/tv-shows?service=netflix')).body)
    expect(netflix?.path).toBe('/tv-shows?service=netflix')
    expect(netflix?.page?.service).toBe('netflix')
    expect(netflix?.page?.data).toEqual(await api<PageComposition>('/api/catalog/pages/tv?service=netflix'))
    for (const path of ['/tv-shows?service=hulu', '/tv-shows?service=netflix&x=1', '/movies?page=2']) {
      const { res, body } = await html(path)
      expect(res.status, path).toBe(200)
      expect(body).toContain('<div id="root"></div>')
      expect(bootOf(body), path).toBeNull()
    }
  })

  it('carry the security headers of the static pages and are revalidated on each visit', async () => {
    const { res } = await html('/')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('permissions-policy')).toContain('camera=()')
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })
})

describe('the location’s cache of pages rendered for anyone', () => {
  it('keeps a visitor’s page a minute, and a fresh isolate of the location serves it from there without rendering it again', async () => {
    const first = await html('/kids')
    expect(first.res.status).toBe(200)
    const key = await keptPageKey('/kids')
    // kept after the answer went out
    const kept = await vi.waitFor(async () => (await caches.default.match(key)) ?? Promise.reject(new Error('not kept yet')))
    expect(kept?.headers.get('cache-control')).toBe('public, max-age=60')
    expect(kept?.headers.get('x-page-etag')).toBe(first.res.headers.get('etag'))
    // What a fresh isolate of this location answers comes from the cache: a page put there in its
    // place is served as it is, with its ETag, gzipped or not.
    const marker = '<!doctype html><title>kept at the edge</title>'
    const gzip = await new Response(new Blob([marker]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()
    await caches.default.put(key, new Response(gzip, { headers: { 'Cache-Control': 'public, max-age=60', 'X-Page-ETag': '"kept"' } }))
    forgetIsolateMemos()
    const again = await html('/kids')
    expect(again.body).toBe(marker)
    expect(again.res.headers.get('etag')).toBe('"kept"')
    forgetIsolateMemos()
    const plain = await exports.default.fetch('http://localhost/kids', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } })
    expect(plain.headers.get('content-encoding')).toBe('gzip')
    // another shell (a new deployment) never finds it
    expect(await caches.default.match(edgePageKey('http://localhost', 'another-shell', pageVariant('/kids', 'en', true)))).toBeUndefined()
    await caches.default.delete(key)
    forgetIsolateMemos()
    expect((await html('/kids')).body).toContain('<main')
  })

  it('keeps no page made for one account, no search, and none that went out without its data', async () => {
    const viewer = await signUp()
    await html('/', { headers: { Accept: 'text/html', Cookie: viewer.cookie } })
    await html('/search-results?q=knight')
    await html('/movie/999999999')
    // a title's page is kept, once its answer has gone out; by then the others would have been too
    await html('/movie/155')
    await vi.waitFor(async () => expect(await caches.default.match(await keptPageKey('/movie/155'))).toBeDefined())
    expect(await caches.default.match(await keptPageKey('/', 'en', false))).toBeUndefined()
    expect(await caches.default.match(await keptPageKey('/search-results?q=knight'))).toBeUndefined()
    expect(await caches.default.match(await keptPageKey('/movie/999999999'))).toBeUndefined()
  })
})

describe('GET /movie/:id and /tv/:id', () => {
  it('inject the title’s tags and inline its details', async () => {
    const { res, body } = await html('/movie/238')
    expect(res.status).toBe(200)
    expect(body).toMatch(/<title>The Godfather \| /)
    expect(headTag(body, 'og:url')).toBe('http://localhost/movie/238')
    const boot = bootOf(body)
    expect(boot?.path).toBe('/movie/238')
    expect(boot?.title?.type).toBe('movie')
    expect(boot?.title?.data).toEqual(await api<MovieDetails>('/api/catalog/movie/238'))
    // Painted signed out: the title, its overview and its cast in the HTML; announced signed in.
    expect(rootOf(body)).toContain('>The Godfather</h1>')
    expect(paintedText(rootOf(body))).toContain(boot?.title?.data.overview ?? '-')
    expect(rootOf(body)).toContain(`href="/person/${boot?.title?.data.credits.cast[0]?.id}"`)
    expect((await modulePreloads((await html('/movie/238', SIGNED_IN)).body))[0]).toBe((await routeChunks())['features/title/movie-page']?.[0])
    expect(body).toContain(`<link rel="preload" as="image" href="/api/img/${ART_EDITION}/original${boot?.title?.data.backdrop_path}" fetchpriority="high">`)

    expect(boot?.player).toEqual(await api('/api/player/config'))
    expect(boot?.season).toBeUndefined()

    const tv = bootOf((await html('/tv/1399')).body)
    expect(tv?.title?.type).toBe('tv')
    expect(tv?.title?.data).toEqual(await api<TvDetails>('/api/catalog/tv/1399'))
    // The season a new viewer opens on comes along with the show.
    expect(tv?.season).toEqual(await api<Season>('/api/catalog/tv/1399/season/1'))
    expect(tv?.player).toEqual(await api('/api/player/config'))

    // An episode's address brings its own season; a season the show does not have, the usual one.
    const episode = bootOf((await html('/tv/1399?season=3&episode=2')).body)
    expect(episode?.path).toBe('/tv/1399?season=3&episode=2')
    expect(episode?.season).toEqual(await api<Season>('/api/catalog/tv/1399/season/3'))
    expect(bootOf((await html('/tv/1399?season=99&episode=1')).body)?.season).toEqual(await api<Season>('/api/catalog/tv/1399/season/1'))
  })

  it('say the visitor is signed out only when no session cookie came along', async () => {
    const anonymous = await html('/movie/238')
    expect(bootOf(anonymous.body)?.signedOut).toBe(true)
    expect(anonymous.res.headers.get('vary')).toContain('Cookie')
    const withCookie = await html('/movie/238', { headers: { Accept: 'text/html', Cookie: 'reelhouse_session=whatever' } })
    expect(bootOf(withCookie.body)?.signedOut).toBe(false)
    // A page painted for accounts checks the cookie: one naming no live session is a visitor's.
    expect(bootOf((await html('/', { headers: { Cookie: 'reelhouse_session=x' } })).body)?.signedOut).toBe(true)
  })

  it('serve the app with a 404 for an unknown title, which the app shows as not found', async () => {
    const { res, body } = await html('/tv/987654321')
    expect(res.status).toBe(404)
    expect(body).toContain('<div id="root"></div>')
    expect(body).not.toContain('og:title')
    expect(bootOf(body)?.title).toBeUndefined()
  })

  it('give each page an ETag of its own body and answer 304 to a matching revalidation', async () => {
    const godfather = await html('/movie/238')
    const fightClub = await html('/movie/550')
    const home = await html('/')
    const index = await env.ASSETS.fetch('http://localhost/', { headers: { Accept: 'text/html' } })
    const etags = [godfather.res, fightClub.res, home.res].map((r) => r.headers.get('etag'))
    for (const etag of etags) expect(etag).toMatch(/^"[0-9a-f]{40}"$/)
    expect(new Set([...etags, index.headers.get('etag')]).size).toBe(4)
    // The same page twice is the same body, hence the same ETag.
    expect((await html('/movie/238')).res.headers.get('etag')).toBe(etags[0])

    const revalidated = await exports.default.fetch('http://localhost/movie/238', { headers: { 'If-None-Match': etags[0] as string } })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    const changed = await exports.default.fetch('http://localhost/movie/238', { headers: { 'If-None-Match': etags[1] as string } })
    expect(changed.status).toBe(200)
  })
})

describe('pages painted for a signed-in account', () => {
  async function signedInPage(path: string, cookie: string) {
    const res = await call(path, { cookie, headers: { Accept: 'text/html' } })
    expect(res.status, path).toBe(200)
    const body = await res.text()
    return { res, body, boot: bootOf(body), painted: rootOf(body) }
  }

  async function answer<T>(path: string, cookie: string): Promise<T> {
    const res = await call(path, { cookie })
    expect(res.status, path).toBe(200)
    return res.json()
  }

  it('paint /, with what it shows of the account inlined exactly as the API answers it, for that account alone', async () => {
    const viewer = await signUp()
    expect((await call('/api/me/watchlist', { cookie: viewer.cookie, body: { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null } })).status).toBe(201)
    const report = { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null, watch_duration: 600, position: 600, total_duration: 3300, season_number: 1, episode_number: 2, reason: 'pause' }
    expect((await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: report })).status).toBe(200)

    const home = await signedInPage('/', viewer.cookie)
    // Made for this request alone, and never kept by a shared cache.
    expect(home.res.headers.get('cache-control')).toBe('private, no-cache')
    expect(home.boot?.signedOut).toBe(false)
    const me = await answer<{ id: number; email: string; type: string; user: unknown }>('/api/auth/me', viewer.cookie)
    expect(home.boot?.account).toEqual(me)
    expect(home.boot?.personal?.services).toBeNull()
    expect(home.boot?.personal?.continueWatching).toEqual((await answer<{ results: unknown[] }>('/api/me/continue-watching?limit=20', viewer.cookie)).results)
    expect(home.boot?.personal?.watchlist).toEqual((await answer<{ results: unknown[] }>('/api/me/watchlist', viewer.cookie)).results)
    expect(home.boot?.personal?.history).toEqual((await answer<{ results: unknown[] }>('/api/me/history?limit=20', viewer.cookie)).results)
    // The panel's recommendations follow the latest title watched.
    expect(home.boot?.personal?.similar).toMatchObject({ type: 'tv', id: 1399 })
    expect(home.boot?.personal?.similar?.page).toEqual(await api('/api/catalog/tv/1399/similar?page=1'))
    // The first screen holds Continue watching with the episode and the account's own rows.
    const text = paintedText(home.painted)
    expect(home.painted).toContain('<main')
    expect(home.painted).not.toContain('<script')
    expect(text).toContain('Game of Thrones')
    expect(text).toContain('S1 E2')
    expect(text).toContain('The Dark Knight')
    expect(text).toContain(viewer.username)
    // The parts whose code loads apart from the page's are named, for the browser to load before hydrating.
    expect(home.boot?.parts).toEqual(expect.arrayContaining(['continue-watching-row', 'personalized-panel', 'my-services-bar']))

    // Another account's home shows none of it.
    const other = await signUp()
    const theirs = await signedInPage('/', other.cookie)
    expect(theirs.boot?.account?.email).toBe(other.email)
    expect(theirs.boot?.personal?.continueWatching).toEqual([])
    expect(theirs.boot?.personal?.watchlist).toEqual([])
    expect(paintedText(theirs.painted)).not.toContain('Game of Thrones')
    expect(paintedText(theirs.painted)).not.toContain(viewer.username)
    // Nor does a visitor's, which is the one kept for all.
    const visitor = await html('/')
    expect(paintedText(rootOf(visitor.body))).not.toContain('Game of Thrones')
    expect(bootOf(visitor.body)?.account).toBeUndefined()
    expect(bootOf(visitor.body)?.parts).toEqual(expect.arrayContaining(['my-services-bar', 'cookie-banner']))
    expect(bootOf(visitor.body)?.parts).not.toContain('continue-watching-row')
  })

  it('paint /watchlist with the saved titles, the other composed pages with the services choice, each in the page’s language', async () => {
    const viewer = await signUp()
    expect((await call('/api/me/watchlist', { cookie: viewer.cookie, body: { content_id: 238, content_type: 'movie', title: 'The Godfather', poster_path: null } })).status).toBe(201)
    expect((await call('/api/me/services', { method: 'PUT', cookie: viewer.cookie, body: { services: [8], region: 'US' } })).status).toBe(200)
    for (const path of ['/watchlist', '/es/watchlist']) {
      const page = await signedInPage(path, viewer.cookie)
      expect(page.boot?.personal?.watchlist?.map((entry) => entry.content_id), path).toEqual([238])
      expect(paintedText(page.painted), path).toContain('The Godfather')
    }
    expect(paintedText((await signedInPage('/es/watchlist', viewer.cookie)).painted)).toContain('Mi lista')
    for (const path of ['/movies', '/tv-shows', '/kids', '/genres']) {
      const page = await signedInPage(path, viewer.cookie)
      expect(page.painted, path).toContain('<main')
      expect(page.boot?.personal, path).toEqual({ services: { services: [8], region: 'US' } })
      expect(page.boot?.page, path).toBeDefined()
    }
    // Signed out, /watchlist is the page asking to sign in, drawn by the browser.
    expect(rootOf((await html('/watchlist')).body)).toBe('')
  })

  it('paint /profile with the account as GET /api/me/profile answers it, for that account alone', async () => {
    const viewer = await signUp()
    const page = await signedInPage('/profile', viewer.cookie)
    expect(page.res.headers.get('cache-control')).toBe('private, no-cache')
    expect(page.boot?.account).toEqual(await answer('/api/me/profile', viewer.cookie))
    const text = paintedText(page.painted)
    expect(page.painted).not.toContain('<script')
    expect(text).toContain('My Profile')
    expect(text).toContain(viewer.username)
    expect(text).toContain(viewer.email)
    expect(paintedText((await signedInPage('/fr/profile', viewer.cookie)).painted)).toContain('Mon profil')
    // Another account's profile is its own; a visitor's is drawn by the browser, which sends them to sign in.
    const other = await signUp()
    expect(paintedText((await signedInPage('/profile', other.cookie)).painted)).not.toContain(viewer.username)
    const visitor = await html('/profile')
    expect(bootOf(visitor.body)?.account).toBeUndefined()
    expect(rootOf(visitor.body)).toBe('')
  })

  it('carry the session cookie re-issued when the page confirmed the session again', async () => {
    const viewer = await signUp()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + (SESSION_CHECK_SECONDS + 5) * 1000)
      const home = await signedInPage('/', viewer.cookie)
      expect(home.boot?.account?.email).toBe(viewer.email)
      const renewed = home.res.headers.getAll('Set-Cookie').find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      expect(renewed).toBeDefined()
      expect(renewed?.split(';')[0]).not.toBe(viewer.cookie)
      expect(renewed).not.toMatch(new RegExp(`^${SESSION_COOKIE}=;`))
    } finally {
      vi.useRealTimers()
    }
  })

  it('leave an administrator’s pages and a title page signed in to the browser', async () => {
    const viewer = await signUp()
    const title = await signedInPage('/movie/155', viewer.cookie)
    expect(title.painted).toBe('')
    expect(title.boot?.account).toBeUndefined()
    // The browser asks where an administrator's second factor stands before drawing anything.
    const admin = await createAdmin({ secondFactor: false })
    const home = await signedInPage('/', admin.cookie)
    expect(home.painted).toBe('')
    expect(home.boot?.signedOut).toBe(false)
    expect(home.boot?.account).toBeUndefined()
  })
})

describe('every other address', () => {
  it('a known app address gets the app with its page code preloaded', async () => {
    const chunks = await routeChunks()
    for (const [path, module] of [
      ['/search?q=star', 'features/search/search-page'],
      ['/top-imdb?page=2', 'features/browse/top-imdb-page'],
      ['/search-results', 'features/search/search-results-page'],
      ['/admin/users', 'features/admin/admin-page'],
      ['/faq/', 'features/static/faq-page'],
    ] as const) {
      const { res, body } = await html(path)
      expect(res.status, path).toBe(200)
      expect(body).toContain('<div id="root"></div>')
      expect((await modulePreloads(body))[0], path).toBe(chunks[module]?.[0])
      expect(bootOf(body)?.signedOut, path).toBe(true)
    }
  })

  it('an address the app has no page for gets its not-found page with a 404', async () => {
    const chunks = await routeChunks()
    // A title address with an id no title can have: the title page says so, with the status to match.
    expect((await html('/movie/abc')).res.status).toBe(404)
    for (const path of ['/no-such-page', '/movies/extra', '/share']) {
      const { res, body } = await html(path)
      expect(res.status, path).toBe(404)
      expect(body, path).toContain('<div id="root"></div>')
      expect((await modulePreloads(body))[0], path).toBe(chunks['app/not-found-page']?.[0])
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'")
    }
  })

  it('a genre page inlines its rows as discover answers them and is painted signed out; signed in, its code is preloaded', async () => {
    const chunks = await routeChunks()
    // Action is a film genre (films and shows), Kids a series genre (shows only).
    for (const [id, film] of [[28, true], [10762, false]] as const) {
      const path = `/genre/${id}`
      const { res, body } = await html(path)
      expect(res.status, path).toBe(200)
      const genre = bootOf(body)?.genre
      expect(genre?.id, path).toBe(id)
      expect(genre?.tv, path).toEqual(await api(`/api/catalog/discover/tv?with_genres=${id}&page=1`))
      if (film) expect(genre?.movie, path).toEqual(await api(`/api/catalog/discover/movie?with_genres=${id}&page=1`))
      else expect(genre?.movie, path).toBeUndefined()
      const first = (film ? genre?.movie : genre?.tv)?.results[0]
      expect(first, path).toBeDefined()
      expect(rootOf(body), path).toContain(`href="/${first?.media_type}/${first?.id}"`)
      expect(rootOf(body), path).not.toContain('<script')
      const signedIn = await html(path, SIGNED_IN)
      expect(rootOf(signedIn.body), path).toBe('')
      expect((await modulePreloads(signedIn.body))[0], path).toBe(chunks['features/browse/genre-page']?.[0])
    }
    // In another language, under its prefix, in its words.
    const spanish = await html('/es/genre/28')
    expect(bootOf(spanish.body)?.genre?.id).toBe(28)
    expect(rootOf(spanish.body)).toContain('href="/es/genres"')
  })

  it('/top-imdb inlines the first page of its grid, films or shows, and is painted signed out', async () => {
    for (const [path, type] of [['/top-imdb', 'movie'], ['/top-imdb?type=tv', 'tv']] as const) {
      const { res, body } = await html(path)
      expect(res.status, path).toBe(200)
      const topRated = bootOf(body)?.topRated
      expect(topRated?.type, path).toBe(type)
      expect(topRated?.page, path).toEqual(await api(`/api/catalog/top-rated/${type}?page=1`))
      const first = topRated?.page.results[0]
      expect(rootOf(body), path).toContain(`href="/${type}/${first?.id}"`)
      expect(paintedText(rootOf(body)), path).toContain(first?.title ?? first?.name ?? '-')
    }
    // Any other query is drawn by the browser from its own requests.
    expect(bootOf((await html('/top-imdb?page=2')).body)?.topRated).toBeUndefined()
  })

  it('/search-results inlines the first page of the search for its trimmed term and is painted signed out', async () => {
    const { res, body } = await html('/search-results?q=%20star%20')
    expect(res.status).toBe(200)
    const search = bootOf(body)?.search
    expect(search?.term).toBe('star')
    const answer = await api<SearchPage>('/api/catalog/search?query=star&page=1')
    expect(search?.page).toEqual(answer)
    expect(answer.results.length).toBeGreaterThan(1)
    const root = rootOf(body)
    expect(root).not.toContain('<script')
    for (const item of answer.results) {
      expect(root).toContain(`href="/${item.media_type}/${item.id}"`)
      expect(paintedText(root)).toContain(item.title ?? item.name ?? '-')
    }
    // The count is in the painted HTML, not set once the browser has the results.
    expect(paintedText(root)).toContain(`Found ${answer.total_results.toLocaleString('en')} results for “`)
    expect(root).toMatch(/<bdi[^>]*>star<\/bdi>”/)
    // Signed in, the browser draws it.
    expect(rootOf((await html('/search-results?q=star', SIGNED_IN)).body)).toBe('')
    // No term, or one the search refuses: nothing inlined, drawn by the browser.
    for (const path of ['/search-results', '/search-results?q=%20%20', `/search-results?q=${'a'.repeat(101)}`]) {
      const page = await html(path)
      expect(page.res.status, path).toBe(200)
      expect(bootOf(page.body)?.search, path).toBeUndefined()
      expect(bootOf(page.body)?.signedOut, path).toBe(true)
      expect(rootOf(page.body), path).toBe('')
    }
    expect((await api<SearchPage>(`/api/catalog/search?query=${'a'.repeat(100)}`)).results).toBeDefined()
    expect(bootOf((await html(`/search-results?q=${'a'.repeat(100)}`)).body)?.search?.term).toBe('a'.repeat(100))
    // In another language, under its prefix, in its words, with the catalogue's text in it.
    const spanish = await html('/es/search-results?q=star')
    const inSpanish = await exports.default.fetch('http://localhost/api/catalog/search?query=star&page=1', { headers: { 'Accept-Language': 'es' } })
    expect(bootOf(spanish.body)?.search?.page).toEqual(await inSpanish.json())
    expect(rootOf(spanish.body)).toContain('href="/es/search?q=star"')
    expect(paintedText(rootOf(spanish.body))).toContain(`Se encontraron ${answer.total_results.toLocaleString('es')} resultados para «`)
    expect(paintedText(rootOf(spanish.body))).toContain('Resultados de búsqueda')
  })

  it('/movies/all and /tv-shows/all inline the first page of the grid their address names and are painted signed out', async () => {
    const grids = [
      ['/movies/all?genre=28&sort=newest&from=1990', 'movie', '?genre=28&sort=newest&from=1990', '/api/catalog/discover/movie?page=1&with_genres=28&sort_by=primary_release_date.desc&primary_release_date.gte=1990-01-01', 'Action Movies'],
      ['/tv-shows/all', 'tv', '', '/api/catalog/discover/tv?page=1', 'All TV Shows'],
    ] as const
    for (const [path, type, search, query, heading] of grids) {
      const { res, body } = await html(path)
      expect(res.status, path).toBe(200)
      const grid = bootOf(body)?.grid
      expect(grid?.type, path).toBe(type)
      expect(grid?.search, path).toBe(search)
      const answer = await api<{ results: { id: number; title?: string; name?: string }[] }>(query)
      expect(grid?.page, path).toEqual(answer)
      expect(answer.results.length, path).toBeGreaterThan(1)
      const root = rootOf(body)
      expect(root, path).not.toContain('<script')
      expect(paintedText(root), path).toContain(heading)
      for (const item of answer.results) expect(root, path).toContain(`href="/${type}/${item.id}"`)
    }
    // The filters are painted for both widths: the phone's button with their count, the wider page's form.
    const filtered = rootOf((await html(grids[0][0])).body)
    expect(paintedText(filtered)).toContain('Filters (1)')
    expect(filtered).toMatch(/<form role="search" aria-label="Filter titles"/)
    // A grid the API would refuse: nothing inlined or painted, the browser asks and says what is wrong.
    const refused = await html('/movies/all?genre=999')
    expect(refused.res.status).toBe(200)
    expect(bootOf(refused.body)?.grid).toBeUndefined()
    expect(rootOf(refused.body)).toBe('')
    // With a session cookie naming no live session, the browser draws it.
    expect(rootOf((await html('/movies/all', SIGNED_IN)).body)).toBe('')
    // In another language, under its prefix, with the catalogue's text in it.
    const spanish = await html('/es/tv-shows/all')
    const inSpanish = await exports.default.fetch('http://localhost/api/catalog/discover/tv?page=1', { headers: { 'Accept-Language': 'es' } })
    expect(bootOf(spanish.body)?.grid?.page).toEqual(await inSpanish.json())
    expect(paintedText(rootOf(spanish.body))).toContain('Todas las series')
  })

  it('/search before a term is painted as it is, and with a term drawn by the browser', async () => {
    const { res, body } = await html('/search')
    expect(res.status).toBe(200)
    expect(bootOf(body)?.plain).toBe('anyone')
    const root = rootOf(body)
    expect(root).toMatch(/<input id="search-input" type="search"/)
    expect(paintedText(root)).toContain('Start Searching')
    expect(paintedText(rootOf((await html('/de/search')).body))).toContain('Suche starten')
    const withTerm = await html('/search?q=star')
    expect(bootOf(withTerm.body)?.plain).toBeUndefined()
    expect(rootOf(withTerm.body)).toBe('')
  })

  it('a genre address that names no genre is a page saying so, kept out of search engines', async () => {
    for (const path of ['/genre/99999', '/genre/abc']) {
      const { res, body } = await html(path)
      // 200, not 404: the browser would log a 404 document as an error in the visitor's console.
      expect(res.status, path).toBe(200)
      expect(body, path).toContain('<meta name="robots" content="noindex">')
    }
    expect((await html('/genre/28')).body).not.toContain('noindex')
  })

  it('files of the build are served as they are, and a missing file is a plain 404', async () => {
    const favicon = await exports.default.fetch('http://localhost/favicon.svg')
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('content-type')).toMatch(/svg/)
    const missing = await exports.default.fetch('http://localhost/nothing-here.js', { headers: { Accept: '*/*' } })
    expect(missing.status).toBe(404)
    expect(await missing.text()).not.toContain('<div id="root">')
  })
})

describe('compression', () => {
  it('sends the page gzipped once to clients that accept it and as text to the others', async () => {
    const plain = await exports.default.fetch('http://localhost/', { headers: { Accept: 'text/html' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const gzipped = await exports.default.fetch('http://localhost/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, br' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding')
    expect(gzipped.headers.get('vary')).toContain('Cookie')
    expect(gzipped.headers.get('etag')).toBe(plain.headers.get('etag'))
    // The runtime's fetch decodes the body, as a browser does.
    expect(await gzipped.text()).toBe(await plain.text())
  })
})

describe('inlineJson', () => {
  it('never lets the data close its script element', () => {
    const text = inlineJson({ title: '</script><script>alert(1)</script>', line: 'a\u2028b' })
    expect(text).not.toContain('<')
    expect(text).not.toContain('\u2028')
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script>', line: 'a\u2028b' })
  })
})

describe('withinTime', () => {
  it('answers the render’s page, or null for a render that does not end in time, and lets a failure fail', async () => {
    expect(await withinTime(Promise.resolve('painted'), 50)).toBe('painted')
    expect(await withinTime(new Promise<string>(() => undefined), 20)).toBeNull()
    await expect(withinTime(Promise.reject(new Error('broken')), 50)).rejects.toThrow('broken')
  })
})

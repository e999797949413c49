/// <reference types="vite/client" />
// Languages at the edge, through real requests: every page under each language's prefix with the
// same first data, preloads and status as in English, in its own language (<html lang dir>, its
// catalog preloaded, its title and tags) and naming its other languages; a first visit at a root
// address sent on to its visitor's language; share links that unfurl in the sharer's language;
// a sitemap listing every address with its alternates. Reads the web build in dist/ through ASSETS.
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, localePrefix, localizedPath } from '../lib/locales'
import type { BootData } from '../seo/boot'
import { translate } from '../seo/messages'
import { loadCatalog } from './catalog-data'
import { elementsNamed, parseXml, textOf } from './helpers/xml'
import { paintedText, rootOf } from './helpers/painted-html'

beforeAll(async () => {
  await loadCatalog()
})

const ORIGIN = 'http://localhost'
const SITE_NAME = env.SITE_NAME

/** A browser that draws its pages itself (web/lib/hydration.ts): their code and words are announced in the HTML. */
const UNPAINTED = { Cookie: 'draw-here=1' }

/** The interface's navigation words in each locale (web/i18n/catalogs/<locale>/nav.json). */
const navWords = import.meta.glob<Record<string, string>>('../../web/i18n/catalogs/*/nav.json', { eager: true, import: 'default' })

function navWord(locale: string, id: string): string | undefined {
  return navWords[`../../web/i18n/catalogs/${locale}/nav.json`]?.[id]
}



async function page(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; body: string }> {
  const res = await exports.default.fetch(`${ORIGIN}${path}`, { headers: { Accept: 'text/html', ...headers }, redirect: 'manual' })
  return { res, body: await res.text() }
}

function bootOf(body: string): BootData | null {
  const match = body.match(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/)
  return match?.[1] ? (JSON.parse(match[1]) as BootData) : null
}

/** A head tag's content, entities decoded. */
function headTag(body: string, property: string): string | undefined {
  const raw = body.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1]
  return raw === undefined ? undefined : decode(raw)
}

function decode(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

function titleOf(body: string): string | undefined {
  const raw = /<title>([^<]*)<\/title>/.exec(body)?.[1]
  return raw === undefined ? undefined : decode(raw)
}

function htmlAttributes(body: string): { lang?: string; dir?: string } {
  const tag = /<html[^>]*>/.exec(body)?.[0] ?? ''
  return { lang: /\slang="([^"]*)"/.exec(tag)?.[1], dir: /\sdir="([^"]*)"/.exec(tag)?.[1] }
}

function alternates(body: string): Record<string, string> {
  return Object.fromEntries([...body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], decode(m[2]!)]))
}

function canonical(body: string): string | undefined {
  const raw = /<link rel="canonical" href="([^"]+)">/.exec(body)?.[1]
  return raw === undefined ? undefined : decode(raw)
}

/** The modules the page announces beyond those index.html announces for the entry. */
function modulePreloads(body: string): string[] {
  const links = (text: string) => [...text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!)
  const entry = new Set(links(indexHtml))
  return links(body).filter((file) => !entry.has(file))
}

let chunks: Record<string, string[]>
let indexHtml: string
beforeAll(async () => {
  chunks = await (await env.ASSETS.fetch(`${ORIGIN}/route-chunks.json`)).json()
  indexHtml = await (await env.ASSETS.fetch(`${ORIGIN}/`, { headers: { Accept: 'text/html' } })).text()
})

/** Every id in a piece of first data: what the page shows, whatever language its text is in. */
function idsOf(value: unknown, into: number[] = []): number[] {
  if (Array.isArray(value)) for (const item of value) idsOf(item, into)
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'id' && typeof inner === 'number') into.push(inner)
      else idsOf(inner, into)
    }
  }
  return into
}

const EXPECTED_HREFLANGS = [...LOCALES, 'x-default'].sort()

function expectAlternatesOf(body: string, appPath: string, what: string) {
  const links = alternates(body)
  expect(Object.keys(links).sort(), what).toEqual(EXPECTED_HREFLANGS)
  for (const locale of LOCALES) expect(links[locale], `${what} ${locale}`).toBe(`${ORIGIN}${localizedPath(locale, appPath)}`)
  expect(links['x-default'], what).toBe(`${ORIGIN}${appPath}`)
}

describe('every page under every language’s prefix', () => {
  it('has the composed pages’ first data, painted in each language signed out, and preloads, status and its language’s catalog when the browser draws them', async () => {
    for (const [path, module] of [
      ['/', 'features/home/home-page'],
      ['/movies', 'features/browse/movies-page'],
      ['/tv-shows', 'features/browse/tv-shows-page'],
      ['/kids', 'features/browse/kids-page'],
      ['/genres', 'features/browse/genres-page'],
    ] as const) {
      const english = await page(path)
      expect(english.res.status).toBe(200)
      const englishBoot = bootOf(english.body)
      expect(englishBoot?.page).toBeDefined()
      expect(htmlAttributes(english.body)).toEqual({ lang: 'en', dir: 'ltr' })
      expect(rootOf(english.body)).toContain(`>${navWord('en', 'nav.skipToContent')}<`)
      expect(modulePreloads((await page(path, UNPAINTED)).body)).toContain(chunks['virtual:i18n/en']?.[0])

      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        const address = path === '/' ? localePrefix(locale) : `${localePrefix(locale)}${path}`
        const { res, body } = await page(address)
        expect(res.status, address).toBe(200)
        const boot = bootOf(body)
        expect(boot?.path, address).toBe(address)
        expect(boot?.page?.name, address).toBe(englishBoot?.page?.name)
        expect(idsOf(boot?.page?.data), address).toEqual(idsOf(englishBoot?.page?.data))
        expect(htmlAttributes(body), address).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' })
        // Painted in the page's language (its links under its prefix), with nothing of English's words.
        const painted = rootOf(body)
        const skip = navWord(locale, 'nav.skipToContent')
        expect(skip, locale).toBeDefined()
        expect(painted, address).toContain(`>${skip}<`)
        expect(painted, address).not.toContain(`>${navWord('en', 'nav.skipToContent')}<`)
        expect(painted, address).toContain(`href="${localePrefix(locale)}/movies"`)
        const preloads = modulePreloads((await page(address, UNPAINTED)).body)
        expect(preloads, address).toContain(chunks[module]?.[0])
        expect(preloads, address).toContain(chunks[`virtual:i18n/${locale}`]?.[0])
        expect(preloads, address).not.toContain(chunks['virtual:i18n/en']?.[0])
        expect(res.headers.get('content-language'), address).toBe(locale)
      }
    }
  }, 60_000)

  it('preloads the catalog areas a page uses with it (web/i18n/areas.ts), in its language, and no other page’s', async () => {
    for (const [address, locale, areas] of [
      ['/faq', 'en', ['static']],
      ['/es/terms', 'es', ['static']],
      ['/ja/login', 'ja', ['account']],
      ['/ar/import', 'ar', ['account', 'import']],
      ['/de/admin', 'de', ['admin']],
      ['/fr/movie/155', 'fr', ['player']],
      ['/tv/1399', 'en', ['player']],
    ] as const) {
      const preloads = modulePreloads((await page(address, UNPAINTED)).body)
      for (const area of areas) {
        const chunk = chunks[`virtual:i18n/${locale}/${area}`]?.[0]
        expect(chunk, `${address}: ${area}`).toBeDefined()
        expect(preloads, address).toContain(chunk)
      }
    }
    const home = modulePreloads((await page('/es', UNPAINTED)).body)
    for (const area of ['static', 'account', 'import', 'admin', 'player']) expect(home).not.toContain(chunks[`virtual:i18n/es/${area}`]?.[0])
  })

  it('has the title pages’ first data and status in each language, with the title’s tags in it', async () => {
    const english = bootOf((await page('/tv/1399?season=3&episode=2')).body)
    for (const locale of ['es', 'ar', 'zh-CN'] as const) {
      const prefix = localePrefix(locale)
      const { res, body } = await page(`${prefix}/tv/1399?season=3&episode=2`)
      expect(res.status).toBe(200)
      const boot = bootOf(body)
      expect(boot?.path).toBe(`${prefix}/tv/1399?season=3&episode=2`)
      expect(boot?.title?.data.id).toBe(1399)
      expect(boot?.season?.season_number).toBe(3)
      expect(idsOf(boot?.season)).toEqual(idsOf(english?.season))
      expect(boot?.player).toEqual(english?.player)
      expect(paintedText(rootOf(body))).toContain(boot?.season?.episodes[0]?.name ?? '-')
      const signedIn = modulePreloads((await page(`${prefix}/tv/1399?season=3&episode=2`, UNPAINTED)).body)
      expect(signedIn).toContain(chunks['features/title/tv-page']?.[0])
      expect(signedIn).toContain(chunks[`virtual:i18n/${locale}`]?.[0])
      expect(htmlAttributes(body)).toEqual({ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' })
    }

    const { body } = await page('/ar/movie/238')
    const name = bootOf(body)?.title?.type === 'movie' ? (bootOf(body)?.title?.data as { title: string }).title : ''
    expect(titleOf(body)).toBe(translate('ar', 'seo.documentTitle', { title: name, siteName: SITE_NAME }))
    expect(headTag(body, 'og:url')).toBe(`${ORIGIN}/ar/movie/238`)
    expect(headTag(body, 'og:locale')).toBe('ar_AR')
    expect(headTag(body, 'og:image:alt')).toBe(translate('ar', 'seo.cardAlt', { title: name, siteName: SITE_NAME }))
    expect(canonical(body)).toBe(`${ORIGIN}/ar/movie/238`)
    expectAlternatesOf(body, '/movie/238', '/ar/movie/238')
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]!) as Record<string, unknown>
    expect(jsonLd).toMatchObject({ url: `${ORIGIN}/ar/movie/238`, inLanguage: 'ar' })

    // An unknown title is not found in every language.
    for (const path of ['/es/tv/987654321', '/ja/movie/987654321']) {
      const missing = await page(path)
      expect(missing.res.status, path).toBe(404)
      expect(missing.body).not.toContain('og:title')
    }
  })

  it('has every other address of the app, and the not-found page with a 404, under each prefix', async () => {
    for (const [path, module] of [
      ['/search', 'features/search/search-page'],
      ['/genre/28', 'features/browse/genre-page'],
      ['/faq', 'features/static/faq-page'],
      ['/admin/users', 'features/admin/admin-page'],
    ] as const) {
      for (const prefix of ['/pt-br', '/ko']) {
        // Signed in, so the browser draws each of them (a genre page is painted for visitors).
        const { res, body } = await page(`${prefix}${path}`, UNPAINTED)
        expect(res.status, prefix + path).toBe(200)
        expect(modulePreloads(body)[0], prefix + path).toBe(chunks[module]?.[0])
        expect(bootOf(body)?.path).toBe(`${prefix}${path}`)
      }
    }
    for (const path of ['/fr/no-such-page', '/fr/movies/extra', '/de/movie/abc']) {
      const { res, body } = await page(path)
      expect(res.status, path).toBe(404)
      expect(modulePreloads(body)[0], path).toBe(chunks[path.startsWith('/de/movie') ? 'features/title/movie-page' : 'app/not-found-page']?.[0])
      expect(htmlAttributes(body).lang, path).toBe(path.startsWith('/fr') ? 'fr' : 'de')
    }
  })

  it('titles, describes and tags each page in its own language, with its canonical address in it and every language as an alternate', async () => {
    for (const locale of LOCALES) {
      const address = `${localePrefix(locale)}/movies`
      const { body } = await page(address)
      const title = translate(locale, 'seo.siteTitle', { siteName: SITE_NAME })
      const description = translate(locale, 'seo.siteDescription')
      expect(titleOf(body), address).toBe(title)
      expect(headTag(body, 'description'), address).toBe(description)
      expect(headTag(body, 'og:title'), address).toBe(title)
      expect(headTag(body, 'twitter:description'), address).toBe(description)
      expect(headTag(body, 'og:url'), address).toBe(`${ORIGIN}${address}`)
      expect(headTag(body, 'og:image:alt'), address).toBe(translate(locale, 'seo.siteCardAlt', { siteName: SITE_NAME }))
      expect(canonical(body), address).toBe(`${ORIGIN}${address}`)
      expectAlternatesOf(body, '/movies', address)
      const ogLocales = [...body.matchAll(/<meta property="og:locale:alternate" content="([^"]+)">/g)].map((m) => m[1])
      expect(ogLocales, address).toHaveLength(LOCALES.length - 1)
      expect(ogLocales, address).not.toContain(headTag(body, 'og:locale'))
    }
    // The words are the translators', not English's.
    expect(titleOf((await page('/es/movies')).body)).toBe(`${SITE_NAME}: mira películas y series gratis`)
    expect(titleOf((await page('/movies')).body)).toBe(`${SITE_NAME}: watch movies and TV shows free`)
    // The home page in a language is the bare prefix; a query stays with the address.
    expectAlternatesOf((await page('/pt-br')).body, '/', '/pt-br')
    expect(canonical((await page('/de/tv-shows?service=netflix')).body)).toBe(`${ORIGIN}/de/tv-shows?service=netflix`)
    expect(canonical((await page('/de/faq/')).body)).toBe(`${ORIGIN}/de/faq`)
  })

  it('keeps rendered pages apart by language: each its own ETag, each answering its own revalidation', async () => {
    const english = await page('/movie/238')
    const spanish = await page('/es/movie/238')
    const etags = [english.res.headers.get('etag'), spanish.res.headers.get('etag')]
    expect(etags[0]).toMatch(/^"[0-9a-f]{40}"$/)
    expect(etags[1]).toMatch(/^"[0-9a-f]{40}"$/)
    expect(etags[0]).not.toBe(etags[1])
    expect(htmlAttributes((await page('/movie/238')).body).lang).toBe('en')
    expect((await page('/es/movie/238', { 'If-None-Match': etags[1]! })).res.status).toBe(304)
    expect((await page('/es/movie/238', { 'If-None-Match': etags[0]! })).res.status).toBe(200)
  })

  it('serves the pseudo-locale of the tests in its own words, listed nowhere and kept out of search engines', async () => {
    const { res, body } = await page('/en-xa/movies')
    expect(res.status).toBe(200)
    expect(htmlAttributes(body)).toEqual({ lang: 'en-XA', dir: 'ltr' })
    expect(rootOf(body)).toMatch(/⟦/)
    expect(modulePreloads((await page('/en-xa/movies', UNPAINTED)).body)).toContain(chunks['virtual:i18n/en-XA']?.[0])
    expect(bootOf(body)?.page?.name).toBe('movies')
    expect(titleOf(body)).toMatch(/⟦/)
    expect(body).toContain('<meta name="robots" content="noindex">')
    expect(alternates(body)).toEqual({})
    expect(canonical(body)).toBeUndefined()
    const title = await page('/en-xa/movie/238')
    expect(title.res.status).toBe(200)
    expect(title.body).toContain('<meta name="robots" content="noindex">')
    expect(alternates(title.body)).toEqual({})
    // No other page lists it.
    expect(Object.values(alternates((await page('/es/movies')).body)).some((href) => href.includes('/en-xa'))).toBe(false)
  })
})

describe('a first visit to a root address', () => {
  it('is sent on to the same page in the best match for its Accept-Language when that is not English', async () => {
    for (const [path, header, location] of [
      ['/movies', 'es-MX,es;q=0.9,en;q=0.8', '/es/movies'],
      ['/', 'de-DE,de;q=0.9', '/de'],
      ['/tv/1399?season=2&episode=3', 'pt-PT,pt;q=0.9', '/pt-br/tv/1399?season=2&episode=3'],
      ['/search?q=star', 'en-US;q=0.5,ja;q=0.9', '/ja/search?q=star'],
      ['/genre/28', 'zh-TW', '/zh-cn/genre/28'],
      ['/no-such-page', 'ar', '/ar/no-such-page'],
    ] as const) {
      const { res } = await page(path, { 'Accept-Language': header })
      expect(res.status, `${path} ${header}`).toBe(302)
      expect(res.headers.get('location'), `${path} ${header}`).toBe(location)
      expect(res.headers.get('vary'), path).toMatch(/Accept-Language/)
      expect(res.headers.get('vary'), path).toMatch(/Cookie/)
    }
  })

  it('stays in English for English, for a language of none of ours and for a crawler that names none', async () => {
    const visitors: Record<string, string>[] = [{ 'Accept-Language': 'en-GB,fr;q=0.5' }, { 'Accept-Language': 'sv-SE,nl;q=0.8' }, { 'Accept-Language': '*' }, {}]
    for (const headers of visitors) {
      const { res, body } = await page('/movies', headers)
      expect(res.status, JSON.stringify(headers)).toBe(200)
      expect(htmlAttributes(body).lang).toBe('en')
      // Whether this address answers at all depends on the visitor's language and cookie.
      expect(res.headers.get('vary')).toMatch(/Accept-Language/)
      expect(res.headers.get('vary')).toMatch(/Cookie/)
    }
  })

  it('follows the lang cookie, the visitor’s own choice, over Accept-Language', async () => {
    const english = await page('/movies', { 'Accept-Language': 'es', Cookie: 'lang=en' })
    expect(english.res.status).toBe(200)
    const japanese = await page('/movie/238', { 'Accept-Language': 'en-US', Cookie: 'other=1; lang=ja' })
    expect(japanese.res.status).toBe(302)
    expect(japanese.res.headers.get('location')).toBe('/ja/movie/238')
    const portuguese = await page('/', { Cookie: 'lang=pt-BR' })
    expect(portuguese.res.headers.get('location')).toBe('/pt-br')
    // A cookie that names no language of ours leaves it to Accept-Language.
    const french = await page('/kids', { 'Accept-Language': 'fr-CA', Cookie: 'lang=xx' })
    expect(french.res.headers.get('location')).toBe('/fr/kids')
  })

  it('is never where an address with a language’s prefix is sent elsewhere', async () => {
    for (const [path, headers] of [
      ['/es/movies', { 'Accept-Language': 'de' }],
      ['/es/movie/238', { Cookie: 'lang=fr' }],
      ['/ja', { 'Accept-Language': 'en', Cookie: 'lang=en' }],
      ['/en-xa/kids', { 'Accept-Language': 'ko' }],
    ] as const) {
      const { res } = await page(path, headers)
      expect(res.status, path).toBe(200)
      // The page does not depend on the visitor's language, only on the session cookie.
      expect(res.headers.get('vary'), path).not.toMatch(/Accept-Language/)
      expect(res.headers.get('vary'), path).toMatch(/Cookie/)
    }
  })

  it('leaves the API, the build’s files, the sitemap, robots.txt and share links alone', async () => {
    const headers = { 'Accept-Language': 'es', Cookie: 'lang=es' }
    for (const path of ['/api/catalog/pages/movies', '/favicon.svg', '/sitemap.xml', '/robots.txt', '/share/movie/238']) {
      const res = await exports.default.fetch(`${ORIGIN}${path}`, { headers: { Accept: 'text/html', ...headers }, redirect: 'manual' })
      expect(res.status, path).toBe(200)
      await res.body?.cancel()
    }
  })
})

describe('GET /{lang}/share/:type/:id', () => {
  it('unfurls in the sharer’s language and sends people on to the title page in it', async () => {
    const details = await (await exports.default.fetch(`${ORIGIN}/api/catalog/movie/155`)).json<{ title: string }>()
    const res = await exports.default.fetch(`${ORIGIN}/es/share/movie/155`)
    expect(res.status).toBe(200)
    const body = await res.text()
    expect(htmlAttributes(body)).toEqual({ lang: 'es', dir: 'ltr' })
    expect(titleOf(body)).toBe(translate('es', 'seo.documentTitle', { title: details.title, siteName: SITE_NAME }))
    expect(headTag(body, 'og:title')).toBe(details.title)
    expect(headTag(body, 'og:url')).toBe(`${ORIGIN}/es/movie/155`)
    expect(headTag(body, 'og:locale')).toBe('es_ES')
    expect(headTag(body, 'og:image:alt')).toBe(`${details.title} en ${SITE_NAME}: ilustración con el título, su valoración, el año y los géneros`)
    expect(canonical(body)).toBe(`${ORIGIN}/es/movie/155`)
    expectAlternatesOf(body, '/movie/155', '/es/share/movie/155')
    expect(body).toContain('<meta http-equiv="refresh" content="0; url=/es/movie/155">')
    expect(body).toContain(`>Continuar a ${details.title}</a>`)
  })

  it('names a shared episode in the sharer’s language and opens it in that language', async () => {
    const episodeName = async (language: string) => {
      const res = await exports.default.fetch(`${ORIGIN}/api/catalog/tv/1399/season/2`, { headers: { 'Accept-Language': language } })
      return (await res.json<{ episodes: { episode_number: number; name: string }[] }>()).episodes.find((e) => e.episode_number === 3)!.name
    }
    const arabic = await episodeName('ar')
    expect(arabic).not.toBe(await episodeName('en'))
    const body = await (await exports.default.fetch(`${ORIGIN}/ar/share/tv/1399?season=2&episode=3`)).text()
    expect(htmlAttributes(body)).toEqual({ lang: 'ar', dir: 'rtl' })
    // The episode is named as the catalogue names it in Arabic.
    expect(headTag(body, 'og:title')).toBe(`Game of Thrones، الموسم 2 الحلقة 3: ${arabic}`)
    expect(headTag(body, 'og:url')).toBe(`${ORIGIN}/ar/tv/1399?season=2&episode=3`)
    expect(body).toContain('<meta http-equiv="refresh" content="0; url=/ar/tv/1399?season=2&#38;episode=3">')
    expectAlternatesOf(body, '/tv/1399?season=2&episode=3', 'episode share')
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]!) as Record<string, unknown>
    expect(jsonLd).toMatchObject({ '@type': 'TVEpisode', url: `${ORIGIN}/ar/tv/1399?season=2&episode=3`, inLanguage: 'ar' })
  })

  it('sends an unknown title to the title page in the sharer’s language, and answers a malformed link with its not-found page', async () => {
    const unknown = await exports.default.fetch(`${ORIGIN}/ja/share/movie/987654321`, { redirect: 'manual' })
    expect(unknown.status).toBe(302)
    expect(unknown.headers.get('location')).toBe('/ja/movie/987654321')
    const malformed = await page('/ko/share/person/12')
    expect(malformed.res.status).toBe(404)
    expect(htmlAttributes(malformed.body).lang).toBe('ko')
  })

  it('keeps the English share link at the root, unchanged', async () => {
    const body = await (await exports.default.fetch(`${ORIGIN}/share/movie/155`)).text()
    expect(htmlAttributes(body)).toEqual({ lang: 'en', dir: 'ltr' })
    expect(headTag(body, 'og:url')).toBe(`${ORIGIN}/movie/155`)
    expect(canonical(body)).toBe(`${ORIGIN}/movie/155`)
    expectAlternatesOf(body, '/movie/155', '/share/movie/155')
  })
})

describe('GET /sitemap.xml in every language', () => {
  it('lists every address in each language with all its alternates and x-default, within the sitemap limits', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/sitemap.xml`)
    expect(res.status).toBe(200)
    const xml = await res.text()
    // 50,000 addresses and 50 MB uncompressed are the protocol's limits for one file.
    expect(new TextEncoder().encode(xml).length).toBeLessThan(50 * 1024 * 1024)
    const root = parseXml(xml)
    expect(root.name).toBe('urlset')
    expect(root.attrs['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml')
    const urls = elementsNamed(root, 'url')
    expect(urls.length).toBeLessThanOrEqual(50_000)
    expect(urls.length % LOCALES.length).toBe(0)

    const locs = urls.map((url) => textOf(elementsNamed(url, 'loc')[0]!))
    const listed = new Set(locs)
    expect(listed.size).toBe(locs.length)
    for (const loc of ['/es/movies', '/ar', '/zh-cn/genre/28', '/pt-br/faq']) expect(locs).toContain(`${ORIGIN}${loc}`)
    expect(locs.some((loc) => loc.includes('/en-xa'))).toBe(false)

    for (const url of urls) {
      const loc = textOf(elementsNamed(url, 'loc')[0]!)
      const links = elementsNamed(url, 'xhtml:link')
      expect(links.map((link) => link.attrs.hreflang).sort(), loc).toEqual(EXPECTED_HREFLANGS)
      for (const link of links) expect(link.attrs.rel).toBe('alternate')
      // Each address is among its own alternates, and every alternate is listed too.
      expect(links.map((link) => link.attrs.href), loc).toContain(loc)
      const unlisted = links.filter((link) => !listed.has(link.attrs.href ?? ''))
      expect(unlisted, loc).toEqual([])
    }
    const movies = urls.find((url) => textOf(elementsNamed(url, 'loc')[0]!) === `${ORIGIN}/de/movies`)!
    const byLang = Object.fromEntries(elementsNamed(movies, 'xhtml:link').map((link) => [link.attrs.hreflang, link.attrs.href]))
    expect(byLang).toMatchObject({ en: `${ORIGIN}/movies`, 'x-default': `${ORIGIN}/movies`, 'pt-BR': `${ORIGIN}/pt-br/movies`, 'zh-CN': `${ORIGIN}/zh-cn/movies` })
  }, 60_000)
})

describe('GET /robots.txt in every language', () => {
  it('keeps crawlers out of the administration under every prefix', async () => {
    const text = await (await exports.default.fetch(`${ORIGIN}/robots.txt`)).text()
    for (const locale of LOCALES) expect(text).toContain(`Disallow: ${localePrefix(locale)}/admin/\n`)
  })
})

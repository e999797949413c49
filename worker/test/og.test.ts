// Share cards: the PNGs the worker renders with resvg (WebAssembly) for social networks, the tags
// that point at them on share, title and list pages, TMDB's backdrop photograph in their place with
// TMDB, and a card rendered once (kept in KV and the edge cache).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import app from '../index'
import { CARD, listCardSvg, OG_EDITION, titleCardSvg } from '../og/card'
import { textWidths } from '../og/render'
import { typesetterFor } from '../og/typeset'
import { loadCatalog } from './catalog-data'
import { call, createUser } from './helpers/accounts'
import { withoutD1 } from './helpers/settled'
import { LIST_CARD_RENDERS, LIST_CARD_SECONDS, listCardRenders } from '../routes/og'

// Rendering a 1920x1080 card takes a second or more on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 })

beforeAll(async () => {
  await loadCatalog()
})

afterEach(() => {
  vi.restoreAllMocks()
})

interface Answer {
  status: number
  headers: Headers
  bytes: Uint8Array
}

/** A request through the app that returns once its cache writes are done. */
async function settled(path: string, bindings: Cloudflare.Env = env, accept?: string): Promise<Answer> {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`http://localhost${path}`, accept ? { headers: { Accept: accept } } : {}), bindings, ctx)
  const bytes = new Uint8Array(await res.arrayBuffer())
  await waitOnExecutionContext(ctx)
  return { status: res.status, headers: res.headers, bytes }
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe('IHDR')
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

function headTag(html: string, property: string): string | undefined {
  return html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1]
}

function pathOf(url: string): string {
  return new URL(url).pathname
}

describe('GET /api/og/:edition/...', () => {
  it('renders a title’s card as a 1920x1080 PNG, then answers it again without touching D1', async () => {
    const first = await settled(`/api/og/${OG_EDITION}/movie/155.png`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(pngSize(first.bytes)).toEqual({ width: 1920, height: 1080 })
    expect(await env.CACHE.get(`og:${OG_EDITION}:movie/155`, 'arrayBuffer')).not.toBeNull()
    const again = await settled(`/api/og/${OG_EDITION}/movie/155.png`, withoutD1())
    expect(again.status).toBe(200)
    expect(again.bytes).toEqual(first.bytes)
  })

  it('renders series cards and the site’s own card; cards of different titles differ', async () => {
    const tv = await settled(`/api/og/${OG_EDITION}/tv/1399.png`)
    expect(tv.status).toBe(200)
    expect(pngSize(tv.bytes)).toEqual({ width: 1920, height: 1080 })
    const site = await settled(`/api/og/${OG_EDITION}/site.png`)
    expect(site.status).toBe(200)
    expect(pngSize(site.bytes)).toEqual({ width: 1920, height: 1080 })
    const movie = await settled(`/api/og/${OG_EDITION}/movie/155.png`)
    expect(tv.bytes).not.toEqual(movie.bytes)
    expect(site.bytes).not.toEqual(movie.bytes)
  })

  it('answers 404 for an unknown title (kept nowhere) and 400 for a malformed address', async () => {
    const missing = await settled(`/api/og/${OG_EDITION}/movie/987654321.png`)
    expect(missing.status).toBe(404)
    expect(JSON.parse(new TextDecoder().decode(missing.bytes))).toEqual({ error: 'Title not found' })
    expect(await env.CACHE.get(`og:${OG_EDITION}:movie/987654321`)).toBeNull()
    for (const path of [`/api/og/${OG_EDITION}/person/1.png`, `/api/og/${OG_EDITION}/movie/abc.png`, `/api/og/${OG_EDITION}/movie/155.svg`, '/api/og/Bad!/movie/155.png']) {
      const res = await exports.default.fetch(`http://localhost${path}`)
      expect(res.status, path).toBe(400)
      expect(((await res.json()) as { error: string }).error, path).toBeTruthy()
    }
  })
})

/** A card's heading as it is set: each run a <text> of its own, runs on one baseline a line. */
function headingLines(svg: string): { size: number; lines: string[] } {
  const runs = [...svg.matchAll(/<text x="\d+" y="(\d+)" [^>]*font-size="(\d+)" fill="#fff" xml:space="preserve">([^<]*)<\/text>/g)].filter((m) => Number(m[2]) >= 76)
  const lines = new Map<string, string[]>()
  for (const [, y, , text] of runs) lines.set(y!, [...(lines.get(y!) ?? []), text!])
  return { size: Number(runs[0]?.[2] ?? 0), lines: [...lines.values()].map((words) => words.join(' ')) }
}

describe('the title card', () => {
  const art = { title: '', year: 1964, mediaType: 'movie' as const, genreIds: [35, 10752], language: 'en' }
  const setter = (title: string) => typesetterFor(env.ASSETS, [title], 'en')

  it('fits a long title in at most three lines, each inside the text column', async () => {
    const title = 'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb'
    const svg = await titleCardSvg({ ...art, title }, { title, rating: 8.4, year: 1964, length: '1h 35m', genres: ['Comedy', 'War'] }, 'Reelhouse', await setter(title))
    const { size, lines } = headingLines(svg)
    expect(lines.length).toBeGreaterThanOrEqual(2)
    expect(lines.length).toBeLessThanOrEqual(3)
    expect(lines.join(' ')).toBe(title)
    const widths = await textWidths(lines, size, 700)
    for (const width of widths) expect(width).toBeLessThanOrEqual(1240)
    expect(svg).toContain('★ 8.4')
    expect(svg).toContain('1964  ·  1h 35m  ·  Comedy, War')
  })

  it('cuts a title too long for three lines with an ellipsis, and prints no star for an unrated title', async () => {
    const title = Array.from({ length: 30 }, (_, i) => `Word${i}`).join(' ')
    const svg = await titleCardSvg({ ...art, title }, { title, rating: null, year: null, length: null, genres: [] }, 'Reelhouse', await setter(title))
    const { lines } = headingLines(svg)
    expect(lines.length).toBeLessThanOrEqual(3)
    expect(lines.at(-1)).toMatch(/…$/)
    expect(svg).not.toContain('★')
    expect(svg).toContain(`width="${CARD.width}" height="${CARD.height}"`)
  })

  it('escapes the title', async () => {
    const title = '<b>Tom & Jerry</b>'
    const svg = await titleCardSvg({ ...art, title }, { title, rating: 7, year: 1990, length: null, genres: [] }, 'R&R', await setter(title))
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('&#60;b&#62;Tom &#38; Jerry&#60;/b&#62;</title>')
    expect(headingLines(svg).lines.join(' ')).toBe('&#60;b&#62;Tom &#38; Jerry&#60;/b&#62;')
    expect(svg).toContain('R&#38;R')
  })
})

describe('social tags point at raster cards', () => {
  it('share and title pages carry the title’s PNG card with its type, size and alt text', async () => {
    for (const path of ['/share/movie/155', '/movie/155']) {
      const html = new TextDecoder().decode((await settled(path, env, 'text/html')).bytes)
      const image = headTag(html, 'og:image')!
      expect(pathOf(image), path).toBe(`/api/og/${OG_EDITION}/movie/155.png`)
      expect(headTag(html, 'og:image:type'), path).toBe('image/png')
      expect(headTag(html, 'og:image:width'), path).toBe('1920')
      expect(headTag(html, 'og:image:height'), path).toBe('1080')
      expect(headTag(html, 'og:image:alt'), path).toContain('The Dark Knight')
      expect(headTag(html, 'twitter:image'), path).toBe(image)
      expect(headTag(html, 'twitter:card'), path).toBe('summary_large_image')
    }
    const tv = new TextDecoder().decode((await settled('/share/tv/1399', env, 'text/html')).bytes)
    expect(pathOf(headTag(tv, 'og:image')!)).toBe(`/api/og/${OG_EDITION}/tv/1399.png`)
  })

  it('home, the list pages and a genre page carry the site’s card', async () => {
    for (const path of ['/', '/movies', '/tv-shows', '/kids', '/genres', '/genre/28', '/top-imdb']) {
      const html = new TextDecoder().decode((await settled(path, env, 'text/html')).bytes)
      expect(pathOf(headTag(html, 'og:image') ?? 'http://x/none'), path).toBe(`/api/og/${OG_EDITION}/site.png`)
      expect(headTag(html, 'og:image:type'), path).toBe('image/png')
      expect(headTag(html, 'og:type'), path).toBe('website')
      expect(headTag(html, 'og:url'), path).toBe(`http://localhost${path}`)
      expect(headTag(html, 'og:title'), path).toBeTruthy()
    }
  })

  it('with TMDB, a title with a backdrop shares the photograph at 1280 wide, one without shares the card', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      const id = Number(/\/movie\/(\d+)$/.exec(url.pathname)?.[1])
      if (url.hostname !== 'api.themoviedb.org' || !id) throw new Error(`unexpected fetch to ${url}`)
      const body = {
        id,
        title: `Film ${id}`,
        overview: 'About it',
        release_date: '2020-01-01',
        runtime: 100,
        genres: [{ id: 18, name: 'Drama' }],
        vote_average: 7,
        vote_count: 100,
        original_language: 'en',
        backdrop_path: id === 71001 ? '/wide.jpg' : null,
        poster_path: '/tall.jpg',
        credits: { cast: [], crew: [] },
        similar: { page: 1, results: [], total_pages: 1, total_results: 0 },
        videos: { results: [] },
      }
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    })
    const tmdb = { ...env, TMDB_API_KEY: 'test-key' }
    const withBackdrop = new TextDecoder().decode((await settled('/share/movie/71001', tmdb, 'text/html')).bytes)
    expect(headTag(withBackdrop, 'og:image')).toBe('https://image.tmdb.org/t/p/w1280/wide.jpg')
    expect(headTag(withBackdrop, 'og:image:type')).toBe('image/jpeg')
    expect(headTag(withBackdrop, 'og:image:width')).toBe('1280')
    expect(headTag(withBackdrop, 'og:image:height')).toBe('720')
    const without = new TextDecoder().decode((await settled('/share/movie/71002', tmdb, 'text/html')).bytes)
    expect(pathOf(headTag(without, 'og:image')!)).toBe(`/api/og/${OG_EDITION}/movie/71002.png`)
    const card = await settled(`/api/og/${OG_EDITION}/movie/71002.png`, tmdb)
    expect(card.status).toBe(200)
    expect(pngSize(card.bytes)).toEqual({ width: 1920, height: 1080 })
  })
})

describe('a list’s page, card and place in the sitemap', () => {
  it('gives a public list its title, description, languages and own card, and keeps a private one to its owner', async () => {
    const owner = await createUser()
    const made = await call('/api/me/lists', { cookie: owner.cookie, body: { name: 'Rainy Sunday <films>', description: 'Slow, warm and long.', is_public: true } })
    const { slug } = (await made.json<{ list: { slug: string } }>()).list
    await call(`/api/me/lists/${slug}/items`, { cookie: owner.cookie, body: { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null } })

    const page = await exports.default.fetch(`http://localhost/es/list/${slug}`, { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('private, no-cache')
    const html = await page.text()
    expect(html).toContain('<title>Rainy Sunday &lt;films&gt; | Reelhouse</title>')
    expect(headTag(html, 'og:description')).toBe('Slow, warm and long.')
    expect(headTag(html, 'og:url')).toBe(`http://localhost/es/list/${slug}`)
    expect(html).toContain(`hreflang="ja" href="http://localhost/ja/list/${slug}"`)
    const image = headTag(html, 'og:image')!.replaceAll('&#38;', '&')
    expect(pathOf(image)).toBe(`/api/og/${OG_EDITION}/list/${slug}.png`)
    expect(new URL(image).searchParams.get('lang')).toBe('es')

    const card = await settled(new URL(image).pathname + new URL(image).search)
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/png')
    expect(pngSize(card.bytes)).toEqual({ width: 1920, height: 1080 })

    const sitemap = await exports.default.fetch('http://lists.example/sitemap.xml')
    expect(await sitemap.text()).toContain(`<loc>http://lists.example/list/${slug}</loc>`)

    // Made private: the page, the card and the API are the owner's alone.
    await call(`/api/me/lists/${slug}`, { method: 'PATCH', cookie: owner.cookie, body: { is_public: false } })
    const hidden = await exports.default.fetch(`http://localhost/es/list/${slug}`, { headers: { Accept: 'text/html' } })
    expect(hidden.status).toBe(404)
    expect(await hidden.text()).not.toContain('Rainy Sunday')
    expect((await settled(new URL(image).pathname)).status).toBe(404)
    const ownView = await exports.default.fetch(`http://localhost/es/list/${slug}`, { headers: { Accept: 'text/html', Cookie: owner.cookie } })
    expect(ownView.status).toBe(200)
    const ownHtml = await ownView.text()
    expect(ownHtml).toContain('<meta name="robots" content="noindex">')
    expect(ownHtml).not.toContain('Rainy Sunday')
    const stranger = await createUser()
    const theirs = await exports.default.fetch(`http://localhost/list/${slug}`, { headers: { Accept: 'text/html', Cookie: stranger.cookie } })
    expect(theirs.status).toBe(404)
  })

  it('keeps a list’s card 5 minutes in shared caches, makes a new one when its owner is renamed, and renders one list’s at most so often', async () => {
    const owner = await createUser()
    const made = await call('/api/me/lists', { cookie: owner.cookie, body: { name: 'Short-lived', is_public: true } })
    const { slug } = (await made.json<{ list: { slug: string } }>()).list
    await call(`/api/me/lists/${slug}/items`, { cookie: owner.cookie, body: { content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null } })
    const address = async () => {
      const html = await (await exports.default.fetch(`http://localhost/list/${slug}`, { headers: { Accept: 'text/html' } })).text()
      const image = new URL(headTag(html, 'og:image')!.replaceAll('&#38;', '&'))
      return image.pathname + image.search
    }
    const before = await address()
    const card = await settled(before)
    expect(card.status).toBe(200)
    expect(card.headers.get('cache-control')).toBe(`public, max-age=${LIST_CARD_SECONDS}`)

    expect((await call('/api/me/profile', { method: 'PATCH', cookie: owner.cookie, body: { username: `${owner.username}_2`.slice(0, 30) } })).status).toBe(200)
    const after = await address()
    expect(after).not.toBe(before)

    // a card not rendered yet, past the list's renders for the hour
    await env.DB.prepare('insert or replace into rate_limits (key, count, reset_at) values (?, ?, ?)').bind(listCardRenders(slug), LIST_CARD_RENDERS, Math.floor(Date.now() / 1000) + 3600).run()
    const refused = await settled(after)
    expect(refused.status).toBe(429)
  })

  it('draws a list’s card from its name and first titles', async () => {
    const facts = { name: 'Rainy Sunday', line: '3 titles · a list by mara' }
    const svg = await listCardSvg([{ title: 'The Dark Knight', year: 2008, mediaType: 'movie', genreIds: [28, 80], language: 'en' }], facts, 'Reelhouse', await typesetterFor(env.ASSETS, [facts.name, facts.line], 'en'))
    expect(svg).toContain('<title>Rainy Sunday</title>')
    expect(headingLines(svg).lines.join(' ')).toBe('Rainy Sunday')
    const line = [...svg.matchAll(/font-size="50" fill="#e5e5e5" xml:space="preserve">([^<]*)<\/text>/g)].map((m) => m[1])
    expect(line).toEqual(['3', 'titles', '·', 'a', 'list', 'by', 'mara'])
    // One poster, centred where the site card's middle one stands.
    expect(svg.match(/<g transform="rotate\(/g)).toHaveLength(1)
    expect(svg).toContain('rotate(0 1500 750)')
  })
})

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { describe as description } from '../seo/meta'
import app from '../index'
import { loadCatalog } from './catalog-data'
import { call, createUser } from './helpers/accounts'
import { countFlights, countKv } from './helpers/bindings'
import { countD1 } from './helpers/d1-counter'

beforeAll(async () => {
  await loadCatalog()
})

function headTag(html: string, property: string): string | undefined {
  const match = html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))
  return match?.[1]
}

describe('GET /share/:type/:id', () => {
  it('serves the title’s social tags and sends people on to the title page', async () => {
    const res = await exports.default.fetch('http://localhost/share/movie/238')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/text\/html/)
    const html = await res.text()
    const details = await (await exports.default.fetch('http://localhost/api/catalog/movie/238')).json<{ title: string; overview: string }>()
    expect(headTag(html, 'og:title')).toBe(details.title)
    expect(headTag(html, 'og:description')).toBe(description(details.overview, ''))
    expect([...headTag(html, 'og:description')!].length).toBeLessThanOrEqual(150)
    expect(headTag(html, 'og:url')).toBe('http://localhost/movie/238')
    expect(headTag(html, 'og:image:width')).toBe('1920')
    expect(headTag(html, 'og:image:height')).toBe('1080')
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/movie/238">')
  })

  it('names the episode a share link carries and sends people on to that episode', async () => {
    const season = await (await exports.default.fetch('http://localhost/api/catalog/tv/1399/season/2')).json<{ episodes: { episode_number: number; name: string }[] }>()
    const third = season.episodes.find((e) => e.episode_number === 3)!
    const res = await exports.default.fetch('http://localhost/share/tv/1399?season=2&episode=3')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(headTag(html, 'og:title')).toBe(`Game of Thrones S2 E3: ${third.name}`.replace(/'/g, '&#39;'))
    expect(headTag(html, 'og:url')).toBe('http://localhost/tv/1399?season=2&#38;episode=3')
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/tv/1399?season=2&#38;episode=3">')
    const json = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!) as Record<string, unknown>
    expect(json).toMatchObject({ '@type': 'TVEpisode', episodeNumber: 3, partOfSeason: { seasonNumber: 2 }, partOfSeries: { name: 'Game of Thrones' } })
    // schema.org's image is the image's address
    expect(json.image).toBe(headTag(html, 'og:image'))

    // An episode the show does not have, or a malformed one, shares the show.
    for (const query of ['?season=2&episode=999', '?season=x&episode=3', '?season=2']) {
      const other = await exports.default.fetch(`http://localhost/share/tv/1399${query}`)
      expect(other.status).toBe(200)
      const page = await other.text()
      expect(headTag(page, 'og:title')).toBe('Game of Thrones')
      expect(page).toContain('<meta http-equiv="refresh" content="0; url=/tv/1399">')
    }
  })

  it('carries schema.org data with a rating out of 10 and at most 5 actors', async () => {
    const html = await (await exports.default.fetch('http://localhost/share/tv/1399')).text()
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1]
    expect(json).toBeDefined()
    const data = JSON.parse(json!) as { '@type': string; name: string; actor: unknown[]; aggregateRating?: { bestRating: number; ratingValue: number } }
    expect(data['@type']).toBe('TVSeries')
    expect(data.name).toBe('Game of Thrones')
    expect(data.actor.length).toBeLessThanOrEqual(5)
    if (data.aggregateRating) {
      expect(data.aggregateRating.bestRating).toBe(10)
      expect(data.aggregateRating.ratingValue).toBeLessThanOrEqual(10)
    }
  })

  it('escapes titles so markup in catalogue text cannot break out of the tags', async () => {
    await env.CATALOG.prepare(
      "INSERT INTO catalog_movies (id, title, original_title, overview, release_date, vote_average, vote_count, popularity, original_language, adult) VALUES (990001, '\"><script>alert(1)</script>', 'x', 'An <b>overview</b>', '2001-01-01', 5, 10, 1, 'en', 0)",
    ).run()
    const html = await (await exports.default.fetch('http://localhost/share/movie/990001')).text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&#34;&#62;&#60;script&#62;')
  })

  it('redirects an unknown title to the app page, which shows its not-found state', async () => {
    const res = await exports.default.fetch('http://localhost/share/movie/987654321', { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/movie/987654321')
  })

  it('answers a malformed share link with the site’s not-found page and a 404, never JSON', async () => {
    for (const path of ['/share/person/12', '/share/foo/1', '/share/movie/abc', '/share/movie/0']) {
      const res = await exports.default.fetch(`http://localhost${path}`, { headers: { Accept: 'text/html' } })
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      const html = await res.text()
      expect(html, path).toContain('<div id="root"></div>')
      expect(html, path).not.toContain('"error"')
    }
  })
})

describe('GET /sitemap.xml', () => {
  it('lists static pages, genres and catalogue titles, each once', async () => {
    const res = await exports.default.fetch('http://localhost/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/application\/xml/)
    const xml = await res.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toContain('http://localhost/')
    expect(locs).toContain('http://localhost/genre/28')
    expect(locs).toContain('http://localhost/faq')
    expect(locs.some((l) => /\/movie\/\d+$/.test(l!))).toBe(true)
    expect(locs.some((l) => /\/tv\/\d+$/.test(l!))).toBe(true)
    expect(new Set(locs).size).toBe(locs.length)
  })
})

describe('GET /sitemap.xml, kept and made again', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const origin = (name: string) => `http://${name}.example`
  async function sitemap(at: string, bindings: Cloudflare.Env = env): Promise<string> {
    const ctx = createExecutionContext()
    const res = await app.fetch(new Request(`${at}/sitemap.xml`), bindings, ctx)
    expect(res.status).toBe(200)
    const text = await res.text()
    await waitOnExecutionContext(ctx)
    return text
  }
  const later = (minutes: number) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + minutes * 60_000)
  }

  it('drops a list made private within minutes, even when nobody asked for the sitemap meanwhile', async () => {
    const owner = await createUser()
    const made = await call('/api/me/lists', { cookie: owner.cookie, body: { name: 'Seen at sea', is_public: true } })
    const { slug } = (await made.json<{ list: { slug: string } }>()).list
    const at = origin('private-later')
    const listed = `<loc>${at}/list/${slug}</loc>`
    expect(await sitemap(at)).toContain(listed)
    expect((await call(`/api/me/lists/${slug}`, { method: 'PATCH', cookie: owner.cookie, body: { is_public: false } })).status).toBe(200)

    // Fresh for five minutes; then served once more while it is made again, without the list.
    expect(await sitemap(at)).toContain(listed)
    later(6)
    expect(await sitemap(at)).toContain(listed)
    expect(await sitemap(at)).not.toContain(listed)

    // Asked for again only after a long quiet: made again before it is served.
    expect((await call(`/api/me/lists/${slug}`, { method: 'PATCH', cookie: owner.cookie, body: { is_public: true } })).status).toBe(200)
    later(16)
    expect(await sitemap(at)).toContain(listed)
  }, 30_000) // five sitemaps of 5 MB each: past the 5 s default on a busy 2-core machine

  it('is made by one worker while N requests at once are served the one they found', async () => {
    const at = origin('many-at-once')
    const first = await sitemap(at)
    later(6)
    const accounts = countD1(env.DB)
    const kv = countKv(env.CACHE)
    const flights = countFlights(env.SINGLE_FLIGHT)
    const bindings = { ...env, DB: accounts.db, CACHE: kv.kv, SINGLE_FLIGHT: flights.flights }
    const answers = await Promise.all(Array.from({ length: 6 }, () => sitemap(at, bindings)))
    expect(answers).toEqual(Array(6).fill(first))
    expect(flights.claims('granted')).toBe(1)
    expect(flights.claims('busy')).toBe(5)
    expect(accounts.queries()).toBe(1)
    expect(kv.writes.filter((key) => key.includes('sitemap'))).toHaveLength(1)
  }, 30_000)
})

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the API and points at the sitemap', async () => {
    const text = await (await exports.default.fetch('http://localhost/robots.txt')).text()
    expect(text).toContain('Disallow: /api/')
    expect(text).toContain('Disallow: /admin/')
    // /profile shows a signed-out visitor the way in; blocking it would only hide a real page.
    expect(text).not.toContain('Disallow: /profile')
    expect(text).toContain('Sitemap: http://localhost/sitemap.xml')
  })
})

describe('a share description', () => {
  const overview =
    'Adapted from a book or short story by a writer nobody remembers, this film follows two sisters across a winter of strikes, floods and one stubborn lighthouse keeper who will not leave.'

  it('is cut at a word boundary within 150 characters, with an ellipsis, never mid-word', () => {
    const cut = description(overview, '')
    expect([...cut].length).toBeLessThanOrEqual(150)
    expect(cut.endsWith('…')).toBe(true)
    const kept = cut.slice(0, -1)
    expect(overview.startsWith(kept)).toBe(true)
    // The next character of the overview is not a letter: the last word was kept whole.
    expect(overview.charAt(kept.length)).toMatch(/[\s,.]/)
    expect(kept.length).toBeGreaterThan(130)
  })

  it('keeps a short overview whole, and cuts Japanese, which has no spaces, between words', () => {
    expect(description('A short one.', '')).toBe('A short one.')
    const japanese = '東京の小さな映画館で働く青年が、閉館の決まった劇場を守るために仲間と奔走する。'.repeat(5)
    const cut = description(japanese, '', 'ja')
    expect([...cut].length).toBeLessThanOrEqual(150)
    expect(cut.endsWith('…')).toBe(true)
    expect(japanese.startsWith(cut.slice(0, -1))).toBe(true)
  })
})

// The embedded catalogue's drawn artwork at the paths its answers carry: SVG, cached for a year,
// text escaped, 404 for unknown titles and 400 for malformed paths; drawn images are kept in the
// edge cache, 404s are not. The artwork itself: no lettering on posters and backdrops, a look per
// genre toned by the decade, well-formed XML whatever the title, one D1 query per image.
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { MovieDetails, TvDetails } from '../catalog/types'
import { ART_EDITION } from '../routes/images'
import { loadCatalog } from './catalog-data'
import { settledFetch, withoutD1 } from './helpers/settled'
import { elementsNamed, parseXml, textOf, type XmlElement } from './helpers/xml'

// Each test makes many real requests; on a busy 2-core machine that can pass the 5 s default.
vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  await loadCatalog()
})

async function image(path: string) {
  const res = await exports.default.fetch(`http://localhost/api/img${path}`)
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), text: await res.text() }
}

describe('GET /api/img/:size/...', () => {
  it('draws every kind of image a catalogue answer points at', async () => {
    const movie = (await (await exports.default.fetch('http://localhost/api/catalog/movie/550')).json()) as MovieDetails
    const tv = (await (await exports.default.fetch('http://localhost/api/catalog/tv/1396')).json()) as TvDetails
    const season = (await (await exports.default.fetch('http://localhost/api/catalog/tv/1396/season/1')).json()) as { episodes: { still_path: string }[] }
    const paths = [
      `/w500${movie.poster_path}`,
      `/original${movie.backdrop_path}`,
      `/w500${tv.poster_path}`,
      `/w200${tv.credits.cast[0]!.profile_path}`,
      `/w300${season.episodes[0]!.still_path}`,
      `/w500${tv.seasons[0]!.poster_path}`,
    ]
    for (const path of paths) {
      const res = await image(path)
      expect(res.status, path).toBe(200)
      expect(res.type).toContain('image/svg+xml')
      expect(res.cache).toBe('public, max-age=31536000, immutable')
      expect(res.text.startsWith('<svg')).toBe(true)
      expect(res.text.length).toBeLessThan(4000)
    }
    expect((await image(`/w500${movie.poster_path}`)).text).toContain('Fight Club')
    expect((await image(`/w200${tv.credits.cast[0]!.profile_path}`)).text).toContain('Bryan Cranston')
    expect((await image('/w300/still/1396/1/1.svg')).text).toContain('S1 · E1')
  })

  it('is deterministic and sized by the width asked for', async () => {
    const a = await image('/w500/poster/movie/550.svg')
    const b = await image('/w500/poster/movie/550.svg')
    expect(a.text).toBe(b.text)
    expect(a.text).toContain('width="500"')
    expect((await image('/w200/poster/movie/550.svg')).text).toContain('width="200"')
    expect((await image('/w500/poster/movie/238.svg')).text).not.toBe(a.text)
  })

  it('escapes title text', async () => {
    await env.CATALOG.prepare("INSERT INTO catalog_movies (id, title, original_title) VALUES (3, '<script>alert(\"x\")</script> & Co', 'x')").run()
    const res = await image('/w500/poster/movie/3.svg')
    expect(res.status).toBe(200)
    expect(res.text).not.toContain('<script>')
    expect(res.text).toContain('&lt;script&gt;')
    expect(res.text).toContain('&amp;')
  })

  it('hands out addresses under the current edition, and still answers addresses without one or of another', async () => {
    const config = (await (await exports.default.fetch('http://localhost/api/config')).json()) as { imageBase: string }
    expect(config.imageBase).toBe(`/api/img/${ART_EDITION}`)
    const current = await exports.default.fetch(`http://localhost${config.imageBase}/w500/poster/movie/550.svg`)
    expect(current.status).toBe(200)
    const text = await current.text()
    expect(text).toBe((await image('/w500/poster/movie/550.svg')).text)
    expect((await image('/a1/w500/poster/movie/550.svg')).text).toBe(text)
    expect((await image('/b2/w500/poster/movie/550.svg')).status).toBe(404)
  })

  it('404 for unknown titles and episodes, 400 for malformed paths', async () => {
    for (const path of ['/w500/poster/movie/123456789.svg', '/w300/still/1396/1/99.svg', '/w200/profile/1.svg', '/w500/poster/season/1396/9.svg']) {
      expect((await image(path)).status, path).toBe(404)
    }
    for (const path of ['/w999/poster/movie/550.svg', '/w500/poster/person/550.svg', '/w500/poster/movie/550.png', '/w500/poster/movie/abc.svg']) {
      expect((await image(path)).status, path).toBe(400)
    }
  })
})

function settledImage(path: string, bindings?: Cloudflare.Env) {
  return settledFetch(`/api/img${path}`, bindings)
}

async function insertMovie(id: number, title: string) {
  await env.CATALOG.prepare("INSERT INTO catalog_movies (id, title, original_title, release_date) VALUES (?, ?, ?, '1999-10-15')").bind(id, title, title).run()
}

describe('the edge cache in front of the drawn images', () => {
  it('answers a repeat request from the cache, without D1 and whatever the query string', async () => {
    await insertMovie(41, 'Keepsake')
    const first = await settledImage('/w500/poster/movie/41.svg')
    expect(first.status).toBe(200)
    expect(first.text).toContain('Keepsake')

    await env.CATALOG.prepare("UPDATE catalog_movies SET title = 'Renamed' WHERE id = 41").run()
    const again = await settledImage('/w500/poster/movie/41.svg')
    expect(again.status).toBe(200)
    expect(again.text).toBe(first.text)
    // The row did change: an image not drawn before shows the new title.
    expect((await settledImage('/w500/backdrop/movie/41.svg')).text).toContain('Renamed')

    await env.CATALOG.prepare('DELETE FROM catalog_movies WHERE id = 41').run()
    const withoutDb = await settledImage('/w500/poster/movie/41.svg?utm_source=share', withoutD1())
    expect(withoutDb.status).toBe(200)
    expect(withoutDb.text).toBe(first.text)
    expect(withoutDb.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(withoutDb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(withoutDb.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(withoutDb.headers.get('x-content-type-options')).toBe('nosniff')
    expect(withoutDb.headers.get('x-request-id')).toBeTruthy()
  })

  it('keeps one copy per path: the query string is not part of the key', async () => {
    await insertMovie(42, 'Onecopy')
    expect((await settledImage('/w300/poster/movie/42.svg?v=1')).status).toBe(200)
    expect(await caches.default.match('http://localhost/api/img/w300/poster/movie/42.svg')).toBeDefined()
    expect(await caches.default.match('http://localhost/api/img/w300/poster/movie/42.svg?v=1')).toBeUndefined()
  })

  it('does not keep a 404, so a title added later is drawn', async () => {
    const missing = await settledImage('/w500/poster/movie/43.svg')
    expect(missing.status).toBe(404)
    expect(await caches.default.match('http://localhost/api/img/w500/poster/movie/43.svg')).toBeUndefined()

    await insertMovie(43, 'Latecomer')
    const found = await settledImage('/w500/poster/movie/43.svg')
    expect(found.status).toBe(200)
    expect(found.text).toContain('Latecomer')
  })

  it('does not keep a malformed path either', async () => {
    expect((await settledImage('/w999/poster/movie/550.svg')).status).toBe(400)
    expect(await caches.default.match('http://localhost/api/img/w999/poster/movie/550.svg')).toBeUndefined()
  })
})

/** A film or series of this file's own, with its genres in the order given. */
async function insertTitle(type: 'movie' | 'tv', id: number, title: string, date: string, genres: number[], language = 'en') {
  const statements =
    type === 'movie'
      ? [env.CATALOG.prepare('INSERT INTO catalog_movies (id, title, original_title, release_date, original_language) VALUES (?, ?, ?, ?, ?)').bind(id, title, title, date, language)]
      : [env.CATALOG.prepare('INSERT INTO catalog_tv_series (id, name, original_name, first_air_date, original_language) VALUES (?, ?, ?, ?, ?)').bind(id, title, title, date, language)]
  genres.forEach((genre, position) => {
    statements.push(
      type === 'movie'
        ? env.CATALOG.prepare('INSERT INTO catalog_movie_genres (movie_id, genre_id, position) VALUES (?, ?, ?)').bind(id, genre, position)
        : env.CATALOG.prepare('INSERT INTO catalog_tv_genres (tv_id, genre_id, position) VALUES (?, ?, ?)').bind(id, genre, position),
    )
  })
  await env.CATALOG.batch(statements)
}

async function drawn(path: string): Promise<XmlElement> {
  const res = await image(path)
  expect(res.status, path).toBe(200)
  return parseXml(res.text)
}

const lettering = (svg: XmlElement) => elementsNamed(svg, 'text').map(textOf)
const accessibleName = (svg: XmlElement) => elementsNamed(svg, 'title').map(textOf)

describe('the drawn artwork', () => {
  it('puts no lettering on posters and backdrops: the title is only their accessible name', async () => {
    await insertTitle('movie', 700001, 'Unmistakable Lettering', '2011-05-01', [18])
    for (const [type, id, title] of [
      ['movie', 550, 'Fight Club'],
      ['tv', 1396, 'Breaking Bad'],
      ['movie', 700001, 'Unmistakable Lettering'],
    ] as const) {
      for (const path of [`/w500/poster/${type}/${id}.svg`, `/original/backdrop/${type}/${id}.svg`]) {
        const svg = await drawn(path)
        expect(lettering(svg), path).toEqual([])
        expect(accessibleName(svg), path).toEqual([title])
      }
    }
    // Season posters and episode stills keep a small label of their own, never the show's name.
    expect(lettering(await drawn('/w500/poster/season/1396/1.svg'))).toEqual(['Season 1'])
    expect(lettering(await drawn('/w300/still/1396/1/3.svg'))).toEqual(['S1 · E3'])
  })

  it('gives each kind of title its own look: a noir, an animated family film and a war epic do not look alike', async () => {
    const titles: [type: 'movie' | 'tv', id: number, genres: number[], date: string, language: string, style: string][] = [
      ['movie', 700101, [80, 18], '1948-06-01', 'en', 'noir'],
      ['movie', 700102, [16, 10751, 35], '2004-11-05', 'en', 'animation'],
      ['movie', 700103, [18, 10752, 36], '1998-07-24', 'en', 'war'],
      ['movie', 700104, [27, 53], '1980-05-23', 'en', 'horror'],
      ['movie', 700105, [878, 12], '1977-05-25', 'en', 'scifi'],
      ['movie', 700106, [10749, 18], '2004-06-25', 'en', 'romance'],
      ['movie', 700107, [35], '1993-02-12', 'en', 'comedy'],
      ['movie', 700108, [99], '2006-05-24', 'en', 'documentary'],
      ['movie', 700109, [37, 28], '1966-12-23', 'it', 'western'],
      ['movie', 700110, [10402, 10749], '1952-03-27', 'en', 'musical'],
      ['movie', 700111, [28, 80], '2008-07-16', 'en', 'action'],
      ['movie', 700112, [80, 53], '2010-02-19', 'en', 'thriller'],
      ['movie', 700113, [18, 36], '1993-12-15', 'en', 'period'],
      ['movie', 700114, [12, 14], '2001-12-19', 'en', 'adventure'],
      ['movie', 700115, [14, 18], '2006-10-11', 'en', 'fantasy'],
      ['movie', 700116, [18], '1994-09-23', 'en', 'drama'],
      ['tv', 700117, [16, 10759, 10765], '2013-04-07', 'ja', 'anime'],
      ['tv', 700118, [18, 35], '2019-12-14', 'ko', 'kdrama'],
    ]
    for (const [type, id, genres, date, language] of titles) await insertTitle(type, id, `Shelf ${id}`, date, genres, language)
    const looks: Record<string, string> = {}
    const bodies = new Set<string>()
    for (const [type, id, , , , style] of titles) {
      const res = await image(`/w500/poster/${type}/${id}.svg`)
      const svg = parseXml(res.text)
      looks[style] = svg.attrs['data-style'] ?? ''
      bodies.add(res.text.replace(/<title>.*<\/title>/, ''))
      // The backdrop belongs with its poster.
      expect(parseXml((await image(`/original/backdrop/${type}/${id}.svg`)).text).attrs['data-style']).toBe(svg.attrs['data-style'])
    }
    expect(looks).toEqual(Object.fromEntries(titles.map(([, , , , , style]) => [style, style])))
    expect(bodies.size).toBe(titles.length)
  })

  it('tones the palette by decade: sepia for a silent film, neon for the eighties', async () => {
    const eras: [id: number, date: string, era: string][] = [
      [700201, '1925-03-01', 'silent'],
      [700202, '1953-03-01', 'golden'],
      [700203, '1974-03-01', 'retro'],
      [700204, '1985-03-01', 'neon'],
      [700205, '2015-03-01', 'modern'],
    ]
    // One title for every decade: only the year differs.
    for (const [id, date] of eras) await insertTitle('movie', id, 'Same Story', date, [18])
    const stops = new Map<string, string[]>()
    for (const [id, , era] of eras) {
      const svg = await drawn(`/w500/backdrop/movie/${id}.svg`)
      expect(svg.attrs['data-era']).toBe(era)
      stops.set(era, elementsNamed(svg, 'stop').slice(0, 2).map((s) => s.attrs['stop-color'] ?? ''))
    }
    expect(new Set([...stops.values()].map((s) => s.join())).size).toBe(eras.length)
    for (const colour of stops.get('silent') ?? []) {
      const [hue, saturation] = hsl(colour)
      expect(hue, colour).toBeGreaterThan(25)
      expect(hue, colour).toBeLessThan(50)
      expect(saturation, colour).toBeLessThan(0.25)
    }
    for (const colour of stops.get('neon') ?? []) expect(hsl(colour)[1], colour).toBeGreaterThan(0.6)
  })

  it('is the same picture every time, and each title its own', async () => {
    await insertTitle('movie', 700301, 'First Of Two', '2009-01-01', [28])
    await insertTitle('movie', 700302, 'Second Of Two', '2009-01-01', [28])
    const a = await image('/w500/poster/movie/700301.svg')
    expect((await image('/w500/poster/movie/700301.svg')).text).toBe(a.text)
    const b = await image('/w500/poster/movie/700302.svg')
    expect(parseXml(b.text).attrs['data-style']).toBe(parseXml(a.text).attrs['data-style'])
    expect(b.text.replace(/<title>.*<\/title>/, '')).not.toBe(a.text.replace(/<title>.*<\/title>/, ''))
  })

  it('stays well-formed XML whatever the title says', async () => {
    const nasty = `<b>"Tom" & 'Jerry'</b></svg><text>&amp;</text> ]]> <!-- x`
    await insertTitle('movie', 700401, nasty, '1950-01-01', [80])
    await insertTitle('tv', 700402, nasty, '2020-01-01', [16], 'ja')
    await env.CATALOG.prepare("INSERT INTO catalog_seasons (id, tv_id, season_number, name, episode_count) VALUES (700403, 700402, 1, 'Book <One> & \"Two\"', 4)").run()
    for (const path of ['/w500/poster/movie/700401.svg', '/original/backdrop/movie/700401.svg', '/w200/poster/tv/700402.svg', '/w300/backdrop/tv/700402.svg']) {
      const svg = await drawn(path)
      expect(accessibleName(svg), path).toEqual([nasty])
      expect(lettering(svg), path).toEqual([])
    }
    expect(lettering(await drawn('/w500/poster/season/700402/1.svg'))).toEqual(['Book <One> & "Two"'])
    expect(lettering(await drawn('/w300/still/700402/1/4.svg'))).toEqual(['S1 · E4'])
  })

  it('reads D1 once per image', async () => {
    await insertTitle('tv', 700501, 'Counted Show', '2016-01-01', [18, 9648])
    await env.CATALOG.prepare("INSERT INTO catalog_seasons (id, tv_id, season_number, name, episode_count) VALUES (700502, 700501, 1, 'Season 1', 8)").run()
    let prepared = 0
    const counting = new Proxy(env.CATALOG, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown
        if (property === 'prepare') prepared += 1
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    for (const path of ['/w300/poster/movie/550.svg', '/w500/poster/tv/700501.svg', '/original/backdrop/tv/700501.svg', '/w500/poster/season/700501/1.svg', '/w300/still/700501/1/2.svg']) {
      prepared = 0
      expect((await settledImage(path, { ...env, CATALOG: counting })).status, path).toBe(200)
      expect(prepared, path).toBe(1)
    }
  })
})

/** `#rrggbb` as [hue in degrees, saturation 0..1]. */
function hsl(colour: string): [number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const light = (max + min) / 2
  const delta = max - min
  if (delta === 0) return [0, 0]
  const saturation = delta / (1 - Math.abs(2 * light - 1))
  const hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4
  return [(hue * 60 + 360) % 360, saturation]
}

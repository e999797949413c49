// The embedded catalogue's drawn artwork at the paths its answers carry: SVG, cached for a year,
// text escaped, 404 for unknown titles and 400 for malformed paths; drawn images are kept in the
// edge cache, 404s are not.
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { MovieDetails, TvDetails } from '../catalog/types'
import { loadCatalog } from './catalog-data'
import { settledFetch, withoutD1 } from './helpers/settled'

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
    await env.DB.prepare("INSERT INTO catalog_movies (id, title, original_title) VALUES (3, '<script>alert(\"x\")</script> & Co', 'x')").run()
    const res = await image('/w500/poster/movie/3.svg')
    expect(res.status).toBe(200)
    expect(res.text).not.toContain('<script>')
    expect(res.text).toContain('&lt;script&gt;')
    expect(res.text).toContain('&amp;')
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
  await env.DB.prepare("INSERT INTO catalog_movies (id, title, original_title, release_date) VALUES (?, ?, ?, '1999-10-15')").bind(id, title, title).run()
}

describe('the edge cache in front of the drawn images', () => {
  it('answers a repeat request from the cache, without D1 and whatever the query string', async () => {
    await insertMovie(41, 'Keepsake')
    const first = await settledImage('/w500/poster/movie/41.svg')
    expect(first.status).toBe(200)
    expect(first.text).toContain('Keepsake')

    await env.DB.prepare("UPDATE catalog_movies SET title = 'Renamed' WHERE id = 41").run()
    const again = await settledImage('/w500/poster/movie/41.svg')
    expect(again.status).toBe(200)
    expect(again.text).toBe(first.text)
    // The row did change: an image not drawn before shows the new title.
    expect((await settledImage('/w500/backdrop/movie/41.svg')).text).toContain('Renamed')

    await env.DB.prepare('DELETE FROM catalog_movies WHERE id = 41').run()
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

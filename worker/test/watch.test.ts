// Where to watch, through the real worker: the embedded catalogue's series services and networks,
// films without data, the visitor's country from the edge or a region asked for, and TMDB's watch
// providers (faked at the network boundary) picked per region from one call kept in KV.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WatchOptions } from '../catalog/types'
import app from '../index'
import { loadCatalog } from './catalog-data'

beforeAll(async () => {
  await loadCatalog()
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function watch(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}, bindings: Cloudflare.Env = env) {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`http://localhost/api/catalog${path}`, init as RequestInit), bindings, ctx)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as WatchOptions & { error?: string } }
}

describe('GET /api/catalog/:type/:id/watch with the embedded catalogue', () => {
  it('lists a series’ streaming services and the networks it was made for', async () => {
    const { status, body } = await watch('/tv/1396/watch?region=DE')
    expect(status).toBe(200)
    expect(body.source).toBe('catalogue')
    expect(body.region).toBe('DE')
    expect(body.stream.map((p) => p.name)).toEqual(['Netflix'])
    expect(body.networks.map((p) => p.name)).toEqual(['AMC'])
    expect(body.link).toBeNull()
  })

  it('says nothing for a film, and 404 for an unknown title', async () => {
    const film = await watch('/movie/155/watch')
    expect(film.status).toBe(200)
    expect([...film.body.stream, ...film.body.rent, ...film.body.buy, ...film.body.networks]).toEqual([])
    expect((await watch('/movie/987654321/watch')).status).toBe(404)
    expect((await watch('/tv/987654321/watch')).status).toBe(404)
  })

  it('takes the visitor’s country from the edge unless a region is asked for, and keeps such answers private', async () => {
    const fromEdge = await watch('/tv/1396/watch', { cf: { country: 'FR' } })
    expect(fromEdge.body.region).toBe('FR')
    expect(fromEdge.headers.get('cache-control')).toMatch(/^private/)
    const fallback = await watch('/tv/1396/watch')
    expect(fallback.body.region).toBe('US')
    const asked = await watch('/tv/1396/watch?region=jp', { cf: { country: 'FR' } })
    expect(asked.body.region).toBe('JP')
    expect(asked.headers.get('cache-control')).toMatch(/^public/)
  })

  it('answers 400 for a malformed region or address', async () => {
    for (const path of ['/tv/1396/watch?region=GBR', '/tv/1396/watch?region=1', '/tv/1396/watch?country=GB', '/person/1/watch', '/tv/abc/watch']) {
      const res = await exports.default.fetch(`http://localhost/api/catalog${path}`)
      expect(res.status, path).toBe(400)
      expect(((await res.json()) as { error: string }).error, path).toBeTruthy()
    }
  })
})

describe('GET /api/catalog/:type/:id/watch with TMDB', () => {
  it('picks the region from TMDB’s watch providers, ordered by TMDB’s priority, one call for every region', async () => {
    const calls: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      calls.push(url.pathname)
      if (url.pathname === '/3/movie/424242/watch/providers') {
        return Response.json({
          id: 424242,
          results: {
            GB: {
              link: 'https://www.themoviedb.org/movie/424242/watch?locale=GB',
              flatrate: [
                { provider_id: 9, provider_name: 'Amazon Prime Video', logo_path: '/prime.jpg', display_priority: 5 },
                { provider_id: 8, provider_name: 'Netflix', logo_path: '/netflix.jpg', display_priority: 1 },
              ],
              rent: [{ provider_id: 2, provider_name: 'Apple TV', logo_path: '/apple.jpg', display_priority: 3 }],
              buy: [{ provider_id: 2, provider_name: 'Apple TV', logo_path: '/apple.jpg', display_priority: 3 }],
            },
            US: { link: 'https://www.themoviedb.org/movie/424242/watch?locale=US', ads: [{ provider_id: 73, provider_name: 'Tubi TV', logo_path: '/tubi.jpg', display_priority: 1 }] },
          },
        })
      }
      if (url.pathname === '/3/movie/404404/watch/providers') return Response.json({ success: false, status_message: 'Not found' }, { status: 404 })
      throw new Error(`unexpected fetch to ${url}`)
    })
    const tmdb = { ...env, TMDB_API_KEY: 'test-key' }
    const gb = await watch('/movie/424242/watch?region=GB', {}, tmdb)
    expect(gb.status).toBe(200)
    expect(gb.body).toMatchObject({ source: 'tmdb', region: 'GB', link: 'https://www.themoviedb.org/movie/424242/watch?locale=GB' })
    expect(gb.body.stream.map((p) => p.name)).toEqual(['Netflix', 'Amazon Prime Video'])
    expect(gb.body.stream[0]).toEqual({ provider_id: 8, name: 'Netflix', logo_path: '/netflix.jpg', service: 8 })
    expect(gb.body.rent[0]!.service).toBeNull()
    expect(gb.body.rent.map((p) => p.name)).toEqual(['Apple TV'])
    const us = await watch('/movie/424242/watch?region=US', {}, tmdb)
    expect(us.body.ads.map((p) => p.name)).toEqual(['Tubi TV'])
    expect(us.body.stream).toEqual([])
    const none = await watch('/movie/424242/watch?region=KE', {}, tmdb)
    expect(none.status).toBe(200)
    expect([...none.body.stream, ...none.body.ads, ...none.body.rent, ...none.body.buy]).toEqual([])
    expect(calls.filter((p) => p === '/3/movie/424242/watch/providers')).toHaveLength(1)
    expect((await watch('/movie/404404/watch?region=GB', {}, tmdb)).status).toBe(404)
  })
})

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import app from '../index'
import type { Bindings } from '../env'
import { parsePlayerSources, parseTrailerEmbeds } from '../player/sources'
import { keepStreamCopies } from '../player/streams'
import { database } from '../accounts/db'

interface PlayerConfig {
  sources: { id: string; name: string; kind: string; template?: string }[]
  trailerEmbeds: Record<string, string>
  downloadUrl: string | null
  adUrl: string | null
}

/** The real app with a different deployment configuration, as wrangler.toml [vars] would give it. */
async function fetchWith(vars: Partial<Bindings>, path: string): Promise<Response> {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`http://localhost${path}`), { ...env, ...vars }, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('GET /api/player/config', () => {
  it('offers the built-in lawful sources and no download or ad links by default', async () => {
    const res = await exports.default.fetch('http://localhost/api/player/config')
    expect(res.status).toBe(200)
    const body = await res.json<PlayerConfig>()
    expect(body.sources.map((s) => [s.name, s.kind])).toEqual([
      ['Reelhouse Player', 'hls'],
      ['Trailer', 'trailer'],
    ])
    expect(body.trailerEmbeds).toEqual({})
    expect(body.downloadUrl).toBeNull()
    expect(body.adUrl).toBeNull()
  })

  it('passes the operator trailer embeds on, keyed by the site name in lower case', async () => {
    const embeds = { YouTube: 'https://videos.example/embed/{key}?rel=0', Vimeo: 'https://clips.example/video/{key}' }
    const res = await fetchWith({ TRAILER_EMBEDS: JSON.stringify(embeds) }, '/api/player/config')
    const body = await res.json<PlayerConfig>()
    expect(body.trailerEmbeds).toEqual({ youtube: embeds.YouTube, vimeo: embeds.Vimeo })
    // The built-in sources stay as they were: the embeds only decide how a trailer plays.
    expect(body.sources.map((s) => s.kind)).toEqual(['hls', 'trailer'])
  })

  it.each([
    ['not JSON', '{YouTube: nope'],
    ['a list instead of a map', '["https://videos.example/embed/{key}"]'],
    ['a template without {key}', '{"YouTube":"https://videos.example/embed/"}'],
    ['an http:// template', '{"YouTube":"http://videos.example/embed/{key}"}'],
    ['a javascript: template', '{"YouTube":"javascript:alert(1)//{key}"}'],
    ['a template with credentials', '{"YouTube":"https://user:pw@videos.example/{key}"}'],
    ['an empty site name', '{"":"https://videos.example/embed/{key}"}'],
  ])('ignores TRAILER_EMBEDS with %s, logging a warning', async (_label, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const res = await fetchWith({ TRAILER_EMBEDS: raw }, '/api/player/config')
    expect(res.status).toBe(200)
    expect((await res.json<PlayerConfig>()).trailerEmbeds).toEqual({})
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('TRAILER_EMBEDS'))
  })

  it('lists the operator sources from PLAYER_SOURCES in order, with their templates', async () => {
    const configured = [
      { name: 'Studio One', url: 'https://player.studio-one.example/embed/{type}/{id}?s={season}&e={episode}' },
      { name: 'Archive', url: 'https://archive.example/watch/{id}' },
    ]
    const res = await fetchWith({ PLAYER_SOURCES: JSON.stringify(configured) }, '/api/player/config')
    const body = await res.json<PlayerConfig>()
    expect(body.sources).toEqual([
      { id: 'source-1', name: 'Studio One', kind: 'embed', template: configured[0]!.url },
      { id: 'source-2', name: 'Archive', kind: 'embed', template: configured[1]!.url },
    ])
  })

  it.each([
    ['not JSON', '{name: nope'],
    ['an object instead of a list', '{"name":"A","url":"https://a.example/{id}"}'],
    ['an http:// template', '[{"name":"A","url":"http://a.example/{id}"}]'],
    ['a javascript: template', '[{"name":"A","url":"javascript:alert(1)//{id}"}]'],
    ['a missing name', '[{"url":"https://a.example/{id}"}]'],
    ['an empty list', '[]'],
  ])('ignores %s with a logged warning and falls back to the built-ins', async (_label, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const res = await fetchWith({ PLAYER_SOURCES: raw }, '/api/player/config')
    expect(res.status).toBe(200)
    const body = await res.json<PlayerConfig>()
    expect(body.sources.map((s) => s.kind)).toEqual(['hls', 'trailer'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('PLAYER_SOURCES'))
  })

  it('returns the operator download and ad links only when they are https:// URLs', async () => {
    const on = await fetchWith({ DOWNLOAD_URL: 'https://downloads.example/get', AD_URL: 'https://ads.example/banner' }, '/api/player/config')
    const body = await on.json<PlayerConfig>()
    expect(body.downloadUrl).toBe('https://downloads.example/get')
    expect(body.adUrl).toBe('https://ads.example/banner')

    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const bad = await fetchWith({ DOWNLOAD_URL: 'javascript:alert(1)', AD_URL: 'http://ads.example' }, '/api/player/config')
    expect(await bad.json<PlayerConfig>()).toMatchObject({ downloadUrl: null, adUrl: null })
  })
})

describe('parsePlayerSources', () => {
  it('treats an empty or blank value as unset without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(parsePlayerSources('')).toBeNull()
    expect(parsePlayerSources('   ')).toBeNull()
    expect(parseTrailerEmbeds('')).toEqual({})
    expect(parseTrailerEmbeds(undefined)).toEqual({})
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('GET /api/player/stream/:type/:id', () => {
  async function insertStream(type: 'movie' | 'tv', id: number, season: number, episode: number, url: string) {
    await env.DB.prepare('insert into streams (content_type, content_id, season_number, episode_number, master_url, label) values (?, ?, ?, ?, ?, ?)')
      .bind(type, id, season, episode, url, `${type} ${id}`)
      .run()
    // What an administrator's edit does after writing the row.
    await keepStreamCopies(database(env.DB), env.CACHE, [{ content_type: type, content_id: id }])
  }

  it('answers the bundled sample for an unmapped title of the embedded catalogue', async () => {
    const res = await exports.default.fetch('http://localhost/api/player/stream/movie/987001')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ url: '/media/sample/master.m3u8', label: 'Sample', thumbnails: '/media/sample/thumbnails.vtt', origin: 'sample' })
  })

  it('plays the sample series as the first season of the embedded catalogue’s sample show, and the sample elsewhere', async () => {
    const url = async (path: string) => ((await (await exports.default.fetch(`http://localhost/api/player/stream/${path}`)).json()) as { url: string }).url
    expect(await url('tv/19885?season=1&episode=1')).toBe('/media/series/e1/master.m3u8')
    expect(await url('tv/19885?season=1&episode=3')).toBe('/media/series/e3/master.m3u8')
    expect(await url('tv/19885?season=1&episode=4')).toBe('/media/sample/master.m3u8')
    expect(await url('tv/19885?season=2&episode=1')).toBe('/media/sample/master.m3u8')
    expect(await url('tv/1396?season=1&episode=1')).toBe('/media/sample/master.m3u8')
    // the episodes are there to be played
    for (const episode of [1, 2, 3]) expect((await env.ASSETS.fetch(`http://localhost/media/series/e${episode}/master.m3u8`)).status).toBe(200)
    // a stream an operator maps takes its place
    await insertStream('tv', 19885, 1, 2, 'https://cdn.example/sherlock/1/2/master.m3u8')
    expect(await url('tv/19885?season=1&episode=2')).toBe('https://cdn.example/sherlock/1/2/master.m3u8')
  })

  it('answers the mapped master playlist of a film', async () => {
    await insertStream('movie', 987002, 0, 0, 'https://cdn.example/films/987002/master.m3u8')
    const res = await exports.default.fetch('http://localhost/api/player/stream/movie/987002')
    expect(await res.json()).toMatchObject({ url: 'https://cdn.example/films/987002/master.m3u8', origin: 'mapped' })
  })

  it('prefers the episode stream, then the show-wide stream, for a TV episode', async () => {
    await insertStream('tv', 987003, 0, 0, '/media/shows/987003/master.m3u8')
    await insertStream('tv', 987003, 2, 5, '/media/shows/987003/s2e5/master.m3u8')
    const episode = await exports.default.fetch('http://localhost/api/player/stream/tv/987003?season=2&episode=5')
    expect(await episode.json()).toMatchObject({ url: '/media/shows/987003/s2e5/master.m3u8', origin: 'mapped' })
    const other = await exports.default.fetch('http://localhost/api/player/stream/tv/987003?season=1&episode=1')
    expect(await other.json()).toMatchObject({ url: '/media/shows/987003/master.m3u8', origin: 'mapped' })
  })

  it('plays only mapped streams when the catalogue is TMDB', async () => {
    await insertStream('movie', 987004, 0, 0, 'https://cdn.example/films/987004/master.m3u8')
    const mapped = await fetchWith({ TMDB_API_KEY: 'test-key' }, '/api/player/stream/movie/987004')
    expect(await mapped.json()).toMatchObject({ url: 'https://cdn.example/films/987004/master.m3u8' })
    const unmapped = await fetchWith({ TMDB_API_KEY: 'test-key' }, '/api/player/stream/movie/987005')
    expect(await unmapped.json()).toEqual({ url: null, label: null, thumbnails: null, origin: 'none' })
  })

  it.each([
    '/api/player/stream/episode/1',
    '/api/player/stream/movie/abc',
    '/api/player/stream/movie/-4',
    '/api/player/stream/tv/1?season=x',
    '/api/player/stream/tv/1?episode=-1',
  ])('answers 400 with an error for %s', async (path) => {
    const res = await exports.default.fetch(`http://localhost${path}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: expect.any(String) })
  })
})

// The TMDB provider in the visitor's language and region, against a fake TMDB at the network
// boundary (the isolate's fetch): `language` follows Accept-Language, `region` the visitor's
// country (request.cf.country or CF-IPCountry, else TMDB_WATCH_REGION), KV keys carry both, and
// composed pages are kept per language and region.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Genre, MovieDetails, PageComposition } from '../catalog/types'
import worker from '../index'
import { answerTmdbWith } from './helpers/tmdb-boundary'

const KEY = 'tmdb-secret-key-0123456789'
const upstream: URL[] = []

vi.setConfig({ testTimeout: 60_000 })

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
}

/** Titles whose overview nobody translated: TMDB answers "" for it in any language but English. */
const UNTRANSLATED = new Set([711, 712, 714])
/** Titles with no overview even in English. */
const NO_OVERVIEW = new Set([713, 716])
/** Its English details fail (500). */
const ENGLISH_FAILS = 714

/** Enough of TMDB for these calls; titles and overviews name the language asked for. */
function fakeTmdb(url: URL): Response {
  const path = url.pathname.replace(/^\/3/, '')
  const language = url.searchParams.get('language') ?? 'en-US'
  const detail = /^\/(movie|tv)\/(\d+)$/.exec(path)
  if (detail) {
    const id = Number(detail[2])
    if (id === ENGLISH_FAILS && language === 'en-US') return new Response(JSON.stringify({ success: false, status_code: 11, status_message: 'Internal error' }), { status: 500 })
    const empty = NO_OVERVIEW.has(id) || (UNTRANSLATED.has(id) && language !== 'en-US')
    return json({
      id,
      title: `Film ${detail[2]} (${language})`,
      name: `Show ${detail[2]} (${language})`,
      release_date: '2020-01-01',
      overview: empty ? '' : `Overview in ${language}`,
      genres: [{ id: 28, name: language === 'es-ES' ? 'Acción' : 'Action' }],
      credits: { cast: [], crew: [] },
    })
  }
  if (/\/watch\/providers$/.test(path)) return json({ results: { US: { flatrate: [{ provider_id: 8, provider_name: 'Netflix' }] } } })
  const media = path.includes('/tv') ? 'tv' : 'movie'
  const results = Array.from({ length: 20 }, (_, i) => ({
    id: 1000 + i,
    overview: `Overview in ${language}`,
    vote_average: 8,
    vote_count: 5000,
    popularity: 100 - i,
    genre_ids: [18],
    original_language: 'en',
    ...(media === 'tv' ? { name: `Series ${i}`, first_air_date: '2021-01-01' } : { title: `Movie ${i}`, release_date: new Date(Date.now() + (i - 5) * 86_400_000).toISOString().slice(0, 10) }),
    media_type: media,
  }))
  return json({ page: 1, results, total_pages: 1, total_results: 20 })
}

beforeEach(() => {
  upstream.length = 0
  answerTmdbWith(fakeTmdb, upstream)
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function call(path: string, headers: Record<string, string> = {}, cf?: Record<string, unknown>) {
  const ctx = createExecutionContext()
  const request = new Request(`http://localhost/api/catalog${path}`, { headers, ...(cf && { cf }) } as RequestInit)
  const res = await worker.fetch(request, { ...env, TMDB_API_KEY: KEY }, ctx)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as unknown }
}

async function kvKeys(prefix: string): Promise<string[]> {
  return (await env.CACHE.list({ prefix })).keys.map((k) => k.name)
}

describe('TMDB in the visitor language', () => {
  it('asks TMDB in the request language and keeps each language under its own key', async () => {
    const english = await call('/movie/701')
    expect((english.body as MovieDetails).overview).toBe('Overview in en-US')
    expect(upstream[0]!.searchParams.has('language')).toBe(false)
    const spanish = await call('/movie/701', { 'Accept-Language': 'es-AR,es;q=0.9' })
    expect((spanish.body as MovieDetails).overview).toBe('Overview in es-ES')
    expect((spanish.body as MovieDetails).genres[0]?.name).toBe('Acción')
    expect(upstream[1]!.searchParams.get('language')).toBe('es-ES')
    const japanese = await call('/movie/701', { 'Accept-Language': 'ja' })
    expect(upstream[2]!.searchParams.get('language')).toBe('ja-JP')
    expect((japanese.body as MovieDetails).overview).toBe('Overview in ja-JP')
    // each language is cached: asking again calls TMDB no more
    await call('/movie/701', { 'Accept-Language': 'es' })
    await call('/movie/701')
    expect(upstream).toHaveLength(3)
    const keys = await kvKeys('v1:catalog:tmdb:/movie/701')
    expect(keys.sort()).toEqual([
      'v1:catalog:tmdb:/movie/701?append_to_response=credits%2Csimilar%2Cvideos%2Crelease_dates',
      'v1:catalog:tmdb:/movie/701?append_to_response=credits%2Csimilar%2Cvideos%2Crelease_dates&language=es-ES',
      'v1:catalog:tmdb:/movie/701?append_to_response=credits%2Csimilar%2Cvideos%2Crelease_dates&language=ja-JP',
    ])
    expect(spanish.headers.get('Vary') ?? '').toMatch(/Accept-Language/i)
  })

  it('gives the English overview where TMDB has none in the language, asking for it only then, and keeps both', async () => {
    const film = await call('/movie/711', { 'Accept-Language': 'de' })
    expect(film.status).toBe(200)
    // named as English, so the page can mark it
    expect(film.body).toMatchObject({ title: 'Film 711 (de-DE)', overview: 'Overview in en-US', overview_language: 'en' })
    const show = await call('/tv/712', { 'Accept-Language': 'ja' })
    expect(show.body).toMatchObject({ name: 'Show 712 (ja-JP)', overview: 'Overview in en-US', overview_language: 'en' })
    expect(upstream.map((u) => [u.pathname, u.searchParams.get('language'), u.searchParams.get('append_to_response')])).toEqual([
      ['/3/movie/711', 'de-DE', 'credits,similar,videos,release_dates'],
      ['/3/movie/711', null, 'credits,similar,videos,release_dates'],
      ['/3/tv/712', 'ja-JP', 'credits,similar,videos,external_ids,content_ratings'],
      ['/3/tv/712', null, 'credits,similar,videos,external_ids,content_ratings'],
    ])
    // both answers are kept: asking again, or in English, calls TMDB no more
    upstream.length = 0
    expect((await call('/movie/711', { 'Accept-Language': 'de' })).body).toMatchObject({ overview: 'Overview in en-US' })
    await call('/tv/712', { 'Accept-Language': 'ja' })
    await call('/movie/711')
    expect(upstream).toEqual([])
    // a translated overview needs no English call
    const translated = await call('/movie/715', { 'Accept-Language': 'de' })
    expect(translated.body).toMatchObject({ overview: 'Overview in de-DE' })
    expect(translated.body).not.toHaveProperty('overview_language')
    expect(upstream.map((u) => u.searchParams.get('language'))).toEqual(['de-DE'])
  })

  it('leaves the overview empty when English has none either or TMDB fails to give it, and asks nothing more in English', async () => {
    const none = await call('/movie/713', { 'Accept-Language': 'fr' })
    expect(none.status).toBe(200)
    expect((none.body as MovieDetails).overview).toBe('')
    const failing = await call('/movie/714', { 'Accept-Language': 'fr' })
    expect(failing.status).toBe(200)
    expect(failing.body).toMatchObject({ title: 'Film 714 (fr-FR)', overview: '' })
    expect(failing.body).not.toHaveProperty('overview_language')
    upstream.length = 0
    const english = await call('/movie/716')
    expect((english.body as MovieDetails).overview).toBe('')
    expect(upstream).toHaveLength(1)
  })

  it('asks for cinema lists in the visitor country, from request.cf or CF-IPCountry, else the operator region', async () => {
    await call('/lists/movie-now-playing', {}, { country: 'DE' })
    expect(upstream.at(-1)!.searchParams.get('region')).toBe('DE')
    await call('/lists/movie-upcoming', { 'CF-IPCountry': 'BR', 'Accept-Language': 'pt-BR' })
    expect(upstream.at(-1)!.searchParams.get('region')).toBe('BR')
    expect(upstream.at(-1)!.searchParams.get('language')).toBe('pt-BR')
    await call('/lists/movie-now-playing')
    expect(upstream.at(-1)!.searchParams.get('region')).toBe('US')
    const keys = await kvKeys('v1:catalog:tmdb:/movie/')
    expect(keys).toContain('v1:catalog:tmdb:/movie/now_playing?page=1&region=DE')
    expect(keys).toContain('v1:catalog:tmdb:/movie/now_playing?page=1&region=US')
    expect(keys).toContain('v1:catalog:tmdb:/movie/upcoming?language=pt-BR&page=1&region=BR')
  })

  it('filters platforms in the visitor region', async () => {
    await call('/discover/tv?with_watch_providers=8', {}, { country: 'FR' })
    expect(upstream.at(-1)!.searchParams.get('watch_region')).toBe('FR')
  })

  it('asks for where-to-watch once for every language (its answer has no words)', async () => {
    await call('/movie/702/watch?region=US', { 'Accept-Language': 'fr' })
    await call('/movie/702/watch?region=US', { 'Accept-Language': 'de' })
    expect(upstream).toHaveLength(1)
    expect(upstream[0]!.searchParams.has('language')).toBe(false)
  })

  it('names the genre list in the language', async () => {
    const { body } = await call('/genres', { 'Accept-Language': 'ko' })
    expect((body as { genres: Genre[] }).genres.find((g) => g.id === 35)?.name).toBe('코미디')
  })

  it('composes a page per language and region: distinct KV entries, TMDB asked in each language', async () => {
    const english = await call('/pages/movies')
    const spanish = await call('/pages/movies', { 'Accept-Language': 'es' }, { country: 'MX' })
    expect((english.body as PageComposition).rows[0]?.title).toBe('Popular Movies')
    expect((spanish.body as PageComposition).rows[0]?.title).toBe('Películas populares')
    expect((spanish.body as PageComposition).hero[0]?.overview).toBe('Overview in es-ES')
    expect(upstream.some((u) => u.pathname === '/3/movie/popular' && u.searchParams.get('language') === 'es-ES')).toBe(true)
    expect(upstream.some((u) => u.pathname === '/3/movie/now_playing' && u.searchParams.get('region') === 'MX')).toBe(true)
    await vi.waitFor(async () => {
      const pages = await kvKeys('v1:catalog:page:tmdb:')
      expect(pages.filter((k) => k.endsWith(':movies:all')).sort()).toEqual([
        'v1:catalog:page:tmdb:live:cards-notes-notice-providers-seeall:en:US:movies:all',
        'v1:catalog:page:tmdb:live:cards-notes-notice-providers-seeall:es:MX:movies:all',
      ])
    })
    // the same page again comes from memo or KV, not from TMDB
    const before = upstream.length
    const again = await call('/pages/movies', { 'Accept-Language': 'es' }, { country: 'MX' })
    expect(upstream.length).toBe(before)
    expect(again.body).toEqual(spanish.body)
    expect(again.headers.get('Vary') ?? '').toMatch(/Accept-Language/i)
  })
})

// A profile's maturity ceiling held on the server: every catalogue answer a kids (or teens) session
// gets leaves out the titles above it (rows, grids, search, similar titles, Up next, shared lists,
// painted pages' first data), a title above it answers 403 `not_on_profile`, and an anonymous
// visitor's answers stay the shared ones. The embedded catalogue's own certifications decide;
// TMDB's are asked once per title and kept.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { nowSeconds, SESSION_COOKIE, signSessionToken } from '../auth/session'
import type { Ceiling } from '../catalog/ceiling'
import { certificationCacheKey } from '../catalog/certifications'
import type { HistoryResult } from '../accounts/history'
import type { ListWithItems } from '../accounts/user-lists'
import type { ListItem, MediaType, PageComposition, Paged, PersonDetails, SearchPage } from '../catalog/types'
import type { BootData } from '../seo/boot'
import worker from '../index'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { TmdbCatalog } from '../catalog/tmdb'
import { catalogFor } from '../catalog'
import { loadCatalog } from './catalog-data'
import { countD1, type D1Counter } from './helpers/d1-counter'
import { call, signUp } from './helpers/accounts'
import { answerTmdbWith } from './helpers/tmdb-boundary'

/** Rated R, TV-MA and PG-13 titles of the embedded catalogue, and a G film and a TV-PG show. */
const INGLOURIOUS = { media_type: 'movie' as const, id: 2157727 }
const THRONES = { media_type: 'tv' as const, id: 1399 }
const DARK_KNIGHT = { media_type: 'movie' as const, id: 155 }
const WALL_E = { media_type: 'movie' as const, id: 10681 }
const BIG_BANG = { media_type: 'tv' as const, id: 1418 }

type Titled = { media_type: MediaType; id: number }

let certifications: Map<string, string | null>

beforeAll(async () => {
  await loadCatalog()
  const { results } = await env.CATALOG.prepare(
    "SELECT 'movie' AS media_type, id, certification FROM catalog_movies UNION ALL SELECT 'tv' AS media_type, id, certification FROM catalog_tv_series",
  ).all<{ media_type: MediaType; id: number; certification: string | null }>()
  certifications = new Map(results.map((row) => [`${row.media_type}:${row.id}`, row.certification]))
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** The US ratings each ceiling takes, written out here rather than read from the code under test. */
const TAKES: Record<Exclude<Ceiling, 'all'>, string[]> = {
  kids: ['G', 'PG', 'TV-Y', 'TV-Y7', 'TV-G', 'TV-PG'],
  teens: ['G', 'PG', 'PG-13', 'TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14'],
}

/** The titles among `items` above `ceiling`, as the catalogue rates them (an unrated one is above both). */
function above(ceiling: Exclude<Ceiling, 'all'>, items: Titled[]): string[] {
  return items.filter((item) => !TAKES[ceiling].includes(certifications.get(`${item.media_type}:${item.id}`) ?? '')).map((item) => `${item.media_type}:${item.id}`)
}

const keyOf = (title: Titled) => `${title.media_type}:${title.id}`
const keysOf = (items: Titled[]) => items.map(keyOf)

function base64url(text: string): string {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/')
  return atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))
}

/**
 * A new account, signed up through the API, and a genuine session token for one of its profiles
 * with `ceiling`, as choosing that profile would issue it: a profile made through the API, or the
 * account's own profile held to that ceiling where profiles cannot be made.
 */
async function sessionWith(ceiling: Ceiling): Promise<{ adult: string; viewer: string }> {
  const user = await signUp()
  const made = await call('/api/me/profiles', { cookie: user.cookie, body: { name: `Held to ${ceiling}`, avatar: 'fox', ceiling } })
  const profileId = made.status === 201 ? (await made.json<{ profile: { id: number } }>()).profile.id : 1
  const token = user.cookie.slice(`${SESSION_COOKIE}=`.length)
  const claims = JSON.parse(base64url(token.split('.')[1] ?? '')) as { sid: string; exp: number }
  const minted = await signSessionToken(env.JWT_SECRET!, {
    sessionId: claims.sid,
    type: 'user',
    accountId: user.id,
    expiresAt: claims.exp,
    checkedAt: nowSeconds(),
    email: user.email,
    secondFactor: null,
    profileId,
    ceiling,
    kids: ceiling === 'kids',
  })
  return { adult: user.cookie, viewer: `${SESSION_COOKIE}=${minted}` }
}

async function answer<T>(path: string, cookie?: string): Promise<{ res: Response; body: T }> {
  const res = await call(path, { cookie })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return { res, body: await res.json<T>() }
}

/** The same grid page anonymously and as a kids session: titles above kids in the one, none in the other, and the kids page filled. */
async function gridHeld(path: string): Promise<{ anonymous: ListItem[]; kids: ListItem[] }> {
  const { viewer } = await sessionWith('kids')
  const anonymous = (await answer<Paged<ListItem>>(path)).body.results
  const { res, body } = await answer<Paged<ListItem>>(path, viewer)
  expect(above('kids', anonymous).length, path).toBeGreaterThan(0)
  expect(above('kids', body.results), path).toEqual([])
  expect(body.results.length, path).toBeGreaterThan(0)
  expect(res.headers.get('Cache-Control')).toBe('private, no-cache')
  return { anonymous, kids: body.results }
}

function compositionTitles(page: PageComposition): Titled[] {
  return [...page.hero.map((hero) => ({ media_type: hero.mediaType, id: hero.id })), ...page.rows.flatMap((row) => row.items)]
}

async function html(path: string, cookie?: string): Promise<{ res: Response; body: string; boot: BootData | null }> {
  const res = await exports.default.fetch(`http://localhost${path}`, { headers: { Accept: 'text/html', ...(cookie && { Cookie: cookie }) } })
  const body = await res.text()
  const match = body.match(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/)
  return { res, body, boot: match?.[1] ? (JSON.parse(match[1]) as BootData) : null }
}

describe('GET /api/catalog/pages/:page', () => {
  it('leaves the titles above the ceiling out of the hero and every row, for kids and teens', async () => {
    const anonymous = (await answer<PageComposition>('/api/catalog/pages/home')).body
    expect(keysOf(compositionTitles(anonymous))).toContain(keyOf(INGLOURIOUS))
    expect(above('kids', compositionTitles(anonymous)).length).toBeGreaterThan(0)

    const kids = await sessionWith('kids')
    const { res, body } = await answer<PageComposition>('/api/catalog/pages/home', kids.viewer)
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache')
    expect(above('kids', compositionTitles(body))).toEqual([])
    expect(body.rows.length).toBeGreaterThan(0)
    expect(body.rows.every((row) => row.items.length > 0)).toBe(true)

    const teens = await sessionWith('teens')
    const forTeens = (await answer<PageComposition>('/api/catalog/pages/home', teens.viewer)).body
    expect(above('teens', compositionTitles(forTeens))).toEqual([])
    expect(keysOf(compositionTitles(forTeens))).toContain(keyOf(DARK_KNIGHT))
  })
})

describe('the grids', () => {
  it('a list: leaves them out and fills the page from the next ones', async () => {
    const { anonymous, kids } = await gridHeld('/api/catalog/lists/movie-popular')
    expect(keysOf(anonymous)).toContain(keyOf(INGLOURIOUS))
    const firstPage = new Set(keysOf(anonymous))
    expect(kids.filter((item) => !firstPage.has(keyOf(item))).length).toBeGreaterThan(0)
  })

  it('discover', async () => {
    await gridHeld('/api/catalog/discover/tv?sort_by=vote_average.desc')
  })

  it('top rated', async () => {
    await gridHeld('/api/catalog/top-rated/movie')
  })

  it('a genre page’s rows (discover by genre, as the page asks)', async () => {
    await gridHeld('/api/catalog/discover/movie?with_genres=80&page=1')
  })

  it('similar titles', async () => {
    await gridHeld('/api/catalog/movie/2032390/similar')
  })

  it('teens keep PG-13 and TV-14 and lose R and TV-MA', async () => {
    const { viewer } = await sessionWith('teens')
    const anonymous = (await answer<Paged<ListItem>>('/api/catalog/lists/movie-popular')).body.results
    const teens = (await answer<Paged<ListItem>>('/api/catalog/lists/movie-popular', viewer)).body.results
    expect(above('teens', teens)).toEqual([])
    expect(keysOf(teens)).toContain(keyOf(DARK_KNIGHT))
    expect(keysOf(anonymous)).toContain(keyOf(DARK_KNIGHT))
  })
})

describe('GET /api/catalog/search', () => {
  it('the search results page: no title above the ceiling, nor among the people’s known-for titles', async () => {
    const { viewer } = await sessionWith('kids')
    const anonymous = (await answer<SearchPage>('/api/catalog/search?query=inglourious')).body
    expect(keysOf(anonymous.results)).toContain(keyOf(INGLOURIOUS))
    const kids = (await answer<SearchPage>('/api/catalog/search?query=inglourious', viewer)).body
    expect(keysOf(kids.results)).not.toContain(keyOf(INGLOURIOUS))
    expect(above('kids', [...kids.results, ...kids.people.flatMap((person) => person.known_for)])).toEqual([])
  })

  it('the quick search (the top bar’s suggestions, page 1 of a short term)', async () => {
    await gridHeld('/api/catalog/search?query=th&page=1')
  })
})

describe('a title above the ceiling', () => {
  it('GET /api/catalog/movie/:id answers 403 not_on_profile; within it, or anonymously, the details', async () => {
    const kids = await sessionWith('kids')
    const refused = await call(`/api/catalog/movie/${INGLOURIOUS.id}`, { cookie: kids.viewer })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: 'This title is not available on this profile.', not_on_profile: true })
    expect(refused.headers.get('Cache-Control')).not.toMatch(/public/)
    expect((await call(`/api/catalog/movie/${DARK_KNIGHT.id}`, { cookie: kids.viewer })).status).toBe(403)
    expect((await call(`/api/catalog/movie/${WALL_E.id}`, { cookie: kids.viewer })).status).toBe(200)
    const teens = await sessionWith('teens')
    expect((await call(`/api/catalog/movie/${DARK_KNIGHT.id}`, { cookie: teens.viewer })).status).toBe(200)
    expect((await call(`/api/catalog/movie/${INGLOURIOUS.id}`, { cookie: teens.viewer })).status).toBe(403)
    expect((await call(`/api/catalog/movie/${INGLOURIOUS.id}`)).status).toBe(200)
    // An unknown title is still not found.
    expect((await call('/api/catalog/movie/999999999', { cookie: kids.viewer })).status).toBe(404)
  })

  it('GET /api/catalog/tv/:id answers 403 not_on_profile, in the request’s language', async () => {
    const kids = await sessionWith('kids')
    const refused = await call(`/api/catalog/tv/${THRONES.id}`, { cookie: kids.viewer, headers: { 'Accept-Language': 'de' } })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: 'Dieser Titel ist in diesem Profil nicht verfügbar.', not_on_profile: true })
    expect((await call(`/api/catalog/tv/${BIG_BANG.id}`, { cookie: kids.viewer })).status).toBe(200)
    expect((await call(`/api/catalog/tv/${THRONES.id}`)).status).toBe(200)
  })

  it('a show’s seasons answer 403 not_on_profile', async () => {
    const kids = await sessionWith('kids')
    expect((await call(`/api/catalog/tv/${THRONES.id}/season/1`)).status).toBe(200)
    const refused = await call(`/api/catalog/tv/${THRONES.id}/season/1`, { cookie: kids.viewer })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ not_on_profile: true })
    expect((await call(`/api/catalog/tv/${BIG_BANG.id}/season/1`, { cookie: kids.viewer })).status).toBe(200)
  })

  it('the player’s stream lookup answers 403 not_on_profile', async () => {
    const kids = await sessionWith('kids')
    expect((await call(`/api/player/stream/movie/${INGLOURIOUS.id}`)).status).toBe(200)
    const refused = await call(`/api/player/stream/movie/${INGLOURIOUS.id}`, { cookie: kids.viewer })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ not_on_profile: true })
    expect((await call(`/api/player/stream/tv/${THRONES.id}?season=1&episode=1`, { cookie: kids.viewer })).status).toBe(403)
    expect((await call(`/api/player/stream/movie/${WALL_E.id}`, { cookie: kids.viewer })).status).toBe(200)
  })

  it('where to watch answers 403 not_on_profile', async () => {
    const kids = await sessionWith('kids')
    expect((await call(`/api/catalog/movie/${INGLOURIOUS.id}/watch?region=US`)).status).toBe(200)
    const refused = await call(`/api/catalog/movie/${INGLOURIOUS.id}/watch?region=US`, { cookie: kids.viewer })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ not_on_profile: true })
    expect((await call(`/api/catalog/movie/${WALL_E.id}/watch?region=US`, { cookie: kids.viewer })).status).toBe(200)
  })

  it('a person’s filmography keeps only what is within the ceiling', async () => {
    const kids = await sessionWith('kids')
    // Brad Pitt's credits are in the catalogue under Inglourious Basterds' cast.
    const cast = (await answer<{ credits: { cast: { id: number }[] } }>(`/api/catalog/movie/${INGLOURIOUS.id}`)).body.credits.cast
    const person = (await answer<PersonDetails>(`/api/catalog/person/${cast[0]!.id}`)).body
    expect(above('kids', [...person.cast, ...person.crew]).length).toBeGreaterThan(0)
    const held = (await answer<PersonDetails>(`/api/catalog/person/${cast[0]!.id}`, kids.viewer)).body
    expect(above('kids', [...held.cast, ...held.crew])).toEqual([])
  })
})

describe('a viewer’s own rows and others’ lists', () => {
  it('Up next (Continue watching) leaves out a show above the ceiling', async () => {
    const kids = await sessionWith('kids')
    const record = (body: unknown) => call('/api/me/history', { method: 'PUT', cookie: kids.viewer, body })
    // Game of Thrones ended an episode (Up next offers the one after it); The Big Bang Theory is part way in.
    expect((await record({ content_type: 'tv', content_id: THRONES.id, title: 'Game of Thrones', poster_path: null, watch_duration: 3000, position: 3100, total_duration: 3300, season_number: 2, episode_number: 3 })).status).toBe(200)
    expect((await record({ content_type: 'tv', content_id: BIG_BANG.id, title: 'The Big Bang Theory', poster_path: null, watch_duration: 600, position: 540, total_duration: 1300, season_number: 1, episode_number: 2 })).status).toBe(200)
    const { results } = (await answer<{ results: HistoryResult[] }>('/api/me/continue-watching', kids.viewer)).body
    expect(results.map((entry) => `${entry.content_type}:${entry.content_id}`)).toEqual([keyOf(BIG_BANG)])
  })

  it('a list someone shares leaves out the titles above the reader’s ceiling, its count and posters too', async () => {
    const owner = await signUp()
    const made = await call('/api/me/lists', { cookie: owner.cookie, body: { name: 'Weekend', is_public: true } })
    expect(made.status).toBe(201)
    const { slug } = (await made.json<{ list: { slug: string } }>()).list
    for (const [title, content] of [
      ['Inglourious Basterds', INGLOURIOUS],
      ['WALL-E', WALL_E],
    ] as const) {
      const added = await call(`/api/me/lists/${slug}/items`, { cookie: owner.cookie, body: { content_type: content.media_type, content_id: content.id, title, poster_path: `/${content.id}.jpg` } })
      expect(added.status).toBe(201)
    }
    const entries = (list: ListWithItems) => list.items.map((item) => `${item.content_type}:${item.content_id}`).sort()
    expect(entries((await answer<{ list: ListWithItems }>(`/api/lists/${slug}`)).body.list)).toEqual([keyOf(WALL_E), keyOf(INGLOURIOUS)].sort())
    const kids = await sessionWith('kids')
    const { list } = (await answer<{ list: ListWithItems }>(`/api/lists/${slug}`, kids.viewer)).body
    expect(entries(list)).toEqual([keyOf(WALL_E)])
    expect(list.item_count).toBe(1)
    expect(list.posters).toEqual([`/${WALL_E.id}.jpg`])
  })
})

describe('painted pages', () => {
  it('inline no title above the ceiling in a composed page’s first data, and are kept for nobody else', async () => {
    const anonymous = await html('/movies')
    expect(above('kids', compositionTitles(anonymous.boot!.page!.data)).length).toBeGreaterThan(0)
    const kids = await sessionWith('kids')
    const { res, boot, body } = await html('/movies', kids.viewer)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache')
    expect(boot?.page?.name).toBe('movies')
    expect(above('kids', compositionTitles(boot!.page!.data))).toEqual([])
    expect(body).not.toContain('Inglourious Basterds')
  })

  it('inline no title above the ceiling in a grid’s or a search’s first data', async () => {
    const kids = await sessionWith('kids')
    const anonymous = await html('/search-results?q=inglourious')
    expect(keysOf(anonymous.boot!.search!.page.results)).toContain(keyOf(INGLOURIOUS))
    const searched = await html('/search-results?q=inglourious', kids.viewer)
    expect(keysOf(searched.boot!.search!.page.results)).not.toContain(keyOf(INGLOURIOUS))
    const top = await html('/top-imdb', kids.viewer)
    expect(top.boot!.topRated!.page.results.length).toBeGreaterThan(0)
    expect(above('kids', top.boot!.topRated!.page.results)).toEqual([])
    expect(top.res.headers.get('Cache-Control')).toBe('private, no-cache')
  })

  it('paint no title data at the address of a title above the ceiling: a 403 with the API’s answer', async () => {
    const kids = await sessionWith('kids')
    const anonymous = await html(`/movie/${INGLOURIOUS.id}`)
    expect(anonymous.boot?.title?.data.id).toBe(INGLOURIOUS.id)
    for (const path of [`/movie/${INGLOURIOUS.id}`, `/tv/${THRONES.id}`, `/es/tv/${THRONES.id}`]) {
      const { res, boot, body } = await html(path, kids.viewer)
      expect(res.status, path).toBe(403)
      expect(res.headers.get('Cache-Control')).not.toMatch(/public/)
      expect(boot?.title, path).toBeUndefined()
      expect(boot?.season, path).toBeUndefined()
      expect(boot?.notOnProfile, path).toMatchObject({ not_on_profile: true })
      expect(body).not.toContain('Inglourious')
      expect(body).not.toContain('Game of Thrones')
    }
    expect((await html(`/es/tv/${THRONES.id}`, kids.viewer)).boot?.notOnProfile?.error).toBe('Este título no está disponible en este perfil.')
    const within = await html(`/movie/${WALL_E.id}`, kids.viewer)
    expect(within.res.status).toBe(200)
    expect(within.boot?.title?.data.id).toBe(WALL_E.id)
  })

  it('give a kids profile’s home the Kids page’s composition, in the page and from the API', async () => {
    const kids = await sessionWith('kids')
    const { res, boot } = await html('/', kids.viewer)
    expect(res.status).toBe(200)
    // Inlined as the home request's answer, which is the Kids page's composition for this profile.
    expect(boot?.page?.name).toBe('home')
    expect(above('kids', compositionTitles(boot!.page!.data))).toEqual([])
    const kidsPage = (await answer<PageComposition>('/api/catalog/pages/kids', kids.viewer)).body
    const home = (await answer<PageComposition>('/api/catalog/pages/home', kids.viewer)).body
    const anonymousHome = (await answer<PageComposition>('/api/catalog/pages/home')).body
    expect(home).toEqual(kidsPage)
    expect(boot!.page!.data).toEqual(kidsPage)
    expect(kidsPage.rows.map((row) => row.key)).not.toEqual(anonymousHome.rows.map((row) => row.key))
    // A teens profile's home is the home page, held to its ceiling.
    const teens = await sessionWith('teens')
    const forTeens = await html('/', teens.viewer)
    expect(forTeens.boot?.page?.name).toBe('home')
    expect(above('teens', compositionTitles(forTeens.boot!.page!.data))).toEqual([])
  })
})

describe('anonymous answers', () => {
  /** A request through the worker whose catalogue database counts the statements it runs. */
  async function counted(path: string, catalog: D1Database, cookie?: string): Promise<Response> {
    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }), { ...env, CATALOG: catalog }, ctx)
    await waitOnExecutionContext(ctx)
    return res
  }
  const certificationQueries = (counter: D1Counter) => counter.statements.filter((statement) => statement.sql.includes('json_each')).length

  it('are the shared answers, byte for byte, with their public caching, and ask for no certification', async () => {
    const counter = countD1(env.CATALOG)
    const paths = [
      '/api/catalog/pages/home',
      '/api/catalog/lists/movie-popular',
      '/api/catalog/discover/movie?with_genres=80',
      '/api/catalog/top-rated/tv',
      '/api/catalog/search?query=inglourious',
      `/api/catalog/movie/${INGLOURIOUS.id}`,
      `/api/catalog/tv/${THRONES.id}/season/1`,
      '/api/catalog/movie/2032390/similar',
      `/api/player/stream/movie/${INGLOURIOUS.id}`,
    ]
    for (const path of paths) {
      const res = await counted(path, counter.db)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('Cache-Control') ?? 'none', path).not.toMatch(/private/)
      await res.body?.cancel()
    }
    expect(certificationQueries(counter)).toBe(0)
    const shared = await catalogFor(env, () => undefined).list('movie-popular', 1)
    const popular = await counted('/api/catalog/lists/movie-popular', counter.db)
    expect(popular.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(await popular.text()).toBe(JSON.stringify(shared))
    const page = await counted('/api/catalog/pages/home', counter.db)
    expect(page.headers.get('Cache-Control')).toBe('public, max-age=60')
    expect(keysOf(compositionTitles(await page.json<PageComposition>()))).toContain(keyOf(INGLOURIOUS))
    const painted = await html('/movies')
    expect(painted.res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate')
  })

  it('a kids session’s composed page asks for its titles’ certifications in one query', async () => {
    const { viewer } = await sessionWith('kids')
    const counter = countD1(env.CATALOG)
    const res = await counted('/api/catalog/pages/home', counter.db, viewer)
    expect(res.status).toBe(200)
    expect(certificationQueries(counter)).toBe(1)
  })
})

describe('the TMDB provider’s certifications', () => {
  const KEY = 'tmdb-secret-key-0123456789'
  /** Films 9100..9119 in TMDB's popular list; odd ids rated R in the US, even ones PG (and 15 in Germany). */
  function fakeTmdb(url: URL): Response {
    const path = url.pathname.replace(/^\/3/, '')
    const rated = /^\/movie\/(\d+)\/release_dates$/.exec(path)
    if (rated) {
      const id = Number(rated[1])
      return Response.json({ id, results: [{ iso_3166_1: 'DE', release_dates: [{ certification: '16', type: 3 }] }, { iso_3166_1: 'US', release_dates: [{ certification: '', type: 1 }, { certification: id % 2 ? 'R' : 'PG', type: 3 }] }] })
    }
    if (path === '/movie/popular') {
      const results = Array.from({ length: 20 }, (_, i) => ({ id: 9100 + i, title: `Film ${9100 + i}`, overview: '', release_date: '2020-01-01', vote_average: 7, vote_count: 900, popularity: 50 - i, genre_ids: [18], original_language: 'en' }))
      return Response.json({ page: Number(url.searchParams.get('page') ?? '1'), results, total_pages: 1, total_results: 20 })
    }
    return Response.json({ status_message: 'not found' }, { status: 404 })
  }

  async function viaTmdb(path: string, cookie: string): Promise<Response> {
    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), { ...env, TMDB_API_KEY: KEY }, ctx)
    await waitOnExecutionContext(ctx)
    return res
  }

  it('asks TMDB for each unknown title’s US rating once, keeps it in KV, and holds a list to it', async () => {
    const asked: URL[] = []
    answerTmdbWith(fakeTmdb, asked)
    const kids = await sessionWith('kids')
    const first = await viaTmdb('/api/catalog/lists/movie-popular', kids.viewer)
    expect(first.status).toBe(200)
    const ids = (await first.json<Paged<ListItem>>()).results.map((item) => item.id)
    expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => 9100 + i * 2))
    const ratingCalls = asked.filter((url) => url.pathname.endsWith('/release_dates'))
    expect(ratingCalls).toHaveLength(20)
    expect(ratingCalls.every((url) => url.searchParams.get('api_key') === KEY && !url.searchParams.has('language'))).toBe(true)
    expect(await env.CACHE.get(certificationCacheKey({ media_type: 'movie', id: 9101 }), 'json')).toEqual({ certification: 'R' })
    expect(await env.CACHE.get(certificationCacheKey({ media_type: 'movie', id: 9100 }), 'json')).toEqual({ certification: 'PG' })
    // Known now: the next answer asks TMDB for no rating, even from an isolate that has just started.
    forgetIsolateMemos()
    asked.length = 0
    const again = await viaTmdb('/api/catalog/lists/movie-popular', kids.viewer)
    expect((await again.json<Paged<ListItem>>()).results.map((item) => item.id)).toEqual(ids)
    expect(asked.filter((url) => url.pathname.endsWith('/release_dates'))).toEqual([])
  })

  it('leaves out a title whose rating TMDB could not give, and asks again next time', async () => {
    const asked: URL[] = []
    answerTmdbWith((url) => (url.pathname.endsWith('/9201/release_dates') ? new Response('down', { status: 503 }) : fakeTmdb(url)), asked)
    const catalog = new TmdbCatalog({ ...env, TMDB_API_KEY: KEY }, () => undefined)
    const found = await catalog.certifications([
      { media_type: 'movie', id: 9200 },
      { media_type: 'movie', id: 9201 },
    ])
    expect(found.get('movie:9200')).toBe('PG')
    expect(found.has('movie:9201')).toBe(false)
    expect(await env.CACHE.get(certificationCacheKey({ media_type: 'movie', id: 9201 }))).toBeNull()
    await catalog.certifications([{ media_type: 'movie', id: 9201 }])
    expect(asked.filter((url) => url.pathname.endsWith('/9201/release_dates'))).toHaveLength(2)
  })
})

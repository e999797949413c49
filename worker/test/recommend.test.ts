// Recommendations through the real worker, the account's store and the embedded catalogue: the
// likeness measure (a viewer of three noir films is shown crime and mystery first), never a title
// the viewer watched, rated or started, a row that changes once a rating changes the taste, a kept
// answer that costs no catalogue query, and "More like this" ranked by the same measure.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '../index'
import { likeness, neighbourhoodOfDetails, similarPage, tasteWeight } from '../catalog/recommend'
import type { RecommendationRow } from '../catalog/recommendation-rows'
import type { ListItem, MovieDetails, Paged, TitleTraits } from '../catalog/types'
import type { BootData } from '../seo/boot'
import { loadCatalog } from './catalog-data'
import { call, createUser, json, ORIGIN, type TestAccount } from './helpers/accounts'
import { countD1 } from './helpers/d1-counter'
import { paintedText, rootOf } from './helpers/painted-html'

beforeAll(async () => {
  await loadCatalog()
})

// Se7en, L.A. Confidential and Fargo: crime, mystery and thriller of 1995 to 1997.
const NOIR = [807, 2206269, 2306716]
const CRIME_THRILLER_MYSTERY = [80, 53, 9648]

/** A request through the app that returns once the work it left running (keeping the rows) is done. */
async function settled(path: string, cookie: string, bindings: Cloudflare.Env = env, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie, ...headers } }), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

async function rows(viewer: TestAccount, bindings?: Cloudflare.Env, headers?: Record<string, string>): Promise<RecommendationRow[]> {
  const res = await settled('/api/me/recommendations', viewer.cookie, bindings, headers)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await json<{ rows: RecommendationRow[] }>(res)).rows
}

async function watch(viewer: TestAccount, id: number): Promise<void> {
  const res = await call('/api/me/watched', { method: 'PUT', cookie: viewer.cookie, body: { content_type: 'movie', content_id: id, watched: true } })
  expect(res.status, await res.clone().text()).toBe(200)
}

async function rate(viewer: TestAccount, id: number, rating: number): Promise<void> {
  const res = await call(`/api/me/ratings/movie/${id}`, { method: 'PUT', cookie: viewer.cookie, body: { rating } })
  expect(res.status, await res.clone().text()).toBe(200)
}

async function genresOf(ids: number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>()
  for (const id of ids) {
    const res = await call(`/api/catalog/movie/${id}`)
    found.set(id, (await json<{ genres: { id: number }[] }>(res)).genres.map((g) => g.id))
  }
  return found
}

const keys = (list: RecommendationRow[]) => list.flatMap((row) => row.items.map((item) => `${item.media_type}:${item.id}`))

describe('the likeness measure', () => {
  const title = (id: number, genres: number[], year: number | null, people: Partial<TitleTraits> = {}): TitleTraits => ({ media_type: 'movie', id, genres, cast: [], makers: [], year, ...people })

  it('grows with shared genres, people and a near era, from 0 to 1', () => {
    const heat = title(1, [28, 80, 18, 53], 1995, { cast: [10, 11], makers: [20] })
    expect(likeness(heat, { ...heat, id: 2 })).toBeCloseTo(1)
    expect(likeness(heat, title(3, [35, 10751], 1950))).toBe(0)
    const sameGenres = title(4, [28, 80, 18, 53], 2015)
    expect(likeness(heat, title(5, [28, 80, 18, 53], 1996))).toBeGreaterThan(likeness(heat, sameGenres))
    expect(likeness(heat, { ...sameGenres, makers: [20] })).toBeGreaterThan(likeness(heat, sameGenres))
    expect(likeness(heat, { ...sameGenres, cast: [11] })).toBeGreaterThan(likeness(heat, sameGenres))
    expect(likeness(heat, title(6, [80], 1995))).toBeLessThan(likeness(heat, title(7, [80, 53], 1995)))
  })

  it('reads a TMDB title’s traits from its details, and its neighbours from the similar titles they carry', () => {
    const item = (id: number, genre_ids: number[], release_date: string): ListItem => ({ id, media_type: 'movie', title: `Film ${id}`, release_date, genre_ids, overview: '', poster_path: null, backdrop_path: null, vote_average: 7, vote_count: 100, popularity: 1, original_language: 'en' })
    const details = {
      id: 949,
      media_type: 'movie',
      title: 'Heat',
      release_date: '1995-12-15',
      genres: [{ id: 80, name: 'Crime' }, { id: 53, name: 'Thriller' }],
      credits: { cast: [3, 1, 2, 4].map((id) => ({ id, name: '', character: '', profile_path: null, order: id })), crew: [{ id: 9, name: '', job: 'Director', department: 'Directing', profile_path: null }, { id: 8, name: '', job: 'Editor', department: 'Editing', profile_path: null }] },
      similar: { page: 1, results: [item(1, [35], '1960-01-01'), item(2, [80, 53], '1996-01-01'), item(949, [80], '1995-01-01')], total_pages: 1, total_results: 3 },
    } as unknown as MovieDetails
    const hood = neighbourhoodOfDetails(details, [item(3, [80], '1990-01-01'), item(2, [80, 53], '1996-01-01')])
    expect(hood.title).toEqual({ media_type: 'movie', id: 949, name: 'Heat', genres: [80, 53], cast: [1, 2, 3], makers: [9], year: 1995 })
    expect(hood.near.map((n) => n.item.id)).toEqual([1, 2, 3])
    expect(hood.near[1]!.traits).toEqual({ media_type: 'movie', id: 2, genres: [80, 53], cast: [], makers: [], year: 1996 })
    expect(similarPage(hood, 1).results.map((i) => i.id)).toEqual([2, 3, 1])
  })

  it('weighs a rating of 4.5 stars above a title only watched, and 2 stars or less against', () => {
    expect(tasteWeight(9)).toBeGreaterThan(tasteWeight(null))
    expect(tasteWeight(4)).toBeLessThan(0)
    expect(tasteWeight(1)).toBeLessThan(tasteWeight(4))
  })
})

describe('GET /api/me/recommendations', () => {
  it('answers 401 to nobody', async () => {
    const res = await call('/api/me/recommendations')
    expect(res.status).toBe(401)
    expect(await json(res)).toHaveProperty('error')
  })

  it('answers no rows before the viewer has watched or rated anything', async () => {
    const viewer = await createUser()
    expect(await rows(viewer)).toEqual([])
  })

  it('shows a viewer of three noir films crime, thriller and mystery first, never what they watched or rated, and each title once', async () => {
    const viewer = await createUser()
    for (const id of NOIR) await watch(viewer, id)
    await rate(viewer, 155, 7)
    const found = await rows(viewer)
    expect(found.length).toBeGreaterThanOrEqual(2)
    expect(found.length).toBeLessThanOrEqual(3)
    for (const row of found) {
      expect(row.title).toMatch(/^Because you (watched|rated) /)
      expect(row.items.length).toBeGreaterThanOrEqual(4)
      expect(row.items.length).toBeLessThanOrEqual(20)
    }
    expect(found.map((r) => r.seed.content_id).every((id) => NOIR.includes(id) || id === 155)).toBe(true)
    const all = keys(found)
    expect(new Set(all).size).toBe(all.length)
    for (const id of [...NOIR, 155]) expect(all).not.toContain(`movie:${id}`)

    const noirRow = found.find((r) => NOIR.includes(r.seed.content_id))!
    const firsts = noirRow.items.slice(0, 5).map((i) => i.id)
    const genres = await genresOf(firsts)
    for (const id of firsts) expect(genres.get(id)!.filter((g) => CRIME_THRILLER_MYSTERY.includes(g)).length, `movie ${id}`).toBeGreaterThanOrEqual(1)
  })

  it('says the reason of a row in the viewer’s language, a rating in stars', async () => {
    const viewer = await createUser()
    await rate(viewer, 807, 9)
    const [row] = await rows(viewer)
    expect(row).toMatchObject({ title: 'Because you rated Se7en 4.5 stars', reason: 'rated', seed: { content_type: 'movie', content_id: 807 } })
    const [german] = await rows(viewer, env, { 'Accept-Language': 'de' })
    expect(german!.title).toBe('Weil du Se7en mit 4,5 Sternen bewertet hast')
  })

  it('changes once a rating changes the taste, and a kept answer costs no catalogue query', async () => {
    const viewer = await createUser()
    for (const id of NOIR) await watch(viewer, id)
    const before = await rows(viewer)

    const catalog = countD1(env.CATALOG)
    const again = await rows(viewer, { ...env, CATALOG: catalog.db })
    expect(again).toEqual(before)
    expect(catalog.queries()).toBe(0)

    // Se7en rated half a star: no longer a seed, and what is like it goes down or out.
    await rate(viewer, 807, 1)
    const after = await rows(viewer)
    expect(after.map((r) => r.seed.content_id)).not.toContain(807)
    expect(after).not.toEqual(before)
    expect(keys(after)).not.toContain('movie:807')

    // A new title rated five stars leads.
    await rate(viewer, 603, 10)
    const [first] = await rows(viewer)
    expect(first).toMatchObject({ seed: { content_id: 603 }, reason: 'rated' })
  })

  it('leaves out a title the viewer starts after the rows were made', async () => {
    const viewer = await createUser()
    await watch(viewer, 807)
    const [row] = await rows(viewer)
    const started = row!.items[0]!
    const progress = await call('/api/me/history', {
      method: 'PUT',
      cookie: viewer.cookie,
      body: { content_type: started.media_type, content_id: started.id, title: started.title ?? 'x', poster_path: null, watch_duration: 60, position: 60, total_duration: 6000 },
    })
    expect(progress.status, await progress.clone().text()).toBeLessThan(300)
    // starting a title is no change of taste: the kept rows are answered without it
    expect(keys(await rows(viewer))).not.toContain(`${started.media_type}:${started.id}`)
  })
})

describe('the home page painted for the viewer', () => {
  it('holds the rows as the API answers them, drawn with the page, and asks the catalogue nothing for them once kept', async () => {
    const viewer = await createUser()
    for (const id of NOIR) await watch(viewer, id)
    const html = await (await settled('/', viewer.cookie, env, { Accept: 'text/html' })).text()
    const boot = JSON.parse(html.match(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/)![1]!) as BootData
    const api = await rows(viewer)
    expect(api.length).toBeGreaterThan(0)
    expect(boot.personal?.recommendations).toEqual(api)
    expect(paintedText(rootOf(html))).toContain(api[0]!.title)
    // the panel's Recommended row gives way to them
    expect(paintedText(rootOf(html))).not.toContain('Recommended')

    const catalog = countD1(env.CATALOG)
    const again = await (await settled('/', viewer.cookie, { ...env, CATALOG: catalog.db }, { Accept: 'text/html' })).text()
    expect(again).toContain(api[0]!.title)
    expect(catalog.statements.filter((st) => st.sql.includes('seed_genres'))).toEqual([])
    // the first page painted composes the home page and loads the renderer
  }, 30_000)
})

describe('GET /api/catalog/{type}/{id}/similar', () => {
  it('ranks a film’s look-alikes by the measure: its director’s and those sharing its genres and era first', async () => {
    const page = await json<Paged<ListItem>>(await call('/api/catalog/movie/807/similar'))
    expect(page.results.length).toBe(20)
    expect(page.total_results).toBeGreaterThan(20)
    expect(page.results.some((i) => i.id === 807)).toBe(false)
    for (const item of page.results.slice(0, 10)) expect(item.genre_ids.some((g) => CRIME_THRILLER_MYSTERY.includes(g)), item.title).toBe(true)
    const directors = await Promise.all(
      page.results.slice(0, 5).map(async (item) => (await json<MovieDetails>(await call(`/api/catalog/movie/${item.id}`))).credits.crew.find((c) => c.job === 'Director')?.name),
    )
    expect(directors.filter((name) => name === 'David Fincher').length).toBeGreaterThanOrEqual(2)
    const details = await json<MovieDetails>(await call('/api/catalog/movie/807'))
    expect(details.similar.results.map((i) => i.id)).toEqual(page.results.map((i) => i.id))
  })
})

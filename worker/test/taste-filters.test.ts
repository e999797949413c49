// A signed-in viewer's hide-watched and spoiler-safe choices (routes/preferences.ts) in the
// catalogue's answers and the pages' first data (catalog/taste-filters.ts): watched titles leave
// rows, grids (still full) and search; episodes after the last one watched lose their name, still
// and overview, one at a time revealed on request. Anyone else, and every shared cache, keeps the
// answer as it was.
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ContentType } from '../../drizzle/schema'
import type { ListItem, PageComposition, Paged, SearchPage, Season } from '../catalog/types'
import type { BootData } from '../seo/boot'
import { loadCatalog } from './catalog-data'
import { call, createUser, type TestAccount } from './helpers/accounts'
import { storeStub } from './helpers/stores'

const SHOW = 1396
/** Breaking Bad's S1 E5, given a name and an overview of its own (the embedded catalogue names episodes by number). */
const SECRET = { name: 'Gray Matter', overview: 'Walt turns down an offer.' }

beforeAll(async () => {
  await loadCatalog()
  await env.CATALOG.prepare('UPDATE catalog_episodes SET name = ?, overview = ? WHERE tv_id = ? AND season_number = 1 AND episode_number = 5').bind(SECRET.name, SECRET.overview, SHOW).run()
})

async function get<T>(path: string, viewer?: TestAccount): Promise<{ res: Response; body: T }> {
  const res = await call(path, { cookie: viewer?.cookie })
  expect(res.status, path).toBe(200)
  return { res, body: await res.json<T>() }
}

const choose = (viewer: TestAccount, body: unknown) => call('/api/me/preferences', { method: 'PUT', cookie: viewer.cookie, body })

async function viewerWho(choices: { hide_watched?: boolean; spoiler_safe?: boolean }): Promise<TestAccount> {
  const viewer = await createUser()
  expect((await choose(viewer, choices)).status).toBe(200)
  return viewer
}

/** Films played and shows finished, as marking them does. */
async function watch(viewer: TestAccount, titles: { media_type: string; id: number }[]): Promise<void> {
  const owner = { type: 'user' as const, id: viewer.id }
  const store = storeStub('user', viewer.id)
  for (const title of titles) {
    const item = { content_type: title.media_type as ContentType, content_id: title.id, title: `Title ${title.id}`, poster_path: null }
    if (title.media_type === 'movie') await store.markWatched(owner, [{ ...item, season_number: null, episode_number: null }], true)
    else await store.setShowFinished(owner, item, true)
  }
}

async function watchEpisodes(viewer: TestAccount, season: number, episodes: number[]): Promise<void> {
  const items = episodes.map((episode_number) => ({ content_type: 'tv' as const, content_id: SHOW, season_number: season, episode_number, title: 'Breaking Bad', poster_path: null }))
  await storeStub('user', viewer.id).markWatched({ type: 'user', id: viewer.id }, items, true)
}

const keyOf = (item: { media_type: string; id: number }) => `${item.media_type}:${item.id}`
const rowKeys = (page: PageComposition) => page.rows.flatMap((row) => row.items.map(keyOf))

describe('GET|PUT /api/me/preferences', () => {
  it('are off until chosen, keep each choice apart, and are each account\'s own', async () => {
    const viewer = await createUser()
    const other = await createUser()
    expect((await get('/api/me/preferences', viewer)).body).toEqual({ hide_watched: false, spoiler_safe: false })
    const res = await choose(viewer, { spoiler_safe: true })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ hide_watched: false, spoiler_safe: true })
    expect(await (await choose(viewer, { hide_watched: true })).json()).toEqual({ hide_watched: true, spoiler_safe: true })
    expect(await (await choose(viewer, { spoiler_safe: false })).json()).toEqual({ hide_watched: true, spoiler_safe: false })
    const read = await get('/api/me/preferences', viewer)
    expect(read.body).toEqual({ hide_watched: true, spoiler_safe: false })
    expect(read.res.headers.get('cache-control')).toBe('private, no-store')
    expect((await get('/api/me/preferences', other)).body).toEqual({ hide_watched: false, spoiler_safe: false })
  })

  it('answers 400 with an error for anything but true or false, an unknown field or nothing to change, and 401 signed out', async () => {
    const viewer = await createUser()
    for (const body of [{ hide_watched: 'yes' }, { spoiler_safe: 1 }, { hide_watched: true, colour: 'red' }, {}, [], true]) {
      const res = await choose(viewer, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(await res.json()), JSON.stringify(body)).toEqual(['error'])
    }
    expect(await (await choose(viewer, { hide_watched: 'yes' })).json()).toEqual({ error: 'hide_watched must be true or false' })
    expect(await (await choose(viewer, {})).json()).toEqual({ error: 'Nothing to change' })
    expect((await get('/api/me/preferences', viewer)).body).toEqual({ hide_watched: false, spoiler_safe: false })
    expect((await call('/api/me/preferences')).status).toBe(401)
    expect((await call('/api/me/preferences', { method: 'PUT', body: { hide_watched: true } })).status).toBe(401)
  })
})

describe('hide watched', () => {
  it('drops watched titles from a composed page\'s rows, for that viewer only, and the shared page keeps them', async () => {
    const everyone = (await get<PageComposition>('/api/catalog/pages/movies')).body
    const watched = everyone.rows[0]!.items.slice(0, 3)
    const viewer = await viewerWho({ hide_watched: true })
    await watch(viewer, watched)

    const mine = await get<PageComposition>('/api/catalog/pages/movies', viewer)
    expect(mine.res.headers.get('cache-control')).toBe('private, no-cache')
    const shown = rowKeys(mine.body)
    for (const title of watched) expect(shown).not.toContain(keyOf(title))
    expect(shown.length).toBe(rowKeys(everyone).filter((key) => !watched.map(keyOf).includes(key)).length)

    // another viewer who watched the same, with the choice off, and anyone signed out get every title
    const plain = await createUser()
    await watch(plain, watched)
    expect(rowKeys((await get<PageComposition>('/api/catalog/pages/movies', plain)).body)).toEqual(rowKeys(everyone))
    const after = await get<PageComposition>('/api/catalog/pages/movies')
    expect(after.body).toEqual(everyone)
    expect(after.res.headers.get('cache-control')).toBe('public, max-age=60')

    // the page painted for the viewer holds the same rows in its first data
    const painted = await call('/movies', { cookie: viewer.cookie, headers: { Accept: 'text/html' } })
    expect(rowKeys(bootOf(await painted.text()).page!.data)).toEqual(shown)
    expect(rowKeys(bootOf(await (await call('/movies', { headers: { Accept: 'text/html' } })).text()).page!.data)).toEqual(rowKeys(everyone))
  })

  it('keeps a grid\'s page full, reading on into the next page, and the next page follows it', async () => {
    const first = (await get<Paged<ListItem>>('/api/catalog/lists/movie-popular?page=1')).body
    const second = (await get<Paged<ListItem>>('/api/catalog/lists/movie-popular?page=2')).body
    const watched = first.results.slice(0, 5)
    const viewer = await viewerWho({ hide_watched: true })
    await watch(viewer, watched)

    const mine = (await get<Paged<ListItem>>('/api/catalog/lists/movie-popular?page=1', viewer)).body
    expect(mine.results.length).toBeGreaterThanOrEqual(first.results.length)
    expect(mine.results.map(keyOf)).toEqual([...first.results.slice(5), ...second.results].map(keyOf))
    // the grid asks for page 3 next: nothing comes twice
    expect(mine.page).toBe(2)
    expect(mine.total_results).toBe(first.total_results - 5)

    // the shared answer is as it was for anyone signed out, right after
    expect((await get<Paged<ListItem>>('/api/catalog/lists/movie-popular?page=1')).body).toEqual(first)
  })

  it('drops watched titles from discover, top rated and search answers', async () => {
    const viewer = await viewerWho({ hide_watched: true })
    for (const path of ['/api/catalog/discover/movie?with_genres=18', '/api/catalog/top-rated/tv', '/api/catalog/search?query=the']) {
      const everyone = (await get<Paged<ListItem>>(path)).body
      const watched = everyone.results.slice(0, 2)
      await watch(viewer, watched)
      const mine = (await get<Paged<ListItem>>(path, viewer)).body
      expect(mine.results.map(keyOf), path).not.toContain(keyOf(watched[0]!))
      expect(mine.results.map(keyOf), path).not.toContain(keyOf(watched[1]!))
      expect(mine.results.length, path).toBeGreaterThanOrEqual(Math.min(everyone.results.length, everyone.total_results - 2))
      expect((await get<Paged<ListItem>>(path)).body, path).toEqual(everyone)
    }
    // a search's people stay with its first page
    expect((await get<SearchPage>('/api/catalog/search?query=the', viewer)).body).toHaveProperty('people')
  })

  it('leaves watched titles out of the genre page\'s first data, and the page kept for others keeps them', async () => {
    const page = async (viewer?: TestAccount) => {
      const res = await call('/genre/18', { cookie: viewer?.cookie, headers: { Accept: 'text/html' } })
      expect(res.status).toBe(200)
      return { res, boot: bootOf(await res.text()) }
    }
    const everyone = (await page()).boot.genre!
    const watched = everyone.movie!.results.slice(0, 4)
    const viewer = await viewerWho({ hide_watched: true })
    await watch(viewer, watched)
    const plain = await createUser()
    // a signed-in viewer without the choice first: the page kept for signed-in visitors is the shared one
    const before = (await page(plain)).boot.genre!
    const mine = await page(viewer)
    expect(mine.res.headers.get('cache-control')).toBe('private, no-cache')
    const movies = mine.boot.genre!.movie!.results.map(keyOf)
    for (const title of watched) expect(movies).not.toContain(keyOf(title))
    expect(movies.length).toBeGreaterThanOrEqual(everyone.movie!.results.length)
    expect((await page(plain)).boot.genre).toEqual(before)
    expect((await page()).boot.genre).toEqual(everyone)
  })

  it('leaves watched titles out of a browse-all grid\'s first data, as its discover answer does for the viewer', async () => {
    const path = '/movies/all?genre=18&sort=rating'
    const page = async (viewer?: TestAccount) => {
      const res = await call(path, { cookie: viewer?.cookie, headers: { Accept: 'text/html' } })
      expect(res.status).toBe(200)
      return { res, boot: bootOf(await res.text()) }
    }
    const everyone = (await page()).boot.grid!
    const watched = everyone.page.results.slice(0, 3)
    const viewer = await viewerWho({ hide_watched: true })
    await watch(viewer, watched)
    const mine = await page(viewer)
    expect(mine.res.headers.get('cache-control')).toBe('private, no-cache')
    const shown = mine.boot.grid!.page.results.map(keyOf)
    for (const title of watched) expect(shown).not.toContain(keyOf(title))
    // Exactly the first page the grid's own query answers this viewer.
    expect(mine.boot.grid!.page).toEqual((await get<Paged<ListItem>>('/api/catalog/discover/movie?page=1&with_genres=18&sort_by=vote_average.desc', viewer)).body)
    expect((await page()).boot.grid).toEqual(everyone)
  })
})

function bootOf(body: string): BootData {
  const match = body.match(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/)
  expect(match?.[1]).toBeTruthy()
  return JSON.parse(match![1]!) as BootData
}

describe('spoiler-safe', () => {
  const seasonPath = (season: number, query = '') => `/api/catalog/tv/${SHOW}/season/${season}${query}`

  it('answers the episodes after the last one watched by their number over the season\'s art, and reveals one on request', async () => {
    const viewer = await viewerWho({ spoiler_safe: true })
    await watchEpisodes(viewer, 1, [1, 2, 3, 4])
    const mine = await get<Season>(seasonPath(1), viewer)
    expect(mine.res.headers.get('cache-control')).toBe('private, no-cache')
    const text = JSON.stringify(mine.body)
    expect(text).not.toContain(SECRET.name)
    expect(text).not.toContain(SECRET.overview)
    const [, , , fourth, fifth, sixth] = mine.body.episodes
    expect(fourth).toMatchObject({ episode_number: 4, still_path: '/still/1396/1/4.svg' })
    expect(fourth).not.toHaveProperty('hidden')
    expect(fifth).toMatchObject({ episode_number: 5, name: 'Episode 5', overview: '', still_path: mine.body.poster_path, hidden: true })
    expect(sixth).toMatchObject({ episode_number: 6, overview: '', hidden: true })
    // a later season is hidden whole; an earlier one would not be
    expect((await get<Season>(seasonPath(2), viewer)).body.episodes.every((e) => e.hidden)).toBe(true)

    const revealed = (await get<Season>(seasonPath(1, '?reveal=5'), viewer)).body
    expect(revealed.episodes[4]).toMatchObject({ name: SECRET.name, overview: SECRET.overview, still_path: '/still/1396/1/5.svg' })
    expect(revealed.episodes[4]).not.toHaveProperty('hidden')
    expect(revealed.episodes[5]).toMatchObject({ hidden: true })

    // anyone else, after, gets the episode as it is, as does this viewer with the choice off
    const everyone = await get<Season>(seasonPath(1))
    expect(everyone.body.episodes[4]).toMatchObject(SECRET)
    expect(everyone.res.headers.get('cache-control')).toBe('public, max-age=300')
    await choose(viewer, { spoiler_safe: false })
    expect((await get<Season>(seasonPath(1), viewer)).body.episodes[4]).toMatchObject(SECRET)
  })

  it('hides every episode of a show not started, and a bad reveal is a 400', async () => {
    const viewer = await viewerWho({ spoiler_safe: true })
    expect((await get<Season>(seasonPath(1), viewer)).body.episodes.every((e) => e.hidden && e.overview === '')).toBe(true)
    for (const reveal of ['0', 'x', '-1', '1234567']) {
      const res = await call(seasonPath(1, `?reveal=${reveal}`), { cookie: viewer.cookie })
      expect(res.status, reveal).toBe(400)
      expect(Object.keys(await res.json())).toEqual(['error'])
    }
  })

  it('keeps hidden episodes out of the show page\'s first data, and the page kept for others has them', async () => {
    const page = async (viewer?: TestAccount) => {
      const res = await call(`/tv/${SHOW}`, { cookie: viewer?.cookie, headers: { Accept: 'text/html' } })
      expect(res.status).toBe(200)
      return { res, body: await res.text() }
    }
    const viewer = await viewerWho({ spoiler_safe: true })
    await watchEpisodes(viewer, 1, [1, 2, 3, 4])
    const mine = await page(viewer)
    expect(mine.res.headers.get('cache-control')).toBe('private, no-cache')
    expect(mine.body).not.toContain(SECRET.name)
    expect(mine.body).not.toContain(SECRET.overview)
    const season = bootOf(mine.body).season!
    expect(season.episodes[3]).not.toHaveProperty('hidden')
    expect(season.episodes[4]).toMatchObject({ name: 'Episode 5', hidden: true })

    const plain = await createUser()
    expect(bootOf((await page(plain)).body).season!.episodes[4]).toMatchObject(SECRET)
    const anonymous = await page()
    expect(anonymous.body).toContain(SECRET.name)
    expect(anonymous.res.headers.get('cache-control')).not.toMatch(/private/)
  })

  it('Up next names an episode by its number only', async () => {
    const viewer = await viewerWho({ spoiler_safe: true })
    await call('/api/me/history', { method: 'PUT', cookie: viewer.cookie, body: { content_id: SHOW, content_type: 'tv', title: 'Breaking Bad', poster_path: null, watch_duration: 2700, position: 2800, total_duration: 2900, season_number: 1, episode_number: 4 } })
    const { body } = await get<{ results: Record<string, unknown>[] }>('/api/me/continue-watching', viewer)
    expect(body.results[0]).toMatchObject({ content_id: SHOW, season_number: 1, episode_number: 5, up_next: true })
    expect(JSON.stringify(body)).not.toContain(SECRET.name)
    // and the episode list the player's Up next reads from hides it
    expect((await get<Season>(seasonPath(1), viewer)).body.episodes[4]).toMatchObject({ hidden: true })
  })

  it('a share link for an episode not yet watched names it by its number only', async () => {
    const named = await (await exports.default.fetch(`http://localhost/share/tv/${SHOW}?season=1&episode=5`)).text()
    expect(named).toContain(SECRET.name)
    const unnamed = await (await exports.default.fetch(`http://localhost/share/tv/${SHOW}?season=1&episode=5&unnamed=1`)).text()
    expect(unnamed).not.toContain(SECRET.name)
    expect(unnamed).not.toContain(SECRET.overview)
    expect(unnamed).toContain('S1 E5')
  })
})

// Watched marks through the real worker and the account's store: films, episodes and whole seasons
// marked and unmarked with names from the embedded catalogue; a show finished once every episode is
// watched; a report past 90% as a play, once per viewing; the plays newest first; the rows an older
// release left (in the store before migration 0006, and in D1 before the stores) carried over as
// plays; only the caller's own marks; Continue watching at the next episode not watched.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { drizzle } from 'drizzle-orm/durable-sqlite'
import { migrate } from 'drizzle-orm/durable-sqlite/migrator'
import { beforeAll, describe, expect, it } from 'vitest'
import migrations from '../../drizzle/account-store/migrations'
import type { HistoryResult } from '../accounts/history'
import { everyEpisodeWatched } from '../accounts/show-progress'
import { recordPlay, SAME_VIEWING_MS, type WatchedMark } from '../accounts/taste'
import { hashPassword } from '../auth/password'
import { hasAired } from '../catalog/aired'
import type { CatalogProvider } from '../catalog/provider'
import type { Season, TvDetails } from '../catalog/types'
import { loadCatalog } from './catalog-data'
import { PASSWORD, call, createUser, json, signIn, uniqueEmail, uniqueUsername, type TestAccount } from './helpers/accounts'
import { storeStub } from './helpers/stores'

beforeAll(async () => {
  await loadCatalog()
})

interface WatchedState {
  marks: WatchedMark[]
  finished: boolean
  changed?: number
}

interface Play {
  id: number
  content_type: string
  content_id: number
  season_number: number | null
  episode_number: number | null
  title: string
  poster_path: string | null
  watched_at: string
}

// Chernobyl: one season of five episodes; Breaking Bad: seven in season 1, thirteen in season 2.
const CHERNOBYL = 87108
const BREAKING_BAD = 1396
const GAME_OF_THRONES = 1399

function mark(account: TestAccount, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call('/api/me/watched', { method: 'PUT', cookie: account.cookie, body, headers })
}

async function marked(account: TestAccount, body: Record<string, unknown>): Promise<WatchedState> {
  const res = await mark(account, body)
  expect(res.status, await res.clone().text()).toBe(200)
  return json<WatchedState>(res)
}

async function stateOf(account: TestAccount, type: string, id: number): Promise<WatchedState> {
  const res = await call(`/api/me/watched/${type}/${id}`, { cookie: account.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return json<WatchedState>(res)
}

async function plays(account: TestAccount, query = ''): Promise<{ results: Play[]; next: string | null }> {
  const res = await call(`/api/me/watched/plays${query}`, { cookie: account.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return json(res)
}

async function historyEntry(account: TestAccount, type: string, id: number): Promise<HistoryResult | null> {
  return (await json<{ entry: HistoryResult | null }>(await call(`/api/me/history/${type}/${id}`, { cookie: account.cookie }))).entry
}

const episodes = (state: WatchedState) => state.marks.map((m) => `${m.season_number}:${m.episode_number}`)

function report(account: TestAccount, body: Record<string, unknown>) {
  return call('/api/me/history', { method: 'PUT', cookie: account.cookie, body: { title: 'Anything', poster_path: null, watch_duration: 60, ...body } })
}

describe('PUT /api/me/watched', () => {
  it('marks a film watched with the catalogue’s name and poster, once, and unmarks it', async () => {
    const me = await createUser()
    const first = await marked(me, { content_type: 'movie', content_id: 603, watched: true })
    expect(first).toMatchObject({ finished: true, changed: 1, marks: [{ season_number: null, episode_number: null, plays: 1 }] })
    // marking again adds no play
    expect(await marked(me, { content_type: 'movie', content_id: 603, watched: true })).toMatchObject({ changed: 0, marks: [{ plays: 1 }] })
    expect((await plays(me)).results).toEqual([expect.objectContaining({ content_type: 'movie', content_id: 603, title: 'The Matrix', poster_path: '/poster/movie/603.svg', season_number: null })])

    expect(await marked(me, { content_type: 'movie', content_id: 603, watched: false })).toMatchObject({ finished: false, changed: 1, marks: [] })
    expect(await stateOf(me, 'movie', 603)).toEqual({ marks: [], finished: false })
    expect((await plays(me)).results).toEqual([])
  })

  it('marks and unmarks one episode, and a whole season at once', async () => {
    const me = await createUser()
    const one = await marked(me, { content_type: 'tv', content_id: BREAKING_BAD, season_number: 1, episode_number: 3, watched: true })
    expect(one).toMatchObject({ changed: 1, finished: false })
    expect(episodes(one)).toEqual(['1:3'])
    expect((await plays(me)).results[0]).toMatchObject({ title: 'Breaking Bad', season_number: 1, episode_number: 3 })

    const season = await marked(me, { content_type: 'tv', content_id: BREAKING_BAD, season_number: 1, watched: true })
    expect(season.changed).toBe(6)
    expect(episodes(season)).toEqual(['1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '1:7'])
    // seven episodes of sixty-two: not finished
    expect(season.finished).toBe(false)
    expect((await historyEntry(me, 'tv', BREAKING_BAD))?.completed ?? false).toBe(false)

    const less = await marked(me, { content_type: 'tv', content_id: BREAKING_BAD, season_number: 1, episode_number: 3, watched: false })
    expect(episodes(less)).toEqual(['1:1', '1:2', '1:4', '1:5', '1:6', '1:7'])
    const none = await marked(me, { content_type: 'tv', content_id: BREAKING_BAD, season_number: 1, watched: false })
    expect(none).toMatchObject({ changed: 6, marks: [] })
  })

  it('finishes a show once every episode is watched, and unfinishes it when one is unmarked', async () => {
    const me = await createUser()
    const four = await marked(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: 1, watched: true })
    expect(four.finished).toBe(false)
    for (const episode of [2, 3, 4]) await marked(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: episode, watched: true })
    const all = await marked(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: 5, watched: true })
    expect(all.finished).toBe(true)
    expect(await historyEntry(me, 'tv', CHERNOBYL)).toMatchObject({ completed: true, status: 'Completed', title: 'Chernobyl' })
    expect(await stateOf(me, 'tv', CHERNOBYL)).toMatchObject({ finished: true })

    const again = await marked(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: 2, watched: false })
    expect(again.finished).toBe(false)
    expect(await historyEntry(me, 'tv', CHERNOBYL)).toMatchObject({ completed: false })
    // the whole season at once finishes it too
    expect((await marked(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, watched: true })).finished).toBe(true)
  })

  it('refuses what is not a film, an episode or a season the catalogue holds, with a message', async () => {
    const me = await createUser()
    const bad: Record<string, unknown>[] = [
      {},
      { content_type: 'movie', content_id: 603 },
      { content_type: 'movie', content_id: 603, watched: 'yes' },
      { content_type: 'person', content_id: 603, watched: true },
      { content_type: 'movie', content_id: 0, watched: true },
      { content_type: 'movie', content_id: 603, watched: true, title: 'Mine' },
      { content_type: 'movie', content_id: 603, watched: true, poster_path: '/x.jpg' },
      { content_type: 'movie', content_id: 603, season_number: 1, watched: true },
      { content_type: 'tv', content_id: CHERNOBYL, watched: true },
      { content_type: 'tv', content_id: CHERNOBYL, episode_number: 2, watched: true },
      { content_type: 'tv', content_id: CHERNOBYL, season_number: -1, watched: true },
      { content_type: 'tv', content_id: CHERNOBYL, season_number: 1.5, watched: true },
      { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: '2', watched: true },
    ]
    for (const body of bad) {
      const res = await mark(me, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await json<{ error: string }>(res)).error, JSON.stringify(body)).toBeTruthy()
    }
    expect(await json(await mark(me, { content_type: 'tv', content_id: CHERNOBYL, episode_number: 2, watched: true }))).toEqual({ error: 'episode_number is only taken with season_number' })
    expect((await json<{ error: string }>(await mark(me, { content_type: 'movie', content_id: 603, season_number: 1, watched: true }, { 'Accept-Language': 'fr' }))).error).toBe('un film n’a ni season_number ni episode_number')

    for (const [body, error] of [
      [{ content_type: 'movie', content_id: 987654321, watched: true }, 'Title not found'],
      [{ content_type: 'tv', content_id: CHERNOBYL, season_number: 7, watched: true }, 'Season not found'],
      [{ content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: 6, watched: true }, 'Episode not found'],
    ] as const) {
      const res = await mark(me, body)
      expect(res.status, JSON.stringify(body)).toBe(404)
      expect(await json(res)).toEqual({ error })
    }
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=42', '?before=2024-01-01T00:00:00.000Z~0', '?other=1']) {
      const res = await call(`/api/me/watched/plays${query}`, { cookie: me.cookie })
      expect(res.status, query).toBe(400)
      expect((await json<{ error: string }>(res)).error).toBeTruthy()
    }
    expect((await call('/api/me/watched/person/1', { cookie: me.cookie })).status).toBe(400)
    expect((await plays(me)).results).toEqual([])
  })

  it('needs a session, and keeps each account’s marks its own', async () => {
    for (const [method, path] of [
      ['GET', '/api/me/watched/movie/603'],
      ['GET', '/api/me/watched/plays'],
      ['PUT', '/api/me/watched'],
    ] as const) {
      const res = await call(path, { method, body: method === 'PUT' ? { content_type: 'movie', content_id: 603, watched: true } : undefined })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    const mine = await createUser()
    const theirs = await createUser()
    await marked(mine, { content_type: 'movie', content_id: 603, watched: true })
    await marked(mine, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, watched: true })
    expect(await stateOf(theirs, 'movie', 603)).toEqual({ marks: [], finished: false })
    expect(await stateOf(theirs, 'tv', CHERNOBYL)).toEqual({ marks: [], finished: false })
    expect((await plays(theirs)).results).toEqual([])
    // their unmarking changes nothing of mine
    expect(await marked(theirs, { content_type: 'movie', content_id: 603, watched: false })).toMatchObject({ changed: 0 })
    expect(await marked(theirs, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, watched: false })).toMatchObject({ changed: 0 })
    expect(await stateOf(mine, 'movie', 603)).toMatchObject({ finished: true })
    expect(episodes(await stateOf(mine, 'tv', CHERNOBYL))).toHaveLength(5)
    expect((await plays(mine)).results).toHaveLength(6)
  })
})

describe('plays', () => {
  it('records a report past 90% as a play once per viewing, and a rewatch as one more', async () => {
    const me = await createUser()
    const episode = { content_type: 'tv', content_id: GAME_OF_THRONES, season_number: 2, episode_number: 3, total_duration: 3300 }
    await report(me, { ...episode, position: 1500 })
    expect((await stateOf(me, 'tv', GAME_OF_THRONES)).marks).toEqual([])
    await report(me, { ...episode, position: 3000 })
    await report(me, { ...episode, position: 3200 })
    await report(me, { ...episode, position: 3250, completed: false })
    expect((await stateOf(me, 'tv', GAME_OF_THRONES)).marks).toEqual([expect.objectContaining({ season_number: 2, episode_number: 3, plays: 1 })])

    // the same episode played to its end again, a viewing later
    await runInDurableObject(storeStub('user', me.id), (_store, state) => {
      const db = drizzle(state.storage)
      const item = { content_type: 'tv' as const, content_id: GAME_OF_THRONES, season_number: 2, episode_number: 3, title: 'Game of Thrones', poster_path: null }
      expect(recordPlay(db, item, new Date(Date.now() + SAME_VIEWING_MS / 2))).toBe(false)
      expect(recordPlay(db, item, new Date(Date.now() + SAME_VIEWING_MS + 1000))).toBe(true)
    })
    expect((await stateOf(me, 'tv', GAME_OF_THRONES)).marks).toEqual([expect.objectContaining({ plays: 2 })])
    const history = (await plays(me)).results
    expect(history.map((p) => [p.season_number, p.episode_number])).toEqual([
      [2, 3],
      [2, 3],
    ])
    expect(history[0]!.watched_at > history[1]!.watched_at).toBe(true)
  })

  it('lists every play newest first, a page at a time', async () => {
    const me = await createUser()
    await marked(me, { content_type: 'tv', content_id: BREAKING_BAD, season_number: 1, watched: true })
    await marked(me, { content_type: 'movie', content_id: 603, watched: true })
    // an import keeps the film's own date: its play is older than those marked today, though added last
    const imported = await call('/api/me/import/apply', { cookie: me.cookie, body: { watchlist: [], watched: [{ content_type: 'movie', content_id: 155, title: 'The Dark Knight', poster_path: null, watched_at: '2019-05-01T20:00:00.000Z' }] } })
    expect(imported.status, await imported.clone().text()).toBeLessThan(300)

    const all = (await plays(me)).results
    expect(all).toHaveLength(9)
    expect(all.at(-1)).toMatchObject({ content_id: 155, watched_at: '2019-05-01T20:00:00.000Z' })
    const seen: number[] = []
    let next: string | null = null
    do {
      const page: { results: Play[]; next: string | null } = await plays(me, `?limit=4${next ? `&before=${encodeURIComponent(next)}` : ''}`)
      seen.push(...page.results.map((p) => p.id))
      next = page.next
    } while (next)
    expect(seen).toEqual(all.map((p) => p.id))
  })
})

describe('rows from before the plays', () => {
  const oldRows = [
    // a film finished, one stopped halfway, an episode played past 90%, and one stopped early
    "('movie', 603, 'The Matrix', '/m.jpg', 8000, 7900, 8160, null, null, 1, '2023-03-01T20:00:00.000Z')",
    "('movie', 550, 'Fight Club', null, 3000, 3000, 8000, null, null, 0, '2023-03-02T20:00:00.000Z')",
    "('tv', 1396, 'Breaking Bad', null, 2800, 2750, 2900, 2, 5, 0, '2023-03-03T20:00:00.000Z')",
    "('tv', 1399, 'Game of Thrones', null, 600, 600, 3300, 1, 2, 0, '2023-03-04T20:00:00.000Z')",
  ]
  const columns = 'content_type, content_id, title, poster_path, watch_duration, position, total_duration, season_number, episode_number, completed, watched_at'

  async function expectCarriedOver(account: TestAccount) {
    expect(await stateOf(account, 'movie', 603)).toEqual({ finished: true, marks: [{ season_number: null, episode_number: null, plays: 1, last_watched_at: '2023-03-01T20:00:00.000Z' }] })
    expect(await stateOf(account, 'movie', 550)).toEqual({ finished: false, marks: [] })
    expect((await stateOf(account, 'tv', BREAKING_BAD)).marks).toEqual([{ season_number: 2, episode_number: 5, plays: 1, last_watched_at: '2023-03-03T20:00:00.000Z' }])
    expect((await stateOf(account, 'tv', GAME_OF_THRONES)).marks).toEqual([])
    expect((await plays(account)).results.map((p) => `${p.content_type}:${p.content_id}`)).toEqual(['tv:1396', 'movie:603'])
  }

  it('a store whose history predates migration 0006 gets plays for what it says was watched', async () => {
    const me = await createUser()
    await runInDurableObject(storeStub('user', me.id), async (_store, state) => {
      const sql = state.storage.sql
      // the store as the release before 0006 left it, with the history rows it wrote
      const taste = migrations.journal.entries.find((entry) => entry.tag === '0006_taste')!
      for (const table of ['plays', 'ratings', 'preferences']) sql.exec(`DROP TABLE ${table}`)
      const later = sql.exec('SELECT hash, created_at FROM __drizzle_migrations WHERE created_at > ?', taste.when).toArray()
      sql.exec('DELETE FROM __drizzle_migrations WHERE created_at >= ?', taste.when)
      sql.exec(`INSERT INTO watch_history (${columns}) VALUES ${oldRows.join(', ')}`)
      // then 0006 runs, as on the first start of the new release (those after it are there already)
      await migrate(drizzle(state.storage), { ...migrations, journal: { ...migrations.journal, entries: migrations.journal.entries.filter((entry) => entry.when <= taste.when) } })
      for (const row of later) sql.exec('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', row.hash, row.created_at)
    })
    await expectCarriedOver(me)
  })

  it('an account from before the stores gets them when its store takes its rows over from D1', async () => {
    const email = uniqueEmail('old')
    const row = await env.DB.prepare('insert into users (email, username, password_hash) values (?, ?, ?) returning id')
      .bind(email, uniqueUsername('old'), await hashPassword(PASSWORD))
      .first<{ id: number }>()
    const id = row!.id
    await env.DB.prepare(`insert into watch_history (owner_type, owner_id, ${columns}) values ${oldRows.map((r) => r.replace('(', "('user', ?, ")).join(', ')}`)
      .bind(...oldRows.map(() => id))
      .run()
    const { cookie } = await signIn(email, PASSWORD)
    await expectCarriedOver({ type: 'user', id, email, username: '', password: PASSWORD, cookie })
  })
})

describe('Continue watching', () => {
  async function row(account: TestAccount): Promise<(HistoryResult & { up_next?: true })[]> {
    return (await json<{ results: (HistoryResult & { up_next?: true })[] }>(await call('/api/me/continue-watching', { cookie: account.cookie }))).results
  }

  it('opens the next episode not watched yet, and leaves the row at the show’s end', async () => {
    const me = await createUser()
    // Game of Thrones S2 E3 played to its end; E4 and E5 were marked watched before
    await marked(me, { content_type: 'tv', content_id: GAME_OF_THRONES, season_number: 2, episode_number: 4, watched: true })
    await marked(me, { content_type: 'tv', content_id: GAME_OF_THRONES, season_number: 2, episode_number: 5, watched: true })
    await report(me, { content_type: 'tv', content_id: GAME_OF_THRONES, season_number: 2, episode_number: 3, position: 3200, total_duration: 3300 })
    expect((await row(me))[0]).toMatchObject({ content_id: GAME_OF_THRONES, season_number: 2, episode_number: 6, position: 0, up_next: true })
    expect((await row(me))[0]).not.toHaveProperty('watched_episodes')

    // Chernobyl stopped halfway into E4, which is then marked watched with E5: nothing is left to play
    await report(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: 4, position: 1000, total_duration: 3600 })
    expect((await row(me))[0]).toMatchObject({ content_id: CHERNOBYL, episode_number: 4, position: 1000 })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await marked(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: 4, watched: true })
    expect((await row(me)).find((e) => e.content_id === CHERNOBYL)).toMatchObject({ episode_number: 5, up_next: true })
    await marked(me, { content_type: 'tv', content_id: CHERNOBYL, season_number: 1, episode_number: 5, watched: true })
    expect((await row(me)).map((e) => e.content_id)).toEqual([GAME_OF_THRONES])

    // a film stopped halfway and then marked watched leaves the row
    await report(me, { content_type: 'movie', content_id: 603, position: 3000, total_duration: 8000 })
    expect((await row(me))[0]).toMatchObject({ content_id: 603 })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await marked(me, { content_type: 'movie', content_id: 603, watched: true })
    expect((await row(me)).map((e) => e.content_id)).toEqual([GAME_OF_THRONES])
  })
})

describe('everyEpisodeWatched', () => {
  const episode = (season: number, number: number, air_date: string | null) => ({ id: season * 100 + number, season_number: season, episode_number: number, name: '', overview: '', air_date, still_path: null, runtime: null })
  const seasons: Record<number, Season> = {
    0: { id: 10, name: 'Specials', season_number: 0, episode_count: 1, air_date: '2020-01-01', poster_path: null, overview: '', episodes: [episode(0, 1, '2020-01-01')] },
    1: { id: 11, name: 'Season 1', season_number: 1, episode_count: 2, air_date: '2020-02-01', poster_path: null, overview: '', episodes: [episode(1, 1, '2020-02-01'), episode(1, 2, '2020-02-08')] },
    2: { id: 12, name: 'Season 2', season_number: 2, episode_count: 3, air_date: '2021-02-01', poster_path: null, overview: '', episodes: [episode(2, 1, '2021-02-01'), episode(2, 2, null), episode(2, 3, '2099-01-01')] },
  }
  const catalog = { season: async (_show: number, number: number) => seasons[number]! } as unknown as CatalogProvider
  const show = { id: 1, seasons: Object.values(seasons), last_episode_to_air: { season_number: 2, episode_number: 2, air_date: '2021-02-08' } } as Pick<TvDetails, 'id' | 'seasons' | 'last_episode_to_air'>
  const marks = (...keys: [number, number][]) => keys.map(([season_number, episode_number]) => ({ season_number, episode_number, plays: 1, last_watched_at: '' }))

  it('counts the aired episodes of the regular seasons only', async () => {
    const day = '2024-01-01'
    expect(await everyEpisodeWatched(catalog, show, marks([1, 1], [1, 2], [2, 1], [2, 2]), day)).toBe(true)
    expect(await everyEpisodeWatched(catalog, show, marks([1, 1], [2, 1], [2, 2]), day)).toBe(false)
    // an undated episode after the last aired one has not aired
    expect(await everyEpisodeWatched(catalog, { ...show, last_episode_to_air: { season_number: 2, episode_number: 1, air_date: null } }, marks([1, 1], [1, 2], [2, 1]), day)).toBe(true)
    expect(await everyEpisodeWatched(catalog, show, [], '2019-01-01')).toBe(false)
    expect(hasAired(episode(2, 3, '2099-01-01'), show, day)).toBe(false)
  })
})

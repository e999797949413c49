import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { MAPPED_TITLES_KEY, PLAYBACK_MEMO_MS } from '../player/streams'
import { call, createAdmin, createUser, json, type TestAccount } from './helpers/accounts'
import { serveMediaHost } from './helpers/media-host'
import { settledFetch, withoutD1 } from './helpers/settled'

interface StreamRow {
  id: number
  content_type: 'movie' | 'tv'
  content_id: number
  season_number: number
  episode_number: number
  master_url: string
  thumbnails_url: string | null
  label: string | null
}

let admin: TestAccount
let user: TestAccount

// Every stream saved here is first loaded from this host, as an administrator's would be.
beforeEach(() => {
  serveMediaHost()
})
afterEach(() => {
  vi.restoreAllMocks()
})

beforeAll(async () => {
  admin = await createAdmin()
  user = await createUser()
})

let nextContentId = 910_000
function freshId(): number {
  nextContentId += 1
  return nextContentId
}

async function addStream(body: Record<string, unknown>): Promise<Response> {
  return call('/api/admin/streams', { body, cookie: admin.cookie })
}

describe('admin streams: access', () => {
  it.each([
    ['GET', '/api/admin/streams'],
    ['POST', '/api/admin/streams'],
    ['PUT', '/api/admin/streams/1'],
    ['DELETE', '/api/admin/streams/1'],
  ])('%s %s answers 401 signed out and 403 for a user', async (method, path) => {
    const body = method === 'POST' || method === 'PUT' ? { content_type: 'movie', content_id: 1, master_url: 'https://media.example/x.m3u8' } : undefined
    const anonymous = await call(path, { method, body })
    expect(anonymous.status).toBe(401)
    expect(await json(anonymous)).toEqual({ error: 'No user logged in' })
    const asUser = await call(path, { method, body, cookie: user.cookie })
    expect(asUser.status).toBe(403)
    expect(await json(asUser)).toEqual({ error: 'Admin Access Required' })
  })
})

describe('POST /api/admin/streams', () => {
  it('maps a film to a master playlist, and the player then plays it', async () => {
    const id = freshId()
    const res = await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/films/master.m3u8', label: 'Festival cut' })
    expect(res.status).toBe(201)
    const { stream } = await json<{ stream: StreamRow }>(res)
    expect(stream).toMatchObject({ content_type: 'movie', content_id: id, season_number: 0, episode_number: 0, label: 'Festival cut', thumbnails_url: null })

    const played = await call(`/api/player/stream/movie/${id}`)
    expect(await json(played)).toEqual({ url: 'https://media.example/films/master.m3u8', label: 'Festival cut', thumbnails: null, origin: 'mapped' })
  })

  it("keeps a stream's preview thumbnails track, which the player is then told of", async () => {
    const id = freshId()
    const res = await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/f/master.m3u8', thumbnails_url: ' https://media.example/f/thumbs.vtt ' })
    expect(res.status).toBe(201)
    const { stream } = await json<{ stream: StreamRow }>(res)
    expect(stream.thumbnails_url).toBe('https://media.example/f/thumbs.vtt')
    expect(await json(await call(`/api/player/stream/movie/${id}`))).toMatchObject({ url: 'https://media.example/f/master.m3u8', thumbnails: 'https://media.example/f/thumbs.vtt' })

    // Replaced without one, the stream has none.
    const put = await call(`/api/admin/streams/${stream.id}`, { method: 'PUT', cookie: admin.cookie, body: { content_type: 'movie', content_id: id, master_url: 'https://media.example/f/master.m3u8' } })
    expect((await json<{ stream: StreamRow }>(put)).stream.thumbnails_url).toBeNull()
    expect(await json(await call(`/api/player/stream/movie/${id}`))).toMatchObject({ url: 'https://media.example/f/master.m3u8', thumbnails: null })
  })

  it('maps one episode of a show', async () => {
    const id = freshId()
    const res = await addStream({ content_type: 'tv', content_id: id, season_number: 3, episode_number: 2, master_url: 'https://media.example/shows/s3e2/master.m3u8' })
    expect(res.status).toBe(201)
    const played = await call(`/api/player/stream/tv/${id}?season=3&episode=2`)
    expect(await json(played)).toMatchObject({ url: 'https://media.example/shows/s3e2/master.m3u8', origin: 'mapped' })
  })

  it('answers 409 for a second stream of the same title and episode', async () => {
    const id = freshId()
    expect((await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/a.m3u8' })).status).toBe(201)
    const again = await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/b.m3u8' })
    expect(again.status).toBe(409)
    expect(await json(again)).toEqual({ error: expect.stringContaining('already exists') })
  })

  it.each([
    ['an http:// URL', { master_url: 'http://media.example/master.m3u8' }],
    ['a javascript: URL', { master_url: 'javascript:alert(1)' }],
    ['a protocol-relative URL', { master_url: '//evil.example/master.m3u8' }],
    ['a path outside /media/', { master_url: '/api/me/profile' }],
    ['path traversal', { master_url: '/media/../api/me/profile' }],
    ['thumbnails over http://', { thumbnails_url: 'http://media.example/thumbs.vtt' }],
    ['thumbnails outside /media/', { thumbnails_url: '/api/me/profile' }],
    ['thumbnails by encoded traversal', { thumbnails_url: '/media/%2e%2e/api/admin/export' }],
    ['thumbnails that are not text', { thumbnails_url: 42 }],
    ['an unknown content type', { content_type: 'episode' }],
    ['a non-numeric id', { content_id: 'abc' }],
    ['a film with an episode', { season_number: 1, episode_number: 1 }],
    ['a negative season', { content_type: 'tv', season_number: -1 }],
  ])('answers 400 with an error for %s', async (_label, change) => {
    const res = await addStream({ content_type: 'movie', content_id: freshId(), master_url: 'https://media.example/ok.m3u8', ...change })
    expect(res.status).toBe(400)
    expect(await json(res)).toEqual({ error: expect.any(String) })
  })

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call('/api/admin/streams', { body: 'not json', contentType: 'application/json', cookie: admin.cookie })
    expect(res.status).toBe(400)
    expect(await json(res)).toEqual({ error: expect.any(String) })
  })
})

describe('GET /api/admin/streams', () => {
  it('lists streams, filtered by title', async () => {
    const id = freshId()
    await addStream({ content_type: 'tv', content_id: id, season_number: 1, episode_number: 2, master_url: 'https://media.example/e2.m3u8' })
    await addStream({ content_type: 'tv', content_id: id, season_number: 1, episode_number: 1, master_url: 'https://media.example/e1.m3u8' })
    const res = await call(`/api/admin/streams?content_type=tv&content_id=${id}`, { cookie: admin.cookie })
    expect(res.status).toBe(200)
    const { results } = await json<{ results: StreamRow[] }>(res)
    expect(results.map((s) => [s.season_number, s.episode_number, s.master_url])).toEqual([
      [1, 1, 'https://media.example/e1.m3u8'],
      [1, 2, 'https://media.example/e2.m3u8'],
    ])
  })

  it('answers one stream by id, and 404 for an unknown id', async () => {
    const id = freshId()
    const created = await json<{ stream: StreamRow }>(await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/one.m3u8', label: 'One' }))
    const res = await call(`/api/admin/streams/${created.stream.id}`, { cookie: admin.cookie })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ stream: created.stream })
    const missing = await call('/api/admin/streams/99999999', { cookie: admin.cookie })
    expect(missing.status).toBe(404)
    expect(await json(missing)).toEqual({ error: 'Stream not found' })
  })

  it('answers 400 for a bad filter', async () => {
    const res = await call('/api/admin/streams?content_type=book', { cookie: admin.cookie })
    expect(res.status).toBe(400)
  })
})

describe('PUT and DELETE /api/admin/streams/:id', () => {
  it('replaces a stream, and removing it returns the title to the sample', async () => {
    const id = freshId()
    const created = await json<{ stream: StreamRow }>(await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/old.m3u8' }))
    const put = await call(`/api/admin/streams/${created.stream.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { content_type: 'movie', content_id: id, master_url: 'https://media.example/new.m3u8', label: 'Remaster' },
    })
    expect(put.status).toBe(200)
    expect(await json(await call(`/api/player/stream/movie/${id}`))).toMatchObject({ url: 'https://media.example/new.m3u8', label: 'Remaster' })

    const del = await call(`/api/admin/streams/${created.stream.id}`, { method: 'DELETE', cookie: admin.cookie })
    expect(del.status).toBe(200)
    expect(await json(await call(`/api/player/stream/movie/${id}`))).toMatchObject({ origin: 'sample' })
    const again = await call(`/api/admin/streams/${created.stream.id}`, { method: 'DELETE', cookie: admin.cookie })
    expect(again.status).toBe(404)
  })

  it('answers 409 when a replacement collides with another stream, and 404 for an unknown id', async () => {
    const id = freshId()
    await addStream({ content_type: 'tv', content_id: id, season_number: 1, episode_number: 1, master_url: 'https://media.example/1.m3u8' })
    const second = await json<{ stream: StreamRow }>(await addStream({ content_type: 'tv', content_id: id, season_number: 1, episode_number: 2, master_url: 'https://media.example/2.m3u8' }))
    const clash = await call(`/api/admin/streams/${second.stream.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { content_type: 'tv', content_id: id, season_number: 1, episode_number: 1, master_url: 'https://media.example/2.m3u8' },
    })
    expect(clash.status).toBe(409)
    const missing = await call('/api/admin/streams/99999999', {
      method: 'PUT',
      cookie: admin.cookie,
      body: { content_type: 'movie', content_id: id, master_url: 'https://media.example/x.m3u8' },
    })
    expect(missing.status).toBe(404)
  })

  it('moves only one of several streams sent to the same episode together; the others get 409, none a 500', async () => {
    const id = freshId()
    const episode = (n: number) => ({ content_type: 'tv', content_id: id, season_number: 1, episode_number: n })
    const rows: StreamRow[] = []
    for (let n = 1; n <= 6; n++) rows.push((await json<{ stream: StreamRow }>(await addStream({ ...episode(n), master_url: `https://media.example/${n}.m3u8` }))).stream)
    const move = (row: StreamRow, url: string) =>
      call(`/api/admin/streams/${row.id}`, { method: 'PUT', cookie: admin.cookie, body: { ...episode(9), master_url: url } })
    const answers = await Promise.all(rows.map((row) => move(row, row.master_url)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    const listed = await json<{ results: StreamRow[] }>(await call(`/api/admin/streams?content_type=tv&content_id=${id}`, { cookie: admin.cookie }))
    expect(listed.results).toHaveLength(6)
    expect(listed.results.filter((r) => r.episode_number === 9)).toHaveLength(1)

    // Saving a stream onto its own episode again is not a clash.
    const winner = listed.results.find((r) => r.episode_number === 9)!
    expect((await move(winner, 'https://media.example/again.m3u8')).status).toBe(200)
  })

  it('answers 400 for an id that is not a positive number', async () => {
    const res = await call('/api/admin/streams/abc', { method: 'DELETE', cookie: admin.cookie })
    expect(res.status).toBe(400)
  })
})

describe('the stream lookup behind GET /api/player/stream', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is read from KV and kept per isolate: no D1 even in a fresh isolate, an admin edit shows at once, a change made elsewhere within a minute', async () => {
    const id = freshId()
    const played = async (bindings?: Cloudflare.Env) => {
      const res = await settledFetch(`/api/player/stream/movie/${id}`, bindings)
      expect(res.status).toBe(200)
      return JSON.parse(res.text) as { url: string | null; origin: string }
    }
    expect(await played()).toMatchObject({ origin: 'sample' })
    expect(await played(withoutD1())).toMatchObject({ origin: 'sample' })

    expect((await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/first.m3u8' })).status).toBe(201)
    expect(await played()).toMatchObject({ url: 'https://media.example/first.m3u8', origin: 'mapped' })
    expect(await played(withoutD1())).toMatchObject({ url: 'https://media.example/first.m3u8', origin: 'mapped' })
    forgetIsolateMemos()
    expect(await played(withoutD1())).toMatchObject({ url: 'https://media.example/first.m3u8', origin: 'mapped' })
    // A title nobody mapped a stream to is told apart from the list of mapped titles in KV.
    forgetIsolateMemos()
    expect(JSON.parse((await settledFetch(`/api/player/stream/movie/${freshId()}`, withoutD1())).text)).toMatchObject({ origin: 'sample' })
    expect(await played(withoutD1())).toMatchObject({ url: 'https://media.example/first.m3u8', origin: 'mapped' })

    // Another isolate's edit writes D1 and the KV copies; this isolate follows within its memo time.
    await env.DB.prepare("update streams set master_url = 'https://media.example/second.m3u8' where content_type = 'movie' and content_id = ?").bind(id).run()
    const copy = (await env.CACHE.get<{ master_url: string }[]>(`v1:streams:title:movie:${id}`, 'json'))!
    await env.CACHE.put(`v1:streams:title:movie:${id}`, JSON.stringify(copy.map((row) => ({ ...row, master_url: 'https://media.example/second.m3u8' }))))
    expect(await played()).toMatchObject({ url: 'https://media.example/first.m3u8' })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + PLAYBACK_MEMO_MS + 1000)
    expect(await played()).toMatchObject({ url: 'https://media.example/second.m3u8' })
  })
})

describe('the KV copies of the stream mappings', () => {
  it('follow every edit: a stream moved to another title leaves the first, a removed one leaves no entry', async () => {
    const [first, second] = [freshId(), freshId()]
    const created = await json<{ stream: StreamRow }>(await addStream({ content_type: 'movie', content_id: first, master_url: 'https://media.example/a.m3u8' }))
    expect(await env.CACHE.get<string[]>(MAPPED_TITLES_KEY, 'json')).toContain(`movie:${first}`)
    const moved = await call(`/api/admin/streams/${created.stream.id}`, { method: 'PUT', cookie: admin.cookie, body: { content_type: 'movie', content_id: second, master_url: 'https://media.example/b.m3u8' } })
    expect(moved.status).toBe(200)
    const titles = await env.CACHE.get<string[]>(MAPPED_TITLES_KEY, 'json')
    expect(titles).toContain(`movie:${second}`)
    expect(titles).not.toContain(`movie:${first}`)
    expect(await env.CACHE.get(`v1:streams:title:movie:${first}`)).toBeNull()
    forgetIsolateMemos()
    expect(JSON.parse((await settledFetch(`/api/player/stream/movie/${first}`, withoutD1())).text)).toMatchObject({ origin: 'sample' })
    expect(JSON.parse((await settledFetch(`/api/player/stream/movie/${second}`, withoutD1())).text)).toMatchObject({ url: 'https://media.example/b.m3u8' })
    expect((await call(`/api/admin/streams/${created.stream.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200)
    expect(await env.CACHE.get<string[]>(MAPPED_TITLES_KEY, 'json')).not.toContain(`movie:${second}`)
    expect(await env.CACHE.get(`v1:streams:title:movie:${second}`)).toBeNull()
  })

  it('are rebuilt from D1 when lost, once, after which a lookup needs no D1', async () => {
    const id = freshId()
    expect((await addStream({ content_type: 'tv', content_id: id, season_number: 0, episode_number: 0, master_url: 'https://media.example/show.m3u8' })).status).toBe(201)
    await env.CACHE.delete(MAPPED_TITLES_KEY)
    await env.CACHE.delete(`v1:streams:title:tv:${id}`)
    forgetIsolateMemos()
    expect(JSON.parse((await settledFetch(`/api/player/stream/tv/${id}?season=2&episode=3`)).text)).toMatchObject({ url: 'https://media.example/show.m3u8' })
    forgetIsolateMemos()
    expect(JSON.parse((await settledFetch(`/api/player/stream/tv/${id}?season=2&episode=3`, withoutD1())).text)).toMatchObject({ url: 'https://media.example/show.m3u8' })
  })
})

describe('checking an address before it is saved', () => {
  const check = (body: Record<string, unknown>) => call('/api/admin/streams/check', { body, cookie: admin.cookie })

  it("loads the bundled sample from the site's own files and reports its renditions, captions and length", async () => {
    const res = await check({ master_url: '/media/sample/master.m3u8', thumbnails_url: '/media/sample/thumbnails.vtt' })
    expect(res.status).toBe(200)
    const { report } = await json<{ report: { kind: string; renditions: { resolution: string }[]; captions: { name: string; language: string }[]; duration_seconds: number; thumbnails: boolean } }>(res)
    expect(report.kind).toBe('master')
    expect(report.renditions.map((r) => r.resolution)).toEqual(['426x240', '640x360', '854x480'])
    expect(report.captions.length).toBeGreaterThan(0)
    expect(report.duration_seconds).toBeGreaterThan(0)
    expect(report.thumbnails).toBe(true)
  })

  it('loads an https master, and its first rendition, from the network', async () => {
    const asked = serveMediaHost()
    const res = await check({ master_url: 'https://media.example/show/master.m3u8' })
    expect(res.status).toBe(200)
    const { report } = await json<{ report: { renditions: { resolution: string; bandwidth: number; uri: string }[]; captions: unknown[]; duration_seconds: number } }>(res)
    expect(report.renditions).toEqual([
      { resolution: '426x240', bandwidth: 400000, codecs: null, uri: 'https://media.example/show/240p/index.m3u8' },
      { resolution: '854x480', bandwidth: 1400000, codecs: null, uri: 'https://media.example/show/480p/index.m3u8' },
    ])
    expect(report.captions).toEqual([{ name: 'English', language: 'en' }])
    expect(report.duration_seconds).toBe(18)
    expect(asked.map((u) => u.pathname)).toEqual(['/show/master.m3u8', '/show/240p/index.m3u8'])
  })

  it.each([
    ['a 404', { master_url: 'https://media.example/missing/master.m3u8' }, 'The address https://media.example/missing/master.m3u8 could not be loaded (HTTP 404).'],
    ['a web page', { master_url: 'https://media.example/html/master.m3u8' }, 'The address did not answer with an HLS playlist (it must start with #EXTM3U).'],
    ['a master naming an http:// rendition', { master_url: 'https://media.example/mixed/master.m3u8' }, 'The playlist names an address the player may not load: http://media.example/plain/index.m3u8'],
    ['a master naming no rendition', { master_url: 'https://media.example/empty/master.m3u8' }, 'The playlist names no rendition that can be played.'],
    ['a redirect to http://', { master_url: 'https://media.example/to-http/master.m3u8' }, 'The address https://media.example/to-http/master.m3u8 could not be loaded (redirected away from https).'],
    ['a playlist over 1 MB', { master_url: 'https://media.example/huge/master.m3u8' }, 'The playlist is larger than 1 MB.'],
    ['an answer that breaks off', { master_url: 'https://media.example/cut/master.m3u8' }, 'The address https://media.example/cut/master.m3u8 could not be loaded (the answer was cut off or too slow).'],
    ['a missing file of the site', { master_url: '/media/nothing-here/master.m3u8' }, 'The address /media/nothing-here/master.m3u8 could not be loaded (HTTP 404).'],
    ['thumbnails that are not WebVTT', { master_url: 'https://media.example/t/master.m3u8', thumbnails_url: 'https://media.example/html/thumbs.vtt' }, 'The thumbnails address did not answer with a WebVTT track.'],
  ])('refuses %s with a message saying why, and saving it keeps nothing', async (_label, body, message) => {
    const res = await check(body)
    expect(res.status).toBe(400)
    expect(await json(res)).toEqual({ error: message })
    const id = freshId()
    const saved = await addStream({ content_type: 'movie', content_id: id, ...body })
    expect(saved.status).toBe(400)
    expect(await json(saved)).toEqual({ error: message })
    expect((await json<{ results: unknown[] }>(await call(`/api/admin/streams?content_type=movie&content_id=${id}`, { cookie: admin.cookie }))).results).toEqual([])
  })

  it('follows an https redirect, and never asks an http:// address', async () => {
    const asked = serveMediaHost()
    expect((await check({ master_url: 'https://media.example/moved/master.m3u8' })).status).toBe(200)
    expect(asked.map((u) => u.pathname)).toEqual(['/moved/master.m3u8', '/kept/master.m3u8', '/kept/240p/index.m3u8'])
    asked.length = 0
    expect((await check({ master_url: 'https://media.example/to-http/master.m3u8' })).status).toBe(400)
    expect(asked.map((u) => u.protocol)).toEqual(['https:'])
  })

  it('refuses a replacement that does not load, and the stream stays as it was', async () => {
    const id = freshId()
    const created = await json<{ stream: StreamRow }>(await addStream({ content_type: 'movie', content_id: id, master_url: 'https://media.example/good/master.m3u8' }))
    const put = await call(`/api/admin/streams/${created.stream.id}`, { method: 'PUT', cookie: admin.cookie, body: { content_type: 'movie', content_id: id, master_url: 'https://media.example/missing/master.m3u8' } })
    expect(put.status).toBe(400)
    expect(await json(await call(`/api/admin/streams/${created.stream.id}`, { cookie: admin.cookie }))).toEqual({ stream: created.stream })
  })
})

describe('GET /api/admin/streams/missing', () => {
  it('lists the titles viewers watch or save that no stream plays, most watched first', async () => {
    const [watched, saved, mapped] = [freshId(), freshId(), freshId()]
    const insert = env.DB.prepare('insert into title_figures (content_type, content_id, title, watched, saved) values (?, ?, ?, ?, ?)')
    await env.DB.batch([insert.bind('movie', watched, 'Watched a lot', 900_000, 1), insert.bind('tv', saved, 'Saved only', 899_999, 5), insert.bind('movie', mapped, 'Has a stream', 900_001, 9)])
    await addStream({ content_type: 'movie', content_id: mapped, master_url: 'https://media.example/m/master.m3u8' })
    const res = await call('/api/admin/streams/missing', { cookie: admin.cookie })
    expect(res.status).toBe(200)
    const { results } = await json<{ results: { content_type: string; content_id: number; title: string }[] }>(res)
    const ids = results.map((r) => r.content_id)
    expect(ids.slice(0, 2)).toEqual([watched, saved])
    expect(ids).not.toContain(mapped)
    expect((await call('/api/admin/streams/missing', { cookie: user.cookie })).status).toBe(403)
  })
})

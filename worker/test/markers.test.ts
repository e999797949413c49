// Markers of streams: the operator enters them (an administrator past the second factor; bad spans
// refused with a 400, a second marker of a kind on one cut with a 409), viewers read them without
// D1 (KV copies, changed at once by an edit), the operator's come before detection's and a detected
// marker below the confidence floor never shows; a viewer's "this was wrong" counts once per account.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '../index'
import type { AdminMarker, MarkersAnswer } from '../player/marker-rules'
import { MARKED_TITLES_KEY } from '../player/markers'
import { forgetIsolateMemos } from '../lib/isolate-memo'
import { countD1 } from './helpers/d1-counter'
import { call, createAdmin, createUser, ORIGIN, type TestAccount } from './helpers/accounts'

let admin: TestAccount

beforeAll(async () => {
  admin = await createAdmin()
})

let nextId = 700000
/** A title id no other test of this file uses. */
const freshId = () => (nextId += 1)

function addMarker(body: Record<string, unknown>, cookie = admin.cookie) {
  return call('/api/admin/markers', { cookie, body })
}

async function added(body: Record<string, unknown>): Promise<AdminMarker> {
  const res = await addMarker(body)
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json<{ marker: AdminMarker }>()).marker
}

async function viewerMarkers(path: string): Promise<MarkersAnswer> {
  const res = await call(`/api/player/markers/${path}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return res.json<MarkersAnswer>()
}

/** A marker detection wrote (there is no API for it: detection writes D1 and then the copies). */
async function detected(id: number, kind: string, startMs: number, endMs: number, confidence: number, durationMs = 12000) {
  await env.DB.prepare("INSERT INTO stream_markers (content_type, content_id, kind, start_ms, end_ms, duration_ms, source, confidence) VALUES ('movie', ?, ?, ?, ?, ?, 'detected', ?)")
    .bind(id, kind, startMs, endMs, durationMs, confidence)
    .run()
  await env.CACHE.delete(MARKED_TITLES_KEY)
  forgetIsolateMemos()
}

describe('the operator’s markers', () => {
  it('are an administrator’s past the second factor to write and to list', async () => {
    const user = await createUser()
    const halfway = await createAdmin({ secondFactor: false })
    const body = { content_type: 'movie', content_id: freshId(), kind: 'intro', start_ms: 1000, end_ms: 6000, duration_ms: 12000 }
    for (const [method, path] of [
      ['GET', '/api/admin/markers'],
      ['POST', '/api/admin/markers'],
      ['PUT', '/api/admin/markers/1'],
      ['DELETE', '/api/admin/markers/1'],
    ] as const) {
      const send = method === 'POST' || method === 'PUT' ? body : undefined
      expect((await call(path, { method, body: send })).status, `${method} ${path}`).toBe(401)
      expect((await call(path, { method, body: send, cookie: user.cookie })).status, `${method} ${path}`).toBe(403)
      expect((await call(path, { method, body: send, cookie: halfway.cookie })).status, `${method} ${path}`).toBe(403)
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stream_markers WHERE content_id = ?').bind(body.content_id).first('n')).toBe(0)
  })

  it('are added, listed, corrected and removed, and viewers see each change at once', async () => {
    const show = freshId()
    const intro = await added({ content_type: 'tv', content_id: show, season_number: 1, episode_number: 2, kind: 'intro', start_ms: 30000, end_ms: 52000, duration_ms: 1_320_000 })
    expect(intro).toMatchObject({ kind: 'intro', start_ms: 30000, end_ms: 52000, duration_ms: 1_320_000, source: 'operator', confidence: null, wrong_reports: 0, season_number: 1, episode_number: 2 })
    const credits = await added({ content_type: 'tv', content_id: show, season_number: 1, episode_number: 2, kind: 'credits', start_ms: 1_260_000, end_ms: 1_320_000, duration_ms: 1_320_000 })
    // another episode's marker is not this one's
    await added({ content_type: 'tv', content_id: show, season_number: 1, episode_number: 3, kind: 'intro', start_ms: 0, end_ms: 20000, duration_ms: 1_300_000 })

    const seen = await viewerMarkers(`tv/${show}?season=1&episode=2`)
    expect(seen.markers.map((m) => [m.id, m.kind, m.start_ms, m.end_ms])).toEqual([
      [intro.id, 'intro', 30000, 52000],
      [credits.id, 'credits', 1_260_000, 1_320_000],
    ])
    expect(seen.markers[0]).toEqual({ id: intro.id, kind: 'intro', start_ms: 30000, end_ms: 52000, duration_ms: 1_320_000, source: 'operator', confidence: null })

    const listed = await call(`/api/admin/markers?content_type=tv&content_id=${show}&season_number=1&episode_number=2`, { cookie: admin.cookie })
    expect((await listed.json<{ results: AdminMarker[] }>()).results.map((m) => m.id)).toEqual([intro.id, credits.id])

    const corrected = await call(`/api/admin/markers/${intro.id}`, { method: 'PUT', cookie: admin.cookie, body: { content_type: 'tv', content_id: show, season_number: 1, episode_number: 2, kind: 'intro', start_ms: 31000, end_ms: 53500, duration_ms: 1_320_000 } })
    expect(corrected.status).toBe(200)
    expect((await viewerMarkers(`tv/${show}?season=1&episode=2`)).markers[0]).toMatchObject({ start_ms: 31000, end_ms: 53500 })

    expect((await call(`/api/admin/markers/${credits.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200)
    expect((await viewerMarkers(`tv/${show}?season=1&episode=2`)).markers.map((m) => m.kind)).toEqual(['intro'])
    expect((await call(`/api/admin/markers/${credits.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404)
    expect((await call(`/api/admin/markers/${credits.id}`, { method: 'PUT', cookie: admin.cookie, body: { content_type: 'movie', content_id: show, kind: 'intro', start_ms: 0, end_ms: 1000, duration_ms: 5000 } })).status).toBe(404)
  })

  it('refuses a span that is not one, or one past the stream’s end, and a second of a kind on one cut', async () => {
    const film = freshId()
    const base = { content_type: 'movie', content_id: film, kind: 'intro', start_ms: 1000, end_ms: 6000, duration_ms: 12000 }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, start_ms: 6000, end_ms: 6000 }, 'end_ms: A marker must end after it starts'],
      [{ ...base, end_ms: 13000 }, "end_ms: A marker must end within the stream's length"],
      [{ ...base, kind: 'opening' }, 'kind'],
      [{ ...base, start_ms: -1 }, 'start_ms'],
      [{ ...base, season_number: 1, episode_number: 1 }, 'season_number'],
      [{ ...base, extra: true }, 'extra'],
    ]
    for (const [body, mention] of cases) {
      const res = await addMarker(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await res.json<{ error: string }>()).error, JSON.stringify(body)).toContain(mention)
    }
    const spanish = await call('/api/admin/markers', { cookie: admin.cookie, headers: { 'Accept-Language': 'es' }, body: { ...base, start_ms: 7000 } })
    expect((await spanish.json<{ error: string }>()).error).toContain('Un marcador debe terminar después de empezar')

    await added(base)
    const twice = await addMarker({ ...base, start_ms: 2000, duration_ms: 12500 })
    expect(twice.status).toBe(409)
    expect(await twice.json()).toEqual({ error: 'This title already has a marker of that kind for a stream of that length' })
    // another cut of the film (longer than the tolerance) may have its own
    await added({ ...base, duration_ms: 15000 })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stream_markers WHERE content_id = ?').bind(film).first('n')).toBe(2)
  })
})

describe('what viewers see', () => {
  it('detection’s markers when confident and not marked by the operator for that kind and cut', async () => {
    const film = freshId()
    await detected(film, 'intro', 1000, 5000, 0.9)
    await detected(film, 'recap', 0, 1000, 0.3)
    await detected(film, 'credits', 10000, 12000, 0.8)
    const before = await viewerMarkers(`movie/${film}`)
    expect(before.markers.map((m) => [m.kind, m.source, m.confidence])).toEqual([
      ['intro', 'detected', 0.9],
      ['credits', 'detected', 0.8],
    ])
    // the operator's intro for that cut replaces detection's
    await added({ content_type: 'movie', content_id: film, kind: 'intro', start_ms: 1500, end_ms: 5500, duration_ms: 12300 })
    const after = await viewerMarkers(`movie/${film}`)
    expect(after.markers.map((m) => [m.kind, m.source, m.start_ms])).toEqual([
      ['intro', 'operator', 1500],
      ['credits', 'detected', 10000],
    ])
    // the dashboard lists every one, the hidden low-confidence recap too
    const listed = await call(`/api/admin/markers?content_type=movie&content_id=${film}`, { cookie: admin.cookie })
    expect((await listed.json<{ results: AdminMarker[] }>()).results.map((m) => m.kind).sort()).toEqual(['credits', 'intro', 'intro', 'recap'])
  })

  it('cost no D1 query once the isolate or KV has the title, whether it has markers or not', async () => {
    const film = freshId()
    await added({ content_type: 'movie', content_id: film, kind: 'intro', start_ms: 0, end_ms: 4000, duration_ms: 12000 })
    await viewerMarkers(`movie/${film}`)
    forgetIsolateMemos()
    // a fresh isolate reads KV; an isolate that has read it reads nothing
    for (const path of [`movie/${film}`, `movie/${freshId()}`, `movie/${film}`]) {
      const counter = countD1(env.DB)
      const ctx = createExecutionContext()
      const res = await app.fetch(new Request(`${ORIGIN}/api/player/markers/${path}`), { ...env, DB: counter.db }, ctx)
      await waitOnExecutionContext(ctx)
      expect(res.status).toBe(200)
      expect(counter.queries(), path).toBe(0)
    }
    const res = await call(`/api/player/markers/movie/${film}`)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60')
    expect((await call('/api/player/markers/show/1')).status).toBe(400)
    expect((await call(`/api/player/markers/movie/${film}?season=x`)).status).toBe(400)
  })
})

describe('a viewer’s “this was wrong”', () => {
  it('counts once per account for the operator, needs an account, and goes with the account', async () => {
    const film = freshId()
    const marker = await added({ content_type: 'movie', content_id: film, kind: 'intro', start_ms: 0, end_ms: 4000, duration_ms: 12000 })
    const viewer = await createUser()
    const other = await createUser()
    expect((await call(`/api/player/markers/${marker.id}/wrong`, { method: 'POST' })).status).toBe(401)
    expect((await call(`/api/player/markers/${marker.id}/wrong`, { method: 'POST', cookie: viewer.cookie })).status).toBe(201)
    expect((await call(`/api/player/markers/${marker.id}/wrong`, { method: 'POST', cookie: viewer.cookie })).status).toBe(200)
    expect((await call(`/api/player/markers/${marker.id}/wrong`, { method: 'POST', cookie: other.cookie })).status).toBe(201)
    expect((await call('/api/player/markers/999999999/wrong', { method: 'POST', cookie: other.cookie })).status).toBe(404)
    const count = async () => {
      const listed = await call(`/api/admin/markers?content_type=movie&content_id=${film}`, { cookie: admin.cookie })
      return (await listed.json<{ results: AdminMarker[] }>()).results[0]!.wrong_reports
    }
    expect(await count()).toBe(2)
    // viewers still see it: the hide is the viewer's own, kept in the browser
    expect((await viewerMarkers(`movie/${film}`)).markers).toHaveLength(1)
    const deleted = await call('/api/me/account', { method: 'DELETE', cookie: other.cookie, body: { password: other.password } })
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300)
    expect(await count()).toBe(1)
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { covers, keptReports, remember, setProgressOwner, UNSENT_STORAGE_KEY, type KeptReport } from './unsent-progress'
import { settleUnsentProgress } from './settle-kept-progress'
import { titleOfPath } from './settle-unsent-progress'

const report = (over: Partial<KeptReport> = {}) => ({
  content_id: 1396,
  content_type: 'tv' as const,
  title: 'Show',
  poster_path: null,
  season_number: 2,
  episode_number: 3,
  watch_duration: 40,
  position: 35,
  total_duration: 600,
  completed: false,
  ...over,
})

/** The API at the network boundary: the stored row per title, and every PUT body it received. */
function fakeApi(stored: Record<string, object | null>, putStatus = 200) {
  const puts: unknown[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://site.test'), init)
    const path = new URL(request.url).pathname
    if (request.method === 'GET') {
      const key = path.replace('/api/me/history/', '')
      return Response.json({ entry: stored[key] ?? null })
    }
    if (request.method === 'PUT' && path === '/api/me/history') {
      puts.push(await request.json())
      return Response.json({ message: 'ok' }, { status: putStatus })
    }
    return Response.json({ error: 'Not found' }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, puts }
}

beforeEach(() => {
  localStorage.removeItem(UNSENT_STORAGE_KEY)
  setProgressOwner('user:7')
})
afterEach(() => {
  vi.unstubAllGlobals()
  setProgressOwner(null)
})

describe('settling kept progress on the next page', () => {
  it('sends a kept report the stored row lacks, whole, and then forgets it', async () => {
    remember(report())
    const { puts } = fakeApi({ 'tv/1396': { watch_duration: 0, season_number: 2, episode_number: 3 } })
    await settleUnsentProgress('user:7')
    expect(puts).toEqual([report()])
    expect(keptReports('user:7')).toEqual([])
  })

  it('sends nothing when the stored row already holds as much, and forgets the kept report', async () => {
    remember(report())
    const { puts } = fakeApi({ 'tv/1396': { watch_duration: 60, season_number: 2, episode_number: 3 } })
    await settleUnsentProgress('user:7')
    expect(puts).toEqual([])
    expect(keptReports('user:7')).toEqual([])
  })

  it('keeps the report when the API is unreachable or busy, and drops one it refuses as malformed', async () => {
    remember(report())
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    await settleUnsentProgress('user:7')
    expect(keptReports('user:7')).toHaveLength(1)
    fakeApi({}, 503)
    await settleUnsentProgress('user:7')
    expect(keptReports('user:7')).toHaveLength(1)
    fakeApi({}, 400)
    await settleUnsentProgress('user:7')
    expect(keptReports('user:7')).toEqual([])
  })

  it("touches only the account's own reports", async () => {
    remember(report())
    setProgressOwner('user:8')
    remember(report({ content_id: 1399 }))
    const { puts } = fakeApi({})
    await settleUnsentProgress('user:7')
    expect(puts).toEqual([report()])
    expect(keptReports('user:8')).toHaveLength(1)
  })

  it('leaves the title whose page is open to that page, and settles the others', async () => {
    remember(report())
    remember(report({ content_id: 1399 }))
    const { fetch, puts } = fakeApi({})
    await settleUnsentProgress('user:7', 'tv:1396')
    expect(puts).toEqual([report({ content_id: 1399 })])
    expect(fetch.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('/1396'))).toBe(false)
    expect(keptReports('user:7').map((r) => r.content_id)).toEqual([1396])
    expect([titleOfPath('/tv/1396'), titleOfPath('/movie/155'), titleOfPath('/tv/1396/extra'), titleOfPath('/genres')]).toEqual(['tv:1396', 'movie:155', null, null])
  })

  it('judges a stored row of another episode as not covering the kept one', () => {
    expect(covers({ watch_duration: 90, position: 0, season_number: 2, episode_number: 2 }, report(), false)).toBe(false)
    expect(covers({ watch_duration: 40, position: 0, season_number: 2, episode_number: 3 }, report(), false)).toBe(true)
    expect(covers(null, report(), false)).toBe(false)
  })
})

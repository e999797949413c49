import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { beaconProgress, sendProgress, setProgressOwner, unsentProgress, UNSENT_STORAGE_KEY } from './history-client'
import type { HistoryPayload } from './progress'
import { newerOf } from './use-watch-history'

const payload = (over: Partial<HistoryPayload> = {}): HistoryPayload => ({
  content_id: 1396,
  content_type: 'tv',
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

beforeEach(() => {
  localStorage.removeItem(UNSENT_STORAGE_KEY)
  setProgressOwner('user:7')
})
afterEach(() => {
  vi.unstubAllGlobals()
  setProgressOwner(null)
})

describe('history-client', () => {
  it('keeps a report sent by beacon, for its account only, until the API answers one that covers it', async () => {
    const sendBeacon = vi.fn(() => true)
    vi.stubGlobal('navigator', { ...navigator, sendBeacon })
    beaconProgress(payload())
    expect(sendBeacon).toHaveBeenCalledWith('/api/me/history', expect.any(Blob))
    expect(unsentProgress('tv', 1396)).toEqual(payload())
    setProgressOwner('user:8')
    expect(unsentProgress('tv', 1396)).toBeNull()
    setProgressOwner('user:7')

    const fetch = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    await sendProgress(payload({ watch_duration: 40 }))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(unsentProgress('tv', 1396)).toBeNull()
  })

  it('keeps the report when the API refuses it or cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"x"}', { status: 503 })))
    await sendProgress(payload())
    expect(unsentProgress('tv', 1396)).toEqual(payload())
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    await sendProgress(payload({ position: 50, watch_duration: 55 }))
    expect(unsentProgress('tv', 1396)?.position).toBe(50)
  })

  it('falls back to a keepalive fetch when the browser has no beacon', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined })
    const fetch = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', fetch)
    beaconProgress(payload())
    expect(fetch).toHaveBeenCalledWith('/api/me/history', expect.objectContaining({ method: 'PUT', keepalive: true }))
  })

  it('keeps nothing for nobody', async () => {
    setProgressOwner(null)
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 401 })))
    await sendProgress(payload())
    expect(localStorage.getItem(UNSENT_STORAGE_KEY)).toBeNull()
  })
})

describe('newerOf', () => {
  const stored = { ...payload({ watch_duration: 10, position: 10 }), season_number: 1, episode_number: 1, id: 1, owner_type: 'user' as const, owner_id: 7, watched_at: '2026-01-01T00:00:00Z' }
  it('takes this browser’s report when it has watched more, or as much elsewhere', () => {
    expect(newerOf(stored, payload())).toMatchObject({ watch_duration: 40, position: 35, season_number: 2, episode_number: 3 })
    expect(newerOf(stored, payload({ watch_duration: 10, position: 0 }))).toMatchObject({ season_number: 2, episode_number: 3, position: 0 })
    expect(newerOf(null, payload())).toMatchObject({ content_id: 1396, watch_duration: 40 })
  })
  it('keeps the stored entry when it has watched more, or there is no report', () => {
    expect(newerOf({ ...stored, watch_duration: 99 }, payload())).toMatchObject({ watch_duration: 99, season_number: 1 })
    expect(newerOf(stored, null)).toBe(stored)
  })
})

describe('clearing the history', () => {
  it('drops the kept reports of the account, and only those', async () => {
    const { forgetUnsentProgress } = await import('../../lib/unsent-progress')
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: vi.fn(() => true) })
    beaconProgress(payload())
    setProgressOwner('user:8')
    beaconProgress(payload({ content_id: 99 }))
    // The page clearing the history may never have opened a title (no owner set here).
    setProgressOwner(null)
    forgetUnsentProgress('user:7')
    setProgressOwner('user:7')
    expect(unsentProgress('tv', 1396)).toBeNull()
    setProgressOwner('user:8')
    expect(unsentProgress('tv', 99)).not.toBeNull()
  })
})

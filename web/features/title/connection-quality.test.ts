import { describe, expect, it } from 'vitest'
import { measureConnectionQuality, qualityFromDownlink, qualityFromLatency, timedPing, withQualityQuery } from './connection-quality'

describe('qualityFromDownlink', () => {
  it.each([
    [50, 'excellent'],
    [10, 'excellent'],
    [9.99, 'good'],
    [5, 'good'],
    [4.9, 'poor'],
    [2, 'poor'],
    [1.99, 'very-poor'],
    [0.1, 'very-poor'],
  ] as const)('%s Mbit/s is %s', (mbps, expected) => {
    expect(qualityFromDownlink(mbps)).toBe(expected)
  })
})

describe('qualityFromLatency', () => {
  it.each([
    [0, 'excellent'],
    [99, 'excellent'],
    [100, 'good'],
    [299, 'good'],
    [300, 'poor'],
    [999, 'poor'],
    [1000, 'very-poor'],
    [5000, 'very-poor'],
  ] as const)('%s ms is %s', (ms, expected) => {
    expect(qualityFromLatency(ms)).toBe(expected)
  })
})

describe('measureConnectionQuality', () => {
  const unreachable = () => Promise.reject(new Error('should not ping'))

  it('uses the reported downlink without pinging', async () => {
    await expect(measureConnectionQuality({ readConnection: () => ({ downlink: 6 }), ping: unreachable })).resolves.toBe('good')
  })

  it('pings when the browser reports no connection', async () => {
    await expect(measureConnectionQuality({ readConnection: () => undefined, ping: async () => 250 })).resolves.toBe('good')
    await expect(measureConnectionQuality({ readConnection: () => ({}), ping: async () => 40 })).resolves.toBe('excellent')
  })

  it('gives poor when reading the report fails', async () => {
    const readConnection = () => {
      throw new Error('blocked')
    }
    await expect(measureConnectionQuality({ readConnection, ping: async () => 10 })).resolves.toBe('poor')
  })

  it('gives very-poor when the ping fails', async () => {
    await expect(measureConnectionQuality({ readConnection: () => undefined, ping: () => Promise.reject(new Error('offline')) })).resolves.toBe('very-poor')
  })
})

describe('timedPing', () => {
  it('sends an uncached HEAD /api/ping and answers the elapsed time', async () => {
    const calls: [string, RequestInit | undefined][] = []
    let clock = 1000
    const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(input), init])
      clock += 180
      return new Response(null, { status: 200 })
    }) as typeof fetch
    await expect(timedPing(fakeFetch, () => clock)).resolves.toBe(180)
    expect(calls).toEqual([['/api/ping', { method: 'HEAD', cache: 'no-store', signal: expect.any(AbortSignal) }]])
  })

  it('throws when the ping answers an error status', async () => {
    const fakeFetch = (async () => new Response(null, { status: 503 })) as typeof fetch
    await expect(timedPing(fakeFetch, () => 0)).rejects.toThrow('503')
  })
})

describe('withQualityQuery', () => {
  it.each([
    ['very-poor', 'low', 'minimal'],
    ['poor', 'medium', 'reduced'],
    ['good', 'high', 'normal'],
    ['excellent', 'auto', 'optimal'],
  ] as const)('%s appends quality=%s and buffer=%s, keeping the existing query', (quality, q, buffer) => {
    const url = new URL(withQualityQuery('https://player.example/embed/movie/7?lang=en', quality))
    expect(url.searchParams.get('lang')).toBe('en')
    expect(url.searchParams.get('quality')).toBe(q)
    expect(url.searchParams.get('buffer')).toBe(buffer)
  })
})

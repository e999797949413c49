// The API client's deadline: a server out of reach is told apart from a slow one by a ping, in
// time for a page to say so, and only what is worth it is retried. The network is faked at fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, fetchWithDeadline, retry, retryOnceUnlessAnswered, SLOW_ANSWER_MS, UnreachableError } from './api-client'

/** A fetch whose API calls answer after `answerMs` (never when null) and whose ping answers `ping`. */
function fakeNetwork({ answerMs, ping }: { answerMs: number | null; ping: 'ok' | 'hang' | 'refused' }) {
  const calls: string[] = []
  const fake = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    calls.push(url)
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason ?? new DOMException('aborted', 'AbortError')))
      if (url === '/api/ping') {
        if (ping === 'ok') resolve(new Response(null, { status: 200 }))
        else if (ping === 'refused') reject(new TypeError('Failed to fetch'))
        return
      }
      if (answerMs !== null) setTimeout(() => resolve(new Response('{}', { status: 200 })), answerMs)
    })
  })
  vi.stubGlobal('fetch', fake)
  return calls
}

beforeEach(() => {
  vi.useFakeTimers()
  // Each test starts with the server in reach.
  retry(() => undefined)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('fetchWithDeadline', () => {
  it('gives up on a call the server does not answer once a ping goes unanswered too, in under 5 s', async () => {
    const calls = fakeNetwork({ answerMs: null, ping: 'hang' })
    const call = fetchWithDeadline('/api/catalog/movie/155')
    const failed = expect(call).rejects.toBeInstanceOf(UnreachableError)
    await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS - 1)
    expect(calls).toEqual(['/api/catalog/movie/155'])
    await vi.advanceTimersByTimeAsync(4000)
    await failed
    expect(calls).toEqual(['/api/catalog/movie/155', '/api/ping'])

    // Just after, other calls fail at once instead of each waiting to find out; Retry asks again.
    await expect(fetchWithDeadline('/api/catalog/movie/238')).rejects.toBeInstanceOf(UnreachableError)
    expect(calls).toHaveLength(2)
    retry(() => undefined)
    void fetchWithDeadline('/api/catalog/movie/238').catch(() => undefined)
    expect(calls).toHaveLength(3)
  })

  it('waits for a slow answer from a server that answers its ping', async () => {
    fakeNetwork({ answerMs: 6000, ping: 'ok' })
    const call = fetchWithDeadline('/api/catalog/movie/155')
    await vi.advanceTimersByTimeAsync(6000)
    expect((await call).status).toBe(200)
  })

  it('turns a refused connection into UnreachableError at once, and leaves the caller’s own abort an abort', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(fetchWithDeadline('/api/catalog/movie/155')).rejects.toBeInstanceOf(UnreachableError)

    fakeNetwork({ answerMs: null, ping: 'ok' })
    const controller = new AbortController()
    const call = fetchWithDeadline('/api/catalog/movie/155', { signal: controller.signal })
    controller.abort()
    await expect(call).rejects.not.toBeInstanceOf(UnreachableError)
  })

  it('says offline when the browser has no network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
    const error = await fetchWithDeadline('/api/catalog/movie/155').catch((err: unknown) => err)
    expect(error).toBeInstanceOf(UnreachableError)
    expect((error as UnreachableError).offline).toBe(true)
    vi.restoreAllMocks()
  })
})

describe('retryOnceUnlessAnswered', () => {
  it('retries a server error once, never an answer, and never a server known to be out of reach', async () => {
    expect(retryOnceUnlessAnswered(0, new ApiError(502, 'bad gateway'))).toBe(true)
    expect(retryOnceUnlessAnswered(1, new ApiError(502, 'bad gateway'))).toBe(false)
    expect(retryOnceUnlessAnswered(0, new ApiError(404, 'Not found'))).toBe(false)
    expect(retryOnceUnlessAnswered(0, new ApiError(401, 'No user logged in'))).toBe(false)

    fakeNetwork({ answerMs: null, ping: 'refused' })
    const error = await Promise.all([fetchWithDeadline('/api/x').catch((err: unknown) => err), vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS + 10)]).then(([err]) => err)
    expect(error).toBeInstanceOf(UnreachableError)
    expect(retryOnceUnlessAnswered(0, error)).toBe(false)
  })
})

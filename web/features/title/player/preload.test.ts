import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FragmentPreloads, nextFragmentToPreload, PRELOAD_ABORT_MS, PRELOAD_AFTER_FRAGMENT_MS, PRELOAD_INTERVAL_MS, PreloadTimer, preloadingLoader } from './preload'

const fragments = [0, 1, 2, 3].map((n) => ({ url: `https://cdn.example/seg-${n}.m4s`, start: n * 4, duration: 4 }))

describe('nextFragmentToPreload', () => {
  it('picks the fragment after the one hls.js is downloading', () => {
    expect(nextFragmentToPreload(fragments, fragments[1]!.url, 8, () => false)?.url).toBe(fragments[2]!.url)
  })
  it('picks nothing when hls.js downloads nothing, at the last fragment, when it is buffered or already preloading', () => {
    expect(nextFragmentToPreload(fragments, null, 8, () => false)).toBeNull()
    expect(nextFragmentToPreload(fragments, fragments[3]!.url, 12, () => false)).toBeNull()
    expect(nextFragmentToPreload(fragments, fragments[1]!.url, 12, () => false)).toBeNull()
    expect(nextFragmentToPreload(fragments, fragments[1]!.url, 8, (url) => url === fragments[2]!.url)).toBeNull()
    expect(nextFragmentToPreload(fragments, 'https://cdn.example/other.m4s', 8, () => false)).toBeNull()
  })
})

describe('PreloadTimer', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('checks every 500 ms, and 100 ms after a fragment loads', () => {
    const check = vi.fn()
    const timer = new PreloadTimer(check)
    timer.start()
    vi.advanceTimersByTime(PRELOAD_INTERVAL_MS - 1)
    expect(check).toHaveBeenCalledTimes(0)
    vi.advanceTimersByTime(1)
    expect(check).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(PRELOAD_INTERVAL_MS)
    expect(check).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(200)
    timer.fragmentLoaded()
    vi.advanceTimersByTime(PRELOAD_AFTER_FRAGMENT_MS - 1)
    expect(check).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(1)
    expect(check).toHaveBeenCalledTimes(3)
    vi.advanceTimersByTime(PRELOAD_INTERVAL_MS)
    expect(check).toHaveBeenCalledTimes(4)
    timer.stop()
    timer.fragmentLoaded()
    vi.advanceTimersByTime(5000)
    expect(check).toHaveBeenCalledTimes(4)
  })
})

describe('FragmentPreloads', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('aborts a preload still running after 5000 ms, which then hands out nothing', async () => {
    const signals: AbortSignal[] = []
    const fetcher = vi.fn((_url: string, init: RequestInit) => {
      signals.push(init.signal!)
      return new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    })
    const preloads = new FragmentPreloads(fetcher)
    preloads.start('a')
    preloads.start('a')
    expect(fetcher).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(PRELOAD_ABORT_MS - 1)
    expect(signals[0]!.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(signals[0]!.aborted).toBe(true)
    await expect(preloads.take('a')).resolves.toBeNull()
    expect(preloads.take('a')).toBeNull()
  })

  it('hands a finished preload out once, with its timings', async () => {
    let clock = 100
    const preloads = new FragmentPreloads(() => Promise.resolve(new Response(new Uint8Array([1, 2, 3]))), () => (clock += 10))
    preloads.start('b')
    const hit = await preloads.take('b')
    expect(hit?.data.byteLength).toBe(3)
    expect(hit!.start).toBeLessThan(hit!.end)
    expect(preloads.has('b')).toBe(false)
  })

  it('keeps at most two, dropping the oldest', () => {
    const fetcher = vi.fn(() => new Promise<Response>(() => undefined))
    const preloads = new FragmentPreloads(fetcher)
    preloads.start('1')
    preloads.start('2')
    preloads.start('3')
    expect(preloads.has('1')).toBe(false)
    expect(preloads.size).toBe(2)
  })
})

describe('preloadingLoader', () => {
  function fakeBase() {
    const loads: string[] = []
    class Base {
      stats = { aborted: false, loaded: 0, retry: 0, total: 0, chunkCount: 0, bwEstimate: 0, loading: { start: 0, first: 0, end: 0 }, parsing: { start: 0, end: 0 }, buffering: { start: 0, first: 0, end: 0 } }
      load(context: { url: string }) {
        loads.push(context.url)
      }
      abort() {}
      destroy() {}
    }
    return { Base, loads }
  }

  it('answers from a preload, and loads as usual what was not preloaded or failed', async () => {
    const { Base, loads } = fakeBase()
    const preloads = new FragmentPreloads((url) => (url.endsWith('ok') ? Promise.resolve(new Response(new Uint8Array(8))) : Promise.reject(new Error('offline'))))
    preloads.start('https://cdn.example/ok')
    preloads.start('https://cdn.example/fails')
    const Loader = preloadingLoader(Base as never, preloads)
    const loader = new Loader({} as never)
    const onSuccess = vi.fn()
    const callbacks = { onSuccess, onError: vi.fn(), onTimeout: vi.fn() }
    loader.load({ url: 'https://cdn.example/ok', responseType: 'arraybuffer' } as never, {} as never, callbacks)
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1))
    expect(onSuccess.mock.calls[0]![0].data.byteLength).toBe(8)
    expect(loads).toEqual([])

    new Loader({} as never).load({ url: 'https://cdn.example/fails', responseType: 'arraybuffer' } as never, {} as never, callbacks)
    new Loader({} as never).load({ url: 'https://cdn.example/other', responseType: 'arraybuffer' } as never, {} as never, callbacks)
    await vi.waitFor(() => expect(loads).toEqual(['https://cdn.example/other', 'https://cdn.example/fails']))
  })
})

/**
 * SPEC.md's preload timer (section 9): every 500 ms, and 100 ms after a fragment has loaded, the
 * player looks at what hls.js is downloading and starts fetching the fragment after it, so two
 * fragments come down side by side rather than one after the other; a preload still running
 * after 5000 ms is aborted. hls.js gets the preloaded fragment through its fragment loader
 * (preloadingLoader), with the preload's own timings for its bandwidth estimate, so nothing is
 * downloaded twice; a preload that failed or was aborted leaves hls.js to load the fragment as usual.
 */
import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js'

export const PRELOAD_INTERVAL_MS = 500
export const PRELOAD_AFTER_FRAGMENT_MS = 100
export const PRELOAD_ABORT_MS = 5000
/** Preloads kept at once; one is the design, the second covers a level switch in between. */
const MAX_PRELOADS = 2

export interface FragmentRef {
  url: string
  start: number
  duration: number
}

/**
 * The fragment to preload: the one after the fragment hls.js is downloading, in the same
 * rendition, unless it is already buffered or being preloaded; null when hls.js is downloading
 * nothing (its buffer is full) or that fragment is the last.
 */
export function nextFragmentToPreload(fragments: FragmentRef[], loadingUrl: string | null, bufferedEnd: number, preloaded: (url: string) => boolean): FragmentRef | null {
  if (!loadingUrl) return null
  const index = fragments.findIndex((f) => f.url === loadingUrl)
  const next = index < 0 ? undefined : fragments[index + 1]
  if (!next || next.start + next.duration <= bufferedEnd + 0.05 || preloaded(next.url)) return null
  return next
}

export interface Preloaded {
  data: ArrayBuffer
  /** performance.now() timings of the download, for hls.js's bandwidth estimate. */
  start: number
  first: number
  end: number
}

type Fetcher = (url: string, init: RequestInit) => Promise<Response>

/** Fragments being preloaded or preloaded, by URL; each is handed out once. */
export class FragmentPreloads {
  private readonly entries = new Map<string, { controller: AbortController; result: Promise<Preloaded | null> }>()

  constructor(
    private readonly fetcher: Fetcher = (url, init) => fetch(url, init),
    private readonly now: () => number = () => performance.now(),
  ) {}

  has(url: string): boolean {
    return this.entries.has(url)
  }

  get size(): number {
    return this.entries.size
  }

  start(url: string): void {
    if (this.entries.has(url)) return
    while (this.entries.size >= MAX_PRELOADS) {
      const oldest = this.entries.keys().next().value as string
      this.drop(oldest)
    }
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), PRELOAD_ABORT_MS)
    const start = this.now()
    const result = this.fetcher(url, { signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) return null
        const first = this.now()
        const data = await response.arrayBuffer()
        return { data, start, first, end: this.now() }
      })
      .catch(() => null)
      .finally(() => clearTimeout(timer))
    this.entries.set(url, { controller, result })
  }

  /** The preload of `url` (finished or on its way), handed over and forgotten; null if there is none. */
  take(url: string): Promise<Preloaded | null> | null {
    const entry = this.entries.get(url)
    if (!entry) return null
    this.entries.delete(url)
    return entry.result
  }

  private drop(url: string): void {
    this.entries.get(url)?.controller.abort()
    this.entries.delete(url)
  }

  clear(): void {
    for (const url of [...this.entries.keys()]) this.drop(url)
  }
}

/** Runs `check` every 500 ms, and 100 ms after each fragment that loads. */
export class PreloadTimer {
  private timer: ReturnType<typeof setTimeout> | undefined
  private running = false

  constructor(private readonly check: () => void) {}

  start(): void {
    this.running = true
    this.schedule(PRELOAD_INTERVAL_MS)
  }

  fragmentLoaded(): void {
    if (this.running) this.schedule(PRELOAD_AFTER_FRAGMENT_MS)
  }

  stop(): void {
    this.running = false
    clearTimeout(this.timer)
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      if (!this.running) return
      this.check()
      this.schedule(PRELOAD_INTERVAL_MS)
    }, ms)
  }
}

type LoaderClass = new (config: HlsConfig) => Loader<LoaderContext>

/**
 * hls.js's fragment loader, answering from `preloads` when it holds the fragment (a whole file,
 * not a byte range) and otherwise loading with hls.js's own loader.
 */
export function preloadingLoader(Base: LoaderClass, preloads: FragmentPreloads): LoaderClass {
  return class PreloadingLoader implements Loader<LoaderContext> {
    private readonly inner: Loader<LoaderContext>
    private stopped = false
    context: LoaderContext | null = null

    constructor(config: HlsConfig) {
      this.inner = new Base(config)
    }

    get stats(): LoaderStats {
      return this.inner.stats
    }

    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      this.context = context
      const whole = context.responseType === 'arraybuffer' && !context.rangeStart && !context.rangeEnd
      const pending = whole ? preloads.take(context.url) : null
      if (!pending) return this.inner.load(context, config, callbacks)
      void pending.then((hit) => {
        if (this.stopped) return
        if (!hit) return this.inner.load(context, config, callbacks)
        const stats = this.inner.stats
        stats.loading.start = hit.start
        stats.loading.first = hit.first
        stats.loading.end = hit.end
        stats.loaded = hit.data.byteLength
        stats.total = hit.data.byteLength
        callbacks.onSuccess({ url: context.url, data: hit.data }, stats, context, null)
      })
    }

    abort(): void {
      this.stopped = true
      this.inner.abort()
    }

    destroy(): void {
      this.stopped = true
      this.inner.destroy()
    }
  }
}

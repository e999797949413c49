/**
 * Keeps this isolate's calls to TMDB within TMDB's rate limit (about 50 requests a second and 20
 * connections per address): at most a few calls in flight at once, new calls started at a steady
 * rate with a small burst, and everything held back after TMDB answers 429 until its Retry-After has
 * passed. Calls wait their turn in order; only when TMDB asks for a long pause do new calls fail at
 * once, and the provider's stale cache answers for them.
 */
export interface LimiterOptions {
  maxConcurrent: number
  perSecond: number
  burst: number
  /** A call that would wait longer than this for a pause to end fails at once instead. */
  maxPauseWaitMs: number
}

/** Thrown when TMDB asked this isolate to hold back for longer than a visitor should wait. */
export class RateLimitedError extends Error {
  constructor() {
    super('rate limited')
  }
}

export class RateLimiter {
  private active = 0
  private tokens: number
  private refilledAt = Date.now()
  private pausedUntil = 0
  private readonly queue: Array<() => void> = []
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly options: LimiterOptions) {
    this.tokens = options.burst
  }

  /** Runs the task once a slot and a token are free; the slot is held until it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.pausedUntil - Date.now() > this.options.maxPauseWaitMs) throw new RateLimitedError()
    await new Promise<void>((resolve) => {
      this.queue.push(resolve)
      this.pump()
    })
    try {
      return await task()
    } finally {
      this.active -= 1
      this.pump()
    }
  }

  /** No call starts before `ms` from now (TMDB's Retry-After). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms)
  }

  /** Calls running and waiting, for tests and logs. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.queue.length }
  }

  private refill(now: number) {
    const { perSecond, burst } = this.options
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * perSecond)
    this.refilledAt = now
  }

  private pump() {
    while (this.queue.length && this.active < this.options.maxConcurrent) {
      const now = Date.now()
      this.refill(now)
      const wait = Math.max(this.pausedUntil - now, this.tokens >= 1 ? 0 : ((1 - this.tokens) / this.options.perSecond) * 1000)
      if (wait > 0) {
        if (!this.timer) {
          this.timer = setTimeout(() => {
            this.timer = undefined
            this.pump()
          }, Math.ceil(wait))
        }
        return
      }
      this.tokens -= 1
      this.active += 1
      this.queue.shift()?.()
    }
  }
}

/** Retry-After as milliseconds from now: delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // An HTTP date names its day and month; Date.parse would also read '-1' as a year.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

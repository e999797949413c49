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

/**
 * A call that has held its slot this long is counted as gone. In Workers a request the visitor
 * abandons (a page left mid-load) can drop its pending work without settling it, so its slot would
 * never be given back; every call the provider makes times out well before this.
 */
export const SLOT_LEASE_MS = 15_000

/** How often a waiting call looks again; each waits on its own timer, in its own request. */
const POLL_MS = 25

export class RateLimiter {
  /** Start times of the calls holding a slot, by call. */
  private readonly slots = new Map<number, number>()
  private nextCall = 0
  private waiting = 0
  private tokens: number
  private refilledAt = Date.now()
  private pausedUntil = 0

  constructor(private readonly options: LimiterOptions) {
    this.tokens = options.burst
  }

  /**
   * Runs the task once a slot and a token are free; the slot is held until it settles (or its
   * lease ends). A waiting call never relies on another request to wake it: Workers may not run a
   * timer or settle a promise for a request that has ended, so each call polls on its own.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const call = this.nextCall++
    this.waiting += 1
    try {
      for (;;) {
        const now = Date.now()
        if (this.pausedUntil - now > this.options.maxPauseWaitMs) throw new RateLimitedError()
        this.expireLeases(now)
        this.refill(now)
        const wait = Math.max(this.pausedUntil - now, this.tokens >= 1 ? 0 : ((1 - this.tokens) / this.options.perSecond) * 1000)
        if (wait <= 0 && this.slots.size < this.options.maxConcurrent) {
          this.tokens -= 1
          this.slots.set(call, now)
          break
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(Math.ceil(wait), POLL_MS), 250)))
      }
    } finally {
      this.waiting -= 1
    }
    try {
      return await task()
    } finally {
      this.slots.delete(call)
    }
  }

  /** No call starts before `ms` from now (TMDB's Retry-After). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms)
  }

  /** Calls running and waiting, for tests and logs. */
  get load(): { active: number; waiting: number } {
    this.expireLeases(Date.now())
    return { active: this.slots.size, waiting: this.waiting }
  }

  private expireLeases(now: number) {
    for (const [call, startedAt] of this.slots) if (now - startedAt > SLOT_LEASE_MS) this.slots.delete(call)
  }

  private refill(now: number) {
    const { perSecond, burst } = this.options
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * perSecond)
    this.refilledAt = now
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

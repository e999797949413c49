/**
 * Answers kept in KV and remade by one worker at a time, whichever isolates ask. A composed page,
 * a title's details or the sitemap costs dozens of D1 queries to make; without this, every isolate
 * that found its KV copy stale (or missing) made it again, all at once. Here an isolate that finds
 * a stale copy serves it and asks the key's Durable Object (one per KV key) for the lease to remake
 * it: one asker gets the lease and remakes the answer in its own request's spare time, the others
 * serve their stale copy. An isolate with no copy at all waits instead, and is handed the answer
 * the lease holder made. KV cannot be this lock: it takes up to a minute to show a write elsewhere.
 *
 * The object keeps, in memory, who holds the lease (for at most LEASE_MS, so a holder that died
 * frees it) and the last answer made, which it hands to isolates still reading an old copy while
 * KV catches up (for ten minutes at most, so an answer purged from KV is made again after that).
 * It keeps nothing in storage: losing its memory costs at most one extra remaking.
 */
import { DurableObject } from 'cloudflare:workers'
import type { CachedEntry } from '../cache'

/** A holder that has not released its lease by then is taken to have died. */
const LEASE_MS = 30_000
/** How long an isolate with no copy waits on a remaking before it makes the answer itself. */
const WAIT_MS = 10_000
/** Answers larger than this are not kept in the object's memory (the sitemap); isolates read KV instead. */
const KEEP_AT_MOST = 2_000_000
/**
 * The last answer is handed out for at most this long (or its freshness, if shorter): long enough
 * for KV to show it everywhere, short enough that an answer purged from KV is made again soon.
 */
const HAND_OUT_MS = 10 * 60_000

/** What a claim is answered with. `entry` is a CachedEntry as JSON. */
export type Claim =
  | { kind: 'granted'; token: string }
  | { kind: 'made'; entry: string | null }
  | { kind: 'busy' }
  | { kind: 'alone' }

export class SingleFlight extends DurableObject {
  private lease: { token: string; since: number } | null = null
  private waiters: ((entry: string | null) => void)[] = []
  private last: { entry: string | null; fetchedAt: number } | null = null

  /**
   * Asks to remake the answer. `have` is when the asker's copy was made (null: it has none and
   * will wait). Answers `made` when a newer answer than the asker's was made within `freshMs`
   * (with that answer when it is small enough to keep), `busy` when someone else is remaking it
   * and the asker can serve its copy, `granted` with a token to release, or, for an asker that
   * waited too long, `alone`: make it yourself.
   */
  async claim(have: number | null, freshMs: number): Promise<Claim> {
    const now = Date.now()
    if (this.last && (have === null || this.last.fetchedAt > have) && now - this.last.fetchedAt < Math.min(freshMs, HAND_OUT_MS)) return { kind: 'made', entry: this.last.entry }
    if (this.lease && now - this.lease.since < LEASE_MS) {
      if (have !== null) return { kind: 'busy' }
      return this.waitForRelease()
    }
    this.lease = { token: crypto.randomUUID(), since: now }
    return { kind: 'granted', token: this.lease.token }
  }

  /** Ends a lease: `entry` is the answer made (as kept in KV), or null when making it failed. */
  async release(token: string, entry: string | null, fetchedAt: number): Promise<void> {
    if (entry !== null) this.last = { entry: entry.length <= KEEP_AT_MOST ? entry : null, fetchedAt }
    if (this.lease?.token !== token) return
    this.lease = null
    const waiting = this.waiters
    this.waiters = []
    for (const wake of waiting) wake(entry)
  }

  /** Learns of an answer written without a lease (a change written through), so no older one is handed out after it. */
  async remember(entry: string, fetchedAt: number): Promise<void> {
    if (!this.last || this.last.fetchedAt < fetchedAt) this.last = { entry: entry.length <= KEEP_AT_MOST ? entry : null, fetchedAt }
  }

  private waitForRelease(): Promise<Claim> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake)
        resolve({ kind: 'alone' })
      }, WAIT_MS)
      const wake = (entry: string | null) => {
        clearTimeout(timer)
        resolve(entry === null ? { kind: 'alone' } : { kind: 'made', entry })
      }
      this.waiters.push(wake)
    })
  }
}

export interface SharedAnswer<T> {
  kv: KVNamespace
  flights: DurableObjectNamespace<SingleFlight>
  /** The KV key, also the name of its Durable Object. */
  key: string
  /** How long an answer counts as fresh. */
  freshMs: number
  /** How long past its making a stale answer may still be served while it is remade. */
  servableMs: number
  /** Seconds KV keeps the entry (a number, or one per answer). */
  ttlSeconds: number | ((value: T) => number)
  /** Makes the answer; `keep: false` (a degraded answer) is neither stored nor handed to waiters. */
  make: () => Promise<{ value: T; keep: boolean }>
  waitUntil: (promise: Promise<unknown>) => void
  /**
   * False for answers cheap enough to make that two workers making one at once costs less than
   * the lease's two round trips: a missing one is then made by whoever misses it.
   */
  lease?: boolean
  /** Told of a newer answer that arrives after a stale one was served (to update an isolate memo). */
  renewed?: (entry: CachedEntry<T>) => Promise<void> | void
}

/**
 * The answer from KV when fresh; a stale one (within `servableMs`) served while one worker remakes
 * it; else the answer made by one worker, which every other asker waits for.
 */
export async function sharedAnswer<T>(options: SharedAnswer<T>): Promise<CachedEntry<T>> {
  const entry = await options.kv.get<CachedEntry<T>>(options.key, 'json')
  const age = entry && typeof entry.fetchedAt === 'number' ? Date.now() - entry.fetchedAt : Number.POSITIVE_INFINITY
  if (entry && age < options.freshMs) return entry
  if (entry && age < options.servableMs) {
    options.waitUntil(
      remake(options, entry.fetchedAt)
        .then(async (renewed) => {
          if (renewed && renewed.fetchedAt > entry.fetchedAt) await options.renewed?.(renewed)
        })
        .catch((err: unknown) => console.error(JSON.stringify({ level: 'warn', message: 'remaking a cached answer failed', key: options.key, error: String(err) }))),
    )
    return entry
  }
  if (options.lease === false) return (await make(options)).entry
  const made = await remake(options, null)
  if (!made) throw new Error(`no answer for ${options.key}`)
  return made
}

/**
 * Claims the key's lease and remakes the answer when granted. Answers the newest entry known
 * (null for an asker with a copy whose remaking someone else has in hand).
 */
async function remake<T>(options: SharedAnswer<T>, have: number | null): Promise<CachedEntry<T> | null> {
  const flight = options.flights.get(options.flights.idFromName(options.key))
  const claim = await flight.claim(have, options.freshMs)
  switch (claim.kind) {
    case 'busy':
      return null
    case 'made': {
      if (claim.entry !== null) return JSON.parse(claim.entry) as CachedEntry<T>
      // Too large to be handed over: KV has it, at least where it was written.
      const stored = await options.kv.get<CachedEntry<T>>(options.key, 'json')
      if (stored) return stored
      return (await make(options)).entry
    }
    case 'alone':
      return (await make(options)).entry
    case 'granted': {
      let made: { entry: CachedEntry<T>; text: string | null } | null = null
      try {
        made = await make(options)
        return made.entry
      } finally {
        await flight.release(claim.token, made?.text ?? null, made?.entry.fetchedAt ?? 0)
      }
    }
  }
}

/**
 * Makes the answer and stores it (unless degraded) once the request has been answered; `text` is
 * what is stored, handed to the waiters directly.
 */
async function make<T>(options: SharedAnswer<T>): Promise<{ entry: CachedEntry<T>; text: string | null }> {
  const { value, keep } = await options.make()
  const entry: CachedEntry<T> = { data: value, fetchedAt: Date.now() }
  if (!keep) return { entry, text: null }
  const text = JSON.stringify(entry)
  const ttl = typeof options.ttlSeconds === 'number' ? options.ttlSeconds : options.ttlSeconds(value)
  // A write KV refuses (too large, too often) costs the next asker a remaking, never this answer.
  options.waitUntil(
    options.kv.put(options.key, text, { expirationTtl: ttl }).catch((err: unknown) => {
      console.error(JSON.stringify({ level: 'warn', message: 'keeping a cached answer in KV failed', key: options.key, error: String(err) }))
    }),
  )
  return { entry, text }
}

/**
 * Stores an answer made because its truth changed (an owner's edit), in KV and in the key's
 * object, so neither hands out the answer from before the change.
 */
export async function writeThrough<T>(options: Pick<SharedAnswer<T>, 'kv' | 'flights' | 'key' | 'ttlSeconds'>, value: T): Promise<void> {
  const entry: CachedEntry<T> = { data: value, fetchedAt: Date.now() }
  const text = JSON.stringify(entry)
  const ttl = typeof options.ttlSeconds === 'number' ? options.ttlSeconds : options.ttlSeconds(value)
  const flight = options.flights.get(options.flights.idFromName(options.key))
  await Promise.all([options.kv.put(options.key, text, { expirationTtl: ttl }), flight.remember(text, entry.fetchedAt)])
}

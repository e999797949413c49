/**
 * A small per-isolate memo for answers read on many requests and changed rarely (operator
 * switches, stream mappings, rendered pages), so a busy isolate does not ask D1 or KV the same
 * question on every request. Each isolate keeps its own copy: a change made through this isolate
 * calls `clear()` and shows at once; a change made through another isolate shows here within `ttlMs`.
 * Every memo of the worker's (these, and the catalogue's own in worker/catalog/) is also listed
 * here, so `forgetIsolateMemos()` leaves the isolate as a fresh one finds itself: the admin cache
 * purge uses it, and the cost tests use it to measure a cold isolate.
 *
 * Only values that have arrived are shared. A lookup still under way belongs to the request that
 * started it: Workers may drop the pending work of a request the visitor abandoned without ever
 * settling it, and a second request waiting on that promise would wait for good. So requests that
 * miss together each look up (and the first value to arrive is kept); a failed lookup is not kept.
 */
const forgetters = new Set<() => void>()

/** Lists a memo's `clear` with the others, for `forgetIsolateMemos`. */
export function registerIsolateMemo(clear: () => void): void {
  forgetters.add(clear)
}

/** Empties every memo of this isolate, as if it had just started. */
export function forgetIsolateMemos(): void {
  for (const clear of forgetters) clear()
}

export interface IsolateMemo<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>
  clear(): void
}

/** `keep` decides, once a value has arrived, whether it is worth keeping (a degraded answer is not). */
export function isolateMemo<T>(ttlMs: number, maxEntries: number, keep: (value: T) => boolean = () => true): IsolateMemo<T> {
  const store = new Map<string, { value: T; until: number }>()
  let generation = 0
  const clear = () => {
    generation += 1
    store.clear()
  }
  registerIsolateMemo(clear)
  return {
    async get(key, compute) {
      const hit = store.get(key)
      if (hit && hit.until > Date.now()) return hit.value
      const started = generation
      const value = await compute()
      // A clear() while this lookup ran means the value may be older than the change: not kept.
      if (keep(value) && started === generation) {
        store.delete(key)
        store.set(key, { value, until: Date.now() + ttlMs })
        // Oldest first: entries are re-inserted when computed, so the first key is the stalest.
        while (store.size > maxEntries) {
          const oldest = store.keys().next().value
          if (oldest === undefined) break
          store.delete(oldest)
        }
      }
      return value
    },
    clear,
  }
}

/**
 * A small per-isolate memo for answers read on many requests and changed rarely (operator
 * switches, stream mappings), so a busy isolate does not ask D1 the same question on every request.
 * Each isolate keeps its own copy: a change made through this isolate calls `clear()` and shows at
 * once; a change made through another isolate shows here within `ttlMs`. Promises are kept, so
 * requests arriving together share one lookup, and a failed lookup is not kept.
 */
export interface IsolateMemo<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>
  clear(): void
}

/** `keep` decides, once a value has arrived, whether it is worth keeping (a degraded answer is not). */
export function isolateMemo<T>(ttlMs: number, maxEntries: number, keep: (value: T) => boolean = () => true): IsolateMemo<T> {
  const store = new Map<string, { value: Promise<T>; until: number }>()
  return {
    get(key, compute) {
      const now = Date.now()
      const hit = store.get(key)
      if (hit && hit.until > now) return hit.value
      const value = compute()
      store.delete(key)
      store.set(key, { value, until: now + ttlMs })
      const forget = () => {
        if (store.get(key)?.value === value) store.delete(key)
      }
      value.then((v) => {
        if (!keep(v)) forget()
      }, forget)
      // Oldest first: entries are re-inserted when computed, so the first key is the stalest.
      while (store.size > maxEntries) {
        const oldest = store.keys().next().value
        if (oldest === undefined) break
        store.delete(oldest)
      }
      return value
    },
    clear() {
      store.clear()
    },
  }
}

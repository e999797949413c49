/**
 * Titles' US certifications for a catalogue whose lists carry none (TMDB's list, discover and
 * search answers name no rating): each title's is asked of the catalogue once, by itself, and kept
 * in KV for a month and in the isolate, so a profile's maturity ceiling (worker/catalog/ceiling.ts)
 * can judge a row or a grid without a call per title on every request. A title whose rating could
 * not be asked now is left unknown (and a ceiling leaves it out) rather than kept as unrated.
 */
import { CATALOG_CACHE_PREFIX } from '../cache'
import { registerIsolateMemo } from '../lib/isolate-memo'
import { certificationKey, type TitleKey } from './provider'

/** A rating seldom changes: a month in KV, after which it is asked again the next time it is wanted. */
export const CERTIFICATION_TTL_SECONDS = 30 * 24 * 60 * 60
/** How many titles' ratings one answer asks for at once, and in all; the rest are asked after it, for the next answers. */
export const CERTIFICATION_FETCHES_AT_ONCE = 6
export const CERTIFICATION_FETCHES_PER_ANSWER = 40
const MEMO_ENTRIES = 5000

/** What KV keeps for a title: its rating, or null when the catalogue lists none. */
interface KeptCertification {
  certification: string | null
}

/** `v1:catalog:certification:movie:603`: under the catalogue's prefix, so the administrator's purge clears it too. */
export function certificationCacheKey(title: TitleKey): string {
  return `${CATALOG_CACHE_PREFIX}certification:${certificationKey(title)}`
}

const memo = new Map<string, string | null>()
registerIsolateMemo(() => memo.clear())

function remember(key: string, certification: string | null): void {
  memo.delete(key)
  memo.set(key, certification)
  while (memo.size > MEMO_ENTRIES) {
    const oldest = memo.keys().next().value
    if (oldest === undefined) break
    memo.delete(oldest)
  }
}

/** Runs `work` over `items`, `atOnce` at a time. */
async function inBatches<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker))
}

/**
 * The certifications of `titles` (keyed by certificationKey): from the isolate, else KV, else
 * `ask` (the catalogue's own call for one title, null for an unrated one), which is kept for the
 * next answers. At most CERTIFICATION_FETCHES_PER_ANSWER titles are asked before answering; the
 * others are asked after it, and stay unknown in this answer. A failed ask is not kept.
 */
export async function keptCertifications(
  kv: KVNamespace,
  titles: readonly TitleKey[],
  ask: (title: TitleKey) => Promise<string | null>,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>()
  const unknown = new Map<string, TitleKey>()
  for (const title of titles) {
    const key = certificationKey(title)
    if (memo.has(key)) found.set(key, memo.get(key) ?? null)
    else unknown.set(key, title)
  }
  const missing: TitleKey[] = []
  await Promise.all(
    [...unknown].map(async ([key, title]) => {
      const kept = await kv.get<KeptCertification>(certificationCacheKey(title), 'json').catch(() => null)
      if (kept && (typeof kept.certification === 'string' || kept.certification === null)) {
        remember(key, kept.certification)
        found.set(key, kept.certification)
      } else missing.push(title)
    }),
  )
  const askAndKeep = async (title: TitleKey): Promise<void> => {
    let certification: string | null
    try {
      certification = await ask(title)
    } catch {
      return
    }
    remember(certificationKey(title), certification)
    found.set(certificationKey(title), certification)
    const kept: KeptCertification = { certification }
    await kv.put(certificationCacheKey(title), JSON.stringify(kept), { expirationTtl: CERTIFICATION_TTL_SECONDS }).catch(() => undefined)
  }
  const now = missing.slice(0, CERTIFICATION_FETCHES_PER_ANSWER)
  const later = missing.slice(CERTIFICATION_FETCHES_PER_ANSWER)
  await inBatches(now, CERTIFICATION_FETCHES_AT_ONCE, askAndKeep)
  const answer = new Map(found)
  if (later.length) waitUntil(inBatches(later, CERTIFICATION_FETCHES_AT_ONCE, askAndKeep))
  return answer
}

/**
 * Watch progress reports this browser made that the API may not have received, kept in
 * localStorage per signed-in account (the latest report of the 20 latest titles) until the API
 * answers one that covers it. features/title/history-client.ts keeps them; clearing the history
 * drops them, so a cleared title does not come back.
 */
import type { ContentType } from '../../drizzle/schema'
import { noteRowLikely } from './continue-watching'

/** The fields of a report this store reads; the rest is kept as it is. */
export interface KeptReport {
  content_id: number
  content_type: ContentType
  watch_duration: number
  position: number
  season_number?: number | null
  episode_number?: number | null
}

export const UNSENT_STORAGE_KEY = 'watch-progress-unsent'
const MAX_UNSENT = 20

interface Unsent {
  owner: string
  payload: KeptReport
}

/** The signed-in account reports belong to (`user:12`), or null: nothing is kept for nobody. */
let owner: string | null = null

export function setProgressOwner(account: string | null): void {
  owner = account
}

export { ownerOf } from './owner-key'

export function progressOwner(): string | null {
  return owner
}

const titleKey = (p: Pick<KeptReport, 'content_type' | 'content_id'>) => `${p.content_type}:${p.content_id}`

function readUnsent(): Record<string, Unsent> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(UNSENT_STORAGE_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, Unsent>) : {}
  } catch {
    return {}
  }
}

function writeUnsent(store: Record<string, Unsent>): void {
  try {
    const keys = Object.keys(store)
    // Oldest first (insertion order); only the newest few titles are kept.
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_UNSENT))) delete store[key]
    localStorage.setItem(UNSENT_STORAGE_KEY, JSON.stringify(store))
  } catch {
    // Storage full or refused: the API is still told.
  }
}

export function remember(payload: KeptReport): void {
  if (!owner) return
  // something has played: the home page can expect a Continue watching row
  if (payload.position > 0) noteRowLikely(true)
  const store = readUnsent()
  const key = `${owner}|${titleKey(payload)}`
  delete store[key]
  store[key] = { owner, payload }
  writeUnsent(store)
}

/**
 * Whether `held` (a report the API answered, or the stored row) holds everything `kept` says: as
 * many seconds or more, on the same episode, and, when `samePlace`, at the same position.
 */
export function covers(held: Pick<KeptReport, 'watch_duration' | 'position' | 'season_number' | 'episode_number'> | null, kept: KeptReport, samePlace: boolean): boolean {
  return (
    !!held &&
    held.watch_duration >= kept.watch_duration &&
    (!samePlace || held.position === kept.position) &&
    (held.season_number ?? null) === (kept.season_number ?? null) &&
    (held.episode_number ?? null) === (kept.episode_number ?? null)
  )
}

/** The API has `payload`: a kept report it covers (no more seconds, the same place) is done with. */
export function answered(payload: KeptReport, by: string | null): void {
  if (!by) return
  const store = readUnsent()
  const key = `${by}|${titleKey(payload)}`
  const kept = store[key]?.payload
  if (!kept || !covers(payload, kept, true)) return
  delete store[key]
  writeUnsent(store)
}

/** Every kept report of `account`, oldest first. */
export function keptReports(account: string): KeptReport[] {
  return Object.values(readUnsent())
    .filter((kept) => kept.owner === account)
    .map((kept) => kept.payload)
}

/** Drops one kept report of `account`: the stored history already holds as much, or the API refused it for good. */
export function forgetKept(account: string, report: Pick<KeptReport, 'content_type' | 'content_id'>): void {
  const store = readUnsent()
  const key = `${account}|${titleKey(report)}`
  if (!(key in store)) return
  delete store[key]
  writeUnsent(store)
}

/** The last report for this title that the API may not have received, for the signed-in account. */
export function unsentProgress<T extends KeptReport = KeptReport>(type: ContentType, id: number): T | null {
  if (!owner) return null
  return (readUnsent()[`${owner}|${titleKey({ content_type: type, content_id: id })}`]?.payload as T | undefined) ?? null
}


/**
 * Drops every kept report of `account` (its history was cleared). The caller names the account:
 * a page that never opened a title has not set the owner kept here.
 */
export function forgetUnsentProgress(account: string | null): void {
  if (!account) return
  const store = readUnsent()
  for (const key of Object.keys(store)) if (store[key]?.owner === account) delete store[key]
  writeUnsent(store)
}

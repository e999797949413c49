/**
 * Sends watch progress to the history. Reports go out one at a time, in the order they were
 * made (PUT /api/me/history with keepalive, so a report made just before an in-app navigation
 * still arrives): a player's last report of an episode always lands before the record of the
 * episode chosen next, never after it.
 *
 * When the page is going away (pagehide, or hidden on a phone that may never come back),
 * navigator.sendBeacon posts instead (the API accepts POST for this), with a fetch keepalive
 * fallback where there is no beacon or it is refused: a beacon survives the unload where a fetch
 * may be cancelled. Reports still waiting in the queue then go by beacon too, in order. The
 * beacon's body is text/plain because a JSON content type is not CORS-safelisted and sendBeacon
 * would refuse it; the API parses text/plain bodies as JSON.
 *
 * Every report is also kept in localStorage, for the signed-in account, until the API has
 * answered it: a report that never arrived (a beacon lost on the way, a reload that read the
 * history before the beacon landed) is found by the title's next opening and sent again
 * (unsentProgress, use-watch-history.ts). A beacon's answer is never seen, so its report stays
 * until then.
 */
import { api } from '../../lib/api-client'
import type { HistoryPayload } from './progress'

export const HISTORY_ENDPOINT = '/api/me/history'

const waiting: HistoryPayload[] = []
let sending = false

export const UNSENT_STORAGE_KEY = 'watch-progress-unsent'
const MAX_UNSENT = 20

interface Unsent {
  owner: string
  payload: HistoryPayload
}

/** The signed-in account reports belong to (`user:12`), or null: nothing is kept for nobody. */
let owner: string | null = null

export function setProgressOwner(account: string | null): void {
  owner = account
}

const titleKey = (p: Pick<HistoryPayload, 'content_type' | 'content_id'>) => `${p.content_type}:${p.content_id}`

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

function remember(payload: HistoryPayload): void {
  if (!owner) return
  const store = readUnsent()
  const key = `${owner}|${titleKey(payload)}`
  delete store[key]
  store[key] = { owner, payload }
  writeUnsent(store)
}

/** The API has `payload`: a kept report it covers (no more seconds, the same place) is done with. */
function answered(payload: HistoryPayload, by: string | null): void {
  if (!by) return
  const store = readUnsent()
  const key = `${by}|${titleKey(payload)}`
  const kept = store[key]?.payload
  const covered =
    !!kept &&
    kept.watch_duration <= payload.watch_duration &&
    kept.position === payload.position &&
    (kept.season_number ?? null) === (payload.season_number ?? null) &&
    (kept.episode_number ?? null) === (payload.episode_number ?? null)
  if (!covered) return
  delete store[key]
  writeUnsent(store)
}

/** The last report for this title that the API may not have received, for the signed-in account. */
export function unsentProgress(type: HistoryPayload['content_type'], id: number): HistoryPayload | null {
  if (!owner) return null
  return readUnsent()[`${owner}|${titleKey({ content_type: type, content_id: id })}`]?.payload ?? null
}

function put(payload: HistoryPayload): Promise<void> {
  const by = owner
  return api.me.history.$put({ json: payload }, { init: { credentials: 'same-origin', keepalive: true } }).then(
    (res) => {
      if (res.ok) answered(payload, by)
    },
    // Progress is best effort; the next report carries the same totals, and the kept copy waits.
    () => undefined,
  )
}

async function drain(): Promise<void> {
  if (sending) return
  sending = true
  try {
    for (let next = waiting.shift(); next; next = waiting.shift()) await put(next)
  } finally {
    sending = false
  }
}

/** Queues a report; the promise settles once every report made so far has been answered. */
export function sendProgress(payload: HistoryPayload): Promise<void> {
  remember(payload)
  waiting.push(payload)
  return drain()
}

function beaconOne(payload: HistoryPayload): void {
  remember(payload)
  const body = new Blob([JSON.stringify(payload)], { type: 'text/plain' })
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(HISTORY_ENDPOINT, body)) return
  void fetch(HISTORY_ENDPOINT, { method: 'PUT', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) }).catch(
    () => undefined,
  )
}

/** Sends whatever still waits in the queue by beacon, then `payload` (if any): the page is going away. */
export function beaconProgress(payload?: HistoryPayload | null): void {
  for (let next = waiting.shift(); next; next = waiting.shift()) beaconOne(next)
  if (payload) beaconOne(payload)
}

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
import { answered, progressOwner, remember, setProgressOwner, unsentProgress, UNSENT_STORAGE_KEY } from '../../lib/unsent-progress'
import type { HistoryPayload } from './progress'

export { setProgressOwner, unsentProgress, UNSENT_STORAGE_KEY }

export const HISTORY_ENDPOINT = '/api/me/history'

/** A report unanswered this long is given up (its kept copy waits): it must not hold back the next. */
export const REPORT_TIMEOUT_MS = 10_000

const waiting: HistoryPayload[] = []
let sending = false

function put(payload: HistoryPayload): Promise<void> {
  const by = progressOwner()
  return api.me.history.$put({ json: payload }, { init: { credentials: 'same-origin', keepalive: true, signal: AbortSignal.timeout(REPORT_TIMEOUT_MS) } }).then(
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

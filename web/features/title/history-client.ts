/**
 * Sends watch progress to PUT /api/me/history. When the page is going away, navigator.sendBeacon
 * posts it instead (the API accepts POST for this): a beacon survives the unload where a fetch
 * may be cancelled. The beacon's body is text/plain because a JSON content type is not
 * CORS-safelisted and sendBeacon would refuse it; the API parses text/plain bodies as JSON.
 */
import { api } from '../../lib/api-client'
import type { HistoryPayload } from './progress'

export function sendProgress(payload: HistoryPayload): Promise<void> {
  return api.me.history.$put({ json: payload }, { init: { credentials: 'same-origin', keepalive: true } }).then(
    () => undefined,
    // Progress is best effort; the next report carries the same totals.
    () => undefined,
  )
}

export function beaconProgress(payload: HistoryPayload): void {
  const body = new Blob([JSON.stringify(payload)], { type: 'text/plain' })
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/me/history', body)) return
  void sendProgress(payload)
}

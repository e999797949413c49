/**
 * Settling the reports this browser kept (settle-unsent-progress.ts says when): loaded only once
 * someone is signed in, so the first page of a visitor carries none of it.
 */
import type { WatchHistoryEntry } from '../../drizzle/schema'
import { api } from './api-client'
import { covers, forgetKept, keptReports } from './unsent-progress'

/** Refusals that sending again will not change (a malformed or unknown report). */
const refusedForGood = (status: number) => status === 400 || status === 404 || status === 413 || status === 415

let settling: Promise<void> | null = null

/**
 * Settles `account`'s kept reports (one pass at a time); the promise never rejects. The title
 * whose page is open (`type:id`) is left to that page, which reads its stored row and records the
 * newer of the two as it opens (use-watch-history.ts): asking twice would only repeat it.
 */
export function settleUnsentProgress(account: string, openTitle: string | null = null): Promise<void> {
  settling ??= settle(account, openTitle).finally(() => {
    settling = null
  })
  return settling
}

/**
 * Settles `account`'s kept reports now, and again whenever this page comes back: shown from the
 * back-forward cache, or visible again after the phone slept. The answer stops it.
 */
export function keepSettlingUnsentProgress(account: string, openTitle: () => string | null): () => void {
  void settleUnsentProgress(account, openTitle())
  const listeners = new AbortController()
  const again = () => void settleUnsentProgress(account, openTitle())
  window.addEventListener('pageshow', (event) => event.persisted && again(), { signal: listeners.signal })
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && again(), { signal: listeners.signal })
  return () => listeners.abort()
}

async function settle(account: string, openTitle: string | null): Promise<void> {
  for (const kept of keptReports(account)) {
    if (`${kept.content_type}:${kept.content_id}` === openTitle) continue
    try {
      const res = await api.me.history[':content_type'][':content_id'].$get({ param: { content_type: kept.content_type, content_id: String(kept.content_id) } })
      if (!res.ok) continue
      const { entry } = (await res.json()) as { entry: WatchHistoryEntry | null }
      if (covers(entry, kept, false)) {
        forgetKept(account, kept)
        continue
      }
      // The kept report is the whole report the page made (title and poster included).
      const sent = await api.me.history.$put({ json: kept as Parameters<typeof api.me.history.$put>[0]['json'] })
      if (sent.ok || refusedForGood(sent.status)) forgetKept(account, kept)
    } catch {
      // Offline or the API unreachable: the report stays for the next page.
    }
  }
}

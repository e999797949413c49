/**
 * Reports this browser kept but may not have delivered (a beacon lost while the page went away)
 * are settled on the next page of the site the account opens, not only at the title's next
 * opening: each is compared with the stored row and sent again when it holds more, else dropped.
 * So leaving a title by a typed address or the back button loses nothing even when the beacon
 * never arrives: the page the viewer lands on delivers it.
 */
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import type { WatchHistoryEntry } from '../../drizzle/schema'
import { api } from './api-client'
import { useSession } from './session'
import { covers, forgetKept, keptReports, ownerOf } from './unsent-progress'

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

/** The title a page of the app shows (`movie:155`), or null. */
export function titleOfPath(pathname: string): string | null {
  const match = /^\/(movie|tv)\/(\d+)$/.exec(pathname)
  return match ? `${match[1]}:${match[2]}` : null
}

/** For the app's frame: settles the signed-in account's kept reports on every page it opens. */
export function useSettleUnsentProgress(): void {
  const owner = ownerOf(useSession())
  const open = useRef<string | null>(null)
  open.current = titleOfPath(useLocation().pathname)
  useEffect(() => (owner ? keepSettlingUnsentProgress(owner, () => open.current) : undefined), [owner])
}

/**
 * The signed-in account's watchlist and recent history, read by the home page's personalized
 * panel and the profile page. One hook and one cache key each, so moving between the two pages
 * reuses the answer instead of asking the worker again under a second key.
 */
import { useQuery } from '@tanstack/react-query'
import type { WatchHistoryEntry, WatchlistEntry } from '../../drizzle/schema'
import { recentHistoryKey, watchlistKeys } from './account-keys'
import { api, readJson } from './api-client'

/** How many recent titles the home panel and the profile show (SPEC.md section 9's default). */
const RECENT_HISTORY_LIMIT = recentHistoryKey[2]


export function useMyWatchlist(enabled: boolean, staleTime: number) {
  return useQuery({
    queryKey: watchlistKeys.list(),
    queryFn: () => readJson<{ results: WatchlistEntry[] }>(api.me.watchlist.$get()).then((b) => b.results),
    enabled,
    staleTime,
  })
}

export function useRecentHistory(enabled: boolean, staleTime: number) {
  return useQuery({
    queryKey: recentHistoryKey,
    queryFn: () => readJson<{ results: WatchHistoryEntry[] }>(api.me.history.$get({ query: { limit: String(RECENT_HISTORY_LIMIT) } })).then((b) => b.results),
    enabled,
    staleTime,
  })
}

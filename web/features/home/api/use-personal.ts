/**
 * The signed-in panel of /: the watchlist, recent history, and titles similar to the most recent
 * one watched (or saved, for someone who has not watched anything yet).
 */
import { useQuery } from '@tanstack/react-query'
import type { ContentType, WatchHistoryEntry, WatchlistEntry } from '../../../../drizzle/schema'
import type { ListItem, Paged } from '../../../../worker/catalog/types'
import { watchlistKeys } from '../../../components/watchlist-button'
import { readJson } from '../../../lib/api-client'
import { catalogKeys, getCatalog } from '../../../lib/catalog'

export const historyKeys = { recent: ['history', 'recent'] as const }

export function useWatchlist(enabled: boolean) {
  return useQuery({
    queryKey: [...watchlistKeys.all, 'list'],
    queryFn: () => readJson<{ results: WatchlistEntry[] }>(fetch('/api/me/watchlist', { credentials: 'same-origin' })),
    enabled,
    staleTime: 30_000,
  })
}

export function useRecentHistory(enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.recent,
    queryFn: () => readJson<{ results: WatchHistoryEntry[] }>(fetch('/api/me/history?limit=20', { credentials: 'same-origin' })),
    enabled,
    staleTime: 30_000,
  })
}

export function useSimilar(seed: { type: ContentType; id: number } | null) {
  return useQuery({
    queryKey: catalogKeys.list('similar', seed?.type ?? 'none', seed?.id ?? 0),
    queryFn: () => getCatalog<Paged<ListItem>>(`${seed?.type}/${seed?.id}/similar`, { page: 1 }),
    enabled: seed !== null,
  })
}

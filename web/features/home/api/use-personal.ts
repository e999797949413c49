/**
 * The signed-in panel of /: the watchlist, recent history, and titles similar to the most recent
 * one watched (or saved, for someone who has not watched anything yet). The watchlist shares its
 * cache entry with the watchlist button and page, so a toggle anywhere shows up here.
 */
import { useQuery } from '@tanstack/react-query'
import type { ContentType, WatchHistoryEntry, WatchlistEntry } from '../../../../drizzle/schema'
import type { ListItem, Paged } from '../../../../worker/catalog/types'
import { watchlistKeys } from '../../../components/watchlist-button'
import { api, readJson } from '../../../lib/api-client'
import { catalogKeys } from '../../../lib/catalog'

const RECENT_HISTORY_LIMIT = 20

export function useWatchlist(enabled: boolean) {
  return useQuery({
    queryKey: watchlistKeys.list(),
    queryFn: () => readJson<{ results: WatchlistEntry[] }>(api.me.watchlist.$get()).then((b) => b.results),
    enabled,
    staleTime: 30_000,
  })
}

export function useRecentHistory(enabled: boolean) {
  return useQuery({
    queryKey: ['history', 'recent', RECENT_HISTORY_LIMIT],
    queryFn: () => readJson<{ results: WatchHistoryEntry[] }>(api.me.history.$get({ query: { limit: String(RECENT_HISTORY_LIMIT) } })).then((b) => b.results),
    enabled,
    staleTime: 30_000,
  })
}

export function useSimilar(seed: { type: ContentType; id: number } | null) {
  return useQuery({
    queryKey: catalogKeys.list('similar', seed?.type ?? 'none', seed?.id ?? 0),
    queryFn: () =>
      readJson<Paged<ListItem>>(api.catalog[':type'][':id'].similar.$get({ param: { type: seed?.type ?? 'movie', id: String(seed?.id) }, query: { page: '1' } })),
    enabled: seed !== null,
  })
}

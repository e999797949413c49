/**
 * Query hooks of the watchlist and history pages, over the signed-in account's own lists.
 * The watchlist shares its keys with the watchlist button so both stay in step.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { WatchlistEntry } from '../../../drizzle/schema'
import type { HistoryResult, HistoryStatus } from '../../../worker/accounts/history'
import type { MediaType } from '../../../worker/catalog/types'
import { watchlistKeys } from '../../components/watchlist-button'
import { api, readJson } from '../../lib/api-client'
import { useMyWatchlist } from '../../lib/my-lists'
import { useSession } from '../../lib/session'
import { forgetUnsentProgress, ownerOf } from '../../lib/unsent-progress'

export type { HistoryStatus }
export type HistoryItem = HistoryResult

/** SPEC.md section 9: the history page asks for 50 entries. */
export const HISTORY_PAGE_LIMIT = 50

export const historyKeys = {
  page: () => ['history', 'list', HISTORY_PAGE_LIMIT] as const,
}

export function useWatchlistEntries(enabled: boolean) {
  return useMyWatchlist(enabled, 0)
}

export function useRemoveFromWatchlist() {
  const client = useQueryClient()
  return useMutation({
    // A fetch of the list already on its way (the page's own, as it is taken over) could be answered
    // after the removal with the title still in it: it is dropped.
    onMutate: () => client.cancelQueries({ queryKey: watchlistKeys.list() }),
    mutationFn: (entry: { content_type: MediaType; content_id: number }) =>
      readJson(api.me.watchlist[':content_type'][':content_id'].$delete({ param: { content_type: entry.content_type, content_id: String(entry.content_id) } })),
    onSuccess: (_data, entry) => {
      client.setQueryData<WatchlistEntry[]>(watchlistKeys.list(), (list) =>
        list?.filter((e) => !(e.content_type === entry.content_type && e.content_id === entry.content_id)),
      )
      client.setQueryData(watchlistKeys.one(entry.content_type, entry.content_id), false)
    },
  })
}

export function useHistoryEntries(enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.page(),
    queryFn: () =>
      readJson<{ results: HistoryItem[] }>(api.me.history.$get({ query: { limit: String(HISTORY_PAGE_LIMIT) } })).then((b) => b.results),
    enabled,
    staleTime: 0,
  })
}

export function useClearHistory() {
  const client = useQueryClient()
  const session = useSession()
  return useMutation({
    mutationFn: () => readJson(api.me.history.$delete()),
    onSuccess: () => {
      // Reports this browser still holds would otherwise bring cleared titles back.
      forgetUnsentProgress(ownerOf(session))
      client.setQueryData<HistoryItem[]>(historyKeys.page(), [])
      void client.invalidateQueries({ queryKey: ['history'] })
    },
  })
}

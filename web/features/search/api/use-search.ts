/**
 * Catalogue search (SPEC.md section 9), titles and, on the first page, people: answers cached 5 minutes, 2 retries 1 s apart. The query
 * is keyed by the term, so an answer for an older term lands in that term's cache entry and can
 * never replace what the page shows for the current one.
 */
import { useQuery } from '@tanstack/react-query'
import type { SearchPage } from '../../../../worker/catalog/types'
import { api, readJson } from '../../../lib/api-client'
import { searchKeys } from './search-keys'

export const SEARCH_MIN_LENGTH = 2
export const SEARCH_STALE_MS = 300_000

export { searchKeys }

/** One page of results; `signal` lets a query that is no longer wanted (an older term) stop its request. */
export function fetchSearchPage(term: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
  return readJson<SearchPage>(api.catalog.search.$get({ query: { query: term, page: String(page) } }, { init: { signal } }))
}

export const searchQueryOptions = { staleTime: SEARCH_STALE_MS, retry: 2, retryDelay: 1000 }

export function useQuickSearch(term: string) {
  return useQuery({
    queryKey: searchKeys.quick(term),
    queryFn: () => fetchSearchPage(term, 1),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    ...searchQueryOptions,
  })
}

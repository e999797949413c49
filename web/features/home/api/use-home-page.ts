/** Everything above the fold of / in one request: the hero and every row (GET /api/catalog/pages/home). */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ListItem, PageComposition, Paged, ServiceNarrowing } from '../../../../worker/catalog/types'
import { api, readJson } from '../../../lib/api-client'
import { catalogKeys } from '../../../lib/catalog'
import { narrowingKey, narrowingQuery } from '../../../lib/my-services'

/** Narrowed to the visitor's services when `narrowing` says so; `enabled` false waits for it to be known. */
export function useHomePage(narrowing: ServiceNarrowing | null = null, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.page('home', narrowingKey(narrowing)),
    queryFn: () => readJson<PageComposition>(api.catalog.pages[':page'].$get({ param: { page: 'home' }, query: narrowingQuery(narrowing) })),
    // Turning the switch keeps the rows on screen until the other ones arrive.
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** One page of 'Browse by Title': movies and TV starting with the letter ('#' for anything else). */
export function fetchBrowsePage(letter: string, page: number): Promise<Paged<ListItem>> {
  return readJson<Paged<ListItem>>(api.catalog.browse.$get({ query: { letter, page: String(page) } }))
}

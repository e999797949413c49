/** Everything above the fold of / in one request: the hero and every row (GET /api/catalog/pages/home). */
import { useQuery } from '@tanstack/react-query'
import type { ListItem, PageComposition, Paged } from '../../../../worker/catalog/types'
import { api, readJson } from '../../../lib/api-client'
import { catalogKeys } from '../../../lib/catalog'

export function useHomePage() {
  return useQuery({
    queryKey: catalogKeys.page('home'),
    queryFn: () => readJson<PageComposition>(api.catalog.pages[':page'].$get({ param: { page: 'home' }, query: {} })),
  })
}

/** One page of 'Browse by Title': movies and TV starting with the letter ('#' for anything else). */
export function fetchBrowsePage(letter: string, page: number): Promise<Paged<ListItem>> {
  return readJson<Paged<ListItem>>(api.catalog.browse.$get({ query: { letter, page: String(page) } }))
}

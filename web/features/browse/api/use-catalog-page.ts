/** The composed hero and rows of /movies, /tv-shows, /kids and /genres: one request per page. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PageComposition } from '../../../../worker/catalog/types'
import { catalogKeys, getCatalog, type PageName } from '../../../lib/catalog'

export function useCatalogPage(page: Exclude<PageName, 'home'>, service?: string) {
  return useQuery({
    queryKey: catalogKeys.page(page, service),
    queryFn: () => getCatalog<PageComposition>(`pages/${page}`, { service }),
    // A platform switch keeps the old rows on screen until the filtered ones arrive.
    placeholderData: keepPreviousData,
  })
}

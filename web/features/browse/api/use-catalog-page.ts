/** The composed hero and rows of /movies, /tv-shows, /kids and /genres: one request per page. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PageComposition } from '../../../../worker/catalog/types'
import { api, readJson } from '../../../lib/api-client'
import { catalogKeys, type PageName } from '../../../lib/catalog'
import type { PlatformSlug } from '../../../lib/platforms'

export function useCatalogPage(page: Exclude<PageName, 'home'>, service?: PlatformSlug) {
  return useQuery({
    queryKey: catalogKeys.page(page, service),
    queryFn: () => readJson<PageComposition>(api.catalog.pages[':page'].$get({ param: { page }, query: service ? { service } : {} })),
    // A platform switch keeps the old rows on screen until the filtered ones arrive.
    placeholderData: keepPreviousData,
  })
}

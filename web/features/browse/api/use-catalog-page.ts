/** The composed hero and rows of /movies, /tv-shows, /kids and /genres: one request per page. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PageComposition, ServiceNarrowing } from '../../../../worker/catalog/types'
import { api, readJson } from '../../../lib/api-client'
import { catalogKeys, type PageName } from '../../../lib/catalog'
import { narrowingKey, narrowingQuery } from '../../../lib/my-services'
import type { PlatformSlug } from '../../../lib/platforms'

/** `narrowing` (the visitor's services, Movies and TV Shows only) takes the place of a platform; `enabled` false waits for it. */
export function useCatalogPage(page: Exclude<PageName, 'home'>, service?: PlatformSlug, narrowing: ServiceNarrowing | null = null, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.page(page, narrowing ? narrowingKey(narrowing) : service),
    queryFn: () => readJson<PageComposition>(api.catalog.pages[':page'].$get({ param: { page }, query: narrowing ? narrowingQuery(narrowing) : service ? { service } : {} })),
    // A platform switch keeps the old rows on screen until the filtered ones arrive.
    placeholderData: keepPreviousData,
    enabled,
  })
}

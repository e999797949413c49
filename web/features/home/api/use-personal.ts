/**
 * The signed-in panel of /: the watchlist, recent history, and titles similar to the most recent
 * one watched (or saved, for someone who has not watched anything yet). The watchlist and history
 * hooks live in lib/my-lists (shared with the profile page); this module adds the recommendations.
 */
import { useQuery } from '@tanstack/react-query'
import type { ContentType } from '../../../../drizzle/schema'
import type { ListItem, Paged } from '../../../../worker/catalog/types'
import { api, readJson } from '../../../lib/api-client'
import { catalogKeys } from '../../../lib/catalog'

export function useSimilar(seed: { type: ContentType; id: number } | null) {
  return useQuery({
    queryKey: catalogKeys.list('similar', seed?.type ?? 'none', seed?.id ?? 0),
    queryFn: () =>
      readJson<Paged<ListItem>>(api.catalog[':type'][':id'].similar.$get({ param: { type: seed?.type ?? 'movie', id: String(seed?.id) }, query: { page: '1' } })),
    enabled: seed !== null,
  })
}

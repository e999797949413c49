/**
 * The two rows of /genre/{id}: popular movies and popular TV shows of that genre (discover).
 * The page asks only for genres the catalogue knows for that media type (null asks nothing).
 */
import { useQuery } from '@tanstack/react-query'
import type { ListItem, MediaType, Paged } from '../../../../worker/catalog/types'
import { api, readJson } from '../../../lib/api-client'
import { catalogKeys } from '../../../lib/catalog'

export function useGenreRow(type: MediaType, genreId: number | null) {
  return useQuery({
    queryKey: catalogKeys.list('discover', type, 'genre', genreId ?? 0),
    queryFn: () => readJson<Paged<ListItem>>(api.catalog.discover[':type'].$get({ param: { type }, query: { with_genres: String(genreId), page: '1' } })),
    enabled: genreId !== null,
  })
}

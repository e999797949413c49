/** The two rows of /genre/{id}: popular movies and popular TV shows of that genre (discover). */
import { useQuery } from '@tanstack/react-query'
import type { ListItem, MediaType, Paged } from '../../../../worker/catalog/types'
import { catalogKeys, getCatalog } from '../../../lib/catalog'

export function useGenreRow(type: MediaType, genreId: number | null) {
  return useQuery({
    queryKey: catalogKeys.list('discover', type, 'genre', genreId ?? 0),
    queryFn: () => getCatalog<Paged<ListItem>>(`discover/${type}`, { with_genres: genreId ?? undefined, page: 1 }),
    enabled: genreId !== null,
  })
}

/** The two rows of /genre/{id}: popular movies and popular TV shows of that genre (discover). */
import { useQuery } from '@tanstack/react-query'
import type { ListItem, MediaType, Paged } from '../../../../worker/catalog/types'
import { api, ApiError, readJson } from '../../../lib/api-client'
import { catalogKeys } from '../../../lib/catalog'

const noTitles: Paged<ListItem> = { page: 1, results: [], total_pages: 0, total_results: 0 }

export function useGenreRow(type: MediaType, genreId: number | null) {
  return useQuery({
    queryKey: catalogKeys.list('discover', type, 'genre', genreId ?? 0),
    // The catalogue refuses a genre id it does not know for that media type (400): for this
    // page that simply means no titles of that type, not a failure worth a Retry.
    queryFn: () =>
      readJson<Paged<ListItem>>(api.catalog.discover[':type'].$get({ param: { type }, query: { with_genres: String(genreId), page: '1' } })).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 400) return noTitles
        throw err
      }),
    enabled: genreId !== null,
  })
}

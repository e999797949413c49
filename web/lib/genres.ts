/** The genre map of SPEC.md section 3 (shared with the worker): the 18 genres the Genres grid and /genre/{id} name. */
import { MOVIE_GENRES } from '../../worker/catalog/genre-map'

export const genreMap: ReadonlyArray<{ id: number; name: string }> = MOVIE_GENRES

export function genreName(id: number): string | undefined {
  return genreMap.find((g) => g.id === id)?.name
}

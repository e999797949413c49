/**
 * The genre map of SPEC.md section 3 (shared with the worker): the 18 genres the Genres grid
 * names, and TMDB's TV genres, which /genre/{id} also knows (a series-only genre has no films).
 */
import { MOVIE_GENRES } from '../../worker/catalog/genre-map'
import { TV_GENRES } from '../../worker/catalog/rules'

export const genreMap: ReadonlyArray<{ id: number; name: string }> = MOVIE_GENRES

/** The genre's name, or undefined when no genre has this id. */
export function genreName(id: number): string | undefined {
  return (genreMap.find((g) => g.id === id) ?? TV_GENRES.find((g) => g.id === id))?.name
}

/** Whether films can have this genre (series-only genres such as Kids or Soap cannot). */
export function isFilmGenre(id: number): boolean {
  return genreMap.some((g) => g.id === id)
}

/**
 * The genre map of SPEC.md section 3 (shared with the worker): the 18 genres the Genres grid
 * names, and TMDB's TV genres, which /genre/{id} also knows (a series-only genre has no films).
 * Names are read in the page's language when they are shown (each entry's `name` is looked up on
 * reading, so the list itself can be a module constant).
 */
import { genreMessageId, MOVIE_GENRES } from '../../worker/catalog/genre-map'
import { t } from '../i18n'

function localized(id: number): { readonly id: number; readonly name: string } {
  return {
    id,
    get name() {
      return genreName(id) ?? ''
    },
  }
}

export const genreMap: ReadonlyArray<{ readonly id: number; readonly name: string }> = MOVIE_GENRES.map((g) => localized(g.id))

/** The genre's name in the page's language, or undefined when no genre has this id. */
export function genreName(id: number): string | undefined {
  const messageId = genreMessageId(id)
  return messageId ? t(messageId) : undefined
}

/** Whether films can have this genre (series-only genres such as Kids or Soap cannot). */
export function isFilmGenre(id: number): boolean {
  return MOVIE_GENRES.some((g) => g.id === id)
}

/**
 * SPEC.md section 3's genre map, as data only, so the web app can import it without pulling in
 * any worker code: the ids /genre/{id}, the Genres grid and movie discover accept. The names here
 * are English, the catalogue's own (SQL and TMDB speak them); what a visitor reads is the genre's
 * message (GENRE_MESSAGE_IDS, in web/i18n/catalogs/<locale>/genres.json).
 */
import type { Genre } from './types'

export const MOVIE_GENRES: Genre[] = [
  { id: 28, name: 'Action' },
  { id: 12, name: 'Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 14, name: 'Fantasy' },
  { id: 36, name: 'History' },
  { id: 27, name: 'Horror' },
  { id: 10402, name: 'Music' },
  { id: 9648, name: 'Mystery' },
  { id: 10749, name: 'Romance' },
  { id: 878, name: 'Science Fiction' },
  { id: 53, name: 'Thriller' },
  { id: 10752, name: 'War' },
  { id: 37, name: 'Western' },
]

/** Each film and TV genre's message id (the genres catalog area), by genre id. */
export const GENRE_MESSAGE_IDS = {
  28: 'genres.action',
  12: 'genres.adventure',
  16: 'genres.animation',
  35: 'genres.comedy',
  80: 'genres.crime',
  99: 'genres.documentary',
  18: 'genres.drama',
  10751: 'genres.family',
  14: 'genres.fantasy',
  36: 'genres.history',
  27: 'genres.horror',
  10402: 'genres.music',
  9648: 'genres.mystery',
  10749: 'genres.romance',
  878: 'genres.scienceFiction',
  53: 'genres.thriller',
  10752: 'genres.war',
  37: 'genres.western',
  10759: 'genres.actionAdventure',
  10762: 'genres.kids',
  10763: 'genres.news',
  10764: 'genres.reality',
  10765: 'genres.sciFiFantasy',
  10766: 'genres.soap',
  10767: 'genres.talk',
  10768: 'genres.warPolitics',
} as const

export type GenreMessageId = (typeof GENRE_MESSAGE_IDS)[keyof typeof GENRE_MESSAGE_IDS]

/** The message id of a genre, or undefined for an id no genre has. */
export function genreMessageId(id: number): GenreMessageId | undefined {
  return (GENRE_MESSAGE_IDS as Record<number, GenreMessageId | undefined>)[id]
}

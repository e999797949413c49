/**
 * Where a stream or a marker belongs: a film (season and episode 0), a show's episode, or a whole
 * show (season and episode 0, which any episode without its own falls back to, for a stream).
 * One schema and one D1 condition for both tables, which name these columns alike.
 */
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { contentTypes, type streamMarkers, type streams } from '../../drizzle/schema'
import { errorMessage } from '../lib/api-errors'

export const titlePlace = {
  content_type: z.enum(contentTypes),
  content_id: z.number().int().positive(),
  season_number: z.number().int().min(0).max(1000).default(0),
  episode_number: z.number().int().min(0).max(100000).default(0),
}

export type TitlePlace = { content_type: 'movie' | 'tv'; content_id: number; season_number: number; episode_number: number }

/** The refinement every placed input takes: a film has no season or episode. */
export const filmsHaveNoEpisodes: [(place: TitlePlace) => boolean, { message: string; path: string[] }] = [
  (place) => place.content_type === 'tv' || (place.season_number === 0 && place.episode_number === 0),
  { message: errorMessage('errors.movieStreamEpisode'), path: ['season_number'] },
]

/** The rows of `table` at `place`. */
export function atPlace(table: typeof streams | typeof streamMarkers, place: TitlePlace) {
  return and(eq(table.content_type, place.content_type), eq(table.content_id, place.content_id), eq(table.season_number, place.season_number), eq(table.episode_number, place.episode_number))
}

/**
 * The signed-in viewer's ratings (GET /api/me/ratings), asked once per visit and kept: cards show
 * "Your rating" from them, and the title page's stars read and change them in the same place. The
 * words that say them (the `taste` area) load with them, so a card on any page can.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MediaType } from '../../worker/catalog/types'
import { loadAreas } from '../i18n'
import { api, readJson } from './api-client'
import { formatNumber } from './format'

export const myRatingsKey = ['me', 'ratings'] as const

/** Half stars (1 to 10) by `type:id`. */
export type MyRatings = Record<string, number>

export const ratingKey = (type: MediaType, id: number) => `${type}:${id}`

async function fetchMyRatings(): Promise<MyRatings> {
  const [{ results }] = await Promise.all([readJson<{ results: { content_type: MediaType; content_id: number; rating: number }[] }>(api.me.ratings.$get({ query: {} })), loadAreas(['taste'])])
  return Object.fromEntries(results.map((r) => [ratingKey(r.content_type, r.content_id), r.rating]))
}

/** The one query every card and title page reads the ratings through, kept for the visit. */
export const myRatingsQuery = queryOptions({ queryKey: myRatingsKey, queryFn: fetchMyRatings, staleTime: Infinity })

/** A signed-in viewer's rating of a title in half stars; undefined while loading, or when unrated. */
export function useMyRating(type: MediaType, id: number): number | undefined {
  return useQuery({ ...myRatingsQuery, select: (all) => all[ratingKey(type, id)] }).data
}

/** Half stars as stars, in the page's language: 7 is "3.5". */
export function starsText(halfStars: number): string {
  return formatNumber(halfStars / 2, { maximumFractionDigits: 1 })
}

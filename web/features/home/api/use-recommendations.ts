/**
 * The signed-in viewer's "Because you watched" rows (GET /api/me/recommendations), on the home page
 * after Continue watching and instead of the panel's single Recommended row. They follow the
 * viewer's taste: whatever marks the ratings or the history stale (a rating, a title marked
 * watched) marks them stale too.
 */
import { partialMatchKey, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { RecommendationRow } from '../../../../worker/catalog/recommendation-rows'
import { recommendationsKey } from '../../../lib/account-keys'
import { api, ApiError, readJson } from '../../../lib/api-client'
import { myRatingsKey } from '../../../lib/my-ratings'

export type { RecommendationRow }

/** The keys whose going stale says the taste changed. */
const TASTE_KEYS: readonly (readonly string[])[] = [myRatingsKey, ['history']]
const following = new WeakSet<QueryClient>()

/** From now on, the rows go stale with the ratings and the history, whichever page changes them. */
function followTaste(client: QueryClient): void {
  if (following.has(client)) return
  following.add(client)
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'invalidate') return
    if (TASTE_KEYS.some((prefix) => partialMatchKey(event.query.queryKey, prefix))) void client.invalidateQueries({ queryKey: recommendationsKey })
  })
}

async function fetchRecommendations(): Promise<RecommendationRow[]> {
  try {
    return (await readJson<{ rows: RecommendationRow[] }>(api.me.recommendations.$get({ query: {} }))).rows
  } catch (error) {
    // the cookie came along but the session has ended: nobody's rows
    if (error instanceof ApiError && error.status === 401) return []
    throw error
  }
}

/** Drawn only where someone may be signed in (the home asks as the session is being confirmed). */
export function useRecommendations() {
  const client = useQueryClient()
  followTaste(client)
  return useQuery({ queryKey: recommendationsKey, queryFn: fetchRecommendations, staleTime: 5 * 60_000 })
}

/**
 * The signed-in account's Continue watching titles (GET /api/me/continue-watching), shared by the
 * home page's first row and the progress on the watchlist's cards, and the address that resumes
 * one. The home page draws the row above everything else on a phone, so whether this browser last
 * saw a row is kept (`continue-watching-shown` in localStorage): the row's place is held while
 * its answer is on the way only when one is likely, and a fresh account's home never moves.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { ContinueResult } from '../../worker/accounts/up-next'
import { continueKey } from './account-keys'
import { api, ApiError, readJson } from './api-client'

export type ContinueEntry = ContinueResult

export { continueKey }

/** How many titles the row shows. */
const CONTINUE_LIMIT = continueKey[2]

const SHOWN_KEY = 'continue-watching-shown'

/** Whether this browser's last answer had titles, or it has played something since. */
export function rowLikely(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) === '1'
  } catch {
    return false
  }
}

export function noteRowLikely(likely: boolean): void {
  try {
    if (likely) localStorage.setItem(SHOWN_KEY, '1')
    else localStorage.removeItem(SHOWN_KEY)
  } catch {
    // storage refused: the row simply is not expected
  }
}

async function fetchContinue(): Promise<ContinueEntry[]> {
  try {
    const { results } = await readJson<{ results: ContinueEntry[] }>(api.me['continue-watching'].$get({ query: { limit: String(CONTINUE_LIMIT) } }))
    noteRowLikely(results.length > 0)
    return results
  } catch (error) {
    // the cookie came along but the session has ended: nobody's row
    if (error instanceof ApiError && error.status === 401) return []
    throw error
  }
}

/**
 * Asked while the session is still being confirmed (`undefined`: the page's HTML said a session
 * cookie came along), beside the question of who is signed in rather than after it, so the row is
 * known about as early as the page's own data; never for nobody (`null`).
 */
export function useContinueWatching(session: object | null | undefined) {
  return useQuery({ queryKey: continueKey, queryFn: fetchContinue, enabled: session !== null, staleTime: 0 })
}

/**
 * Asked as an account signs in, before its first page: the home page then knows at its first
 * render whether the row is there, even in a browser that has never shown it.
 */
export function prefetchContinueWatching(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: continueKey, queryFn: fetchContinue })
}

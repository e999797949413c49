/**
 * Where the signed-in account's own data lives in the query cache: the hooks that ask for it and
 * the first data of a page painted for the account (web/lib/boot.ts) use the same keys, so a
 * painted page's answers are the ones its hooks find.
 */
import type { MediaType } from '../../worker/catalog/types'
import { CONTINUE_LIMIT, RECENT_HISTORY_LIMIT } from '../../worker/seo/boot'

export const watchlistKeys = {
  all: ['watchlist'] as const,
  list: () => ['watchlist', 'list'] as const,
  one: (type: MediaType, id: number) => ['watchlist', type, id] as const,
}

/** Continue watching at the row's length. */
export const continueKey = ['history', 'continue', CONTINUE_LIMIT] as const

/** The recent history at the home panel's and the profile's length. */
export const recentHistoryKey = ['history', 'recent', RECENT_HISTORY_LIMIT] as const

/** The account as GET /api/me/profile answers it. */
export const profileKey = ['me', 'profile'] as const

/** The account's services choice. */
export const accountServicesKey = ['me', 'services'] as const

/** The viewer's "Because you watched" rows (GET /api/me/recommendations). */
export const recommendationsKey = ['me', 'recommendations'] as const

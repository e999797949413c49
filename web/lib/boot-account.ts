/**
 * The account's own answers on a page the worker painted for it (worker/seo/boot.ts `personal`),
 * put under its hooks' keys (lib/account-keys.ts) before the first render. Apart from lib/boot.ts
 * so that a visitor's first script carries none of it.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { BootData } from '../../worker/seo/boot'
import { accountServicesKey, continueKey, profileKey, recentHistoryKey, recommendationsKey, watchlistKeys } from './account-keys'
import { catalogKeys } from './catalog'
import { myRatingsQuery } from './my-ratings'

export function seedAccountData(queryClient: QueryClient, { personal, page, account }: BootData): void {
  if (!personal) return
  // The account as the profile page asks for it: the same answer as GET /api/auth/me's.
  if (account) queryClient.setQueryData(profileKey, account)
  queryClient.setQueryData(accountServicesKey, personal.services)
  if (personal.continueWatching) queryClient.setQueryData(continueKey, personal.continueWatching)
  if (personal.history) queryClient.setQueryData(recentHistoryKey, personal.history)
  if (personal.recommendations) queryClient.setQueryData(recommendationsKey, personal.recommendations)
  if (personal.similar) queryClient.setQueryData(catalogKeys.list('similar', personal.similar.type, personal.similar.id), personal.similar.page)
  if (personal.watchlist) {
    queryClient.setQueryData(watchlistKeys.list(), personal.watchlist)
    // The watchlist buttons of the page's first titles (its hero's) know whether each is saved.
    const saved = new Set(personal.watchlist.map((entry) => `${entry.content_type}-${entry.content_id}`))
    for (const item of page?.data.hero ?? []) {
      queryClient.setQueryData(watchlistKeys.one(item.mediaType, item.id), saved.has(`${item.mediaType}-${item.id}`))
    }
  }
}

/**
 * In the browser, before hydrating a page painted for the account: the viewer's ratings, asked now
 * when the page's cards show them (its `your-rating` part). Every card's "Your rating" then takes
 * over a question already under way, rather than each finding it asked as it starts listening,
 * which redraws them all at once.
 */
export function askAheadOfHydration(queryClient: QueryClient, { parts }: BootData): void {
  if (parts?.includes('your-rating')) void queryClient.prefetchQuery(myRatingsQuery)
}

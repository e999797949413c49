/**
 * The first data the worker inlined into the page's HTML (worker/seo/boot.ts): put into the query
 * cache before the first render, so the page draws at once instead of asking the API again. Taken
 * only when it was made for this very address (the service worker may answer an offline reload
 * with the HTML of another page).
 */
import type { QueryClient } from '@tanstack/react-query'
import type { ImageSizes } from '../../worker/catalog/types'
import type { BootAccount, BootData } from '../../worker/seo/boot'
import { searchKeys } from '../features/search/api/search-keys'
import { catalogKeys } from './catalog'

let bootImageBase: string | undefined
let bootImageSizes: ImageSizes | null | undefined
let bootSignedOut = false
let bootAccount: BootAccount | null = null

/** Where images resolve, as the worker said in the HTML, until GET /api/config answers. */
export function bootedImageBase(): string | undefined {
  return bootImageBase
}

/** The image host's sizes, as the worker said in the HTML (on pages with catalogue images first), until GET /api/config answers. */
export function bootedImageSizes(): ImageSizes | null | undefined {
  return bootImageSizes
}

/** True when the page's HTML came without a session cookie: nobody is signed in, no need to ask. */
export function bootedSignedOut(): boolean {
  return bootSignedOut
}

/** The signed-in account the page was painted for, as GET /api/auth/me would answer, or null. */
export function bootedAccount(): BootAccount | null {
  return bootAccount
}

export function readBootData(doc: Document = document, location: Pick<Location, 'pathname' | 'search'> = window.location): BootData | null {
  const element = doc.getElementById('boot-data')
  if (!element?.textContent) return null
  try {
    const boot = JSON.parse(element.textContent) as BootData
    return boot.path === location.pathname + location.search ? boot : null
  } catch {
    return null
  }
}

/** Puts the inlined answers where the pages' query hooks look for them. */
export function seedQueryCache(queryClient: QueryClient, boot: BootData): void {
  bootImageBase = boot.imageBase
  if (boot.imageSizes !== undefined) bootImageSizes = boot.imageSizes
  bootSignedOut = boot.signedOut
  bootAccount = boot.account ?? null
  if (boot.page) queryClient.setQueryData(catalogKeys.page(boot.page.name, boot.page.service), boot.page.data)
  if (boot.title) queryClient.setQueryData(catalogKeys.title(boot.title.type, boot.title.data.id), boot.title.data)
  if (boot.title && boot.season) queryClient.setQueryData(catalogKeys.season(boot.title.data.id, boot.season.season_number), boot.season)
  if (boot.person) queryClient.setQueryData(catalogKeys.person(boot.person.id), boot.person)
  if (boot.genre) {
    // The keys of the genre page's rows (features/browse/api/use-genre-rows.ts).
    if (boot.genre.movie) queryClient.setQueryData(catalogKeys.list('discover', 'movie', 'genre', boot.genre.id), boot.genre.movie)
    queryClient.setQueryData(catalogKeys.list('discover', 'tv', 'genre', boot.genre.id), boot.genre.tv)
  }
  // /top-imdb's infinite grid (components/poster-grid.tsx), its first page loaded.
  if (boot.topRated) queryClient.setQueryData(catalogKeys.list('top-rated', boot.topRated.type), { pages: [boot.topRated.page], pageParams: [1] })
  // /search-results' infinite grid for its term, its first page loaded.
  if (boot.search) queryClient.setQueryData(searchKeys.all(boot.search.term), { pages: [boot.search.page], pageParams: [1] })
  // /movies/all's and /tv-shows/all's infinite grid for its address, its first page loaded.
  if (boot.grid) queryClient.setQueryData(catalogKeys.list('grid', boot.grid.type, boot.grid.search), { pages: [boot.grid.page], pageParams: [1] })
  if (boot.player) queryClient.setQueryData(catalogKeys.playerConfig(), boot.player)
}


/**
 * Which catalog areas go where. Most areas make up a locale's core catalog, loaded before the
 * first render of any page. Areas only a few pages use load with those pages' code instead, so
 * a visitor to the home page does not download the Terms of Service or the admin dashboard in
 * their language; areas only the worker uses (the tags of the pages it renders) never reach the
 * browser.
 */

/** Areas the worker alone reads (worker/lib/i18n.ts): page tags, API errors, row titles and notes, overviews, e-mails. */
export const WORKER_AREAS: readonly string[] = ['seo', 'errors', 'catalogue', 'overviews', 'mail']

/**
 * Areas loaded with the pages that use them (`services` with the services picker, whichever page
 * opens it; `mylists` with the Add to list dialog too; `player`, the player's words, with the title
 * pages, the only pages with a player; `grids` with the sortable grids and a person's filmography;
 * `person` with the person pages; `account` with the account's own pages, the calendar among them;
 * `party` with a watch-together room, whose player needs `player` too; `taste`, the words of watched
 * marks, ratings, recommendations and the viewer's hide-watched and spoiler-safe choices, with the
 * pages that show them; `profiles` with "Who's watching?", the profiles' manager and the account
 * menu's profile switcher).
 */
export const PAGE_AREAS = ['static', 'account', 'import', 'admin', 'mylists', 'services', 'player', 'grids', 'person', 'party', 'taste', 'profiles'] as const
export type PageArea = (typeof PAGE_AREAS)[number]

/** The page areas a page module (its path under web/, without extension) needs. */
export function areasOfModule(module: string): PageArea[] {
  if (module.startsWith('features/static/')) return ['static']
  if (module === 'features/account/import-page') return ['account', 'import', 'taste']
  if (module.startsWith('features/account/')) return ['account', 'taste']
  if (module.startsWith('features/admin/')) return ['admin']
  if (module === 'features/lists/my-lists-page' || module === 'features/lists/list-page') return ['mylists']
  if (module === 'features/title/movie-page' || module === 'features/title/tv-page') return ['player', 'taste']
  if (module === 'features/calendar/calendar-page') return ['account']
  if (module === 'features/browse/browse-all-page') return ['grids', 'taste']
  if (module === 'features/person/person-page') return ['grids', 'person']
  if (module === 'features/party/party-page') return ['party', 'player']
  if (module.startsWith('features/profiles/')) return ['profiles']
  return []
}

/** The areas of a locale's core catalog, of those its directory holds. */
export function coreAreas(areas: readonly string[]): string[] {
  return areas.filter((area) => !WORKER_AREAS.includes(area) && !(PAGE_AREAS as readonly string[]).includes(area))
}

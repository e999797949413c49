/**
 * The message ids, typed from the English catalogs (types only: nothing of this reaches the
 * bundle). Each area's catalog is `catalogs/<locale>/<area>.json`, and every id in it begins with
 * `<area>.`; a new area adds its line here.
 */
import type browse from './catalogs/en/browse.json'
import type common from './catalogs/en/common.json'
import type home from './catalogs/en/home.json'
import type lists from './catalogs/en/lists.json'
import type search from './catalogs/en/search.json'

export type MessageId =
  | keyof typeof common
  | keyof typeof home
  | keyof typeof browse
  | keyof typeof lists
  | keyof typeof search

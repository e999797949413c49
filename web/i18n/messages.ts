/**
 * The message ids, typed from the English catalogs (types only: nothing of this reaches the
 * bundle). Each area's catalog is `catalogs/<locale>/<area>.json`, and every id in it begins with
 * `<area>.`; a new area adds its line here.
 */
import type account from './catalogs/en/account.json'
import type admin from './catalogs/en/admin.json'
import type common from './catalogs/en/common.json'
import type importing from './catalogs/en/import.json'
import type player from './catalogs/en/player.json'
import type title from './catalogs/en/title.json'
import type watch from './catalogs/en/watch.json'

export type MessageId =
  | keyof typeof common
  | keyof typeof player
  | keyof typeof title
  | keyof typeof watch
  | keyof typeof account
  | keyof typeof importing
  | keyof typeof admin

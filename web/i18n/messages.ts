/**
 * The message ids, typed from the English catalogs (types only: nothing of this reaches the
 * bundle). Each area's catalog is `catalogs/<locale>/<area>.json`, and every id in it begins with
 * `<area>.`; a new area adds its line here.
 */
import type common from './catalogs/en/common.json'
import type catalogue from './catalogs/en/catalogue.json'
import type errors from './catalogs/en/errors.json'
import type genres from './catalogs/en/genres.json'
import type overviews from './catalogs/en/overviews.json'

export type MessageId = keyof typeof common | keyof typeof errors | keyof typeof genres | keyof typeof catalogue | keyof typeof overviews

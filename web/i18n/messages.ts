/**
 * The message ids, typed from the English catalogs (types only: nothing of this reaches the
 * bundle). Each area's catalog is `catalogs/<locale>/<area>.json`, and every id in it begins with
 * `<area>.`; a new area adds its line here.
 */
import type accountMessages from './catalogs/en/account.json'
import type adminMessages from './catalogs/en/admin.json'
import type browseMessages from './catalogs/en/browse.json'
import type cardsMessages from './catalogs/en/cards.json'
import type catalogueMessages from './catalogs/en/catalogue.json'
import type commonMessages from './catalogs/en/common.json'
import type errorsMessages from './catalogs/en/errors.json'
import type genresMessages from './catalogs/en/genres.json'
import type gridsMessages from './catalogs/en/grids.json'
import type homeMessages from './catalogs/en/home.json'
import type importMessages from './catalogs/en/import.json'
import type listsMessages from './catalogs/en/lists.json'
import type mailMessages from './catalogs/en/mail.json'
import type mylistsMessages from './catalogs/en/mylists.json'
import type navMessages from './catalogs/en/nav.json'
import type overviewsMessages from './catalogs/en/overviews.json'
import type partyMessages from './catalogs/en/party.json'
import type personMessages from './catalogs/en/person.json'
import type playerMessages from './catalogs/en/player.json'
import type profilesMessages from './catalogs/en/profiles.json'
import type searchMessages from './catalogs/en/search.json'
import type seoMessages from './catalogs/en/seo.json'
import type servicesMessages from './catalogs/en/services.json'
import type shellMessages from './catalogs/en/shell.json'
import type staticMessages from './catalogs/en/static.json'
import type tasteMessages from './catalogs/en/taste.json'
import type titleMessages from './catalogs/en/title.json'
import type watchMessages from './catalogs/en/watch.json'

export type MessageId =
  | keyof typeof accountMessages
  | keyof typeof adminMessages
  | keyof typeof browseMessages
  | keyof typeof cardsMessages
  | keyof typeof catalogueMessages
  | keyof typeof commonMessages
  | keyof typeof errorsMessages
  | keyof typeof genresMessages
  | keyof typeof gridsMessages
  | keyof typeof homeMessages
  | keyof typeof importMessages
  | keyof typeof listsMessages
  | keyof typeof mailMessages
  | keyof typeof mylistsMessages
  | keyof typeof navMessages
  | keyof typeof overviewsMessages
  | keyof typeof partyMessages
  | keyof typeof personMessages
  | keyof typeof playerMessages
  | keyof typeof profilesMessages
  | keyof typeof searchMessages
  | keyof typeof seoMessages
  | keyof typeof servicesMessages
  | keyof typeof shellMessages
  | keyof typeof staticMessages
  | keyof typeof tasteMessages
  | keyof typeof titleMessages
  | keyof typeof watchMessages

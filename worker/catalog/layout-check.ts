/**
 * What the worker checks of a layout before keeping it, beyond its shape (layout-schema.ts): its
 * rows are the page's own or marked as the administrator's, each once; a genre exists for its kind
 * of title; a list is public and shown; every title picked is in the catalogue, and on the Kids
 * page is a children's title. The first problem is answered, in the administrator's language.
 */
import type { Db } from '../accounts/db'
import { readableList } from '../accounts/user-lists'
import type { ErrorId } from '../lib/api-errors'
import type { MessageValues } from '../lib/i18n'
import { CUSTOM_ROW_PREFIX, type LayoutPage, type PageLayout, type TitleRef } from './layout-schema'
import { builtInKeys, forKids } from './pages'
import { type CatalogProvider, titleDetails } from './provider'
import { MOVIE_GENRE_IDS, TV_GENRE_IDS } from './rules'

export interface LayoutProblem {
  error: ErrorId
  values?: MessageValues
}

/** Series rows take film genre ids too, as the discover API does (Action maps onto Action & Adventure). */
const SERIES_GENRE_IDS = new Set([...MOVIE_GENRE_IDS, ...TV_GENRE_IDS])

export async function layoutProblem(db: Db, provider: CatalogProvider, page: LayoutPage, layout: PageLayout): Promise<LayoutProblem | null> {
  const builtIn = new Set(builtInKeys(page))
  const seen = new Set<string>()
  const picked: TitleRef[] = [...layout.hero]
  const slugs: string[] = []
  for (const row of layout.rows) {
    if (seen.has(row.key)) return { error: 'errors.layoutDuplicateRow', values: { key: row.key } }
    seen.add(row.key)
    if (row.kind === 'built-in') {
      if (!builtIn.has(row.key)) return { error: 'errors.layoutUnknownRow', values: { key: row.key } }
      continue
    }
    if (!row.key.startsWith(CUSTOM_ROW_PREFIX)) return { error: 'errors.layoutCustomKey', values: { key: row.key } }
    if (row.kind === 'genre' && !(row.type === 'movie' ? MOVIE_GENRE_IDS : SERIES_GENRE_IDS).has(row.genre)) return { error: 'errors.layoutUnknownGenre', values: { genre: row.genre } }
    if (row.kind === 'picks') picked.push(...row.items)
    if (row.kind === 'list') slugs.push(row.slug)
  }
  for (const slug of slugs) {
    if (!(await readableList(db, slug, async () => null, { ownOfPublic: false }))) return { error: 'errors.layoutListNotPublic', values: { slug } }
  }
  const unique = [...new Map(picked.map((ref) => [`${ref.type}:${ref.id}`, ref])).values()]
  const found = await Promise.all(unique.map((ref) => titleDetails(provider, ref.type, ref.id)))
  for (const [index, details] of found.entries()) {
    const ref = unique[index] as TitleRef
    if (!details) return { error: 'errors.layoutUnknownTitle', values: { type: ref.type, id: ref.id } }
    if (page === 'kids' && !forKids(details)) return { error: 'errors.layoutNotForKids', values: { title: details.media_type === 'movie' ? details.title : details.name } }
  }
  return null
}

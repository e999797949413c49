/**
 * Importing a watchlist and watch history from another site (Letterboxd, IMDb, Trakt): the browser
 * reads the files and sends their titles in batches; here each is matched to the catalogue, and
 * the titles the person confirms are added to their own rows.
 *
 * Matching: a TMDB id is taken as it is (when the catalogue has the title); then an IMDb id, when
 * the catalogue can say which film or series it names (TMDB can; the embedded catalogue holds no
 * IMDb ids, and an episode's id names no film or series); otherwise the title is searched and
 * compared with its punctuation, accents and case set aside, within a year of the year the file
 * gives. One such title is a match; several, or none but titles of the same year,
 * are offered to pick from; nothing at all is "not found". Adding twice adds nothing twice: the
 * unique indexes on (account, title) keep a row once, and an existing row is left as it is. A
 * list in the file goes to the account's list of the same name, made when there is none.
 */
import type { ContentType } from '../../drizzle/schema'
import { type CatalogProvider, titleDetails } from '../catalog/provider'
import { yearOfDate } from '../catalog/title-facts'
import type { ListItem, MediaType } from '../catalog/types'
import type { Db } from './db'
import { appendToList, listNamed } from './user-lists'
import type { Owner } from './watchlist'

export interface ImportQuery {
  title: string
  year: number | null
  type: MediaType | null
  tmdb_id: number | null
  /** "tt" and 7 to 10 digits (IMDB_ID_PATTERN), checked by the route. */
  imdb_id: string | null
}

export interface ImportCandidate {
  id: number
  media_type: MediaType
  title: string
  year: number | null
  poster_path: string | null
}

export type ImportMatch =
  | { status: 'matched'; match: ImportCandidate }
  | { status: 'ambiguous'; candidates: ImportCandidate[] }
  | { status: 'missing' }

const MAX_CANDIDATES = 5

/**
 * Lower case, accents and punctuation removed, "&" read as "and", a leading article dropped (and
 * one moved to the end, as in "Dark Knight, The").
 */
export function comparable(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/,\s*(the|a|an)\s*$/, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|a|an) /, '')
}

function candidateOf(item: Pick<ListItem, 'id' | 'media_type' | 'title' | 'name' | 'release_date' | 'first_air_date' | 'poster_path'>): ImportCandidate {
  const title = item.media_type === 'movie' ? (item.title ?? '') : (item.name ?? '')
  return { id: item.id, media_type: item.media_type, title, year: yearOfDate(item.media_type === 'movie' ? item.release_date : item.first_air_date), poster_path: item.poster_path }
}

async function byId(provider: CatalogProvider, type: MediaType, id: number): Promise<ImportCandidate | null> {
  const details = await titleDetails(provider, type, id)
  return details && candidateOf(details)
}

export async function matchTitle(provider: CatalogProvider, query: ImportQuery): Promise<ImportMatch> {
  if (query.tmdb_id !== null) {
    // Letterboxd and IMDb hold films unless they say otherwise; Trakt names the kind.
    const found = await byId(provider, query.type ?? 'movie', query.tmdb_id)
    if (found) return { status: 'matched', match: found }
  }
  if (query.imdb_id !== null) {
    // An id names one title; should TMDB link it to a film and a series, the kind the file names wins.
    const found = await provider.findByImdbId(query.imdb_id)
    const named = found.find((item) => item.media_type === query.type) ?? found[0]
    if (named) return { status: 'matched', match: candidateOf(named) }
  }
  const results = (await provider.search(query.title, 1, { people: false })).results
    .filter((item) => item.media_type === 'movie' || item.media_type === 'tv')
    .filter((item) => query.type === null || item.media_type === query.type)
    .map(candidateOf)
  const nearYear = (c: ImportCandidate) => query.year === null || (c.year !== null && Math.abs(c.year - query.year) <= 1)
  const wanted = comparable(query.title)
  const same = results.filter((c) => comparable(c.title) === wanted && nearYear(c))
  if (same.length === 1) return { status: 'matched', match: same[0]! }
  // Of several with the title, the one of the very year the file gives is the one meant.
  const exactYear = same.filter((c) => c.year === query.year)
  if (exactYear.length === 1) return { status: 'matched', match: exactYear[0]! }
  if (same.length > 1) return { status: 'ambiguous', candidates: same.slice(0, MAX_CANDIDATES) }
  const close = query.year === null ? [] : results.filter(nearYear)
  return close.length > 0 ? { status: 'ambiguous', candidates: close.slice(0, MAX_CANDIDATES) } : { status: 'missing' }
}

/** Matches titles a few at a time, so a batch neither waits on each in turn nor floods the catalogue. */
export async function matchTitles(provider: CatalogProvider, queries: ImportQuery[], concurrency = 4): Promise<ImportMatch[]> {
  const out: ImportMatch[] = new Array(queries.length)
  let next = 0
  const worker = async () => {
    while (next < queries.length) {
      const index = next++
      out[index] = await matchTitle(provider, queries[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, queries.length) }, worker))
  return out
}

export interface ImportTitle {
  content_type: ContentType
  content_id: number
  title: string
  poster_path: string | null
}

export interface ImportWatched extends ImportTitle {
  /** When the file says it was watched (ISO 8601); now when it does not. */
  watched_at: string | null
}

export interface ImportCounts {
  added: number
  existing: number
}

export interface ImportList {
  name: string
  items: ImportTitle[]
}

export interface ImportListCounts extends ImportCounts {
  /** Lists made for the import (a list of the same name already there is added to instead). */
  created: number
  /** Titles left out because their list was full, or because no more lists could be made. */
  skipped: number
}

/**
 * Adds each list's titles to the account's list of that name (case set aside), making a private
 * one when there is none; titles already on it stay where they are, so importing the same file
 * twice, even twice at once, makes one list and adds nothing twice.
 */
export async function importLists(db: Db, owner: Owner, lists: ImportList[]): Promise<ImportListCounts> {
  const total: ImportListCounts = { added: 0, existing: 0, created: 0, skipped: 0 }
  for (const { name, items } of lists) {
    const named = await listNamed(db, owner, name)
    if (typeof named === 'string') {
      total.skipped += items.length
      continue
    }
    if (named.made) total.created += 1
    const counts = await appendToList(db, named.list, items)
    total.added += counts.added
    total.existing += counts.existing
    total.skipped += counts.skipped
  }
  return total
}

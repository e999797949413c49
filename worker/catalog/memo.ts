/**
 * An isolate-local, size-bounded cache of embedded catalogue answers. The embedded data only
 * changes when a new data file is loaded, and the key carries that data's hash, so answers can be
 * kept for minutes; a search is kept 5 minutes as SPEC.md's search helper does. Promises are
 * stored, so identical requests arriving together share one set of D1 queries.
 */
import { registerIsolateMemo } from '../lib/isolate-memo'
import type { Locale } from '../lib/locales'
import type { CatalogProvider, ListName, TitleKey } from './provider'
import type { DiscoverFilters } from './rules'
import type { Genre, ListItem, MediaType, MovieDetails, Neighbourhood, Paged, PersonDetails, SearchOptions, SearchPage, Season, TvDetails, WatchOptions } from './types'

const MAX_ENTRIES = 400
const TTL_MS = 5 * 60_000

const store = new Map<string, { value: Promise<unknown>; until: number }>()
registerIsolateMemo(() => store.clear())

function remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const now = Date.now()
  const hit = store.get(key)
  if (hit && hit.until > now) {
    // Re-inserting keeps the map in least-recently-used order for eviction.
    store.delete(key)
    store.set(key, hit)
    return hit.value as Promise<T>
  }
  const value = compute()
  store.set(key, { value, until: now + TTL_MS })
  // A failure is not kept; only this entry is dropped, never a newer one stored under the same key since.
  value.catch(() => {
    if (store.get(key)?.value === value) store.delete(key)
  })
  while (store.size > MAX_ENTRIES) {
    const oldest = store.keys().next().value
    if (oldest === undefined) break
    store.delete(oldest)
  }
  return value
}

export class MemoizedCatalog implements CatalogProvider {
  readonly name: CatalogProvider['name']
  readonly locale: Locale
  readonly scope: string

  constructor(private readonly inner: CatalogProvider) {
    this.name = inner.name
    this.locale = inner.locale
    this.scope = inner.scope
  }

  version(): Promise<string> {
    return this.inner.version()
  }

  inLocale(locale: Locale): MemoizedCatalog {
    return new MemoizedCatalog(this.inner.inLocale(locale))
  }

  /** Answers differ by language, so each language is kept apart. */
  private async key(...parts: unknown[]): Promise<string> {
    return `${this.inner.name}:${await this.inner.version()}:${this.scope}:${JSON.stringify(parts)}`
  }

  async list(list: ListName, page: number): Promise<Paged<ListItem>> {
    return remember(await this.key('list', list, page), () => this.inner.list(list, page))
  }
  async discover(type: MediaType, filters: DiscoverFilters, page: number): Promise<Paged<ListItem>> {
    return remember(await this.key('discover', type, filters, page), () => this.inner.discover(type, filters, page))
  }
  async topRated(type: MediaType, page: number): Promise<Paged<ListItem>> {
    return remember(await this.key('topRated', type, page), () => this.inner.topRated(type, page))
  }
  async browse(letter: string, page: number): Promise<Paged<ListItem>> {
    return remember(await this.key('browse', letter, page), () => this.inner.browse(letter, page))
  }
  async search(query: string, page: number, options?: SearchOptions): Promise<SearchPage> {
    const people = options?.people ?? true
    return remember(await this.key('search', query.toLowerCase(), page, people ? 'people' : 'titles'), () => this.inner.search(query, page, { people }))
  }
  async movie(id: number): Promise<MovieDetails> {
    return remember(await this.key('movie', id), () => this.inner.movie(id))
  }
  async tv(id: number): Promise<TvDetails> {
    return remember(await this.key('tv', id), () => this.inner.tv(id))
  }
  async season(tvId: number, seasonNumber: number): Promise<Season> {
    return remember(await this.key('season', tvId, seasonNumber), () => this.inner.season(tvId, seasonNumber))
  }
  async person(id: number): Promise<PersonDetails> {
    return remember(await this.key('person', id), () => this.inner.person(id))
  }
  async similar(type: MediaType, id: number, page: number): Promise<Paged<ListItem>> {
    return remember(await this.key('similar', type, id, page), () => this.inner.similar(type, id, page))
  }
  async neighbours(type: MediaType, id: number): Promise<Neighbourhood> {
    return remember(await this.key('neighbours', type, id), () => this.inner.neighbours(type, id))
  }
  async watchOptions(type: MediaType, id: number, region: string): Promise<WatchOptions> {
    return remember(await this.key('watch', type, id, region), () => this.inner.watchOptions(type, id, region))
  }
  async findByImdbId(imdbId: string): Promise<ListItem[]> {
    return remember(await this.key('imdb', imdbId), () => this.inner.findByImdbId(imdbId))
  }

  servicesOf(tvIds: number[]): Promise<Map<number, number[]>> {
    return this.inner.servicesOf(tvIds)
  }
  certifications(titles: readonly TitleKey[]): Promise<Map<string, string | null>> {
    return this.inner.certifications(titles)
  }
  async genres(): Promise<Genre[]> {
    return this.inner.genres()
  }

  snapshotDate(): Promise<string | null> {
    return this.inner.snapshotDate()
  }
}

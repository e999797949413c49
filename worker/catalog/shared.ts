/**
 * The embedded catalogue's answers kept in KV for every isolate, so an isolate that has just
 * started reads KV, not D1: a title's details, seasons, similar titles (and the neighbourhood they are ranked
 * from, which recommendations read too) and where to watch it, a person's page,
 * and the pages of lists, discover, top rated and browse. The data changes only when a new data
 * file is loaded, and every key names the loaded data's hash, so an answer never goes stale under
 * its key. A title's details and seasons, the costliest (and what a title page is made of), are
 * made by one worker while the others wait (lib/single-flight.ts); the rest, a few cheap queries
 * each, by whoever misses them. Searches, whose words are endless, stay with the isolate memo
 * (memo.ts) only.
 *
 * The hash and the snapshot date come from a copy of catalog_meta in KV too, fresh for five
 * minutes and then served while one worker reads D1 again: a newly loaded catalogue is noticed
 * within about five minutes, and a page view never queries D1 for it.
 */
import { CATALOG_CACHE_PREFIX, type CachedEntry } from '../cache'
import type { Bindings } from '../env'
import { digestHex } from '../lib/digest'
import { isolateMemo } from '../lib/isolate-memo'
import type { Locale } from '../lib/locales'
import { sharedAnswer } from '../lib/single-flight'
import { type CatalogMeta, EmbeddedCatalog, readCatalogMeta } from './embedded'
import { type CatalogProvider, CatalogNotFoundError, type ListName, type TitleKey } from './provider'
import type { DiscoverFilters } from './rules'
import { similarPage } from './recommend'
import type { Genre, ListItem, MediaType, MovieDetails, Neighbourhood, Paged, PersonDetails, SearchOptions, SearchPage, Season, TvDetails, WatchOptions } from './types'
import type { ErrorId } from '../lib/api-errors'

export type SharedStore = Pick<Bindings, 'CACHE' | 'SINGLE_FLIGHT' | 'CATALOG'>
type WaitUntil = (promise: Promise<unknown>) => void

export const CATALOG_META_KEY = `${CATALOG_CACHE_PREFIX}meta:embedded`
const META_FRESH_MS = 5 * 60_000
/** An isolate trusts the meta it read for a minute. */
const META_MEMO_MS = 60_000
const metaMemo = isolateMemo<CatalogMeta>(META_MEMO_MS, 1)

/** Answers live in KV for 30 days after their making; a title nobody finds, an hour. */
const ANSWER_TTL_SECONDS = 30 * 24 * 60 * 60
const MISSING_TTL_SECONDS = 60 * 60
/** KV keys may be 512 bytes long; a longer description of a call is named by its digest. */
const LONGEST_READABLE_KEY = 400

/** The loaded data's hash and snapshot date, from KV (see above). */
export function sharedMeta(store: SharedStore, waitUntil: WaitUntil): Promise<CatalogMeta> {
  return metaMemo.get('meta', async () => {
    const entry = await sharedAnswer<CatalogMeta>({
      kv: store.CACHE,
      flights: store.SINGLE_FLIGHT,
      key: CATALOG_META_KEY,
      freshMs: META_FRESH_MS,
      servableMs: Number.POSITIVE_INFINITY,
      ttlSeconds: ANSWER_TTL_SECONDS,
      waitUntil,
      make: async () => ({ value: await readCatalogMeta(store.CATALOG), keep: true }),
    })
    return entry.data
  })
}

/** What a kept answer holds: the answer, or the message of a title the catalogue does not have. */
type Kept<T> = { found: T } | { missing: ErrorId }

export class SharedCatalog implements CatalogProvider {
  readonly name = 'embedded' as const
  readonly scope: string

  constructor(
    private readonly store: SharedStore,
    private readonly waitUntil: WaitUntil,
    private readonly inner: EmbeddedCatalog,
  ) {
    this.scope = inner.scope
  }

  get locale(): Locale {
    return this.inner.locale
  }

  static create(store: SharedStore, waitUntil: WaitUntil, locale: Locale): SharedCatalog {
    return new SharedCatalog(store, waitUntil, new EmbeddedCatalog(store.CATALOG, locale, () => sharedMeta(store, waitUntil)))
  }

  inLocale(locale: Locale): SharedCatalog {
    return new SharedCatalog(this.store, this.waitUntil, this.inner.inLocale(locale))
  }

  version(): Promise<string> {
    return this.inner.version()
  }

  snapshotDate(): Promise<string | null> {
    return this.inner.snapshotDate()
  }

  private async key(parts: unknown[]): Promise<string> {
    const call = JSON.stringify(parts)
    const head = `${CATALOG_CACHE_PREFIX}answer:embedded:${await this.inner.version()}:${this.scope}:`
    return head.length + call.length <= LONGEST_READABLE_KEY ? head + call : `${head}#${await digestHex(call)}`
  }

  /** The answer from KV, else made from D1 (by one worker at a time with `lease`) and kept. */
  private async kept<T>(parts: unknown[], make: () => Promise<T>, lease = false): Promise<T> {
    const entry: CachedEntry<Kept<T>> = await sharedAnswer<Kept<T>>({
      kv: this.store.CACHE,
      flights: this.store.SINGLE_FLIGHT,
      key: await this.key(parts),
      freshMs: Number.POSITIVE_INFINITY,
      servableMs: Number.POSITIVE_INFINITY,
      ttlSeconds: (value) => ('missing' in value ? MISSING_TTL_SECONDS : ANSWER_TTL_SECONDS),
      waitUntil: this.waitUntil,
      lease,
      make: async () => {
        try {
          return { value: { found: await make() }, keep: true }
        } catch (err) {
          if (err instanceof CatalogNotFoundError) return { value: { missing: err.messageId }, keep: true }
          throw err
        }
      },
    })
    if ('missing' in entry.data) throw new CatalogNotFoundError(entry.data.missing)
    return entry.data.found
  }

  list(list: ListName, page: number): Promise<Paged<ListItem>> {
    return this.kept(['list', list, page], () => this.inner.list(list, page))
  }
  discover(type: MediaType, filters: DiscoverFilters, page: number): Promise<Paged<ListItem>> {
    return this.kept(['discover', type, filters, page], () => this.inner.discover(type, filters, page))
  }
  topRated(type: MediaType, page: number): Promise<Paged<ListItem>> {
    return this.kept(['topRated', type, page], () => this.inner.topRated(type, page))
  }
  browse(letter: string, page: number): Promise<Paged<ListItem>> {
    return this.kept(['browse', letter, page], () => this.inner.browse(letter, page))
  }
  search(query: string, page: number, options?: SearchOptions): Promise<SearchPage> {
    return this.inner.search(query, page, options)
  }
  movie(id: number): Promise<MovieDetails> {
    return this.kept(['movie', id], () => this.inner.movie(id), true)
  }
  tv(id: number): Promise<TvDetails> {
    return this.kept(['tv', id], () => this.inner.tv(id), true)
  }
  season(tvId: number, seasonNumber: number): Promise<Season> {
    return this.kept(['season', tvId, seasonNumber], () => this.inner.season(tvId, seasonNumber), true)
  }
  person(id: number): Promise<PersonDetails> {
    return this.kept(['person', id], () => this.inner.person(id))
  }
  similar(type: MediaType, id: number, page: number): Promise<Paged<ListItem>> {
    return this.kept(['similar', type, id, page], async () => similarPage(await this.neighbours(type, id), page))
  }
  neighbours(type: MediaType, id: number): Promise<Neighbourhood> {
    return this.kept(['neighbours', type, id], () => this.inner.neighbours(type, id))
  }
  watchOptions(type: MediaType, id: number, region: string): Promise<WatchOptions> {
    // The embedded catalogue's offers are the same in every region: one answer, named for the region asked.
    return this.kept(['watch', type, id], () => this.inner.watchOptions(type, id, region)).then((options) => ({ ...options, region }))
  }
  findByImdbId(): Promise<ListItem[]> {
    return this.inner.findByImdbId()
  }
  servicesOf(tvIds: number[]): Promise<Map<number, number[]>> {
    return this.inner.servicesOf(tvIds)
  }
  certifications(titles: readonly TitleKey[]): Promise<Map<string, string | null>> {
    return this.inner.certifications(titles)
  }
  genres(): Promise<Genre[]> {
    return this.inner.genres()
  }
}

/**
 * What one account's store (worker/accounts/store.ts) remembers of the viewer's taste: every play
 * of a film or an episode, the viewer's ratings, and two choices of what pages leave out (hide
 * watched, spoiler-safe). `taste_seq` in the preferences row grows with every change of plays and
 * ratings, so recommendations kept for an older number are known to be stale.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { storeHistory, storePlays, storePreferences, storeRatings, type StorePlayRow, type StoreRatingRow } from '../../drizzle/account-store'
import type { ContentType } from '../../drizzle/schema'
import { nowIso, type StoreDb } from './db'
import { forgetHistoryEntry } from './history'
import type { ContentKey } from './watchlist'

/** A film (no season or episode) or one episode of a show. */
export interface PlayKey extends ContentKey {
  season_number: number | null
  episode_number: number | null
}

export interface PlayItem extends PlayKey {
  title: string
  poster_path: string | null
}

/** How often, and when last, a film or an episode was watched. */
export interface WatchedMark {
  season_number: number | null
  episode_number: number | null
  plays: number
  last_watched_at: string
}

export interface RatingItem extends ContentKey {
  title: string
  poster_path: string | null
  rating: number
  /** When it was given (an import keeps the file's date); now when left out. */
  rated_at?: string
}

export interface Preferences {
  hide_watched: boolean
  spoiler_safe: boolean
}

/** A play closer than this to the last of the same film or episode is the same viewing, not a rewatch. */
export const SAME_VIEWING_MS = 4 * 60 * 60 * 1000

export const MIN_RATING = 1
export const MAX_RATING = 10

const PREFERENCES_ROW = 1

function sameKey(key: PlayKey) {
  return and(
    eq(storePlays.content_type, key.content_type),
    eq(storePlays.content_id, key.content_id),
    key.season_number === null ? isNull(storePlays.season_number) : eq(storePlays.season_number, key.season_number),
    key.episode_number === null ? isNull(storePlays.episode_number) : eq(storePlays.episode_number, key.episode_number),
  )
}

/** A film's key has no season or episode, whatever a caller passed. */
export function playKey(item: ContentKey & { season_number?: number | null; episode_number?: number | null }): PlayKey {
  const episode = item.content_type === 'tv' && item.season_number != null && item.episode_number != null
  return {
    content_type: item.content_type,
    content_id: item.content_id,
    season_number: episode ? item.season_number! : null,
    episode_number: episode ? item.episode_number! : null,
  }
}

/** Taste changed: recommendations kept for the old number are stale. */
export function bumpTaste(db: StoreDb): number {
  const row = db
    .insert(storePreferences)
    .values({ id: PREFERENCES_ROW, taste_seq: 1 })
    .onConflictDoUpdate({ target: storePreferences.id, set: { taste_seq: sql`${storePreferences.taste_seq} + 1` } })
    .returning({ seq: storePreferences.taste_seq })
    .get()
  return row?.seq ?? 0
}

export function tasteSeq(db: StoreDb): number {
  return db.select({ seq: storePreferences.taste_seq }).from(storePreferences).get()?.seq ?? 0
}

/**
 * Marks films or episodes watched: one play each, at its own `watched_at` (an import's date) or
 * now, for those not watched yet; one already watched is left as it is. Answers how many were added.
 */
export function markWatched(db: StoreDb, items: (PlayItem & { watched_at?: string })[]): number {
  const now = nowIso()
  let added = 0
  for (const raw of items) {
    const item = { ...raw, ...playKey(raw) }
    const there = db.select({ id: storePlays.id }).from(storePlays).where(sameKey(item)).limit(1).get()
    if (there) continue
    db.insert(storePlays).values({ ...item, watched_at: raw.watched_at ?? now }).run()
    added += 1
  }
  if (added) bumpTaste(db)
  return added
}

/** Unmarks films or episodes: every play of each goes. Answers how many plays went. */
export function unmarkWatched(db: StoreDb, keys: PlayKey[]): number {
  let removed = 0
  for (const raw of keys) removed += db.delete(storePlays).where(sameKey(playKey(raw))).returning({ id: storePlays.id }).all().length
  if (removed) bumpTaste(db)
  return removed
}

/**
 * A film or an episode played past 90% of its length: one more play, unless its last play was
 * within the same viewing (SAME_VIEWING_MS). True when a play was added.
 */
export function recordPlay(db: StoreDb, raw: PlayItem, at: Date = new Date()): boolean {
  const item = { ...raw, ...playKey(raw) }
  const last = db.select({ watched_at: storePlays.watched_at }).from(storePlays).where(sameKey(item)).orderBy(desc(storePlays.watched_at)).limit(1).get()
  if (last && at.getTime() - Date.parse(last.watched_at) < SAME_VIEWING_MS) return false
  db.insert(storePlays).values({ ...item, watched_at: at.toISOString() }).run()
  bumpTaste(db)
  return true
}

/** A title's watched marks: a film's one (no season or episode), or each episode of a show watched. */
export function watchedMarks(db: StoreDb, key: ContentKey): WatchedMark[] {
  return db
    .select({
      season_number: storePlays.season_number,
      episode_number: storePlays.episode_number,
      plays: sql<number>`count(*)`,
      last_watched_at: sql<string>`max(${storePlays.watched_at})`,
    })
    .from(storePlays)
    .where(and(eq(storePlays.content_type, key.content_type), eq(storePlays.content_id, key.content_id)))
    .groupBy(storePlays.season_number, storePlays.episode_number)
    .orderBy(storePlays.season_number, storePlays.episode_number)
    .all()
}

/** Where a page of plays ends: the last play on it, by its date and id (the order of the list). */
export interface PlaysCursor {
  watched_at: string
  id: number
}

/**
 * Every play, newest first: the history of what was watched, with dates. With `before`, the plays
 * after that one in this order (a play imported at an old date has a newer id than plays after it,
 * so the id alone cannot say where a page ends).
 */
export function listPlays(db: StoreDb, limit: number, before: PlaysCursor | null = null): StorePlayRow[] {
  return db
    .select()
    .from(storePlays)
    .where(before === null ? undefined : sql`(${storePlays.watched_at}, ${storePlays.id}) < (${before.watched_at}, ${before.id})`)
    .orderBy(desc(storePlays.watched_at), desc(storePlays.id))
    .limit(limit)
    .all()
}

/**
 * The titles the viewer has watched: films with a play, and shows marked finished in the history
 * (every episode watched, or finished in the player). With `keys`, only among those.
 */
export function watchedTitles(db: StoreDb, keys?: ContentKey[]): ContentKey[] {
  if (keys && !keys.length) return []
  const films = db
    .selectDistinct({ content_type: storePlays.content_type, content_id: storePlays.content_id })
    .from(storePlays)
    .where(and(eq(storePlays.content_type, 'movie'), keys ? inArray(storePlays.content_id, idsOf(keys, 'movie')) : undefined))
    .all()
  const shows = db
    .select({ content_type: storeHistory.content_type, content_id: storeHistory.content_id })
    .from(storeHistory)
    .where(and(eq(storeHistory.content_type, 'tv'), eq(storeHistory.completed, true), keys ? inArray(storeHistory.content_id, idsOf(keys, 'tv')) : undefined))
    .all()
  return [...films, ...shows]
}

function idsOf(keys: ContentKey[], type: ContentType): number[] {
  return keys.filter((k) => k.content_type === type).map((k) => k.content_id)
}

/** A show is finished (every episode watched) or not any more: its history row says so, made when missing. */
export function setShowFinished(db: StoreDb, item: ContentKey & { title: string; poster_path: string | null }, finished: boolean, change: number): void {
  forgetHistoryEntry(db)
  const updated = db
    .update(storeHistory)
    .set({ completed: finished, copy: change })
    .where(and(eq(storeHistory.content_type, item.content_type), eq(storeHistory.content_id, item.content_id)))
    .returning({ id: storeHistory.id })
    .get()
  if (!updated && finished) db.insert(storeHistory).values({ ...item, completed: true, copy: change }).run()
  bumpTaste(db)
}

// Ratings

function validRating(rating: number): boolean {
  return Number.isInteger(rating) && rating >= MIN_RATING && rating <= MAX_RATING
}

/** Sets ratings (one per title, a later one replacing it). Answers them as stored. */
export function setRatings(db: StoreDb, items: RatingItem[]): StoreRatingRow[] {
  if (!items.length) return []
  const now = nowIso()
  const rows = items.map((item) => {
    if (!validRating(item.rating)) throw new RangeError('a rating is 1 to 10 half stars')
    const row = { content_type: item.content_type, content_id: item.content_id, rating: item.rating, title: item.title, poster_path: item.poster_path, rated_at: item.rated_at ?? now }
    db.insert(storeRatings)
      .values(row)
      .onConflictDoUpdate({ target: [storeRatings.content_type, storeRatings.content_id], set: row })
      .run()
    return row
  })
  bumpTaste(db)
  return rows
}

export function removeRating(db: StoreDb, key: ContentKey): boolean {
  const gone = db
    .delete(storeRatings)
    .where(and(eq(storeRatings.content_type, key.content_type), eq(storeRatings.content_id, key.content_id)))
    .returning({ id: storeRatings.content_id })
    .get()
  if (gone) bumpTaste(db)
  return gone !== undefined
}

export function ratingOf(db: StoreDb, key: ContentKey): StoreRatingRow | null {
  return db.select().from(storeRatings).where(and(eq(storeRatings.content_type, key.content_type), eq(storeRatings.content_id, key.content_id))).get() ?? null
}

/** The viewer's ratings, newest first; with `keys`, only those of these titles. */
export function listRatings(db: StoreDb, keys?: ContentKey[]): StoreRatingRow[] {
  if (keys && !keys.length) return []
  const among = keys
    ? sql`(${storeRatings.content_type} = 'movie' and ${storeRatings.content_id} in (${sql.join(idsOf(keys, 'movie').concat(-1), sql`, `)})) or (${storeRatings.content_type} = 'tv' and ${storeRatings.content_id} in (${sql.join(idsOf(keys, 'tv').concat(-1), sql`, `)}))`
    : undefined
  return db.select().from(storeRatings).where(among).orderBy(desc(storeRatings.rated_at)).all()
}

// Preferences

export function readPreferences(db: StoreDb): Preferences {
  const row = db.select().from(storePreferences).get()
  return { hide_watched: row?.hide_watched ?? false, spoiler_safe: row?.spoiler_safe ?? false }
}

export function writePreferences(db: StoreDb, change: Partial<Preferences>): Preferences {
  const current = readPreferences(db)
  const next = { ...current, ...change }
  db.insert(storePreferences)
    .values({ id: PREFERENCES_ROW, ...next })
    .onConflictDoUpdate({ target: storePreferences.id, set: next })
    .run()
  return next
}

/** What the catalogue's answers to the viewer need of their taste (worker/catalog/taste-filters.ts). */
export interface FilterWants {
  /** The titles watched, which hide watched leaves out. */
  watched?: boolean
  /** A show whose episodes are answered: its watched marks, after which spoiler-safe hides episodes. */
  show?: number
}

/** The viewer's choices, with what those that are on need of `FilterWants`. */
export interface ViewerFilters {
  preferences: Preferences
  /** Hide watched is on and the titles were wanted. */
  watched?: ContentKey[]
  /** Spoiler-safe is on and a show was wanted: its watched marks. */
  marks?: WatchedMark[]
}

/** The viewer's choices and what they need, read together: nothing more while both are off. */
export function readFilters(db: StoreDb, wants: FilterWants): ViewerFilters {
  const preferences = readPreferences(db)
  return {
    preferences,
    ...(preferences.hide_watched && wants.watched && { watched: watchedTitles(db) }),
    ...(preferences.spoiler_safe && wants.show !== undefined && { marks: watchedMarks(db, { content_type: 'tv', content_id: wants.show }) }),
  }
}

/** What recommendations start from: every title watched (with its latest play) and every rating. */
export interface Taste {
  seq: number
  watched: (ContentKey & { title: string; last_watched_at: string; plays: number })[]
  ratings: StoreRatingRow[]
  /** Every title in the history, started or finished: never recommended either. */
  seen: ContentKey[]
}

export function readTaste(db: StoreDb): Taste {
  const watched = db
    .select({
      content_type: storePlays.content_type,
      content_id: storePlays.content_id,
      title: sql<string>`max(${storePlays.title})`,
      last_watched_at: sql<string>`max(${storePlays.watched_at})`,
      plays: sql<number>`count(*)`,
    })
    .from(storePlays)
    .groupBy(storePlays.content_type, storePlays.content_id)
    .orderBy(sql`max(${storePlays.watched_at}) desc`)
    .all()
  return { seq: tasteSeq(db), watched, ratings: listRatings(db), seen: seenTitles(db) }
}

/** Every title in the history, started or finished. */
export function seenTitles(db: StoreDb): ContentKey[] {
  return db.select({ content_type: storeHistory.content_type, content_id: storeHistory.content_id }).from(storeHistory).where(gt(storeHistory.id, 0)).all()
}

/** After the history's rows came in from D1 (an account older than its store): what they say was watched becomes plays. */
export function playsFromHistory(db: StoreDb): void {
  db.run(sql`INSERT INTO plays (content_type, content_id, season_number, episode_number, title, poster_path, watched_at)
    SELECT content_type, content_id, CASE WHEN content_type = 'tv' THEN season_number END, CASE WHEN content_type = 'tv' THEN episode_number END, title, poster_path, watched_at
    FROM watch_history
    WHERE (completed = 1 OR (content_type = 'tv' AND season_number IS NOT NULL AND episode_number IS NOT NULL AND total_duration > 0 AND position >= total_duration * 0.9))
      AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.content_type = watch_history.content_type AND p.content_id = watch_history.content_id)`)
}

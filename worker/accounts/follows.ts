/**
 * The shows an account follows, in its own store (worker/accounts/store.ts). A show is followed
 * when the viewer followed it, or when it is in the watchlist or an episode of it was watched in
 * the last 60 days, unless the viewer unfollowed it: an explicit choice, either way, wins.
 */
import { and, eq, gte } from 'drizzle-orm'
import { storeFollows, storeHistory, storeWatchlist } from '../../drizzle/account-store'
import type { StoreDb } from './db'
import { nowIso } from './db'

/** How long a show watched counts as followed without the viewer saying so. */
export const WATCHED_FOLLOW_DAYS = 60

/** Why a show is followed: the viewer's own choice, the watchlist, or an episode watched lately. */
export type FollowReason = 'followed' | 'watchlist' | 'watched'

export interface FollowedShow {
  content_id: number
  title: string
  poster_path: string | null
  reason: FollowReason
}

export interface FollowItem {
  content_id: number
  title: string
  poster_path: string | null
}

/** Where one show stands: followed or not, and why; `explicit` is the viewer's own choice, if any. */
export interface FollowState {
  following: boolean
  reason: FollowReason | null
  explicit: boolean | null
}

/** Follows (`following: true`) or unfollows a show, replacing any earlier choice. */
export function setFollow(db: StoreDb, item: FollowItem, following: boolean): void {
  const changed_at = nowIso()
  db.insert(storeFollows)
    .values({ ...item, following, changed_at })
    .onConflictDoUpdate({ target: storeFollows.content_id, set: { title: item.title, poster_path: item.poster_path, following, changed_at } })
    .run()
}

function watchedSince(now: number): string {
  return new Date(now - WATCHED_FOLLOW_DAYS * 86_400_000).toISOString()
}

/** Every followed show: chosen ones first, then the watchlist's, then those watched lately; each once. */
export function followedShows(db: StoreDb, now = Date.now()): FollowedShow[] {
  const choices = db.select().from(storeFollows).all()
  const decided = new Set(choices.map((c) => c.content_id))
  const shows: FollowedShow[] = choices.filter((c) => c.following).map((c) => ({ content_id: c.content_id, title: c.title, poster_path: c.poster_path, reason: 'followed' }))
  const add = (rows: { content_id: number; title: string; poster_path: string | null }[], reason: FollowReason) => {
    for (const row of rows) {
      if (decided.has(row.content_id)) continue
      decided.add(row.content_id)
      shows.push({ content_id: row.content_id, title: row.title, poster_path: row.poster_path, reason })
    }
  }
  const columns = { content_id: storeWatchlist.content_id, title: storeWatchlist.title, poster_path: storeWatchlist.poster_path }
  add(db.select(columns).from(storeWatchlist).where(eq(storeWatchlist.content_type, 'tv')).all(), 'watchlist')
  add(
    db
      .select({ content_id: storeHistory.content_id, title: storeHistory.title, poster_path: storeHistory.poster_path })
      .from(storeHistory)
      .where(and(eq(storeHistory.content_type, 'tv'), gte(storeHistory.watched_at, watchedSince(now))))
      .all(),
    'watched',
  )
  return shows
}

export function followState(db: StoreDb, contentId: number, now = Date.now()): FollowState {
  const choice = db.select({ following: storeFollows.following }).from(storeFollows).where(eq(storeFollows.content_id, contentId)).get()
  if (choice) return { following: choice.following, reason: choice.following ? 'followed' : null, explicit: choice.following }
  const listed = db.select({ id: storeWatchlist.id }).from(storeWatchlist).where(and(eq(storeWatchlist.content_type, 'tv'), eq(storeWatchlist.content_id, contentId))).get()
  if (listed) return { following: true, reason: 'watchlist', explicit: null }
  const watched = db
    .select({ id: storeHistory.id })
    .from(storeHistory)
    .where(and(eq(storeHistory.content_type, 'tv'), eq(storeHistory.content_id, contentId), gte(storeHistory.watched_at, watchedSince(now))))
    .get()
  return watched ? { following: true, reason: 'watched', explicit: null } : { following: false, reason: null, explicit: null }
}

/** The viewer's explicit choices, for the account's export. */
export function followChoices(db: StoreDb): { content_id: number; title: string; following: boolean; changed_at: string }[] {
  return db
    .select({ content_id: storeFollows.content_id, title: storeFollows.title, following: storeFollows.following, changed_at: storeFollows.changed_at })
    .from(storeFollows)
    .all()
}

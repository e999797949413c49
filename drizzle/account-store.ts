/**
 * The tables of one account's Durable Object (worker/accounts/store.ts): its sessions, watchlist,
 * watch history, services choice, followed shows and new-episode notices, in the object's own
 * SQLite storage. Every row belongs to the one account the object is named for, so no table
 * carries an owner.
 *
 * The watchlist and the history are copied to D1 (the account tables of drizzle/schema.ts, which
 * the admin figures read): `copy` is 0 once a row's copy is written, else the change number that
 * made it differ; `copy_removals` holds what the copy must lose. Migrations are generated with
 * `npm run db:generate:store` into drizzle/account-store/ and run when an object starts.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { contentTypes } from './schema'

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`

/** One row: who the object belongs to and what it knows of the account. */
export const storeAccount = sqliteTable('account', {
  id: integer('id').primaryKey(),
  owner_type: text('owner_type', { enum: ['user', 'admin'] }).notNull(),
  owner_id: integer('owner_id').notNull(),
  /** The account's public record (no password hash), copied from D1 whenever it changes there. */
  profile: text('profile', { mode: 'json' }),
  /** Set by an administrator's ban: no session is confirmed or started while it is. */
  banned: integer('banned', { mode: 'boolean' }).notNull().default(false),
  /** The last change number handed out (see `copy` below). */
  change_seq: integer('change_seq').notNull().default(0),
  /** When the copy was last written to D1, ISO. */
  copied_at: text('copied_at'),
  /**
   * Administrators only: when their D1 row was last read and a digest of the password hash it
   * held. `npm run admin:create` resets a password in D1 alone; a changed hash ends every session.
   */
  checked_at: text('checked_at'),
  password_mark: text('password_mark'),
  /**
   * Which of the account's profiles this object holds the viewing of: 1 in the account's own object
   * (which also holds the profiles themselves), 2 to 5 in a profile's object (`user:42/p2`).
   */
  profile_id: integer('profile_id').notNull().default(1),
  /** The account requires its PIN (profile 1's) to leave a kids profile and to make or change profiles. */
  profile_guard: integer('profile_guard', { mode: 'boolean' }).notNull().default(false),
})

/**
 * The account's profiles, in the account's own object only. A profile's PIN is kept as an HMAC
 * with a server-side key (a 4-digit PIN needs a limit, not a slow hash): after PIN_TRIES wrong ones
 * it waits, longer each time (worker/accounts/profiles.ts).
 */
export const storeProfiles = sqliteTable('profiles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull(),
  locale: text('locale'),
  ceiling: text('ceiling', { enum: ['kids', 'teens', 'all'] }).notNull().default('all'),
  pin_hmac: text('pin_hmac'),
  /** Wrong PINs since the last right one or the last wait. */
  pin_failures: integer('pin_failures').notNull().default(0),
  /** How many waits so far (each twice the one before); back to 0 on a right PIN. */
  pin_waits: integer('pin_waits').notNull().default(0),
  /** Until when (ms since the epoch) no PIN is taken. */
  pin_wait_until: integer('pin_wait_until').notNull().default(0),
  /** Whether the owner was e-mailed about the wrong PINs since the last right one. */
  pin_mailed: integer('pin_mailed', { mode: 'boolean' }).notNull().default(false),
  created_at: text('created_at').notNull().default(now),
})

export const storeSessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    created_at: text('created_at').notNull().default(now),
    expires_at: text('expires_at').notNull(),
    last_seen_at: text('last_seen_at').notNull().default(now),
    user_agent: text('user_agent'),
    second_factor: text('second_factor'),
    /** The profile chosen in this browser; 0 until "Who's watching?" is answered. */
    profile_id: integer('profile_id').notNull().default(1),
  },
  (t) => [index('sessions_expires_idx').on(t.expires_at)],
)

export const storeWatchlist = sqliteTable(
  'watchlist',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    content_id: integer('content_id').notNull(),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    added_at: text('added_at').notNull().default(now),
    copy: integer('copy').notNull().default(0),
  },
  (t) => [
    uniqueIndex('watchlist_content_unique').on(t.content_type, t.content_id),
    index('watchlist_added_idx').on(t.added_at),
    index('watchlist_copy_idx').on(t.copy),
  ],
)

export const storeHistory = sqliteTable(
  'watch_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    content_id: integer('content_id').notNull(),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    watch_duration: integer('watch_duration').notNull().default(0),
    position: integer('position').notNull().default(0),
    total_duration: integer('total_duration').notNull().default(0),
    season_number: integer('season_number'),
    episode_number: integer('episode_number'),
    completed: integer('completed', { mode: 'boolean' }).notNull().default(false),
    watched_at: text('watched_at').notNull().default(now),
    copy: integer('copy').notNull().default(0),
    /**
     * Taken off the home page's Continue watching row by the viewer; the row stays in the history.
     * Cleared when more of the title is watched or another episode plays. Not copied to D1.
     */
    continue_hidden: integer('continue_hidden', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('watch_history_content_unique').on(t.content_type, t.content_id),
    index('watch_history_watched_idx').on(t.watched_at),
    index('watch_history_copy_idx').on(t.copy),
  ],
)

/**
 * Where the title now playing has got to: at most one row, written by every progress report in
 * place of the history row (a row with no index is one row written; the history row and its
 * indexes are several). The history row takes it over on the pause, end or leave report, when
 * another title plays, and before anything reads the history.
 */
export const storePlaying = sqliteTable('playing', {
  id: integer('id').primaryKey(),
  content_id: integer('content_id').notNull(),
  content_type: text('content_type', { enum: contentTypes }).notNull(),
  watch_duration: integer('watch_duration').notNull(),
  position: integer('position').notNull(),
  total_duration: integer('total_duration').notNull(),
  reported_at: text('reported_at').notNull(),
})

/** "My services": at most one row. */
export const storeServices = sqliteTable('service_choice', {
  id: integer('id').primaryKey(),
  services: text('services').notNull(),
  region: text('region').notNull(),
  updated_at: text('updated_at').notNull().default(now),
})

/**
 * Rows the D1 copy must lose: one title (content_type and content_id) or, with both null, every
 * row of the table ('watchlist' or 'watch_history').
 */
export const storeCopyRemovals = sqliteTable('copy_removals', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  table_name: text('table_name', { enum: ['watchlist', 'watch_history'] }).notNull(),
  content_type: text('content_type', { enum: contentTypes }),
  content_id: integer('content_id'),
})

/**
 * Shows the viewer chose to follow or to stop following (a series' TMDB id). A show in the
 * watchlist or watched lately is followed without a row here; `following: false` keeps an
 * explicit unfollow, which wins over both.
 */
export const storeFollows = sqliteTable('follows', {
  content_id: integer('content_id').primaryKey(),
  title: text('title').notNull(),
  poster_path: text('poster_path'),
  following: integer('following', { mode: 'boolean' }).notNull(),
  changed_at: text('changed_at').notNull().default(now),
})

/** The browsers the account gets notices in (Web Push subscriptions: endpoint and keys, RFC 8291). */
export const storePushSubscriptions = sqliteTable('push_subscriptions', {
  endpoint: text('endpoint').primaryKey(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  created_at: text('created_at').notNull().default(now),
  /** Deliveries the push service refused in a row (a 4xx other than 404, 410 and 429); reset by one it takes. */
  failures: integer('failures').notNull().default(0),
})

/**
 * How the account gets its new-episode notices: at most one row. Quiet hours are minutes after
 * midnight in `time_zone` (start included, end not; start after end spans midnight), null when
 * none; `notified_through` is when the last notice's window ended.
 */
export const storeNoticeSettings = sqliteTable('notice_settings', {
  id: integer('id').primaryKey(),
  time_zone: text('time_zone').notNull(),
  quiet_start: integer('quiet_start'),
  quiet_end: integer('quiet_end'),
  notified_through: text('notified_through').notNull(),
})

/**
 * Every time a film or an episode was watched: marked by the viewer, imported, or played past 90%
 * of its length. A film's row has no season or episode. Watched means at least one row; a rewatch
 * is one more row; unmarking removes the title's or episode's rows. Not copied to D1.
 */
export const storePlays = sqliteTable(
  'plays',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    content_id: integer('content_id').notNull(),
    season_number: integer('season_number'),
    episode_number: integer('episode_number'),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    watched_at: text('watched_at').notNull().default(now),
  },
  (t) => [index('plays_content_idx').on(t.content_type, t.content_id, t.season_number, t.episode_number), index('plays_watched_idx').on(t.watched_at)],
)

/** The viewer's ratings: half stars, 1 (half a star) to 10 (five stars), one per title. Not copied to D1. */
export const storeRatings = sqliteTable(
  'ratings',
  {
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    content_id: integer('content_id').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    rated_at: text('rated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.content_type, t.content_id] }), index('ratings_rated_idx').on(t.rated_at)],
)

/** The viewer's choices of what pages leave out: at most one row, both off until chosen. */
export const storePreferences = sqliteTable('preferences', {
  id: integer('id').primaryKey(),
  hide_watched: integer('hide_watched', { mode: 'boolean' }).notNull().default(false),
  spoiler_safe: integer('spoiler_safe', { mode: 'boolean' }).notNull().default(false),
  /** Bumped by every change of plays and ratings: recommendations cached for an older number are stale. */
  taste_seq: integer('taste_seq').notNull().default(0),
})

export type StoreSession = typeof storeSessions.$inferSelect
export type StoreProfileRow = typeof storeProfiles.$inferSelect
export type StoreWatchlistRow = typeof storeWatchlist.$inferSelect
export type StoreHistoryRow = typeof storeHistory.$inferSelect
export type StorePlayingRow = typeof storePlaying.$inferSelect
export type StoreFollowRow = typeof storeFollows.$inferSelect
export type StorePushSubscription = typeof storePushSubscriptions.$inferSelect
export type StoreNoticeSettings = typeof storeNoticeSettings.$inferSelect
export type StorePlayRow = typeof storePlays.$inferSelect
export type StoreRatingRow = typeof storeRatings.$inferSelect
export type StorePreferences = typeof storePreferences.$inferSelect

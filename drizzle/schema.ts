/**
 * The D1 schema for accounts, sessions, lists and playback streams.
 *
 * Users and administrators are separate tables (SPEC.md section 3), so every row that belongs to
 * an account carries owner_type ('user' | 'admin') next to owner_id: an admin id and a user id
 * may be the same number and must never reach each other's rows.
 * Timestamps are ISO-8601 strings in UTC, which sort correctly as text.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`

export const ownerTypes = ['user', 'admin'] as const
export type OwnerType = (typeof ownerTypes)[number]
export const contentTypes = ['movie', 'tv'] as const
export type ContentType = (typeof contentTypes)[number]

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    last_login: text('last_login'),
    username: text('username'),
    full_name: text('full_name'),
    bio: text('bio'),
    date_of_birth: text('date_of_birth'),
    country: text('country'),
    /** The interface language the account chose (a tag of worker/lib/locales.ts); null until it chooses. */
    locale: text('locale'),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.created_at),
    index('users_last_login_idx').on(t.last_login),
  ],
)

export const adminUsers = sqliteTable(
  'admin_users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    last_login: text('last_login'),
    username: text('username'),
    full_name: text('full_name'),
    role: text('role').notNull().default('admin'),
    /** The authenticator-app (TOTP) secret, encrypted (worker/auth/totp.ts); pending until its first code is confirmed. */
    totp_secret: text('totp_secret'),
    totp_pending_secret: text('totp_pending_secret'),
    /** The last 30-second step a code was accepted for: a code works once. */
    totp_last_step: integer('totp_last_step'),
    /** The interface language the account chose (a tag of worker/lib/locales.ts); null until it chooses. */
    locale: text('locale'),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('admin_users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('admin_users_username_unique').on(sql`lower(${t.username})`),
  ],
)

/** One row per signed-in browser; the JWT names the row, so deleting it revokes the session. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    created_at: text('created_at').notNull().default(now),
    expires_at: text('expires_at').notNull(),
    last_seen_at: text('last_seen_at').notNull().default(now),
    user_agent: text('user_agent'),
    /** How an administrator's session passed the second factor ('passkey', 'totp', 'recovery'); null until then. */
    second_factor: text('second_factor'),
  },
  (t) => [index('sessions_owner_idx').on(t.owner_type, t.owner_id), index('sessions_expires_idx').on(t.expires_at)],
)

/**
 * Password reset links: only the SHA-256 of the token is stored, so a copy of the database cannot
 * be turned into working links. A link works once (used_at) and until expires_at (within an hour).
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    created_at: text('created_at').notNull().default(now),
    expires_at: text('expires_at').notNull(),
    used_at: text('used_at'),
  },
  (t) => [index('password_resets_owner_idx').on(t.owner_type, t.owner_id)],
)

/** One-time recovery codes for the second factor, stored as their SHA-256, shown once when made. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    code_hash: text('code_hash').notNull(),
    used_at: text('used_at'),
  },
  (t) => [index('recovery_codes_owner_idx').on(t.owner_type, t.owner_id)],
)

/** WebAuthn credentials (passkeys) of users and administrators; id is the credential id, base64url. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    public_key: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports'),
    name: text('name').notNull(),
    created_at: text('created_at').notNull().default(now),
    last_used_at: text('last_used_at'),
  },
  (t) => [index('passkeys_owner_idx').on(t.owner_type, t.owner_id)],
)

/**
 * The streaming services an account has and the region it watches in ("My services"): at most one
 * row per account. `services` is a JSON array of TMDB watch provider ids (worker/catalog/rules.ts),
 * `region` an ISO 3166-1 alpha-2 code.
 */
export const serviceChoices = sqliteTable(
  'service_choices',
  {
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    services: text('services').notNull(),
    region: text('region').notNull(),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.owner_type, t.owner_id] })],
)

/**
 * WebAuthn challenges waiting for their answer: named by a random id in a short-lived HttpOnly
 * cookie, used once (deleted when answered) and only until expires_at.
 */
export const webauthnChallenges = sqliteTable('webauthn_challenges', {
  id: text('id').primaryKey(),
  challenge: text('challenge').notNull(),
  purpose: text('purpose', { enum: ['register', 'sign-in', 'second-factor'] }).notNull(),
  owner_type: text('owner_type', { enum: ownerTypes }),
  owner_id: integer('owner_id'),
  expires_at: text('expires_at').notNull(),
})

/**
 * Each account's private iCal feed (/calendar/{secret}.ics): the SHA-256 of its secret, so a feed
 * is found without reading any account and the secret itself is kept only in the account's store.
 * One feed per account; a new secret replaces the row, revoking the old address.
 */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    secret_hash: text('secret_hash').primaryKey(),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    /** The zone the viewer's days are counted in, from the browser that made the feed. */
    time_zone: text('time_zone').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('calendar_feeds_owner_unique').on(t.owner_type, t.owner_id)],
)

/**
 * The accounts with at least one Web Push subscription (kept in their stores): what the notices'
 * Cron Trigger visits, so a run reads one small table rather than every account.
 */
export const pushSubscribers = sqliteTable(
  'push_subscribers',
  {
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.owner_type, t.owner_id] })],
)

/**
 * Invitations to become an administrator, made from the dashboard by one: the SHA-256 of the
 * e-mailed token only, good for 24 hours and once (used_at), revocable until then.
 */
export const adminInvites = sqliteTable(
  'admin_invites',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    token_hash: text('token_hash').notNull(),
    email: text('email').notNull(),
    invited_by: integer('invited_by').notNull(),
    created_at: text('created_at').notNull().default(now),
    expires_at: text('expires_at').notNull(),
    used_at: text('used_at'),
    /** The administrator account the invitation made, once used. */
    admin_id: integer('admin_id'),
  },
  (t) => [uniqueIndex('admin_invites_token_unique').on(t.token_hash), index('admin_invites_expires_idx').on(t.expires_at)],
)

/**
 * Which account each Web Push endpoint belongs to (the subscriptions themselves live in the
 * accounts' stores): an endpoint is one browser's, so when it is subscribed under a second account
 * it moves there and leaves the first. Named by the endpoint's SHA-256, never the address itself.
 */
export const pushEndpoints = sqliteTable(
  'push_endpoints',
  {
    endpoint_hash: text('endpoint_hash').primaryKey(),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
  },
  (t) => [index('push_endpoints_owner_idx').on(t.owner_type, t.owner_id)],
)

/**
 * The weekly "new on the site" e-mail's subscribers (the footer's box; worker/newsletter/). An
 * address is `pending` until its confirmation link is followed (double opt-in) and only then
 * `confirmed`; the link's token is kept as its SHA-256 only. The unsubscribe token is kept
 * nowhere: it is a keyed digest of the row's id and `unsubscribe_salt` under JWT_SECRET.
 * `sent_week` is the Monday (YYYY-MM-DD) of the last weekly e-mail claimed for the address, so a
 * week's sending resumes where an earlier run stopped and never sends twice.
 */
export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Lower-cased. */
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    status: text('status', { enum: ['pending', 'confirmed'] }).notNull(),
    confirm_hash: text('confirm_hash').notNull(),
    /** Unix seconds after which a pending address's link no longer confirms it. */
    confirm_expires_at: integer('confirm_expires_at').notNull(),
    unsubscribe_salt: text('unsubscribe_salt').notNull(),
    sent_week: text('sent_week'),
    created_at: text('created_at').notNull().default(now),
    confirmed_at: text('confirmed_at'),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_unique').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_unique').on(t.confirm_hash),
    index('newsletter_subscribers_status_week_idx').on(t.status, t.sent_week),
  ],
)

export const watchlist = sqliteTable(
  'watchlist',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    /** Which of the account's profiles (1 is the account's own). */
    profile: integer('profile').notNull().default(1),
    content_id: integer('content_id').notNull(),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    added_at: text('added_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('watchlist_owner_content_unique').on(t.owner_type, t.owner_id, t.profile, t.content_id, t.content_type),
    index('watchlist_owner_added_idx').on(t.owner_type, t.owner_id, t.added_at),
    index('watchlist_content_idx').on(t.content_type, t.content_id),
  ],
)

export const watchHistory = sqliteTable(
  'watch_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    /** Which of the account's profiles (1 is the account's own). */
    profile: integer('profile').notNull().default(1),
    content_id: integer('content_id').notNull(),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    /** Seconds watched; SPEC.md's watch_duration. */
    watch_duration: integer('watch_duration').notNull().default(0),
    /** Where playback stopped (seconds) and the length of the item, for "Continue watching". */
    position: integer('position').notNull().default(0),
    total_duration: integer('total_duration').notNull().default(0),
    season_number: integer('season_number'),
    episode_number: integer('episode_number'),
    completed: integer('completed', { mode: 'boolean' }).notNull().default(false),
    watched_at: text('watched_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('watch_history_owner_content_unique').on(t.owner_type, t.owner_id, t.profile, t.content_id, t.content_type),
    index('watch_history_owner_watched_idx').on(t.owner_type, t.owner_id, t.watched_at),
    index('watch_history_content_idx').on(t.content_type, t.content_id),
  ],
)

/**
 * An account's own lists of titles. `slug` is the list's address (/list/{slug}): random, so a
 * private list's existence cannot be guessed from its neighbours' numbers. `position` orders an
 * account's lists as its owner arranged them.
 */
export const userLists = sqliteTable(
  'user_lists',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    /** Which of the account's profiles the list belongs to (1 is the account's own). */
    profile: integer('profile').notNull().default(1),
    name: text('name').notNull(),
    description: text('description'),
    is_public: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
    /**
     * Why the list is hidden from everyone but its owner (worker/accounts/moderation.ts), null
     * while it is not: 'reports' when its reports reached the threshold, or the reason an
     * administrator gave. `hidden_note` is the administrator's own words, shown to the owner.
     */
    hidden_reason: text('hidden_reason'),
    hidden_note: text('hidden_note'),
    hidden_at: text('hidden_at'),
    /** When an administrator last reviewed its reports (hid or restored it): only later reports count. */
    reviewed_at: text('reviewed_at'),
  },
  (t) => [
    uniqueIndex('user_lists_slug_unique').on(t.slug),
    index('user_lists_owner_idx').on(t.owner_type, t.owner_id, t.position),
    index('user_lists_public_idx').on(t.is_public, t.updated_at),
  ],
)

/** The titles of a list, in the order its owner gave them (`position`, then when they were added). */
export const userListItems = sqliteTable(
  'user_list_items',
  {
    list_id: integer('list_id')
      .notNull()
      .references(() => userLists.id, { onDelete: 'cascade' }),
    content_id: integer('content_id').notNull(),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    position: integer('position').notNull().default(0),
    added_at: text('added_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.list_id, t.content_type, t.content_id] }), index('user_list_items_order_idx').on(t.list_id, t.position)],
)

/**
 * Fixed-window counters for sign-in, sign-up, password and reset attempts, shared by every
 * isolate (worker/auth/rate-limit.ts). Keys name e-mails and addresses only by keyed digests.
 * Times are Unix seconds; next_at is the earliest moment the next attempt may be checked when the
 * key's rule spaces attempts out instead of refusing them. Housekeeping finds ended windows
 * through the index on reset_at.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    reset_at: integer('reset_at').notNull(),
    next_at: integer('next_at').notNull().default(0),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.reset_at)],
)

/**
 * The admin dashboard's figures, kept up to date by SQLite triggers on users, admin_users,
 * watchlist and watch_history (the hand-written migration after the one that makes these), so the
 * dashboard reads a few dozen rows whatever the number of accounts. `account_totals` names
 * 'users', 'admins', 'watchlist' and 'watch_history'.
 */
export const accountTotals = sqliteTable('account_totals', {
  name: text('name').primaryKey(),
  count: integer('count').notNull().default(0),
})

/** Sign-ups per UTC day (YYYY-MM-DD of created_at). */
export const signupDays = sqliteTable('signup_days', {
  day: text('day').primaryKey(),
  count: integer('count').notNull().default(0),
})

/** Users by the UTC day of their last sign-in: each user counts once, on the day of their last_login. */
export const loginDays = sqliteTable('login_days', {
  day: text('day').primaryKey(),
  count: integer('count').notNull().default(0),
})

/** How many histories and watchlists hold each title, with the latest title and poster seen; indexed for the top 10. */
export const titleFigures = sqliteTable(
  'title_figures',
  {
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    content_id: integer('content_id').notNull(),
    title: text('title').notNull(),
    poster_path: text('poster_path'),
    watched: integer('watched').notNull().default(0),
    saved: integer('saved').notNull().default(0),
    last_watched_at: text('last_watched_at'),
    last_saved_at: text('last_saved_at'),
  },
  (t) => [
    primaryKey({ columns: [t.content_type, t.content_id] }),
    index('title_figures_watched_idx').on(t.watched, t.last_watched_at),
    index('title_figures_saved_idx').on(t.saved, t.last_saved_at),
  ],
)

/** Per user: how many titles their watchlist holds (the admin user list's column). */
export const userFigures = sqliteTable('user_figures', {
  user_id: integer('user_id').primaryKey(),
  watchlist: integer('watchlist').notNull().default(0),
  /** How many profiles the account has (its store keeps them; this copy is for the admin list). */
  profiles: integer('profiles').notNull().default(1),
})

/**
 * HLS streams mapped to titles; season and episode are 0 for a film. thumbnails_url is the
 * stream's preview thumbnails track (WebVTT cues naming sprite images with #xywh=), when it has one.
 */
export const streams = sqliteTable(
  'streams',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    content_id: integer('content_id').notNull(),
    season_number: integer('season_number').notNull().default(0),
    episode_number: integer('episode_number').notNull().default(0),
    master_url: text('master_url').notNull(),
    thumbnails_url: text('thumbnails_url'),
    label: text('label'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('streams_content_unique').on(t.content_type, t.content_id, t.season_number, t.episode_number)],
)

/** Operator switches changed from the admin dashboard (for example maintenance mode). */
export const settings = sqliteTable(
  'settings',
  {
    key: text('key').notNull(),
    value: text('value').notNull(),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.key] })],
)

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type AdminUser = typeof adminUsers.$inferSelect
export type NewAdminUser = typeof adminUsers.$inferInsert
export type Session = typeof sessions.$inferSelect
/** A watchlist entry as the API answers it (the D1 copy's profile column stays in D1). */
export type WatchlistEntry = Omit<typeof watchlist.$inferSelect, 'profile'>
export type NewWatchlistEntry = typeof watchlist.$inferInsert
/** A history entry as the API answers it (the D1 copy's profile column stays in D1). */
export type WatchHistoryEntry = Omit<typeof watchHistory.$inferSelect, 'profile'>
export type NewWatchHistoryEntry = typeof watchHistory.$inferInsert
export type Stream = typeof streams.$inferSelect
export type ServiceChoice = typeof serviceChoices.$inferSelect
export type UserList = typeof userLists.$inferSelect
export type UserListItem = typeof userListItems.$inferSelect

/**
 * Reports of public lists by signed-in accounts (worker/accounts/moderation.ts): one per account
 * and list, a reason from a short list and the reporter's own words.
 */
export const listReports = sqliteTable(
  'list_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    list_id: integer('list_id')
      .notNull()
      .references(() => userLists.id, { onDelete: 'cascade' }),
    reporter_type: text('reporter_type', { enum: ownerTypes }).notNull(),
    reporter_id: integer('reporter_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('list_reports_reporter_unique').on(t.list_id, t.reporter_type, t.reporter_id), index('list_reports_recent_idx').on(t.created_at)],
)

/**
 * What administrators did (worker/accounts/audit-log.ts): who, when, what, to what and from which
 * address. Rows are only ever added; triggers refuse to change one, and to delete one younger
 * than a year (the daily prune removes the older ones).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull().default(now),
    admin_id: integer('admin_id').notNull(),
    admin_name: text('admin_name').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    /** A short JSON object of what the action changed. */
    detail: text('detail'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at), index('audit_log_admin_idx').on(t.admin_id, t.at)],
)

export type AuditRow = typeof auditLog.$inferSelect
export type ListReport = typeof listReports.$inferSelect

/**
 * The layouts administrators give the composed pages (worker/catalog/layout-schema.ts): one draft
 * per page at most (published_at null), and every published version, whose highest id is what the
 * site shows. A version is never changed once published; restoring one publishes a copy of it.
 */
export const pageLayouts = sqliteTable(
  'page_layouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    page: text('page').notNull(),
    /** The layout as JSON. */
    layout: text('layout').notNull(),
    saved_by: integer('saved_by'),
    saved_at: text('saved_at').notNull().default(now),
    published_by: integer('published_by'),
    published_at: text('published_at'),
  },
  (t) => [
    uniqueIndex('page_layouts_one_draft').on(t.page).where(sql`published_at IS NULL`),
    index('page_layouts_published_idx').on(t.page, t.published_at),
  ],
)

export type PageLayoutRow = typeof pageLayouts.$inferSelect

/**
 * Markers of a title's or episode's stream (worker/player/marker-rules.ts): a span to skip or act
 * on, for the cut of `duration_ms`; the operator's own (`source` 'operator') or found by detection
 * with a confidence. Season and episode are 0 for a film.
 */
export const streamMarkers = sqliteTable(
  'stream_markers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    content_type: text('content_type', { enum: contentTypes }).notNull(),
    content_id: integer('content_id').notNull(),
    season_number: integer('season_number').notNull().default(0),
    episode_number: integer('episode_number').notNull().default(0),
    kind: text('kind', { enum: ['intro', 'recap', 'credits', 'preview'] }).notNull(),
    start_ms: integer('start_ms').notNull(),
    end_ms: integer('end_ms').notNull(),
    duration_ms: integer('duration_ms').notNull(),
    source: text('source', { enum: ['operator', 'detected'] }).notNull().default('operator'),
    confidence: real('confidence'),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('stream_markers_title_idx').on(t.content_type, t.content_id, t.season_number, t.episode_number)],
)

/** A signed-in viewer's "this was wrong" about a marker: one per account, counted for the operator. */
export const markerReports = sqliteTable(
  'marker_reports',
  {
    marker_id: integer('marker_id').notNull(),
    owner_type: text('owner_type', { enum: ownerTypes }).notNull(),
    owner_id: integer('owner_id').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.marker_id, t.owner_type, t.owner_id] }), index('marker_reports_owner_idx').on(t.owner_type, t.owner_id)],
)

export type StreamMarker = typeof streamMarkers.$inferSelect

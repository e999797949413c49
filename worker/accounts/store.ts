/**
 * AccountStore: one Durable Object per account (`user:42`, `admin:7`), holding in its own SQLite
 * storage what only that account reads and writes on every visit: its sessions, watchlist, watch
 * history and progress, services choice, followed shows, and a copy of its public record. So a progress report,
 * a session check or a watchlist read touches this one object and never the D1 primary every
 * viewer shares. The worker reaches it through the RPC methods below (worker/accounts/store-client.ts);
 * the queries themselves live in the plain modules beside this one.
 *
 * D1 keeps a copy of the watchlist and history for what is read across accounts (the admin
 * figures, the admin export), written here from an alarm in multi-row batches: a progress report
 * at most every 10 minutes, the pause, end or leave report at once, other changes within seconds.
 * An account from before the stores existed is taken over from D1 the first time its store is used
 * (worker/accounts/legacy.ts). Deleting the account deletes the storage and leaves a mark, so a
 * request still in flight cannot bring it back.
 */
import { DurableObject } from 'cloudflare:workers'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/durable-sqlite'
import { migrate } from 'drizzle-orm/durable-sqlite/migrator'
import migrations from '../../drizzle/account-store/migrations'
import { storeAccount, storeHistory, storeWatchlist } from '../../drizzle/account-store'
import { adminUsers } from '../../drizzle/schema'
import type { Bindings } from '../env'
import { withBenchCounters } from '../lib/bench-counters'
import { digestHex } from '../lib/digest'
import type { PublicRecord } from './accounts'
import { copyIsEmpty, copyStatements, markCopied, pendingCopy } from './copies'
import { database, nowIso, type StoreDb } from './db'
import { accountStore as accountStoreOf } from './store-client'
import { clearHistory, findHistoryEntry, FINISHED_FRACTION, playingRow, hideFromContinueWatching, historyResult, keepHistoryEntry, listContinueWatching, listHistory, recordPlaying, recordProgress, recordWatched, settlePlaying, type HistoryResult, type ProgressReport, type ReportReason } from './history'
import { followChoices, followedShows, followState, setFollow, type FollowedShow, type FollowItem, type FollowState } from './follows'
import { addSubscription, countSubscriptions, listSubscriptions, markNotified, readNoticeSettings, removeSubscription, settleDeliveries, writeNoticeSettings, type NoticeSettings, type QuietHours } from '../push/settings'
import type { PushOutcome, PushSubscriptionKeys } from '../push/web-push'
import { forgetLegacyRows, publicRecordOf, readLegacyRows } from './legacy'
import type { Ceiling } from '../catalog/ceiling'
import {
  checkPin,
  chooseForSession,
  ensureOwnProfile,
  findProfile,
  insertProfile,
  listProfiles,
  OWN_PROFILE,
  pinHmac,
  profileGuard,
  profileView,
  removeProfile,
  setPinHmac,
  setProfileGuard,
  updateProfile,
  type PinOutcome,
  type ProfileInput,
  type ProfileView,
} from './profiles'
import { getServiceChoice, parseServiceChoice, setServiceChoice, type ServiceChoice } from './services'
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionByPublicId,
  deleteSessions,
  findLiveSession,
  insertSession,
  listSessions,
  liveSessions,
  markSecondFactor,
  touchSession,
  type SessionView,
} from './sessions'
import {
  listPlays,
  listRatings,
  markWatched,
  playsFromHistory,
  ratingOf,
  readFilters,
  readPreferences,
  readTaste,
  recordPlay,
  removeRating,
  setRatings,
  seenTitles,
  setShowFinished,
  tasteSeq,
  unmarkWatched,
  watchedMarks,
  watchedTitles,
  writePreferences,
  type PlayItem,
  type PlayKey,
  type PlaysCursor,
  type Preferences,
  type RatingItem,
  type Taste,
  type FilterWants,
  type ViewerFilters,
  type WatchedMark,
} from './taste'
import type { StorePlayRow, StoreRatingRow } from '../../drizzle/account-store'
import type { ContinueEntry } from './up-next'
import { titleKeyOf } from '../lib/title-copies'
import type { KeptRecommendations } from '../catalog/recommendation-rows'
import { addToWatchlist, isInWatchlist, listWatchlist, removeFromWatchlist, watchlistEntry, type ContentKey, type Owner, type WatchlistEntry, type WatchlistItem } from './watchlist'

/** How long a progress-only change may wait for the D1 copy: at most one batch per viewer per 10 minutes. */
export const PROGRESS_COPY_DELAY_MS = 10 * 60 * 1000
/** Watchlist changes, a cleared history and imports reach the copy within seconds, batched. */
export const CHANGE_COPY_DELAY_MS = 2 * 1000
/** How often an administrator's D1 row is read again when a session is confirmed. */
export const ADMIN_CHECK_MS = 60 * 1000

const DELETED_KEY = 'deleted'
/** Values computed from the viewer's taste (recommendations), each with the taste number it was made for. */
const TASTE_CACHE_PREFIX = 'taste-cache:'
/** The secret of the account's iCal feed and when it was made (worker/calendar/feeds.ts); D1 holds only its hash. */
const FEED_KEY = 'calendar-feed'

export interface StoredFeed {
  secret: string
  created_at: string
}

export type SecondFactor = 'passkey' | 'totp' | 'recovery'

export interface NewStoreSession {
  id: string
  expiresAt: string
  userAgent: string | null
  secondFactor: SecondFactor | null
}

/** A live session as a confirmation answers it. */
export interface ConfirmedSession {
  email: string
  secondFactor: string | null
  profile: PublicRecord
  viewer: SessionViewer
}

/** The profile a session watches as (0 while unchosen), its ceiling and kind. */
export interface SessionViewer {
  profileId: number
  ceiling: Ceiling
  kids: boolean
  profileName?: string
  profileAvatar?: string
  profileCount: number
}

/** A profile call's outcome: done, or refused with why (worker/routes/profiles.ts answers each). */
export type ProfileOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; refusal: 'unknown' | 'full' | 'own' | 'ownKids' | 'noOwnPin' | 'pinRequired' }
  | { ok: false; refusal: 'wrongPin'; attemptsLeft: number; mailOwner: boolean; waitSeconds: number }
  | { ok: false; refusal: 'waiting'; waitSeconds: number }

export interface ProfilesState {
  profiles: ProfileView[]
  guard: boolean
  current: number | null
}

export interface ImportCounts {
  added: number
  existing: number
}

export interface DataSession {
  created_at: string
  last_seen_at: string
  expires_at: string
  device: string | null
}

/** What the account's export takes from the store. */
export interface StoreData {
  watchlist: WatchlistEntry[]
  history: HistoryResult[]
  sessions: DataSession[]
  services: ServiceChoice | null
  /** The shows the viewer chose to follow or to stop following. */
  follows: ReturnType<typeof followChoices>
  /** New-episode notices: the zone, quiet hours and how many browsers get them; null until set. */
  notices: NoticeState | null
  /** Every play of a film or an episode, oldest first. */
  plays: StorePlayRow[]
  ratings: StoreRatingRow[]
  preferences: Preferences
}

/** What a page painted for the account shows of it at once (worker/routes/app-pages.ts). */
/** What the notices' run needs of an account, in one call (worker/push/notices.ts). */
export interface NoticePlan {
  settings: NoticeSettings
  subscriptions: PushSubscriptionKeys[]
  shows: FollowedShow[]
  services: ServiceChoice | null
  locale: string | null
}

export interface NoticeState {
  timeZone: string | null
  quietHours: QuietHours | null
  subscriptions: number
}

/** A title's watched marks, and whether it counts as watched (worker/routes/watched.ts). */
export interface WatchedState {
  marks: WatchedMark[]
  finished: boolean
}

export interface FirstScreenWants {
  /** How many Continue watching titles, when the page shows them. */
  continueWatching?: number
  watchlist?: boolean
  /** How many recent titles, when the page shows them. */
  history?: number
  /** What the page's catalogue data needs of the viewer's taste, should a choice of theirs be on. */
  filters?: FilterWants
  /** The name the recommendations the page shows are kept under, when it shows them. */
  recommendations?: string
}

export interface FirstScreen {
  profile: PublicRecord
  services: ServiceChoice | null
  /** Hide watched and spoiler-safe: what the page leaves out for the viewer, with what that needs (worker/catalog/taste-filters.ts). */
  filters: ViewerFilters
  continueWatching?: ContinueEntry[]
  watchlist?: WatchlistEntry[]
  history?: HistoryResult[]
  recommendations?: KeptOrTaste
}

/**
 * Recommendations kept for the viewer's taste as it is now, with the titles in the history (one
 * started since is not a change of taste, and is left out of what was kept), or the taste to make
 * them from; its number either way.
 */
export type KeptOrTaste = { seq: number; kept: KeptRecommendations; seen: ContentKey[] } | { seq: number; taste: Taste }

type AccountState = typeof storeAccount.$inferSelect

/** A refused PIN as a profile call's outcome. */
function refusalOf(outcome: Exclude<PinOutcome, { ok: true }>): ProfileOutcome<never> {
  if (outcome.wrong) return { ok: false, refusal: 'wrongPin', attemptsLeft: outcome.attemptsLeft, mailOwner: outcome.mailOwner, waitSeconds: outcome.waitSeconds }
  return outcome.waitSeconds > 0 ? { ok: false, refusal: 'waiting', waitSeconds: outcome.waitSeconds } : { ok: false, refusal: 'pinRequired' }
}

async function passwordMark(hash: string): Promise<string> {
  return (await digestHex(hash)).slice(0, 32)
}

function buildStateQuery(db: StoreDb) {
  return db.select().from(storeAccount).prepare()
}

export class AccountStore extends DurableObject<Bindings> {
  private readonly db: StoreDb
  private deleted = false
  /**
   * When the alarm is set for, as this object last set or read it; undefined when not known (on
   * start, and while an alarm runs, since the runtime retries one that fails). Storage stays the
   * truth; this only spares a report asking it.
   */
  private alarmAt: number | null | undefined = undefined
  /** The account row's query, built once (every call of every method reads it). */
  private stateQuery: ReturnType<typeof buildStateQuery> | undefined
  /** The film or episode whose play was recorded last by this object (see notePlay). */
  private lastPlay: string | undefined
  /** Whose store this is, once read (see isOpen). */
  private known: Owner | undefined

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, withBenchCounters(env))
    this.db = drizzle(ctx.storage)
    void ctx.blockConcurrencyWhile(async () => {
      this.deleted = (await ctx.storage.get<boolean>(DELETED_KEY)) === true
      if (!this.deleted) await migrate(this.db, migrations)
    })
  }

  /** The account's state, taking it over from D1 the first time; null once the account is gone. */
  private async open(owner: Owner): Promise<AccountState | null> {
    if (this.deleted) return null
    let state = this.state()
    // a further profile's object is made by the account's (initProfileStore), never from D1
    if (!state && (owner.profile ?? OWN_PROFILE) === OWN_PROFILE) {
      await this.ctx.blockConcurrencyWhile(() => this.takeOver(owner))
      state = this.state()
    }
    if (!state) return null
    if (state.owner_type !== owner.type || state.owner_id !== owner.id || state.profile_id !== (owner.profile ?? OWN_PROFILE)) {
      throw new Error('an account store was asked about another account')
    }
    return state
  }

  /**
   * For the calls that need only to know the account is here and is this one: the owner is read
   * once, then known (it never changes; a deleted store is `deleted`), so a progress report or a
   * read does not read the account row again.
   */
  private async isOpen(owner: Owner): Promise<boolean> {
    if (this.deleted) return false
    if (!this.known) {
      const state = await this.open(owner)
      if (!state) return false
      this.known = { type: state.owner_type, id: state.owner_id, profile: state.profile_id }
    }
    if (this.known.type !== owner.type || this.known.id !== owner.id || this.known.profile !== (owner.profile ?? OWN_PROFILE)) {
      throw new Error('an account store was asked about another account')
    }
    return true
  }

  private state(): AccountState | undefined {
    if (this.deleted) return undefined
    this.stateQuery ??= buildStateQuery(this.db)
    return this.stateQuery.get()
  }

  private async takeOver(owner: Owner): Promise<void> {
    if (this.deleted || this.state()) return
    const d1 = database(this.env.DB)
    const legacy = await readLegacyRows(d1, owner)
    // no account in D1 (deleted, or never made): nothing to keep
    if (!legacy.account) return
    const mark = owner.type === 'admin' ? await passwordMark(legacy.account.password_hash) : null
    this.ctx.storage.transactionSync(() => {
      this.db
        .insert(storeAccount)
        .values({
          id: 1,
          owner_type: owner.type,
          owner_id: owner.id,
          profile: publicRecordOf(legacy.account),
          banned: !legacy.account!.is_active,
          checked_at: mark ? nowIso() : null,
          password_mark: mark,
        })
        .run()
      for (const s of legacy.sessions) {
        insertSession(this.db, { id: s.id, expiresAt: s.expires_at, userAgent: s.user_agent, secondFactor: s.second_factor, createdAt: s.created_at, lastSeenAt: s.last_seen_at })
      }
      // D1 holds these already: they are the copy, so nothing is marked for copying
      for (const w of legacy.watchlist) {
        this.db.insert(storeWatchlist).values({ content_id: w.content_id, content_type: w.content_type, title: w.title, poster_path: w.poster_path, added_at: w.added_at }).onConflictDoNothing().run()
      }
      for (const { id: _id, owner_type: _t, owner_id: _o, ...h } of legacy.history) {
        this.db.insert(storeHistory).values(h).onConflictDoNothing().run()
      }
      playsFromHistory(this.db)
      if (legacy.services) setServiceChoice(this.db, parseServiceChoice(legacy.services), legacy.services.updated_at)
    })
    try {
      await forgetLegacyRows(d1, owner)
    } catch (err) {
      // left behind they do no harm: D1's sessions and services are never read again for this account
      console.error(JSON.stringify({ level: 'warn', message: 'legacy rows not removed', owner: `${owner.type}:${owner.id}`, error: String(err) }))
    }
  }

  /** A new change number, taken in the same synchronous step as the write it marks. */
  private nextChange(): number {
    const row = this.db
      .update(storeAccount)
      .set({ change_seq: sql`${storeAccount.change_seq} + 1` })
      .returning({ change: storeAccount.change_seq })
      .get()
    if (!row) throw new Error('account store has no account row')
    return row.change
  }

  /** The history row takes over the playing position, before the history is read or changed otherwise. */
  private settle(): void {
    // most reads find nothing playing: no transaction for them
    if (!playingRow(this.db)) return
    this.ctx.storage.transactionSync(() => settlePlaying(this.db, () => this.nextChange()))
  }

  /** Asks for the D1 copy to be written within `delayMs`, unless it is already due sooner. */
  private async copyWithin(delayMs: number): Promise<void> {
    const due = Date.now() + delayMs
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm()
    if (this.alarmAt === null || this.alarmAt > due) {
      await this.ctx.storage.setAlarm(due)
      this.alarmAt = due
    }
  }

  /**
   * An administrator's row is read from D1 again at most once a minute: `npm run admin:create`
   * resets a password (and re-enables the account) there alone, and a password this store has not
   * seen ends every session. `adopt` takes the current password as known (this store changed it).
   */
  private async checkAdmin(state: AccountState, options: { adopt?: boolean; force?: boolean } = {}): Promise<'valid' | 'reset' | 'gone'> {
    if (!options.force && !options.adopt && state.checked_at && Date.now() - Date.parse(state.checked_at) < ADMIN_CHECK_MS) return 'valid'
    const row = await database(this.env.DB).select().from(adminUsers).where(eq(adminUsers.id, state.owner_id)).get()
    if (!row || !row.is_active) {
      deleteSessions(this.db)
      this.db.update(storeAccount).set({ checked_at: nowIso() }).run()
      return 'gone'
    }
    const mark = await passwordMark(row.password_hash)
    const reset = !options.adopt && state.password_mark !== null && state.password_mark !== mark
    if (reset) deleteSessions(this.db)
    const profile = publicRecordOf(row)
    this.db.update(storeAccount).set({ checked_at: nowIso(), password_mark: mark, profile }).run()
    state.profile = profile
    return reset ? 'reset' : 'valid'
  }

  // Sessions

  /** Starts a session; answers the account's record, or null when the account is banned or gone. */
  async startSession(owner: Owner, session: NewStoreSession, profile: PublicRecord | null = null): Promise<{ record: PublicRecord; viewer: SessionViewer } | null> {
    const state = await this.open(owner)
    if (!state || state.banned) return null
    // after a reset password the sessions before it are over; this one starts on the new password
    if (owner.type === 'admin' && (await this.checkAdmin(state, { force: true })) === 'gone') return null
    deleteExpiredSessions(this.db)
    // with more than one profile the new browser is asked "Who's watching?" first
    const profileId = listProfiles(this.db).length > 1 ? 0 : OWN_PROFILE
    insertSession(this.db, { ...session, profileId })
    if (profile) this.db.update(storeAccount).set({ profile }).run()
    const record = profile ?? (state.profile as PublicRecord | null)
    return record && { record, viewer: this.viewerOf(profileId) }
  }

  /** Confirms a session is live, stamping when it was last seen; null when it has ended. */
  async confirmSession(owner: Owner, sessionId: string): Promise<ConfirmedSession | null> {
    const state = await this.open(owner)
    if (!state || state.banned) return null
    if (owner.type === 'admin' && (await this.checkAdmin(state)) !== 'valid') return null
    const session = findLiveSession(this.db, sessionId)
    const profile = state.profile as PublicRecord | null
    if (!session || !profile) return null
    touchSession(this.db, session)
    return { email: profile.email, secondFactor: session.second_factor, profile, viewer: this.viewerOf(session.profile_id) }
  }

  /** What a session watching as profile `id` is held to; the strictest until one is chosen. */
  private viewerOf(id: number): SessionViewer {
    const profiles = listProfiles(this.db)
    const profileCount = Math.max(1, profiles.length)
    if (id === 0) return { profileId: 0, ceiling: 'kids', kids: true, profileCount }
    const row = profiles.find((p) => p.id === id)
    if (!row) return id === OWN_PROFILE ? { profileId: OWN_PROFILE, ceiling: 'all', kids: false, profileCount } : { profileId: 0, ceiling: 'kids', kids: true, profileCount }
    return { profileId: row.id, ceiling: row.ceiling, kids: row.ceiling === 'kids', profileName: row.name, profileAvatar: row.avatar, profileCount }
  }

  async endSession(owner: Owner, sessionId: string): Promise<void> {
    if (await this.isOpen(owner)) deleteSession(this.db, sessionId)
  }

  /**
   * Ends every session, or every one but `keep`. `passwordChanged` says the worker has just set a
   * new password: an administrator's store takes it as known rather than as a reset.
   */
  async endSessions(owner: Owner, keep: string | null = null, passwordChanged = false): Promise<void> {
    const state = await this.open(owner)
    if (!state) return
    deleteSessions(this.db, keep)
    if (passwordChanged && owner.type === 'admin') await this.checkAdmin(state, { adopt: true })
  }

  async endSessionByPublicId(owner: Owner, publicId: string): Promise<string | null> {
    if (!(await this.isOpen(owner))) return null
    return deleteSessionByPublicId(this.db, publicId)
  }

  async sessions(owner: Owner, currentId: string): Promise<SessionView[]> {
    if (!(await this.isOpen(owner))) return []
    return listSessions(this.db, currentId)
  }

  async passSecondFactor(owner: Owner, sessionId: string, how: SecondFactor): Promise<boolean> {
    if (!(await this.isOpen(owner))) return false
    return markSecondFactor(this.db, sessionId, how)
  }

  // The account's record

  async profile(owner: Owner): Promise<PublicRecord | null> {
    const state = await this.open(owner)
    return (state?.profile as PublicRecord | null | undefined) ?? null
  }

  /** The record as D1 now holds it, after a change there (profile, language, password). */
  async setProfile(owner: Owner, profile: PublicRecord): Promise<void> {
    if (!(await this.isOpen(owner))) return
    this.db.update(storeAccount).set({ profile }).run()
    await this.toEveryProfile(owner, (store, profileOwner) => store.setProfile(profileOwner, profile))
  }

  /** From the account's own object to each further profile's. */
  private async toEveryProfile(owner: Owner, call: (store: ReturnType<typeof accountStoreOf>, owner: Owner) => Promise<unknown>): Promise<void> {
    if ((owner.profile ?? OWN_PROFILE) !== OWN_PROFILE) return
    const numbers = listProfiles(this.db).map((p) => p.id).filter((id) => id !== OWN_PROFILE)
    await Promise.all(numbers.map((profile) => call(accountStoreOf(this.env, { ...owner, profile }), { ...owner, profile })))
  }

  /** An administrator's ban (every session ends, none is confirmed or started) or its end. */
  async setBanned(owner: Owner, banned: boolean, profile: PublicRecord): Promise<void> {
    if (!(await this.isOpen(owner))) return
    if (banned) deleteSessions(this.db)
    this.db.update(storeAccount).set({ banned, profile }).run()
  }

  // Profiles (the account's own object only)

  /** The profiles, the account's own first (made from its name the first time), and whose this session is. */
  async profiles(owner: Owner, sessionId: string | null = null): Promise<ProfilesState | null> {
    const state = await this.open(owner)
    if (!state) return null
    this.ownProfile(state)
    const session = sessionId ? findLiveSession(this.db, sessionId) : undefined
    return { profiles: listProfiles(this.db).map(profileView), guard: profileGuard(this.db), current: session && session.profile_id > 0 ? session.profile_id : null }
  }

  private ownProfile(state: AccountState): void {
    const record = state.profile as PublicRecord | null
    ensureOwnProfile(this.db, record?.username ?? record?.email.split('@')[0] ?? '')
  }

  /**
   * The PIN a change of profiles needs while the account asks for its PIN (profile 1's), checked
   * and counted; ok when it is not asked for.
   */
  private async guardPin(owner: Owner, pin: string | null): Promise<PinOutcome> {
    if (!profileGuard(this.db)) return { ok: true }
    const hmac = pin === null ? null : await pinHmac(this.env.JWT_SECRET ?? '', owner, OWN_PROFILE, pin)
    return checkPin(this.db, OWN_PROFILE, hmac)
  }

  async createProfile(owner: Owner, input: ProfileInput, pin: string | null): Promise<ProfileOutcome<ProfileView>> {
    const state = await this.open(owner)
    if (!state) return { ok: false, refusal: 'unknown' }
    this.ownProfile(state)
    const allowed = await this.guardPin(owner, pin)
    if (!allowed.ok) return refusalOf(allowed)
    const row = insertProfile(this.db, input)
    if (!row) return { ok: false, refusal: 'full' }
    // the profile's own object starts empty (a number used before was emptied when it was removed)
    await accountStoreOf(this.env, { ...owner, profile: row.id }).initProfileStore({ ...owner, profile: row.id }, state.profile as PublicRecord | null)
    return { ok: true, value: profileView(row) }
  }

  async updateProfile(owner: Owner, id: number, change: Partial<ProfileInput>, pin: string | null): Promise<ProfileOutcome<ProfileView>> {
    const state = await this.open(owner)
    if (!state) return { ok: false, refusal: 'unknown' }
    this.ownProfile(state)
    if (!findProfile(this.db, id)) return { ok: false, refusal: 'unknown' }
    // the account's own profile is never a kids one: that would leave nobody to run the account
    if (id === OWN_PROFILE && change.ceiling === 'kids') return { ok: false, refusal: 'ownKids' }
    const allowed = await this.guardPin(owner, pin)
    if (!allowed.ok) return refusalOf(allowed)
    const row = updateProfile(this.db, id, change)
    return row ? { ok: true, value: profileView(row) } : { ok: false, refusal: 'unknown' }
  }

  async deleteProfile(owner: Owner, id: number, pin: string | null): Promise<ProfileOutcome<null>> {
    const state = await this.open(owner)
    if (!state) return { ok: false, refusal: 'unknown' }
    if (id === OWN_PROFILE) return { ok: false, refusal: 'own' }
    if (!findProfile(this.db, id)) return { ok: false, refusal: 'unknown' }
    const allowed = await this.guardPin(owner, pin)
    if (!allowed.ok) return refusalOf(allowed)
    removeProfile(this.db, id)
    await accountStoreOf(this.env, { ...owner, profile: id }).deleteAccount({ ...owner, profile: id })
    return { ok: true, value: null }
  }

  /** Sets or removes a profile's PIN (the worker has checked the account's password). */
  async setProfilePin(owner: Owner, id: number, pin: string | null): Promise<ProfileOutcome<null>> {
    const state = await this.open(owner)
    if (!state) return { ok: false, refusal: 'unknown' }
    this.ownProfile(state)
    const hmac = pin === null ? null : await pinHmac(this.env.JWT_SECRET ?? '', owner, id, pin)
    if (!setPinHmac(this.db, id, hmac)) return { ok: false, refusal: 'unknown' }
    // the account's PIN gone, nothing is left to ask for
    if (id === OWN_PROFILE && hmac === null) setProfileGuard(this.db, false)
    return { ok: true, value: null }
  }

  /** Whether the account asks for its PIN (profile 1's, which it must have) to leave kids profiles and change profiles. */
  async setProfileGuard(owner: Owner, on: boolean): Promise<ProfileOutcome<boolean>> {
    const state = await this.open(owner)
    if (!state) return { ok: false, refusal: 'unknown' }
    this.ownProfile(state)
    if (on && !findProfile(this.db, OWN_PROFILE)?.pin_hmac) return { ok: false, refusal: 'noOwnPin' }
    setProfileGuard(this.db, on)
    return { ok: true, value: on }
  }

  /**
   * This browser's session watches as profile `id` from now on. A locked profile needs its PIN;
   * leaving a kids profile (or an unchosen session, which is held as one) while the account asks
   * for its PIN needs the account's instead, which then opens a locked profile too.
   */
  async chooseProfile(owner: Owner, sessionId: string, id: number, pin: string | null): Promise<ProfileOutcome<{ profile: ProfileView; viewer: SessionViewer }>> {
    const state = await this.open(owner)
    if (!state) return { ok: false, refusal: 'unknown' }
    this.ownProfile(state)
    const session = findLiveSession(this.db, sessionId)
    const target = findProfile(this.db, id)
    if (!session || !target) return { ok: false, refusal: 'unknown' }
    const leaving = this.viewerOf(session.profile_id)
    const needsAccountPin = profileGuard(this.db) && leaving.kids && target.ceiling !== 'kids' && session.profile_id !== id
    const needsOwnPin = target.pin_hmac !== null && session.profile_id !== id
    // One PIN is asked for, and counted against the profile it belongs to: the account's when
    // leaving a kids profile while the account asks for it (it opens any profile then), else the
    // chosen profile's own.
    const asked = needsAccountPin ? OWN_PROFILE : needsOwnPin ? id : null
    if (asked !== null) {
      if (pin === null) {
        const waitUntil = findProfile(this.db, asked)?.pin_wait_until ?? 0
        if (waitUntil > Date.now()) return { ok: false, refusal: 'waiting', waitSeconds: Math.ceil((waitUntil - Date.now()) / 1000) }
        return { ok: false, refusal: 'pinRequired' }
      }
      // the HMAC first: nothing async between the count being read and written
      const hmac = await pinHmac(this.env.JWT_SECRET ?? '', owner, asked, pin)
      const outcome = checkPin(this.db, asked, hmac)
      if (!outcome.ok) return refusalOf(outcome)
    }
    return this.chosen(sessionId, id)
  }

  private chosen(sessionId: string, id: number): ProfileOutcome<{ profile: ProfileView; viewer: SessionViewer }> {
    chooseForSession(this.db, sessionId, id)
    const row = findProfile(this.db, id)
    if (!row) return { ok: false, refusal: 'unknown' }
    return { ok: true, value: { profile: profileView(row), viewer: this.viewerOf(id) } }
  }

  /** A further profile's object starts: empty, with the account's record (an object of that number removed before is emptied). */
  async initProfileStore(owner: Owner, record: PublicRecord | null): Promise<void> {
    if (this.deleted) {
      this.deleted = false
      await this.ctx.storage.delete(DELETED_KEY)
      await migrate(this.db, migrations)
      this.stateQuery = undefined
      this.known = undefined
    }
    if (this.state()) return
    this.db.insert(storeAccount).values({ id: 1, owner_type: owner.type, owner_id: owner.id, profile_id: owner.profile ?? OWN_PROFILE, profile: record }).run()
  }

  // Watchlist

  async watchlist(owner: Owner): Promise<WatchlistEntry[]> {
    if (!(await this.isOpen(owner))) return []
    return listWatchlist(this.db).map((row) => watchlistEntry(owner, row))
  }

  async addToWatchlist(owner: Owner, item: WatchlistItem): Promise<{ entry: WatchlistEntry; created: boolean } | null> {
    const state = await this.open(owner)
    if (!state) return null
    const { row, created } = addToWatchlist(this.db, item, this.nextChange())
    if (created) await this.copyWithin(CHANGE_COPY_DELAY_MS)
    return { entry: watchlistEntry(owner, row), created }
  }

  async removeFromWatchlist(owner: Owner, key: ContentKey): Promise<boolean | null> {
    if (!(await this.isOpen(owner))) return null
    const removed = removeFromWatchlist(this.db, key)
    if (removed) await this.copyWithin(CHANGE_COPY_DELAY_MS)
    return removed
  }

  async inWatchlist(owner: Owner, key: ContentKey): Promise<boolean> {
    if (!(await this.isOpen(owner))) return false
    return isInWatchlist(this.db, key)
  }

  // History

  /**
   * A progress report, kept before the answer. Its D1 copy waits up to 10 minutes, batched with
   * the reports after it, unless this is the pause, end or leave report.
   */
  async recordProgress(owner: Owner, report: ProgressReport, reason: ReportReason | null = null): Promise<HistoryResult | null> {
    if (!(await this.isOpen(owner))) return null
    this.notePlay(report)
    const playing = recordPlaying(this.db, report, reason)
    if (playing) {
      await this.copyWithin(PROGRESS_COPY_DELAY_MS)
      return historyResult(owner, playing)
    }
    const row = this.ctx.storage.transactionSync(() => {
      settlePlaying(this.db, () => this.nextChange())
      return recordProgress(this.db, report, this.nextChange())
    })
    keepHistoryEntry(this.db, row)
    await this.copyWithin(reason ? 0 : PROGRESS_COPY_DELAY_MS)
    return historyResult(owner, row)
  }

  /**
   * A report past 90% of a film's or an episode's length (or its end) is a play: recorded once per
   * viewing. The last one recorded is remembered, so the reports after it read nothing more.
   */
  private notePlay(report: ProgressReport): void {
    const total = report.total_duration ?? 0
    const past = report.completed === true || (total > 0 && (report.position ?? 0) >= total * FINISHED_FRACTION)
    if (!past) return
    const key = `${report.content_type}:${report.content_id}:${report.season_number ?? ''}:${report.episode_number ?? ''}`
    if (this.lastPlay === key) return
    recordPlay(this.db, { content_type: report.content_type, content_id: report.content_id, season_number: report.season_number ?? null, episode_number: report.episode_number ?? null, title: report.title, poster_path: report.poster_path })
    this.lastPlay = key
  }

  /** Whether the store holds this account; reads nothing once it knows (the bench's empty call). */
  async isHere(owner: Owner): Promise<boolean> {
    return this.isOpen(owner)
  }

  /** Newest first; every entry when `limit` is null. */
  async history(owner: Owner, limit: number | null = null): Promise<HistoryResult[]> {
    if (!(await this.isOpen(owner))) return []
    this.settle()
    return listHistory(this.db, limit ?? undefined).map((row) => historyResult(owner, row))
  }

  async historyEntry(owner: Owner, key: ContentKey): Promise<HistoryResult | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    const row = findHistoryEntry(this.db, key)
    return row ? historyResult(owner, row) : null
  }

  async continueWatching(owner: Owner, limit: number): Promise<ContinueEntry[]> {
    if (!(await this.isOpen(owner))) return []
    this.settle()
    return this.continueEntries(owner, limit)
  }

  /** The Continue watching rows with their titles' watched marks (up-next.ts skips what was watched). */
  private continueEntries(owner: Owner, limit: number): ContinueEntry[] {
    return listContinueWatching(this.db, limit).map((row) => ({ ...historyResult(owner, row), watched_episodes: watchedMarks(this.db, row) }))
  }

  /** Off the Continue watching row; the history keeps the title (and its D1 copy does not change). */
  async hideFromContinueWatching(owner: Owner, key: ContentKey): Promise<boolean | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    return hideFromContinueWatching(this.db, key)
  }

  async clearHistory(owner: Owner): Promise<number | null> {
    if (!(await this.isOpen(owner))) return null
    const removed = clearHistory(this.db)
    await this.copyWithin(CHANGE_COPY_DELAY_MS)
    return removed
  }

  // Services

  async services(owner: Owner): Promise<ServiceChoice | null> {
    if (!(await this.isOpen(owner))) return null
    return getServiceChoice(this.db)
  }

  async setServices(owner: Owner, choice: ServiceChoice): Promise<boolean> {
    if (!(await this.isOpen(owner))) return false
    setServiceChoice(this.db, choice)
    return true
  }

  // Following

  /** Every followed show (see worker/accounts/follows.ts). */
  async following(owner: Owner): Promise<FollowedShow[]> {
    if (!(await this.isOpen(owner))) return []
    this.settle()
    return followedShows(this.db)
  }

  /** The shows any of the account's profiles follows, each once (the account's notices and iCal feed). */
  async accountFollowing(owner: Owner): Promise<FollowedShow[]> {
    if (!(await this.isOpen(owner))) return []
    this.settle()
    return this.everyProfileFollows(owner)
  }

  private async everyProfileFollows(owner: Owner): Promise<FollowedShow[]> {
    const shows = followedShows(this.db)
    const seen = new Set(shows.map((show) => show.content_id))
    const ofProfiles: FollowedShow[][] = []
    await this.toEveryProfile(owner, async (store, profileOwner) => ofProfiles.push(await store.following(profileOwner)))
    for (const show of ofProfiles.flat()) {
      if (seen.has(show.content_id)) continue
      seen.add(show.content_id)
      shows.push(show)
    }
    return shows
  }

  async followState(owner: Owner, contentId: number): Promise<FollowState | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    return followState(this.db, contentId)
  }

  /** Follows or unfollows a show; answers where it then stands, or null when the account is gone. */
  async setFollow(owner: Owner, item: FollowItem, following: boolean): Promise<FollowState | null> {
    if (!(await this.isOpen(owner))) return null
    setFollow(this.db, item, following)
    return followState(this.db, item.content_id)
  }

  async calendarFeed(owner: Owner): Promise<StoredFeed | null> {
    if (!(await this.isOpen(owner))) return null
    return (await this.ctx.storage.get<StoredFeed>(FEED_KEY)) ?? null
  }

  /** Keeps the feed's secret, or forgets it (null); false when the account is gone. */
  async setCalendarFeed(owner: Owner, feed: StoredFeed | null): Promise<boolean> {
    if (!(await this.isOpen(owner))) return false
    if (feed) await this.ctx.storage.put(FEED_KEY, feed)
    else await this.ctx.storage.delete(FEED_KEY)
    return true
  }

  // New-episode notices

  async noticeState(owner: Owner): Promise<NoticeState | null> {
    if (!(await this.isOpen(owner))) return null
    const settings = readNoticeSettings(this.db)
    return { timeZone: settings?.timeZone ?? null, quietHours: settings?.quietHours ?? null, subscriptions: countSubscriptions(this.db) }
  }

  /** The zone and quiet hours (`quietHours` undefined keeps those set). */
  async setNoticeSettings(owner: Owner, timeZone: string, quietHours?: QuietHours | null): Promise<NoticeState | null> {
    if (!(await this.isOpen(owner))) return null
    writeNoticeSettings(this.db, timeZone, quietHours)
    return this.noticeState(owner)
  }

  /** A browser's subscription; 'full' when the account has the most it may, null when it is gone. */
  async subscribe(owner: Owner, subscription: PushSubscriptionKeys, timeZone: string): Promise<NoticeState | 'full' | null> {
    if (!(await this.isOpen(owner))) return null
    if (!readNoticeSettings(this.db)) writeNoticeSettings(this.db, timeZone)
    if (!addSubscription(this.db, subscription)) return 'full'
    return this.noticeState(owner)
  }

  /** Forgets a browser's subscription; answers how many are left. */
  async unsubscribe(owner: Owner, endpoint: string): Promise<number | null> {
    if (!(await this.isOpen(owner))) return null
    removeSubscription(this.db, endpoint)
    return countSubscriptions(this.db)
  }

  async noticePlan(owner: Owner): Promise<NoticePlan | null> {
    const state = await this.open(owner)
    const settings = state ? readNoticeSettings(this.db) : null
    if (!state || !settings) return null
    this.settle()
    return {
      settings,
      subscriptions: listSubscriptions(this.db),
      // the account's browsers hear of the shows any of its profiles follows
      shows: await this.everyProfileFollows(owner),
      services: getServiceChoice(this.db),
      locale: (state.profile as PublicRecord | null)?.locale ?? null,
    }
  }

  async markNotified(owner: Owner, through: string): Promise<void> {
    if (await this.isOpen(owner)) markNotified(this.db, through)
  }

  /**
   * A run's deliveries to the account's browsers (push/settings.ts settleDeliveries), and the
   * notices marked sent through `through` when given: answers the endpoints removed and how many
   * subscriptions are left, or null when the account is gone.
   */
  async settleDeliveries(owner: Owner, results: { endpoint: string; outcome: PushOutcome }[], through: string | null): Promise<{ removed: string[]; left: number } | null> {
    if (!(await this.isOpen(owner))) return null
    const removed = settleDeliveries(this.db, results)
    if (through) markNotified(this.db, through)
    return { removed, left: countSubscriptions(this.db) }
  }

  // Watched marks, ratings and preferences (worker/accounts/taste.ts)

  /** A title's watched marks, and whether it counts as watched: a film with a play, a show finished (watchedTitles' rule). */
  async watchedState(owner: Owner, key: ContentKey): Promise<WatchedState | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    return this.watchedStateOf(key)
  }

  private watchedStateOf(key: ContentKey): WatchedState {
    const marks = watchedMarks(this.db, key)
    const finished = key.content_type === 'movie' ? marks.length > 0 : watchedTitles(this.db, [key]).length > 0
    return { marks, finished }
  }

  /**
   * Marks films or episodes of one title watched (a play each, those not yet watched) or unwatched
   * (their plays go). Answers how many changed, and the title's watched state after (as
   * watchedState), or with no items nothing (nothing changed, and no title named).
   */
  async markWatched(owner: Owner, items: PlayItem[], watched: boolean): Promise<(WatchedState & { changed: number }) | null> {
    if (!(await this.isOpen(owner)) || !items[0]) return null
    this.settle()
    const changed = this.ctx.storage.transactionSync(() => (watched ? markWatched(this.db, items) : unmarkWatched(this.db, items)))
    return { ...this.watchedStateOf(items[0]), changed }
  }

  /** A show every episode of which is watched (or not any more): its history says finished. */
  async setShowFinished(owner: Owner, item: ContentKey & { title: string; poster_path: string | null }, finished: boolean): Promise<boolean> {
    if (!(await this.isOpen(owner))) return false
    this.settle()
    this.ctx.storage.transactionSync(() => setShowFinished(this.db, item, finished, this.nextChange()))
    await this.copyWithin(CHANGE_COPY_DELAY_MS)
    return true
  }

  /** Plays newest first, `limit` of them, after the play `before` when given. */
  async plays(owner: Owner, limit: number, before: PlaysCursor | null = null): Promise<StorePlayRow[]> {
    if (!(await this.isOpen(owner))) return []
    return listPlays(this.db, limit, before)
  }

  /** The viewer's choices of what the catalogue leaves out, with what those that are on need (worker/catalog/taste-filters.ts). */
  async viewerFilters(owner: Owner, wants: FilterWants): Promise<ViewerFilters | null> {
    if (!(await this.isOpen(owner))) return null
    if (wants.watched) this.settle()
    return readFilters(this.db, wants)
  }

  async rating(owner: Owner, key: ContentKey): Promise<StoreRatingRow | null> {
    if (!(await this.isOpen(owner))) return null
    return ratingOf(this.db, key)
  }

  /** The viewer's ratings, newest first; with `keys`, those of these titles only. */
  async ratings(owner: Owner, keys?: ContentKey[]): Promise<StoreRatingRow[]> {
    if (!(await this.isOpen(owner))) return []
    return listRatings(this.db, keys)
  }

  /** Rates titles (a rating replaces the one there): answers the ratings as stored. */
  async rate(owner: Owner, items: RatingItem[]): Promise<StoreRatingRow[] | null> {
    if (!(await this.isOpen(owner))) return null
    return this.ctx.storage.transactionSync(() => setRatings(this.db, items))
  }

  async unrate(owner: Owner, key: ContentKey): Promise<boolean | null> {
    if (!(await this.isOpen(owner))) return null
    return removeRating(this.db, key)
  }

  async preferences(owner: Owner): Promise<Preferences | null> {
    if (!(await this.isOpen(owner))) return null
    return readPreferences(this.db)
  }

  async setPreferences(owner: Owner, change: Partial<Preferences>): Promise<Preferences | null> {
    if (!(await this.isOpen(owner))) return null
    return writePreferences(this.db, change)
  }

  /** What recommendations start from (worker/catalog/recommend.ts). */
  async taste(owner: Owner): Promise<Taste | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    return readTaste(this.db)
  }

  /** A value kept for the viewer's taste as it was at `seq` (recommendations); null when none or stale. */
  async tasteCache<T>(owner: Owner, name: string, seq: number): Promise<T | null> {
    if (!(await this.isOpen(owner))) return null
    const kept = await this.ctx.storage.get<{ seq: number; value: T }>(`${TASTE_CACHE_PREFIX}${name}`)
    return kept && kept.seq === seq ? kept.value : null
  }

  async keepTasteCache(owner: Owner, name: string, seq: number, value: unknown): Promise<void> {
    if (!(await this.isOpen(owner))) return
    await this.ctx.storage.put(`${TASTE_CACHE_PREFIX}${name}`, { seq, value })
  }

  /**
   * In one call, what the viewer's recommendations need (worker/catalog/recommendation-rows.ts):
   * those kept under `name` for the taste as it is now, or, when none are, the taste to make them from.
   */
  async recommendationsOrTaste(owner: Owner, name: string): Promise<KeptOrTaste | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    return this.keptForTaste(name)
  }

  private async keptForTaste(name: string): Promise<KeptOrTaste> {
    const seq = tasteSeq(this.db)
    const kept = await this.ctx.storage.get<{ seq: number; value: KeptRecommendations }>(`${TASTE_CACHE_PREFIX}${name}`)
    return kept && kept.seq === seq ? { seq, kept: kept.value, seen: seenTitles(this.db) } : { seq, taste: readTaste(this.db) }
  }

  // Import, export, deletion

  /** Titles from another service: each added once; those already there are left as they are. */
  async importTitles(
    owner: Owner,
    titles: { watchlist: WatchlistItem[]; watched: (WatchlistItem & { watched_at: string })[]; ratings?: RatingItem[] },
  ): Promise<{ watchlist: ImportCounts; watched: ImportCounts; ratings: ImportCounts } | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    const change = this.nextChange()
    const ratings = titles.ratings ?? []
    let saved = 0
    let watched = 0
    let rated = 0
    this.ctx.storage.transactionSync(() => {
      for (const item of titles.watchlist) if (addToWatchlist(this.db, item, change).created) saved += 1
      for (const item of titles.watched) if (recordWatched(this.db, item, change)) watched += 1
      // a film watched elsewhere is a play at its date; a show's file names no episode
      markWatched(this.db, titles.watched.filter((item) => item.content_type === 'movie').map((item) => ({ ...item, season_number: null, episode_number: null })))
      const before = new Map(listRatings(this.db, ratings).map((r) => [titleKeyOf(r), r.rating]))
      rated = ratings.filter((r) => before.get(titleKeyOf(r)) !== r.rating).length
      setRatings(this.db, ratings)
    })
    if (saved + watched > 0) await this.copyWithin(CHANGE_COPY_DELAY_MS)
    return {
      watchlist: { added: saved, existing: titles.watchlist.length - saved },
      watched: { added: watched, existing: titles.watched.length - watched },
      ratings: { added: rated, existing: ratings.length - rated },
    }
  }

  /** Everything a painted page shows of the account, in one call; null when the account is gone. */
  async firstScreen(owner: Owner, wants: FirstScreenWants): Promise<FirstScreen | null> {
    const state = await this.open(owner)
    const profile = state?.profile as PublicRecord | null | undefined
    if (!profile) return null
    this.settle()
    return {
      profile,
      services: getServiceChoice(this.db),
      filters: readFilters(this.db, wants.filters ?? {}),
      ...(wants.continueWatching && { continueWatching: this.continueEntries(owner, wants.continueWatching) }),
      ...(wants.watchlist && { watchlist: listWatchlist(this.db).map((row) => watchlistEntry(owner, row)) }),
      ...(wants.history && { history: listHistory(this.db, wants.history).map((row) => historyResult(owner, row)) }),
      ...(wants.recommendations && { recommendations: await this.keptForTaste(wants.recommendations) }),
    }
  }

  async accountData(owner: Owner): Promise<StoreData | null> {
    if (!(await this.isOpen(owner))) return null
    this.settle()
    return {
      watchlist: listWatchlist(this.db).map((row) => watchlistEntry(owner, row)),
      history: listHistory(this.db).map((row) => historyResult(owner, row)),
      sessions: liveSessions(this.db).map((s) => ({ created_at: s.created_at, last_seen_at: s.last_seen_at, expires_at: s.expires_at, device: s.user_agent })),
      services: getServiceChoice(this.db),
      follows: followChoices(this.db),
      notices: readNoticeSettings(this.db) ? await this.noticeState(owner) : null,
      plays: listPlays(this.db, Number.MAX_SAFE_INTEGER).reverse(),
      ratings: listRatings(this.db),
      preferences: readPreferences(this.db),
    }
  }

  /** The account is deleted: everything here goes, and the mark left behind refuses any later call. */
  async deleteAccount(owner: Owner): Promise<void> {
    if (await this.open(owner)) await this.toEveryProfile(owner, (store, profileOwner) => store.deleteAccount(profileOwner))
    this.deleted = true
    this.alarmAt = null
    await this.ctx.storage.deleteAlarm()
    await this.ctx.storage.deleteAll()
    await this.ctx.storage.put(DELETED_KEY, true)
  }

  /** Writes the D1 copy: whatever changed since the last, in one batch. */
  override async alarm(): Promise<void> {
    this.alarmAt = undefined
    const state = this.state()
    if (!state) return
    const owner = { type: state.owner_type, id: state.owner_id, profile: state.profile_id }
    this.settle()
    const pending = pendingCopy(this.db, this.state()?.change_seq ?? state.change_seq)
    if (copyIsEmpty(pending)) return
    await this.env.DB.batch(copyStatements(this.env.DB, owner, pending))
    if (this.deleted) return
    markCopied(this.db, pending)
    this.db.update(storeAccount).set({ copied_at: nowIso() }).run()
    // changes made while the batch was written wait for their own time (or a sooner report's)
    if (!copyIsEmpty(pendingCopy(this.db, 0))) await this.copyWithin(PROGRESS_COPY_DELAY_MS)
  }
}


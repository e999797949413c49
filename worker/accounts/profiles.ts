/**
 * An account's profiles, kept in the account's own store (worker/accounts/store.ts): up to
 * MAX_PROFILES, the first the account's own. Each profile's viewing (watchlist, history, Continue
 * watching, services, preferences, ratings, follows) lives in an object of its own (`user:42/p2`,
 * worker/accounts/store-client.ts), so every per-viewer call reads one profile and nothing else.
 *
 * A profile may be locked with a 4-digit PIN, kept as an HMAC under a server-side key: a 4-digit
 * PIN needs a limit rather than a slow hash. After PIN_TRIES wrong PINs the profile waits
 * PIN_FIRST_WAIT_MS; every wrong PIN after a wait starts one twice as long as the last. A right
 * PIN ends the count. The check and the count are one synchronous step of the store, so a burst of
 * guesses sent at once is counted guess by guess.
 */
import { asc, eq } from 'drizzle-orm'
import { storeAccount, storeProfiles, storeSessions, type StoreProfileRow } from '../../drizzle/account-store'
import type { Ceiling } from '../catalog/ceiling'
import { type Locale } from '../lib/locales'
import type { StoreDb } from './db'
import { keyedDigestHex, sameSecret } from '../lib/digest'

export const MAX_PROFILES = 5
export const OWN_PROFILE = 1
export const PIN_TRIES = 5
export const PIN_FIRST_WAIT_MS = 15 * 60 * 1000
/** The longest wait, however many wrong PINs (a day). */
const PIN_LONGEST_WAIT_MS = 24 * 60 * 60 * 1000

export const AVATARS = ['fox', 'owl', 'cat', 'bear', 'panda', 'frog', 'whale', 'robot', 'rocket', 'star', 'moon', 'cactus'] as const
export type Avatar = (typeof AVATARS)[number]

/** A profile as the API answers it: never its PIN. */
export interface ProfileView {
  id: number
  name: string
  avatar: Avatar
  locale: Locale | null
  ceiling: Ceiling
  kids: boolean
  locked: boolean
  own: boolean
}

export interface ProfileInput {
  name: string
  avatar: Avatar
  locale: Locale | null
  ceiling: Ceiling
}

export function profileView(row: StoreProfileRow): ProfileView {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar as Avatar,
    locale: row.locale as Locale | null,
    ceiling: row.ceiling,
    kids: row.ceiling === 'kids',
    locked: row.pin_hmac !== null,
    own: row.id === OWN_PROFILE,
  }
}

/** The account's own profile, made from its name the first time it is needed. */
export function ensureOwnProfile(db: StoreDb, name: string): void {
  db.insert(storeProfiles)
    .values({ id: OWN_PROFILE, name: name.slice(0, 30) || 'Me', avatar: AVATARS[0], ceiling: 'all' })
    .onConflictDoNothing()
    .run()
}

export function listProfiles(db: StoreDb): StoreProfileRow[] {
  return db.select().from(storeProfiles).orderBy(asc(storeProfiles.id)).all()
}

export function findProfile(db: StoreDb, id: number): StoreProfileRow | undefined {
  return db.select().from(storeProfiles).where(eq(storeProfiles.id, id)).get()
}

/** A new profile under the smallest free number; null when the account has MAX_PROFILES. */
export function insertProfile(db: StoreDb, input: ProfileInput): StoreProfileRow | null {
  const taken = new Set(listProfiles(db).map((p) => p.id))
  taken.add(OWN_PROFILE)
  if (taken.size >= MAX_PROFILES) return null
  let id = OWN_PROFILE + 1
  while (taken.has(id)) id++
  return db.insert(storeProfiles).values({ id, ...input }).returning().get()
}

export function updateProfile(db: StoreDb, id: number, change: Partial<ProfileInput>): StoreProfileRow | undefined {
  if (Object.keys(change).length === 0) return findProfile(db, id)
  return db.update(storeProfiles).set(change).where(eq(storeProfiles.id, id)).returning().get()
}

/** Removes a profile (never the own one) and ends the sessions watching as it. */
export function removeProfile(db: StoreDb, id: number): boolean {
  if (id === OWN_PROFILE) return false
  const gone = db.delete(storeProfiles).where(eq(storeProfiles.id, id)).returning({ id: storeProfiles.id }).get()
  if (gone) db.delete(storeSessions).where(eq(storeSessions.profile_id, id)).run()
  return gone !== undefined
}

export function setPinHmac(db: StoreDb, id: number, hmac: string | null): boolean {
  const row = db
    .update(storeProfiles)
    .set({ pin_hmac: hmac, pin_failures: 0, pin_waits: 0, pin_wait_until: 0, pin_mailed: false })
    .where(eq(storeProfiles.id, id))
    .returning({ id: storeProfiles.id })
    .get()
  return row !== undefined
}

export function profileGuard(db: StoreDb): boolean {
  return db.select({ guard: storeAccount.profile_guard }).from(storeAccount).get()?.guard ?? false
}

export function setProfileGuard(db: StoreDb, on: boolean): void {
  db.update(storeAccount).set({ profile_guard: on }).run()
}

/** The session's profile, 0 while "Who's watching?" is unanswered. */
export function chooseForSession(db: StoreDb, sessionId: string, profileId: number): boolean {
  const row = db.update(storeSessions).set({ profile_id: profileId }).where(eq(storeSessions.id, sessionId)).returning({ id: storeSessions.id }).get()
  return row !== undefined
}

export type PinOutcome =
  | { ok: true }
  | { ok: false; wrong: true; attemptsLeft: number; mailOwner: boolean; waitSeconds: number }
  | { ok: false; wrong: false; waitSeconds: number }

function waitFor(waits: number): number {
  return Math.min(PIN_FIRST_WAIT_MS * 2 ** Math.max(0, waits - 1), PIN_LONGEST_WAIT_MS)
}

/**
 * Checks a PIN's HMAC against profile `id`'s, counting it: synchronous, so a burst of guesses is
 * judged one after the other. A profile without a PIN takes anything.
 */
export function checkPin(db: StoreDb, id: number, hmac: string | null, now = Date.now()): PinOutcome {
  const row = findProfile(db, id)
  if (!row || row.pin_hmac === null) return { ok: true }
  if (row.pin_wait_until > now) return { ok: false, wrong: false, waitSeconds: Math.ceil((row.pin_wait_until - now) / 1000) }
  if (hmac !== null && sameSecret(hmac, row.pin_hmac)) {
    if (row.pin_failures || row.pin_waits || row.pin_mailed) {
      db.update(storeProfiles).set({ pin_failures: 0, pin_waits: 0, pin_wait_until: 0, pin_mailed: false }).where(eq(storeProfiles.id, id)).run()
    }
    return { ok: true }
  }
  if (hmac === null) return { ok: false, wrong: false, waitSeconds: 0 }
  const failures = row.pin_failures + 1
  // after a first wait, every wrong PIN starts the next, longer one
  if (failures >= PIN_TRIES || row.pin_waits > 0) {
    const waits = row.pin_waits + 1
    const until = now + waitFor(waits)
    const mailOwner = !row.pin_mailed
    db.update(storeProfiles).set({ pin_failures: 0, pin_waits: waits, pin_wait_until: until, pin_mailed: true }).where(eq(storeProfiles.id, id)).run()
    return { ok: false, wrong: true, attemptsLeft: 0, mailOwner, waitSeconds: Math.ceil((until - now) / 1000) }
  }
  db.update(storeProfiles).set({ pin_failures: failures }).where(eq(storeProfiles.id, id)).run()
  return { ok: false, wrong: true, attemptsLeft: PIN_TRIES - failures, mailOwner: false, waitSeconds: 0 }
}

/** The keyed digest a PIN is kept and compared as: bound to the account and the profile, under a key derived from the server's secret. */
export function pinHmac(secret: string, owner: { type: string; id: number }, profileId: number, pin: string): Promise<string> {
  if (!secret) throw new Error('no key to keep PINs with')
  return keyedDigestHex(secret, 'reelhouse profile PIN v1', `${owner.type}:${owner.id}:${profileId}:${pin}`)
}

/**
 * Users and administrators: lookups, sign-up, sign-in bookkeeping, password and profile
 * changes. The two kinds live in separate tables (SPEC.md section 3); every function takes the
 * account type so a user id can never reach an admin row or the other way round.
 * Records leave this module without password_hash unless a function says otherwise.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import { adminUsers, ownerTypes, users, type AdminUser, type OwnerType, type User } from '../../drizzle/schema'
import { nowIso, type Db } from './db'

export type AccountRow = User | AdminUser
export type PublicUser = Omit<User, 'password_hash'>
export type PublicAdmin = Omit<AdminUser, 'password_hash' | 'totp_secret' | 'totp_pending_secret' | 'totp_last_step'>
export type PublicRecord = PublicUser | PublicAdmin

/** Columns that never leave the worker: the password hash and an administrator's TOTP secrets. */
type SecretColumn = 'password_hash' | 'totp_secret' | 'totp_pending_secret' | 'totp_last_step'
type WithoutPassword<T> = T extends unknown ? Omit<T, SecretColumn> : never

export function withoutPassword<T extends { password_hash: string }>(row: T): WithoutPassword<T> {
  const { password_hash: _secret, ...rest } = row as T & Partial<Record<SecretColumn, unknown>>
  delete rest.totp_secret
  delete rest.totp_pending_secret
  delete rest.totp_last_step
  return rest as unknown as WithoutPassword<T>
}

function tableFor(type: OwnerType) {
  return type === 'user' ? users : adminUsers
}

/** Including password_hash: for the sign-in and password-change checks only. */
export async function findByEmailWithHash(db: Db, type: OwnerType, email: string): Promise<AccountRow | undefined> {
  const table = tableFor(type)
  return db.select().from(table).where(sql`lower(${table.email}) = ${email.toLowerCase()}`).get()
}

/** Including password_hash: for the sign-in and password-change checks only. */
export async function findByIdWithHash(db: Db, type: OwnerType, id: number): Promise<AccountRow | undefined> {
  const table = tableFor(type)
  return db.select().from(table).where(eq(table.id, id)).get()
}

export async function findRecord(db: Db, type: OwnerType, id: number): Promise<PublicRecord | undefined> {
  const row = await findByIdWithHash(db, type, id)
  return row ? withoutPassword(row) : undefined
}

/** What a session still waiting for the second factor may see of its account: who it is and its language, nothing of the profile. */
export function recordBeforeSecondFactor(record: PublicRecord): Pick<PublicRecord, 'id' | 'email' | 'username' | 'locale'> {
  return { id: record.id, email: record.email, username: record.username, locale: record.locale }
}

/** Whether an account of `type` (a user unless said) has this e-mail address, case set aside. */
export async function emailTaken(db: Db, email: string, type: OwnerType = 'user'): Promise<boolean> {
  const table = tableFor(type)
  const row = await db.select({ id: table.id }).from(table).where(sql`lower(${table.email}) = ${email.toLowerCase()}`).get()
  return row !== undefined
}

/**
 * Users and administrators share one namespace of usernames (case-insensitive), so a user cannot
 * take an administrator's name and pose as one. `except` is the account asking to keep its own.
 */
export async function usernameTaken(db: Db, username: string, except?: { type: OwnerType; id: number }): Promise<boolean> {
  const lowered = username.toLowerCase()
  const taken = await Promise.all(
    ownerTypes.map((type) => {
      const table = tableFor(type)
      const sameName = sql`lower(${table.username}) = ${lowered}`
      return db
        .select({ id: table.id })
        .from(table)
        .where(except?.type === type ? and(sameName, ne(table.id, except.id)) : sameName)
        .get()
    }),
  )
  return taken.some((row) => row !== undefined)
}

export interface NewUserInput {
  email: string
  username: string
  passwordHash: string
}

/** A new user, signed in from the start: sign-up opens its first session, so it counts as a sign-in. */
export async function createUser(db: Db, input: NewUserInput): Promise<PublicUser> {
  const row = await db
    .insert(users)
    .values({ email: input.email, username: input.username, password_hash: input.passwordHash, is_active: true, last_login: nowIso() })
    .returning()
    .get()
  return withoutPassword(row)
}

/**
 * Stamps last_login and, when the stored hash was made at a lower cost, stores the new one;
 * answers the record as it now is (for the copy in the account's store).
 */
export async function recordLogin(db: Db, type: OwnerType, id: number, upgradedHash?: string): Promise<PublicRecord | undefined> {
  const table = tableFor(type)
  const now = nowIso()
  const row = await db
    .update(table)
    .set(upgradedHash ? { last_login: now, password_hash: upgradedHash, updated_at: now } : { last_login: now })
    .where(eq(table.id, id))
    .returning()
    .get()
  return row ? withoutPassword(row) : undefined
}

/** Answers the record as it now is, or undefined when the account no longer exists. */
export async function setPasswordHash(db: Db, type: OwnerType, id: number, passwordHash: string): Promise<PublicRecord | undefined> {
  const table = tableFor(type)
  const row = await db.update(table).set({ password_hash: passwordHash, updated_at: nowIso() }).where(eq(table.id, id)).returning().get()
  return row ? withoutPassword(row) : undefined
}

export interface ProfileChanges {
  username?: string
  full_name?: string | null
  date_of_birth?: string | null
  country?: string | null
  bio?: string | null
}

/** Administrators keep only username and full_name (SPEC.md section 7); other fields are ignored for them. */
export async function updateProfile(db: Db, type: OwnerType, id: number, changes: ProfileChanges): Promise<PublicRecord | undefined> {
  const now = nowIso()
  if (type === 'admin') {
    const row = await db
      .update(adminUsers)
      .set({ username: changes.username, full_name: changes.full_name, updated_at: now })
      .where(eq(adminUsers.id, id))
      .returning()
      .get()
    return row ? withoutPassword(row) : undefined
  }
  const row = await db
    .update(users)
    .set({
      username: changes.username,
      full_name: changes.full_name,
      date_of_birth: changes.date_of_birth,
      country: changes.country,
      bio: changes.bio,
      updated_at: now,
    })
    .where(eq(users.id, id))
    .returning()
    .get()
  return row ? withoutPassword(row) : undefined
}

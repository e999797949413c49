/**
 * Accounts from before each account had its own store kept their sessions, watchlist, history
 * and services in D1 alone. When an account's store is first used it takes them from there, once
 * (worker/accounts/store.ts): the watchlist and history stay in D1 as the store's copy, the
 * sessions and the services choice are the store's alone from then on and leave D1.
 */
import { and, eq, gt } from 'drizzle-orm'
import { adminUsers, serviceChoices, sessions, users, watchHistory, watchlist } from '../../drizzle/schema'
import { withoutPassword, type AccountRow, type PublicRecord } from './accounts'
import { nowIso, type Db } from './db'
import type { Owner } from './watchlist'

export interface LegacyRows {
  /** The account as D1 holds it; undefined when it no longer exists. */
  account: AccountRow | undefined
  sessions: (typeof sessions.$inferSelect)[]
  watchlist: (typeof watchlist.$inferSelect)[]
  history: (typeof watchHistory.$inferSelect)[]
  services: (typeof serviceChoices.$inferSelect) | undefined
}

/** Everything D1 holds of the account, in one batch. */
export async function readLegacyRows(db: Db, owner: Owner): Promise<LegacyRows> {
  const table = owner.type === 'user' ? users : adminUsers
  const [account, live, saved, watched, services] = await db.batch([
    db.select().from(table).where(eq(table.id, owner.id)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.owner_type, owner.type), eq(sessions.owner_id, owner.id), gt(sessions.expires_at, nowIso()))),
    db.select().from(watchlist).where(and(eq(watchlist.owner_type, owner.type), eq(watchlist.owner_id, owner.id))),
    db.select().from(watchHistory).where(and(eq(watchHistory.owner_type, owner.type), eq(watchHistory.owner_id, owner.id))),
    db.select().from(serviceChoices).where(and(eq(serviceChoices.owner_type, owner.type), eq(serviceChoices.owner_id, owner.id))),
  ])
  return { account: account[0], sessions: live, watchlist: saved, history: watched, services: services[0] }
}

/** Once the store holds them: D1's sessions and services choice of the account, gone. */
export async function forgetLegacyRows(db: Db, owner: Owner): Promise<void> {
  await db.batch([
    db.delete(sessions).where(and(eq(sessions.owner_type, owner.type), eq(sessions.owner_id, owner.id))),
    db.delete(serviceChoices).where(and(eq(serviceChoices.owner_type, owner.type), eq(serviceChoices.owner_id, owner.id))),
  ])
}

export function publicRecordOf(row: AccountRow | undefined): PublicRecord | null {
  return row ? withoutPassword(row) : null
}

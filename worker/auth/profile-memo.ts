/**
 * The account records GET /api/auth/me answers, kept in the isolate per session and confirmation:
 * for as long as a session's token is taken at its word (SESSION_CHECK_SECONDS after it was last
 * confirmed live), its record is what the account's store said then, so a page's session check
 * needs no call to the store. A change of the record confirms the changing browser's cookie again
 * (guards.ts), which names a new entry; other sessions see the change once their minute is up,
 * as they see a sign-out or a ban.
 */
import { findRecord, type PublicRecord } from '../accounts/accounts'
import type { Db } from '../accounts/db'
import type { Account } from '../env'
import { SESSION_CHECK_SECONDS } from './session'

/** Enough for every session an isolate serves in a minute; the oldest entry makes room. */
const MAX_ENTRIES = 10_000

const records = new Map<string, { record: PublicRecord; until: number }>()

function keyOf(account: Account): string | null {
  return account.checkedAt === undefined ? null : `${account.type}:${account.id}:${account.sessionId}:${account.checkedAt}`
}

export function rememberedProfile(account: Account, now = Date.now()): PublicRecord | undefined {
  const key = keyOf(account)
  const entry = key === null ? undefined : records.get(key)
  if (!entry) return undefined
  if (entry.until <= now) {
    records.delete(key!)
    return undefined
  }
  return entry.record
}

export function rememberProfile(account: Account, record: PublicRecord): void {
  const key = keyOf(account)
  if (key === null) return
  if (records.size >= MAX_ENTRIES) records.delete(records.keys().next().value!)
  records.set(key, { record, until: (account.checkedAt! + SESSION_CHECK_SECONDS) * 1000 })
}

/** Drops what this isolate keeps for the account's sessions. */
export function forgetProfile(account: Pick<Account, 'type' | 'id'>): void {
  const prefix = `${account.type}:${account.id}:`
  for (const key of records.keys()) if (key.startsWith(prefix)) records.delete(key)
}

/**
 * The signed-in account's record: the one confirming its session brought along (`confirmed`, the
 * request's `profile`), else the one remembered, else D1's.
 */
export async function recordOf(db: Db, account: Account, confirmed?: PublicRecord): Promise<PublicRecord | undefined> {
  return confirmed ?? rememberedProfile(account) ?? (await findRecord(db, account.type, account.id))
}

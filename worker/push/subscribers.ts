/**
 * The accounts with a Web Push subscription, in D1 (`push_subscribers`): the list the notices' run
 * walks, kept in step with the stores (a row while the account has a subscription).
 */
import { and, eq } from 'drizzle-orm'
import { pushSubscribers } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import type { Owner } from '../accounts/watchlist'

/** How many accounts one run visits at most. */
export const RUN_ACCOUNT_LIMIT = 5000

function ownedBy(owner: Owner) {
  return and(eq(pushSubscribers.owner_type, owner.type), eq(pushSubscribers.owner_id, owner.id))
}

export async function keepSubscriber(db: Db, owner: Owner, subscribed: boolean): Promise<void> {
  if (subscribed) await db.insert(pushSubscribers).values({ owner_type: owner.type, owner_id: owner.id }).onConflictDoNothing()
  else await db.delete(pushSubscribers).where(ownedBy(owner))
}

export async function listSubscribers(db: Db): Promise<Owner[]> {
  const rows = await db.select({ type: pushSubscribers.owner_type, id: pushSubscribers.owner_id }).from(pushSubscribers).limit(RUN_ACCOUNT_LIMIT).all()
  return rows.map((r) => ({ type: r.type, id: r.id }))
}

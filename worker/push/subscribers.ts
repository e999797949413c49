/**
 * The accounts with a Web Push subscription, in D1 (`push_subscribers`): the list the notices' run
 * walks, kept in step with the stores (a row while the account has a subscription); and which
 * account each endpoint belongs to (`push_endpoints`, by the endpoint's SHA-256), so a browser
 * subscribed under a second account leaves the first.
 *
 * One run visits at most RUN_ACCOUNT_BATCH accounts, from just after where the last run stopped
 * (a cursor in KV) round to the start again, so every account is visited in turn however many
 * there are, and one invocation's subrequests (a store call and the pushes per account, and the
 * catalogue reads its followed shows need) stay within Workers' limit.
 */
import { and, asc, eq, gt, inArray, lt, lte, or } from 'drizzle-orm'
import { pushEndpoints, pushSubscribers } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import type { Owner } from '../accounts/watchlist'
import { digestHex } from '../lib/digest'

/** How many accounts one run visits at most. */
export const RUN_ACCOUNT_BATCH = 100
const CURSOR_KEY = 'push-run-cursor:v1'

function ownedBy(owner: Owner) {
  return and(eq(pushSubscribers.owner_type, owner.type), eq(pushSubscribers.owner_id, owner.id))
}

export async function keepSubscriber(db: Db, owner: Owner, subscribed: boolean): Promise<void> {
  if (subscribed) await db.insert(pushSubscribers).values({ owner_type: owner.type, owner_id: owner.id }).onConflictDoNothing()
  else await db.batch([db.delete(pushSubscribers).where(ownedBy(owner)), db.delete(pushEndpoints).where(and(eq(pushEndpoints.owner_type, owner.type), eq(pushEndpoints.owner_id, owner.id)))])
}

function parseCursor(text: string | null): Owner | null {
  const m = /^(user|admin):(\d+)$/.exec(text ?? '')
  return m ? { type: m[1] as Owner['type'], id: Number(m[2]) } : null
}

/**
 * The next accounts to visit, at most `limit`: those after the cursor, then from the start up to
 * it; the cursor moves to the last of them. Two statements at most, and one KV read and write.
 */
export async function nextSubscribers(db: Db, kv: KVNamespace, limit = RUN_ACCOUNT_BATCH): Promise<Owner[]> {
  const cursor = parseCursor(await kv.get(CURSOR_KEY))
  const columns = { type: pushSubscribers.owner_type, id: pushSubscribers.owner_id }
  const order = [asc(pushSubscribers.owner_type), asc(pushSubscribers.owner_id)] as const
  const after = cursor
    ? or(gt(pushSubscribers.owner_type, cursor.type), and(eq(pushSubscribers.owner_type, cursor.type), gt(pushSubscribers.owner_id, cursor.id)))
    : undefined
  const owners: Owner[] = await db.select(columns).from(pushSubscribers).where(after).orderBy(...order).limit(limit).all()
  if (cursor && owners.length < limit) {
    const before = or(lt(pushSubscribers.owner_type, cursor.type), and(eq(pushSubscribers.owner_type, cursor.type), lte(pushSubscribers.owner_id, cursor.id)))
    owners.push(...(await db.select(columns).from(pushSubscribers).where(before).orderBy(...order).limit(limit - owners.length).all()))
  }
  const last = owners[owners.length - 1]
  if (last) await kv.put(CURSOR_KEY, `${last.type}:${last.id}`)
  return owners
}

const endpointHash = (endpoint: string) => digestHex(endpoint)

/**
 * Records that `endpoint` is now `owner`'s. Answers the account it belonged to before, when another
 * one: the caller removes it there.
 */
export async function claimEndpoint(db: Db, endpoint: string, owner: Owner): Promise<Owner | null> {
  const hash = await endpointHash(endpoint)
  const [before] = await db.batch([
    db.select({ type: pushEndpoints.owner_type, id: pushEndpoints.owner_id }).from(pushEndpoints).where(eq(pushEndpoints.endpoint_hash, hash)),
    db
      .insert(pushEndpoints)
      .values({ endpoint_hash: hash, owner_type: owner.type, owner_id: owner.id })
      .onConflictDoUpdate({ target: pushEndpoints.endpoint_hash, set: { owner_type: owner.type, owner_id: owner.id } }),
  ])
  const previous = before[0]
  return previous && (previous.type !== owner.type || previous.id !== owner.id) ? { type: previous.type, id: previous.id } : null
}

/** Forgets that the endpoints are `owner`'s (unsubscribed, or dropped by a run). */
export async function releaseEndpoints(db: Db, owner: Owner, endpoints: string[]): Promise<void> {
  if (endpoints.length === 0) return
  const hashes = await Promise.all(endpoints.map(endpointHash))
  await db.delete(pushEndpoints).where(and(inArray(pushEndpoints.endpoint_hash, hashes), eq(pushEndpoints.owner_type, owner.type), eq(pushEndpoints.owner_id, owner.id)))
}

/** A statement forgetting every endpoint of an account, for the batch that deletes it. */
export function endpointsOf(db: Db, owner: Owner) {
  return db.delete(pushEndpoints).where(and(eq(pushEndpoints.owner_type, owner.type), eq(pushEndpoints.owner_id, owner.id)))
}

/**
 * The way to an account's store (worker/accounts/store.ts): one Durable Object per account, named
 * by its kind and number (`user:42`, `admin:7`), called through Workers RPC.
 */
import type { Context } from 'hono'
import type { Account, AppEnv, Bindings } from '../env'
import type { Owner } from './watchlist'

export function accountStore(env: Pick<Bindings, 'ACCOUNTS'>, owner: Owner) {
  const name = `${owner.type}:${owner.id}`
  let id = storeIds.get(name)
  if (!id || storeIdsOf !== env.ACCOUNTS) {
    if (storeIdsOf !== env.ACCOUNTS) storeIds.clear()
    storeIdsOf = env.ACCOUNTS
    id = env.ACCOUNTS.idFromName(name)
    if (storeIds.size >= STORE_IDS_KEPT) storeIds.delete(storeIds.keys().next().value!)
    storeIds.set(name, id)
  }
  return env.ACCOUNTS.get(id)
}

/**
 * A store's id is a digest of its name: an isolate works it out once per account (oldest first out
 * past STORE_IDS_KEPT), for the namespace it was made from.
 */
const storeIds = new Map<string, DurableObjectId>()
let storeIdsOf: unknown
const STORE_IDS_KEPT = 10_000

/** The owner part of a signed-in account, as the store's methods take it (nothing else crosses). */
export function ownerOf(account: Owner): Owner {
  return { type: account.type, id: account.id }
}

/** The signed-in account's store and the owner its methods take. */
export function myStore(c: Context<AppEnv & { Variables: { account: Account } }>) {
  const owner = ownerOf(c.var.account)
  return { owner, store: accountStore(c.env, owner) }
}

/**
 * The way to an account's store (worker/accounts/store.ts): one Durable Object per account, named
 * by its kind and number (`user:42`, `admin:7`), called through Workers RPC.
 */
import type { Context } from 'hono'
import type { Account, AppEnv, Bindings } from '../env'
import type { Owner } from './watchlist'

export function accountStore(env: Pick<Bindings, 'ACCOUNTS'>, owner: Owner) {
  return env.ACCOUNTS.get(env.ACCOUNTS.idFromName(`${owner.type}:${owner.id}`))
}

/** The owner part of a signed-in account, as the store's methods take it (nothing else crosses). */
export function ownerOf(account: Owner): Owner {
  return { type: account.type, id: account.id }
}

/** The signed-in account's store and the owner its methods take. */
export function myStore(c: Context<AppEnv & { Variables: { account: Account } }>) {
  const owner = ownerOf(c.var.account)
  return { owner, store: accountStore(c.env, owner) }
}

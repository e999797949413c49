/**
 * The way to an account's store (worker/accounts/store.ts): one Durable Object per account, named
 * by its kind and number (`user:42`, `admin:7`), and one per further profile of it (`user:42/p2`),
 * called through Workers RPC. The account's own object keeps the sessions and the profiles as well
 * as the viewing of profile 1.
 */
import type { Context } from 'hono'
import type { Account, AppEnv, Bindings } from '../env'
import type { Owner } from './watchlist'

/** The object of `owner`'s profile: the account's own for profile 1 (or none named). */
export function accountStore(env: Pick<Bindings, 'ACCOUNTS'>, owner: Owner) {
  const profile = owner.profile !== undefined && owner.profile !== 1 ? `/p${owner.profile}` : ''
  return env.ACCOUNTS.get(env.ACCOUNTS.idFromName(`${owner.type}:${owner.id}${profile}`))
}

/** The account itself, whichever profile is named: sessions, profiles, the record. */
export function accountOwner(owner: Owner): Owner {
  return { type: owner.type, id: owner.id }
}

/**
 * The owner part of a signed-in account, as the store's methods take it (nothing else crosses):
 * its session's profile, whose own viewing the per-viewer calls read and write. A session that has
 * not chosen yet has none of its own (see `requireProfile`).
 */
export function ownerOf(account: Owner | Account): Owner {
  const profile = 'profileId' in account ? account.profileId : account.profile
  // an unchosen session (0) is named too: its object holds nothing, so it reads no profile's rows
  return profile !== undefined && profile !== 1 ? { type: account.type, id: account.id, profile } : { type: account.type, id: account.id }
}

/** The signed-in viewer's store (their profile's) and the owner its methods take. */
export function myStore(c: Context<AppEnv & { Variables: { account: Account } }>) {
  const owner = ownerOf(c.var.account)
  return { owner, store: accountStore(c.env, owner) }
}

/** The signed-in account's own store, for what belongs to the account rather than a profile. */
export function myAccountStore(c: Context<AppEnv & { Variables: { account: Account } }>) {
  const owner = accountOwner(c.var.account)
  return { owner, store: accountStore(c.env, owner) }
}

/**
 * The signed-in account's data, out, and the account itself, gone:
 *   GET    /api/me/export.json            everything the site holds on the account (JSON)
 *   GET    /api/me/export/watchlist.csv   the watchlist, in columns Letterboxd imports
 *   GET    /api/me/export/history.csv     the watch history, likewise
 *   GET    /api/me/export/lists/{slug}.csv one of the account's lists, in its order, likewise
 *   DELETE /api/me/account                { password }: deletes the account and every row it owns
 * Keyed by the session's account only; downloads are never cached.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { findRecord } from '../accounts/accounts'
import { database } from '../accounts/db'
import { accountStore, myAccountStore, myStore } from '../accounts/store-client'
import { deleteUserAccount, exportAccount, exportHistory, exportList, exportWatchlist, historyCsv, listCsv, watchlistCsv } from '../accounts/my-data'
import { keepPublicListCopies, publicSlugsOf } from '../accounts/public-lists'
import { ownListWithItems } from '../accounts/user-lists'
import { checkCurrentPassword } from '../auth/current-password'
import { closedForMaintenance, requireAccount, requireAccountLevel } from '../auth/guards'
import { countersOf } from '../auth/rate-limit'
import { subscriptionOf } from '../newsletter/subscribers'
import { endpointsOf } from '../push/subscribers'
import { clearSessionCookie } from '../auth/session'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { catalogProviderName } from './config'
import { forgetProfile } from '../auth/profile-memo'

const deleteSchema = z.object({
  password: z.string({ error: errorMessage('errors.passwordRequired') }).min(1, errorMessage('errors.passwordRequired')).max(1024, errorMessage('errors.passwordTooLong')),
})

/** A file to save, named after the site, what it holds and the day. */
export function download(siteName: string, body: string, type: 'text/csv' | 'application/json', name: string): Response {
  const day = new Date().toISOString().slice(0, 10)
  const site = siteName.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()
  return new Response(body, {
    headers: {
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${site}-${name}-${day}.${type === 'text/csv' ? 'csv' : 'json'}"`,
      'Cache-Control': 'no-store',
    },
  })
}

export const myDataRoutes = new Hono<AppEnv>()
  .get('/export.json', requireAccount, requireAccountLevel, async (c) => {
    const db = database(c.env.DB)
    const { store, owner } = myAccountStore(c)
    const [account, stored, profiles] = await Promise.all([findRecord(db, owner.type, owner.id), store.accountData(owner), store.profiles(owner)])
    if (!account || !stored || !profiles) return apiError(c, 401, 'errors.noSession')
    const catalog = database(c.env.CATALOG)
    const data = await exportAccount(db, owner, account, stored, catalog)
    // each further profile's own viewing and lists, exported as the account's own are above
    const ofProfiles = await Promise.all(
      profiles.profiles.map(async (profile) => {
        if (profile.own) return { ...profile, viewing: 'above' as const }
        const profileOwner = { ...owner, profile: profile.id }
        const own = await accountStore(c.env, profileOwner).accountData(profileOwner)
        if (!own) return { ...profile, viewing: {} }
        const { exported_at: _at, account: _account, sessions: _sessions, notices: _notices, ...viewing } = await exportAccount(db, profileOwner, account, own, catalog)
        return { ...profile, viewing }
      }),
    )
    return download(c.env.SITE_NAME, JSON.stringify({ ...data, profiles: ofProfiles }, null, 2), 'application/json', 'my-data')
  })
  .get('/export/watchlist.csv', requireAccount, requireAccountLevel, async (c) => {
    const { store, owner } = myStore(c)
    const items = await exportWatchlist(database(c.env.CATALOG), await store.watchlist(owner))
    return download(c.env.SITE_NAME, watchlistCsv(items, catalogProviderName(c.env) === 'tmdb'), 'text/csv', 'watchlist')
  })
  .get('/export/history.csv', requireAccount, requireAccountLevel, async (c) => {
    const { store, owner } = myStore(c)
    const items = await exportHistory(database(c.env.CATALOG), await store.history(owner))
    return download(c.env.SITE_NAME, historyCsv(items, catalogProviderName(c.env) === 'tmdb'), 'text/csv', 'history')
  })
  .get('/export/lists/:file', requireAccount, requireAccountLevel, validate('param', z.object({ file: z.string().regex(/^[a-z0-9]{10}\.csv$/, errorMessage('errors.listNotFound')) })), async (c) => {
    const list = await ownListWithItems(database(c.env.DB), c.var.account, c.req.valid('param').file.slice(0, -4))
    if (!list) return apiError(c, 404, 'errors.listNotFound')
    return download(c.env.SITE_NAME, listCsv(await exportList(list, database(c.env.CATALOG)), catalogProviderName(c.env) === 'tmdb'), 'text/csv', `list-${list.slug}`)
  })
  .delete('/account', requireAccount, requireAccountLevel, closedForMaintenance, validate('json', deleteSchema), async (c) => {
    const account = c.var.account
    if (account.type !== 'user') return apiError(c, 403, 'errors.adminAccountRemoval')
    const db = database(c.env.DB)
    const check = await checkCurrentPassword(c, db, account, c.req.valid('json').password)
    if (check.refused) return check.refused
    if (!check.found) return apiError(c, 401, 'errors.noSession')
    if (!check.ok) return apiError(c, 400, 'errors.passwordIncorrect')
    const shown = await publicSlugsOf(db, account)
    // the store first: a copy it still had to write must not outlive the account in D1
    const { store, owner } = myAccountStore(c)
    await store.deleteAccount(owner)
    forgetProfile(owner)
    // the weekly e-mail's subscription of the account's own address goes with it
    await deleteUserAccount(db, account.id, [...(await countersOf(c.env, db, account)), subscriptionOf(db, account.email), endpointsOf(db, owner)])
    // The account's public lists stop showing to visitors at once.
    await keepPublicListCopies(c.env, shown)
    clearSessionCookie(c)
    return c.json({ message: 'Your account has been deleted' }, 200)
  })

/**
 * The signed-in account's own data: profile, password, watchlist and watch history. The
 * watchlist, the history and the profile as read here live in the account's own store
 * (worker/accounts/store.ts), reached by the account in the session, never by anything in the
 * request, so no parameter can reach another account's rows; profile and password changes are
 * made in D1 and copied there. Writes are refused while maintenance is on, except for
 * administrators and for progress reports: watching goes on during maintenance, and a report
 * reaches no database but the account's store.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { setPasswordHash, updateProfile, usernameTaken } from '../accounts/accounts'
import { database } from '../accounts/db'
import { contentParamSchema, historyQuerySchema, historyRecordSchema, MIN_ADMIN_PASSWORD_LENGTH, passwordChangeSchema, profileSchema, watchlistAddSchema } from '../accounts/schemas'
import { endResetLinks } from '../accounts/password-resets'
import { keepPublicListCopies, publicSlugsOf } from '../accounts/public-lists'
import { myAccountStore, myStore } from '../accounts/store-client'
import { withNextEpisodes, type ContinueResult } from '../accounts/up-next'
import { catalogForRequest } from '../catalog'
import { ceilingContent } from '../catalog/ceiling'
import { closedForMaintenance, reconfirmAfterProfileChange, requireAccount, requireAccountLevel } from '../auth/guards'
import { checkCurrentPassword } from '../auth/current-password'
import { viewerFields } from '../auth/viewer'
import { confirmFactorChange } from '../auth/factor-change'
import { hashPassword } from '../auth/password'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { refuseBlockedWords } from '../lib/blocked-words'
import { validate } from '../lib/validate'

/**
 * navigator.sendBeacon cannot set a JSON content type without a CORS preflight, so progress
 * reports sent while a page closes arrive as text/plain. Their body is JSON all the same; it is
 * relabelled here so the one JSON validator checks it like any other request.
 */
const acceptBeaconJson = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (mediaType === 'text/plain') {
    const headers = new Headers(c.req.raw.headers)
    headers.set('Content-Type', 'application/json')
    c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: await c.req.text() })
  }
  await next()
})

export const meRoutes = new Hono<AppEnv>()
  .get('/profile', requireAccount, async (c) => {
    const account = c.var.account
    const { store, owner } = myAccountStore(c)
    const record = c.var.profile ?? (await store.profile(owner))
    if (!record) return apiError(c, 401, 'errors.noSession')
    return c.json({ id: account.id, email: account.email, type: account.type, user: record, ...viewerFields(account, record) }, 200)
  })
  .patch('/profile', requireAccount, requireAccountLevel, closedForMaintenance, validate('json', profileSchema), async (c) => {
    const account = c.var.account
    const changes = c.req.valid('json')
    const db = database(c.env.DB)
    // the username is shown on the account's public lists
    const blocked = refuseBlockedWords(c, { username: changes.username })
    if (blocked) return blocked
    if (changes.username !== undefined && (await usernameTaken(db, changes.username, account))) {
      return apiError(c, 409, 'errors.usernameTaken')
    }
    const user = await updateProfile(db, account.type, account.id, changes)
    if (!user) return apiError(c, 404, 'errors.profileUpdateFailed')
    const { store, owner } = myAccountStore(c)
    await store.setProfile(owner, user)
    await reconfirmAfterProfileChange(c)
    // the owner's name is on each public list's page and card: visitors see the new one at once
    if (changes.username !== undefined) await keepPublicListCopies(c.env, await publicSlugsOf(db, owner))
    return c.json({ message: 'Profile updated successfully!', user }, 200)
  })
  .post('/password', requireAccount, requireAccountLevel, closedForMaintenance, validate('json', passwordChangeSchema), async (c) => {
    const account = c.var.account
    const body = c.req.valid('json')
    const db = database(c.env.DB)
    if (account.type === 'admin') {
      if (body.newPassword.length < MIN_ADMIN_PASSWORD_LENGTH) return apiError(c, 400, 'errors.adminPasswordTooShort', { min: MIN_ADMIN_PASSWORD_LENGTH })
      // An administrator's password is changed like its factors: the password and a fresh second factor.
      const refused = await confirmFactorChange(c, db, account, { password: body.currentPassword, code: body.code, passkey: body.passkey })
      if (refused) return refused
    } else {
      const check = await checkCurrentPassword(c, db, account, body.currentPassword)
      if (check.refused) return check.refused
      if (!check.found) return apiError(c, 404, 'errors.passwordUpdateFailed')
      if (!check.ok) return apiError(c, 400, 'errors.currentPasswordIncorrect')
    }
    const record = await setPasswordHash(db, account.type, account.id, await hashPassword(body.newPassword))
    // whoever else held a session (perhaps the reason for the change) is signed out
    // so is whoever held a reset link
    await endResetLinks(db, account.type, account.id)
    const { store, owner } = myAccountStore(c)
    await store.endSessions(owner, account.sessionId, true)
    if (record) await store.setProfile(owner, record)
    await reconfirmAfterProfileChange(c)
    return c.json({ message: 'Password updated successfully!' }, 200)
  })
  // a profile's own lists are held to its ceiling too, which may have been lowered since
  .get('/watchlist', requireAccount, async (c) => {
    const { store, owner } = myStore(c)
    return c.json({ results: await ceilingContent(catalogForRequest(c), c.var.account.ceiling, await store.watchlist(owner)) }, 200)
  })
  .post('/watchlist', requireAccount, closedForMaintenance, validate('json', watchlistAddSchema), async (c) => {
    const { store, owner } = myStore(c)
    const added = await store.addToWatchlist(owner, c.req.valid('json'))
    if (!added) return apiError(c, 401, 'errors.noSession')
    return c.json({ message: 'Added to watchlist!', entry: added.entry }, added.created ? 201 : 200)
  })
  .get('/watchlist/:content_type/:content_id', requireAccount, validate('param', contentParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    return c.json({ inWatchlist: await store.inWatchlist(owner, c.req.valid('param')) }, 200)
  })
  .delete('/watchlist/:content_type/:content_id', requireAccount, closedForMaintenance, validate('param', contentParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    const removed = await store.removeFromWatchlist(owner, c.req.valid('param'))
    if (removed === null) return apiError(c, 401, 'errors.noSession')
    return c.json({ message: 'Removed from watchlist!', removed }, 200)
  })
  .get('/history', requireAccount, validate('query', historyQuerySchema), async (c) => {
    const { store, owner } = myStore(c)
    return c.json({ results: await ceilingContent(catalogForRequest(c), c.var.account.ceiling, await store.history(owner, c.req.valid('query').limit)) }, 200)
  })
  .put('/history', requireAccount, validate('json', historyRecordSchema), async (c) => {
    const { reason, ...report } = c.req.valid('json')
    const { store, owner } = myStore(c)
    const entry = await store.recordProgress(owner, report, reason ?? null)
    if (!entry) return apiError(c, 401, 'errors.noSession')
    return c.json({ entry }, 200)
  })
  .post('/history', requireAccount, acceptBeaconJson, validate('json', historyRecordSchema), async (c) => {
    const { reason, ...report } = c.req.valid('json')
    const { store, owner } = myStore(c)
    const entry = await store.recordProgress(owner, report, reason ?? null)
    if (!entry) return apiError(c, 401, 'errors.noSession')
    return c.json({ entry }, 200)
  })
  .get('/history/:content_type/:content_id', requireAccount, validate('param', contentParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    return c.json({ entry: await store.historyEntry(owner, c.req.valid('param')) }, 200)
  })
  .get('/continue-watching', requireAccount, validate('query', historyQuerySchema), async (c) => {
    const { store, owner } = myStore(c)
    const catalog = catalogForRequest(c)
    const cards = await withNextEpisodes(await store.continueWatching(owner, c.req.valid('query').limit), catalog)
    // the titles above the profile's maturity ceiling are left out (worker/catalog/ceiling.ts)
    const results: ContinueResult[] = await ceilingContent(catalog, c.var.account.ceiling, cards)
    return c.json({ results }, 200)
  })
  .delete('/continue-watching/:content_type/:content_id', requireAccount, closedForMaintenance, validate('param', contentParamSchema), async (c) => {
    const { store, owner } = myStore(c)
    const hidden = await store.hideFromContinueWatching(owner, c.req.valid('param'))
    if (hidden === null) return apiError(c, 401, 'errors.noSession')
    if (!hidden) return apiError(c, 404, 'errors.notInHistory')
    return c.json({ message: 'Removed from Continue watching', removed: true }, 200)
  })
  .delete('/history', requireAccount, closedForMaintenance, async (c) => {
    const { store, owner } = myStore(c)
    const removed = await store.clearHistory(owner)
    if (removed === null) return apiError(c, 401, 'errors.noSession')
    return c.json({ message: 'Watch history cleared successfully!', removed }, 200)
  })

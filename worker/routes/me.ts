/**
 * The signed-in account's own data: profile, password, watchlist and watch history. Every
 * query is keyed by the account in the session (owner type and id), never by anything in the
 * request, so no parameter can reach another account's rows. Writes are refused while
 * maintenance is on, except for administrators.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { findRecord, setPasswordHash, updateProfile, usernameTaken } from '../accounts/accounts'
import { database } from '../accounts/db'
import { clearHistory, findHistoryEntry, listHistory, recordProgress } from '../accounts/history'
import { contentParamSchema, historyQuerySchema, historyRecordSchema, passwordChangeSchema, profileSchema, watchlistAddSchema } from '../accounts/schemas'
import { endResetLinks } from '../accounts/password-resets'
import { deleteOtherSessions } from '../accounts/sessions'
import { addToWatchlist, isInWatchlist, listWatchlist, removeFromWatchlist } from '../accounts/watchlist'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import { checkCurrentPassword } from '../auth/current-password'
import { hashPassword } from '../auth/password'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
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
    const record = await findRecord(database(c.env.DB), account.type, account.id)
    if (!record) return apiError(c, 401, 'errors.noSession')
    return c.json({ id: account.id, email: account.email, type: account.type, user: record }, 200)
  })
  .patch('/profile', requireAccount, closedForMaintenance, validate('json', profileSchema), async (c) => {
    const account = c.var.account
    const changes = c.req.valid('json')
    const db = database(c.env.DB)
    if (changes.username !== undefined && (await usernameTaken(db, changes.username, account))) {
      return apiError(c, 409, 'errors.usernameTaken')
    }
    const user = await updateProfile(db, account.type, account.id, changes)
    if (!user) return apiError(c, 404, 'errors.profileUpdateFailed')
    return c.json({ message: 'Profile updated successfully!', user }, 200)
  })
  .post('/password', requireAccount, closedForMaintenance, validate('json', passwordChangeSchema), async (c) => {
    const account = c.var.account
    const body = c.req.valid('json')
    const db = database(c.env.DB)
    const check = await checkCurrentPassword(c, db, account, body.currentPassword)
    if (check.refused) return check.refused
    if (!check.found) return apiError(c, 404, 'errors.passwordUpdateFailed')
    if (!check.ok) return apiError(c, 400, 'errors.currentPasswordIncorrect')
    await setPasswordHash(db, account.type, account.id, await hashPassword(body.newPassword))
    // whoever else held a session or a reset link (perhaps the reason for the change) is shut out
    await deleteOtherSessions(db, account.type, account.id, account.sessionId)
    await endResetLinks(db, account.type, account.id)
    return c.json({ message: 'Password updated successfully!' }, 200)
  })
  .get('/watchlist', requireAccount, async (c) => {
    return c.json({ results: await listWatchlist(database(c.env.DB), c.var.account) }, 200)
  })
  .post('/watchlist', requireAccount, closedForMaintenance, validate('json', watchlistAddSchema), async (c) => {
    const { entry, created } = await addToWatchlist(database(c.env.DB), c.var.account, c.req.valid('json'))
    return c.json({ message: 'Added to watchlist!', entry }, created ? 201 : 200)
  })
  .get('/watchlist/:content_type/:content_id', requireAccount, validate('param', contentParamSchema), async (c) => {
    const inWatchlist = await isInWatchlist(database(c.env.DB), c.var.account, c.req.valid('param'))
    return c.json({ inWatchlist }, 200)
  })
  .delete('/watchlist/:content_type/:content_id', requireAccount, closedForMaintenance, validate('param', contentParamSchema), async (c) => {
    const removed = await removeFromWatchlist(database(c.env.DB), c.var.account, c.req.valid('param'))
    return c.json({ message: 'Removed from watchlist!', removed }, 200)
  })
  .get('/history', requireAccount, validate('query', historyQuerySchema), async (c) => {
    const results = await listHistory(database(c.env.DB), c.var.account, c.req.valid('query').limit)
    return c.json({ results }, 200)
  })
  .put('/history', requireAccount, closedForMaintenance, validate('json', historyRecordSchema), async (c) => {
    const entry = await recordProgress(database(c.env.DB), c.var.account, c.req.valid('json'))
    return c.json({ entry }, 200)
  })
  .post('/history', requireAccount, closedForMaintenance, acceptBeaconJson, validate('json', historyRecordSchema), async (c) => {
    const entry = await recordProgress(database(c.env.DB), c.var.account, c.req.valid('json'))
    return c.json({ entry }, 200)
  })
  .get('/history/:content_type/:content_id', requireAccount, validate('param', contentParamSchema), async (c) => {
    const entry = await findHistoryEntry(database(c.env.DB), c.var.account, c.req.valid('param'))
    return c.json({ entry }, 200)
  })
  .delete('/history', requireAccount, closedForMaintenance, async (c) => {
    const removed = await clearHistory(database(c.env.DB), c.var.account)
    return c.json({ message: 'Watch history cleared successfully!', removed }, 200)
  })

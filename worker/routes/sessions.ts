/**
 * The signed-in account's sessions (one per signed-in browser), kept in its store
 * (worker/accounts/store.ts): list them with their device and when they were last seen, end one,
 * or end them all ("Sign out everywhere", this browser too). This browser's cookie is cleared at
 * once; another browser's session ends at its next confirmation, within a minute
 * (worker/auth/session.ts). Sessions are named by a digest of their row id, never the id itself.
 * Not closed during maintenance: signing out is always allowed.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { myAccountStore } from '../accounts/store-client'
import { requireAccount, requireAccountLevel } from '../auth/guards'
import { clearSessionCookie } from '../auth/session'
import type { AppEnv } from '../env'
import { apiError, errorMessage } from '../lib/api-errors'
import { validate } from '../lib/validate'
import { forgetProfile } from '../auth/profile-memo'

const sessionParam = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, errorMessage('errors.fieldSessionId', { field: 'id' })) })

export const sessionRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, requireAccountLevel, async (c) => {
    const { store, owner } = myAccountStore(c)
    return c.json({ sessions: await store.sessions(owner, c.var.account.sessionId) }, 200)
  })
  .delete('/', requireAccount, requireAccountLevel, async (c) => {
    const { store, owner } = myAccountStore(c)
    await store.endSessions(owner)
    forgetProfile(owner)
    clearSessionCookie(c)
    return c.json({ message: 'Signed out everywhere.' }, 200)
  })
  .delete('/:id', requireAccount, requireAccountLevel, validate('param', sessionParam), async (c) => {
    const account = c.var.account
    const { store, owner } = myAccountStore(c)
    const ended = await store.endSessionByPublicId(owner, c.req.valid('param').id)
    if (!ended) return apiError(c, 404, 'errors.sessionNotFound')
    if (ended === account.sessionId) clearSessionCookie(c)
    return c.json({ message: 'Session signed out.', current: ended === account.sessionId }, 200)
  })

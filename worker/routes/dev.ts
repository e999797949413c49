/**
 * GET /api/dev/mail: the local dev mailbox (worker/mail/mailer.ts), newest first, so a developer
 * running `npm start` can open the messages the site would have e-mailed (reset links, sign-in
 * warnings). Answered on loopback origins only; anywhere else it does not exist (404).
 *
 * GET /api/dev/counters: the D1 statements counted so far, per database, while the bench's load
 * model runs (worker/lib/bench-counters.ts), and how many of them were the catalogue's reads;
 * without its variable, and anywhere but loopback, 404.
 *
 * GET /api/dev/counters/catalog-rows?from={reads}: the rows the catalogue's reads since then read,
 * under the same conditions (null when they are too many to have been kept).
 *
 * GET /api/dev/store-call: a call to the signed-in account's store that reads and writes nothing,
 * under the same conditions: the bench's floor for what any request that reaches a store can cost.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { z } from 'zod'
import { benchCounts, benchCountersOn, catalogReadsSoFar, catalogRowsRead } from '../lib/bench-counters'
import { validate } from '../lib/validate'
import { isLoopback } from '../lib/loopback'
import { devMailbox } from '../mail/mailer'
import { myStore } from '../accounts/store-client'
import { requireAccount } from '../auth/guards'

/** Only under the bench's counters, and on loopback only: anywhere else the address does not exist. */
const benchOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!benchCountersOn(c.env) || !isLoopback(c.req.url)) return apiError(c, 404, 'errors.notFound')
  await next()
})

export const devRoutes = new Hono<AppEnv>()
  .get('/mail', async (c) => {
    if (!isLoopback(c.req.url)) return apiError(c, 404, 'errors.notFound')
    return c.json({ messages: await devMailbox(c.env) }, 200)
  })
  .get('/counters', benchOnly, (c) => c.json({ d1: benchCounts(), catalogReads: catalogReadsSoFar() }, 200))
  .get('/counters/catalog-rows', benchOnly, validate('query', z.strictObject({ from: z.coerce.number().int().min(0) })), async (c) =>
    c.json({ rowsRead: await catalogRowsRead(c.req.valid('query').from) }, 200),
  )
  .get('/store-call', benchOnly, requireAccount, async (c) => {
    const { store, owner } = myStore(c)
    return c.json({ here: await store.isHere(owner) }, 200)
  })

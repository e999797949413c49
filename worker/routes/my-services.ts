/**
 * GET and PUT /api/me/services: the services the signed-in account has and its region ("My
 * services"). GET answers `{ services: number[], region: string } | { services: null, region: null }`
 * (null until chosen); PUT takes `{ services, region }` (known TMDB watch provider ids only, each
 * once, and an ISO 3166-1 alpha-2 region) and answers the stored choice. Auth and maintenance as for
 * the other /api/me writes.
 */
import { Hono } from 'hono'
import { database } from '../accounts/db'
import { getServiceChoice, serviceChoiceSchema, setServiceChoice } from '../accounts/services'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import { validate } from '../lib/validate'

export const myServicesRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, async (c) => {
    const account = c.var.account
    const choice = await getServiceChoice(database(c.env.DB), { type: account.type, id: account.id })
    c.header('Cache-Control', 'private, no-store')
    return c.json(choice ?? { services: null, region: null })
  })
  .put('/', requireAccount, closedForMaintenance, validate('json', serviceChoiceSchema), async (c) => {
    const account = c.var.account
    const choice = c.req.valid('json')
    await setServiceChoice(database(c.env.DB), { type: account.type, id: account.id }, choice)
    return c.json(choice)
  })

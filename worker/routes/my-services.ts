/**
 * GET and PUT /api/me/services: the services the signed-in account has and its region ("My
 * services"), kept in the account's store. GET answers `{ services: number[], region: string } |
 * { services: null, region: null }` (null until chosen); PUT takes `{ services, region }` (known TMDB
 * watch provider ids only, each once, and an ISO 3166-1 alpha-2 region) and answers the stored
 * choice. Auth and maintenance as for the other /api/me writes.
 */
import { Hono } from 'hono'
import { serviceChoiceSchema } from '../accounts/services'
import { myStore } from '../accounts/store-client'
import { closedForMaintenance, requireAccount } from '../auth/guards'
import type { AppEnv } from '../env'
import { apiError } from '../lib/api-errors'
import { validate } from '../lib/validate'

export const myServicesRoutes = new Hono<AppEnv>()
  .get('/', requireAccount, async (c) => {
    const { store, owner } = myStore(c)
    const choice = await store.services(owner)
    c.header('Cache-Control', 'private, no-store')
    return c.json(choice ?? { services: null, region: null })
  })
  .put('/', requireAccount, closedForMaintenance, validate('json', serviceChoiceSchema), async (c) => {
    const { store, owner } = myStore(c)
    const choice = c.req.valid('json')
    if (!(await store.setServices(owner, choice))) return apiError(c, 401, 'errors.noSession')
    return c.json(choice)
  })

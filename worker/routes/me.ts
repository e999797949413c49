/** The signed-in account's own data: profile, password, watchlist and watch history. */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const meRoutes = new Hono<AppEnv>()

/** Administrator API: dashboard figures, users, bans, exports, streams and switches. */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const adminRoutes = new Hono<AppEnv>()

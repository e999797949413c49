/** Administrator API for HLS streams mapped to titles (list, add, replace, remove). */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const adminStreamRoutes = new Hono<AppEnv>()

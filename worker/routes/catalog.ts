/** Catalogue API: lists, discover, search, details, seasons and page compositions. */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const catalogRoutes = new Hono<AppEnv>()

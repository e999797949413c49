/** Drawn SVG posters, backdrops, portraits and stills for the embedded catalogue. */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const imageRoutes = new Hono<AppEnv>()

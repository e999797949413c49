/** Playback: configured sources and the HLS stream mapped to a title. */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const playerRoutes = new Hono<AppEnv>()

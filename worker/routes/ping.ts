/** GET and HEAD /api/ping: the connection-quality probe (SPEC.md section 4); never cached. */
import { Hono } from 'hono'
import type { AppEnv } from '../env'

export const pingRoutes = new Hono<AppEnv>().get('/ping', (c) => {
  c.header('Cache-Control', 'no-store')
  return c.json({ ok: true as const, time: Date.now() })
})

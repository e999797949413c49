/** Work that may finish after the answer has gone (a notice e-mail): kept alive by waitUntil, failures logged. */
import type { Context } from 'hono'
import type { AppEnv } from '../env'

/** Any route's context will do, a signed-in one's too: only the request id and the execution context are read. */
export function afterAnswer<E extends AppEnv>(c: Context<E>, work: Promise<unknown>): void {
  const logged = work.catch((err: unknown) => {
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), message: 'background work failed', error: String(err) }))
  })
  try {
    c.executionCtx.waitUntil(logged)
  } catch {
    // no execution context (a direct app.fetch in a test): the promise still runs
  }
}

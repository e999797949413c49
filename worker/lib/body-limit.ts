/**
 * A cap on request bodies under /api: 413 before anything is parsed. A declared Content-Length
 * is checked first; a body sent without one (chunked) is kept up to the cap and no further,
 * then handed on as one buffer, so it is still read only once.
 *
 * A 413 leaves the rest of the body where the connection can finish it: a declared body is not
 * touched (the runtime reads what is left), and a chunked body is read on and dropped, up to
 * DRAIN_BYTES. Cancelling the body instead breaks the connection under `wrangler dev`: its next
 * request hangs for about 30 s or gets a 503 (README, "Request bodies").
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { apiError } from './api-errors'
import { readWithin } from './read-within'

/** Far above the largest real request (a profile with a 500-character bio is under 2 KB). */
export const MAX_BODY_BYTES = 64 * 1024
/** How much of a chunked body over the cap is read and dropped so the connection stays usable; past it, the body is cancelled. */
export const DRAIN_BYTES = 1024 * 1024
const tooLarge = (c: Context) => apiError(c, 413, 'errors.bodyTooLarge', { size: MAX_BODY_BYTES / 1024 })

export const bodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body
  if (!body) return next()
  const declared = c.req.header('Content-Length')
  if (declared !== undefined) {
    if (!/^\d{1,15}$/.test(declared)) return apiError(c, 400, 'errors.invalidContentLength')
    if (Number(declared) > MAX_BODY_BYTES) return tooLarge(c)
    return next()
  }
  const reader = body.getReader()
  const read = await readWithin(reader, MAX_BODY_BYTES)
  if ('over' in read) {
    await drain(reader, read.over)
    return tooLarge(c)
  }
  c.req.raw = new Request(c.req.raw, { body: read.bytes })
  await next()
})

/** Reads the rest of a body and drops it, up to DRAIN_BYTES in all; cancels what is beyond. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  let total = read
  while (total <= DRAIN_BYTES) {
    const { done, value } = await reader.read()
    if (done) return
    total += value.byteLength
  }
  await reader.cancel().catch(() => undefined)
}

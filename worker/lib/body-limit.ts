/**
 * A cap on request bodies under /api: 413 before anything is parsed. A declared Content-Length
 * is checked first; a body sent without one (chunked) is read up to the cap and no further,
 * then handed on as one buffer, so it is still read only once.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { apiError } from './api-errors'

/** Far above the largest real request (a profile with a 500-character bio is under 2 KB). */
export const MAX_BODY_BYTES = 64 * 1024
const tooLarge = (c: Context) => apiError(c, 413, 'errors.bodyTooLarge', { size: MAX_BODY_BYTES / 1024 })

export const bodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body
  if (!body) return next()
  const declared = c.req.header('Content-Length')
  if (declared !== undefined) {
    if (!/^\d{1,15}$/.test(declared)) return apiError(c, 400, 'errors.invalidContentLength')
    if (Number(declared) > MAX_BODY_BYTES) {
      await body.cancel().catch(() => undefined)
      return tooLarge(c)
    }
    return next()
  }
  const reader = body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      return tooLarge(c)
    }
    parts.push(value)
  }
  const whole = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.byteLength
  }
  c.req.raw = new Request(c.req.raw, { body: whole })
  await next()
})

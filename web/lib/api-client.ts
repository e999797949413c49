/**
 * The typed API client: `hc<AppType>` follows the worker's routes, so a renamed path or field
 * breaks `npm run typecheck` instead of a page. Cookies ride along (same origin).
 */
import { hc } from 'hono/client'
import type { AppType } from '../../worker/index'

export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } }).api

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** What readJson needs of an answer: a fetch Response or the typed client's ClientResponse. */
export interface JsonResponse {
  ok: boolean
  status: number
  json(): Promise<unknown>
}

/** Reads a JSON answer, turning a non-2xx `{ error }` body into an ApiError with that message. */
export async function readJson<T>(res: JsonResponse | Promise<JsonResponse>): Promise<T> {
  const r = await res
  if (!r.ok) {
    let message = `Request failed with status code ${r.status}`
    try {
      const body = (await r.json()) as { error?: unknown }
      if (typeof body.error === 'string') message = body.error
    } catch {
      // not JSON: keep the generic message
    }
    throw new ApiError(r.status, message)
  }
  return (await r.json()) as T
}

/**
 * The typed API client: `hc<AppType>` follows the worker's routes, so a renamed path or field
 * breaks `npm run typecheck` instead of a page. Cookies ride along (same origin), and every call
 * tells the API the page's language, so catalogue text and error messages come back in it.
 */
import { hc } from 'hono/client'
import type { AppType } from '../../worker/index'
import { currentLocale } from '../i18n'
import { PSEUDO_LOCALE } from '../i18n/pseudo'

/** The page's language as the API takes it: the pseudo-locale of the tests is English there. */
export function apiLanguage(): string {
  const locale = currentLocale()
  return locale === PSEUDO_LOCALE ? 'en' : locale
}

/** Headers every API request carries; for a plain fetch() of an API address as well. */
export function apiHeaders(): Record<string, string> {
  return { 'Accept-Language': apiLanguage() }
}

export const api = hc<AppType>('/', { init: { credentials: 'same-origin' }, headers: apiHeaders }).api

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

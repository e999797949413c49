/**
 * The typed API client: `hc<AppType>` follows the worker's routes, so a renamed path or field
 * breaks `npm run typecheck` instead of a page. Cookies ride along (same origin), and every call
 * tells the API the page's language, so catalogue text and error messages come back in it.
 * A call that cannot reach the server fails with UnreachableError soon enough for the page to say
 * so: at once when the network refuses it, and when no answer has come after a moment and the
 * server does not answer a ping either (a slow answer from a server that is there is waited for).
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

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The server could not be reached: the device is offline, or the server does not answer. */
export class UnreachableError extends Error {
  readonly offline: boolean
  constructor() {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false
    super(offline ? 'offline' : 'unreachable')
    this.offline = offline
  }
}

/** How long an answer may take before the server is pinged to see whether it is there at all. */
export const SLOW_ANSWER_MS = 1000
const PING_TIMEOUT_MS = 2000
/**
 * After a failed ping, calls fail at once for this long rather than each waiting to find out
 * again, so a page's several calls and their automatic retries fail together. A viewer's own
 * Retry asks the server again at once (retry).
 */
const UNREACHABLE_HOLD_MS = 2500

let unreachableUntil = 0
let pinging: Promise<boolean> | null = null

function serverAnswers(): Promise<boolean> {
  pinging ??= fetch('/api/ping', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(PING_TIMEOUT_MS) })
    .then(
      (res) => res.ok,
      () => false,
    )
    .then((ok) => {
      pinging = null
      unreachableUntil = ok ? 0 : Date.now() + UNREACHABLE_HOLD_MS
      return ok
    })
  return pinging
}

/** A viewer's Retry: the calls it makes go to the server whatever the last ping said. */
export function retry(again: () => void): void {
  unreachableUntil = 0
  again()
}

/** fetch, failing with UnreachableError when the server cannot be reached (see the module's header). */
export async function fetchWithDeadline(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (Date.now() < unreachableUntil) throw new UnreachableError()
  const controller = new AbortController()
  const caller = init.signal
  const passOn = () => controller.abort(caller?.reason)
  if (caller?.aborted) passOn()
  caller?.addEventListener('abort', passOn, { once: true })
  const check = setTimeout(() => {
    void serverAnswers().then((ok) => ok || controller.abort(new UnreachableError()))
  }, SLOW_ANSWER_MS)
  try {
    const res = await fetch(input, { ...init, signal: controller.signal })
    unreachableUntil = 0
    return res
  } catch (err) {
    if (controller.signal.reason instanceof UnreachableError) throw controller.signal.reason
    // A refused connection, a lost network: fetch's TypeError. The caller's own abort stays one.
    if (err instanceof TypeError && !caller?.aborted) throw new UnreachableError()
    throw err
  } finally {
    clearTimeout(check)
    caller?.removeEventListener('abort', passOn)
  }
}

/**
 * Whether a query should try once more: not after an answer (a 4xx says what it says), nor when
 * the server is known to be out of reach; once after anything else (a 5xx, a dropped connection).
 */
export function retryOnceUnlessAnswered(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  if (error instanceof UnreachableError && (error.offline || Date.now() < unreachableUntil)) return false
  return failureCount < 1
}

export const api = hc<AppType>('/', { init: { credentials: 'same-origin' }, headers: apiHeaders, fetch: fetchWithDeadline }).api

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

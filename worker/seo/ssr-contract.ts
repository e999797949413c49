/**
 * What the worker asks of the web app's server build (web/ssr.tsx, built by `npm run build` into
 * dist-ssr/ and bundled into the worker as `reelhouse-ssr`): a page's first screen as HTML, drawn
 * from the same data the HTML inlines, so the browser paints it before any script runs.
 */
import type { PageLocale } from '../lib/locales'
import type { BootData } from './boot'

/**
 * Set by a browser that keeps choices changing its first screen (web/lib/hydration.ts): its pages
 * are not painted, so it never sees the worker's first screen replaced by its own.
 */
export const DRAW_HERE_COOKIE = 'draw-here'

/** The visitor's answer to the cookie banner, kept in this cookie: a painted page shows the banner only without it. */
export const COOKIE_CONSENT_COOKIE = 'cookie-consent'
export type CookieConsent = 'accepted' | 'declined'

export function isConsent(value: unknown): value is CookieConsent {
  return value === 'accepted' || value === 'declined'
}

export interface RenderRequest {
  /** The page's address as the browser has it: its language's prefix, path and query. */
  url: string
  /** The prefix of the page's language ('' for English). */
  basename: string
  locale: PageLocale
  /** The page module under web/ (its words load with it). */
  module: string
  /** The data inlined in the page: the render draws from it and nothing else. */
  boot: BootData
  /** The visitor's answer to the cookie banner, from its cookie. */
  consent: CookieConsent | null
}

/**
 * How long a render may take before the page goes out unpainted (a render takes milliseconds);
 * the next render then no longer waits for it either.
 */
export const RENDER_TIMEOUT_MS = 3000

/** The work's answer, or null once `ms` have passed without one (a failure still fails). */
export function withinTime<T>(work: Promise<T>, ms = RENDER_TIMEOUT_MS): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms)
  })
  return Promise.race([work, late]).finally(() => {
    if (timer !== undefined) clearTimeout(timer)
  })
}

export interface PaintedPage {
  /** The inside of `#root`. */
  body: string
  /** The parts drawn whose code loads apart from the page's (web/lib/lazy-part.ts): the browser loads them before hydrating. */
  parts: string[]
}

/** The painted page, or null when it could not be drawn (the browser then draws it). */
export type RenderApp = (request: RenderRequest) => Promise<PaintedPage | null>

/**
 * Pages the worker paints from its HTML (web/ssr.tsx) are taken over by React in place, which
 * needs the browser's first render to draw exactly what the worker drew. The worker knows nothing
 * of this browser's storage, so a visitor whose stored choices change a page's first screen (the
 * sidebar folded, the services switch on, theatre mode) gets the page drawn afresh instead, and
 * says so in a cookie that asks the worker not to paint the next pages at all. A list kept for one
 * page (recent searches) has that page drawn afresh when it holds anything, and nothing more.
 *
 * A painted page's boxes take text before React does; what was typed or chosen there is handed to
 * React once it takes them over (useKeptInput).
 */
import { useEffect, type RefObject } from 'react'
import { DRAW_HERE_COOKIE } from '../../worker/seo/ssr-contract'
import { COOKIE_YEAR, readCookie, writeCookie } from './cookies'

/** localStorage keys of choices that change what a first screen shows (each stored as JSON, off when false). */
export const FIRST_SCREEN_KEYS = {
  sidebarCollapsed: 'sidebar-collapsed',
  servicesSwitch: 'my-services-on',
  theatreMode: 'theatre-mode',
} as const

/** localStorage keys of lists one page shows first when they hold anything (the quick search its recent searches), by the page's path. */
export const PAGE_FIRST_SCREEN_LISTS: Readonly<Record<string, string>> = {
  '/search': 'recent-searches',
}

/**
 * Whether this browser keeps a choice that makes its first screen differ from the worker's, on
 * every page or (given its path, without a language prefix) on this one.
 */
export function keepsFirstScreenChoices(path?: string): boolean {
  try {
    if (Object.values(FIRST_SCREEN_KEYS).some((key) => (localStorage.getItem(key) ?? 'false') !== 'false')) return true
    const list = path === undefined ? undefined : PAGE_FIRST_SCREEN_LISTS[path]
    if (!list) return false
    const stored: unknown = JSON.parse(localStorage.getItem(list) ?? '[]')
    return Array.isArray(stored) && stored.length > 0
  } catch {
    return false
  }
}

/** Keeps the cookie in step with the stored choices: set while any is kept, gone otherwise. */
export function syncDrawHereCookie(): void {
  const keeps = keepsFirstScreenChoices()
  if (keeps !== (readCookie(DRAW_HERE_COOKIE) === '1')) writeCookie(DRAW_HERE_COOKIE, keeps ? '1' : null, COOKIE_YEAR)
}

/**
 * Calls `adopt` once, as React takes `field` over, when the field holds another value than React
 * drew it with (`drawn`): typed or chosen on the painted page before React listened, which React's
 * state never heard. `focused` says whether the field still has the focus.
 */
export function useKeptInput(field: RefObject<HTMLInputElement | HTMLSelectElement | null>, drawn: string, adopt: (value: string, focused: boolean) => void): void {
  useEffect(() => {
    const element = field.current
    if (element && element.value !== drawn) adopt(element.value, document.activeElement === element)
    // Once: what the field held when React took it over; later changes reach React as they happen.
  }, [])
}

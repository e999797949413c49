/**
 * The site's own readable cookies (the visitor's language, the cookie banner's answer,
 * draw-here), all whole-site, first-party and kept from other sites' requests. The session cookie
 * is HttpOnly and never read here.
 */

/** A year in seconds: how long a choice kept in a cookie lasts. */
export const COOKIE_YEAR = 365 * 24 * 3600

/** A cookie's value, or undefined when the browser has none by that name. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1)
}

/** Sets a cookie for `maxAge` seconds, or removes it when `value` is null. */
export function writeCookie(name: string, value: string | null, maxAge: number): void {
  document.cookie = `${name}=${value === null ? '; Max-Age=0' : `${value}; Max-Age=${maxAge}`}; Path=/; SameSite=Lax`
}

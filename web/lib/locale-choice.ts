/**
 * A visitor's choice of language from the language menu: kept in the `lang` cookie, which the
 * worker reads to pick the language of a later first visit at the root, and on the account when
 * someone is signed in, so it follows them to other browsers. The page itself changes by a full
 * navigation to the same page's address in that language (the new catalog loads with it).
 */
import { LOCALE_COOKIE, localizedPath, type Locale } from '../../worker/lib/locales'
import { localeOfPath } from '../i18n'
import { COOKIE_YEAR, writeCookie } from './cookies'

/** A year: the choice outlives the session. */
export const LOCALE_COOKIE_MAX_AGE = COOKIE_YEAR

/**
 * The page the address bar shows, in `locale`. Read at the moment of choosing: while the router
 * still draws the previous page (the next one's code on its way), its location is the old one.
 */
export function currentAddressIn(locale: Locale): string {
  return localizedPath(locale, localeOfPath(window.location.pathname).path + window.location.search)
}

/**
 * Keeps `locale` as the visitor's language. Storing it on the account is best-effort: until the
 * worker has PUT /api/me/locale (or when it fails) the cookie still keeps the choice. `keepalive`
 * lets the request finish while the browser leaves for the page in the new language.
 */
export function rememberLocale(locale: Locale, signedIn: boolean): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE)
  if (!signedIn) return
  try {
    void fetch('/api/me/locale', {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ locale }),
    }).catch(() => undefined)
  } catch {
    // fetch itself refused (no network stack): the cookie keeps the choice.
  }
}

/**
 * The cookie consent banner (SPEC.md sections 2 and 4): shown until the visitor chooses, then
 * hidden for good. The choice is kept as the plain string 'accepted' or 'declined' in the
 * `cookie-consent` cookie, which the worker reads too: a page it paints (web/ssr.tsx) carries the
 * banner exactly when the browser will show it, so nobody sees it flash. A choice kept only in
 * local storage, where it used to live, moves into the cookie after the first render.
 * On phones it sits above the bottom navigation bar instead of covering it.
 */
import { useAtom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { COOKIE_CONSENT_COOKIE, isConsent, type CookieConsent } from '../../worker/seo/ssr-contract'
import { t } from '../i18n'
import { COOKIE_YEAR, readCookie, writeCookie } from '../lib/cookies'
import { paths } from '../lib/paths'
import { Button } from './button'

export type { CookieConsent }
export const COOKIE_CONSENT_KEY = COOKIE_CONSENT_COOKIE


function storedInCookie(): CookieConsent | null {
  const value = readCookie(COOKIE_CONSENT_COOKIE)
  return isConsent(value) ? value : null
}

function keep(value: CookieConsent | null) {
  // The worker's render sets the visitor's answer in its own store: nothing to keep there.
  if (typeof document === 'undefined') return
  writeCookie(COOKIE_CONSENT_COOKIE, value, COOKIE_YEAR)
  try {
    if (value) localStorage.setItem(COOKIE_CONSENT_KEY, value)
    else localStorage.removeItem(COOKIE_CONSENT_KEY)
  } catch {
    // Storage can be unavailable (private mode, quota): the cookie keeps the choice.
  }
}

const consentStorage = {
  getItem: (_key: string, initial: CookieConsent | null): CookieConsent | null => storedInCookie() ?? initial,
  setItem: (_key: string, value: CookieConsent | null) => keep(value),
  removeItem: () => keep(null),
}

export const cookieConsentAtom = atomWithStorage<CookieConsent | null>(COOKIE_CONSENT_KEY, null, consentStorage, { getOnInit: true })

/** A choice kept in local storage before the cookie held it. */
function storedLocally(): CookieConsent | null {
  try {
    const value = localStorage.getItem(COOKIE_CONSENT_KEY)
    return isConsent(value) ? value : null
  } catch {
    return null
  }
}

export function CookieBanner() {
  const [consent, setConsent] = useAtom(cookieConsentAtom)
  useEffect(() => {
    const earlier = consent ? null : storedLocally()
    if (earlier) setConsent(earlier)
  }, [consent, setConsent])
  if (consent) return null
  return (
    <div
      role="region"
      aria-label={t('shell.cookieConsent')}
      className="fixed inset-x-2 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-[60] rounded-xl border border-neutral-700 bg-neutral-900/95 p-4 shadow-2xl backdrop-blur sm:inset-x-auto sm:end-4 sm:max-w-md lg:bottom-4"
    >
      <p className="text-sm text-neutral-200">
        {t('shell.cookieText')}{' '}
        <Link to={paths.privacy()} className="text-brand-400 underline underline-offset-2">
          {t('nav.privacy')}
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => setConsent('declined')}>
          {t('shell.decline')}
        </Button>
        <Button onClick={() => setConsent('accepted')}>{t('shell.accept')}</Button>
      </div>
    </div>
  )
}

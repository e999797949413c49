/**
 * The cookie consent banner (SPEC.md sections 2 and 4): shown until the visitor chooses, then
 * hidden for good. The choice is stored as the plain string 'accepted' or 'declined' in local
 * storage and read synchronously on first render, so a returning visitor never sees it flash (on a
 * page the worker painted, it is left out of the HTML and joins just after hydration).
 * On phones it sits above the bottom navigation bar instead of covering it.
 */
import { useAtom } from 'jotai'
import { useSyncExternalStore } from 'react'
import { atomWithStorage } from 'jotai/utils'
import { Link } from 'react-router-dom'
import { t } from '../i18n'
import { paths } from '../lib/paths'
import { Button } from './button'

export type CookieConsent = 'accepted' | 'declined'
export const COOKIE_CONSENT_KEY = 'cookie-consent'

function isConsent(value: unknown): value is CookieConsent {
  return value === 'accepted' || value === 'declined'
}

const consentStorage = {
  getItem(key: string, initial: CookieConsent | null): CookieConsent | null {
    try {
      const stored = localStorage.getItem(key)
      return isConsent(stored) ? stored : initial
    } catch {
      return initial
    }
  },
  setItem(key: string, value: CookieConsent | null) {
    try {
      if (value) localStorage.setItem(key, value)
      else localStorage.removeItem(key)
    } catch {
      // Storage can be unavailable (private mode, quota): the choice then lasts for this visit only.
    }
  },
  removeItem(key: string) {
    try {
      localStorage.removeItem(key)
    } catch {
      // see setItem
    }
  },
}

export const cookieConsentAtom = atomWithStorage<CookieConsent | null>(COOKIE_CONSENT_KEY, null, consentStorage, { getOnInit: true })

const noSubscription = () => () => {}

/** False in the worker and while React takes over a page it painted, true once the page is the browser's own. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

export function CookieBanner() {
  const [consent, setConsent] = useAtom(cookieConsentAtom)
  // The worker cannot know the choice: a page it painted gets the banner just after hydration.
  const hydrated = useHydrated()
  if (consent || !hydrated) return null
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

/**
 * Cloudflare Turnstile, the optional bot check of sign-in and sign-up. The script is fetched
 * only when GET /api/config names a site key (the operator has set TURNSTILE_SECRET); with no
 * key nothing loads and no token is asked for. The server verifies every token.
 */
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react'
import { t } from '../../i18n'
import { useSiteConfig } from '../../lib/images'

interface TurnstileApi {
  render(container: HTMLElement, options: { sitekey: string; action: string; theme: 'dark'; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void }): string
  reset(widgetId: string): void
  remove(widgetId: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
let scriptLoad: Promise<TurnstileApi> | undefined

function loadTurnstile(): Promise<TurnstileApi> {
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start')))
    script.onerror = () => {
      scriptLoad = undefined
      script.remove()
      reject(new Error('Turnstile could not be loaded'))
    }
    document.head.appendChild(script)
  })
  return scriptLoad
}

export interface BotCheck {
  /** True when the operator has turned the check on. */
  enabled: boolean
  /** The token to send, or undefined while the check is off or not yet passed. */
  token: string | undefined
  /** False while a required check has not produced a token. */
  ready: boolean
  /** Tokens are single-use: call after each submission. */
  reset: () => void
  widget: ReactElement | null
}

export function useBotCheck(action: 'login' | 'signup'): BotCheck {
  const siteKey = useSiteConfig()?.turnstileSiteKey ?? null
  const container = useRef<HTMLDivElement>(null)
  const widgetId = useRef<string | undefined>(undefined)
  const [token, setToken] = useState<string | undefined>(undefined)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!siteKey) return
    let cancelled = false
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !container.current) return
        widgetId.current = turnstile.render(container.current, {
          sitekey: siteKey,
          action,
          theme: 'dark',
          callback: (value) => setToken(value),
          'expired-callback': () => setToken(undefined),
          'error-callback': () => setFailed(true),
        })
      })
      .catch(() => !cancelled && setFailed(true))
    return () => {
      cancelled = true
      if (widgetId.current) window.turnstile?.remove(widgetId.current)
      widgetId.current = undefined
    }
  }, [siteKey, action])

  const reset = useCallback(() => {
    setToken(undefined)
    if (widgetId.current) window.turnstile?.reset(widgetId.current)
  }, [])

  const widget = siteKey ? (
    <div>
      <div ref={container} />
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {t('account.botCheckFailed')}
        </p>
      )}
    </div>
  ) : null

  return { enabled: !!siteKey, token, ready: !siteKey || !!token, reset, widget }
}

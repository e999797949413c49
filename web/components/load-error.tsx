/**
 * What a failed load shows instead of a blank page: a message and a Retry button. Offline it says
 * so instead; where the whole page failed (`whole`), with the pages the device can still open.
 */
import { useEffect, useState } from 'react'
import { t } from '../i18n'
import { retry } from '../lib/api-client'
import { useOnline } from '../lib/online'
import type { OfflineNotice as Notice } from './offline-notice'

export function LoadError({ message, onRetry, className = '', whole = false }: { message?: string; onRetry: () => void; className?: string; whole?: boolean }) {
  const online = useOnline()
  if (!online && whole) return <OfflinePage onRetry={onRetry} />
  return (
    <div role="alert" className={`mx-4 my-4 flex flex-col items-start gap-3 rounded-xl border border-red-500/30 bg-red-950/30 p-5 text-sm md:mx-8 sm:flex-row sm:items-center sm:justify-between ${className}`}>
      {online ? (
        <p className="text-red-100">{message ?? t('common.loadFailed')}</p>
      ) : (
        <div className="text-red-100">
          <p className="font-semibold">{t('common.offlineTitle')}</p>
          <p>{t('shell.checkConnection')}</p>
        </div>
      )}
      <button type="button" onClick={() => retry(onRetry)} className="shrink-0 rounded-lg bg-white px-4 py-2 font-semibold text-neutral-900 hover:bg-neutral-200">
        {t('common.retry')}
      </button>
    </div>
  )
}

/**
 * A page that could not load offline: the offline notice with the pages kept on this device. Its
 * code is not part of the first load; the service worker's registration fetches it ahead
 * (lib/register-service-worker.ts), so it is at hand offline, and without it the words alone say so.
 */
export function OfflinePage({ onRetry, heading = 'h2' }: { onRetry: () => void; heading?: 'h1' | 'h2' }) {
  const [OfflineNotice, setOfflineNotice] = useState<typeof Notice | null>(null)
  useEffect(() => {
    import('./offline-notice').then(
      (m) => setOfflineNotice(() => m.OfflineNotice),
      () => undefined,
    )
  }, [])
  if (OfflineNotice) return <OfflineNotice onRetry={onRetry} heading={heading} />
  return <LoadError onRetry={onRetry} />
}

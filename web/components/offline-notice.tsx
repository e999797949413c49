/**
 * What a page says when it cannot load because the device is offline: that it is offline, the
 * pages kept on this device that still open (as full loads, so the service worker answers them
 * with their data), and Retry, for when the connection is back.
 */
import type { ReactNode } from 'react'
import { retry } from '../lib/api-client'
import { t } from '../i18n'
import { useSavedPages } from '../lib/saved-pages'

export function OfflineNotice({ onRetry, heading = 'h2' }: { onRetry: () => void; heading?: 'h1' | 'h2' }) {
  const pages = useSavedPages()
  const Heading = heading
  let saved: ReactNode = null
  if (pages && pages.length > 0) {
    saved = (
      <>
        <p className="text-neutral-300">{t('common.offlineSavedPages')}</p>
        <ul className="space-y-1" data-testid="saved-pages">
          {pages.map((page) => (
            <li key={page.href}>
              <a href={page.href} className="font-semibold text-brand-400 underline-offset-2 hover:underline" data-catalog="">
                {page.title}
              </a>
            </li>
          ))}
        </ul>
      </>
    )
  } else if (pages) {
    saved = <p className="text-neutral-300">{t('common.offlineNothingSaved')}</p>
  }
  return (
    <div role="alert" className="mx-4 my-6 max-w-2xl space-y-3 rounded-xl border border-neutral-700 bg-neutral-900 p-6 md:mx-8">
      <Heading className="text-xl font-bold">{t('common.offlineTitle')}</Heading>
      {saved}
      <button type="button" onClick={() => retry(onRetry)} className="rounded-lg bg-white px-4 py-2 font-semibold text-neutral-900 hover:bg-neutral-200">
        {t('common.retry')}
      </button>
    </div>
  )
}

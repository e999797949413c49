/** What a failed load shows instead of a blank page: a message and a Retry button. */
import { t } from '../i18n'

export function LoadError({ message, onRetry, className = '' }: { message?: string; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={`mx-4 my-4 flex flex-col items-start gap-3 rounded-xl border border-red-500/30 bg-red-950/30 p-5 text-sm md:mx-8 sm:flex-row sm:items-center sm:justify-between ${className}`}>
      <p className="text-red-100">{message ?? t('common.loadFailed')}</p>
      <button type="button" onClick={onRetry} className="shrink-0 rounded-lg bg-white px-4 py-2 font-semibold text-neutral-900 hover:bg-neutral-200">
        {t('common.retry')}
      </button>
    </div>
  )
}

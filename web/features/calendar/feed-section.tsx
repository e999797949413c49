/**
 * The calendar page's private iCal feed: its address with a copy button, a new address on demand
 * (the old one stops working) and a way to turn it off. The address is the only key to the feed,
 * so the page says to keep it private.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'

interface FeedAnswer {
  url: string | null
  created_at: string | null
}

const feedKey = ['calendar-feed'] as const

const buttonClass = 'rounded-lg border border-neutral-600 px-4 py-2 text-sm font-semibold text-neutral-100 hover:bg-neutral-800 disabled:opacity-60'

export function FeedSection({ timeZone }: { timeZone: string }) {
  const client = useQueryClient()
  const toast = useToast()
  const addressId = useId()
  const feed = useQuery({ queryKey: feedKey, queryFn: () => readJson<FeedAnswer>(api.me.calendar.feed.$get()) })
  const renew = useMutation({
    mutationFn: () => readJson<FeedAnswer>(api.me.calendar.feed.$post({ json: { tz: timeZone } })),
    onSuccess: (answer) => {
      const had = !!feed.data?.url
      client.setQueryData(feedKey, answer)
      if (had) toast(t('account.calendarFeedRenewed'), 'success')
    },
    onError: () => toast(t('account.calendarFeedFailed'), 'error'),
  })
  const revoke = useMutation({
    mutationFn: () => readJson<FeedAnswer>(api.me.calendar.feed.$delete()),
    onSuccess: (answer) => {
      client.setQueryData(feedKey, answer)
      toast(t('account.calendarFeedRevoked'), 'success')
    },
    onError: () => toast(t('account.calendarFeedFailed'), 'error'),
  })
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      toast(t('account.calendarFeedCopied'), 'success')
    } catch {
      toast(t('account.calendarFeedCopyFailed'), 'error')
    }
  }

  const url = feed.data?.url ?? null
  const busy = renew.isPending || revoke.isPending
  return (
    <section aria-labelledby="calendar-feed" className="space-y-3 rounded-xl border border-neutral-800 bg-neutral-900/60 p-4 md:p-5">
      <h2 id="calendar-feed" className="text-lg font-semibold">{t('account.calendarFeedHeading')}</h2>
      <p className="text-sm text-neutral-300">{t('account.calendarFeedIntro')}</p>
      {feed.isPending ? (
        <p role="status" className="text-sm text-neutral-400">{t('common.loadingDots')}</p>
      ) : url ? (
        <>
          <label htmlFor={addressId} className="block text-sm font-medium text-neutral-200">
            {t('account.calendarFeedAddress')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={addressId}
              readOnly
              value={url}
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 font-mono text-xs text-neutral-100"
            />
            <button type="button" onClick={() => void copy(url)} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500">
              {t('account.calendarFeedCopy')}
            </button>
          </div>
          <p className="text-xs text-neutral-400">{t('account.calendarFeedRenewNote')}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" disabled={busy} onClick={() => renew.mutate()} className={buttonClass}>
              {t('account.calendarFeedRenew')}
            </button>
            <button type="button" disabled={busy} onClick={() => revoke.mutate()} className={buttonClass}>
              {t('account.calendarFeedRevoke')}
            </button>
          </div>
        </>
      ) : (
        <button type="button" disabled={busy || feed.isError} onClick={() => renew.mutate()} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60">
          {t('account.calendarFeedCreate')}
        </button>
      )}
    </section>
  )
}

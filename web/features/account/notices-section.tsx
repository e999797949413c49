/**
 * New-episode notices on the profile: "Notify me on this device" subscribes this browser to Web
 * Push (the service worker shows each notice and opens its page), and quiet hours keep notices
 * back overnight, counted in this browser's time zone. Says plainly when the site has notices off,
 * when the browser cannot show them and when the visitor has blocked them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Button } from '../../components/button'
import { useToast } from '../../components/toast'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { currentSubscription, type NoticesAnswer, pushSupport, quietHours, subscribeThisBrowser, unsubscribeThisBrowser } from './push-client'
import { AccountSection } from './account-section'

const noticesKey = ['me', 'notices'] as const

let zone: string | undefined
/**
 * This browser's time zone, asked of Intl once: the first date formatter loads its locale's data,
 * the costliest call a render of this section could make.
 */
function browserZone(): string {
  if (zone) return zone
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    zone = 'UTC'
  }
  return zone
}

/** The time zone, known from a task of its own after the section is drawn (it is only shown below the form). */
function useBrowserZone(): string | null {
  const [known, setKnown] = useState(zone ?? null)
  useEffect(() => {
    if (known) return
    const timer = setTimeout(() => setKnown(browserZone()), 0)
    return () => clearTimeout(timer)
  }, [known])
  return known
}

export function NoticesSection() {
  const client = useQueryClient()
  const toast = useToast()
  const ids = { quiet: useId(), from: useId(), to: useId() }
  const notices = useQuery({ queryKey: noticesKey, queryFn: () => readJson<NoticesAnswer>(api.me.notices.$get()) })
  const [support, setSupport] = useState<ReturnType<typeof pushSupport> | null>(null)
  const [subscribed, setSubscribed] = useState<boolean | null>(null)
  const [quietOn, setQuietOn] = useState(false)
  const [from, setFrom] = useState('22:00')
  const [to, setTo] = useState('07:00')
  const shownZone = useBrowserZone()

  useEffect(() => {
    setSupport(pushSupport())
    void currentSubscription().then((s) => setSubscribed(!!s), () => setSubscribed(false))
  }, [])
  const saved = notices.data?.quietHours
  useEffect(() => {
    setQuietOn(!!saved)
    if (saved) {
      setFrom(saved.start)
      setTo(saved.end)
    }
  }, [saved?.start, saved?.end])

  const toggle = useMutation({
    mutationFn: async (on: boolean) => (on ? subscribeThisBrowser(notices.data?.publicKey ?? '', browserZone()) : unsubscribeThisBrowser()),
    onSuccess: (answer, on) => {
      if (answer) client.setQueryData(noticesKey, answer)
      setSupport(pushSupport())
      if (on && !answer) {
        toast(t('account.noticesBlocked'), 'error')
        return
      }
      setSubscribed(on)
      toast(on ? t('account.noticesOn') : t('account.noticesOff'), 'success')
    },
    onError: () => toast(t('account.noticesFailed'), 'error'),
  })
  const saveQuiet = useMutation({
    mutationFn: (hours: { start: string; end: string } | null) => readJson<NoticesAnswer>(api.me.notices.$put({ json: { timeZone: browserZone(), quietHours: hours } })),
    onSuccess: (answer) => {
      client.setQueryData(noticesKey, answer)
      toast(t('account.quietHoursSaved'), 'success')
    },
    onError: () => toast(t('account.noticesFailed'), 'error'),
  })

  const data = notices.data
  const hours = quietHours(from, to)
  let status: string | null = null
  if (data && !data.available) status = t('account.noticesUnavailable')
  else if (support === 'unsupported') status = t('account.noticesUnsupported')
  else if (support === 'blocked') status = t('account.noticesBlocked')

  return (
    <AccountSection id="notices-title" title={t('account.noticesTitle')} intro={t('account.noticesText')}>
      <div className="mt-4 space-y-4">
        {notices.isPending || support === null ? (
          <p role="status" className="text-sm text-neutral-400">{t('common.loadingDots')}</p>
        ) : notices.isError ? (
          <p role="alert" className="text-sm text-red-300">{t('account.noticesLoadFailed')}</p>
        ) : (
          <>
            {status && <p className="text-sm text-amber-200">{status}</p>}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant={subscribed ? 'secondary' : 'primary'}
                aria-pressed={!!subscribed}
                disabled={!!status || subscribed === null}
                busy={toggle.isPending}
                busyLabel={t('common.loadingDots')}
                onClick={() => toggle.mutate(!subscribed)}
              >
                {subscribed ? t('account.noticesStop') : t('account.noticesStart')}
              </Button>
              {data && data.subscriptions > 0 && <span className="text-sm text-neutral-400">{t('account.noticesDevices', { count: data.subscriptions })}</span>}
            </div>
            <form
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault()
                saveQuiet.mutate(quietOn ? hours : null)
              }}
            >
              <div className="flex items-center gap-2">
                <input id={ids.quiet} type="checkbox" checked={quietOn} onChange={(e) => setQuietOn(e.target.checked)} className="h-4 w-4 accent-brand-600" />
                <label htmlFor={ids.quiet} className="text-sm font-medium">{t('account.quietHours')}</label>
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor={ids.from} className="text-xs text-neutral-400">{t('account.quietFrom')}</label>
                  <input id={ids.from} type="time" value={from} disabled={!quietOn} onChange={(e) => setFrom(e.target.value)} className="rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm disabled:opacity-50" />
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={ids.to} className="text-xs text-neutral-400">{t('account.quietTo')}</label>
                  <input id={ids.to} type="time" value={to} disabled={!quietOn} onChange={(e) => setTo(e.target.value)} className="rounded-lg border border-neutral-700 bg-neutral-950 px-3 py-2 text-sm disabled:opacity-50" />
                </div>
                <Button type="submit" variant="secondary" disabled={quietOn && !hours} busy={saveQuiet.isPending} busyLabel={t('common.loadingDots')}>
                  {t('account.quietSave')}
                </Button>
              </div>
              {shownZone && (
                <p className="text-xs text-neutral-400" data-catalog-text={shownZone}>
                  {t('account.quietZone', { zone: shownZone })}
                </p>
              )}
            </form>
          </>
        )}
      </div>
    </AccountSection>
  )
}

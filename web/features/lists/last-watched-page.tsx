/**
 * /last-watched (SPEC.md section 2, Watch history page): the 50 most recent titles with their
 * status, how far the viewer got (a bar on the poster, 'Continue watching' and the time left) and
 * a confirmed Clear History. A visitor
 * sees the access-restricted view with only Go Back (SPEC.md section 6).
 */
import { AccessDenied } from '../../components/access-denied'
import { LoadError } from '../../components/load-error'
import { PageHeading } from '../../components/page-heading'
import { useToast } from '../../components/toast'
import { ApiError } from '../../lib/api-client'
import { currentLocale, t, type MessageId } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { useClearHistory, useHistoryEntries, type HistoryItem, type HistoryStatus } from './api'
import { ListCard, listGridClass } from './list-card'
import { Button } from '../../components/button'
import { progressOf, ProgressBar, ProgressFacts } from '../../components/watch-progress'

const statusBadge: Record<HistoryStatus, { label: MessageId; className: string }> = {
  Completed: { label: 'lists.statusCompleted', className: 'bg-emerald-700 text-white' },
  'In Progress': { label: 'lists.statusInProgress', className: 'bg-amber-400 text-neutral-950' },
  Started: { label: 'lists.statusStarted', className: 'bg-neutral-200 text-neutral-900' },
}

function watchedOn(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric' })
}

function Progress({ entry }: { entry: HistoryItem }) {
  if (!progressOf(entry)) return null
  return (
    <div className="mt-2">
      <p className="text-xs font-medium text-neutral-200">{t('lists.continueWatching')}</p>
      <ProgressFacts entry={entry} withEpisode={false} />
    </div>
  )
}

export function Component() {
  const session = useSession()
  const entries = useHistoryEntries(!!session)
  const clear = useClearHistory()
  const toast = useToast()

  if (session === null) return <AccessDenied variant="login-required" subheading={t('lists.historyLogin')} showHome={false} />

  const onClear = () => {
    if (!window.confirm(t('lists.clearHistoryConfirm'))) return
    clear.mutate(undefined, {
      onSuccess: () => toast(t('lists.historyCleared'), 'success'),
      onError: () => toast(t('lists.historyClearFailed'), 'error'),
    })
  }

  const list = entries.data ?? []
  return (
    <div className="pb-10">
      <PageHeading title={t('lists.lastWatchedTitle')}>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-neutral-400">{t('lists.lastWatchedIntro')}</p>
          {list.length > 0 && (
            <Button variant="danger" onClick={onClear} busy={clear.isPending} busyLabel={t('lists.clearing')}>
              {t('lists.clearHistory')}
            </Button>
          )}
        </div>
      </PageHeading>
      <div className="px-4 md:px-8">
        {session === undefined || entries.isPending ? (
          <p role="status" className="py-10 text-neutral-400">{t('lists.loading')}</p>
        ) : entries.error instanceof ApiError && entries.error.status === 403 ? (
          // Signed in, but the server will not show this account's list: SPEC.md's default Access Denied.
          <AccessDenied />
        ) : entries.isError ? (
          <LoadError message={t('lists.historyLoadFailed')} onRetry={() => void entries.refetch()} className="!mx-0" />
        ) : list.length === 0 ? (
          <p className="py-10 text-neutral-400">{t('lists.historyEmpty')}</p>
        ) : (
          <ul className={listGridClass}>
            {list.map((entry) => (
              <li key={`${entry.content_type}-${entry.content_id}`}>
                <ListCard
                  type={entry.content_type}
                  id={entry.content_id}
                  title={entry.title}
                  posterPath={entry.poster_path}
                  to={entry.content_type === 'tv' && entry.season_number != null && entry.episode_number != null ? paths.episode(entry.content_id, entry.season_number, entry.episode_number) : undefined}
                  badge={
                    <>
                      <span className={`absolute start-1.5 top-1.5 rounded px-1.5 py-0.5 text-[11px] font-bold ${statusBadge[entry.status].className}`}>{t(statusBadge[entry.status].label)}</span>
                      <ProgressBar entry={entry} />
                    </>
                  }
                >
                  {entry.content_type === 'tv' && entry.season_number != null && entry.episode_number != null && (
                    <p className="text-xs text-neutral-300">{t('lists.seasonEpisode', { season: entry.season_number, episode: entry.episode_number })}</p>
                  )}
                  <p className="text-xs text-neutral-400">{t('lists.watchedOn', { date: watchedOn(entry.watched_at) })}</p>
                  <Progress entry={entry} />
                </ListCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

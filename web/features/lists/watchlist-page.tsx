/**
 * /watchlist (SPEC.md section 2, Watchlist page): the signed-in account's saved titles in a grid
 * of 2 to 5 columns, each with a remove button and, once started, how far the viewer got; the
 * empty state points to /movies. A visitor sees
 * the access-restricted view with only Go Back (SPEC.md section 6).
 */
import { Link } from 'react-router-dom'
import { AccessDenied } from '../../components/access-denied'
import { CloseIcon } from '../../components/icons'
import { LoadError } from '../../components/load-error'
import { PageHeading } from '../../components/page-heading'
import { useToast } from '../../components/toast'
import { ApiError } from '../../lib/api-client'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useSession } from '../../lib/session'
import { ProgressBar, ProgressFacts } from '../../components/watch-progress'
import { useContinueWatching } from '../../lib/continue-watching'
import { useRemoveFromWatchlist, useWatchlistEntries } from './api'
import { ListCard, listGridClass } from './list-card'

export function Component() {
  const session = useSession()
  const entries = useWatchlistEntries(!!session)
  const remove = useRemoveFromWatchlist()
  // how far the viewer got in the saved titles they have started
  const started = new Map((useContinueWatching(session).data ?? []).map((e) => [`${e.content_type}-${e.content_id}`, e]))
  const toast = useToast()

  if (session === null) return <AccessDenied variant="login-required" subheading={t('lists.watchlistLogin')} showHome={false} />

  const onRemove = (content_type: 'movie' | 'tv', content_id: number) =>
    remove.mutate(
      { content_type, content_id },
      {
        onSuccess: () => toast(t('lists.removed'), 'success'),
        onError: () => toast(t('lists.removeFailed'), 'error'),
      },
    )

  const list = entries.data ?? []
  return (
    <div className="pb-10">
      <PageHeading title={t('lists.watchlistTitle')}>
        {list.length > 0 && <p className="mt-1 text-sm text-neutral-400">{t('lists.titleCount', { count: list.length })}</p>}
      </PageHeading>
      <div className="px-4 md:px-8">
        {session === undefined || entries.isPending ? (
          <p role="status" className="py-10 text-neutral-400">{t('lists.loading')}</p>
        ) : entries.error instanceof ApiError && entries.error.status === 403 ? (
          // Signed in, but the server will not show this account's list: SPEC.md's default Access Denied.
          <AccessDenied />
        ) : entries.isError ? (
          <LoadError message={t('lists.watchlistLoadFailed')} onRetry={() => void entries.refetch()} className="!mx-0" />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-start gap-3 py-10">
            <p className="text-lg font-semibold">{t('lists.watchlistEmpty')}</p>
            <p className="text-neutral-400">{t('lists.watchlistEmptyText')}</p>
            <Link to={paths.movies()} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
              {t('lists.browseMovies')}
            </Link>
          </div>
        ) : (
          <ul className={listGridClass}>
            {list.map((entry) => {
              const progress = started.get(`${entry.content_type}-${entry.content_id}`)
              const busy = remove.isPending && remove.variables?.content_id === entry.content_id && remove.variables.content_type === entry.content_type
              return (
                <li key={`${entry.content_type}-${entry.content_id}`}>
                  <ListCard type={entry.content_type} id={entry.content_id} title={entry.title} posterPath={entry.poster_path} badge={progress && <ProgressBar entry={progress} />}>
                    {progress && <ProgressFacts entry={progress} />}
                    <button
                      type="button"
                      onClick={() => onRemove(entry.content_type, entry.content_id)}
                      disabled={busy}
                      aria-label={t('lists.removeTitle', { title: entry.title })}
                      className="mt-2 inline-flex items-center justify-center gap-1.5 rounded-lg border border-neutral-700 px-3 py-1.5 text-xs font-semibold text-neutral-200 hover:border-red-500 hover:text-red-300 disabled:opacity-60"
                    >
                      <CloseIcon width={14} height={14} />
                      {busy ? t('lists.removing') : t('lists.remove')}
                    </button>
                  </ListCard>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </div>
  )
}

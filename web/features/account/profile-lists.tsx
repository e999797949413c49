/**
 * My Watchlist and Last Watched on the profile page: poster cards with the title and its kind
 * (and when it was watched), each opening the title's page; then every play (play-history.tsx). Load failures stay quiet here and
 * show as an empty list, as SPEC.md section 8 asks for the profile page.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { currentLocale, t } from '../../i18n'
import { PosterFrame, YourRatingSlot } from '../../components/poster-card'
import { paths } from '../../lib/paths'
import { useMyWatchlist, useRecentHistory } from '../../lib/my-lists'
import { AccountSection } from './account-section'
import { PlayHistory } from './play-history'

interface CardItem {
  content_id: number
  content_type: 'movie' | 'tv'
  title: string
  poster_path: string | null
}

function formatWatched(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric' })
}

function ListCard({ item, watchedAt }: { item: CardItem; watchedAt?: string }) {
  return (
    <Link to={paths.title(item.content_type, item.content_id)} className="group block">
      <PosterFrame path={item.poster_path}>
        <YourRatingSlot type={item.content_type} id={item.content_id} badge />
      </PosterFrame>
      <p className="mt-1.5 truncate text-sm font-medium text-neutral-100">{item.title}</p>
      <p className="text-xs text-neutral-400">
        {item.content_type === 'movie' ? t('account.kindMovie') : t('account.kindTv')}
        {watchedAt && (
          <>
            {' · '}
            <time dateTime={watchedAt}>{formatWatched(watchedAt)}</time>
          </>
        )}
      </p>
    </Link>
  )
}

function Grid({ children }: { children: ReactNode }) {
  return <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">{children}</ul>
}

function Note({ text, busy = false }: { text: string; busy?: boolean }) {
  return (
    <p className="mt-3 text-neutral-400" role={busy ? 'status' : undefined}>
      {text}
    </p>
  )
}

export function ProfileLists() {
  const watchlist = useMyWatchlist(true, 0)
  const history = useRecentHistory(true, 0)
  const saved = watchlist.data ?? []
  const watched = history.data ?? []
  return (
    <>
      <AccountSection id="profile-watchlist-title" title={t('account.myWatchlist')}>
        {watchlist.isPending ? (
          <Note text={t('account.loadingWatchlist')} busy />
        ) : saved.length === 0 ? (
          <Note text={t('account.emptyWatchlist')} />
        ) : (
          <Grid>
            {saved.map((item) => (
              <li key={`${item.content_type}-${item.content_id}`}>
                <ListCard item={item} />
              </li>
            ))}
          </Grid>
        )}
      </AccountSection>
      <AccountSection id="profile-history-title" title={t('account.lastWatched')}>
        {history.isPending ? (
          <Note text={t('account.loadingHistory')} busy />
        ) : watched.length === 0 ? (
          <Note text={t('account.emptyHistory')} />
        ) : (
          <Grid>
            {watched.map((item) => (
              <li key={`${item.content_type}-${item.content_id}`}>
                <ListCard item={item} watchedAt={item.watched_at} />
              </li>
            ))}
          </Grid>
        )}
      </AccountSection>
      <PlayHistory />
    </>
  )
}

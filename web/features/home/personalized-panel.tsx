/**
 * The rows of 'Personalized for You' on / for a signed-in account: Watchlist, Recently Watched,
 * and Recommended (titles like the latest one) while the viewer has no "Because you watched" rows
 * higher up. The panel around them is the home page's, so it holds its place while these load.
 */
import { Link } from 'react-router-dom'
import type { WatchHistoryEntry, WatchlistEntry } from '../../../drizzle/schema'
import type { PosterItem } from '../../components/poster-card'
import { PosterRow } from '../../components/poster-row'
import { PosterRowSkeleton } from '../../components/skeletons'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useMyWatchlist, useRecentHistory } from '../../lib/my-lists'
import { useSimilar } from './api/use-personal'
import { useRecommendations } from './api/use-recommendations'

function toPosterItem(entry: WatchlistEntry | WatchHistoryEntry): PosterItem {
  return { id: entry.content_id, media_type: entry.content_type, title: entry.title, poster_path: entry.poster_path }
}

export function PersonalizedRows() {
  const watchlist = useMyWatchlist(true, 30_000)
  const history = useRecentHistory(true, 30_000)
  const latest = history.data?.[0] ?? watchlist.data?.[0]
  const similar = useSimilar(latest ? { type: latest.content_type, id: latest.content_id } : null)
  const because = useRecommendations()

  const saved = watchlist.data ?? []
  const watched = history.data ?? []
  const recommended = because.data?.length ? [] : (similar.data?.results ?? [])
  const loading = watchlist.isPending || history.isPending
  const nothingYet = !loading && saved.length === 0 && watched.length === 0

  if (loading) return <PosterRowSkeleton count={6} />
  if (nothingYet) {
    return (
      <p className="px-4 py-4 text-neutral-400 md:px-6">
        {t('home.personalizedEmpty')}{' '}
        <Link to={paths.movies()} className="text-brand-400 underline">{t('home.browseMovies')}</Link>
      </p>
    )
  }
  return (
    <>
      <PosterRow title={t('home.watchlist')} id="personal-watchlist" items={saved.map(toPosterItem)} />
      <PosterRow title={t('home.recentlyWatched')} id="personal-history" items={watched.map(toPosterItem)} />
      <PosterRow title={t('home.recommended')} id="personal-recommended" items={recommended} />
    </>
  )
}

/** 'Personalized for You' on / for a signed-in account: Watchlist, Recently Watched, Recommended. */
import { Link } from 'react-router-dom'
import type { WatchHistoryEntry, WatchlistEntry } from '../../../drizzle/schema'
import type { PosterItem } from '../../components/poster-card'
import { PosterRow } from '../../components/poster-row'
import { PosterRowSkeleton } from '../../components/skeletons'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useMyWatchlist, useRecentHistory } from '../../lib/my-lists'
import { useSimilar } from './api/use-personal'

function toPosterItem(entry: WatchlistEntry | WatchHistoryEntry): PosterItem {
  return { id: entry.content_id, media_type: entry.content_type, title: entry.title, poster_path: entry.poster_path }
}

export function PersonalizedPanel() {
  const watchlist = useMyWatchlist(true, 30_000)
  const history = useRecentHistory(true, 30_000)
  const latest = history.data?.[0] ?? watchlist.data?.[0]
  const similar = useSimilar(latest ? { type: latest.content_type, id: latest.content_id } : null)

  const saved = watchlist.data ?? []
  const watched = history.data ?? []
  const recommended = similar.data?.results ?? []
  const loading = watchlist.isPending || history.isPending
  const nothingYet = !loading && saved.length === 0 && watched.length === 0

  return (
    <section aria-labelledby="personal-heading" className="mx-2 my-4 rounded-2xl border border-neutral-800 bg-gradient-to-b from-neutral-900 to-neutral-950 py-3 md:mx-6">
      <h2 id="personal-heading" className="px-4 pt-2 text-xl font-bold md:px-6 md:text-2xl">{t('home.personalized')}</h2>
      {loading ? (
        <PosterRowSkeleton count={6} />
      ) : nothingYet ? (
        <p className="px-4 py-4 text-neutral-400 md:px-6">
          {t('home.personalizedEmpty')}{' '}
          <Link to={paths.movies()} className="text-brand-400 underline">{t('home.browseMovies')}</Link>
        </p>
      ) : (
        <>
          <PosterRow title={t('home.watchlist')} id="personal-watchlist" items={saved.map(toPosterItem)} />
          <PosterRow title={t('home.recentlyWatched')} id="personal-history" items={watched.map(toPosterItem)} />
          <PosterRow title={t('home.recommended')} id="personal-recommended" items={recommended} />
        </>
      )}
    </section>
  )
}

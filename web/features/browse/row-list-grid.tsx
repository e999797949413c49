/**
 * /browse/{list} (drawn by browse-all-page.tsx, whose chunk it shares): a fixed list's every title (trending, now playing, coming soon, on the air...)
 * as an infinite poster grid, where a row of that list leads with "See all". A name no list has
 * says there is no such page.
 */
import { useCallback } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { ListItem, Paged } from '../../../worker/catalog/types'
import { HideWatchedSwitch } from '../../components/hide-watched-switch'
import { PosterGrid } from '../../components/poster-grid'
import { PageHeading } from '../../components/page-heading'
import { t, type MessageId } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { catalogKeys } from '../../lib/catalog'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'

const LISTS = {
  'trending-all': 'grids.listTrendingAll',
  'trending-movie': 'grids.listTrendingMovie',
  'trending-tv': 'grids.listTrendingTv',
  'movie-popular': 'grids.listMoviePopular',
  'movie-top-rated': 'grids.listMovieTopRated',
  'movie-now-playing': 'grids.listMovieNowPlaying',
  'movie-upcoming': 'grids.listMovieUpcoming',
  'tv-popular': 'grids.listTvPopular',
  'tv-top-rated': 'grids.listTvTopRated',
  'tv-on-the-air': 'grids.listTvOnTheAir',
  'tv-airing-today': 'grids.listTvAiringToday',
} as const satisfies Record<string, MessageId>
type ListName = keyof typeof LISTS

export function RowListGrid() {
  const { list = '' } = useParams()
  const known = list in LISTS ? (list as ListName) : null
  const title = known ? t(LISTS[known]) : undefined
  useDocumentMeta(title, title ? t('grids.listDescription', { list: title }) : undefined)
  const fetchPage = useCallback(
    (page: number) => readJson<Paged<ListItem>>(api.catalog.lists[':list'].$get({ param: { list: known ?? 'trending-all' }, query: { page: String(page) } })),
    [known],
  )
  if (!known || !title) {
    return (
      <div>
        <PageHeading title={t('shell.notFoundTitle')} />
        <p className="px-4 text-neutral-400 md:px-8">
          {t('shell.notFoundText')} <Link className="text-brand-400 underline" to={paths.home()}>{t('common.goToHome')}</Link>
        </p>
      </div>
    )
  }
  return (
    <div className="px-4 pt-6 pb-8 md:px-8">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        <HideWatchedSwitch />
      </div>
      <PosterGrid queryKey={catalogKeys.list('row', known)} fetchPage={fetchPage} label={title} />
    </div>
  )
}

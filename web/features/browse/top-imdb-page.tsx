/** /top-imdb: the top rated movies or TV shows (at least 1000 votes), as an infinite poster grid. */
import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { ListItem, Paged } from '../../../worker/catalog/types'
import { HideWatchedSwitch } from '../../components/hide-watched-switch'
import { PosterGrid } from '../../components/poster-grid'
import { api, readJson } from '../../lib/api-client'
import { t, type MessageId } from '../../i18n'
import { catalogKeys } from '../../lib/catalog'
import { useDocumentMeta } from '../../lib/use-document-meta'

const kinds: ReadonlyArray<{ type: 'movie' | 'tv'; label: MessageId }> = [
  { type: 'movie', label: 'browse.kindMovies' },
  { type: 'tv', label: 'browse.kindTvShows' },
]

export function Component() {
  const [params, setParams] = useSearchParams()
  const type = params.get('type') === 'tv' ? 'tv' : 'movie'
  useDocumentMeta(t('browse.topImdbTitle'), t('browse.topImdbDescription'))
  const fetchPage = useCallback(
    (page: number) => readJson<Paged<ListItem>>(api.catalog['top-rated'][':type'].$get({ param: { type }, query: { page: String(page) } })),
    [type],
  )

  return (
    <div className="px-4 pt-6 pb-8 md:px-8">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">{t('browse.topImdbTitle')}</h1>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <HideWatchedSwitch />
          <div role="group" aria-label={t('browse.mediaType')} className="inline-flex rounded-lg border border-neutral-700 bg-neutral-900 p-1">
            {kinds.map((k) => (
              <button
                key={k.type}
                type="button"
                aria-pressed={type === k.type}
                onClick={() => setParams(k.type === 'movie' ? {} : { type: k.type }, { replace: true })}
                className={`rounded-md px-4 py-1.5 text-sm font-semibold ${type === k.type ? 'bg-brand-600 text-white' : 'text-neutral-300 hover:text-white'}`}
              >
                {t(k.label)}
              </button>
            ))}
          </div>
        </div>
      </div>
      <PosterGrid key={type} queryKey={catalogKeys.list('top-rated', type)} fetchPage={fetchPage} label={type === 'movie' ? t('browse.topRatedMovies') : t('browse.topRatedTvShows')} />
    </div>
  )
}

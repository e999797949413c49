/** /top-imdb: the top rated movies or TV shows (at least 1000 votes), as an infinite poster grid. */
import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { ListItem, Paged } from '../../../worker/catalog/types'
import { PosterGrid } from '../../components/poster-grid'
import { api, readJson } from '../../lib/api-client'
import { catalogKeys } from '../../lib/catalog'
import { useDocumentMeta } from '../../lib/use-document-meta'

const kinds = [
  { type: 'movie', label: 'Movies' },
  { type: 'tv', label: 'TV Shows' },
] as const

export function Component() {
  const [params, setParams] = useSearchParams()
  const type = params.get('type') === 'tv' ? 'tv' : 'movie'
  useDocumentMeta('Top IMDB', 'The highest rated movies and TV shows, each with at least 1000 votes, sorted by rating.')
  const fetchPage = useCallback(
    (page: number) => readJson<Paged<ListItem>>(api.catalog['top-rated'][':type'].$get({ param: { type }, query: { page: String(page) } })),
    [type],
  )

  return (
    <div className="px-4 pt-6 pb-8 md:px-8">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">Top IMDB</h1>
        <div role="group" aria-label="Media type" className="inline-flex rounded-lg border border-neutral-700 bg-neutral-900 p-1">
          {kinds.map((k) => (
            <button
              key={k.type}
              type="button"
              aria-pressed={type === k.type}
              onClick={() => setParams(k.type === 'movie' ? {} : { type: k.type }, { replace: true })}
              className={`rounded-md px-4 py-1.5 text-sm font-semibold ${type === k.type ? 'bg-brand-600 text-white' : 'text-neutral-300 hover:text-white'}`}
            >
              {k.label}
            </button>
          ))}
        </div>
      </div>
      <PosterGrid key={type} queryKey={catalogKeys.list('top-rated', type)} fetchPage={fetchPage} label={type === 'movie' ? 'Top rated movies' : 'Top rated TV shows'} />
    </div>
  )
}

/**
 * The shared poster grid (SPEC.md section 2): 2/3/4/6/8/10 columns by width, 24 more titles each
 * time the sentinel under the grid comes 10% into view, each title once, and a clear end.
 * Server pages are fetched as the revealed count needs them (TanStack useInfiniteQuery).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { ListItem, Paged } from '../../worker/catalog/types'
import { t } from '../i18n'
import { uniqueItems } from '../lib/catalog'
import { useInView } from '../lib/use-in-view'
import { LoadError } from './load-error'
import { PosterCard } from './poster-card'
import { PosterCardSkeleton, PosterGridSkeleton, posterGridClass } from './skeletons'

export const GRID_STEP = 24

export interface PosterGridProps {
  queryKey: readonly unknown[]
  fetchPage: (page: number) => Promise<Paged<ListItem>>
  /** Accessible name of the list, e.g. 'Top rated movies'. */
  label: string
  /** Catalogue data inside `label` (a searched term, a title's first letter), for the tests' pseudo-locale walk. */
  labelData?: string
  renderItem?: (item: ListItem) => ReactNode
  /** What an empty list says ('No titles found.' unless given); '' says nothing. */
  emptyText?: string
  gridClassName?: string
  /** Cache and retry policy when a list needs its own (search: 5 minutes, 2 retries 1 s apart). */
  queryOptions?: { staleTime?: number; retry?: number; retryDelay?: number }
}

/** The grid's query, for a page that also reads what the grid shows (e.g. 'Found N results' from its first page). */
export function posterGridQuery({ queryKey, fetchPage, queryOptions }: Pick<PosterGridProps, 'queryKey' | 'fetchPage' | 'queryOptions'>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<ListItem>) => (last.page < last.total_pages ? last.page + 1 : undefined),
    ...queryOptions,
  })
}

export function PosterGrid({ queryKey, fetchPage, label, labelData, renderItem, emptyText, gridClassName = posterGridClass, queryOptions }: PosterGridProps) {
  const query = useInfiniteQuery(posterGridQuery({ queryKey, fetchPage, queryOptions }))
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const items = uniqueItems(data?.pages)
  const [shown, setShown] = useState(GRID_STEP)
  const keyString = JSON.stringify(queryKey)
  const [lastKey, setLastKey] = useState(keyString)
  if (lastKey !== keyString) {
    setLastKey(keyString)
    setShown(GRID_STEP)
  }

  const sentinel = useRef<HTMLDivElement>(null)
  const inView = useInView(sentinel, { enabled: query.isSuccess })

  // While the sentinel is in view: reveal the next 24, or fetch the next server page when the
  // revealed count has outrun what arrived. Nothing is fetched ahead of the visitor, and a page
  // already on its way is never asked for again (cancelRefetch: false).
  useEffect(() => {
    if (!inView || query.isFetchNextPageError) return
    if (shown < items.length) setShown((s) => s + GRID_STEP)
    else if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false })
  }, [inView, shown, items.length, hasNextPage, isFetchingNextPage, fetchNextPage, query.isFetchNextPageError])

  if (query.isPending) {
    return (
      <div>
        <p role="status" className="mb-3 text-sm text-neutral-400">{t('common.loadingDots')}</p>
        <PosterGridSkeleton count={GRID_STEP} />
      </div>
    )
  }
  if (query.isError && !data) {
    return <LoadError className="!mx-0" message={t('cards.listLoadFailed')} onRetry={() => void query.refetch()} />
  }
  if (items.length === 0) {
    const empty = emptyText ?? t('cards.noTitles')
    return empty ? <p className="py-10 text-center text-neutral-400">{empty}</p> : null
  }

  const visible = items.slice(0, shown)
  const atEnd = !hasNextPage && shown >= items.length
  // Cards still on their way keep their place, so the grid does not jump when they arrive.
  const pending = hasNextPage && !query.isFetchNextPageError ? Math.max(0, shown - items.length) : 0
  return (
    <div>
      <ul aria-label={label} data-catalog-text={labelData} className={gridClassName}>
        {visible.map((item) => (
          <li key={`${item.media_type}-${item.id}`}>{renderItem ? renderItem(item) : <PosterCard item={item} />}</li>
        ))}
        {Array.from({ length: pending }, (_, i) => (
          <li key={`pending-${i}`} aria-hidden="true" data-pending="">
            <PosterCardSkeleton />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-4" />
      {query.isFetchNextPageError ? (
        <LoadError className="!mx-0" message={t('cards.moreLoadFailed')} onRetry={() => void fetchNextPage({ cancelRefetch: false })} />
      ) : atEnd ? (
        <p className="py-8 text-center text-sm text-neutral-400">{t('cards.endOfList', { count: items.length })}</p>
      ) : (
        <p role="status" className="py-6 text-center text-sm text-neutral-400">{isFetchingNextPage ? t('common.loadingDots') : ''}</p>
      )}
    </div>
  )
}

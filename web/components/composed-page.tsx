/**
 * A page made of a hero and rows from one GET /api/catalog/pages/:page answer, with skeletons of
 * the same size while it loads and a Retry when it fails. `children` goes between the hero and
 * the rows (filters, notes). Rows past the first draw their cards as the visitor comes near.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'
import type { PageComposition } from '../../worker/catalog/types'
import { t } from '../i18n'
import { HeroCarousel } from './hero-carousel'
import { LoadError } from './load-error'
import type { PosterItem } from './poster-card'
import { PosterRow } from './poster-row'
import { HeroSkeleton, PosterRowSkeleton } from './skeletons'

/** Rows drawn with the page; the others when the visitor comes near them (the first is on the first screen at any width). */
const EAGER_ROWS = 1

interface ComposedPageProps {
  query: UseQueryResult<PageComposition>
  heroLabel: string
  rowsLabel: string
  showHero?: boolean
  children?: ReactNode
  /**
   * Drawn after the first row: below the first screen at every width, so a part that grows as its
   * own data arrives (the signed-in panel) never pushes what the visitor is looking at.
   */
  afterFirstRow?: ReactNode
  /** Which cards carry the "on your services" mark. */
  onMyServices?: (item: PosterItem) => boolean
}

export function ComposedPage({ query, heroLabel, rowsLabel, showHero = true, children, afterFirstRow, onMyServices }: ComposedPageProps) {
  const { data } = query
  return (
    <>
      {showHero && (data ? <HeroCarousel items={data.hero} label={heroLabel} /> : query.isError ? null : <HeroSkeleton />)}
      {children}
      {query.isError && !data ? (
        <LoadError whole message={t('shell.pageLoadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-label={rowsLabel} role="region" aria-busy={query.isFetching} className="pb-6">
          {data ? (
            data.rows.map((row, index) => (
              <Fragment key={row.key}>
                <PosterRow
                  id={`row-${row.key}`}
                  title={row.title}
                  note={row.note}
                  items={row.items}
                  deferred={index >= EAGER_ROWS}
                  fromCatalogue
                  onMyServices={onMyServices}
                  seeAll={row.seeAll}
                />
                {index === 0 && afterFirstRow}
              </Fragment>
            ))
          ) : (
            <>
              <p role="status" className="sr-only">{t('common.loadingDots')}</p>
              {Array.from({ length: 4 }, (_, i) => (
                <PosterRowSkeleton key={i} />
              ))}
            </>
          )}
        </div>
      )}
    </>
  )
}

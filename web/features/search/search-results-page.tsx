/**
 * /search-results?q=: every movie and TV match of the term as an infinite grid with badge, poster,
 * title, year, rating and a two-line overview (the people the term names are on /search).
 */
import { useInfiniteQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { HideWatchedSwitch } from '../../components/hide-watched-switch'
import { ChevronLeftIcon, SearchIcon } from '../../components/icons'
import { PosterGrid, posterGridQuery } from '../../components/poster-grid'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { fetchSearchPage, searchKeys, searchQueryOptions } from './api/use-search'
import { SearchResultCard } from './search-result-card'
import { TERM_SLOT, TermSentence } from './term-sentence'


export function Component() {
  const [params] = useSearchParams()
  const term = (params.get('q') ?? '').trim()
  useDocumentMeta(term ? t('search.resultsDocumentTitle', { term }) : t('search.resultsTitle'), term ? t('search.resultsDescription', { term }) : t('search.description'))
  const fetchPage = useCallback((page: number) => fetchSearchPage(term, page), [term])
  // The grid's own query: the count is read from its first page as it renders, so a page painted
  // from the HTML says it too.
  const grid = { queryKey: searchKeys.all(term), fetchPage, queryOptions: searchQueryOptions }
  const first = useInfiniteQuery({ ...posterGridQuery(grid), enabled: term !== '' }).data?.pages[0]

  if (!term) {
    return (
      <div className="px-4 py-16 text-center md:px-8">
        <SearchIcon width={48} height={48} className="mx-auto text-neutral-600" />
        <h1 className="mt-4 text-2xl font-bold">{t('search.noQuery')}</h1>
        <p className="mt-1 text-neutral-400">{t('search.noQueryText')}</p>
        <Link to={paths.search()} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
          {t('search.goToSearch')}
        </Link>
      </div>
    )
  }

  const count = first ? first.total_results : null
  return (
    <div className="px-4 pt-6 pb-8 md:px-8">
      <Link to={paths.search(term)} className="inline-flex items-center gap-1 text-sm text-neutral-300 hover:text-white">
        <ChevronLeftIcon width={16} height={16} className="rtl:-scale-x-100" />
        {t('search.backToSearch')}
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">{t('search.resultsTitle')}</h1>
        <HideWatchedSwitch />
      </div>
      <p className="mt-1 mb-5 h-5 text-neutral-400" aria-live="polite">
        {count !== null && count > 0 && <TermSentence text={t('search.found', { count, term: TERM_SLOT })} term={term} termClassName="text-neutral-100" />}
      </p>
      <PosterGrid
        key={term}
        {...grid}
        label={t('search.resultsFor', { term })}
        renderItem={(item) => <SearchResultCard item={item} showOverview />}
        emptyText=""
      />
      {count === 0 && (
        <div className="py-12 text-center">
          <h2 className="text-xl font-semibold">{t('search.noResults')}</h2>
          <p className="mt-1 text-neutral-400"><TermSentence text={t('search.noMatches', { term: TERM_SLOT })} term={term} /></p>
          <Link to={paths.search()} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
            {t('search.tryAnother')}
          </Link>
        </div>
      )}
    </div>
  )
}

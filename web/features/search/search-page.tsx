/**
 * /search, the quick search (SPEC.md section 2): the address mirrors the input (?q=, replaced
 * while typing), a search runs 300 ms after typing stops once there are 2 characters, and up to
 * 10 'Top Results' show with 'See All N Results' beyond that, after the People the term names.
 * Enter commits a term to the recent searches.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { CloseIcon, HistoryIcon, SearchIcon } from '../../components/icons'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { useKeptInput } from '../../lib/hydration'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { SEARCH_MIN_LENGTH, useQuickSearch } from './api/use-search'
import { PeopleResults } from './people-results'
import { useRecentSearches } from './recent-searches'
import { SearchResultCard } from './search-result-card'
import { TERM_SLOT, TermSentence } from './term-sentence'

export const SEARCH_DEBOUNCE_MS = 300
const TOP_RESULTS = 10

export function Component() {
  const [params, setParams] = useSearchParams()
  const [value, setValue] = useState(() => params.get('q') ?? '')
  const input = useRef<HTMLInputElement>(null)
  const { recent, commit, clear } = useRecentSearches()
  const term = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS)
  const search = useQuickSearch(term)
  useDocumentMeta(term ? t('search.titleWithTerm', { term }) : t('search.title'), t('search.description'))

  // Back and forward change ?q= without typing: follow the address.
  const q = params.get('q') ?? ''
  useEffect(() => {
    setValue((current) => (current === q ? current : q))
  }, [q])

  const change = (next: string) => {
    setValue(next)
    setParams(next ? { q: next } : {}, { replace: true })
  }
  // Typed into the painted page before React took it over.
  useKeptInput(input, value, (typed) => change(typed))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    commit(value)
  }
  const rerun = (recentTerm: string) => {
    change(recentTerm)
    commit(recentTerm)
    input.current?.focus()
  }

  const typed = value.trim()
  const results = search.data?.results.slice(0, TOP_RESULTS) ?? []
  const total = search.data?.total_results ?? 0
  const people = search.data?.people ?? []

  let body
  if (!typed) {
    body = recent.length > 0 ? (
      <section aria-labelledby="recent-heading">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="recent-heading" className="text-lg font-semibold">{t('search.recentSearches')}</h2>
          <button type="button" onClick={clear} className="text-sm text-neutral-400 hover:text-white">{t('search.clearRecent')}</button>
        </div>
        <ul className="flex flex-col gap-1">
          {recent.map((recentTerm) => (
            <li key={recentTerm}>
              <button type="button" onClick={() => rerun(recentTerm)} className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start text-neutral-200 hover:bg-neutral-800">
                <HistoryIcon width={16} height={16} className="text-neutral-500" />
                <bdi>{recentTerm}</bdi>
              </button>
            </li>
          ))}
        </ul>
      </section>
    ) : (
      <div className="py-16 text-center">
        <SearchIcon width={48} height={48} className="mx-auto text-neutral-600" />
        <h2 className="mt-4 text-xl font-semibold">{t('search.startSearching')}</h2>
        <p className="mt-1 text-neutral-400">{t('search.startSearchingText')}</p>
      </div>
    )
  } else if (typed.length < SEARCH_MIN_LENGTH) {
    body = <p className="py-10 text-center text-neutral-400">{t('search.tooShort', { min: SEARCH_MIN_LENGTH })}</p>
  } else if (search.isError && term === typed) {
    body = (
      <div role="alert" className="py-10 text-center">
        <p className="text-red-300">{t('search.failed')}</p>
        <button type="button" onClick={() => void search.refetch()} className="mt-4 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-neutral-900">{t('search.retry')}</button>
      </div>
    )
  } else if (!search.data || term !== typed) {
    body = <p className="py-10 text-center text-neutral-400">{t('search.searching')}</p>
  } else if (results.length === 0 && people.length === 0) {
    body = (
      <div className="py-16 text-center">
        <h2 className="text-xl font-semibold">{t('search.noResults')}</h2>
        <p className="mt-1 text-neutral-400"><TermSentence text={t('search.nothingMatched', { term: TERM_SLOT })} term={term} /></p>
      </div>
    )
  } else {
    body = (
      <>
        <PeopleResults people={people} onOpen={() => commit(term)} />
        {results.length > 0 && (
          <section aria-labelledby="top-results-heading">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="top-results-heading" className="text-lg font-semibold">{t('search.topResults')}</h2>
              {total > TOP_RESULTS && (
                <Link to={paths.searchResults(term)} onClick={() => commit(term)} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500">
                  {t('search.seeAll', { count: total })}
                </Link>
              )}
            </div>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
              {results.map((item) => (
                <li key={`${item.media_type}-${item.id}`}>
                  <SearchResultCard item={item} onOpen={() => commit(term)} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-10 md:px-8">
      <h1 className="mb-4 text-2xl font-bold md:text-3xl">{t('search.title')}</h1>
      <form role="search" onSubmit={submit} className="relative mb-6">
        <label htmlFor="search-input" className="sr-only">{t('search.inputLabel')}</label>
        <SearchIcon className="pointer-events-none absolute start-4 top-1/2 -translate-y-1/2 text-neutral-400" />
        <input
          ref={input}
          id="search-input"
          // Sent before React takes the painted page over, the form still searches for what was typed.
          name="q"
          type="search"
          autoFocus
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          onChange={(e) => change(e.target.value)}
          placeholder={t('search.placeholder')}
          className="w-full rounded-xl border border-neutral-700 bg-neutral-900 py-3.5 ps-12 pe-12 text-base text-white placeholder:text-neutral-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            aria-label={t('search.clearSearch')}
            onClick={() => {
              change('')
              input.current?.focus()
            }}
            className="absolute end-3 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-neutral-400 hover:bg-neutral-800 hover:text-white"
          >
            <CloseIcon width={18} height={18} />
          </button>
        )}
      </form>
      <div aria-live="polite" aria-busy={search.isFetching}>{body}</div>
    </div>
  )
}

/**
 * What a title page shows until its details are in: Loading...; for a title the catalogue does not
 * have (a bad id or a 404), a way on rather than a dead end (a search, and popular titles of its
 * kind); offline, that it is offline and the pages the device can still open; with the server out
 * of reach, that it does not answer, with Retry; for a title above the profile's maturity ceiling,
 * that it is not available on this profile (not a failure: Retry would get the same answer); and
 * for a failing catalogue, SPEC.md's 'Movie not found' / 'TV Show not found' with Retry.
 */
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { MediaType } from '../../../worker/catalog/types'
import { SearchIcon } from '../../components/icons'
import { OfflineNotice } from '../../components/offline-notice'
import { PosterRow } from '../../components/poster-row'
import { t } from '../../i18n'
import { ApiError, retry, UnreachableError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useOnline } from '../../lib/online'
import { usePopularTitles } from './api'

interface DetailsQuery {
  data: unknown
  error: unknown
  isError: boolean
  refetch: () => unknown
}

/** A page's whole message (loading, or why there is nothing to show), centred where the page would be. */
export function PageState({ children, role = 'status' }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center" role={role}>
      {children}
    </div>
  )
}

/** A bad id, or one the catalogue answers 404 for: not a failure, a title it does not have. */
export function isUnknownTitle(query: Pick<DetailsQuery, 'error'>, validId: boolean): boolean {
  return !validId || (query.error instanceof ApiError && query.error.status === 404)
}

/** The state of a title page without its details, or null once they are there. */
export function detailsPendingState(query: DetailsQuery, validId: boolean, type: MediaType): ReactNode {
  if (isUnknownTitle(query, validId)) return <UnknownTitle type={type} />
  // A title above the profile's ceiling: the catalogue's only 403 (`not_on_profile`).
  if (query.error instanceof ApiError && query.error.status === 403) return <NotOnProfile message={query.error.message} />
  if (query.isError && !query.data) return <FailedTitle error={query.error} type={type} onRetry={() => void query.refetch()} />
  if (!query.data) {
    return (
      <PageState>
        <p className="text-neutral-400">{t('title.loading')}</p>
      </PageState>
    )
  }
  return null
}

/** A title the profile's ceiling keeps out: the answer's own words, and the way home. */
function NotOnProfile({ message }: { message: string }) {
  return (
    <PageState role="alert">
      <h1 className="text-2xl font-bold">{message}</h1>
      <Link to={paths.home()} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
        {t('common.goToHome')}
      </Link>
    </PageState>
  )
}

function FailedTitle({ error, type, onRetry }: { error: unknown; type: MediaType; onRetry: () => void }) {
  const online = useOnline()
  if (!online || (error instanceof UnreachableError && error.offline)) return <OfflineNotice heading="h1" onRetry={onRetry} />
  const failure = type === 'movie' ? t('title.movieLoadFailed') : t('title.showLoadFailed')
  const unreachable = error instanceof UnreachableError
  return (
    <PageState role="alert">
      <h1 className="text-2xl font-bold">{unreachable ? failure : type === 'movie' ? t('title.movieNotFound') : t('title.showNotFound')}</h1>
      <p className="text-neutral-400">{unreachable ? t('common.serverUnreachable') : failure}</p>
      <button type="button" onClick={() => retry(onRetry)} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
        {t('title.retry')}
      </button>
    </PageState>
  )
}

/**
 * A page for something the catalogue does not have: what it was, a search, and popular titles of
 * `type` to go on with (a title's own kind; films for a person).
 */
export function UnknownTitle({ type, heading, text }: { type: MediaType; heading?: string; text?: string }) {
  const navigate = useNavigate()
  const popular = usePopularTitles(type)
  const [query, setQuery] = useState('')
  const search = (event: FormEvent) => {
    event.preventDefault()
    if (query.trim()) navigate(paths.searchResults(query.trim()))
  }
  return (
    <div className="pb-10">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 pt-12 pb-6 text-center">
        <h1 className="text-2xl font-bold md:text-3xl">{heading ?? (type === 'movie' ? t('title.movieNotFound') : t('title.showNotFound'))}</h1>
        <p className="text-neutral-300">{text ?? t('title.unknownTitleText')}</p>
        <form role="search" aria-label={t('nav.searchPlaceholder')} onSubmit={search} className="flex w-full max-w-md gap-2">
          <label className="relative min-w-0 flex-1">
            <span className="sr-only">{t('nav.searchPlaceholder')}</span>
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-neutral-400" width={16} height={16} />
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('nav.searchPlaceholder')}
              className="w-full rounded-lg border border-neutral-700 bg-neutral-950 py-2.5 ps-9 pe-3 text-sm placeholder:text-neutral-400"
            />
          </label>
          <button type="submit" className="shrink-0 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-500">
            {t('nav.search')}
          </button>
        </form>
      </div>
      <PosterRow title={type === 'movie' ? t('title.popularMovies') : t('title.popularShows')} items={popular.data?.results ?? []} pending={popular.isPending} />
    </div>
  )
}

/**
 * /movies/all and /tv-shows/all: every film or series as an infinite poster grid, sorted and
 * filtered by what the address says (web/lib/grid-filters.ts), through GET
 * /api/catalog/discover/:type. A row's "See all" opens it with the row's own filters; a genre
 * page's rows with its genre. /browse/{list} (a fixed list, whole) is drawn here too, so the grids
 * are one page's code.
 */
import { useCallback } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import type { ListItem, MediaType, Paged } from '../../../worker/catalog/types'
import { HideWatchedSwitch } from '../../components/hide-watched-switch'
import { PosterGrid } from '../../components/poster-grid'
import { t } from '../../i18n'
import { api, readJson } from '../../lib/api-client'
import { catalogKeys } from '../../lib/catalog'
import { genreName, isFilmGenre } from '../../lib/genres'
import { browseAllPath, discoverQuery, gridSearch, type GridState, readGrid } from '../../lib/grid-filters'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { GridControls } from './grid-controls'
import { RowListGrid } from './row-list-grid'

export function Component() {
  return useLocation().pathname.startsWith('/browse/') ? <RowListGrid /> : <BrowseAll />
}

function BrowseAll() {
  const { pathname } = useLocation()
  const type: MediaType = pathname.startsWith('/tv-shows') ? 'tv' : 'movie'
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const state = readGrid(params)
  const search = gridSearch(state)
  const genre = state.genre && /^\d+$/.test(state.genre) ? genreName(Number(state.genre)) : undefined
  const title = genre
    ? t(type === 'movie' ? 'grids.genreMovies' : 'grids.genreTvShows', { genre })
    : t(type === 'movie' ? 'grids.allMovies' : 'grids.allTvShows')
  useDocumentMeta(title, t('grids.description'))

  const fetchPage = useCallback(
    (page: number) => readJson<Paged<ListItem>>(api.catalog.discover[':type'].$get({ param: { type }, query: discoverQuery(type, state, page) })),
    // The state is the address's: `search` names it whole.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [type, search],
  )
  // Films have only the 18 film genres: a series genre (Kids, Soap) is left behind on the way to films.
  const filmGenres = !state.genre || state.genre.split(/[,|]/).every((id) => isFilmGenre(Number(id)))
  const change = (next: GridState) => navigate({ search: gridSearch(next) }, { replace: true })

  return (
    <div className="px-4 pt-6 pb-8 md:px-8">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <HideWatchedSwitch />
          <nav aria-label={t('browse.mediaType')} className="inline-flex rounded-lg border border-neutral-700 bg-neutral-900 p-1">
            {(['movie', 'tv'] as const).map((kind) => (
              <Link
                key={kind}
                to={browseAllPath(kind, gridSearch({ ...state, cert: undefined, genre: kind === 'movie' && !filmGenres ? undefined : state.genre }))}
                replace
                aria-current={kind === type ? 'page' : undefined}
                className={`rounded-md px-4 py-1.5 text-sm font-semibold ${kind === type ? 'bg-brand-600 text-white' : 'text-neutral-300 hover:text-white'}`}
              >
                {t(kind === 'movie' ? 'grids.typeMovies' : 'grids.typeTvShows')}
              </Link>
            ))}
          </nav>
        </div>
      </div>
      <GridControls type={type} state={state} onChange={change} />
      <PosterGrid key={`${type}${search}`} queryKey={catalogKeys.list('grid', type, search)} fetchPage={fetchPage} label={title} />
    </div>
  )
}

/** /movies: hero, the movie rows of SPEC.md section 2, a way to the grid of every movie and a category grid. */
import { Link } from 'react-router-dom'
import { ComposedPage } from '../../components/composed-page'
import { GenreGrid } from '../../components/genre-grid'
import { MyServicesSlot } from '../../components/my-services-slot'
import { t } from '../../i18n'
import { genreMap } from '../../lib/genres'
import { browseAllPath } from '../../lib/grid-filters'
import { isOnServices, useServicesNarrowing } from '../../lib/my-services'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useCatalogPage } from './api/use-catalog-page'

const categoryIds = [28, 35, 18, 27, 53, 10749, 878, 12, 16, 80, 99, 10751]
const categories = genreMap.filter((g) => categoryIds.includes(g.id))

export function Component() {
  useDocumentMeta(t('browse.moviesTitle'), t('browse.moviesDescription'))
  const services = useServicesNarrowing()
  const query = useCatalogPage('movies', undefined, services.narrowing, !services.pending)
  return (
    <div>
      <h1 className="sr-only">{t('browse.moviesTitle')}</h1>
      <ComposedPage
        query={query}
        heroLabel={t('browse.moviesHeroLabel')}
        rowsLabel={t('browse.moviesRowsLabel')}
        onMyServices={(item) => isOnServices(item, services.choice?.services, !!query.data?.narrowedTo)}
      >
        <MyServicesSlot state={services} page={query.data} busy={query.isPlaceholderData && query.isFetching} />
      </ComposedPage>
      <p className="px-4 pb-2 md:px-8">
        <Link to={browseAllPath('movie')} className="inline-block rounded-md border border-neutral-700 bg-neutral-900 px-4 py-2 text-sm font-semibold text-neutral-100 hover:border-neutral-500">
          {t('browse.browseAllMovies')}
        </Link>
      </p>
      <GenreGrid genres={categories} label={t('browse.browseByCategory')} headingId="movie-categories" />
    </div>
  )
}

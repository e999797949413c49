/** /movies: hero, the movie rows of SPEC.md section 2 and a category grid. */
import { ComposedPage } from '../../components/composed-page'
import { GenreGrid } from '../../components/genre-grid'
import { genreMap } from '../../lib/genres'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useCatalogPage } from './api/use-catalog-page'

const categoryIds = [28, 35, 18, 27, 53, 10749, 878, 12, 16, 80, 99, 10751]
const categories = genreMap.filter((g) => categoryIds.includes(g.id))

export function Component() {
  useDocumentMeta('Movies', 'Browse popular, top rated, now playing and upcoming movies, plus action, comedy, drama, horror, thriller, romance and sci-fi picks.')
  const query = useCatalogPage('movies')
  return (
    <div>
      <h1 className="sr-only">Movies</h1>
      <ComposedPage query={query} heroLabel="Featured movies" rowsLabel="Movie rows" />
      <GenreGrid genres={categories} label="Browse by Category" headingId="movie-categories" />
    </div>
  )
}

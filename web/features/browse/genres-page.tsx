/** /genres: genre rows and the 18-genre grid linking to /genre/{id}. */
import { ComposedPage } from '../../components/composed-page'
import { GenreGrid } from '../../components/genre-grid'
import { genreMap } from '../../lib/genres'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useCatalogPage } from './api/use-catalog-page'

export function Component() {
  useDocumentMeta('Genres', 'Browse movies and TV shows by genre: action, comedy, drama, horror, science fiction, documentary and more.')
  const query = useCatalogPage('genres')
  return (
    <div>
      <div className="px-4 pt-6 md:px-8">
        <h1 className="text-2xl font-bold md:text-3xl">Genres</h1>
        <p className="mt-1 text-sm text-neutral-400">Pick a genre, or scroll through the rows below.</p>
      </div>
      <GenreGrid genres={genreMap} label="All Genres" headingId="all-genres" />
      <ComposedPage query={query} heroLabel="Featured titles" rowsLabel="Genre rows" showHero={false} />
    </div>
  )
}

/** /genres: genre rows and the 18-genre grid linking to /genre/{id}. */
import { ComposedPage } from '../../components/composed-page'
import { GenreGrid } from '../../components/genre-grid'
import { t } from '../../i18n'
import { genreMap } from '../../lib/genres'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useCatalogPage } from './api/use-catalog-page'

export function Component() {
  useDocumentMeta(t('browse.genresTitle'), t('browse.genresDescription'))
  const query = useCatalogPage('genres')
  return (
    <div>
      <div className="px-4 pt-6 md:px-8">
        <h1 className="text-2xl font-bold md:text-3xl">{t('browse.genresTitle')}</h1>
        <p className="mt-1 text-sm text-neutral-400">{t('browse.genresIntro')}</p>
      </div>
      <GenreGrid genres={genreMap} label={t('browse.allGenres')} headingId="all-genres" />
      <ComposedPage query={query} heroLabel={t('browse.genresHeroLabel')} rowsLabel={t('browse.genresRowsLabel')} showHero={false} />
    </div>
  )
}

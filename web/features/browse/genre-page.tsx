/**
 * /genre/{id}: the genre's popular movies and popular TV shows (a series-only genre has only the
 * latter), each row's "See all" opening the sortable, filterable grid of the genre. An address that names no genre says so, points to the Genres page and asks the
 * catalogue nothing; the worker answers it with 404.
 */
import { Link, useParams } from 'react-router-dom'
import { HideWatchedSwitch } from '../../components/hide-watched-switch'
import { LoadError } from '../../components/load-error'
import { PosterRow } from '../../components/poster-row'
import { PosterRowSkeleton } from '../../components/skeletons'
import { currentLocale, t } from '../../i18n'
import { genreName, isFilmGenre } from '../../lib/genres'
import { browseAllPath } from '../../lib/grid-filters'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useGenreRow } from './api/use-genre-rows'

/**
 * A genre's name inside a sentence: lower case, as most of our languages write it there ("popular
 * action movies"), but German capitalizes nouns and keeps it as it is.
 */
function genreInSentence(name: string): string {
  const locale = currentLocale()
  return locale === 'de' ? name : name.toLocaleLowerCase(locale)
}

function NoSuchGenre({ title, text }: { title: string; text: string }) {
  return (
    <div className="px-4 py-10 md:px-8">
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      <p className="mt-2 text-neutral-400">
        {text}{' '}
        <Link to={paths.genres()} className="text-brand-400 underline">
          {t('browse.seeAllGenres')}
        </Link>
      </p>
    </div>
  )
}

export function Component() {
  const { id = '' } = useParams()
  const valid = /^\d{1,9}$/.test(id)
  const name = valid ? genreName(Number(id)) : undefined
  const genreId = name !== undefined ? Number(id) : null
  useDocumentMeta(
    !valid ? t('browse.invalidGenre') : name ? t('browse.genreDocumentTitle', { genre: name }) : t('browse.genreNotFound'),
    name ? t('browse.genreDescription', { genre: genreInSentence(name) }) : undefined,
  )
  const movies = useGenreRow('movie', genreId !== null && isFilmGenre(genreId) ? genreId : null)
  const tv = useGenreRow('tv', genreId)

  if (!valid) return <NoSuchGenre title={t('browse.invalidGenre')} text={t('browse.invalidGenreText')} />
  if (name === undefined || genreId === null) return <NoSuchGenre title={t('browse.genreNotFound')} text={t('browse.genreNotFoundText')} />

  const filmGenre = isFilmGenre(genreId)
  const loading = (filmGenre && movies.isPending) || tv.isPending
  const empty = !loading && (movies.data?.results.length ?? 0) === 0 && (tv.data?.results.length ?? 0) === 0
  return (
    <div className="pb-6">
      <div className="px-4 pt-6 pb-2 md:px-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold md:text-3xl">{name}</h1>
            <p className="mt-1 text-sm text-neutral-400">{t('browse.genreSubtitle')}</p>
          </div>
          <HideWatchedSwitch />
        </div>
        {loading && <p role="status" className="mt-2 text-sm text-neutral-400">{t('browse.loading')}</p>}
      </div>
      {!filmGenre ? null : movies.isError ? (
        <LoadError message={t('browse.genreMoviesFailed')} onRetry={() => void movies.refetch()} />
      ) : movies.data ? (
        <PosterRow title={t('browse.genreMoviesRow', { genre: name })} id="genre-movies" items={movies.data.results} seeAll={browseAllPath('movie', `?genre=${genreId}`)} />
      ) : (
        <PosterRowSkeleton />
      )}
      {tv.isError ? (
        <LoadError message={t('browse.genreTvFailed')} onRetry={() => void tv.refetch()} />
      ) : tv.data ? (
        <PosterRow title={t('browse.genreTvRow', { genre: name })} id="genre-tv" items={tv.data.results} seeAll={browseAllPath('tv', `?genre=${genreId}`)} />
      ) : (
        <PosterRowSkeleton />
      )}
      {empty && <p className="px-4 py-6 text-neutral-400 md:px-8">{t('browse.genreEmpty')}</p>}
    </div>
  )
}

/**
 * /genre/{id}: the genre's popular movies and popular TV shows (a series-only genre has only the
 * latter). An address that names no genre says so, points to the Genres page and asks the
 * catalogue nothing; the worker answers it with 404.
 */
import { Link, useParams } from 'react-router-dom'
import { LoadError } from '../../components/load-error'
import { PosterRow } from '../../components/poster-row'
import { PosterRowSkeleton } from '../../components/skeletons'
import { genreName, isFilmGenre } from '../../lib/genres'
import { paths } from '../../lib/paths'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useGenreRow } from './api/use-genre-rows'

function NoSuchGenre({ title, text }: { title: string; text: string }) {
  return (
    <div className="px-4 py-10 md:px-8">
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      <p className="mt-2 text-neutral-400">
        {text}{' '}
        <Link to={paths.genres()} className="text-brand-400 underline">
          See all genres
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
    !valid ? 'Invalid genre' : name ? `${name} Movies & TV Shows` : 'Genre not found',
    name ? `Popular ${name.toLowerCase()} movies and TV shows to discover and watch.` : undefined,
  )
  const movies = useGenreRow('movie', genreId !== null && isFilmGenre(genreId) ? genreId : null)
  const tv = useGenreRow('tv', genreId)

  if (!valid) return <NoSuchGenre title="Invalid genre" text="A genre address ends in its number." />
  if (name === undefined || genreId === null) return <NoSuchGenre title="Genre not found" text="There is no genre with that number." />

  const filmGenre = isFilmGenre(genreId)
  const loading = (filmGenre && movies.isPending) || tv.isPending
  const empty = !loading && (movies.data?.results.length ?? 0) === 0 && (tv.data?.results.length ?? 0) === 0
  return (
    <div className="pb-6">
      <div className="px-4 pt-6 pb-2 md:px-8">
        <h1 className="text-2xl font-bold md:text-3xl">{name}</h1>
        <p className="mt-1 text-sm text-neutral-400">Movies &amp; TV Shows</p>
        {loading && <p role="status" className="mt-2 text-sm text-neutral-400">Loading...</p>}
      </div>
      {!filmGenre ? null : movies.isError ? (
        <LoadError message="Popular movies could not be loaded." onRetry={() => void movies.refetch()} />
      ) : movies.data ? (
        <PosterRow title={`Popular ${name} Movies`} id="genre-movies" items={movies.data.results} />
      ) : (
        <PosterRowSkeleton />
      )}
      {tv.isError ? (
        <LoadError message="Popular TV shows could not be loaded." onRetry={() => void tv.refetch()} />
      ) : tv.data ? (
        <PosterRow title={`Popular ${name} TV Shows`} id="genre-tv" items={tv.data.results} />
      ) : (
        <PosterRowSkeleton />
      )}
      {empty && <p className="px-4 py-6 text-neutral-400 md:px-8">No titles in this genre yet.</p>}
    </div>
  )
}

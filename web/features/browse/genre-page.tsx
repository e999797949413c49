/**
 * /genre/{id}: the genre's popular movies and popular TV shows. A non-numeric id shows
 * 'Invalid genre'; an id outside the genre map is headed 'Genre'.
 */
import { useParams } from 'react-router-dom'
import { LoadError } from '../../components/load-error'
import { PosterRow } from '../../components/poster-row'
import { PosterRowSkeleton } from '../../components/skeletons'
import { genreName } from '../../lib/genres'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useGenreRow } from './api/use-genre-rows'

export function Component() {
  const { id = '' } = useParams()
  const valid = /^\d+$/.test(id)
  const genreId = valid ? Number(id) : null
  const name = genreId !== null ? (genreName(genreId) ?? 'Genre') : 'Invalid genre'
  useDocumentMeta(valid ? `${name} Movies & TV Shows` : 'Invalid genre', valid ? `Popular ${name.toLowerCase()} movies and TV shows to discover and watch.` : undefined)
  const movies = useGenreRow('movie', genreId)
  const tv = useGenreRow('tv', genreId)

  if (!valid) {
    return (
      <div className="px-4 py-10 md:px-8">
        <h1 className="text-2xl font-bold md:text-3xl">Invalid genre</h1>
        <p className="mt-2 text-neutral-400">There is no genre with that address. Pick one from the Genres page.</p>
      </div>
    )
  }

  const loading = movies.isPending || tv.isPending
  const empty = !loading && (movies.data?.results.length ?? 0) === 0 && (tv.data?.results.length ?? 0) === 0
  return (
    <div className="pb-6">
      <div className="px-4 pt-6 pb-2 md:px-8">
        <h1 className="text-2xl font-bold md:text-3xl">{name}</h1>
        <p className="mt-1 text-sm text-neutral-400">Movies &amp; TV Shows</p>
        {loading && <p role="status" className="mt-2 text-sm text-neutral-400">Loading...</p>}
      </div>
      {movies.isError ? (
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

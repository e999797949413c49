/**
 * /movie/{id} (SPEC.md section 2, Movie detail): backdrop and facts, the player with its source
 * selector, overview and genres, watchlist, share and download, cast, similar movies and the
 * operator's ad slots. Signed in, the player resumes, and the history has the film once Play is pressed.
 */
import { useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { PosterRow } from '../../components/poster-row'
import { t } from '../../i18n'
import { yearOf } from '../../lib/titles'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useMovie } from './api'
import { CastStrip } from './cast-strip'
import { Player, type PlayerTarget } from './player'
import { resumePosition } from './progress'
import { runtimeText } from './title-format'
import { PlayerPlaceholder, PlayerSection, TitleExtras, TitleHeader, TitleSummary, type TitleFacts } from './title-parts'
import { detailsPendingState, isUnknownTitle } from './title-states'
import { useTitlePage } from './use-title-page'
import { recordPlayStart } from './use-watch-history'
import { WhereToWatch } from './where-to-watch-slot'

export function Component() {
  const id = Number(useParams().id)
  // A fresh page per title: the chosen source, season, episode and search belong to one title.
  return <MoviePage key={id} id={id} />
}

/** The similar titles row, where the player's "More like this" at the credits leads. */
const SIMILAR_ROW_ID = 'similar'

function MoviePage({ id }: { id: number }) {
  const validId = Number.isInteger(id) && id > 0
  const movie = useMovie(validId ? id : 0)
  const details = movie.data
  const { config, similarItems, connection, history, trailer, sources, sourceSwitch } = useTitlePage('movie', validId ? id : 0, details)
  const target = useMemo<PlayerTarget>(() => ({ type: 'movie', id }), [id])
  // A Continue watching card asks for the film to start at once, where the viewer stopped.
  const resume = useSearchParams()[0].get('play') === '1'
  useDocumentMeta(details?.title ?? (isUnknownTitle(movie, validId) ? t('title.movieNotFound') : undefined), details?.overview)

  const pending = detailsPendingState(movie, validId, 'movie')
  if (pending || !details) return pending

  const facts: TitleFacts = {
    type: 'movie',
    id: details.id,
    title: details.title,
    originalTitle: details.original_title,
    originalLanguage: details.original_language,
    year: yearOf(details),
    runtime: runtimeText(details.runtime),
    rating: details.vote_average,
    certification: details.certification,
    backdropPath: details.backdrop_path,
    posterPath: details.poster_path,
    tagline: details.tagline,
  }

  return (
    <article className="pb-10">
      <TitleHeader
        facts={facts}
        player={
          <PlayerSection adUrl={config.data?.adUrl ?? null}>
            {config.isPending || !history.ready ? (
              <PlayerPlaceholder sourceSwitch={sourceSwitch} />
            ) : (
              <Player
                target={target}
                title={details.title}
                art={{ backdropPath: details.backdrop_path, posterPath: details.poster_path }}
                sources={sources}
                trailer={trailer}
                connection={connection}
                startAt={resumePosition(history.saved)}
                autoPlay={resume}
                progress={{
                  enabled: history.signedIn,
                  title: { content_id: details.id, content_type: 'movie', title: details.title, poster_path: details.poster_path },
                  watched: history.watched,
                }}
                onOpen={() => recordPlayStart(history, { content_id: details.id, content_type: 'movie', title: details.title, poster_path: details.poster_path })}
                similarHref={similarItems.length > 0 ? `#${SIMILAR_ROW_ID}` : undefined}
              />
            )}
          </PlayerSection>
        }
        summary={<TitleSummary facts={facts} overview={details.overview} overviewLanguage={details.overview_language} genres={details.genres} />}
      />
      <div className="mt-6 space-y-6 px-4 md:px-8">
        <TitleExtras downloadUrl={config.data?.downloadUrl ?? null} adUrl={config.data?.adUrl ?? null} />
        <WhereToWatch type="movie" id={details.id} />
        <CastStrip cast={details.credits?.cast ?? []} />
      </div>
      <PosterRow id={SIMILAR_ROW_ID} title={t('title.similarMovies')} items={similarItems} />
    </article>
  )
}

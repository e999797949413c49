/**
 * The parts the movie and TV pages share: the backdrop header with title and facts, the details
 * block (overview, genres, watchlist, share, download), the player section with the operator's
 * ad slots, and the loading, not-found and failure states.
 */
import { useState, type ReactNode } from 'react'
import type { Genre, MediaType } from '../../../worker/catalog/types'
import { StarIcon } from '../../components/icons'
import { WatchlistButton } from '../../components/watchlist-button'
import { ApiError } from '../../lib/api-client'
import { useImageUrl } from '../../lib/images'
import { hasRating, ratingOf } from '../../lib/titles'
import { AdBlock, DownloadButtons, PopupNotice } from './operator-links'
import { ShareButtons } from './share-buttons'

export interface TitleFacts {
  type: MediaType
  id: number
  title: string
  /** The title in its original language, shown under the title when it differs. */
  originalTitle?: string
  originalLanguage?: string
  year: string
  runtime: string
  rating: number
  certification?: string | null
  extra?: string
  backdropPath: string | null
  posterPath: string | null
  tagline?: string | null
}

export function TitleHeader({ facts }: { facts: TitleFacts }) {
  const image = useImageUrl()
  const [broken, setBroken] = useState(false)
  const backdrop = broken ? null : image(facts.backdropPath, 'original')
  return (
    <header className="relative isolate overflow-hidden">
      {backdrop && (
        <img
          src={backdrop}
          alt=""
          onError={() => setBroken(true)}
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40 md:opacity-60"
          fetchPriority="high"
          decoding="async"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-neutral-950 from-25% via-neutral-950/80 to-neutral-950/20 md:from-0% md:via-neutral-950/70" />
      <div className="px-4 pt-24 pb-6 md:px-8 md:pt-40">
        <h1 className="max-w-4xl text-3xl leading-tight font-extrabold tracking-tight text-white drop-shadow md:text-5xl">{facts.title}</h1>
        {facts.originalTitle && facts.originalTitle !== facts.title && (
          <p lang={facts.originalLanguage || undefined} className="mt-1 text-sm text-neutral-300">
            {facts.originalTitle}
          </p>
        )}
        {facts.tagline && <p className="mt-2 text-neutral-300 italic">{facts.tagline}</p>}
        <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-neutral-200">
          {hasRating(facts.rating) && (
            <span className="flex items-center gap-1 font-semibold text-amber-300">
              <StarIcon width={14} height={14} />
              <span className="sr-only">Rating</span>
              {ratingOf(facts.rating)}
            </span>
          )}
          {facts.year && <span>{facts.year}</span>}
          {facts.runtime && <span>{facts.runtime}</span>}
          {facts.extra && <span>{facts.extra}</span>}
          {facts.certification && <span className="rounded border border-neutral-300/70 px-1.5 py-px text-xs font-semibold">{facts.certification}</span>}
        </p>
      </div>
    </header>
  )
}

export function TitleDetails({
  facts,
  overview,
  genres,
  downloadUrl,
  adUrl,
  episode = null,
}: {
  facts: TitleFacts
  overview: string
  genres: Genre[]
  downloadUrl: string | null
  adUrl: string | null
  /** The show's episode on screen, which the share links carry. */
  episode?: { season: number; episode: number } | null
}) {
  const image = useImageUrl()
  const poster = image(facts.posterPath, 'w500')
  return (
    <section aria-label="About" className="flex gap-6">
      {poster && (
        <img src={poster} alt={`${facts.title} poster`} loading="lazy" width={500} height={750} className="hidden aspect-[2/3] w-40 shrink-0 self-start rounded-lg object-cover shadow-lg md:block lg:w-48" />
      )}
      <div className="min-w-0 flex-1 space-y-5">
        <p className="max-w-3xl leading-relaxed text-neutral-200">{overview || 'No description available.'}</p>
        {genres.length > 0 && (
          <ul aria-label="Genres" className="flex flex-wrap gap-2">
            {genres.map((g) => (
              <li key={g.id} className="rounded-full bg-neutral-800 px-3 py-1 text-xs font-medium text-neutral-200">
                {g.name}
              </li>
            ))}
          </ul>
        )}
        <WatchlistButton target={{ contentId: facts.id, contentType: facts.type, title: facts.title, posterPath: facts.posterPath }} />
        <ShareButtons type={facts.type} id={facts.id} title={facts.title} episode={episode} />
        <DownloadButtons url={downloadUrl} />
        <div className="xl:hidden">
          <AdBlock url={adUrl} />
        </div>
      </div>
    </section>
  )
}

/** The player with the operator's ad slots beside it on wide screens and the pop-up notice. */
/**
 * The player's place while what it needs (its configuration, the viewer's saved place) is on the
 * way: the same footprint as the source buttons and the 16:9 frame, so nothing moves when it opens.
 */
export function PlayerPlaceholder({ message = 'Loading player...' }: { message?: string }) {
  return (
    <div>
      <div aria-hidden="true" className="mb-3 h-8" />
      <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black text-neutral-300" role="status">
        {message}
      </div>
    </div>
  )
}

export function PlayerSection({ adUrl, children }: { adUrl: string | null; children: ReactNode }) {
  return (
    <section aria-label="Watch" className="px-4 md:px-8">
      <div className="flex gap-4">
        <div className="hidden 2xl:block">
          <AdBlock url={adUrl} />
        </div>
        <div className="mx-auto min-w-0 max-w-6xl flex-1 space-y-3">
          <PopupNotice adsOn={!!adUrl} />
          {children}
        </div>
        <div className="hidden xl:block">
          <AdBlock url={adUrl} />
        </div>
      </div>
    </section>
  )
}

function PageState({ children, role = 'status' }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center" role={role}>
      {children}
    </div>
  )
}

/**
 * What a detail page shows until its details are in: not found (a bad id or a 404), a failure
 * with Retry, or Loading. Null once the details are there.
 */
export function detailsPendingState(
  query: { data: unknown; error: unknown; isError: boolean; refetch: () => unknown },
  validId: boolean,
  notFound: string,
  failure: string,
): ReactNode {
  if (!validId || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <PageState role="alert">
        <h1 className="text-2xl font-bold">{notFound}</h1>
      </PageState>
    )
  }
  if (query.isError) {
    return (
      <PageState role="alert">
        <h1 className="text-2xl font-bold">{notFound}</h1>
        <p className="text-neutral-400">{failure}</p>
        <button type="button" onClick={() => void query.refetch()} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500">
          Retry
        </button>
      </PageState>
    )
  }
  if (!query.data) {
    return (
      <PageState>
        <p className="text-neutral-400">Loading...</p>
      </PageState>
    )
  }
  return null
}

/**
 * The parts the movie and TV pages share: the backdrop header with title and facts, the details
 * block (overview, genres, watchlist, share, download, the viewer's rating), and the player section
 * with the operator's ad slots.
 */
import { useAtom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { Suspense, useState, type ReactNode } from 'react'
import type { Genre, MediaType } from '../../../worker/catalog/types'
import { ListPlusIcon, StarIcon } from '../../components/icons'
import { type ListTarget, useOpenAddToList } from '../../components/add-to-list'
import { WatchlistButton } from '../../components/watchlist-button'
import { ApiError } from '../../lib/api-client'
import { FIRST_SCREEN_KEYS } from '../../lib/hydration'
import { useSession } from '../../lib/session'
import { useImage } from '../../lib/images'
import { FULL_WIDTH_BACKDROP } from '../../../worker/catalog/image-sizes'
import { t } from '../../i18n'
import { hasRating } from '../../lib/titles'
import { AdBlock, DownloadButtons, PopupNotice } from './operator-links'
import { TitleRating } from './player-loader'
import { TitleShareButton } from './share-buttons'
import { ratingText } from './title-format'
import { WatchTogetherButton } from './watch-together-button'
import { WatchedSlot } from './watched-slots'

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

/**
 * The title's first screen: the backdrop behind the title and its facts, the player, and the
 * summary (overview, genres, watchlist, share). From 1024 px the facts and summary stand beside
 * the player, so all of it fits a 1440x900 screen; Theatre widens the player across both columns.
 * Narrower, they stack: title, player, summary.
 */
/** Theatre mode, kept in this browser for every title; read on the first render so nothing moves. */
export const theatreModeAtom = atomWithStorage(FIRST_SCREEN_KEYS.theatreMode, false, undefined, { getOnInit: true })

export function TitleHeader({ facts, player, summary }: { facts: TitleFacts; player?: ReactNode; summary?: ReactNode }) {
  const image = useImage()
  const [broken, setBroken] = useState(false)
  const [theatre, setTheatre] = useAtom(theatreModeAtom)
  const backdrop = broken ? null : image(facts.backdropPath, 'backdrop', FULL_WIDTH_BACKDROP.width)
  return (
    <header className="relative isolate overflow-hidden" data-layout={theatre ? 'theatre' : 'beside'}>
      {backdrop && (
        <img
          src={backdrop.src}
          srcSet={backdrop.srcSet}
          sizes={backdrop.srcSet && FULL_WIDTH_BACKDROP.sizes}
          alt=""
          onError={() => setBroken(true)}
          className="absolute inset-0 -z-10 h-full max-h-[48rem] w-full object-cover opacity-40 md:opacity-50"
          fetchPriority="high"
          decoding="async"
        />
      )}
      <div className="absolute inset-0 -z-10 max-h-[48rem] bg-gradient-to-t from-neutral-950 from-10% via-neutral-950/80 to-neutral-950/30" />
      <div
        className={`grid grid-cols-1 gap-x-8 gap-y-5 px-4 pt-5 pb-6 md:px-8 md:pt-6 lg:pt-8 ${theatre ? '' : 'lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr] lg:items-start'}`}
      >
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <h1 className="max-w-4xl text-3xl leading-tight font-extrabold tracking-tight text-white drop-shadow md:text-4xl xl:text-5xl" data-catalog="">
            {facts.title}
          </h1>
          {facts.originalTitle && facts.originalTitle !== facts.title && (
            <p lang={facts.originalLanguage || undefined} className="mt-1 text-sm text-neutral-300">
              {facts.originalTitle}
            </p>
          )}
          {facts.tagline && <p className="mt-2 text-neutral-300 italic">{facts.tagline}</p>}
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-neutral-200" data-testid="title-facts">
            {hasRating(facts.rating) && (
              <span className="flex items-center gap-1 font-semibold text-amber-300">
                <StarIcon width={14} height={14} />
                <span className="sr-only">{t('title.rating')}</span>
                {ratingText(facts.rating)}
              </span>
            )}
            {facts.year && <span>{facts.year}</span>}
            {facts.runtime && <span>{facts.runtime}</span>}
            {facts.extra && <span>{facts.extra}</span>}
            {facts.certification && (
              <span className="rounded border border-neutral-300/70 px-1.5 py-px text-xs font-semibold" data-catalog="">
                {facts.certification}
              </span>
            )}
          </p>
        </div>
        {player && (
          <div className={`group/player min-w-0 ${theatre ? '' : 'lg:col-start-2 lg:row-span-2 lg:row-start-1'}`}>
            {player}
            {/* Our player has Theatre among its own controls; the page's button is for the poster and other sources. */}
            <div className="mt-2 hidden justify-end lg:flex lg:group-has-[[data-player-controls]]/player:hidden">
              <button
                type="button"
                aria-pressed={theatre}
                onClick={() => setTheatre(!theatre)}
                className="rounded-lg px-2 py-1 text-xs font-semibold text-neutral-300 hover:bg-neutral-800 hover:text-white"
              >
                {t('title.theatreMode')}
              </button>
            </div>
          </div>
        )}
        {summary && <div className="min-w-0 lg:col-start-1">{summary}</div>}
      </div>
    </header>
  )
}

/** What the title is about and what can be done with it: overview, genres, watchlist and share. */
export function TitleSummary({
  facts,
  overview,
  overviewLanguage,
  genres,
  episode = null,
  follow = null,
}: {
  facts: TitleFacts
  overview: string
  /** Set when the overview is in another language than the page (TMDB's English one). */
  overviewLanguage?: string
  genres: Genre[]
  /** The show's episode on screen, which the share links carry (by its number only when `unnamed`). */
  episode?: { season: number; episode: number; unnamed?: boolean } | null
  /** A show's Follow button, beside the watchlist's. */
  follow?: ReactNode
}) {
  return (
    <section aria-label={t('title.about')} className="space-y-4">
      <p className="max-w-3xl leading-relaxed text-neutral-200" data-catalog={overview ? '' : undefined} lang={overview ? overviewLanguage : undefined}>
        {overview || t('title.noDescription')}
      </p>
      {genres.length > 0 && (
        <ul aria-label={t('title.genres')} className="flex flex-wrap gap-2">
          {genres.map((g) => (
            <li key={g.id} className="rounded-full bg-neutral-800 px-3 py-1 text-xs font-medium text-neutral-200" data-catalog="">
              {g.name}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-start gap-2">
        <WatchlistButton target={{ contentId: facts.id, contentType: facts.type, title: facts.title, posterPath: facts.posterPath }} />
        {follow}
        {facts.type === 'movie' && <WatchedSlot film={facts.id} />}
        <AddToListButton target={{ content_type: facts.type, content_id: facts.id, title: facts.title, poster_path: facts.posterPath }} />
        <TitleShareButton type={facts.type} id={facts.id} title={facts.title} episode={episode} />
        <WatchTogetherButton type={facts.type} id={facts.id} episode={episode} />
      </div>
      <TitleRatingSlot type={facts.type} id={facts.id} />
    </section>
  )
}

/** A signed-in viewer's own rating of the title: its code loads then, a visitor never downloads it. */
function TitleRatingSlot({ type, id }: { type: MediaType; id: number }) {
  const session = useSession()
  if (session === null) return null
  // the label's line and the stars, kept while the session and the code come (as title-rating.tsx keeps it)
  const place = <div aria-hidden="true" className="h-[4.25rem]" />
  if (session === undefined) return place
  return (
    <Suspense fallback={place}>
      <TitleRating type={type} id={id} />
    </Suspense>
  )
}

/** Below the first screen: the operator's download buttons and ad slot, when configured. */
export function TitleExtras({ downloadUrl, adUrl }: { downloadUrl: string | null; adUrl: string | null }) {
  if (!downloadUrl && !adUrl) return null
  return (
    <div className="space-y-5">
      <DownloadButtons url={downloadUrl} />
      <AdBlock url={adUrl} />
    </div>
  )
}

/**
 * The player's place while what it needs (its configuration, the viewer's saved place) is on the
 * way: the same footprint as the source buttons (`sourceSwitch`: while the configuration is not
 * known, or when the title has more than one source), the 16:9 frame and, on a show's page, the line
 * under it (`episodeNav`), so nothing moves when it opens.
 */
export function PlayerPlaceholder({ message, sourceSwitch, episodeNav = false }: { message?: string; sourceSwitch: boolean; episodeNav?: boolean }) {
  return (
    <div>
      {sourceSwitch && <div aria-hidden="true" className="mb-3 h-8" />}
      <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black text-neutral-300" role="status">
        {message ?? t('player.loadingPlayer')}
      </div>
      {/* a show's line under the player (the episode playing, Previous and Next): two lines on a phone */}
      {episodeNav && <div aria-hidden="true" className="mt-3 h-16 sm:h-8" />}
    </div>
  )
}

/** The player with the note about pop-ups above it when ads are on. */
export function PlayerSection({ adUrl, children }: { adUrl: string | null; children: ReactNode }) {
  return (
    <section aria-label={t('title.watch')} className="space-y-3">
      <PopupNotice adsOn={!!adUrl} />
      {children}
    </section>
  )
}

/** The title page's button, beside Add to Watchlist. */
export function AddToListButton({ target }: { target: ListTarget }) {
  const { session, onClick } = useOpenAddToList(target)
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={session === undefined}
      aria-haspopup="dialog"
      className="inline-flex items-center gap-2 rounded-lg border border-neutral-500 bg-neutral-900/70 px-4 py-2.5 text-sm font-semibold text-white hover:bg-neutral-800 disabled:opacity-60"
    >
      <ListPlusIcon width={16} height={16} />
      {t('cards.addToListButton')}
    </button>
  )
}

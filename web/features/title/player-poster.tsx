/**
 * What stands in the player's place until the viewer asks to play: the title's backdrop (else its
 * poster, else a dark frame) under one large Play button covering the frame, with the point it
 * resumes from. Nothing of the player is on the page yet; pointing at or focusing the button is
 * the moment to start fetching it, so the press itself starts quickly.
 */
import { useState } from 'react'
import { PlayIcon } from '../../components/icons'
import { t } from '../../i18n'
import { useImage } from '../../lib/images'
import { FULL_WIDTH_BACKDROP } from '../../../worker/catalog/image-sizes'
import { clockTime } from './progress'

export interface PosterArt {
  backdropPath: string | null
  posterPath: string | null
}

export interface PlayerPosterProps {
  art: PosterArt
  /** The words on the button: 'Play', or 'Play S1 E3' on a show. */
  label: string
  /** The button's name for screen readers when the label alone does not say what plays ('Play Heat'); else the label. */
  name?: string
  /** Catalogue data inside `name` (the title), for the tests' pseudo-locale walk. */
  catalogText?: string
  /** Seconds; 0 when playback starts from the beginning. */
  resumeAt: number
  onIntent: () => void
  onPlay: () => void
}

function PosterImage({ art }: { art: PosterArt }) {
  const image = useImage()
  const [failed, setFailed] = useState(0)
  // The header shows the same backdrop at the same sizes, so the browser already has it.
  const candidates = [
    { source: image(art.backdropPath, 'backdrop', FULL_WIDTH_BACKDROP.width), kind: 'backdrop' as const },
    { source: image(art.posterPath, 'poster', 500), kind: 'poster' as const },
  ].flatMap((c) => (c.source ? [{ src: c.source.src, srcSet: c.source.srcSet, kind: c.kind }] : []))
  const shown = candidates[failed]
  if (!shown) return null
  const onError = () => setFailed((n) => n + 1)
  if (shown.kind === 'backdrop') {
    return <img key={shown.src} src={shown.src} srcSet={shown.srcSet} sizes={shown.srcSet && FULL_WIDTH_BACKDROP.sizes} alt="" decoding="async" onError={onError} className="absolute inset-0 h-full w-full object-cover" />
  }
  // A tall poster cropped to 16:9 would show only its middle: it stands whole over a blurred copy.
  return (
    <>
      <img src={shown.src} alt="" decoding="async" aria-hidden="true" className="absolute inset-0 h-full w-full scale-110 object-cover opacity-50 blur-2xl" />
      <img key={shown.src} src={shown.src} alt="" decoding="async" onError={onError} className="absolute inset-y-0 left-1/2 h-full -translate-x-1/2 object-contain py-3" />
    </>
  )
}

export function PlayerPoster({ art, label, name = label, catalogText, resumeAt, onIntent, onPlay }: PlayerPosterProps) {
  const resume = resumeAt > 0 ? t('player.resumeFrom', { time: clockTime(resumeAt) }) : null
  // Spelled out whole, so screen readers hear the title too and the parts never run together.
  const spoken = resume ? t('player.playAndResume', { play: name, resume }) : name
  return (
    <div className="absolute inset-0 bg-neutral-900" data-testid="player-poster">
      <PosterImage art={art} />
      {/* Artwork may carry its own lettering (film stills and key art often do): the button's words must stay readable over it. */}
      <div className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/30 to-black/10" aria-hidden="true" />
      <div className="absolute inset-0 bg-radial from-black/60 via-black/25 via-45% to-transparent to-75%" aria-hidden="true" />
      <button
        type="button"
        onClick={onPlay}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        aria-label={spoken}
        data-catalog-text={catalogText}
        className="group absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-2 p-4 text-center text-white focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-400 focus-visible:ring-inset sm:gap-3"
      >
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-600 shadow-2xl ring-4 ring-white/25 transition group-hover:scale-105 group-hover:bg-brand-500 group-focus-visible:ring-white sm:h-20 sm:w-20 lg:h-24 lg:w-24">
          {/* Play points right in every language (media controls are not mirrored), so its optical nudge stays on the left. */}
          <PlayIcon className="ml-1 h-8 w-8 sm:h-10 sm:w-10 lg:h-12 lg:w-12" />
        </span>
        <span className="text-lg font-bold drop-shadow sm:text-xl lg:text-2xl">{label}</span>
        {resume && <span className="rounded-full bg-black/60 px-3 py-1 text-sm font-medium text-neutral-100 sm:text-base">{resume}</span>}
      </button>
    </div>
  )
}

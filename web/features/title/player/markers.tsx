/**
 * What the player does with a title's markers (worker/player/marker-rules.ts): Skip intro / Skip
 * recap over the picture while the playhead is in one (or the jump itself, on a show the viewer
 * asked to skip automatically), "This was wrong" to hide a marker for this viewer, the moment the
 * end-of-episode card comes up, and on a film a "More like this" card at its credits. The markers
 * are fetched only once our player is open: this module is part of the player's own code.
 */
import { useQuery } from '@tanstack/react-query'
import { useAtom, useAtomValue } from 'jotai'
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { MediaType } from '../../../../worker/catalog/types'
import type { MarkersAnswer } from '../../../../worker/player/marker-rules'
import { t } from '../../../i18n'
import { api, readJson } from '../../../lib/api-client'
import { closingFrom, creditsOf, skippableAt, usableMarkers } from './marker-timing'
import { autoSkipShowsAtom, hiddenMarkersAtom } from './preferences'

export interface MarkerTarget {
  type: MediaType
  id: number
  season?: number
  episode?: number
}

export const markerKeys = {
  forTitle: (target: MarkerTarget) => ['player', 'markers', target.type, target.id, target.season ?? 0, target.episode ?? 0] as const,
}

export function useMarkers(target: MarkerTarget) {
  return useQuery({
    queryKey: markerKeys.forTitle(target),
    queryFn: () =>
      readJson<MarkersAnswer>(
        api.player.markers[':type'][':id'].$get({
          param: { type: target.type, id: String(target.id) },
          query: { season: String(target.season ?? 0), episode: String(target.episode ?? 0) },
        }),
      ),
    enabled: target.id > 0,
    staleTime: 10 * 60 * 1000,
    // Markers are a nicety: a failure leaves the player as it was, without asking again and again.
    retry: false,
  })
}

/** Tells the operator a viewer found this marker wrong; nothing to do when that fails. */
function reportWrong(id: number): void {
  api.player.markers[':id'].wrong.$post({ param: { id: String(id) } }).catch(() => undefined)
}

export interface MarkerLayerProps {
  target: MarkerTarget
  signedIn: boolean
  currentTime: number
  duration: number
  /** Moves the playhead from `from` to `to` (seconds) for a skip, which counts as watched. */
  onSkip: (from: number, to: number) => void
  announce: (text: string) => void
  /** Holds the Skip button's action while it shows, so the S key can do the same. */
  skipAction: RefObject<(() => void) | null>
  /** True while the playhead is past the point where the end-of-episode card comes up. */
  onClosingChange?: (closing: boolean) => void
  /** Where the credits start (seconds), null without a credits marker. */
  onCreditsChange?: (start: number | null) => void
  /** On a film, where "More like this" leads. */
  similarHref?: string
}

export function MarkerLayer({ target, signedIn, currentTime, duration, onSkip, announce, skipAction, onClosingChange, onCreditsChange, similarHref }: MarkerLayerProps) {
  const { data } = useMarkers(target)
  const [hidden, setHidden] = useAtom(hiddenMarkersAtom)
  const autoSkipShows = useAtomValue(autoSkipShowsAtom)
  const markers = usableMarkers(data?.markers ?? [], duration, hidden)
  const active = skippableAt(markers, currentTime)
  const autoSkip = target.type === 'tv' && autoSkipShows.includes(target.id)
  const credits = creditsOf(markers)
  const creditsStart = credits ? credits.start_ms / 1000 : null
  const closingAt = closingFrom(markers, duration)
  const closing = closingAt !== null && currentTime >= closingAt
  const [filmCardDismissed, setFilmCardDismissed] = useState(false)
  const inFilmCredits = target.type === 'movie' && !!similarHref && creditsStart !== null && currentTime >= creditsStart && !filmCardDismissed

  // Each marker is announced (or skipped automatically) once as the playhead enters it, not on
  // every tick; one skipped automatically and sought back into is left for the viewer.
  const seen = useRef(new Set<number>())
  const now = useRef(currentTime)
  now.current = currentTime
  const skip = () => {
    if (active) onSkip(currentTime, active.end_ms / 1000)
  }
  skipAction.current = active ? skip : null
  useEffect(() => {
    if (!active || seen.current.has(active.id)) return
    seen.current.add(active.id)
    if (autoSkip) {
      onSkip(now.current, active.end_ms / 1000)
      announce(t(active.kind === 'recap' ? 'player.recapSkipped' : 'player.introSkipped'))
    } else {
      announce(t(active.kind === 'recap' ? 'player.skipRecapAvailable' : 'player.skipIntroAvailable'))
    }
  }, [active, autoSkip, onSkip, announce])

  useEffect(() => onClosingChange?.(closing), [closing, onClosingChange])
  useEffect(() => onCreditsChange?.(creditsStart), [creditsStart, onCreditsChange])
  const filmCardShown = useRef(false)
  useEffect(() => {
    if (inFilmCredits && !filmCardShown.current) {
      filmCardShown.current = true
      announce(t('player.moreLikeThisAnnouncement'))
    }
  }, [inFilmCredits, announce])

  const hide = () => {
    if (!active) return
    setHidden([...hidden, active.id])
    if (signedIn) reportWrong(active.id)
    announce(t('player.markerHidden'))
  }

  return (
    <>
      {active && (!autoSkip || seen.current.has(active.id)) && (
        <div className="pointer-events-auto absolute end-3 bottom-3 flex flex-col items-end gap-1.5 sm:end-4 sm:bottom-4" data-testid="skip-marker">
          <button type="button" onClick={skip} className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-neutral-950 shadow-lg ring-1 ring-black/20 hover:bg-neutral-200 sm:text-base">
            {t(active.kind === 'recap' ? 'player.skipRecap' : 'player.skipIntro')}
          </button>
          <button type="button" onClick={hide} className="rounded bg-black/70 px-2 py-0.5 text-xs text-neutral-100 underline decoration-neutral-400 underline-offset-2 hover:text-white">
            {t('player.markerWrong')}
          </button>
        </div>
      )}
      {inFilmCredits && (
        <section
          aria-label={t('player.moreLikeThis')}
          data-testid="more-like-this"
          className="pointer-events-auto absolute end-3 bottom-2 w-72 max-w-[calc(100%-1.5rem)] rounded-xl bg-neutral-950/95 p-3 text-white shadow-2xl ring-1 ring-neutral-700 sm:p-4"
        >
          <p className="text-sm font-semibold sm:text-base">{t('player.moreLikeThis')}</p>
          <div className="mt-2 flex flex-wrap gap-2 sm:mt-3">
            <a href={similarHref} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-500">
              {t('player.seeSimilar')}
            </a>
            <button type="button" onClick={() => setFilmCardDismissed(true)} className="rounded-lg bg-neutral-800 px-3 py-1.5 text-sm font-semibold text-neutral-100 hover:bg-neutral-700">
              {t('player.watchCredits')}
            </button>
          </div>
        </section>
      )}
    </>
  )
}

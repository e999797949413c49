/**
 * What the player does with a title's markers (worker/player/marker-rules.ts): Skip intro / Skip
 * recap over the picture while the playhead is in one (or the jump itself, on a show the viewer
 * asked to skip automatically), "This was wrong" to hide a marker for this viewer, and the moment
 * the closing card (Up next, or More like this on a film) comes up. The markers are fetched only
 * once our player is open: this module is part of the player's own code.
 */
import { useQuery } from '@tanstack/react-query'
import { useAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import type { MediaType } from '../../../../worker/catalog/types'
import type { Marker, MarkersAnswer } from '../../../../worker/player/marker-rules'
import { t } from '../../../i18n'
import { api, readJson } from '../../../lib/api-client'
import { closingFrom, creditsOf, skippableAt, usableMarkers } from './marker-timing'
import { hiddenMarkersAtom, useAutoSkip } from './preferences'

export interface MarkerTarget {
  type: MediaType
  id: number
  season?: number
  episode?: number
}

const markerKeys = {
  forTitle: (target: MarkerTarget) => ['player', 'markers', target.type, target.id, target.season ?? 0, target.episode ?? 0] as const,
}

/** Stands for "no markers": an id no title has, so nothing is asked. */
const NO_TARGET: MarkerTarget = { type: 'movie', id: 0 }

function useTitleMarkers(target: MarkerTarget) {
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

interface MarkerPlaybackOptions {
  /** What plays; null: a player without markers. */
  target: MarkerTarget | null
  signedIn: boolean
  currentTime: number
  duration: number
  /** Moves the playhead to `to` (seconds) for a skip, which counts as watched. */
  onSkip: (to: number) => void
  announce: (text: string) => void
}

export interface MarkerPlayback {
  /** The intro or recap the playhead is in, else null. */
  active: Marker | null
  /** Whether its Skip button shows: not while it is being skipped automatically. */
  offered: boolean
  /** Jumps past the active marker; false when there is none. */
  skip: () => boolean
  /** "This was wrong": the active marker is not shown to this viewer again. */
  hide: () => void
  /** True while the playhead is past the point where the closing card comes up. */
  closing: boolean
  /** Where the credits start (seconds), null without a credits marker. */
  creditsStart: number | null
}

export function useMarkerPlayback({ target, signedIn, currentTime, duration, onSkip, announce }: MarkerPlaybackOptions): MarkerPlayback {
  const { data } = useTitleMarkers(target ?? NO_TARGET)
  const [hidden, setHidden] = useAtom(hiddenMarkersAtom)
  const [autoSkip] = useAutoSkip(target?.type === 'tv' ? target.id : null)
  const markers = usableMarkers(data?.markers ?? [], duration, hidden)
  const active = skippableAt(markers, currentTime)
  const credits = creditsOf(markers)
  const closingAt = closingFrom(markers, duration)

  // Each marker is announced (or skipped automatically) once as the playhead enters it, not on
  // every tick; one skipped automatically and sought back into is left for the viewer.
  const seen = useRef(new Set<number>())
  useEffect(() => {
    if (!active || seen.current.has(active.id)) return
    seen.current.add(active.id)
    if (autoSkip) {
      onSkip(active.end_ms / 1000)
      announce(t(active.kind === 'recap' ? 'player.recapSkipped' : 'player.introSkipped'))
    } else {
      announce(t(active.kind === 'recap' ? 'player.skipRecapAvailable' : 'player.skipIntroAvailable'))
    }
  }, [active, autoSkip, onSkip, announce])

  return {
    active,
    offered: !!active && (!autoSkip || seen.current.has(active.id)),
    skip: () => {
      if (!active) return false
      onSkip(active.end_ms / 1000)
      return true
    },
    hide: () => {
      if (!active) return
      setHidden([...hidden, active.id])
      if (signedIn) reportWrong(active.id)
      announce(t('player.markerHidden'))
    },
    closing: closingAt !== null && currentTime >= closingAt,
    creditsStart: credits ? credits.start_ms / 1000 : null,
  }
}

/** Skip intro / Skip recap, with "This was wrong" under it, in the picture's corner above the controls. */
export function SkipMarker({ kind, onSkip, onHide }: { kind: Marker['kind']; onSkip: () => void; onHide: () => void }) {
  return (
    <div className="pointer-events-auto absolute end-3 bottom-3 flex flex-col items-end gap-1.5 sm:end-4 sm:bottom-4">
      <button type="button" onClick={onSkip} className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-neutral-950 shadow-lg ring-1 ring-black/20 hover:bg-neutral-200 sm:text-base">
        {t(kind === 'recap' ? 'player.skipRecap' : 'player.skipIntro')}
      </button>
      <button type="button" onClick={onHide} className="rounded bg-black/70 px-2 py-0.5 text-xs text-neutral-100 underline decoration-neutral-400 underline-offset-2 hover:text-white">
        {t('player.markerWrong')}
      </button>
    </div>
  )
}

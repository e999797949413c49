/**
 * Captions for our player: the subtitle tracks a stream's master playlist lists (hls.js reads
 * them, for our sample and for an operator's streams alike), the viewer's choice remembered by
 * language across titles and visits (localStorage, through jotai), the choice applied to
 * whatever tracks the next stream has, and the line on screen given to screen readers.
 */
import { atomWithStorage } from 'jotai/utils'
import { useEffect, useState, type RefObject } from 'react'
import { t } from '../../../i18n'

export const CAPTIONS_STORAGE_KEY = 'player-captions'
/** The remembered choice: a language code ('en'), or 'off'. */
export const captionsChoiceAtom = atomWithStorage<string>(CAPTIONS_STORAGE_KEY, 'off', undefined, { getOnInit: true })

export interface CaptionTrack {
  /** The track's index in hls.js's subtitleTracks. */
  id: number
  label: string
  lang: string
}

export function captionTracks(tracks: { name: string; lang?: string }[]): CaptionTrack[] {
  return tracks.map((track, id) => ({ id, label: track.name || track.lang || t('player.captionTrack', { number: id + 1 }), lang: (track.lang ?? '').toLowerCase() }))
}

/**
 * The track to show for a remembered choice: the same language (or, for 'pt', 'pt-br' and the
 * other way round), else none; -1 means off.
 */
export function trackForChoice(tracks: CaptionTrack[], choice: string): number {
  if (choice === 'off' || !choice) return -1
  const wanted = choice.toLowerCase()
  const base = wanted.split('-')[0]
  const exact = tracks.find((t) => t.lang === wanted)
  const related = tracks.find((t) => t.lang.split('-')[0] === base)
  return (exact ?? related)?.id ?? -1
}

/** What the choice of a track remembers. */
export function choiceForTrack(tracks: CaptionTrack[], id: number): string {
  return tracks.find((t) => t.id === id)?.lang || 'off'
}

/**
 * The caption line on screen, for screen readers (the browser draws captions where they cannot
 * read them): whichever text track is showing, line by line.
 */
export function useCaptionLine(videoRef: RefObject<HTMLVideoElement | null>, src: string): [string, (line: string) => void] {
  const [line, setLine] = useState('')
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const listeners = new AbortController()
    let watched: TextTrack | null = null
    const onCue = () => {
      const cues = watched?.activeCues
      setLine(cues ? Array.from(cues, (cue) => (cue as VTTCue).text ?? '').join('\n') : '')
    }
    const follow = () => {
      const showing = Array.from(video.textTracks).find((t) => t.mode === 'showing' && (t.kind === 'subtitles' || t.kind === 'captions')) ?? null
      if (showing === watched) return
      watched?.removeEventListener('cuechange', onCue)
      watched = showing
      watched?.addEventListener('cuechange', onCue)
      onCue()
    }
    video.textTracks.addEventListener('change', follow, { signal: listeners.signal })
    video.textTracks.addEventListener('addtrack', follow, { signal: listeners.signal })
    follow()
    return () => {
      listeners.abort()
      watched?.removeEventListener('cuechange', onCue)
    }
  }, [videoRef, src])
  return [line, setLine]
}

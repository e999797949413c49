/**
 * Captions for our player: the subtitle tracks a stream's master playlist lists (hls.js reads
 * them, for our sample and for an operator's streams alike), the viewer's choice remembered by
 * language across titles and visits (localStorage, through jotai), the choice applied to
 * whatever tracks the next stream has, the line on screen given to screen readers, and the lines
 * kept clear of the controls while they show.
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

/** What a cue said of its own place before the controls moved it. */
interface CuePlace {
  line: VTTCue['line']
  snapToLines: boolean
  lineAlign: VTTCue['lineAlign']
}
const ownPlaces = new WeakMap<VTTCue, CuePlace>()

/**
 * The height of a caption line in a video `height` pixels high, as styles.css draws it: the
 * browser's cue font is 5% of the video's height, ours 1.15 times that with a 15 px floor, and the
 * line 1.35 times the font.
 */
export function captionLineHeight(height: number): number {
  return Math.max(15, height * 0.05 * 1.15) * 1.35
}

/**
 * Moves a cue the stream left to the browser's placing (line 'auto', at the bottom) up by at least
 * `clearance` pixels of a video `height` pixels high, so the controls do not cover it; with a
 * clearance of 0 it goes back to its own place. Counted in lines from the bottom (line -1 is the
 * bottom line), so a cue of two lines grows upwards; browsers do not all place a cue by a
 * percentage and an alignment. A cue the stream placed itself is left where it is. Answers
 * whether the cue moved.
 */
export function clearCueOf(cue: VTTCue, height: number, clearance: number): boolean {
  const own = ownPlaces.get(cue) ?? { line: cue.line, snapToLines: cue.snapToLines, lineAlign: cue.lineAlign }
  ownPlaces.set(cue, own)
  if (own.line !== 'auto') return false
  if (clearance > 0 && height > clearance) {
    const line = -(Math.ceil(clearance / captionLineHeight(height)) + 1)
    if (cue.line === line && cue.snapToLines) return false
    cue.snapToLines = true
    cue.line = line
    return true
  }
  if (cue.line === own.line && cue.snapToLines === own.snapToLines) return false
  cue.snapToLines = own.snapToLines
  cue.line = own.line
  return true
}

/** Keeps the captions on screen clear of the controls (`clearance` pixels at the bottom) while they show. */
export function useCaptionsClearOfControls(videoRef: RefObject<HTMLVideoElement | null>, src: string, clearance: number): void {
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const place = () => {
      for (const track of Array.from(video.textTracks)) {
        if (track.mode !== 'showing' || !track.activeCues) continue
        for (const cue of Array.from(track.activeCues)) {
          // Chromium draws a changed cue again only at the next frame of playback, so a paused
          // video's cue is taken off and put back to be drawn where it now belongs.
          if ('line' in cue && clearCueOf(cue as VTTCue, video.clientHeight, clearance)) {
            track.removeCue(cue)
            track.addCue(cue)
          }
        }
      }
    }
    const listeners = new AbortController()
    const watched = new Set<TextTrack>()
    const watch = () => {
      for (const track of Array.from(video.textTracks)) {
        if (watched.has(track)) continue
        watched.add(track)
        track.addEventListener('cuechange', place, { signal: listeners.signal })
      }
      place()
    }
    video.textTracks.addEventListener('addtrack', watch, { signal: listeners.signal })
    video.textTracks.addEventListener('change', watch, { signal: listeners.signal })
    watch()
    return () => listeners.abort()
  }, [videoRef, src, clearance])
}

/**
 * Reports what the viewer watched to the history: every 15 s while playing, on pause and at the
 * end, when the player goes away (another source, episode, season or page: the report is queued
 * before anything recorded after it), and when the page is hidden or left (reload, tab close, a
 * typed address, the back button, a phone going to sleep: by beacon). Only for a signed-in account.
 *
 * It listens to anything that behaves like a media element: our video, or an operator's frame
 * speaking the progress protocol (frame-progress.ts). The pause, end and leave reports say so
 * (`reason`); the periodic ones do not.
 */
import { useEffect, useRef, useState, type RefObject } from 'react'
import { beaconProgress, sendProgress } from './history-client'
import { REPORT_INTERVAL_MS, WatchProgress, type HistoryPayload, type HistoryTitle } from './progress'

/** What the reporting reads: an HTMLMediaElement, or a stand-in with the same events. */
export interface MediaLike extends EventTarget {
  readonly currentTime: number
  readonly duration: number
  readonly paused: boolean
  readonly seeking: boolean
}

export interface ProgressOptions {
  enabled: boolean
  title: HistoryTitle
  /**
   * Seconds watched so far, across visits and players: read when a player starts and advanced
   * when it stops, so switching episodes or sources never makes the total go backwards.
   */
  watched: { current: number }
  /** False for an episode before a show's last, so finishing it does not finish the show. */
  completesTitle?: boolean
}

/**
 * What the player tells the reporting beyond the media's own events: a span it skipped (counted as
 * watched) and where the credits start (reaching them counts as reaching the end).
 */
export interface ProgressMarks {
  skipped: (from: number, to: number) => void
  setFinishAt: (seconds: number | null) => void
}

export function useProgressReporting(mediaRef: RefObject<MediaLike | null>, { enabled, title, watched, completesTitle = true }: ProgressOptions): ProgressMarks {
  const { content_id, content_type, title: name, poster_path, season_number, episode_number } = title
  const current = useRef<WatchProgress | null>(null)
  const finishAt = useRef<number | null>(null)
  const [marks] = useState<ProgressMarks>(() => ({
    skipped: (from, to) => current.current?.skipped(from, to),
    setFinishAt: (seconds) => {
      finishAt.current = seconds
      current.current?.setFinishAt(seconds)
    },
  }))
  useEffect(() => {
    const media = mediaRef.current
    if (!enabled || !media) return
    const progress = new WatchProgress({ content_id, content_type, title: name, poster_path, season_number, episode_number }, watched.current, completesTitle)
    progress.setFinishAt(finishAt.current)
    current.current = progress
    let timer: number | undefined

    const onTime = () => progress.update(media.currentTime, media.duration, !media.paused && !media.seeking)
    const report = (how: 'fetch' | 'beacon', reason?: HistoryPayload['reason'], sample = true) => {
      if (sample) onTime()
      const taken = progress.takeReport()
      const payload = taken && reason ? { ...taken, reason } : taken
      watched.current = progress.snapshot().watch_duration
      if (how === 'beacon') beaconProgress(payload)
      else if (payload) void sendProgress(payload)
    }
    const onPlay = () => {
      progress.interrupt()
      window.clearInterval(timer)
      timer = window.setInterval(() => report('fetch'), REPORT_INTERVAL_MS)
    }
    const onPause = () => {
      window.clearInterval(timer)
      onTime()
      progress.interrupt()
      report('fetch', 'pause')
    }
    const onSeeking = () => progress.interrupt()
    const onEnded = () => {
      window.clearInterval(timer)
      progress.markEnded()
      report('fetch', 'end')
    }
    const onHide = () => report('beacon', 'leave')
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide()
    }

    // Every listener goes with this effect: one abort removes them all.
    const listeners = new AbortController()
    const { signal } = listeners
    media.addEventListener('timeupdate', onTime, { signal })
    media.addEventListener('play', onPlay, { signal })
    media.addEventListener('pause', onPause, { signal })
    media.addEventListener('seeking', onSeeking, { signal })
    media.addEventListener('ended', onEnded, { signal })
    window.addEventListener('pagehide', onHide, { signal })
    document.addEventListener('visibilitychange', onVisibility, { signal })
    if (!media.paused) onPlay()
    return () => {
      current.current = null
      window.clearInterval(timer)
      listeners.abort()
      // The last sample stands: the player may already have let go of its stream (a video
      // without its source reads 0 s), depending on which of the page's parts is taken down first.
      report('fetch', 'leave', false)
    }
  }, [mediaRef, enabled, content_id, content_type, name, poster_path, season_number, episode_number, watched, completesTitle])
  return marks
}

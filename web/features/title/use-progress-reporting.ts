/**
 * Reports what the viewer watched in a media element to the history: every 15 s while playing,
 * on pause and at the end, when the page is hidden or left (by beacon), and when the player goes
 * away (another source, episode or page). Only for a signed-in account.
 */
import { useEffect, type RefObject } from 'react'
import { beaconProgress, sendProgress } from './history-client'
import { REPORT_INTERVAL_MS, WatchProgress, type HistoryTitle } from './progress'

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

export function useProgressReporting(videoRef: RefObject<HTMLVideoElement | null>, { enabled, title, watched, completesTitle = true }: ProgressOptions) {
  const { content_id, content_type, title: name, poster_path, season_number, episode_number } = title
  useEffect(() => {
    const video = videoRef.current
    if (!enabled || !video) return
    const progress = new WatchProgress({ content_id, content_type, title: name, poster_path, season_number, episode_number }, watched.current, completesTitle)
    let timer: number | undefined

    const report = (how: 'fetch' | 'beacon') => {
      const payload = progress.takeReport()
      if (!payload) return
      if (how === 'beacon') beaconProgress(payload)
      else void sendProgress(payload)
    }
    const onTime = () => progress.update(video.currentTime, video.duration, !video.paused && !video.seeking)
    const onPlay = () => {
      progress.interrupt()
      window.clearInterval(timer)
      timer = window.setInterval(() => report('fetch'), REPORT_INTERVAL_MS)
    }
    const onPause = () => {
      window.clearInterval(timer)
      onTime()
      progress.interrupt()
      report('fetch')
    }
    const onSeeking = () => progress.interrupt()
    const onEnded = () => {
      window.clearInterval(timer)
      progress.markEnded()
      report('fetch')
    }
    const onHide = () => report('beacon')
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide()
    }

    // Every listener goes with this effect: one abort removes them all.
    const listeners = new AbortController()
    const { signal } = listeners
    video.addEventListener('timeupdate', onTime, { signal })
    video.addEventListener('play', onPlay, { signal })
    video.addEventListener('pause', onPause, { signal })
    video.addEventListener('seeking', onSeeking, { signal })
    video.addEventListener('ended', onEnded, { signal })
    window.addEventListener('pagehide', onHide, { signal })
    document.addEventListener('visibilitychange', onVisibility, { signal })
    if (!video.paused) onPlay()
    return () => {
      window.clearInterval(timer)
      listeners.abort()
      report('fetch')
      watched.current = progress.snapshot().watch_duration
    }
  }, [videoRef, enabled, content_id, content_type, name, poster_path, season_number, episode_number, watched, completesTitle])
}

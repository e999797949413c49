/**
 * Our HLS player: hls.js (fetched through player-loader.ts once the viewer means to play, like this
 * module itself) with the adaptive rules of hls-config.ts, a quality menu (Auto plus the stream's levels), keyboard
 * shortcuts while it has focus, and Safari's native HLS where Media Source Extensions are missing.
 * The browser's own controls do the rest.
 */
import type Hls from 'hls.js'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { ConnectionQuality } from './connection-quality'
import {
  bufferAhead,
  hlsConfig,
  LEVEL_DROP_COOLDOWN_MS,
  levelLabels,
  NETWORK_RETRY_DELAY_MS,
  shouldLowerLevel,
  shouldRestartAfterStall,
  startLevelFor,
  STALL_RESTART_MS,
  type QualityLevel,
} from './hls-config'
import { loadHls } from './player-loader'
import { useProgressReporting, type ProgressOptions } from './use-progress-reporting'

const SEEK_STEP_SECONDS = 10
const VOLUME_STEP = 0.1

export interface HlsPlayerProps {
  src: string
  title: string
  startAt: number
  connection: ConnectionQuality | undefined
  progress: ProgressOptions
  /** Start playing as soon as the stream can play (the viewer asked for this episode). */
  autoPlay?: boolean
  onReady: () => void
  onFailure: (message: string) => void
  /** True when playback reaches the end, false again when the viewer plays or seeks. */
  onEndedChange?: (ended: boolean) => void
  /**
   * Handed the player once it is on the page, so the viewer who pressed Play lands in it and the
   * keyboard shortcuts work at once.
   */
  takeFocus?: (player: HTMLElement) => void
  /** Drawn over the video inside the player, so it stays visible in the player's full screen. */
  children?: ReactNode
}

function handleShortcut(video: HTMLVideoElement, key: string, container: HTMLElement): boolean {
  switch (key) {
    case ' ':
    case 'Spacebar':
      if (video.paused) void video.play().catch(() => undefined)
      else video.pause()
      return true
    case 'ArrowLeft':
      video.currentTime = Math.max(0, video.currentTime - SEEK_STEP_SECONDS)
      return true
    case 'ArrowRight':
      video.currentTime = Number.isFinite(video.duration) ? Math.min(video.duration, video.currentTime + SEEK_STEP_SECONDS) : video.currentTime + SEEK_STEP_SECONDS
      return true
    case 'ArrowUp':
      video.muted = false
      video.volume = Math.min(1, Math.round((video.volume + VOLUME_STEP) * 10) / 10)
      return true
    case 'ArrowDown':
      video.volume = Math.max(0, Math.round((video.volume - VOLUME_STEP) * 10) / 10)
      return true
    case 'f':
    case 'F':
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
      else void container.requestFullscreen?.().catch(() => undefined)
      return true
    case 'm':
    case 'M':
      video.muted = !video.muted
      return true
    default:
      return false
  }
}

export function HlsPlayer({ src, title, startAt, connection, progress, autoPlay = false, onReady, onFailure, onEndedChange, takeFocus, children }: HlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const hlsRef = useRef<Hls | null>(null)
  const [levels, setLevels] = useState<QualityLevel[]>([])
  const [chosenLevel, setChosenLevel] = useState(-1)
  const [playingLevel, setPlayingLevel] = useState(-1)
  const qualityId = useId()
  const callbacks = useRef({ onReady, onFailure, onEndedChange })
  callbacks.current = { onReady, onFailure, onEndedChange }
  const autoPlayRef = useRef(autoPlay)
  // Read once when the stream starts (it may still be unknown then): a later measurement must
  // not tear down a playing stream.
  const initialConnection = useRef(connection)
  initialConnection.current ??= connection

  useProgressReporting(videoRef, progress)

  const focusTaker = useRef(takeFocus)
  useEffect(() => {
    if (containerRef.current) focusTaker.current?.(containerRef.current)
  }, [])

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    let cancelled = false
    let hls: Hls | null = null
    let lastDrop = 0
    let retryTimer: number | undefined
    let stallTimer: number | undefined
    // Every listener below goes with this effect: one abort removes them all.
    const listeners = new AbortController()
    const { signal } = listeners
    const ready = () => callbacks.current.onReady()
    // loadedmetadata rather than loadeddata: Safari's native HLS with preload="metadata" loads
    // no media data until the viewer presses play, and the overlay would hide the controls.
    video.addEventListener('loadedmetadata', ready, { once: true, signal })
    const ended = () => {
      // The video element's own full screen would hide whatever the page shows at the end.
      if (document.fullscreenElement === video) void document.exitFullscreen().catch(() => undefined)
      callbacks.current.onEndedChange?.(true)
    }
    const resumed = () => callbacks.current.onEndedChange?.(false)
    video.addEventListener('ended', ended, { signal })
    video.addEventListener('play', resumed, { signal })
    video.addEventListener('seeking', resumed, { signal })
    // Asked for by the viewer: play once the metadata is in (Safari's native HLS loads no more
    // before play()). hls.js may still be attaching then, which aborts the first play(): ask again
    // when it can play. A browser may refuse sound without a gesture; the controls remain.
    const playAgainWhenReady = () => void video.play().catch(() => undefined)
    const autoPlayNow = () => {
      video.play().catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') video.addEventListener('canplay', playAgainWhenReady, { once: true, signal })
      })
    }
    if (autoPlayRef.current) video.addEventListener('loadedmetadata', autoPlayNow, { once: true, signal })

    const stepDownIf = (ahead: number, remaining: number) => {
      if (!hls) return
      const state = { bufferAhead: ahead, remaining, currentLevel: hls.currentLevel, autoLevel: hls.autoLevelEnabled, sinceLastDropMs: Date.now() - lastDrop }
      if (!shouldLowerLevel(state)) return
      lastDrop = Date.now()
      // nextAutoLevel keeps hls.js's own bandwidth estimate in charge afterwards.
      hls.nextAutoLevel = hls.currentLevel - 1
    }
    // A stall or the end of the buffer counts as an empty buffer.
    const lowerLevel = () => stepDownIf(0, Infinity)
    // hls.js reports a stall once per stall. If the playhead is still stuck a second later, the
    // fragment being loaded is not arriving: ask again from the playhead, a level lower, and keep
    // stepping down each second while it stays stuck. At the lowest level one restart is made and
    // the loader's own timeouts and retries take over, so a slow fragment is not cut off forever.
    const restartIfStillStalled = (stalledAt = video.currentTime) => {
      window.clearTimeout(stallTimer)
      stallTimer = window.setTimeout(() => {
        const { currentTime, paused, seeking, ended } = video
        if (!hls || !shouldRestartAfterStall({ stalledAt, currentTime, paused, seeking, ended, bufferAhead: bufferAhead(video.buffered, currentTime) })) return
        const lower = hls.autoLevelEnabled && hls.loadLevel > 0
        if (lower) hls.nextAutoLevel = hls.loadLevel - 1
        hls.startLoad(currentTime)
        if (lower) restartIfStillStalled(stalledAt)
      }, STALL_RESTART_MS)
    }
    const checkBuffer = () => {
      if (video.paused || video.seeking) return
      const remaining = Number.isFinite(video.duration) ? video.duration - video.currentTime : Infinity
      stepDownIf(bufferAhead(video.buffered, video.currentTime), remaining)
    }

    async function start(video: HTMLVideoElement) {
      const { default: HlsJs } = await loadHls()
      if (cancelled) return
      if (!HlsJs.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          if (startAt > 0) {
            video.addEventListener('loadedmetadata', () => (video.currentTime = startAt), { once: true, signal })
          }
          video.src = src
        } else {
          callbacks.current.onFailure('This browser cannot play this stream.')
        }
        return
      }
      hls = new HlsJs({ ...hlsConfig, startPosition: startAt > 0 ? startAt : -1 })
      hlsRef.current = hls
      hls.on(HlsJs.Events.MANIFEST_PARSED, (_event, data) => {
        setLevels(levelLabels(data.levels))
        // Set before the first fragment is asked for, once the renditions are known.
        if (hls) hls.startLevel = startLevelFor(initialConnection.current, data.levels.length)
      })
      hls.on(HlsJs.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level))
      // SPEC.md's helper steps down at the end of the buffer as well as when it runs low.
      hls.on(HlsJs.Events.BUFFER_EOS, lowerLevel)
      hls.on(HlsJs.Events.ERROR, (_event, data) => {
        if (data.details === HlsJs.ErrorDetails.BUFFER_STALLED_ERROR) {
          lowerLevel()
          restartIfStillStalled(video.currentTime)
        }
        if (!data.fatal || !hls) return
        if (data.type === HlsJs.ErrorTypes.NETWORK_ERROR) {
          window.clearTimeout(retryTimer)
          retryTimer = window.setTimeout(() => hls?.startLoad(), NETWORK_RETRY_DELAY_MS)
        } else if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR) {
          hls.recoverMediaError()
        } else {
          hls.destroy()
          hls = null
          hlsRef.current = null
          callbacks.current.onFailure('The stream could not be played.')
        }
      })
      hls.loadSource(src)
      hls.attachMedia(video)
    }

    video.addEventListener('timeupdate', checkBuffer, { signal })
    start(video).catch(() => callbacks.current.onFailure('The player could not be loaded.'))
    return () => {
      cancelled = true
      window.clearTimeout(retryTimer)
      window.clearTimeout(stallTimer)
      listeners.abort()
      hls?.destroy()
      hlsRef.current = null
      setLevels([])
      setChosenLevel(-1)
    }
  }, [src, startAt])

  const chooseLevel = (level: number) => {
    setChosenLevel(level)
    if (hlsRef.current) hlsRef.current.currentLevel = level
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    if (target.closest('select, input, textarea') || event.altKey || event.ctrlKey || event.metaKey) return
    const video = videoRef.current
    const container = containerRef.current
    if (video && container && handleShortcut(video, event.key, container)) event.preventDefault()
  }

  const autoLabel = chosenLevel === -1 && playingLevel >= 0 && levels[playingLevel] ? `Auto (${levels[playingLevel].label})` : 'Auto'

  return (
    <div
      ref={containerRef}
      role="group"
      aria-label={`${title} video player. Space plays or pauses, arrows seek and change volume, F toggles full screen, M mutes.`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="relative h-full w-full bg-black"
    >
      <video ref={videoRef} controls playsInline preload="metadata" className="h-full w-full" aria-label={title} data-testid="hls-video" />
      {children}
      {levels.length > 1 && (
        <div className="absolute top-2 right-2 flex items-center gap-1.5 rounded-md bg-black/70 px-2 py-1 text-xs text-white">
          <label htmlFor={qualityId}>Quality</label>
          <select
            id={qualityId}
            value={chosenLevel}
            onChange={(e) => chooseLevel(Number(e.target.value))}
            className="rounded bg-neutral-900 px-1 py-0.5 text-xs text-white"
          >
            <option value={-1}>{autoLabel}</option>
            {levels.map((level) => (
              <option key={level.index} value={level.index}>
                {level.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}

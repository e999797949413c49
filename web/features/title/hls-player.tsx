/**
 * Our HLS player: hls.js (fetched through player-loader.ts once the viewer means to play, like this
 * module itself) with the adaptive rules of hls-config.ts, and Safari's native HLS where Media
 * Source Extensions are missing. Over the browser's own controls it adds a toolbar (quality,
 * captions, speed, picture-in-picture, casting, shortcuts help: player/player-toolbar.tsx) and
 * keyboard shortcuts while it has the focus (player/shortcuts.ts). Captions are the stream's own
 * subtitle tracks, drawn by the browser, the chosen language remembered and each line also given
 * to screen readers.
 */
import type Hls from 'hls.js'
import type { HlsConfig } from 'hls.js'
import { useAtom } from 'jotai'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { t } from '../../i18n'
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
import { captionsChoiceAtom, captionTracks, choiceForTrack, trackForChoice, type CaptionTrack } from './player/captions'
import { usePictureInPicture, useRemotePlayback } from './player/media-features'
import { PlayerToolbar, rateLabel } from './player/player-toolbar'
import { FragmentPreloads, nextFragmentToPreload, PreloadTimer, preloadingLoader } from './player/preload'
import { handleShortcut } from './player/shortcuts'
import { ShortcutsHelp } from './player/shortcuts-help'
import { loadHls } from './player-loader'
import { useProgressReporting, type ProgressOptions } from './use-progress-reporting'

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

export function HlsPlayer({ src, title, startAt, connection, progress, autoPlay = false, onReady, onFailure, onEndedChange, takeFocus, children }: HlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const hlsRef = useRef<Hls | null>(null)
  const [levels, setLevels] = useState<QualityLevel[]>([])
  const [chosenLevel, setChosenLevel] = useState(-1)
  const [playingLevel, setPlayingLevel] = useState(-1)
  const [captions, setCaptions] = useState<CaptionTrack[]>([])
  const [captionId, setCaptionId] = useState(-1)
  const [captionChoice, setCaptionChoice] = useAtom(captionsChoiceAtom)
  const choiceRef = useRef(captionChoice)
  choiceRef.current = captionChoice
  const [captionLine, setCaptionLine] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const [rate, setRate] = useState(1)
  const [helpOpen, setHelpOpen] = useState(false)
  const pictureInPicture = usePictureInPicture(videoRef)
  const cast = useRemotePlayback(videoRef, src)
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
    const preloads = new FragmentPreloads()
    let preloadTimer: PreloadTimer | null = null
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
          callbacks.current.onFailure(t('player.browserCannotPlay'))
        }
        return
      }
      hls = new HlsJs({
        ...hlsConfig,
        fLoader: preloadingLoader(HlsJs.DefaultConfig.loader, preloads) as unknown as HlsConfig['fLoader'],
        startPosition: startAt > 0 ? startAt : -1,
      })
      hlsRef.current = hls
      // SPEC.md's preload timer (player/preload.ts): the fragment after the one hls.js is
      // downloading comes down beside it.
      let loadingUrl: string | null = null
      hls.on(HlsJs.Events.FRAG_LOADING, (_event, data) => {
        if (data.frag.type === 'main') loadingUrl = data.frag.url
      })
      hls.on(HlsJs.Events.FRAG_LOADED, (_event, data) => {
        if (data.frag.type !== 'main') return
        if (loadingUrl === data.frag.url) loadingUrl = null
        preloadTimer?.fragmentLoaded()
      })
      hls.on(HlsJs.Events.LEVEL_SWITCHING, () => preloads.clear())
      preloadTimer = new PreloadTimer(() => {
        const details = hls && hls.loadLevel >= 0 ? hls.levels[hls.loadLevel]?.details : undefined
        if (!details) return
        const bufferedEnd = video.currentTime + bufferAhead(video.buffered, video.currentTime)
        const next = nextFragmentToPreload(details.fragments, loadingUrl, bufferedEnd, (url) => preloads.has(url))
        if (next) preloads.start(next.url)
      })
      preloadTimer.start()
      hls.on(HlsJs.Events.MANIFEST_PARSED, (_event, data) => {
        setLevels(levelLabels(data.levels))
        // Set before the first fragment is asked for, once the renditions are known.
        if (hls) hls.startLevel = startLevelFor(initialConnection.current, data.levels.length)
      })
      hls.on(HlsJs.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level))
      // The stream's subtitle tracks; the remembered language is shown when the stream has it.
      // hls.js settles its own default track once the media is attached, so the choice is applied
      // again when the metadata is in.
      let tracks: CaptionTrack[] = []
      const applyCaptionChoice = () => {
        const id = trackForChoice(tracks, choiceRef.current)
        setCaptionId(id)
        if (!hls || tracks.length === 0) return
        hls.subtitleTrack = id
        hls.subtitleDisplay = id >= 0
      }
      hls.on(HlsJs.Events.SUBTITLE_TRACKS_UPDATED, (_event, data) => {
        tracks = captionTracks(data.subtitleTracks)
        setCaptions(tracks)
        applyCaptionChoice()
      })
      video.addEventListener('loadedmetadata', applyCaptionChoice, { once: true, signal })
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
          callbacks.current.onFailure(t('player.streamPlayFailed'))
        }
      })
      hls.loadSource(src)
      hls.attachMedia(video)
    }

    video.addEventListener('timeupdate', checkBuffer, { signal })
    start(video).catch(() => callbacks.current.onFailure(t('player.playerLoadFailed')))
    return () => {
      cancelled = true
      window.clearTimeout(retryTimer)
      window.clearTimeout(stallTimer)
      preloadTimer?.stop()
      preloads.clear()
      listeners.abort()
      hls?.destroy()
      hlsRef.current = null
      setLevels([])
      setChosenLevel(-1)
      setCaptions([])
      setCaptionId(-1)
    }
  }, [src, startAt])

  // The caption line on screen, for screen readers (the browser draws captions where they cannot
  // read them): whichever text track is showing, line by line.
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const listeners = new AbortController()
    let watched: TextTrack | null = null
    const onCue = () => {
      const cues = watched?.activeCues
      setCaptionLine(cues ? Array.from(cues, (cue) => (cue as VTTCue).text ?? '').join('\n') : '')
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
  }, [src])

  const chooseLevel = (level: number) => {
    setChosenLevel(level)
    if (hlsRef.current) hlsRef.current.currentLevel = level
  }

  const chooseCaption = (id: number) => {
    const hls = hlsRef.current
    if (hls) {
      hls.subtitleTrack = id
      hls.subtitleDisplay = id >= 0
    }
    setCaptionId(id)
    setCaptionChoice(choiceForTrack(captions, id))
    if (id < 0) setCaptionLine('')
    const track = captions.find((t) => t.id === id)
    setAnnouncement(track ? t('player.captionsOn', { track: track.label }) : t('player.captionsOff'))
  }
  // C turns captions off, or back on in the remembered language (else the first track).
  const toggleCaptions = () => {
    if (captions.length === 0) return
    if (captionId >= 0) chooseCaption(-1)
    else chooseCaption(Math.max(0, trackForChoice(captions, captionChoice)))
  }

  const chooseRate = (value: number) => {
    if (videoRef.current) videoRef.current.playbackRate = value
  }
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const listeners = new AbortController()
    video.addEventListener(
      'ratechange',
      () => {
        setRate(video.playbackRate)
        setAnnouncement(t('player.speedAnnouncement', { rate: rateLabel(video.playbackRate) }))
      },
      { signal: listeners.signal },
    )
    return () => listeners.abort()
  }, [])

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    else void containerRef.current?.requestFullscreen?.().catch(() => undefined)
  }

  const closeHelp = () => {
    setHelpOpen(false)
    containerRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    if (target.closest('select, input, textarea, [role="dialog"]') || event.altKey || event.ctrlKey || event.metaKey) return
    // A button of the toolbar keeps its own Space and Enter.
    if (target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return
    const video = videoRef.current
    if (video && handleShortcut(video, event.key, { toggleFullscreen, toggleCaptions, togglePictureInPicture: pictureInPicture.toggle, showHelp: () => setHelpOpen(true) })) {
      event.preventDefault()
    }
  }

  const autoLabel = chosenLevel === -1 && playingLevel >= 0 && levels[playingLevel] ? t('player.qualityAutoPlaying', { quality: levels[playingLevel].label }) : t('player.qualityAuto')

  return (
    <div
      ref={containerRef}
      role="group"
      aria-label={t('player.groupLabel', { title })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="relative h-full w-full bg-black"
    >
      {/* A video's timeline runs left to right in every language, as in the platforms' own players: the browser's controls are not mirrored. */}
      <video ref={videoRef} controls playsInline preload="metadata" dir="ltr" className="h-full w-full" aria-label={title} data-testid="hls-video" />
      {children}
      <PlayerToolbar
        levels={levels}
        chosenLevel={chosenLevel}
        autoLabel={autoLabel}
        onLevel={chooseLevel}
        captions={captions}
        captionId={captionId}
        onCaption={chooseCaption}
        rate={rate}
        onRate={chooseRate}
        pictureInPicture={pictureInPicture}
        cast={cast}
        onHelp={() => setHelpOpen(true)}
      />
      {helpOpen && <ShortcutsHelp onClose={closeHelp} />}
      <p className="sr-only" aria-live="polite" data-testid="caption-line">
        {captionLine}
      </p>
      <p className="sr-only" role="status" data-testid="player-announcement">
        {announcement}
      </p>
    </div>
  )
}

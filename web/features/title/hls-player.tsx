/**
 * Our HLS player: the video with our own controls over it, in place of the browser's. The engine
 * (player/engine.ts: hls.js with the adaptive rules, or Safari's native HLS) plays the stream; over
 * the picture sit the title on top, the control bar at the bottom (player/control-bar.tsx: the scrub
 * bar with preview thumbnails, play, volume, time, the settings menu for quality, captions and
 * speed, picture-in-picture, casting, theatre, full screen), and between them the panels (the
 * settings menu, the shortcuts, Up next), always clear of the controls. The controls fade after
 * 3 s of playback and come back on any movement, tap, key or focus (player/visibility.ts); on a
 * touch screen a double tap on either side seeks (player/gestures.ts) and full screen follows the
 * rotation (player/fullscreen.ts). Keyboard shortcuts work while the player has the focus
 * (player/shortcuts.ts), and changes of state are announced to screen readers. A title's markers
 * (player/markers.tsx) put Skip intro / Skip recap over the picture and say when the credits start.
 */
import { useAtom } from 'jotai'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { t } from '../../i18n'
import type { ConnectionQuality } from './connection-quality'
import { captionsChoiceAtom, choiceForTrack, trackForChoice, useCaptionLine, useCaptionsClearOfControls } from './player/captions'
import { CONTROLS_CLEARANCE, CONTROLS_CLEARANCE_PX, ControlBar } from './player/control-bar'
import { PauseGlyph, PlayGlyph } from './player/control-icons'
import { useHlsEngine } from './player/engine'
import { useFullscreen } from './player/fullscreen'
import { GestureLayer } from './player/gesture-layer'
import { usePictureInPicture, useRemotePlayback } from './player/media-features'
import { SkipMarker, useMarkerPlayback, type MarkerTarget } from './player/markers'
import { useMediaState } from './player/media-state'
import { autoplayNextAtom, useAutoSkip } from './player/preferences'
import { rateLabel, SettingsMenu, type SettingsSwitch } from './player/settings-menu'
import { handleShortcut, PLAYBACK_RATES } from './player/shortcuts'
import { ShortcutsHelp } from './player/shortcuts-help'
import { useThumbnails } from './player/thumbnails'
import { useControlsVisibility } from './player/visibility'
import { clockTime } from './progress'
import { theatreModeAtom } from './title-parts'
import { useProgressReporting, type ProgressOptions } from './use-progress-reporting'

export interface PlayerHeading {
  title: string
  /** On a show, the episode: 'Season 1, Episode 2: The Name'. */
  episode?: string
}

export interface HlsPlayerProps {
  src: string
  /** The stream's preview thumbnails track, when it has one. */
  thumbnails?: string | null
  title: string
  /** What the top of the player names; the title alone when not given. */
  heading?: PlayerHeading
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
  /** A panel drawn inside the player above its controls (Up next), so it stays in full screen. */
  children?: ReactNode
  /** What plays, for its markers; without it the player shows none. */
  markers?: { target: MarkerTarget; signedIn: boolean }
  /** True once the playhead reaches the point where the closing card comes up (the credits). */
  onClosingChange?: (closing: boolean) => void
  /** Handed the video element once it is on the page (null when it goes), for a party's sync. */
  onMedia?: (media: HTMLVideoElement | null) => void
}

export function HlsPlayer({
  src,
  thumbnails: thumbnailsUrl,
  title,
  heading,
  startAt,
  connection,
  progress,
  autoPlay = false,
  onReady,
  onFailure,
  onEndedChange,
  takeFocus,
  children,
  markers,
  onClosingChange,
  onMedia,
}: HlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const surfaceRef = useRef<HTMLDivElement>(null)
  const settingsButton = useRef<HTMLButtonElement>(null)
  const [captionChoice, setCaptionChoice] = useAtom(captionsChoiceAtom)
  const [theatre, setTheatre] = useAtom(theatreModeAtom)
  const [autoplayNext, setAutoplayNext] = useAtom(autoplayNextAtom)
  const showId = markers?.target.type === 'tv' ? markers.target.id : null
  const [autoSkip, setAutoSkip] = useAutoSkip(showId)
  const engine = useHlsEngine(videoRef, { src, startAt, connection, autoPlay, captionChoice, onReady, onFailure, onEndedChange })
  const media = useMediaState(videoRef, src)
  const [captionLine, setCaptionLine] = useCaptionLine(videoRef, src)
  const [announcement, setAnnouncement] = useState('')
  const [rate, setRate] = useState(1)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const [scrubbing, setScrubbing] = useState(false)
  const [barHeld, setBarHeld] = useState(false)
  const controls = useControlsVisibility(media.playing, settingsOpen || helpOpen || scrubbing || barHeld)
  const fullscreen = useFullscreen(containerRef, videoRef, media.playing)
  const pictureInPicture = usePictureInPicture(videoRef)
  const cast = useRemotePlayback(videoRef, src)
  const thumbnails = useThumbnails(thumbnailsUrl)
  useCaptionsClearOfControls(videoRef, src, controls.visible ? CONTROLS_CLEARANCE_PX : 0)
  // A seek the viewer asked for is announced where it lands; the player's own (resuming) is not.
  const viewerSeek = useRef(false)

  const progressMarks = useProgressReporting(videoRef, progress)
  // A skip counts the span from where the playhead is as watched.
  const skipSpan = useCallback(
    (to: number) => {
      const video = videoRef.current
      if (!video) return
      progressMarks.skipped(video.currentTime, to)
      video.currentTime = to
    },
    [progressMarks],
  )
  const marked = useMarkerPlayback({
    target: markers?.target ?? null,
    signedIn: markers?.signedIn ?? false,
    currentTime: media.currentTime,
    duration: media.duration,
    onSkip: skipSpan,
    announce: setAnnouncement,
  })
  useEffect(() => onClosingChange?.(marked.closing), [marked.closing, onClosingChange])
  useEffect(() => progressMarks.setFinishAt(marked.creditsStart), [marked.creditsStart, progressMarks])
  // The Skip button goes away once pressed: the focus goes back to the player first.
  const fromSkipButton = (action: () => unknown) => () => {
    containerRef.current?.focus()
    action()
  }

  useEffect(() => {
    onMedia?.(videoRef.current)
    return () => onMedia?.(null)
  }, [onMedia])

  const focusTaker = useRef(takeFocus)
  useEffect(() => {
    if (containerRef.current) focusTaker.current?.(containerRef.current)
  }, [])

  // What screen readers hear of the video's own changes: play, pause, a seek, the speed.
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const listeners = new AbortController()
    const { signal } = listeners
    video.addEventListener('play', () => setAnnouncement(t('player.playing')), { signal })
    video.addEventListener('pause', () => !video.ended && setAnnouncement(t('player.paused')), { signal })
    video.addEventListener(
      'seeked',
      () => {
        if (!viewerSeek.current) return
        viewerSeek.current = false
        setAnnouncement(t('player.timeOf', { current: clockTime(video.currentTime), duration: clockTime(video.duration) }))
      },
      { signal },
    )
    video.addEventListener(
      'ratechange',
      () => {
        // A party's sync nudges the rate by a few percent to keep in step: no speed the viewer chose.
        if (!(PLAYBACK_RATES as readonly number[]).includes(video.playbackRate)) return
        setRate(video.playbackRate)
        setAnnouncement(t('player.speedAnnouncement', { rate: rateLabel(video.playbackRate) }))
      },
      { signal },
    )
    return () => listeners.abort()
  }, [])

  const togglePlay = useCallback(() => {
    const video = videoRef.current
    if (!video) return
    if (video.paused || video.ended) void video.play().catch(() => undefined)
    else video.pause()
  }, [])
  const seekTo = useCallback((time: number) => {
    const video = videoRef.current
    if (!video) return
    const end = Number.isFinite(video.duration) ? video.duration : Infinity
    viewerSeek.current = true
    video.currentTime = Math.min(end, Math.max(0, time))
  }, [])
  const seekBy = useCallback((seconds: number) => seekTo((videoRef.current?.currentTime ?? 0) + seconds), [seekTo])

  const chooseLevel = (level: number) => {
    engine.chooseLevel(level)
    const label = engine.levels.find((l) => l.index === level)?.label
    setAnnouncement(t('player.qualityAnnouncement', { quality: label ?? t('player.qualityAuto') }))
  }
  const chooseCaption = (id: number) => {
    engine.showCaption(id)
    setCaptionChoice(choiceForTrack(engine.captions, id))
    if (id < 0) setCaptionLine('')
    const track = engine.captions.find((c) => c.id === id)
    setAnnouncement(track ? t('player.captionsOn', { track: track.label }) : t('player.captionsOff'))
  }
  // C turns captions off, or back on in the remembered language (else the first track).
  const toggleCaptions = () => {
    if (engine.captions.length === 0) return
    if (engine.captionId >= 0) chooseCaption(-1)
    else chooseCaption(Math.max(0, trackForChoice(engine.captions, captionChoice)))
  }
  const chooseRate = (value: number) => {
    if (videoRef.current) videoRef.current.playbackRate = value
  }
  const toggleMute = () => {
    const video = videoRef.current
    if (!video) return
    if (video.muted || video.volume === 0) {
      video.muted = false
      if (video.volume === 0) video.volume = 0.5
    } else {
      video.muted = true
    }
  }
  const setVolume = (volume: number) => {
    const video = videoRef.current
    if (!video) return
    video.volume = volume
    video.muted = volume === 0
  }

  const closeSettings = (refocus: boolean) => {
    setSettingsOpen(false)
    if (refocus) settingsButton.current?.focus()
  }
  const openHelp = () => {
    setSettingsOpen(false)
    setHelpOpen(true)
  }
  const closeHelp = () => {
    setHelpOpen(false)
    containerRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    controls.wake()
    const target = event.target as HTMLElement
    if (target.closest('select, input, textarea, [role="dialog"]') || event.altKey || event.ctrlKey || event.metaKey) return
    // A button of the controls keeps its own Space and Enter.
    if (target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return
    const video = videoRef.current
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') viewerSeek.current = true
    if (video && handleShortcut(video, event.key, { toggleFullscreen: fullscreen.toggle, toggleCaptions, togglePictureInPicture: pictureInPicture.toggle, showHelp: openHelp, skip: marked.skip })) {
      event.preventDefault()
    }
  }
  // Any movement of a mouse brings the controls back; a touch does so through the surface's tap.
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') controls.wake()
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || !surfaceRef.current?.contains(event.target as Node)) controls.wake()
  }

  const onSurfaceClick = () => {
    if (settingsOpen) closeSettings(false)
    else togglePlay()
  }
  const onSurfaceTap = () => {
    if (settingsOpen) closeSettings(false)
    else if (controls.visible) controls.hide()
    else controls.wake()
  }

  const autoLabel =
    engine.chosenLevel === -1 && engine.playingLevel >= 0 && engine.levels[engine.playingLevel] ? t('player.qualityAutoPlaying', { quality: engine.levels[engine.playingLevel]!.label }) : t('player.qualityAuto')
  const shown = heading ?? { title }
  // On a show: whether the next episode plays by itself, and whether its intros are skipped.
  const switches = (): SettingsSwitch[] =>
    showId === null
      ? []
      : [
          { id: 'autoplay', label: t('player.autoplayNext'), checked: autoplayNext, onChange: setAutoplayNext },
          { id: 'auto-skip', label: t('player.autoSkipShow'), checked: autoSkip, onChange: setAutoSkip },
        ]

  return (
    <div
      ref={containerRef}
      role="group"
      aria-label={t('player.groupLabel', { title })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerMove={onPointerMove}
      onPointerDown={onPointerDown}
      onFocus={(event) => event.target !== event.currentTarget && controls.wake()}
      className={`relative h-full w-full overflow-hidden bg-black ${controls.visible ? '' : 'cursor-none'}`}
      data-controls={controls.visible ? 'shown' : 'hidden'}
      data-testid="hls-player"
    >
      {/* A video's timeline runs left to right in every language, as in the platforms' own players. */}
      <video ref={videoRef} playsInline preload="metadata" dir="ltr" className="absolute inset-0 h-full w-full" aria-label={title} data-testid="hls-video" />
      <div ref={surfaceRef}>
        <GestureLayer onClick={onSurfaceClick} onDoubleClick={fullscreen.toggle} onTap={onSurfaceTap} onSeekBy={seekBy} />
      </div>
      {media.waiting && (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center" aria-hidden="true" data-testid="player-buffering">
          <span className="h-12 w-12 animate-spin rounded-full border-4 border-white/20 border-t-white" />
        </div>
      )}
      <div
        className={`pointer-events-none absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/75 to-transparent px-3 pt-2 pb-8 text-white transition-opacity duration-300 sm:px-4 sm:pt-3 ${controls.visible ? 'opacity-100' : 'opacity-0'}`}
        data-testid="player-heading"
      >
        <p className="truncate text-sm font-semibold drop-shadow sm:text-base" data-catalog="">
          {shown.title}
        </p>
        {shown.episode && <p className="truncate text-xs text-neutral-200 drop-shadow sm:text-sm">{shown.episode}</p>}
      </div>
      {!media.waiting && (
        // On a touch screen the middle of the picture also plays and pauses, as phone players do.
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={togglePlay}
          className={`absolute top-1/2 left-1/2 z-20 hidden h-16 w-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white transition-opacity duration-300 pointer-coarse:flex ${controls.visible ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
        >
          {media.paused ? <PlayGlyph width={32} height={32} /> : <PauseGlyph width={32} height={32} />}
        </button>
      )}
      <ControlBar
        visible={controls.visible}
        media={media}
        onTogglePlay={togglePlay}
        onSeek={seekTo}
        onScrubbing={setScrubbing}
        thumbnails={thumbnails}
        onToggleMute={toggleMute}
        onVolume={setVolume}
        settingsOpen={settingsOpen}
        settingsButton={settingsButton}
        onToggleSettings={() => (settingsOpen ? closeSettings(false) : setSettingsOpen(true))}
        pictureInPicture={pictureInPicture}
        cast={cast}
        theatre={{ active: theatre, toggle: () => setTheatre(!theatre) }}
        fullscreen={fullscreen}
        onHold={setBarHeld}
      />
      <div className={`pointer-events-none absolute inset-x-0 top-0 z-30 ${CONTROLS_CLEARANCE}`} data-testid="player-panels">
        {marked.active && marked.offered && <SkipMarker kind={marked.active.kind} onSkip={fromSkipButton(marked.skip)} onHide={fromSkipButton(marked.hide)} />}
        {children}
        {settingsOpen && (
          <SettingsMenu
            levels={engine.levels}
            chosenLevel={engine.chosenLevel}
            autoLabel={autoLabel}
            onLevel={chooseLevel}
            captions={engine.captions}
            captionId={engine.captionId}
            onCaption={chooseCaption}
            rate={rate}
            onRate={chooseRate}
            onShortcuts={openHelp}
            onClose={() => closeSettings(true)}
            switches={switches()}
          />
        )}
        {helpOpen && <ShortcutsHelp onClose={closeHelp} />}
      </div>
      <p className="sr-only" aria-live="polite" data-testid="caption-line">
        {captionLine}
      </p>
      <p className="sr-only" role="status" aria-live="polite" data-testid="player-announcement">
        {announcement}
      </p>
    </div>
  )
}

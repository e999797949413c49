/**
 * The engine of our player: hls.js (fetched through player-loader.ts once the viewer means to play)
 * with the adaptive rules of hls-config.ts and SPEC.md's preload timer (preload.ts), or Safari's
 * native HLS where Media Source Extensions are missing. It answers the renditions and subtitle
 * tracks the stream has and carries out the viewer's choice of either; the remembered captions
 * language is applied to whatever tracks the stream lists.
 */
import type Hls from 'hls.js'
import type { HlsConfig } from 'hls.js'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { t } from '../../../i18n'
import type { ConnectionQuality } from '../connection-quality'
import {
  bufferAhead,
  hlsConfig,
  levelLabels,
  NETWORK_RETRY_DELAY_MS,
  shouldLowerLevel,
  shouldRestartAfterStall,
  startLevelFor,
  STALL_RESTART_MS,
  type QualityLevel,
} from '../hls-config'
import { loadHls } from '../player-loader'
import { captionTracks, trackForChoice, type CaptionTrack } from './captions'
import { FragmentPreloads, nextFragmentToPreload, PreloadTimer, preloadingLoader } from './preload'

export interface EngineOptions {
  src: string
  startAt: number
  connection: ConnectionQuality | undefined
  /** Start playing as soon as the stream can play. */
  autoPlay: boolean
  /** The remembered captions language ('off' or a code), read when the stream's tracks are known. */
  captionChoice: string
  onReady: () => void
  onFailure: (message: string) => void
  /** True when playback reaches the end, false again when the viewer plays or seeks. */
  onEndedChange?: (ended: boolean) => void
}

export interface Engine {
  levels: QualityLevel[]
  /** -1 for Auto. */
  chosenLevel: number
  /** The rendition on screen, -1 until known. */
  playingLevel: number
  chooseLevel: (level: number) => void
  captions: CaptionTrack[]
  /** The subtitle track shown, -1 for none. */
  captionId: number
  showCaption: (id: number) => void
}

export function useHlsEngine(videoRef: RefObject<HTMLVideoElement | null>, options: EngineOptions): Engine {
  const { src, startAt } = options
  const hlsRef = useRef<Hls | null>(null)
  const [levels, setLevels] = useState<QualityLevel[]>([])
  const [chosenLevel, setChosenLevel] = useState(-1)
  const [playingLevel, setPlayingLevel] = useState(-1)
  const [captions, setCaptions] = useState<CaptionTrack[]>([])
  const [captionId, setCaptionId] = useState(-1)
  const latest = useRef(options)
  latest.current = options
  const autoPlayRef = useRef(options.autoPlay)
  // Read once when the stream starts (it may still be unknown then): a later measurement must
  // not tear down a playing stream.
  const initialConnection = useRef(options.connection)
  initialConnection.current ??= options.connection

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
    const ready = () => latest.current.onReady()
    // loadedmetadata rather than loadeddata: Safari's native HLS with preload="metadata" loads
    // no media data until the viewer presses play.
    video.addEventListener('loadedmetadata', ready, { once: true, signal })
    const ended = () => {
      // The video element's own full screen (an iPhone's) would hide whatever the page shows at the end.
      const native = video as HTMLVideoElement & { webkitDisplayingFullscreen?: boolean; webkitExitFullscreen?: () => void }
      if (native.webkitDisplayingFullscreen) native.webkitExitFullscreen?.()
      latest.current.onEndedChange?.(true)
    }
    const resumed = () => latest.current.onEndedChange?.(false)
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
          latest.current.onFailure(t('player.browserCannotPlay'))
        }
        return
      }
      hls = new HlsJs({
        ...hlsConfig,
        fLoader: preloadingLoader(HlsJs.DefaultConfig.loader, preloads) as unknown as HlsConfig['fLoader'],
        startPosition: startAt > 0 ? startAt : -1,
      })
      hlsRef.current = hls
      // SPEC.md's preload timer (preload.ts): the fragment after the one hls.js is downloading
      // comes down beside it.
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
        const id = trackForChoice(tracks, latest.current.captionChoice)
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
          latest.current.onFailure(t('player.streamPlayFailed'))
        }
      })
      hls.loadSource(src)
      hls.attachMedia(video)
    }

    video.addEventListener('timeupdate', checkBuffer, { signal })
    start(video).catch(() => latest.current.onFailure(t('player.playerLoadFailed')))
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
  }, [videoRef, src, startAt])

  const chooseLevel = (level: number) => {
    setChosenLevel(level)
    if (hlsRef.current) hlsRef.current.currentLevel = level
  }

  const showCaption = (id: number) => {
    const hls = hlsRef.current
    if (hls) {
      hls.subtitleTrack = id
      hls.subtitleDisplay = id >= 0
    }
    setCaptionId(id)
  }

  return { levels, chosenLevel, playingLevel, chooseLevel, captions, captionId, showCaption }
}

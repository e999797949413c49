/**
 * The party's hold on the video: it puts the room's playback on the media element (sync.ts says
 * how: play or pause at the command's moment, a seek, a rate correction), and turns what the
 * viewer does on the player's own controls (play, pause, a seek, a speed) into commands. The
 * element's events that the sync itself caused are told apart by counting what it did; the rest
 * are the viewer's. The room's answer decides: a refused command comes back as the room's state
 * (connection.ts), which this puts on the player again. Where the playhead is and whether it is
 * buffering go to the room every PARTY_STATUS_EVERY_MS, and at once when buffering starts or ends.
 */
import { useEffect, useRef } from 'react'
import { PARTY_STATUS_EVERY_MS, type ClientMessage, type PartyState } from '../../../worker/party/protocol'
import { planSync } from './sync'

type Own = 'play' | 'pause' | 'seeked' | 'ratechange'
/** An event the sync caused arrives within this long, or it never will (a refused play()). */
const OWN_EVENT_MS = 3000
/** How often the drift is looked at while playing. */
const CHECK_EVERY_MS = 500

export interface PartySyncOptions {
  media: HTMLVideoElement | null
  state: PartyState | null
  /** A new number each time the room's state must be put on the player again. */
  stateSeq: number
  /** The room's clock minus ours. */
  offset: number
  send: (message: ClientMessage) => void
  /** The video reached its end (the next episode, for those who may choose it). */
  onEnded?: () => void
  /** The browser would not start the video without a press of the viewer's. */
  onBlocked?: (blocked: boolean) => void
}

/** Returns the viewer's press that starts a video the browser would not start by itself. */
export function usePartySync({ media, state, stateSeq, offset, send, onEnded, onBlocked }: PartySyncOptions): () => void {
  const latest = useRef({ state, offset, send, onEnded, onBlocked })
  latest.current = { state, offset, send, onEnded, onBlocked }
  const own = useRef(new Map<Own, { count: number; at: number }>())
  const lastCorrectionAt = useRef(-Infinity)
  const startTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const expect = (event: Own) => {
    const entry = own.current.get(event)
    const now = Date.now()
    own.current.set(event, { count: entry && now - entry.at < OWN_EVENT_MS ? entry.count + 1 : 1, at: now })
  }
  /** Whether `event` is one the sync caused (and so counts it off). */
  const ours = (event: Own) => {
    const entry = own.current.get(event)
    if (!entry || entry.count === 0 || Date.now() - entry.at >= OWN_EVENT_MS) return false
    entry.count -= 1
    return true
  }

  // Puts the room's playback on the player; `fresh` for a new state, which is applied at once.
  const apply = useRef((fresh: boolean) => {})
  apply.current = (fresh: boolean) => {
    const { state } = latest.current
    if (!media || !state || media.readyState < 1) return
    if (fresh) lastCorrectionAt.current = -Infinity
    clearTimeout(startTimer.current)
    const now = Date.now()
    const plan = planSync({
      // While the room waits for someone, everyone holds still.
      playback: state.waiting ? { ...state.playback, playing: false } : state.playback,
      roomNow: now + latest.current.offset,
      media: { currentTime: media.currentTime, paused: media.paused, playbackRate: media.playbackRate },
      now,
      lastCorrectionAt: lastCorrectionAt.current,
    })
    const { play } = plan
    if (plan.correction) lastCorrectionAt.current = now
    if (plan.rate !== null && media.playbackRate !== plan.rate) {
      expect('ratechange')
      media.playbackRate = plan.rate
    }
    if (plan.seek !== null) {
      expect('seeked')
      media.currentTime = plan.seek
    }
    if (!play && !media.paused) {
      expect('pause')
      media.pause()
    }
    if (play && media.paused) {
      expect('play')
      void media.play().then(
        () => latest.current.onBlocked?.(false),
        () => {
          ours('play')
          latest.current.onBlocked?.(true)
        },
      )
    }
    if (plan.startIn !== null) startTimer.current = setTimeout(() => apply.current(false), plan.startIn)
  }

  useEffect(() => apply.current(true), [media, stateSeq])
  // The offset is learnt just after joining; the drift checks use the newest.
  useEffect(() => {
    if (!media) return
    const timer = setInterval(() => apply.current(false), CHECK_EVERY_MS)
    return () => {
      clearInterval(timer)
      clearTimeout(startTimer.current)
    }
  }, [media])

  useEffect(() => {
    if (!media) return
    // Loading counts as buffering: the room waits for a member still loading the episode.
    let buffering = media.readyState < HTMLMediaElement.HAVE_FUTURE_DATA
    const status = () => latest.current.send({ type: 'status', buffering, position: media.currentTime })
    const listeners = new AbortController()
    const on = (type: string, listener: () => void) => media.addEventListener(type, listener, { signal: listeners.signal })
    const command = (message: ClientMessage) => latest.current.send(message)
    on('loadedmetadata', () => apply.current(true))
    // Playing a room that plays (or pausing one that is paused) asks for nothing.
    const roomPlaying = () => !!latest.current.state?.playback.playing && !latest.current.state.waiting
    on('play', () => ours('play') || roomPlaying() || command({ type: 'play', position: media.currentTime }))
    on('pause', () => ours('pause') || media.ended || !roomPlaying() || command({ type: 'pause', position: media.currentTime }))
    on('seeked', () => ours('seeked') || command({ type: 'seek', position: media.currentTime }))
    on('ratechange', () => ours('ratechange') || command({ type: 'rate', rate: media.playbackRate }))
    on('waiting', () => {
      buffering = true
      status()
    })
    const ready = () => {
      if (!buffering) return
      buffering = false
      status()
    }
    on('playing', ready)
    on('canplay', ready)
    on('ended', () => latest.current.onEnded?.())
    const timer = setInterval(status, PARTY_STATUS_EVERY_MS)
    return () => {
      listeners.abort()
      clearInterval(timer)
    }
  }, [media])

  return () => {
    latest.current.onBlocked?.(false)
    apply.current(true)
  }
}

/**
 * The party's hold on the video: it puts the room's playback on the media element (sync.ts says
 * how: play or pause at the command's moment, a seek, a rate correction), and turns what the
 * viewer does on the player's own controls (play, pause, a seek, a speed) into commands. What the
 * sync itself does is told apart by what it leads to, not by counting events (browsers merge
 * seeks, and a new episode's element starts afresh): playing a room that plays, pausing one that
 * is paused, or seeking to where the room is asks for nothing, and a rate the sync set is no
 * speed the viewer chose. The room's answer decides: a refused command comes back as the room's
 * state (connection.ts), which this puts on the player again. Where the playhead is and whether
 * it is buffering go to the room every PARTY_STATUS_EVERY_MS, and at once when buffering starts
 * or ends.
 */
import { useEffect, useRef } from 'react'
import { PARTY_STATUS_EVERY_MS, type ClientMessage, type PartyState } from '../../../worker/party/protocol'
import { expectedPosition, planSync } from './sync'

/** How often the drift is looked at while playing. */
const CHECK_EVERY_MS = 500
/** A seek landing this close to the room's playhead is the sync's own, or needs no command. */
const SEEK_IN_STEP_SECONDS = 1
/** How long a viewer's command is given to come back as the room's state before the drift checks go on. */
const ANSWER_WAIT_MS = 2000

/**
 * Why the room's playback is put on the player: a new state (or the element's first metadata),
 * applied at once; a start scheduled for a command's moment; or the periodic drift check.
 */
type ApplyReason = 'state' | 'start' | 'check'

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
  const lastCorrectionAt = useRef(-Infinity)
  const syncRate = useRef<number | null>(null)
  const startTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  /** When the viewer's last command left for the room, until its answer (a new state) comes. */
  const commandSentAt = useRef(-Infinity)

  const apply = useRef((_reason: ApplyReason) => {})
  apply.current = (reason: ApplyReason) => {
    const { state } = latest.current
    if (!media || !state || media.readyState < 1) return
    const now = Date.now()
    if (reason === 'state') {
      lastCorrectionAt.current = -Infinity
      commandSentAt.current = -Infinity
    }
    // The drift check leaves alone what the viewer has just done: a seek still under way (its
    // 'seeked' sends it) and a command whose answer has not come yet would otherwise be undone,
    // the player put back where the room was a moment before.
    if (reason === 'check' && (media.seeking || now - commandSentAt.current < ANSWER_WAIT_MS)) return
    clearTimeout(startTimer.current)
    const plan = planSync({
      // While the room waits for someone, everyone holds still.
      playback: state.waiting ? { ...state.playback, playing: false } : state.playback,
      roomNow: now + latest.current.offset,
      media: { currentTime: media.currentTime, paused: media.paused, playbackRate: media.playbackRate, duration: media.duration, ended: media.ended },
      now,
      lastCorrectionAt: lastCorrectionAt.current,
    })
    if (plan.correction) lastCorrectionAt.current = now
    if (plan.rate !== null && media.playbackRate !== plan.rate) {
      syncRate.current = plan.rate
      media.playbackRate = plan.rate
    }
    if (plan.seek !== null) media.currentTime = plan.seek
    if (!plan.play && !media.paused) media.pause()
    if (plan.play && media.paused) {
      void media.play().then(
        () => latest.current.onBlocked?.(false),
        (error: unknown) => {
          // Only the browser's refusal needs the viewer; a play() cut short by a pause or a seek does not.
          if (error instanceof DOMException && error.name === 'NotAllowedError') latest.current.onBlocked?.(true)
        },
      )
    }
    if (plan.startIn !== null) startTimer.current = setTimeout(() => apply.current('start'), plan.startIn)
  }

  useEffect(() => apply.current('state'), [media, stateSeq])
  // The offset is learnt just after joining; the drift checks use the newest.
  useEffect(() => {
    if (!media) return
    const timer = setInterval(() => apply.current('check'), CHECK_EVERY_MS)
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
    const command = (message: ClientMessage) => {
      commandSentAt.current = Date.now()
      latest.current.send(message)
    }
    const roomNow = () => Date.now() + latest.current.offset
    // Playing: the room plays (or will at its command's moment) and waits for nobody.
    const roomPlays = () => {
      const room = latest.current.state
      return !!room && room.playback.playing && !room.waiting
    }
    const roomStarted = () => roomPlays() && latest.current.state!.playback.at <= roomNow()
    const roomPosition = () => {
      const room = latest.current.state
      return room ? expectedPosition(room.playback, roomNow()) : null
    }
    on('loadedmetadata', () => apply.current('state'))
    on('play', () => roomPlays() || command({ type: 'play', position: media.currentTime }))
    // The sync pauses a playing room's player only before a scheduled start or at the stream's end.
    on('pause', () => media.ended || !roomStarted() || command({ type: 'pause', position: media.currentTime }))
    const inStepWithRoom = () => {
      const position = roomPosition()
      // A room past the stream's end is at its end here.
      return position !== null && Math.abs(media.currentTime - Math.min(position, media.duration || Infinity)) < SEEK_IN_STEP_SECONDS
    }
    // Where the viewer's seek now under way was sent to the room.
    let seekSent: number | null = null
    // The viewer's seek goes to the room as it starts, before the buffering it causes: told of the
    // buffering first, the room would hold for this member where the playhead was and put it back.
    on('seeking', () => {
      if (inStepWithRoom()) return
      seekSent = media.currentTime
      command({ type: 'seek', position: media.currentTime })
    })
    on('seeked', () => {
      const sent = seekSent
      seekSent = null
      if (sent !== null && media.currentTime === sent) return
      if (inStepWithRoom()) return
      command({ type: 'seek', position: media.currentTime })
    })
    on('ratechange', () => {
      const rate = media.playbackRate
      if (rate === syncRate.current || rate === latest.current.state?.playback.rate) return
      command({ type: 'rate', rate })
    })
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
    apply.current('state')
  }
}

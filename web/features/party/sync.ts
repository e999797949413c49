/**
 * Keeping a member's player with the room's (worker/party/protocol.ts), as plain functions the
 * party's hooks call: the offset of this browser's clock from the room's, learnt NTP-style from
 * `ping`/`pong`; where the room's playhead is at a given moment; and what the player should do
 * about the difference. Small drift is closed by playing slightly faster or slower, which nobody
 * notices; a large one by a seek, which everybody does, so seeks are kept for when there is no
 * other way. Nothing here touches the media element or the socket, so all of it is tested alone.
 */
import {
  SYNC_CLOCK_SAMPLES,
  SYNC_CORRECTION_GAP_MS,
  SYNC_IGNORE_SECONDS,
  SYNC_RATE_MAX,
  SYNC_RATE_MIN,
  SYNC_RATE_UP_TO_SECONDS,
  type PartyPlayback,
} from '../../../worker/party/protocol'

/** One ping's round: sent at local `t0`, stamped by the room at `server`, answered at local `t3`. */
export interface ClockSample {
  t0: number
  server: number
  t3: number
}

/** The room's clock minus ours, as one sample tells it (half the round trip assumed each way). */
export function sampleOffset(sample: ClockSample): number {
  return sample.server - (sample.t0 + sample.t3) / 2
}

/** The samples worth keeping: the latest SYNC_CLOCK_SAMPLES, with `sample` among them. */
export function keepSample(samples: readonly ClockSample[], sample: ClockSample): ClockSample[] {
  return [...samples, sample].slice(-SYNC_CLOCK_SAMPLES)
}

/**
 * The offset to use: that of the sample with the shortest round trip among the latest
 * SYNC_CLOCK_SAMPLES (the one least delayed on either leg); null before any sample.
 */
export function clockOffset(samples: readonly ClockSample[]): number | null {
  let best: ClockSample | null = null
  for (const sample of samples.slice(-SYNC_CLOCK_SAMPLES)) {
    if (!best || sample.t3 - sample.t0 < best.t3 - best.t0) best = sample
  }
  return best ? sampleOffset(best) : null
}

/** Where the room's playhead is at room time `roomNow`, in seconds (protocol.ts's rule). */
export function expectedPosition(playback: PartyPlayback, roomNow: number): number {
  if (!playback.playing) return playback.position
  return playback.position + (Math.max(0, roomNow - playback.at) / 1000) * playback.rate
}

/** How long a rate correction takes to close the gap, about. */
const CLOSE_IN_SECONDS = 2

/**
 * What to do about a playing player's drift (its playhead minus the room's, in seconds): nothing
 * (or back to the room's rate) when it is too small to see, a rate that closes it in about
 * CLOSE_IN_SECONDS within SYNC_RATE_MIN..SYNC_RATE_MAX of the room's rate up to
 * SYNC_RATE_UP_TO_SECONDS, a seek beyond.
 */
export type Correction = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'seek' }

export function correctionFor(drift: number, roomRate: number): Correction {
  const size = Math.abs(drift)
  if (size < SYNC_IGNORE_SECONDS) return { kind: 'none' }
  if (size <= SYNC_RATE_UP_TO_SECONDS) {
    const factor = Math.min(SYNC_RATE_MAX, Math.max(SYNC_RATE_MIN, 1 - drift / CLOSE_IN_SECONDS))
    return { kind: 'rate', rate: roomRate * factor }
  }
  return { kind: 'seek' }
}

/** What the player is doing, as the sync reads it off the media element. */
export interface MediaReading {
  currentTime: number
  paused: boolean
  playbackRate: number
  /** The stream's length, NaN while unknown. */
  duration: number
  ended: boolean
}

/** What the player should do now; null fields leave things as they are. */
export interface SyncPlan {
  /** Whether the player should be playing now. */
  play: boolean
  /** Where to put the playhead now. */
  seek: number | null
  /** The playback rate to set. */
  rate: number | null
  /** A command scheduled for later (its `at` ahead): start playing in this many milliseconds. */
  startIn: number | null
  /** Whether this is a drift correction, which starts SYNC_CORRECTION_GAP_MS before the next. */
  correction: boolean
}

export interface SyncInput {
  playback: PartyPlayback
  /** The room's clock now (our clock plus the offset). */
  roomNow: number
  media: MediaReading
  /** Our clock now, and when the last correction was made (-Infinity for none since the room's last state). */
  now: number
  lastCorrectionAt: number
}

/**
 * The step that brings the player to the room's playback. A paused room puts the player at its
 * position; a start scheduled ahead waits there until its moment; a playing room is joined where
 * its playhead is, and drift after that is corrected at most once per SYNC_CORRECTION_GAP_MS.
 */
export function planSync({ playback, roomNow, media, now, lastCorrectionAt }: SyncInput): SyncPlan {
  const at = (position: number) => (Math.abs(media.currentTime - position) >= SYNC_IGNORE_SECONDS ? position : null)
  const baseRate = media.playbackRate !== playback.rate ? playback.rate : null
  if (!playback.playing) return { play: false, seek: at(playback.position), rate: baseRate, startIn: null, correction: false }
  if (playback.at > roomNow) return { play: false, seek: at(playback.position), rate: baseRate, startIn: playback.at - roomNow, correction: false }
  const expected = expectedPosition(playback, roomNow)
  // Past the end of the stream the player waits at its end, rather than play it again from the start.
  if (expected >= media.duration) return { play: false, seek: media.ended ? null : at(media.duration), rate: null, startIn: null, correction: false }
  // A player that is not yet playing starts where the room is.
  if (media.paused) return { play: true, seek: at(expected), rate: baseRate, startIn: null, correction: false }
  const correction = correctionFor(media.currentTime - expected, playback.rate)
  if (correction.kind === 'none') return { play: true, seek: null, rate: baseRate, startIn: null, correction: false }
  if (now - lastCorrectionAt < SYNC_CORRECTION_GAP_MS) return { play: true, seek: null, rate: null, startIn: null, correction: false }
  if (correction.kind === 'seek') return { play: true, seek: expected, rate: baseRate, startIn: null, correction: true }
  return { play: true, seek: null, rate: correction.rate, startIn: null, correction: true }
}

/**
 * The progress protocol for operators' player frames (README, "Player sources"): a configured
 * frame may post, to this page,
 *   { type: 'progress', currentTime: <seconds>, duration: <seconds> }   while it plays (every 1 to 5 s)
 *   { type: 'pause' }                                                    when the viewer pauses
 *   { type: 'ended' }                                                    at the end
 * Messages count only from the frame itself and from the origin of the source's configured URL.
 * FrameMedia turns them into the events of a media element, so the history is kept by the same
 * code as for our own player (use-progress-reporting.ts).
 */
export const MAX_REPORTED_SECONDS = 10_000_000

export type FrameMessage = { type: 'progress'; currentTime: number; duration: number } | { type: 'pause' } | { type: 'ended' } | { type: 'player_ready' }

function seconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_REPORTED_SECONDS ? value : null
}

/** The message as the protocol defines it, or null for anything else (which is ignored). */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const message = data as Record<string, unknown>
  switch (message.type) {
    case 'progress': {
      const currentTime = seconds(message.currentTime)
      const duration = message.duration === undefined ? 0 : seconds(message.duration)
      if (currentTime === null || duration === null) return null
      return { type: 'progress', currentTime, duration }
    }
    case 'pause':
    case 'ended':
    case 'player_ready':
      return { type: message.type }
    default:
      return null
  }
}

/** A media element's events and state, driven by a frame's messages. */
export class FrameMedia extends EventTarget {
  currentTime = 0
  duration = Number.NaN
  paused = true
  readonly seeking = false

  receive(message: FrameMessage): void {
    if (message.type === 'progress') {
      if (message.duration > 0) this.duration = message.duration
      this.currentTime = message.currentTime
      if (this.paused) {
        this.paused = false
        this.dispatchEvent(new Event('play'))
      }
      this.dispatchEvent(new Event('timeupdate'))
    } else if (message.type === 'pause' && !this.paused) {
      this.paused = true
      this.dispatchEvent(new Event('pause'))
    } else if (message.type === 'ended') {
      this.paused = true
      this.dispatchEvent(new Event('ended'))
    }
  }
}

/**
 * Taps on the picture of a touch screen: one tap shows the controls (or puts them away when they
 * show), two quick taps on the left or right third seek 10 s back or forward, and each further
 * quick tap there another 10 s, as in the phone apps of the large platforms. A single tap on a side
 * third waits for a second one before it counts; in the middle it counts at once. The thirds are the video's own, left to right in every
 * language, as its timeline is.
 */
import { SEEK_STEP_SECONDS } from './shortcuts'

export const DOUBLE_TAP_MS = 350

export type TapZone = 'back' | 'middle' | 'forward'

/** Which third of the picture a tap at `x` (from its left edge) falls in. */
export function zoneOf(x: number, width: number): TapZone {
  if (width <= 0) return 'middle'
  const fraction = x / width
  if (fraction < 1 / 3) return 'back'
  if (fraction > 2 / 3) return 'forward'
  return 'middle'
}

export interface TapHandlers {
  /** A lone tap. */
  single: () => void
  /** Seconds to seek by: -10 or 10. */
  seek: (seconds: number) => void
}

export class TapDetector {
  private pending: { zone: TapZone; at: number; timer: number } | null = null
  /** Set while taps keep coming on a side after a double tap: each one seeks again. */
  private seeking: { zone: TapZone; at: number } | null = null

  constructor(
    private readonly handlers: TapHandlers,
    private readonly now: () => number = () => Date.now(),
  ) {}

  tap(x: number, width: number): void {
    const zone = zoneOf(x, width)
    const at = this.now()
    if (this.seeking && this.seeking.zone === zone && at - this.seeking.at <= DOUBLE_TAP_MS) {
      this.seeking.at = at
      this.seekIn(zone)
      return
    }
    this.seeking = null
    const pending = this.pending
    if (pending && at - pending.at <= DOUBLE_TAP_MS && pending.zone === zone && zone !== 'middle') {
      window.clearTimeout(pending.timer)
      this.pending = null
      this.seeking = { zone, at }
      this.seekIn(zone)
      return
    }
    if (pending) {
      // A tap elsewhere: the earlier one stands on its own.
      window.clearTimeout(pending.timer)
      this.pending = null
      this.handlers.single()
    }
    // The middle has no double tap to wait for.
    if (zone === 'middle') {
      this.handlers.single()
      return
    }
    const timer = window.setTimeout(() => {
      this.pending = null
      this.handlers.single()
    }, DOUBLE_TAP_MS)
    this.pending = { zone, at, timer }
  }

  cancel(): void {
    if (this.pending) window.clearTimeout(this.pending.timer)
    this.pending = null
    this.seeking = null
  }

  private seekIn(zone: TapZone): void {
    this.handlers.seek(zone === 'back' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS)
  }
}

/**
 * Watch progress for the history (SPEC.md section 4, "History recording"): counts the seconds
 * actually played (seeking does not count), remembers the position for "Continue watching", and
 * marks a title completed once 90% of it has played past. Sending is separate (history-client.ts)
 * so this stays a plain, testable object.
 */
import type { MediaType } from '../../../worker/catalog/types'

export const COMPLETED_FRACTION = 0.9
export const REPORT_INTERVAL_MS = 15_000
/**
 * A jump of the playhead larger than this between two time updates is a seek, not playback,
 * unless the updates themselves came that far apart (a frame reporting every few seconds).
 */
const MAX_PLAYED_STEP_SECONDS = 2
/** The fastest playback speed the player offers: media time may run this much faster than the clock. */
const MAX_PLAYBACK_RATE = 2

export interface HistoryTitle {
  content_id: number
  content_type: MediaType
  title: string
  poster_path: string | null
  season_number?: number
  episode_number?: number
}

export interface HistoryPayload extends HistoryTitle {
  watch_duration: number
  position: number
  total_duration: number
  completed: boolean
  /**
   * The report of a pause, of the end, or the last as the player or the page goes away: the
   * server copies these on at once, the reports in between in batches.
   */
  reason?: 'pause' | 'end' | 'leave'
}

export class WatchProgress {
  private played = 0
  private lastTime: number | null = null
  private lastAt = 0
  private position = 0
  private duration = 0
  private completed = false
  private lastSent: string | null = null
  private finishAt: number | null = null

  /**
   * `alreadyWatched` carries the seconds of earlier visits, so the total keeps growing.
   * `completesTitle` is false for an episode before a show's last: finishing it does not finish
   * the show (and a finished title would no longer resume).
   */
  constructor(
    private readonly title: HistoryTitle,
    private readonly alreadyWatched = 0,
    private readonly completesTitle = true,
  ) {}

  /** Call on every time update of the media element (`now` in milliseconds, as performance.now()). */
  update(currentTime: number, duration: number, playing: boolean, now = performance.now()): void {
    if (Number.isFinite(duration) && duration > 0) this.duration = duration
    if (playing && this.lastTime !== null) {
      const step = currentTime - this.lastTime
      const allowed = Math.max(MAX_PLAYED_STEP_SECONDS, ((now - this.lastAt) / 1000) * MAX_PLAYBACK_RATE + 0.5)
      if (step > 0 && step <= allowed) this.played += step
    }
    this.lastTime = currentTime
    this.lastAt = now
    this.position = currentTime
    if (this.completesTitle && this.duration > 0 && currentTime >= this.duration * COMPLETED_FRACTION) this.completed = true
    // Past the start of the credits the title is watched to its end, wherever the credits begin:
    // the place saved is the end, so the show moves on to the next episode.
    if (this.finishAt !== null && this.duration > 0 && currentTime >= this.finishAt) {
      if (this.completesTitle) this.completed = true
      this.position = this.duration
    }
  }

  /**
   * A span the viewer skipped (an intro, a recap) counts as watched, as if it had played: the
   * jump itself is a seek and is not counted by update().
   */
  skipped(from: number, to: number): void {
    if (to > from) this.played += to - from
    this.interrupt()
  }

  /** Where the credits start (seconds): reaching it counts as reaching the end. Null: no credits marker. */
  setFinishAt(seconds: number | null): void {
    this.finishAt = seconds
  }

  /** A seek or a pause: the next update starts a new run rather than counting the jump. */
  interrupt(): void {
    this.lastTime = null
  }

  markEnded(): void {
    if (this.completesTitle) this.completed = true
    if (this.duration > 0) this.position = this.duration
  }

  get playedSeconds(): number {
    return this.played
  }

  snapshot(): HistoryPayload {
    return {
      ...this.title,
      watch_duration: Math.round(this.alreadyWatched + this.played),
      position: Math.floor(this.position),
      total_duration: Math.round(this.duration),
      completed: this.completed,
    }
  }

  /** The snapshot when something changed since the last report, else null (nothing to send). */
  takeReport(): HistoryPayload | null {
    if (this.played === 0 && !this.completed) return null
    const payload = this.snapshot()
    const key = JSON.stringify(payload)
    if (key === this.lastSent) return null
    this.lastSent = key
    return payload
  }
}

export interface ResumeEntry {
  position: number
  total_duration: number
  completed: boolean
  season_number: number | null
  episode_number: number | null
}

/**
 * Where to start playing: the saved position when it belongs to this episode (or film) and the
 * title was not finished; a finished or nearly finished title starts over.
 */
export function resumePosition(entry: ResumeEntry | null | undefined, season?: number, episode?: number): number {
  if (!entry || entry.completed || entry.position <= 0) return 0
  if (season !== undefined && (entry.season_number !== season || entry.episode_number !== episode)) return 0
  if (entry.total_duration > 0 && entry.position >= entry.total_duration * COMPLETED_FRACTION) return 0
  return entry.position
}

/** A position as a clock reads it: '0:05', '12:34', '1:02:03' (whole seconds, rounded down). */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/**
 * Which of a title's markers the player acts on, and when: only those made for the cut that plays
 * (markerFits), confident enough, and not hidden by this viewer; the intro or recap the playhead is
 * in (for Skip intro / Skip recap); and the moment the end-of-episode card comes up (the credits, or
 * shortly before the end when there is no credits marker). Plain functions, so the rules are tested
 * without a video.
 */
import { MARKER_MIN_CONFIDENCE, markerFits, type Marker } from '../../../../worker/player/marker-rules'
import { clockTime } from '../progress'

/** Without a credits marker, the card comes up this long before the end of a long enough stream. */
const CLOSING_LEAD_SECONDS = 20
/** A stream no longer than this has its card at the end only. */
const CLOSING_MIN_STREAM_SECONDS = 60

/** The markers that apply to a stream of `streamSeconds`, minus the ones this viewer hid. */
export function usableMarkers(markers: readonly Marker[], streamSeconds: number, hidden: readonly number[]): Marker[] {
  if (!(streamSeconds > 0)) return []
  const streamMs = streamSeconds * 1000
  return markers.filter(
    (marker) =>
      markerFits(marker, streamMs) &&
      !hidden.includes(marker.id) &&
      (marker.confidence === null || marker.confidence >= MARKER_MIN_CONFIDENCE) &&
      marker.start_ms < marker.end_ms,
  )
}

/** The intro or recap the playhead is in (`seconds`), else null. */
export function skippableAt(markers: readonly Marker[], seconds: number): Marker | null {
  const ms = seconds * 1000
  return markers.find((m) => (m.kind === 'intro' || m.kind === 'recap') && ms >= m.start_ms && ms < m.end_ms) ?? null
}

/** The film's or episode's credits marker, when it has one. */
export function creditsOf(markers: readonly Marker[]): Marker | null {
  return markers.find((m) => m.kind === 'credits') ?? null
}

/**
 * Where (seconds) the end-of-episode card comes up: at the credits marker; without one, 20 s before
 * the end of a stream longer than a minute; else null (at the end only).
 */
export function closingFrom(markers: readonly Marker[], streamSeconds: number): number | null {
  const credits = creditsOf(markers)
  if (credits) return credits.start_ms / 1000
  if (streamSeconds > CLOSING_MIN_STREAM_SECONDS) return streamSeconds - CLOSING_LEAD_SECONDS
  return null
}

/** A marker's time as the dashboard shows it: m:ss.s (h:mm:ss.s past an hour). */
export function markerTime(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100))
  return `${clockTime(Math.floor(tenths / 10))}.${tenths % 10}`
}

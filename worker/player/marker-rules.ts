/**
 * Markers: the spans of a stream a viewer may want to skip or act on (an intro, a recap, the
 * credits, a preview of the next episode), in milliseconds, for one title or episode as one cut
 * of it runs. A marker names the length of the cut it was made for (`duration_ms`): the player
 * uses it only when the stream it plays is that long (within MARKER_DURATION_TOLERANCE_MS), so a
 * marker made for one cut never applies to another. Kept free of the schema library so the player
 * can read these without loading it.
 */
export const MARKER_KINDS = ['intro', 'recap', 'credits', 'preview'] as const
export type MarkerKind = (typeof MARKER_KINDS)[number]

/** Where a marker came from, in the order they count: the operator's own, then detection's. */
export const MARKER_SOURCES = ['operator', 'detected'] as const
export type MarkerSource = (typeof MARKER_SOURCES)[number]

/** A detected marker below this confidence is kept for the operator but never shown to viewers. */
export const MARKER_MIN_CONFIDENCE = 0.6
/** How far a stream's length may be from a marker's `duration_ms` for the marker to apply. */
export const MARKER_DURATION_TOLERANCE_MS = 1000
/** The longest stream a marker may be for: 12 hours. */
export const MARKER_MAX_DURATION_MS = 12 * 60 * 60 * 1000

/** A marker as the player reads it (GET /api/player/markers/...). */
export interface Marker {
  id: number
  kind: MarkerKind
  start_ms: number
  end_ms: number
  /** The length of the cut it was made for. */
  duration_ms: number
  source: MarkerSource
  /** 0 to 1 for a detected marker; null for the operator's. */
  confidence: number | null
}

/** A marker as the dashboard lists it: where it is, and how many viewers said it was wrong. */
export interface AdminMarker extends Marker {
  content_type: 'movie' | 'tv'
  content_id: number
  season_number: number
  episode_number: number
  wrong_reports: number
  updated_at: string
}

/**
 * GET /api/player/markers/:type/:id?season=&episode= (season and episode 0 or absent for a film):
 * the markers viewers see, the operator's first (a detected marker of a kind and cut the operator
 * marked is left out; one below MARKER_MIN_CONFIDENCE never shows). The same for every viewer: which
 * markers a viewer said were wrong is kept in that viewer's browser.
 */
export interface MarkersAnswer {
  markers: Marker[]
}

/** Whether a marker applies to a stream of this length (milliseconds). */
export function markerFits(marker: Pick<Marker, 'duration_ms'>, streamMs: number): boolean {
  return Math.abs(marker.duration_ms - streamMs) <= MARKER_DURATION_TOLERANCE_MS
}

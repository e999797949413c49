/**
 * Markers of a title's or episode's stream (marker-rules.ts): what the operator enters on the
 * dashboard, what detection writes, and what the player reads. Viewers read a title's markers from
 * KV copies and the isolate's memo, never from D1 (lib/title-copies.ts); a viewer's "this was
 * wrong" is one row per account, counted for the operator.
 */
import { and, eq, ne, notExists, sql } from 'drizzle-orm'
import { z } from 'zod'
import { markerReports, type OwnerType, type StreamMarker, streamMarkers } from '../../drizzle/schema'
import { type Db, nowIso } from '../accounts/db'
import { errorMessage } from '../lib/api-errors'
import { type TitleRef, titleCopies } from '../lib/title-copies'
import { type AdminMarker, type Marker, MARKER_DURATION_TOLERANCE_MS, MARKER_KINDS, MARKER_MAX_DURATION_MS, MARKER_MIN_CONFIDENCE, markerFits } from './marker-rules'
import { atPlace, filmsHaveNoEpisodes, titlePlace } from './title-place'

const milliseconds = z.number().int().min(0).max(MARKER_MAX_DURATION_MS)

/** A marker the operator enters: where, which kind, its span and the length of the cut it was made for. */
export const markerInput = z
  .object({
    ...titlePlace,
    kind: z.enum(MARKER_KINDS),
    start_ms: milliseconds,
    end_ms: milliseconds,
    duration_ms: milliseconds.min(1000),
  })
  .strict()
  .refine(...filmsHaveNoEpisodes)
  .refine((m) => m.start_ms < m.end_ms, { message: errorMessage('errors.markerEndBeforeStart'), path: ['end_ms'] })
  .refine((m) => m.end_ms <= m.duration_ms, { message: errorMessage('errors.markerPastEnd'), path: ['end_ms'] })
export type MarkerInput = z.infer<typeof markerInput>

const copies = titleCopies<StreamMarker>(
  'v1:markers:',
  (db) => db.selectDistinct({ content_type: streamMarkers.content_type, content_id: streamMarkers.content_id }).from(streamMarkers).all(),
  (db, title) =>
    db
      .select()
      .from(streamMarkers)
      .where(and(eq(streamMarkers.content_type, title.content_type), eq(streamMarkers.content_id, title.content_id)))
      .all(),
)
export const MARKED_TITLES_KEY = copies.titlesKey

function shown(row: StreamMarker): Marker {
  const { id, kind, start_ms, end_ms, duration_ms, source, confidence } = row
  return { id, kind, start_ms, end_ms, duration_ms, source, confidence }
}

/**
 * The markers viewers see for a film (season and episode 0) or an episode: the operator's, and
 * detection's that are confident enough and of a kind and cut the operator has not marked.
 */
export async function markersForPlayback(db: Db, kv: KVNamespace, title: TitleRef, season: number, episode: number): Promise<Marker[]> {
  const rows = (await copies.of(db, kv, title)).filter((row) => row.season_number === season && row.episode_number === episode)
  const operators = rows.filter((row) => row.source === 'operator')
  return rows
    .filter((row) => row.source === 'operator' || ((row.confidence ?? 0) >= MARKER_MIN_CONFIDENCE && !operators.some((own) => own.kind === row.kind && markerFits(own, row.duration_ms))))
    .sort((a, b) => a.start_ms - b.start_ms)
    .map(shown)
}

/** The operator's other markers of this kind on this cut (none, or the marker is not to be kept). */
function operatorsOf(db: Db, input: MarkerInput, except?: number) {
  return db
    .select({ id: streamMarkers.id })
    .from(streamMarkers)
    .where(
      and(
        atPlace(streamMarkers, input),
        eq(streamMarkers.kind, input.kind),
        eq(streamMarkers.source, 'operator'),
        sql`abs(${streamMarkers.duration_ms} - ${input.duration_ms}) <= ${MARKER_DURATION_TOLERANCE_MS}`,
        except === undefined ? undefined : ne(streamMarkers.id, except),
      ),
    )
}

const wrongReports = sql<number>`(SELECT count(*) FROM ${markerReports} WHERE ${markerReports.marker_id} = ${streamMarkers.id})`

export interface MarkerFilter {
  content_type?: 'movie' | 'tv'
  content_id?: number
  season_number?: number
  episode_number?: number
}

/** The markers the dashboard lists (at most 500), each with how many viewers said it was wrong. */
export async function listMarkers(db: Db, filter: MarkerFilter): Promise<AdminMarker[]> {
  const where = and(
    filter.content_type ? eq(streamMarkers.content_type, filter.content_type) : undefined,
    filter.content_id !== undefined ? eq(streamMarkers.content_id, filter.content_id) : undefined,
    filter.season_number !== undefined ? eq(streamMarkers.season_number, filter.season_number) : undefined,
    filter.episode_number !== undefined ? eq(streamMarkers.episode_number, filter.episode_number) : undefined,
  )
  const rows = await db
    .select({ marker: streamMarkers, wrong_reports: wrongReports })
    .from(streamMarkers)
    .where(where)
    .orderBy(streamMarkers.content_type, streamMarkers.content_id, streamMarkers.season_number, streamMarkers.episode_number, streamMarkers.start_ms)
    .limit(500)
    .all()
  return rows.map(({ marker, wrong_reports }) => adminMarker(marker, wrong_reports))
}

function adminMarker(row: StreamMarker, wrongReports: number): AdminMarker {
  const { content_type, content_id, season_number, episode_number, updated_at } = row
  return { ...shown(row), content_type, content_id, season_number, episode_number, wrong_reports: wrongReports, updated_at }
}

export type MarkerWrite = { ok: true; marker: AdminMarker } | { ok: false; reason: 'missing' | 'conflict' }

/**
 * Adds the operator's marker in one statement that also checks the operator has none of that kind
 * on that cut, so two administrators saving at once get a conflict, never two markers.
 */
export async function createMarker(db: Db, kv: KVNamespace, input: MarkerInput): Promise<MarkerWrite> {
  const { content_type, content_id, season_number, episode_number, kind, start_ms, end_ms, duration_ms } = input
  const [row] = await db.all<StreamMarker>(
    sql`INSERT INTO ${streamMarkers} (content_type, content_id, season_number, episode_number, kind, start_ms, end_ms, duration_ms, source)
        SELECT ${content_type}, ${content_id}, ${season_number}, ${episode_number}, ${kind}, ${start_ms}, ${end_ms}, ${duration_ms}, 'operator'
        WHERE NOT EXISTS ${operatorsOf(db, input)} RETURNING *`,
  )
  if (!row) return { ok: false, reason: 'conflict' }
  await copies.keep(db, kv, [row])
  return { ok: true, marker: adminMarker(row, 0) }
}

/** Replaces a marker with the operator's (a detected one corrected becomes the operator's), with the same check in its statement. */
export async function replaceMarker(db: Db, kv: KVNamespace, id: number, input: MarkerInput): Promise<MarkerWrite> {
  const before = await db.select().from(streamMarkers).where(eq(streamMarkers.id, id)).get()
  if (!before) return { ok: false, reason: 'missing' }
  const row = await db
    .update(streamMarkers)
    .set({ ...input, source: 'operator', confidence: null, updated_at: nowIso() })
    .where(and(eq(streamMarkers.id, id), notExists(operatorsOf(db, input, id))))
    .returning({ marker: streamMarkers, wrong_reports: wrongReports })
    .get()
  if (!row) return { ok: false, reason: 'conflict' }
  const moved = before.content_type !== row.marker.content_type || before.content_id !== row.marker.content_id
  await copies.keep(db, kv, moved ? [before, row.marker] : [row.marker])
  return { ok: true, marker: adminMarker(row.marker, row.wrong_reports) }
}

/** Removes a marker and the reports of it, in one batch. */
export async function deleteMarker(db: Db, kv: KVNamespace, id: number): Promise<boolean> {
  const [[row]] = await db.batch([db.delete(streamMarkers).where(eq(streamMarkers.id, id)).returning(), db.delete(markerReports).where(eq(markerReports.marker_id, id))])
  if (!row) return false
  await copies.keep(db, kv, [row])
  return true
}

/** A viewer's "this was wrong": 'new', 'again' when the account said so before, 'missing' for no such marker. */
export async function reportWrongMarker(db: Db, owner: { type: OwnerType; id: number }, markerId: number): Promise<'new' | 'again' | 'missing'> {
  const exists = await db.select({ id: streamMarkers.id }).from(streamMarkers).where(eq(streamMarkers.id, markerId)).get()
  if (!exists) return 'missing'
  const row = await db.insert(markerReports).values({ marker_id: markerId, owner_type: owner.type, owner_id: owner.id }).onConflictDoNothing().returning({ id: markerReports.marker_id }).get()
  return row ? 'new' : 'again'
}

/**
 * Markers of a title's or episode's stream (marker-rules.ts): what the operator enters on the
 * dashboard, what detection writes, and what the player reads. Viewers read a title's markers from
 * KV copies and the isolate's memo, never from D1 (lib/title-copies.ts); a viewer's "this was
 * wrong" is one row per account, counted for the operator.
 */
import { and, count, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { contentTypes, markerReports, type OwnerType, type StreamMarker, streamMarkers } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import { errorMessage } from '../lib/api-errors'
import { type TitleRef, titleCopies } from '../lib/title-copies'
import { type AdminMarker, type Marker, MARKER_KINDS, MARKER_MAX_DURATION_MS, MARKER_MIN_CONFIDENCE, markerFits } from './marker-rules'

const milliseconds = z.number().int().min(0).max(MARKER_MAX_DURATION_MS)

/** A marker the operator enters: where, which kind, its span and the length of the cut it was made for. */
export const markerInput = z
  .object({
    content_type: z.enum(contentTypes),
    content_id: z.number().int().positive(),
    season_number: z.number().int().min(0).max(1000).default(0),
    episode_number: z.number().int().min(0).max(100000).default(0),
    kind: z.enum(MARKER_KINDS),
    start_ms: milliseconds,
    end_ms: milliseconds,
    duration_ms: milliseconds.min(1000),
  })
  .strict()
  .refine((m) => m.content_type === 'tv' || (m.season_number === 0 && m.episode_number === 0), { message: errorMessage('errors.movieStreamEpisode'), path: ['season_number'] })
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

const samePlace = (input: Pick<MarkerInput, 'content_type' | 'content_id' | 'season_number' | 'episode_number'>) =>
  and(
    eq(streamMarkers.content_type, input.content_type),
    eq(streamMarkers.content_id, input.content_id),
    eq(streamMarkers.season_number, input.season_number),
    eq(streamMarkers.episode_number, input.episode_number),
  )

/** Whether the operator already marked this kind on this cut (another marker than `except`). */
async function operatorHas(db: Db, input: MarkerInput, except?: number): Promise<boolean> {
  const rows = await db
    .select({ id: streamMarkers.id, duration_ms: streamMarkers.duration_ms })
    .from(streamMarkers)
    .where(and(samePlace(input), eq(streamMarkers.kind, input.kind), eq(streamMarkers.source, 'operator')))
    .all()
  return rows.some((row) => row.id !== except && markerFits(row, input.duration_ms))
}

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
    .select({ marker: streamMarkers, wrong_reports: sql<number>`(SELECT count(*) FROM ${markerReports} WHERE ${markerReports.marker_id} = ${streamMarkers.id})` })
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

/** Adds the operator's marker; a conflict when the operator already marked that kind on that cut. */
export async function createMarker(db: Db, kv: KVNamespace, input: MarkerInput): Promise<MarkerWrite> {
  if (await operatorHas(db, input)) return { ok: false, reason: 'conflict' }
  const row = await db.insert(streamMarkers).values({ ...input, source: 'operator', confidence: null }).returning().get()
  await copies.keep(db, kv, [row])
  return { ok: true, marker: adminMarker(row, 0) }
}

/** Replaces a marker with the operator's (a detected one corrected becomes the operator's). */
export async function replaceMarker(db: Db, kv: KVNamespace, id: number, input: MarkerInput): Promise<MarkerWrite> {
  const before = await db.select().from(streamMarkers).where(eq(streamMarkers.id, id)).get()
  if (!before) return { ok: false, reason: 'missing' }
  if (await operatorHas(db, input, id)) return { ok: false, reason: 'conflict' }
  const row = await db
    .update(streamMarkers)
    .set({ ...input, source: 'operator', confidence: null, updated_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
    .where(eq(streamMarkers.id, id))
    .returning()
    .get()
  if (!row) return { ok: false, reason: 'missing' }
  const moved = before.content_type !== row.content_type || before.content_id !== row.content_id
  await copies.keep(db, kv, moved ? [before, row] : [row])
  const [reports] = await db.select({ n: count() }).from(markerReports).where(eq(markerReports.marker_id, id)).all()
  return { ok: true, marker: adminMarker(row, reports?.n ?? 0) }
}

export async function deleteMarker(db: Db, kv: KVNamespace, id: number): Promise<boolean> {
  const row = await db.delete(streamMarkers).where(eq(streamMarkers.id, id)).returning().get()
  if (!row) return false
  await db.delete(markerReports).where(eq(markerReports.marker_id, id)).run()
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

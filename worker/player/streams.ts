/**
 * HLS streams mapped to titles: the queries behind the admin streams API and the player's stream
 * lookup. A film's stream is stored with season and episode 0; a show may have one stream per
 * episode and a show-wide one (season 0, episode 0) that any episode without its own falls back to.
 * A stream may name its preview thumbnails track, which the player shows while the viewer scrubs.
 */
import { and, asc, desc, eq, ne, notExists } from 'drizzle-orm'
import { z } from 'zod'
import { streams, titleFigures, type ContentType, type Stream } from '../../drizzle/schema'
import type { Db } from '../accounts/db'
import { errorMessage } from '../lib/api-errors'
import { TITLE_COPIES_MEMO_MS, type TitleRef, titleCopies, titleKeyOf } from '../lib/title-copies'
import { atPlace, filmsHaveNoEpisodes, titlePlace } from './title-place'

/** The bundled, self-made sample (scripts/make-hls-sample.sh), served as a static asset. */
export const SAMPLE_MASTER_URL = '/media/sample/master.m3u8'
/** The sample's preview thumbnails: WebVTT cues naming regions of one sprite image (#xywh=). */
export const SAMPLE_THUMBNAILS_URL = '/media/sample/thumbnails.vtt'

/**
 * The bundled sample series (scripts/make-sample-series.sh): three 90-second episodes sharing an
 * intro and credits, with cold opens and recaps, which the embedded catalogue's Sherlock plays as
 * its first season (three episodes, as the series has), so skipping and the next episode can be
 * tried with the markers detection found in them (data/sample-series-markers.sql).
 */
export const SAMPLE_SERIES = { content_id: 19885, season: 1, episodes: 3 } as const

/** The sample series' episode for this title and episode, if it is one. */
export function sampleSeriesEpisode(type: ContentType, id: number, season: number, episode: number): string | null {
  const series = SAMPLE_SERIES
  return type === 'tv' && id === series.content_id && season === series.season && episode >= 1 && episode <= series.episodes ? `/media/series/e${episode}/master.m3u8` : null
}

/**
 * A master playlist (or a thumbnails track) is an https:// URL or a same-site path under /media/;
 * anything else (http, javascript:, protocol-relative //host, path traversal) could make the player
 * load a stranger's origin or mixed content.
 */
export function isAllowedMasterUrl(value: string): boolean {
  if (value.startsWith('/')) return isMediaPath(value)
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password
  } catch {
    return false
  }
}

const SAME_SITE = 'https://same-site.invalid'

/**
 * A same-site path under /media/, judged after percent-decoding (repeatedly, so `%252e` is seen
 * as `.`) and after the URL parser's own normalization: `/media/%2e%2e/api/admin/export`, a dot
 * segment, a backslash, a control character or a protocol-relative `//host` never passes.
 */
export function isMediaPath(value: string): boolean {
  let decoded = value
  for (let round = 0; round < 4; round++) {
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return false
    }
    if (next === decoded) break
    decoded = next
  }
  if (/[\\\s\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith('//')) return false
  const path = decoded.split(/[?#]/, 1)[0] ?? ''
  if (!path.startsWith('/media/') || path.split('/').some((segment) => segment === '.' || segment === '..')) return false
  let parsed: URL
  try {
    parsed = new URL(value, SAME_SITE)
  } catch {
    return false
  }
  return parsed.origin === SAME_SITE && parsed.pathname.startsWith('/media/')
}

const mediaUrl = () => z.string().trim().min(1).max(2000).refine(isAllowedMasterUrl, errorMessage('errors.mustBeMediaUrl'))

export const streamInput = z
  .object({
    ...titlePlace,
    master_url: mediaUrl(),
    thumbnails_url: mediaUrl().nullish(),
    label: z.string().trim().max(120).refine((text) => !/[\u0000-\u001f\u007f]/.test(text), errorMessage('errors.fieldControl', { field: 'label' })).nullish(),
  })
  .refine(...filmsHaveNoEpisodes)
export type StreamInput = z.infer<typeof streamInput>

export const checkInput = z.object({ master_url: mediaUrl(), thumbnails_url: mediaUrl().nullish() })

export interface TitleWithoutStream {
  content_type: ContentType
  content_id: number
  title: string
  poster_path: string | null
  watched: number
  saved: number
}

/** The titles viewers have watched or saved that no stream plays (up to 50), most watched first. */
export async function titlesWithoutStream(db: Db): Promise<TitleWithoutStream[]> {
  return db
    .select({ content_type: titleFigures.content_type, content_id: titleFigures.content_id, title: titleFigures.title, poster_path: titleFigures.poster_path, watched: titleFigures.watched, saved: titleFigures.saved })
    .from(titleFigures)
    .where(notExists(db.select({ id: streams.id }).from(streams).where(and(eq(streams.content_type, titleFigures.content_type), eq(streams.content_id, titleFigures.content_id)))))
    .orderBy(desc(titleFigures.watched), desc(titleFigures.saved))
    .limit(50)
    .all()
}

export interface StreamFilter {
  content_type?: ContentType
  content_id?: number
}

export async function listStreams(db: Db, filter: StreamFilter): Promise<Stream[]> {
  const conditions = [
    filter.content_type ? eq(streams.content_type, filter.content_type) : undefined,
    filter.content_id ? eq(streams.content_id, filter.content_id) : undefined,
  ].filter((c) => c !== undefined)
  return db
    .select()
    .from(streams)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(streams.content_type), asc(streams.content_id), asc(streams.season_number), asc(streams.episode_number))
    .limit(500)
}

export async function getStream(db: Db, id: number): Promise<Stream | undefined> {
  return db.select().from(streams).where(eq(streams.id, id)).get()
}

/**
 * Every title page asks which stream plays, and mappings change only when an operator edits them,
 * so the player reads them from KV copies and the isolate's memo, never from D1 (lib/title-copies.ts).
 */
export const PLAYBACK_MEMO_MS = TITLE_COPIES_MEMO_MS

const streamCopies = titleCopies<Stream>(
  'v1:streams:',
  (db) => db.selectDistinct({ content_type: streams.content_type, content_id: streams.content_id }).from(streams).all(),
  (db, title) =>
    db
      .select()
      .from(streams)
      .where(and(eq(streams.content_type, title.content_type), eq(streams.content_id, title.content_id)))
      .all(),
)
export const MAPPED_TITLES_KEY = streamCopies.titlesKey

/** Writes the KV copy after an edit: the list of mapped titles, and the streams of each title the edit touched. */
export function keepStreamCopies(db: Db, kv: KVNamespace, touched: TitleRef[]): Promise<void> {
  return streamCopies.keep(db, kv, touched)
}

/** Adds a stream; answers null when that title (and episode) already has one. */
export async function createStream(db: Db, kv: KVNamespace, input: StreamInput): Promise<Stream | null> {
  const row = await db
    .insert(streams)
    .values({ ...input, label: input.label ?? null, thumbnails_url: input.thumbnails_url ?? null })
    .onConflictDoNothing()
    .returning()
    .get()
  if (row) await keepStreamCopies(db, kv, [row])
  return row ?? null
}

export type ReplaceResult = { ok: true; stream: Stream } | { ok: false; reason: 'missing' | 'conflict' }

/**
 * Replaces a stream in one statement that also checks no other stream holds the same title and
 * episode, so two administrators saving at once get a 409, never a unique-index failure.
 */
export async function replaceStream(db: Db, kv: KVNamespace, id: number, input: StreamInput): Promise<ReplaceResult> {
  const before = await getStream(db, id)
  const row = await db
    .update(streams)
    .set({ ...input, label: input.label ?? null, thumbnails_url: input.thumbnails_url ?? null })
    .where(and(eq(streams.id, id), notExists(db.select({ id: streams.id }).from(streams).where(and(atPlace(streams, input), ne(streams.id, id))))))
    .returning()
    .get()
  if (row) {
    // The stream may have moved to another title: both titles' copies change.
    await keepStreamCopies(db, kv, before && titleKeyOf(before) !== titleKeyOf(row) ? [before, row] : [row])
    return { ok: true, stream: row }
  }
  return (await getStream(db, id)) ? { ok: false, reason: 'conflict' } : { ok: false, reason: 'missing' }
}

export async function deleteStream(db: Db, kv: KVNamespace, id: number): Promise<boolean> {
  const row = await db.delete(streams).where(eq(streams.id, id)).returning({ id: streams.id, content_type: streams.content_type, content_id: streams.content_id }).get()
  if (row) await keepStreamCopies(db, kv, [row])
  return !!row
}

/** The stream for a film, or for an episode (then the show-wide one), among a title's streams. */
function pick(rows: Stream[], type: ContentType, season: number, episode: number): Stream | undefined {
  const at = (s: number, e: number) => rows.find((row) => row.season_number === s && row.episode_number === e)
  if (type === 'movie') return at(0, 0)
  return at(season, episode) ?? at(0, 0)
}

/** The stream the player plays (see above: KV and the isolate's memo, never D1 on a visitor's path). */
export async function streamForPlayback(db: Db, kv: KVNamespace, type: ContentType, id: number, season: number, episode: number): Promise<Stream | undefined> {
  return pick(await streamCopies.of(db, kv, { content_type: type, content_id: id }), type, season, episode)
}

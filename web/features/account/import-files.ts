/**
 * Reads what other sites export, in the browser, into one list of titles to match: Letterboxd (its
 * export zip, or watchlist.csv, watched.csv, ratings.csv, diary.csv and list CSVs), IMDb (list,
 * watchlist and ratings CSVs) and Trakt (its JSON export, or the zip holding it). Each title says
 * where it goes: the watchlist, the history (watched, rated, logged), or a list; and the viewer's
 * rating of it, where the file gives one, in half stars as the site keeps them (Letterboxd's 0.5 to
 * 5 stars doubled; IMDb's and Trakt's 1 to 10 as they are).
 */
import { unzipSync } from 'fflate'
import Papa from 'papaparse'
import { IMDB_ID_PATTERN } from '../../../worker/catalog/title-facts'
import { currentLocale, t } from '../../i18n'

export type ImportKind = 'watchlist' | 'watched' | 'list'
export type ImportSource = 'Letterboxd' | 'IMDb' | 'Trakt'

export interface ImportRow {
  kind: ImportKind
  source: ImportSource
  title: string
  year: number | null
  type: 'movie' | 'tv' | null
  tmdbId: number | null
  /** IMDb's id ("tt0468569"), which IMDb's files and Trakt's carry; Letterboxd's exports do not. */
  imdbId: string | null
  /** ISO 8601, when the file says when it was watched. */
  watchedAt: string | null
  list?: string
  /** The viewer's rating in half stars, 1 (half a star) to 10 (five stars), where the file gives one. */
  rating?: number
  /** ISO 8601, when the file says when the rating was given. */
  ratedAt?: string
}

export interface ReadFile {
  name: string
  source: ImportSource
  kind: ImportKind
  count: number
  /** How many of its titles come with the viewer's rating. */
  rated: number
}

export interface ReadResult {
  rows: ImportRow[]
  files: ReadFile[]
  problems: string[]
}

export const MAX_FILE_BYTES = 20 * 1024 * 1024
export const MAX_ROWS = 5000

const text = new TextDecoder()

function yearOf(value: unknown): number | null {
  const year = Number(String(value ?? '').slice(0, 4))
  return Number.isInteger(year) && year >= 1870 && year <= 2100 ? year : null
}

function dateOf(value: unknown): string | null {
  const s = String(value ?? '').trim()
  if (!s) return null
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T12:00:00Z` : s)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

function positiveId(value: unknown): number | null {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null
}

function imdbIdOf(value: unknown): string | null {
  const id = String(value ?? '').trim()
  return IMDB_ID_PATTERN.test(id) ? id : null
}

/** Half stars from a rating out of `scale` (5 for Letterboxd's stars, 10 for IMDb and Trakt); nothing for anything else. */
function halfStarsOf(value: unknown, scale: 5 | 10): number | undefined {
  const text = String(value ?? '').trim()
  if (!text) return undefined
  const halves = Number(text) * (scale === 5 ? 2 : 1)
  return Number.isInteger(halves) && halves >= 1 && halves <= 10 ? halves : undefined
}

/** The rating and its day, as an ImportRow carries them (left out when the file gives none). */
function ratingOf(rating: number | undefined, ratedAt: string | null): Pick<ImportRow, 'rating' | 'ratedAt'> {
  return rating === undefined ? {} : { rating, ...(ratedAt && { ratedAt }) }
}

function baseName(path: string): string {
  return path.split('/').pop()?.toLowerCase() ?? path.toLowerCase()
}

/** A list's name from its file's: "rainy-films.csv" is "rainy films". */
function listNameOf(fileName: string): string {
  return fileName.replace(/\.(csv|json)$/i, '').replace(/[-_]+/g, ' ').trim().slice(0, 100) || 'Imported list'
}

/** The rows of a CSV as objects, from the line holding `header` on (Letterboxd lists have a preamble). */
function csvRows(content: string, startsWith?: RegExp): Record<string, string>[] {
  let body = content.replace(/^\uFEFF/, '')
  if (startsWith) {
    const lines = body.split(/\r?\n/)
    const at = lines.findIndex((line) => startsWith.test(line))
    if (at < 0) return []
    body = lines.slice(at).join('\n')
  }
  return Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true }).data
}

function fromCsv(path: string, content: string): { rows: ImportRow[]; file: Omit<ReadFile, 'count' | 'rated'> } | null {
  const name = baseName(path)
  const firstLine = content.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  // Letterboxd list: a preamble, then Position,Name,Year,URL,Description.
  if (/^Letterboxd list export/i.test(firstLine) || path.toLowerCase().includes('lists/')) {
    const meta = csvRows(content, /^Date,Name,/)[0]
    const list = meta?.Name?.trim() || name.replace(/\.csv$/, '')
    const rows = csvRows(content, /^Position,Name,Year/).map((r) => ({ kind: 'list' as const, source: 'Letterboxd' as const, title: r.Name ?? '', year: yearOf(r.Year), type: 'movie' as const, tmdbId: null, imdbId: null, watchedAt: null, list }))
    return { rows, file: { name: path, source: 'Letterboxd', kind: 'list' } }
  }
  const header = firstLine.split(',').map((h) => h.replace(/^"|"$/g, '').trim())
  if (header.includes('Letterboxd URI') && header.includes('Name')) {
    const kind: ImportKind = name.startsWith('watchlist') ? 'watchlist' : ['watched.csv', 'ratings.csv', 'diary.csv', 'reviews.csv'].includes(name) ? 'watched' : 'list'
    if (kind === 'list' && !name.startsWith('films')) return null
    // ratings.csv, diary.csv and reviews.csv carry a Rating (0.5 to 5 stars); a diary's entry is of the day it was watched
    const rows = csvRows(content).map((r) => ({
      kind,
      source: 'Letterboxd' as const,
      title: r.Name ?? '',
      year: yearOf(r.Year),
      type: 'movie' as const,
      tmdbId: null,
      imdbId: null,
      watchedAt: kind === 'watched' ? dateOf(r['Watched Date'] || r.Date) : null,
      ...(kind === 'watched' && ratingOf(halfStarsOf(r.Rating, 5), dateOf(r['Watched Date'] || r.Date))),
    }))
    return { rows, file: { name: path, source: 'Letterboxd', kind } }
  }
  if (header.includes('Const') && header.includes('Title') && header.includes('Title Type')) {
    const rated = header.includes('Your Rating') && !header.includes('Position')
    // IMDb exports a watchlist and any other list alike; only the file's name tells them apart.
    const kind: ImportKind = rated ? 'watched' : name.startsWith('watchlist') ? 'watchlist' : 'list'
    const list = kind === 'list' ? listNameOf(name) : undefined
    const rows = csvRows(content)
      .filter((r) => !/episode/i.test(r['Title Type'] ?? ''))
      .map((r) => ({
        kind,
        source: 'IMDb' as const,
        title: r.Title ?? '',
        year: yearOf(r.Year || r['Release Date']),
        type: /^tv(Series|MiniSeries)$/i.test(r['Title Type'] ?? '') ? ('tv' as const) : ('movie' as const),
        tmdbId: null,
        imdbId: imdbIdOf(r.Const),
        watchedAt: rated ? dateOf(r['Date Rated']) : null,
        ...(rated && ratingOf(halfStarsOf(r['Your Rating'], 10), dateOf(r['Date Rated']))),
        ...(list && { list }),
      }))
    return { rows, file: { name: path, source: 'IMDb', kind } }
  }
  return null
}

interface TraktMedia {
  title?: string
  year?: number
  ids?: { tmdb?: number; imdb?: string | null }
}

function fromTrakt(path: string, content: string): { rows: ImportRow[]; file: Omit<ReadFile, 'count' | 'rated'> } | null {
  let data: unknown
  try {
    data = JSON.parse(content)
  } catch {
    return null
  }
  if (!Array.isArray(data)) return null
  const name = baseName(path)
  const kind: ImportKind | null = name.startsWith('watchlist') ? 'watchlist' : name.startsWith('watched') || name.startsWith('history') || name.startsWith('ratings') ? 'watched' : name.startsWith('lists') ? 'list' : null
  if (!kind) return null
  // Trakt names a list's file after the list: lists-rainy-films.json.
  const list = kind === 'list' ? listNameOf(name.replace(/^lists-?/, '')) : undefined
  const rows: ImportRow[] = []
  for (const entry of data as Array<Record<string, unknown>>) {
    const movie = entry.movie as TraktMedia | undefined
    const show = entry.show as TraktMedia | undefined
    // a rating of an episode or a season is not the show's
    const ownRating = !entry.episode && !entry.season ? halfStarsOf(entry.rating, 10) : undefined
    const media = movie ?? show
    if (!media?.title) continue
    rows.push({
      kind,
      source: 'Trakt',
      title: media.title,
      year: yearOf(media.year),
      type: movie ? 'movie' : 'tv',
      tmdbId: positiveId(media.ids?.tmdb),
      imdbId: imdbIdOf(media.ids?.imdb),
      watchedAt: kind === 'watched' ? dateOf(entry.watched_at ?? entry.last_watched_at ?? entry.rated_at) : null,
      ...(kind === 'watched' && ratingOf(ownRating, dateOf(entry.rated_at))),
      ...(list && { list }),
    })
  }
  return { rows, file: { name: path, source: 'Trakt', kind } }
}

function readOne(path: string, bytes: Uint8Array, out: ReadResult) {
  const lower = path.toLowerCase()
  if (lower.endsWith('.zip')) {
    let entries: Record<string, Uint8Array>
    try {
      entries = unzipSync(bytes, { filter: (f) => /\.(csv|json)$/i.test(f.name) && !/(^|\/)(deleted|orphaned)\//i.test(f.name) && f.originalSize <= MAX_FILE_BYTES })
    } catch {
      out.problems.push(t('import.notAZip', { name: path }))
      return
    }
    const before = out.files.length
    for (const [inner, content] of Object.entries(entries)) readOne(inner, content, out)
    if (out.files.length === before) out.problems.push(t('import.zipHoldsNothing', { name: path }))
    return
  }
  const content = text.decode(bytes)
  const read = lower.endsWith('.json') ? fromTrakt(path, content) : lower.endsWith('.csv') ? fromCsv(path, content) : null
  if (!read) {
    // In an export, other files (profile, comments, likes) are expected and passed over quietly.
    if (!out.files.length && /\.(csv|json)$/i.test(lower)) out.problems.push(t('import.notAnExport', { name: path }))
    else if (!/\.(csv|json)$/i.test(lower)) out.problems.push(t('import.wrongFileType', { name: path }))
    return
  }
  const rows = read.rows.filter((r) => r.title.trim() !== '').map((r) => ({ ...r, title: r.title.trim().slice(0, 300) }))
  out.files.push({ ...read.file, count: rows.length, rated: rows.filter((r) => r.rating !== undefined).length })
  out.rows.push(...rows)
}

/** The same title in the same place: by its TMDB id, else its IMDb id, else its title and year. */
function rowKey(r: ImportRow): string {
  const id = r.tmdbId ? `tmdb:${r.tmdbId}` : r.imdbId ? `imdb:${r.imdbId}` : `${r.title.toLowerCase()}|${r.year ?? ''}`
  return [r.kind, r.list ?? '', r.type ?? '', id].join('|')
}

export async function readImportFiles(files: File[]): Promise<ReadResult> {
  const out: ReadResult = { rows: [], files: [], problems: [] }
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES) {
      out.problems.push(t('import.tooLarge', { name: file.name, size: new Intl.NumberFormat(currentLocale(), { style: 'unit', unit: 'megabyte' }).format(MAX_FILE_BYTES / 1024 / 1024) }))
      continue
    }
    readOne(file.name, new Uint8Array(await file.arrayBuffer()), out)
  }
  // One row per title and place: a film in watched.csv, ratings.csv and the diary (perhaps more
  // than once, rewatched) keeps its first watch and its latest rating.
  const seen = new Map<string, ImportRow>()
  out.rows = out.rows.filter((r) => {
    const key = rowKey(r)
    const first = seen.get(key)
    if (!first) {
      seen.set(key, r)
      return true
    }
    if (r.watchedAt && (!first.watchedAt || r.watchedAt < first.watchedAt)) first.watchedAt = r.watchedAt
    if (r.rating !== undefined && (first.rating === undefined || (r.ratedAt ?? '') >= (first.ratedAt ?? ''))) {
      first.rating = r.rating
      if (r.ratedAt) first.ratedAt = r.ratedAt
      else delete first.ratedAt
    }
    return false
  })
  if (out.rows.length > MAX_ROWS) {
    out.problems.push(t('import.tooManyRows', { count: out.rows.length, max: MAX_ROWS }))
    out.rows = out.rows.slice(0, MAX_ROWS)
  }
  return out
}

/** The question the server matches: rows asking the same one are matched once. */
export function queryKey(r: Pick<ImportRow, 'title' | 'year' | 'type' | 'tmdbId' | 'imdbId'>): string {
  return `${r.type ?? ''}|${r.tmdbId ?? ''}|${r.imdbId ?? ''}|${r.title.toLowerCase()}|${r.year ?? ''}`
}

/**
 * An account's data taken out (everything as JSON; the watchlist, history and each list as CSV
 * that Letterboxd imports) and an account deleted with every row it owns. The watchlist, history,
 * sessions and services come from the account's store (worker/accounts/store.ts), the record and
 * the lists from D1. Keyed by the owner from the session only.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { catalogMovies, catalogTvSeries } from '../../drizzle/catalog-schema'
import { yearOfDate } from '../catalog/title-facts'
import { calendarFeeds, markerReports, passkeys, passwordResets, recoveryCodes, serviceChoices, sessions, users, watchHistory, watchlist, webauthnChallenges, type ContentType } from '../../drizzle/schema'
import type { PublicRecord } from './accounts'
import type { Db } from './db'
import type { HistoryResult } from './history'
import type { DataSession, StoreData } from './store'
import { allListsWithItems, deleteListsOf, deleteProfileListsOf, type ListWithItems } from './user-lists'
import type { ServiceChoice } from './services'
import type { Owner, WatchlistEntry } from './watchlist'
import { csv } from '../lib/csv'
import type { StoreRatingRow } from '../../drizzle/account-store'

export interface AccountData {
  exported_at: string
  account: PublicRecord
  watchlist: ExportItem[]
  history: ExportHistoryItem[]
  lists: ExportList[]
  sessions: DataSession[]
  /** The services the account has and its region ("My services"), null until chosen. */
  services: ServiceChoice | null
  /** The shows the viewer chose to follow (`following: true`) or to stop following. */
  follows: StoreData['follows']
  /** New-episode notices: zone, quiet hours (minutes after midnight) and how many browsers get them. */
  notices: StoreData['notices']
  /** Every time a film or an episode was watched (marked, imported or played past 90%), oldest first. */
  plays: ExportPlay[]
  /** The viewer's ratings, 1 (half a star) to 10 (five stars). */
  ratings: ExportRating[]
  /** What pages leave out for the viewer. */
  preferences: StoreData['preferences']
}

export interface ExportPlay {
  content_type: ContentType
  content_id: number
  title: string
  season_number: number | null
  episode_number: number | null
  watched_at: string
}

export interface ExportRating {
  content_type: ContentType
  content_id: number
  title: string
  rating: number
  rated_at: string
}

export interface ExportList {
  name: string
  description: string | null
  is_public: boolean
  /** The list's page, in no language: /list/{slug}. */
  path: string
  created_at: string
  updated_at: string
  items: ExportItem[]
}

export interface ExportItem {
  content_type: ContentType
  content_id: number
  title: string
  year: number | null
  added_at: string
}

export interface ExportHistoryItem {
  content_type: ContentType
  content_id: number
  title: string
  year: number | null
  season_number: number | null
  episode_number: number | null
  watch_duration: number
  position: number
  total_duration: number
  status: HistoryResult['status']
  watched_at: string
}

/** D1 takes at most 100 bound values in one statement. */
const CHUNK = 90

/**
 * Release years from the embedded catalogue's own database (ids are TMDB's in both catalogues),
 * for the Year column Letterboxd matches on; a title it does not hold has none.
 */
async function yearsOf(catalog: Db, items: { content_type: ContentType; content_id: number }[]): Promise<Years> {
  const years = new Map<string, number>()
  const ids = (type: ContentType) => [...new Set(items.filter((i) => i.content_type === type).map((i) => i.content_id))]
  const put = (type: ContentType, rows: { id: number; date: string | null }[]) => {
    for (const row of rows) {
      const year = yearOfDate(row.date)
      if (year !== null) years.set(`${type}:${row.id}`, year)
    }
  }
  const movies = ids('movie')
  for (let i = 0; i < movies.length; i += CHUNK) {
    put('movie', await catalog.select({ id: catalogMovies.id, date: catalogMovies.release_date }).from(catalogMovies).where(inArray(catalogMovies.id, movies.slice(i, i + CHUNK))).all())
  }
  const series = ids('tv')
  for (let i = 0; i < series.length; i += CHUNK) {
    put('tv', await catalog.select({ id: catalogTvSeries.id, date: catalogTvSeries.first_air_date }).from(catalogTvSeries).where(inArray(catalogTvSeries.id, series.slice(i, i + CHUNK))).all())
  }
  return years
}

type Years = Map<string, number>
const yearIn = (years: Years, r: { content_type: ContentType; content_id: number }) => years.get(`${r.content_type}:${r.content_id}`) ?? null

function watchlistItems(rows: WatchlistEntry[], years: Years): ExportItem[] {
  return rows.map((r) => ({ content_type: r.content_type, content_id: r.content_id, title: r.title, year: yearIn(years, r), added_at: r.added_at }))
}

function historyItems(rows: HistoryResult[], years: Years): ExportHistoryItem[] {
  return rows.map((r) => ({
    content_type: r.content_type,
    content_id: r.content_id,
    title: r.title,
    year: yearIn(years, r),
    season_number: r.season_number,
    episode_number: r.episode_number,
    watch_duration: r.watch_duration,
    position: r.position,
    total_duration: r.total_duration,
    status: r.status,
    watched_at: r.watched_at,
  }))
}

export async function exportWatchlist(catalog: Db, rows: WatchlistEntry[]): Promise<ExportItem[]> {
  return watchlistItems(rows, await yearsOf(catalog, rows))
}

export async function exportHistory(catalog: Db, rows: HistoryResult[]): Promise<ExportHistoryItem[]> {
  return historyItems(rows, await yearsOf(catalog, rows))
}

function listExport(list: ListWithItems, years: Years): ExportList {
  return {
    name: list.name,
    description: list.description,
    is_public: list.is_public,
    path: `/list/${list.slug}`,
    created_at: list.created_at,
    updated_at: list.updated_at,
    items: list.items.map((i) => ({ content_type: i.content_type, content_id: i.content_id, title: i.title, year: yearIn(years, i), added_at: i.added_at })),
  }
}

/** One of the account's own lists with its titles' years, for its CSV. */
export async function exportList(list: ListWithItems, catalog: Db): Promise<ExportList> {
  return listExport(list, await yearsOf(catalog, list.items))
}

/** Everything: the record, what the store holds, and the lists, with the years of every title looked up together. */
export async function exportAccount(db: Db, owner: Owner, account: PublicRecord, stored: StoreData, catalog: Db): Promise<AccountData> {
  const lists = await allListsWithItems(db, owner)
  const years = await yearsOf(catalog, [...stored.watchlist, ...stored.history, ...lists.flatMap((l) => l.items)])
  return {
    exported_at: new Date().toISOString(),
    account,
    watchlist: watchlistItems(stored.watchlist, years),
    history: historyItems(stored.history, years),
    lists: lists.map((l) => listExport(l, years)),
    sessions: stored.sessions,
    services: stored.services,
    follows: stored.follows,
    notices: stored.notices,
    plays: stored.plays.map((p) => ({ content_type: p.content_type, content_id: p.content_id, title: p.title, season_number: p.season_number, episode_number: p.episode_number, watched_at: p.watched_at })),
    ratings: stored.ratings.map((r) => ({ content_type: r.content_type, content_id: r.content_id, title: r.title, rating: r.rating, rated_at: r.rated_at })),
    preferences: stored.preferences,
  }
}

/**
 * The embedded catalogue gives films TMDB does not number here ids of its own from 2,000,000
 * (scripts/build-catalog.mjs); those are no TMDB ids and must not be exported as such.
 */
export const EMBEDDED_OWN_FILM_IDS = 2_000_000

/** The film's TMDB id, when its id is one: always with TMDB, below the embedded catalogue's own range otherwise. */
function tmdbFilmId(item: { content_type: ContentType; content_id: number }, tmdbCatalogue: boolean): number | null {
  return item.content_type === 'movie' && (tmdbCatalogue || item.content_id < EMBEDDED_OWN_FILM_IDS) ? item.content_id : null
}

/**
 * Letterboxd's import columns first (Title, Year, tmdbID, and WatchedDate for the history), then
 * ours. Letterboxd holds films only and TMDB numbers series apart from films, so a series carries
 * its id in tmdbTvID and leaves tmdbID empty: an importer cannot take it for the film of that id.
 * A film without a TMDB id (the embedded catalogue's own) leaves it empty too, and is matched by
 * title and year.
 */
export function watchlistCsv(items: ExportItem[], tmdbCatalogue: boolean): string {
  return csv(
    ['Title', 'Year', 'tmdbID', 'Type', 'tmdbTvID', 'AddedDate'],
    items.map((i) => [i.title, i.year, tmdbFilmId(i, tmdbCatalogue), i.content_type === 'movie' ? 'film' : 'series', i.content_type === 'tv' ? i.content_id : null, i.added_at.slice(0, 10)]),
  )
}

/** One list, in its order: Letterboxd's list import columns (Position, Title, Year, tmdbID), then ours. */
export function listCsv(list: ExportList, tmdbCatalogue: boolean): string {
  return csv(
    ['Position', 'Title', 'Year', 'tmdbID', 'Type', 'tmdbTvID', 'AddedDate'],
    list.items.map((i, index) => [index + 1, i.title, i.year, tmdbFilmId(i, tmdbCatalogue), i.content_type === 'movie' ? 'film' : 'series', i.content_type === 'tv' ? i.content_id : null, i.added_at.slice(0, 10)]),
  )
}

export function historyCsv(items: ExportHistoryItem[], tmdbCatalogue: boolean): string {
  return csv(
    ['Title', 'Year', 'tmdbID', 'WatchedDate', 'Type', 'tmdbTvID', 'Season', 'Episode', 'SecondsWatched', 'Status'],
    items.map((i) => [
      i.title,
      i.year,
      tmdbFilmId(i, tmdbCatalogue),
      i.watched_at.slice(0, 10),
      i.content_type === 'movie' ? 'film' : 'series',
      i.content_type === 'tv' ? i.content_id : null,
      i.season_number,
      i.episode_number,
      i.watch_duration,
      i.status,
    ]),
  )
}

/** A film's rating with its year, for the Letterboxd file. */
export interface RatedFilm {
  title: string
  year: number | null
  rating: number
  rated_at: string
}

/**
 * The films' ratings with their years. Letterboxd holds films only: a series' rating would be
 * taken for a film's of the same name, so series stay out of this file (the JSON export has them).
 */
export async function exportRatings(catalog: Db, rows: StoreRatingRow[]): Promise<RatedFilm[]> {
  const films = rows.filter((r) => r.content_type === 'movie')
  const years = await yearsOf(catalog, films)
  return films.map((r) => ({ title: r.title, year: yearIn(years, r), rating: r.rating, rated_at: r.rated_at }))
}

/** Letterboxd's ratings.csv, column for column: the day rated, name, year, no Letterboxd URI, and stars from 0.5 to 5. */
export function ratingsCsv(items: RatedFilm[]): string {
  return csv(
    ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'],
    items.map((i) => [i.rated_at.slice(0, 10), i.title, i.year, null, i.rating / 2]),
  )
}

/**
 * Deletes a user and every row D1 holds of the account, in one batch (all or nothing): the copy of
 * its watchlist and history, its lists with their titles, passkeys, recovery codes, reset links,
 * waiting passkey challenges, its iCal feed, its reports of wrong markers, and sessions and services from before its store, then the account.
 * The store itself is deleted first (worker/routes/my-data.ts). `alongside` are further statements of
 * the same batch (the attempt counters that name the account).
 */
export async function deleteUserAccount(db: Db, userId: number, alongside: readonly BatchItem<'sqlite'>[] = []): Promise<void> {
  type Owned = typeof calendarFeeds | typeof watchlist | typeof watchHistory | typeof serviceChoices | typeof sessions | typeof passkeys | typeof passwordResets | typeof recoveryCodes | typeof webauthnChallenges | typeof markerReports
  const mine = (table: Owned) => and(eq(table.owner_type, 'user'), eq(table.owner_id, userId))
  await db.batch([
    db.delete(watchlist).where(mine(watchlist)),
    db.delete(watchHistory).where(mine(watchHistory)),
    ...deleteListsOf(db, { type: 'user', id: userId }),
    db.delete(serviceChoices).where(mine(serviceChoices)),
    db.delete(passkeys).where(mine(passkeys)),
    db.delete(recoveryCodes).where(mine(recoveryCodes)),
    db.delete(passwordResets).where(mine(passwordResets)),
    db.delete(webauthnChallenges).where(mine(webauthnChallenges)),
    db.delete(calendarFeeds).where(mine(calendarFeeds)),
    db.delete(markerReports).where(mine(markerReports)),
    db.delete(sessions).where(mine(sessions)),
    ...alongside,
    db.delete(users).where(eq(users.id, userId)),
  ])
}

/**
 * Deletes what D1 holds of one of an account's further profiles, in one batch: its lists (with
 * their titles and reports) and the copy of its watchlist and history. Its store is deleted first.
 */
export async function deleteProfileRows(db: Db, owner: Owner & { profile: number }): Promise<void> {
  const theirs = (table: typeof watchlist | typeof watchHistory) => and(eq(table.owner_type, owner.type), eq(table.owner_id, owner.id), eq(table.profile, owner.profile))
  await db.batch([db.delete(watchlist).where(theirs(watchlist)), db.delete(watchHistory).where(theirs(watchHistory)), ...deleteProfileListsOf(db, owner)])
}

/**
 * The embedded catalogue provider: answers every catalogue call from the D1 tables of
 * drizzle/catalog-schema.ts, with no network and no key. Lists, discover and browse are SQL over
 * the films and series (the business rules of rules.ts become WHERE clauses), search is FTS5
 * ranked by bm25 and popularity, and "now" is the snapshot date stored with the data.
 */
import { type SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { DEFAULT_LOCALE, type Locale } from '../lib/locales'
import { genresIn } from './messages'
import { namesThePerson, trigramsOf } from './name-match'
import { episodeText, overviewIn, seasonText } from './overviews'
import { CatalogNotFoundError, type CatalogProvider, certificationKey, type ListName, type TitleKey } from './provider'
import {
  addDays,
  BROWSE_MOVIE_MIN_VOTES,
  type DiscoverFilters,
  effectiveFilters,
  KDRAMA_EXCLUDED_WORDS,
  KDRAMA_MIN_VOTES,
  KIDS_CERTIFICATIONS,
  KIDS_EXCLUDED_GENRES,
  KIDS_MIN_RATING,
  MAX_PAGE,
  MOVIE_GENRES,
  NOW_PLAYING_WINDOW_DAYS,
  PAGE_SIZE,
  SERVICE_NAMES,
  type SortOrder,
  TOP_RATED_MIN_VOTES,
  tvGenreFor,
  UPCOMING_WINDOW_DAYS,
  WATCH_PROVIDER_IDS,
} from './rules'
import { ERA_YEARS, FULL_CAST, LIKENESS_WEIGHTS, MAKER_JOBS, NEIGHBOURHOOD_SIZE, similarPage, TOP_BILLED } from './recommend'
import type { CastMember, CrewMember, Genre, ListItem, MediaType, MovieDetails, Neighbourhood, Paged, PersonCredit, PersonDetails, PersonResult, SearchOptions, SearchPage, Season, SeasonSummary, TitleSummary, TitleTraits, TvDetails, WatchOptions } from './types'

type Db = ReturnType<typeof drizzle>

interface TitleRow {
  id: number
  media_type: MediaType
  label: string
  date: string | null
  overview: string
  poster_path: string | null
  backdrop_path: string | null
  vote_average: number
  vote_count: number
  popularity: number
  original_language: string
  certification: string | null
  adult: number
  genre_ids: string
  facts: string | null
}

/** What names the loaded data: its snapshot date (the catalogue's "now") and the hash of the data file. */
export interface CatalogMeta {
  snapshot: string
  hash: string
}

/** The loaded data's meta, read from D1 (a catalogue not loaded yet answers today and 'empty'). */
export async function readCatalogMeta(d1: D1Database): Promise<CatalogMeta> {
  const rows = await drizzle(d1).all<{ key: string; value: string }>(sql`SELECT key, value FROM catalog_meta WHERE key IN ('snapshot_date', 'data_hash')`)
  const get = (key: string) => rows.find((r) => r.key === key)?.value
  return { snapshot: get('snapshot_date') ?? new Date().toISOString().slice(0, 10), hash: get('data_hash') ?? 'empty' }
}

/** The fields a title's list item and its details share, read the same way from either row, in `locale`. */
function summaryOf(row: TitleRow, locale: Locale): TitleSummary {
  return {
    id: row.id,
    media_type: row.media_type,
    overview: overviewIn(locale, { ...row, genre_ids: JSON.parse(row.genre_ids) as number[] }),
    poster_path: row.poster_path,
    backdrop_path: row.backdrop_path,
    vote_average: row.vote_average,
    vote_count: row.vote_count,
    popularity: row.popularity,
    original_language: row.original_language,
    adult: !!row.adult,
  }
}

function toListItem(row: TitleRow, locale: Locale): ListItem {
  const base = { ...summaryOf(row, locale), genre_ids: JSON.parse(row.genre_ids) as number[] }
  return row.media_type === 'movie'
    ? { ...base, title: row.label, release_date: row.date ?? '' }
    : { ...base, name: row.label, first_air_date: row.date ?? '' }
}

/** What differs between the films' and the series' tables; the selects below are written once for both. */
const TITLES = {
  movie: { from: 'catalog_movies m', a: 'm', label: 'title', date: 'release_date', runtime: 'runtime', genres: 'catalog_movie_genres', fk: 'movie_id' },
  tv: { from: 'catalog_tv_series t', a: 't', label: 'name', date: 'first_air_date', runtime: 'episode_run_time', genres: 'catalog_tv_genres', fk: 'tv_id' },
} as const

/** Every list column of a film (m) or a series (t), with its genre ids in order. */
function titleSelect(type: MediaType, extra: SQL = sql``): SQL {
  const { from, a, label, date, genres, fk } = TITLES[type]
  return sql`${sql.raw(`SELECT ${a}.id AS id, '${type}' AS media_type, ${a}.${label} AS label, ${a}.${date} AS date, ${a}.overview AS overview,
    ${a}.poster_path AS poster_path, ${a}.backdrop_path AS backdrop_path, ${a}.vote_average AS vote_average,
    ${a}.vote_count AS vote_count, ${a}.popularity AS popularity, ${a}.original_language AS original_language,
    ${a}.certification AS certification, ${a}.adult AS adult, ${a}.facts AS facts,
    (SELECT json_group_array(genre_id) FROM (SELECT genre_id FROM ${genres} WHERE ${fk} = ${a}.id ORDER BY position)) AS genre_ids`)}
    ${extra}
    ${sql.raw(`FROM ${from}`)}`
}

/**
 * Light selects for ordering and counting: only ids and sort keys. The full list columns (with
 * their genre subquery) are read afterwards for the one page of ids, never for every candidate.
 */
function titleKeys(type: MediaType, extra: SQL = sql``): SQL {
  const { from, a, label, date } = TITLES[type]
  return sql`${sql.raw(`SELECT ${a}.id AS id, '${type}' AS media_type, ${a}.${label} AS label, ${a}.popularity AS popularity,
    ${a}.vote_average AS vote_average, ${a}.vote_count AS vote_count, ${a}.${date} AS date`)} ${extra} ${sql.raw(`FROM ${from}`)}`
}

/**
 * Drama and comedy: genres so many titles carry (a quarter of the films each) that sharing one
 * says little of a title that has a rarer genre too, whose titles its neighbours are looked for
 * among; reading theirs would read a good part of the catalogue.
 */
const BROAD_GENRES = [18, 35]

/** A credit of catalog_credits `c` that the likeness measure compares: top-billed cast, a director or a creator. */
const peopleWhoMake = sql`(c.credit_type = 'cast' AND c.position < ${TOP_BILLED} OR c.credit_type = 'crew' AND c.job IN (${sql.join(
  MAKER_JOBS.map((job) => sql`${job}`),
  sql`, `,
)}))`

function idList(ids: number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
}

function where(conditions: SQL[]): SQL {
  return conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``
}

/** A recent film or a running series scores higher; the films' clock is the snapshot date. */
function movieTrend(now: string): SQL {
  return sql`, m.popularity / (1.0 + max(0, julianday(${now}) - julianday(coalesce(m.release_date, '1900-01-01'))) / 120.0) AS trend`
}
/** Series have no snapshot of their own: recency is measured from the newest premiere in the data. */
const tvTrend = sql`, t.popularity * (CASE WHEN t.status = 'Returning Series' THEN 0.6 ELSE 0.3 END)
    / (1.0 + max(0, (SELECT julianday(max(first_air_date)) FROM catalog_tv_series) - julianday(coalesce(t.first_air_date, '1900-01-01'))) / 1500.0) AS trend`

/** Each sort order as SQL over titleKeys' columns; ties broken by id downwards, so an index gives the order (see list()). */
const ORDERS: Record<SortOrder, SQL> = {
  popularity: sql`popularity DESC, id DESC`,
  vote_average: sql`vote_average DESC, vote_count DESC, id DESC`,
  // Titles without a date go last either way.
  newest: sql`date IS NULL, date DESC, id DESC`,
  oldest: sql`date IS NULL, date ASC, id DESC`,
  title: sql`label COLLATE NOCASE, id DESC`,
}

interface Part {
  select: SQL
  conditions: SQL[]
  /**
   * The same conditions as the count reads them best, when that differs: a genre as an IN set
   * drawn from the genre index (the page's query walks the order's index and probes each title's
   * genres instead, stopping after a page).
   */
  countConditions?: SQL[]
}

export class EmbeddedCatalog implements CatalogProvider {
  readonly name = 'embedded' as const
  readonly scope: string
  private readonly db: Db

  /** `meta` says which data is loaded; the worker reads it from a copy in KV (shared.ts). */
  constructor(
    private readonly d1: D1Database,
    readonly locale: Locale = DEFAULT_LOCALE,
    private readonly meta: () => Promise<CatalogMeta> = () => readCatalogMeta(d1),
  ) {
    this.db = drizzle(d1)
    this.scope = locale
  }

  inLocale(locale: Locale): EmbeddedCatalog {
    return new EmbeddedCatalog(this.d1, locale, this.meta)
  }

  /** The catalogue's "now" (YYYY-MM-DD): the snapshot date stored with the data. */
  async today(): Promise<string> {
    return (await this.meta()).snapshot
  }

  async snapshotDate(): Promise<string | null> {
    return this.today()
  }

  /** Names the loaded data, so cached page compositions follow a reload. */
  async version(): Promise<string> {
    return (await this.meta()).hash
  }

  /**
   * A page of titles and how many there are in all. `count` replaces the count of the parts where
   * the total can be read more cheaply than by counting what the page's query selects.
   */
  private async paged(parts: Part[], orderBy: SQL, page: number, prefix: SQL = sql``, count?: SQL): Promise<Paged<ListItem>> {
    const union = (conditionsOf: (p: Part) => SQL[]) =>
      sql.join(
        parts.map((p) => sql`${p.select}${where(conditionsOf(p))}`),
        sql` UNION ALL `,
      )
    const offset = (page - 1) * PAGE_SIZE
    const [keys, total] = await Promise.all([
      this.db.all<{ id: number; media_type: MediaType }>(sql`${prefix} SELECT id, media_type FROM (${union((p) => p.conditions)}) ORDER BY ${orderBy} LIMIT ${PAGE_SIZE} OFFSET ${offset}`),
      this.db.get<{ n: number }>(count ?? sql`${prefix} SELECT count(*) AS n FROM (${union((p) => p.countConditions ?? p.conditions)})`),
    ])
    const totalResults = total?.n ?? 0
    return {
      page,
      results: await this.hydrate(keys),
      total_pages: Math.min(MAX_PAGE, Math.ceil(totalResults / PAGE_SIZE)),
      total_results: totalResults,
    }
  }

  /** Full list items for a page of ids, in the order given. */
  private async hydrate(keys: { id: number; media_type: MediaType }[]): Promise<ListItem[]> {
    const movieIds = keys.filter((k) => k.media_type === 'movie').map((k) => k.id)
    const tvIds = keys.filter((k) => k.media_type === 'tv').map((k) => k.id)
    const [movies, shows] = await Promise.all([
      movieIds.length ? this.db.all<TitleRow>(sql`${titleSelect('movie')} WHERE m.id IN (${idList(movieIds)})`) : [],
      tvIds.length ? this.db.all<TitleRow>(sql`${titleSelect('tv')} WHERE t.id IN (${idList(tvIds)})`) : [],
    ])
    const byKey = new Map([...movies, ...shows].map((row) => [`${row.media_type}:${row.id}`, row]))
    return keys.flatMap((k) => {
      const row = byKey.get(`${k.media_type}:${k.id}`)
      return row ? [toListItem(row, this.locale)] : []
    })
  }

  private released(now: string): SQL {
    return sql`m.release_date <= ${now}`
  }

  async list(list: ListName, page: number): Promise<Paged<ListItem>> {
    const now = await this.today()
    // Ties broken by id downwards, so the popularity index (popularity, id) gives the order as it
    // is and the query stops after a page instead of sorting every title.
    const byPopularity = sql`popularity DESC, id DESC`
    const byTrend = sql`trend DESC, id`
    switch (list) {
      case 'trending-all':
        return this.paged(
          [
            { select: titleKeys('movie', movieTrend(now)), conditions: [this.released(now)] },
            { select: titleKeys('tv', tvTrend), conditions: [] },
          ],
          byTrend,
          page,
        )
      case 'trending-movie':
        return this.paged([{ select: titleKeys('movie', movieTrend(now)), conditions: [this.released(now)] }], byTrend, page)
      case 'trending-tv':
        return this.paged([{ select: titleKeys('tv', tvTrend), conditions: [] }], byTrend, page)
      case 'movie-popular':
        return this.paged([{ select: titleKeys('movie'), conditions: [this.released(now)] }], byPopularity, page)
      case 'movie-top-rated':
        return this.topRated('movie', page)
      case 'movie-now-playing':
        return this.paged(
          [{ select: titleKeys('movie'), conditions: [this.released(now), sql`m.release_date > ${addDays(now, -NOW_PLAYING_WINDOW_DAYS)}`] }],
          byPopularity,
          page,
        )
      case 'movie-upcoming':
        return this.paged(
          [{ select: titleKeys('movie'), conditions: [sql`m.release_date > ${now}`, sql`m.release_date <= ${addDays(now, UPCOMING_WINDOW_DAYS)}`] }],
          byPopularity,
          page,
        )
      case 'tv-popular':
        return this.discover('tv', {}, page)
      case 'tv-top-rated':
        return this.topRated('tv', page)
      case 'tv-on-the-air':
        return this.discover('tv', { airing: 'week' }, page)
      case 'tv-airing-today':
        return this.discover('tv', { airing: 'today' }, page)
    }
  }

  async topRated(type: MediaType, page: number): Promise<Paged<ListItem>> {
    return this.discover(type, { voteCountGte: TOP_RATED_MIN_VOTES, sortBy: 'vote_average' }, page)
  }

  async discover(type: MediaType, asked: DiscoverFilters, page: number): Promise<Paged<ListItem>> {
    const filters = effectiveFilters(asked)
    const { a, label, date, runtime, genres: genreOf, fk } = TITLES[type]
    const alias = sql.raw(a)
    const genreTable = sql.raw(`${genreOf} g WHERE g.${fk} = ${a}.id`)
    const conditions: SQL[] = []
    if (type === 'movie') conditions.push(this.released(await this.today()))
    const genres = (filters.genres ?? []).map((id) => (type === 'tv' ? tvGenreFor(id) : id))
    // Each genre condition twice: probed title by title for the page, an IN set for the count.
    const genreSets: number[][] = genres.length && filters.genreMode === 'any' ? [genres] : [...new Set(genres)].map((id) => [id])
    const ids = (set: number[]) => sql.join(set.map((id) => sql`${id}`), sql`, `)
    const probes = genreSets.map((set) => sql`EXISTS (SELECT 1 FROM ${genreTable} AND g.genre_id IN (${ids(set)}))`)
    const sets = genreSets.map((set) => sql`${alias}.id IN (SELECT ${sql.raw(fk)} FROM ${sql.raw(genreOf)} WHERE genre_id IN (${ids(set)}))`)
    if (filters.language) conditions.push(sql`${alias}.original_language = ${filters.language}`)
    if (filters.watchProviders?.length) {
      // Films carry no streaming data in the embedded catalogue, so a platform filter leaves none.
      if (type === 'movie') conditions.push(sql`0`)
      else conditions.push(sql`EXISTS (SELECT 1 FROM catalog_tv_providers p WHERE p.tv_id = t.id AND p.provider_id IN (${sql.join(filters.watchProviders.map((p) => sql`${p}`), sql`, `)}))`)
    }
    if (filters.voteAverageGte !== undefined) conditions.push(sql`${alias}.vote_average >= ${filters.voteAverageGte}`)
    if (filters.voteCountGte !== undefined) conditions.push(sql`${alias}.vote_count >= ${filters.voteCountGte}`)
    const dateColumn = sql.raw(`${a}.${date}`)
    if (filters.releasedFrom) conditions.push(sql`${dateColumn} >= ${filters.releasedFrom}`)
    if (filters.releasedTo) conditions.push(sql`${dateColumn} <= ${filters.releasedTo}`)
    const runtimeColumn = sql.raw(`${a}.${runtime}`)
    if (filters.runtimeGte !== undefined) conditions.push(sql`${runtimeColumn} >= ${filters.runtimeGte}`)
    if (filters.runtimeLte !== undefined) conditions.push(sql`${runtimeColumn} <= ${filters.runtimeLte}`)
    if (filters.certification) conditions.push(sql`${alias}.certification = ${filters.certification}`)
    if (filters.preset === 'kids') {
      conditions.push(sql`${alias}.adult = 0`, sql`${alias}.vote_average >= ${KIDS_MIN_RATING}`)
      conditions.push(sql`${alias}.certification IN (${sql.join(KIDS_CERTIFICATIONS[type].map((r) => sql`${r}`), sql`, `)})`)
      conditions.push(sql`NOT EXISTS (SELECT 1 FROM ${genreTable} AND g.genre_id IN (${sql.join(KIDS_EXCLUDED_GENRES.map((g) => sql`${g}`), sql`, `)}))`)
    }
    if (filters.preset === 'kdrama') {
      const name = sql.raw(`${a}.${label}`)
      conditions.push(sql`${alias}.original_language = 'ko'`, sql`${alias}.vote_count >= ${KDRAMA_MIN_VOTES}`)
      for (const word of KDRAMA_EXCLUDED_WORDS) {
        conditions.push(sql`instr(lower(${name}), ${word}) = 0`, sql`instr(lower(${alias}.overview), ${word}) = 0`)
      }
    }
    if (type === 'tv' && filters.airing) {
      conditions.push(sql`t.status = 'Returning Series'`)
      // Streaming services release whole seasons; only broadcasters have a slot "today".
      if (filters.airing === 'today') {
        conditions.push(sql`NOT EXISTS (SELECT 1 FROM catalog_tv_networks tn JOIN catalog_networks n ON n.id = tn.network_id WHERE tn.tv_id = t.id AND n.provider_id IS NOT NULL)`)
      }
    }
    const order = ORDERS[filters.sortBy ?? 'popularity']
    return this.paged([{ select: titleKeys(type), conditions: [...conditions, ...probes], countConditions: [...conditions, ...sets] }], order, page)
  }

  async browse(letter: string, page: number): Promise<Paged<ListItem>> {
    const startsWith = (column: SQL): SQL =>
      letter === '#' ? sql`NOT (upper(substr(${column}, 1, 1)) BETWEEN 'A' AND 'Z')` : sql`upper(substr(${column}, 1, 1)) = ${letter}`
    return this.paged(
      [
        { select: titleKeys('movie'), conditions: [startsWith(sql.raw('m.title')), sql`m.vote_count >= ${BROWSE_MOVIE_MIN_VOTES}`] },
        { select: titleKeys('tv'), conditions: [startsWith(sql.raw('t.name'))] },
      ],
      sql`label COLLATE NOCASE, media_type, id`,
      page,
    )
  }

  async search(query: string, page: number, options?: SearchOptions): Promise<SearchPage> {
    const withPeople = page === 1 && (options?.people ?? true)
    const [titles, found] = await Promise.all([this.searchTitles(query, page), withPeople ? this.searchPeople(query) : { people: [], titles: [] }])
    return { ...(await this.withPeopleTitles(titles, found.titles)), people: found.people }
  }

  /** Titles whose names hold the query's words, else (`spelt`) those only spelt like it. */
  private async searchTitles(query: string, page: number): Promise<Paged<ListItem> & { spelt?: true }> {
    const byWords = await this.titlesWithWords(query, page)
    return byWords.total_results > 0 ? byWords : { ...(await this.similarTitles(query, page)), spelt: true }
  }

  /**
   * A search that names a person also finds what they are known for: their titles, most popular
   * first, after the titles whose names match and without repeating them. Only when those all fit
   * on the first page, so the pages that follow stay the name matches' own. Titles only spelt like
   * the term ("nolan" and Zoolander) come after the person's, who is named by it outright.
   */
  private async withPeopleTitles({ spelt, ...titles }: Paged<ListItem> & { spelt?: true }, keys: { id: number; media_type: MediaType }[]): Promise<Paged<ListItem>> {
    if (!keys.length || titles.page !== 1 || titles.total_pages > 1) return titles
    const shown = new Set(titles.results.map((r) => `${r.media_type}:${r.id}`))
    const extra = keys.filter((k) => !shown.has(`${k.media_type}:${k.id}`)).slice(0, PAGE_SIZE - titles.results.length)
    if (!extra.length) return titles
    const theirs = await this.hydrate(extra)
    const results = spelt ? [...theirs, ...titles.results] : [...titles.results, ...theirs]
    return { page: 1, results, total_pages: 1, total_results: results.length }
  }

  private async titlesWithWords(query: string, page: number): Promise<Paged<ListItem>> {
    const match = ftsQuery(query)
    const exact = ftsQuery(query, false)
    if (!match || !exact) return { page, results: [], total_pages: 0, total_results: 0 }
    // bm25 is negative (more negative is better); popular titles and whole-word matches are pulled
    // ahead, so "star" ranks Star Wars above Stardust.
    const hits = sql`WITH hits AS (SELECT media_type AS hit_type, title_id AS hit_id,
      bm25(catalog_search, 10.0, 4.0) * (CASE WHEN rowid IN (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ${exact}) THEN 3.0 ELSE 1.0 END) AS relevance
      FROM catalog_search WHERE catalog_search MATCH ${match})`
    const found = await this.paged(
      [
        { select: sql`${titleKeys('movie', sql`, h.relevance AS relevance`)} JOIN hits h ON h.hit_type = 'movie' AND h.hit_id = m.id`, conditions: [] },
        { select: sql`${titleKeys('tv', sql`, h.relevance AS relevance`)} JOIN hits h ON h.hit_type = 'tv' AND h.hit_id = t.id`, conditions: [] },
      ],
      sql`relevance * (1.0 + popularity / 40.0), id`,
      page,
      hits,
    )
    return found
  }

  /**
   * Titles spelt like the query when no word of it matched ("shawshenk", "intersteller"): the
   * trigram index gives candidates, which are kept when they hold more than half of the query's
   * trigrams and ranked by how many they hold, then by popularity.
   */
  private async similarTitles(query: string, page: number): Promise<Paged<ListItem>> {
    const grams = queryTrigrams(query)
    if (!grams.size) return { page, results: [], total_pages: 0, total_results: 0 }
    const candidates = await this.db.all<{ key: number; name: string; original_name: string }>(
      sql`SELECT rowid AS key, name, original_name FROM catalog_title_trigrams WHERE catalog_title_trigrams MATCH ${trigramQuery(grams)} ORDER BY rank LIMIT ${FUZZY_CANDIDATES}`,
    )
    const scored = candidates
      .map((c) => ({ id: Math.floor(c.key / 2), media_type: (c.key % 2 ? 'tv' : 'movie') as MediaType, score: Math.max(similarity(grams, c.name), similarity(grams, c.original_name)) }))
      .filter((c) => c.score >= TITLE_SIMILARITY)
    const items = await this.hydrate(scored)
    const scoreOf = new Map(scored.map((c) => [`${c.media_type}:${c.id}`, c.score]))
    items.sort((a, b) => (scoreOf.get(`${b.media_type}:${b.id}`) ?? 0) - (scoreOf.get(`${a.media_type}:${a.id}`) ?? 0) || b.popularity - a.popularity || a.id - b.id)
    const offset = (page - 1) * PAGE_SIZE
    return { page, results: items.slice(offset, offset + PAGE_SIZE), total_pages: Math.ceil(items.length / PAGE_SIZE), total_results: items.length }
  }

  /**
   * The people whose name is spelt like every word of the query (the trigram index, so
   * "christopher nolan" and "cristopher nolan" both find him and nobody else), with their main
   * department and best-known titles; beside them, all of their titles, most popular first.
   */
  private async searchPeople(query: string): Promise<{ people: PersonResult[]; titles: { id: number; media_type: MediaType }[] }> {
    const grams = queryTrigrams(query)
    if (!grams.size) return { people: [], titles: [] }
    const candidates = await this.db.all<{ id: number; name: string; profile_path: string | null }>(
      sql`SELECT p.id, p.name, p.profile_path FROM catalog_people_trigrams s JOIN catalog_people p ON p.id = s.rowid
          WHERE catalog_people_trigrams MATCH ${trigramQuery(grams)} ORDER BY s.rank LIMIT ${FUZZY_CANDIDATES}`,
    )
    const people = candidates
      .map((p) => ({ ...p, score: nameSimilarity(query, p.name) }))
      .filter((p) => p.score >= PERSON_SIMILARITY)
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, PEOPLE_SHOWN)
    if (!people.length) return { people: [], titles: [] }
    const credits = await this.db.all<{ person_id: number; media_type: MediaType; title_id: number; department: string; label: string; popularity: number }>(
      sql`SELECT c.person_id, c.media_type, c.title_id, CASE WHEN c.credit_type = 'cast' THEN 'Acting' ELSE coalesce(c.department, '') END AS department,
            coalesce(m.title, t.name) AS label, coalesce(m.popularity, t.popularity) AS popularity
          FROM catalog_credits c
          LEFT JOIN catalog_movies m ON c.media_type = 'movie' AND m.id = c.title_id
          LEFT JOIN catalog_tv_series t ON c.media_type = 'tv' AND t.id = c.title_id
          WHERE c.person_id IN (${idList(people.map((p) => p.id))}) AND coalesce(m.id, t.id) IS NOT NULL
          ORDER BY popularity DESC, c.title_id`,
    )
    // Only a person the whole term names brings their titles into the results.
    const named = new Set(people.filter((p) => namesThePerson(query, p.name)).map((p) => p.id))
    const theirTitles = new Map<string, { id: number; media_type: MediaType }>()
    for (const c of credits) if (named.has(c.person_id)) theirTitles.set(`${c.media_type}:${c.title_id}`, { id: c.title_id, media_type: c.media_type })
    const found = people.flatMap((person) => {
      const own = credits.filter((c) => c.person_id === person.id)
      if (!own.length) return []
      const departments = new Map<string, number>()
      for (const c of own) departments.set(c.department, (departments.get(c.department) ?? 0) + 1)
      const department = [...departments].sort((a, b) => b[1] - a[1])[0]![0]
      const titles = new Map<string, { id: number; media_type: MediaType; title: string }>()
      for (const c of own) {
        if (titles.size < KNOWN_FOR_SHOWN) titles.set(`${c.media_type}:${c.title_id}`, { id: c.title_id, media_type: c.media_type, title: c.label })
      }
      return [{ id: person.id, name: person.name, profile_path: person.profile_path, known_for_department: department, known_for: [...titles.values()] }]
    })
    return { people: found, titles: [...theirTitles.values()] }
  }

  async person(id: number): Promise<PersonDetails> {
    const person = await this.db.get<{ id: number; name: string; profile_path: string | null } | undefined>(sql`SELECT id, name, profile_path FROM catalog_people WHERE id = ${id}`)
    if (!person) throw new CatalogNotFoundError('errors.personNotFound')
    const rows = await this.db.all<{ credit_type: 'cast' | 'crew'; character: string | null; job: string | null; department: string | null; media_type: MediaType; title_id: number; label: string; date: string | null; poster_path: string | null; vote_average: number; vote_count: number; popularity: number }>(
      sql`SELECT c.credit_type, c.character, c.job, c.department, c.media_type, c.title_id,
            coalesce(m.title, t.name) AS label, coalesce(m.release_date, t.first_air_date) AS date,
            coalesce(m.poster_path, t.poster_path) AS poster_path, coalesce(m.vote_average, t.vote_average) AS vote_average,
            coalesce(m.vote_count, t.vote_count) AS vote_count, coalesce(m.popularity, t.popularity) AS popularity
          FROM catalog_credits c
          LEFT JOIN catalog_movies m ON c.media_type = 'movie' AND m.id = c.title_id
          LEFT JOIN catalog_tv_series t ON c.media_type = 'tv' AND t.id = c.title_id
          WHERE c.person_id = ${id} AND coalesce(m.id, t.id) IS NOT NULL
          ORDER BY popularity DESC, c.title_id`,
    )
    const credit = (r: (typeof rows)[number]): PersonCredit => ({
      id: r.title_id,
      media_type: r.media_type,
      title: r.label,
      year: r.date ? Number(r.date.slice(0, 4)) || null : null,
      poster_path: r.poster_path,
      vote_average: r.vote_average,
      vote_count: r.vote_count,
      popularity: r.popularity,
      ...(r.credit_type === 'cast' ? { character: r.character ?? '' } : { job: r.job ?? '' }),
    })
    // The department they have most credits in, as TMDB names it (acting is 'Acting').
    const departments = new Map<string, number>()
    for (const r of rows) {
      const department = r.credit_type === 'cast' ? 'Acting' : (r.department ?? '')
      departments.set(department, (departments.get(department) ?? 0) + 1)
    }
    return {
      id: person.id,
      name: person.name,
      known_for_department: [...departments].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '',
      profile_path: person.profile_path,
      biography: '',
      cast: rows.filter((r) => r.credit_type === 'cast').map(credit),
      crew: rows.filter((r) => r.credit_type === 'crew').map(credit),
    }
  }

  private async credits(type: MediaType, id: number): Promise<{ cast: CastMember[]; crew: CrewMember[] }> {
    const rows = await this.db.all<{ id: number; name: string; profile_path: string | null; credit_type: 'cast' | 'crew'; character: string | null; job: string | null; department: string | null; position: number }>(
      sql`SELECT p.id, p.name, p.profile_path, c.credit_type, c.character, c.job, c.department, c.position
          FROM catalog_credits c JOIN catalog_people p ON p.id = c.person_id
          WHERE c.media_type = ${type} AND c.title_id = ${id} ORDER BY c.credit_type, c.position`,
    )
    return {
      cast: rows.filter((r) => r.credit_type === 'cast').map((r) => ({ id: r.id, name: r.name, character: r.character ?? '', profile_path: r.profile_path, order: r.position })),
      crew: rows.filter((r) => r.credit_type === 'crew').map((r) => ({ id: r.id, name: r.name, job: r.job ?? '', department: r.department ?? '', profile_path: r.profile_path })),
    }
  }

  async movie(id: number): Promise<MovieDetails> {
    const row = await this.db.get<(TitleRow & { runtime: number | null; original_title: string }) | undefined>(
      sql`${titleSelect('movie', sql`, m.runtime AS runtime, m.original_title AS original_title`)} WHERE m.id = ${id}`,
    )
    if (!row) throw new CatalogNotFoundError('errors.movieNotFound')
    const [genres, credits, similar] = await Promise.all([this.genreList('movie', id), this.credits('movie', id), this.similar('movie', id, 1)])
    return {
      ...summaryOf(row, this.locale),
      media_type: 'movie',
      title: row.label,
      original_title: row.original_title,
      release_date: row.date ?? '',
      runtime: row.runtime,
      genres,
      credits,
      similar,
      videos: { results: [] },
      certification: row.certification,
      status: row.date && row.date <= (await this.today()) ? 'Released' : 'Planned',
    }
  }

  private async genreList(type: MediaType, id: number): Promise<Genre[]> {
    const { genres, fk } = TITLES[type]
    const rows = await this.db.all<Genre>(
      sql`${sql.raw(`SELECT g.id AS id, g.name AS name FROM ${genres} x JOIN catalog_genres g ON g.id = x.genre_id WHERE x.${fk}`)} = ${id} ORDER BY x.position`,
    )
    return genresIn(this.locale, rows)
  }

  async tv(id: number): Promise<TvDetails> {
    const row = await this.db.get<
      | (TitleRow & { original_name: string; status: string; episode_run_time: number | null; number_of_seasons: number; number_of_episodes: number; last_air_date: string | null })
      | undefined
    >(sql`${titleSelect('tv', sql`, t.original_name AS original_name, t.status AS status, t.episode_run_time AS episode_run_time, t.number_of_seasons AS number_of_seasons, t.number_of_episodes AS number_of_episodes, t.last_air_date AS last_air_date`)} WHERE t.id = ${id}`)
    if (!row) throw new CatalogNotFoundError('errors.tvNotFound')
    const [genres, credits, similar, seasons, networks] = await Promise.all([
      this.genreList('tv', id),
      this.credits('tv', id),
      this.similar('tv', id, 1),
      this.db.all<SeasonSummary>(
        sql`SELECT id, name, season_number, episode_count, air_date, poster_path, overview FROM catalog_seasons WHERE tv_id = ${id} ORDER BY season_number`,
      ),
      this.db.all<{ id: number; name: string }>(
        sql`SELECT n.id AS id, n.name AS name FROM catalog_tv_networks tn JOIN catalog_networks n ON n.id = tn.network_id WHERE tn.tv_id = ${id} ORDER BY n.id`,
      ),
    ])
    return {
      ...summaryOf(row, this.locale),
      media_type: 'tv',
      name: row.label,
      original_name: row.original_name,
      first_air_date: row.date ?? '',
      last_air_date: row.last_air_date,
      episode_run_time: row.episode_run_time ? [row.episode_run_time] : [],
      number_of_seasons: row.number_of_seasons,
      number_of_episodes: row.number_of_episodes,
      seasons: this.locale === DEFAULT_LOCALE ? seasons : seasons.map((s) => ({ ...s, ...seasonText(this.locale, row.label, s.season_number, s.episode_count ?? 0) })),
      networks,
      genres,
      credits,
      similar,
      videos: { results: [] },
      certification: row.certification,
      status: row.status,
    }
  }

  async season(tvId: number, seasonNumber: number): Promise<Season> {
    const season = await this.db.get<SeasonSummary | undefined>(
      sql`SELECT id, name, season_number, episode_count, air_date, poster_path, overview FROM catalog_seasons WHERE tv_id = ${tvId} AND season_number = ${seasonNumber}`,
    )
    if (!season) throw new CatalogNotFoundError('errors.seasonNotFound')
    const episodes = await this.db.all<Season['episodes'][number]>(
      sql`SELECT id, episode_number, season_number, name, overview, air_date, still_path, runtime FROM catalog_episodes WHERE tv_id = ${tvId} AND season_number = ${seasonNumber} ORDER BY episode_number`,
    )
    if (this.locale === DEFAULT_LOCALE) return { ...season, episodes }
    // Names and overviews of seasons and episodes are written from their numbers, in this language.
    const series = await this.db.get<{ name: string } | undefined>(sql`SELECT name FROM catalog_tv_series WHERE id = ${tvId}`)
    const name = series?.name ?? ''
    return {
      ...season,
      ...seasonText(this.locale, name, season.season_number, season.episode_count ?? 0),
      episodes: episodes.map((e) => ({ ...e, ...episodeText(this.locale, name, e.season_number, e.episode_number) })),
    }
  }

  /**
   * The catalogue knows no regions and no offers for films: a series' streaming services (from the
   * platform data) and the networks it was made for, the same everywhere.
   */
  async watchOptions(type: MediaType, id: number, region: string): Promise<WatchOptions> {
    const { from, a } = TITLES[type]
    const exists = await this.db.get<{ id: number } | undefined>(sql`${sql.raw(`SELECT ${a}.id AS id FROM ${from} WHERE ${a}.id`)} = ${id}`)
    if (!exists) throw new CatalogNotFoundError(type === 'movie' ? 'errors.movieNotFound' : 'errors.tvNotFound')
    const none = { region, source: 'catalogue' as const, link: null, stream: [], free: [], ads: [], rent: [], buy: [], networks: [] }
    if (type === 'movie') return none
    const [providers, networks] = await Promise.all([
      this.db.all<{ provider_id: number }>(sql`SELECT provider_id FROM catalog_tv_providers WHERE tv_id = ${id} ORDER BY provider_id`),
      this.db.all<{ name: string; provider_id: number | null }>(
        sql`SELECT n.name AS name, n.provider_id AS provider_id FROM catalog_tv_networks tn JOIN catalog_networks n ON n.id = tn.network_id WHERE tn.tv_id = ${id} ORDER BY n.id`,
      ),
    ])
    const stream = providers.flatMap(({ provider_id }) => {
      const name = SERVICE_NAMES[provider_id]
      return name ? [{ provider_id, name, logo_path: null, service: provider_id }] : []
    })
    return { ...none, stream, networks: networks.map((n) => ({ provider_id: n.provider_id, name: n.name, logo_path: null, service: null })) }
  }

  async similar(type: MediaType, id: number, page: number): Promise<Paged<ListItem>> {
    return similarPage(await this.neighbours(type, id), page)
  }

  async neighbours(type: MediaType, id: number): Promise<Neighbourhood> {
    const [own, near] = await Promise.all([this.traitsOf(type, [id]), this.nearTo(type, id)])
    const title = own.get(id)
    if (!title) throw new CatalogNotFoundError(type === 'movie' ? 'errors.movieNotFound' : 'errors.tvNotFound')
    if (!near.length) return { title, near: [] }
    const [traits, items] = await Promise.all([this.traitsOf(type, near.map((n) => n.id)), this.hydrate(near)])
    return {
      title,
      near: items.flatMap((item) => {
        const found = traits.get(item.id)
        if (!found) return []
        const { name: _name, ...rest } = found
        return [{ item, traits: rest }]
      }),
    }
  }

  /**
   * What the likeness measure compares of titles of one kind (recommend.ts), with their names, in
   * one query over the genre and credit indexes.
   */
  private async traitsOf(type: MediaType, ids: number[]): Promise<Map<number, TitleTraits & { name: string }>> {
    const { from, a, label, date, genres, fk } = TITLES[type]
    const rows = await this.db.all<{ k: 'g' | 'c' | 'm' | 't'; id: number; v: number | null; name: string | null }>(sql`
      WITH ids(id) AS (VALUES ${sql.join(
        ids.map((id) => sql`(${id})`),
        sql`, `,
      )})
      ${sql.raw(`SELECT 'g' AS k, x.${fk} AS id, x.genre_id AS v, NULL AS name FROM ${genres} x WHERE x.${fk} IN (SELECT id FROM ids)`)}
      UNION ALL
      SELECT CASE c.credit_type WHEN 'cast' THEN 'c' ELSE 'm' END, c.title_id, c.person_id, NULL FROM catalog_credits c
        WHERE c.media_type = ${type} AND c.title_id IN (SELECT id FROM ids) AND ${peopleWhoMake}
      UNION ALL
      ${sql.raw(`SELECT 't', ${a}.id, CAST(substr(${a}.${date}, 1, 4) AS INTEGER), ${a}.${label} FROM ${from} WHERE ${a}.id IN (SELECT id FROM ids)`)}`)
    const traits = new Map<number, TitleTraits & { name: string }>()
    for (const row of rows) if (row.k === 't') traits.set(row.id, { media_type: type, id: row.id, name: row.name ?? '', genres: [], cast: [], makers: [], year: row.v || null })
    for (const row of rows) {
      const title = traits.get(row.id)
      if (!title || row.v === null) continue
      if (row.k === 'g') title.genres.push(row.v)
      else if (row.k === 'c') title.cast.push(row.v)
      else if (row.k === 'm') title.makers.push(row.v)
    }
    return traits
  }

  /**
   * Up to NEIGHBOURHOOD_SIZE titles of the kind sharing a genre with the title: those the index
   * entries of its genres (the broad ones left out when it has another) and of its people reach,
   * never every title, ordered by a guess at the measure made in the same query (the share of
   * those genres they have, a shared maker, shared top-billed cast, years apart, then their
   * rating), which the measure itself then ranks exactly.
   */
  private nearTo(type: MediaType, id: number): Promise<{ id: number; media_type: MediaType }[]> {
    const { from, a, date, genres, fk } = TITLES[type]
    const w = LIKENESS_WEIGHTS
    const year = (alias: string) => `CAST(substr(${alias}.${date}, 1, 4) AS INTEGER)`
    const broad = sql.join(
      BROAD_GENRES.map((g) => sql`${g}`),
      sql`, `,
    )
    return this.db.all<{ id: number; media_type: MediaType }>(sql`
      WITH seed_genres AS (${sql.raw(`SELECT genre_id FROM ${genres} WHERE ${fk}`)} = ${id}),
      searched AS (SELECT genre_id FROM seed_genres WHERE genre_id NOT IN (${broad}) OR NOT EXISTS (SELECT 1 FROM seed_genres WHERE genre_id NOT IN (${broad}))),
      seed_people AS (SELECT c.person_id FROM catalog_credits c WHERE c.media_type = ${type} AND c.title_id = ${id} AND ${peopleWhoMake}),
      hits AS (
        ${sql.raw(`SELECT ${fk} AS id, 1 AS g, 0 AS c, 0 AS m FROM ${genres} WHERE genre_id IN (SELECT genre_id FROM searched) AND ${fk}`)} <> ${id}
        UNION ALL
        SELECT c.title_id, 0, c.credit_type = 'cast', c.credit_type = 'crew' FROM catalog_credits c
          WHERE c.person_id IN (SELECT person_id FROM seed_people) AND +c.media_type = ${type} AND c.title_id <> ${id} AND ${peopleWhoMake}
      ),
      shared AS (
        SELECT id, sum(g) AS g, sum(c) AS c, max(m) AS m FROM hits GROUP BY id
        HAVING sum(g) > 0 OR EXISTS (${sql.raw(`SELECT 1 FROM ${genres} x WHERE x.${fk} = hits.id AND x.genre_id IN (SELECT genre_id FROM seed_genres)`)})
      ),
      seed AS (${sql.raw(`SELECT ${year(a)} AS year FROM ${from} WHERE ${a}.id`)} = ${id})
      SELECT shared.id AS id, ${type} AS media_type FROM shared ${sql.raw(`JOIN ${from} ON ${a}.id = shared.id`)}
      ORDER BY ${w.genres} * shared.g * 1.0 / (SELECT count(*) FROM searched) + ${w.makers} * shared.m
        + ${w.cast} * min(shared.c, ${FULL_CAST}) * 1.0 / ${FULL_CAST}
        + ${w.era} * coalesce(max(0, 1 - abs(${sql.raw(year(a))} - (SELECT year FROM seed)) * 1.0 / ${ERA_YEARS}), 0)
        + ${sql.raw(`${a}.vote_average`)} / 1000.0 DESC, shared.id DESC
      LIMIT ${NEIGHBOURHOOD_SIZE}`)
  }

  /**
   * Nothing: the catalogue's sources (vega-datasets' movies.json, data/tv-series.mjs) carry no
   * IMDb ids, so a title named by one is matched by its title and year instead.
   */
  async findByImdbId(): Promise<ListItem[]> {
    return []
  }

  async servicesOf(tvIds: number[]): Promise<Map<number, number[]>> {
    const services = new Map<number, number[]>()
    if (!tvIds.length) return services
    const rows = await this.db.all<{ tv_id: number; provider_id: number }>(
      sql`SELECT tv_id, provider_id FROM catalog_tv_providers WHERE tv_id IN (${idList([...new Set(tvIds)])}) ORDER BY tv_id, provider_id`,
    )
    for (const { tv_id, provider_id } of rows) {
      if (!WATCH_PROVIDER_IDS.has(provider_id)) continue
      const list = services.get(tv_id) ?? []
      list.push(provider_id)
      services.set(tv_id, list)
    }
    return services
  }

  /** One query for the lot, however many: each kind's ids travel as one JSON parameter (D1 binds at most 100). */
  async certifications(titles: readonly TitleKey[]): Promise<Map<string, string | null>> {
    const found = new Map<string, string | null>()
    const ids = (type: MediaType) => JSON.stringify([...new Set(titles.filter((t) => t.media_type === type).map((t) => t.id))])
    if (!titles.length) return found
    const rows = await this.db.all<{ media_type: MediaType; id: number; certification: string | null }>(
      sql`SELECT 'movie' AS media_type, id, certification FROM catalog_movies WHERE id IN (SELECT value FROM json_each(${ids('movie')}))
        UNION ALL SELECT 'tv' AS media_type, id, certification FROM catalog_tv_series WHERE id IN (SELECT value FROM json_each(${ids('tv')}))`,
    )
    for (const row of rows) found.set(certificationKey(row), row.certification || null)
    return found
  }

  async genres(): Promise<Genre[]> {
    return genresIn(this.locale, MOVIE_GENRES)
  }
}

/** How many trigram matches are scored in the worker, and how alike a title or a name must be to be kept. */
const FUZZY_CANDIDATES = 200
const TITLE_SIMILARITY = 0.55
const PERSON_SIMILARITY = 0.5
const PEOPLE_SHOWN = 6
const KNOWN_FOR_SHOWN = 3

function queryTrigrams(query: string): Set<string> {
  return new Set([...trigramsOf(query)].slice(0, 40))
}

/** An FTS5 query matching any of the trigrams, each quoted so nothing in it is read as syntax. */
function trigramQuery(grams: Set<string>): string {
  return [...grams].map((g) => `"${g.replaceAll('"', '""')}"`).join(' OR ')
}

/** The share of the query's trigrams found in the text. */
function similarity(grams: Set<string>, text: string): number {
  if (!grams.size || !text) return 0
  const own = trigramsOf(text)
  let shared = 0
  for (const g of grams) if (own.has(g)) shared++
  return shared / grams.size
}

/**
 * How well a name matches every word of the query: the share of the worst-matched word's trigrams
 * found in it, so "christopher nolan" does not find Christopher Lloyd.
 */
function nameSimilarity(query: string, name: string): number {
  const words = (query.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).map(trigramsOf).filter((grams) => grams.size > 0)
  return words.length ? Math.min(...words.map((grams) => similarity(grams, name))) : 0
}

/**
 * Turns what the user typed into an FTS5 query: every word becomes a quoted prefix term, so
 * "star wa" matches "Star Wars" while typing and no FTS5 syntax can be injected.
 */
function ftsQuery(query: string, prefix = true): string | null {
  const words = query.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []
  if (!words.length) return null
  return words
    .slice(0, 12)
    .map((word) => `"${word}"${prefix ? '*' : ''}`)
    .join(' ')
}

/**
 * `npm run catalog:build`: builds data/catalog.sql, the embedded catalogue, from public facts:
 * the films of vega-datasets' movies.json (cleaned and mapped onto TMDB genre ids), the TV
 * series compiled in data/tv-series.mjs and the film facts of data/film-facts.mjs. Overviews are
 * written here from those facts. The output is committed, so `npm start` and the tests never
 * rebuild it; run this again only after changing the inputs.
 *
 * The file holds one SQL statement per line (the worker tests split it by line), starts by
 * emptying the catalogue tables, so loading it twice gives the same rows, and ends with the
 * meta rows. Its first line carries the hash of everything below it.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  animatedFilms,
  crimeFilms,
  filmCast,
  filmGenres,
  filmRuntimes,
  filmTitles,
  historyFilms,
  misattributedFilms,
  mysteryFilms,
  scienceFictionFilms,
  tmdbMovieIds,
  warFilms,
} from '../data/film-facts.mjs'
import { tvSeries } from '../data/tv-series.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
export const outFile = join(root, 'data', 'catalog.sql')

/**
 * The catalogue's "now". movies.json ends in 2010, so now playing (the six weeks before) and
 * upcoming (the month after) are computed against this date, chosen so both have films.
 */
export const SNAPSHOT_DATE = '2010-05-31'
const SNAPSHOT_YEAR = Number(SNAPSHOT_DATE.slice(0, 4))
const ROWS_PER_INSERT = 150

const MOVIE_GENRES = [
  [28, 'Action'], [12, 'Adventure'], [16, 'Animation'], [35, 'Comedy'], [80, 'Crime'], [99, 'Documentary'],
  [18, 'Drama'], [10751, 'Family'], [14, 'Fantasy'], [36, 'History'], [27, 'Horror'], [10402, 'Music'],
  [9648, 'Mystery'], [10749, 'Romance'], [878, 'Science Fiction'], [53, 'Thriller'], [10752, 'War'], [37, 'Western'],
]
const TV_GENRES = [
  [10759, 'Action & Adventure'], [16, 'Animation'], [35, 'Comedy'], [80, 'Crime'], [99, 'Documentary'], [18, 'Drama'],
  [10751, 'Family'], [10762, 'Kids'], [9648, 'Mystery'], [10763, 'News'], [10764, 'Reality'], [10765, 'Sci-Fi & Fantasy'],
  [10766, 'Soap'], [10767, 'Talk'], [10768, 'War & Politics'], [37, 'Western'],
]
const PLATFORMS = [
  [8, 'Netflix'], [337, 'Disney+'], [9, 'Prime Video'], [350, 'Apple TV+'], [531, 'Paramount+'], [386, 'Peacock'],
  [283, 'Crunchyroll'],
]

const MAJOR_GENRE = {
  Action: [28], Adventure: [12], Comedy: [35], Drama: [18], Horror: [27], Musical: [10402], 'Thriller/Suspense': [53],
  'Romantic Comedy': [10749, 35], Western: [37], Documentary: [99], 'Black Comedy': [35], 'Concert/Performance': [10402],
}
/**
 * Creative types that name a genre. "Super Hero" says a film is an action film, not that it is
 * science fiction (data/film-facts.mjs lists the superhero films that are); "Historical Fiction"
 * only says a story is set in the past, which is no genre (the History genre comes from a list of
 * films about historical events); "Contemporary Fiction", "Dramatization" and "Factual" name none.
 */
const CREATIVE_TYPE = {
  'Kids Fiction': [10751], 'Super Hero': [28], 'Science Fiction': [878], Fantasy: [14],
}
const MONTHS = { Jan: 1, Feb: 2, Mar: 3, Apr: 4, May: 5, Jun: 6, Jul: 7, Aug: 8, Sep: 9, Oct: 10, Nov: 11, Dec: 12 }

const genreName = new Map([...TV_GENRES, ...MOVIE_GENRES])

/** FNV-1a: stable ids for titles and people that have no TMDB id here. */
function fnv(text) {
  let hash = 0x811c9dc5
  for (const char of text) {
    hash ^= char.codePointAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

function stableId(text, base, span, taken) {
  let id = base + (fnv(text) % span)
  while (taken.has(id)) id += 1
  taken.add(id)
  return id
}

/**
 * movies.json's accented titles were read as Mac Roman from Latin-1 bytes ("LÈon" for "Léon");
 * mapping each character back to its byte and reading that as Windows-1252 restores them.
 */
const macRoman = new TextDecoder('macintosh')
const windows1252 = new TextDecoder('windows-1252')
const MOJIBAKE = new Map()
for (let byte = 0x80; byte <= 0xff; byte += 1) {
  MOJIBAKE.set(macRoman.decode(Uint8Array.of(byte)), windows1252.decode(Uint8Array.of(byte)))
}
export function repairText(text) {
  return [...text].map((ch) => MOJIBAKE.get(ch) ?? ch).join('')
}

/** "Jun 12 1998" -> "1998-06-12"; two-digit years read a century late are moved back. */
export function parseReleaseDate(text) {
  const match = /^([A-Z][a-z]{2}) (\d{2}) (\d{4})$/.exec(text ?? '')
  if (!match || !MONTHS[match[1]]) return null
  let year = Number(match[3])
  if (year > SNAPSHOT_YEAR + 1) year -= 100
  return `${year}-${String(MONTHS[match[1]]).padStart(2, '0')}-${match[2]}`
}

function sqlValue(value) {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  return `'${String(value).replaceAll("'", "''")}'`
}

function inserts(table, columns, rows) {
  const lines = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows.slice(i, i + ROWS_PER_INSERT).map((row) => `(${columns.map((c) => sqlValue(row[c])).join(',')})`)
    lines.push(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${values.join(',')};`)
  }
  return lines
}

function joinNames(names) {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

function article(word) {
  return /^[aeiou]/i.test(word) ? 'an' : 'a'
}

function formatVotes(votes) {
  return votes.toLocaleString('en-US')
}

function runtimeText(minutes) {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h ? `${h} h ${m} min` : `${m} min`
}

/**
 * What a film is drawn from, by movies.json's Source: the key its sentence has in every language
 * (overviews.source<Key> in web/i18n/catalogs/<locale>/overviews.json) and the English sentence.
 */
const SOURCES = {
  'Based on Book/Short Story': ['book', 'Adapted from a book or short story'],
  'Based on Comic/Graphic Novel': ['comic', 'Adapted from a comic or graphic novel'],
  'Remake': ['remake', 'A remake of an earlier film'],
  'Based on Real Life Events': ['realEvents', 'Drawn from real events'],
  'Based on TV': ['tv', 'Adapted from a television show'],
  'Based on Play': ['play', 'Adapted from a stage play'],
  'Based on Musical or Opera': ['musical', 'Adapted from a stage musical or opera'],
  'Based on Game': ['game', 'Adapted from a game'],
  'Based on Toy': ['toy', 'Built around a toy line'],
  'Traditional/Legend/Fairytale': ['traditional', 'Rooted in a traditional tale or legend'],
  'Disney Ride': ['ride', 'Inspired by a theme park ride'],
  'Based on Magazine Article': ['magazine', 'Adapted from a magazine article'],
  'Based on Folk Tale/Legend/Fairytale': ['folkTale', 'Rooted in a folk tale or legend'],
  'Spin-Off': ['spinOff', 'A spin-off of an earlier story'],
  'Based on Short Film': ['shortFilm', 'Expanded from a short film'],
  'Original Screenplay': ['original', 'Written directly for the screen'],
}

function movieOverview(film) {
  const genres = film.genreIds.map((id) => genreName.get(id).toLowerCase())
  const kind = genres.length ? `${joinNames(genres)} film` : 'film'
  const year = film.release_date ? film.release_date.slice(0, 4) : null
  const parts = [`${film.title} is ${article(kind)} ${kind}${year ? ` from ${year}` : ''}${film.director ? `, directed by ${film.director}` : ''}.`]
  const source = SOURCES[film.source]?.[1]
  if (film.cast.length) parts.push(`Starring ${joinNames(film.cast)}.`)
  if (source) parts.push(`${source}.`)
  if (film.certification && film.runtime) parts.push(`It is rated ${film.certification} and runs ${runtimeText(film.runtime)}.`)
  else if (film.certification) parts.push(`It is rated ${film.certification}.`)
  else if (film.runtime) parts.push(`It runs ${runtimeText(film.runtime)}.`)
  if (film.distributor) parts.push(`Released by ${film.distributor.replace(/\.$/, '')}.`)
  if (film.vote_count) parts.push(`IMDb users rate it ${film.vote_average.toFixed(1)} out of 10 from ${formatVotes(film.vote_count)} votes.`)
  return parts.join(' ')
}

/**
 * What a film's overview says that its row does not hold, so the worker can write the overview in
 * every language (worker/catalog/overviews.ts): director, cast, source, running time, distributor.
 */
function movieFacts(film) {
  const facts = {}
  if (film.director) facts.director = film.director
  if (film.cast.length) facts.cast = film.cast
  if (SOURCES[film.source]) facts.source = SOURCES[film.source][0]
  if (film.runtime) facts.runtime = film.runtime
  if (film.distributor) facts.distributor = film.distributor.replace(/\.$/, '')
  return JSON.stringify(facts)
}

/** The same for a series: networks, creators, cast, seasons, episodes and whether it has ended. */
function seriesFacts(series) {
  const facts = {}
  if (series.networks.length) facts.networks = series.networks
  if (series.creators.length) facts.creators = series.creators
  if (series.cast.length) facts.cast = series.cast
  if (series.number_of_seasons) facts.seasons = series.number_of_seasons
  if (series.number_of_episodes) facts.episodes = series.number_of_episodes
  if (series.status === 'Ended') facts.ended = true
  return JSON.stringify(facts)
}

const LANGUAGE_ADJECTIVE = { en: 'English-language', ko: 'Korean', ja: 'Japanese', de: 'German', es: 'Spanish' }

function tvOverview(series) {
  const genres = series.genreIds.filter((id) => id !== 16 || series.lang !== 'ja').map((id) => genreName.get(id).toLowerCase())
  const animated = series.genreIds.includes(16)
  const noun = animated ? (series.lang === 'ja' ? 'anime series' : 'animated series') : 'series'
  const kind = `${LANGUAGE_ADJECTIVE[series.lang] ?? ''} ${genres.filter((g) => g !== 'animation').join(', ')} ${noun}`.replace(/\s+/g, ' ').trim()
  const year = series.first_air_date?.slice(0, 4)
  const parts = [`${series.name} is ${article(kind)} ${kind}${year ? ` that premiered in ${year}` : ''}${series.networks.length ? ` on ${joinNames(series.networks)}` : ''}.`]
  if (series.creators.length) parts.push(`Created by ${joinNames(series.creators)}.`)
  if (series.cast.length) parts.push(`Starring ${joinNames(series.cast)}.`)
  const seasons = series.number_of_seasons
  if (seasons) {
    const count = series.number_of_episodes
    const episodes = count ? ` and ${count} episode${count === 1 ? '' : 's'}` : ''
    const tense = series.status === 'Ended' ? 'ran for' : 'has run for'
    parts.push(`It ${tense} ${seasons} season${seasons === 1 ? '' : 's'}${episodes}.`)
  } else if (series.status !== 'Ended') {
    parts.push('It is still running.')
  }
  return parts.join(' ')
}

/** Popularity has no public source for these titles; it is derived from votes, recency and status. */
function moviePopularity(votes, releaseDate) {
  const age = releaseDate ? Math.max(0, SNAPSHOT_YEAR - Number(releaseDate.slice(0, 4))) : 30
  return Math.round(Math.sqrt(votes) * (1 + 2 * Math.exp(-age / 3)) * 10) / 100
}

function tvPopularity(votes, status) {
  return Math.round(Math.sqrt(votes) * (status === 'Ended' ? 1 : 1.5) * 10) / 100
}

/** "Title|year", the key of every film fact in data/film-facts.mjs. */
function factKey(film) {
  return `${film.title}|${film.release_date?.slice(0, 4)}`
}

/** Warns about facts naming films movies.json does not have (a misspelt title would silently do nothing). */
function reportUnused(what, names, known) {
  const unused = [...new Set(names)].filter((name) => !known.has(name))
  if (unused.length) console.warn(`${what} not in movies.json: ${unused.join('; ')}`)
}

export function buildMovies() {
  const films = JSON.parse(readFileSync(join(root, 'node_modules', 'vega-datasets', 'data', 'movies.json'), 'utf8'))
  const animated = new Set(animatedFilms)
  const extraGenres = [[crimeFilms, 80], [mysteryFilms, 9648], [warFilms, 10752], [historyFilms, 36], [scienceFictionFilms, 878]].map(([titles, id]) => [new Set(titles), id])
  const byKey = new Map()
  let skipped = 0
  for (const raw of films) {
    const title = repairText(typeof raw.Title === 'string' ? raw.Title.trim() : String(raw.Title ?? '').trim())
    if (!title) {
      skipped += 1
      continue
    }
    const release_date = parseReleaseDate(raw['Release Date'])
    const film = {
      title,
      release_date,
      runtime: Number.isInteger(raw['Running Time min']) && raw['Running Time min'] > 0 ? raw['Running Time min'] : null,
      vote_average: typeof raw['IMDB Rating'] === 'number' ? raw['IMDB Rating'] : 0,
      vote_count: Number.isInteger(raw['IMDB Votes']) ? raw['IMDB Votes'] : 0,
      certification: ['G', 'PG', 'PG-13', 'R', 'NC-17'].includes(raw['MPAA Rating']) ? raw['MPAA Rating'] : null,
      director: raw.Director?.trim() ? repairText(raw.Director.trim()) : null,
      distributor: raw.Distributor?.trim() ? repairText(raw.Distributor.trim()) : null,
      source: raw.Source,
      genreIds: [...new Set([...(MAJOR_GENRE[raw['Major Genre']] ?? []), ...(CREATIVE_TYPE[raw['Creative Type']] ?? [])])],
    }
    if (animated.has(title)) film.genreIds.unshift(16)
    for (const [titles, id] of extraGenres) if (titles.has(title) && !film.genreIds.includes(id)) film.genreIds.push(id)
    film.genreIds = filmGenres[factKey(film)] ?? [...new Set(film.genreIds)]
    film.runtime = filmRuntimes[factKey(film)] ?? film.runtime
    // The same film listed twice: keep the fuller record.
    const key = `${title.toLowerCase()}|${release_date?.slice(0, 4) ?? ''}`
    const existing = byKey.get(key)
    if (existing) {
      skipped += 1
      if (existing.vote_count >= film.vote_count) continue
    }
    byKey.set(key, film)
  }
  const misattributed = new Set(misattributedFilms)
  const all = [...byKey.values()].filter((film) => !misattributed.has(factKey(film)))
  const keys = new Set(all.map(factKey))
  reportUnused('misattributed films', misattributedFilms, new Set([...byKey.values()].map(factKey)))
  const titles = new Set(all.map((film) => film.title))
  reportUnused('film runtimes', Object.keys(filmRuntimes), keys)
  reportUnused('film genres', Object.keys(filmGenres), keys)
  reportUnused('film titles', Object.keys(filmTitles), keys)
  reportUnused('film ids', Object.keys(tmdbMovieIds), keys)
  reportUnused('genre lists', [animatedFilms, crimeFilms, mysteryFilms, warFilms, historyFilms, scienceFictionFilms].flat(), titles)
  // A film whose running time nobody has recorded is left out rather than shown without one.
  const timed = all.filter((film) => film.runtime)
  const withoutRuntime = all.length - timed.length
  const taken = new Set(Object.values(tmdbMovieIds))
  const movies = timed
    .sort((a, b) => a.title.localeCompare(b.title) || String(a.release_date).localeCompare(String(b.release_date)))
    .map((film) => {
      const known = tmdbMovieIds[factKey(film)]
      const id = known ?? stableId(`movie|${film.title}|${film.release_date ?? ''}`, 2_000_000, 1_000_000, taken)
      const [englishTitle, language, originalTitle] = filmTitles[factKey(film)] ?? [film.title, 'en']
      // IMDb's rating of a film released after the snapshot was given later: as of the snapshot it
      // has none. Its later votes still order the Coming Soon row (popularity is never shown).
      const unreleased = !!film.release_date && film.release_date > SNAPSHOT_DATE
      return {
        ...film,
        id,
        key: factKey(film),
        cast: filmCast[factKey(film)] ?? [],
        title: englishTitle,
        original_title: originalTitle ?? film.title,
        popularity: moviePopularity(film.vote_count, film.release_date),
        ...(unreleased && { vote_average: 0, vote_count: 0 }),
        original_language: language,
        adult: false,
        poster_path: `/poster/movie/${id}.svg`,
        backdrop_path: `/backdrop/movie/${id}.svg`,
      }
    })
  for (const movie of movies) {
    movie.overview = movieOverview(movie)
    movie.facts = movieFacts(movie)
  }
  return { movies, skipped, withoutRuntime, misattributed: byKey.size - all.length }
}

export function buildSeries() {
  const series = []
  const seasons = []
  const episodes = []
  for (const row of tvSeries) {
    const [id, name, originalName, firstAirDate, lang, country, genreIds, networks, providers, status, perSeason, seasonCount, runtime, certification, rating, votesK, cast, creators] = row
    const counts = perSeason ?? (seasonCount ? Array.from({ length: seasonCount }, () => null) : [])
    const knownEpisodes = counts.every((n) => Number.isInteger(n)) && counts.length ? counts.reduce((a, b) => a + b, 0) : 0
    const entry = {
      id,
      name,
      original_name: originalName ?? name,
      first_air_date: firstAirDate,
      status,
      episode_run_time: runtime,
      number_of_seasons: counts.length,
      number_of_episodes: knownEpisodes,
      vote_average: rating,
      vote_count: Math.round(votesK * 1000),
      popularity: tvPopularity(votesK * 1000, status),
      original_language: lang,
      origin_country: country,
      certification,
      adult: false,
      poster_path: `/poster/tv/${id}.svg`,
      backdrop_path: `/backdrop/tv/${id}.svg`,
      genreIds,
      networks,
      providers,
      cast,
      creators,
      lang,
    }
    entry.overview = tvOverview(entry)
    entry.facts = seriesFacts(entry)
    series.push(entry)
    counts.forEach((count, index) => {
      const seasonNumber = index + 1
      seasons.push({
        id: id * 100 + seasonNumber,
        tv_id: id,
        season_number: seasonNumber,
        name: `Season ${seasonNumber}`,
        overview: count ? `Season ${seasonNumber} of ${name}, in ${count} episode${count === 1 ? '' : 's'}.` : `Season ${seasonNumber} of ${name}.`,
        air_date: seasonNumber === 1 ? firstAirDate : null,
        episode_count: count ?? 0,
        poster_path: `/poster/season/${id}/${seasonNumber}.svg`,
      })
      for (let n = 1; n <= (count ?? 0); n += 1) {
        episodes.push({
          id: id * 100_000 + seasonNumber * 1000 + n,
          tv_id: id,
          season_number: seasonNumber,
          episode_number: n,
          name: `Episode ${n}`,
          overview: `Episode ${n} of season ${seasonNumber} of ${name}.`,
          air_date: seasonNumber === 1 && n === 1 ? firstAirDate : null,
          still_path: `/still/${id}/${seasonNumber}/${n}.svg`,
          runtime,
        })
      }
    })
  }
  return { series, seasons, episodes }
}

export function buildSql() {
  const { movies, skipped, withoutRuntime, misattributed } = buildMovies()
  const { series, seasons, episodes } = buildSeries()

  const peopleIds = new Map()
  const takenPeople = new Set()
  const personId = (name) => {
    if (!peopleIds.has(name)) peopleIds.set(name, stableId(`person|${name}`, 5_000_000, 1_000_000, takenPeople))
    return peopleIds.get(name)
  }
  const credits = []
  const castKeys = new Set(Object.keys(filmCast))
  for (const movie of movies) {
    castKeys.delete(movie.key)
    movie.cast.forEach((name, position) => credits.push({ media_type: 'movie', title_id: movie.id, person_id: personId(name), credit_type: 'cast', character: null, job: null, department: 'Acting', position }))
    if (movie.director) credits.push({ media_type: 'movie', title_id: movie.id, person_id: personId(movie.director), credit_type: 'crew', character: null, job: 'Director', department: 'Directing', position: 0 })
  }
  for (const show of series) {
    show.cast.forEach((name, position) => credits.push({ media_type: 'tv', title_id: show.id, person_id: personId(name), credit_type: 'cast', character: null, job: null, department: 'Acting', position }))
    show.creators.forEach((name, position) => credits.push({ media_type: 'tv', title_id: show.id, person_id: personId(name), credit_type: 'crew', character: null, job: 'Creator', department: 'Writing', position }))
  }
  if (castKeys.size) console.warn(`film cast for titles not in movies.json: ${[...castKeys].join(', ')}`)
  const people = [...peopleIds].map(([name, id]) => ({ id, name, profile_path: `/profile/${id}.svg` }))

  const networkIds = new Map()
  for (const show of series) for (const name of show.networks) if (!networkIds.has(name)) networkIds.set(name, networkIds.size + 1)
  const platformByName = new Map(PLATFORMS.map(([id, name]) => [name, id]))
  const networks = [...networkIds].map(([name, id]) => ({ id, name, provider_id: platformByName.get(name) ?? null }))

  const genreRows = new Map()
  for (const [id, name] of MOVIE_GENRES) genreRows.set(id, { id, name, movie: true, tv: false })
  for (const [id, name] of TV_GENRES) genreRows.set(id, { ...(genreRows.get(id) ?? { id, name, movie: false }), tv: true })

  const tables = ['catalog_movie_genres', 'catalog_tv_genres', 'catalog_credits', 'catalog_people', 'catalog_episodes', 'catalog_seasons', 'catalog_tv_networks', 'catalog_tv_providers', 'catalog_networks', 'catalog_genres', 'catalog_movies', 'catalog_tv_series', 'catalog_meta']
  const lines = [
    // Emptying the search index first keeps the delete triggers from scanning it row by row.
    'DELETE FROM catalog_search;',
    ...tables.map((table) => `DELETE FROM ${table};`),
    ...inserts('catalog_genres', ['id', 'name', 'movie', 'tv'], [...genreRows.values()]),
    ...inserts('catalog_movies', ['id', 'title', 'original_title', 'overview', 'facts', 'release_date', 'runtime', 'vote_average', 'vote_count', 'popularity', 'original_language', 'certification', 'adult', 'poster_path', 'backdrop_path'], movies),
    ...inserts('catalog_movie_genres', ['movie_id', 'genre_id', 'position'], movies.flatMap((m) => m.genreIds.map((genre_id, position) => ({ movie_id: m.id, genre_id, position })))),
    ...inserts('catalog_tv_series', ['id', 'name', 'original_name', 'overview', 'facts', 'first_air_date', 'status', 'episode_run_time', 'number_of_seasons', 'number_of_episodes', 'vote_average', 'vote_count', 'popularity', 'original_language', 'origin_country', 'certification', 'adult', 'poster_path', 'backdrop_path'], series),
    ...inserts('catalog_tv_genres', ['tv_id', 'genre_id', 'position'], series.flatMap((s) => s.genreIds.map((genre_id, position) => ({ tv_id: s.id, genre_id, position })))),
    ...inserts('catalog_networks', ['id', 'name', 'provider_id'], networks),
    ...inserts('catalog_tv_networks', ['tv_id', 'network_id'], series.flatMap((s) => s.networks.map((name) => ({ tv_id: s.id, network_id: networkIds.get(name) })))),
    ...inserts('catalog_tv_providers', ['tv_id', 'provider_id'], series.flatMap((s) => s.providers.map((provider_id) => ({ tv_id: s.id, provider_id })))),
    ...inserts('catalog_seasons', ['id', 'tv_id', 'season_number', 'name', 'overview', 'air_date', 'episode_count', 'poster_path'], seasons),
    ...inserts('catalog_episodes', ['id', 'tv_id', 'season_number', 'episode_number', 'name', 'overview', 'air_date', 'still_path', 'runtime'], episodes),
    ...inserts('catalog_people', ['id', 'name', 'profile_path'], people),
    ...inserts('catalog_credits', ['media_type', 'title_id', 'person_id', 'credit_type', 'character', 'job', 'department', 'position'], credits),
  ]
  const body = lines.join('\n')
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16)
  const meta = inserts('catalog_meta', ['key', 'value'], [
    { key: 'snapshot_date', value: SNAPSHOT_DATE },
    { key: 'data_hash', value: hash },
    { key: 'source', value: 'vega-datasets 3.2.1 movies.json; data/tv-series.mjs; data/film-facts.mjs' },
  ])
  const sql = `-- data_hash: ${hash}\n-- Generated by scripts/build-catalog.mjs; do not edit by hand.\n${body}\n${meta.join('\n')}\n`
  const stats = { movies: movies.length, skipped, misattributed, withoutRuntime, series: series.length, seasons: seasons.length, episodes: episodes.length, people: people.length, credits: credits.length, networks: networks.length }
  return { sql, hash, stats, movies }
}

/** The hash written on the first line of a built file (what the loader compares). */
export function hashOf(sqlText) {
  return /^-- data_hash: ([0-9a-f]+)/.exec(sqlText)?.[1] ?? null
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { sql, hash, stats, movies } = buildSql()
  const previous = (() => {
    try {
      return readFileSync(outFile, 'utf8')
    } catch {
      return ''
    }
  })()
  if (hashOf(previous) === hash) {
    console.log(`data/catalog.sql is up to date (${hash})`)
  } else {
    writeFileSync(outFile, sql)
    console.log(`wrote data/catalog.sql (${hash}, ${(sql.length / 1e6).toFixed(2)} MB)`)
  }
  const day = (d) => Date.parse(`${d}T00:00:00Z`)
  const now = day(SNAPSHOT_DATE)
  const nowPlaying = movies.filter((m) => m.release_date && day(m.release_date) <= now && day(m.release_date) > now - 42 * 864e5).length
  const upcoming = movies.filter((m) => m.release_date && day(m.release_date) > now && day(m.release_date) <= now + 31 * 864e5).length
  console.log({ ...stats, nowPlaying, upcoming })
}

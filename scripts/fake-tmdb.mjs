/**
 * A fake TMDB: answers every v3 call the TMDB provider (worker/catalog/tmdb.ts) makes, in TMDB's
 * own response shapes, from the fixtures in scripts/fake-tmdb/ plus generated filler titles, and
 * serves placeholder PNGs at the image base. It exists so the site can run against TMDB-shaped
 * answers on a machine with no network and no key, including what real TMDB does that tidy mocks
 * do not: null posters, backdrops and runtimes, empty credits, `person` results in multi search,
 * `episode_run_time: []` (the runtime is in the last episode, or only in the episodes), seasons
 * without `episode_count` (an older answer), a season with no episodes, missing release dates,
 * `adult: true` titles, ratings per country (release_dates with empty certifications beside rated
 * ones, content_ratings), a series TMDB files under Kids but rates TV-MA, services split into plans
 * (Peacock's titles under 387 "Peacock Premium"), /configuration's image sizes, `total_pages` in
 * the hundreds (and 400 past page 500), 401 without a key, 404 with TMDB's body.
 * /find answers IMDb ids from the fixtures' `imdb_id` (films) and `external_ids.imdb_id` (series),
 * and for a few fixture episodes (EPISODE_IMDB_IDS) in tv_episode_results, as TMDB does.
 * Answers are in English whatever language is asked, except that *The Last Orchard* (70010) and
 * *Parliament of Owls* (80012) have no German overview: asked in de-DE, TMDB's "" for an overview
 * nobody translated.
 *
 *   npm run fake-tmdb                  # http://127.0.0.1:8899 (FAKE_TMDB_PORT, FAKE_TMDB_HOST)
 *   TMDB_API_BASE=http://127.0.0.1:8899/3 TMDB_IMAGE_BASE=http://127.0.0.1:8899/t/p TMDB_READ_TOKEN=fake npm start
 *
 * Failures on demand (any title id, or a search query containing the word):
 *   id 990429, query "fake429"   429 with Retry-After: 2 every time
 *   id 990430, query "fake429once"  429 with Retry-After: 1 the first time, then the answer
 *                                (film ids 9904xx and 9905xx answer "Title {id}" when they answer)
 *   id 990500, query "fake500"   500 with TMDB's JSON error body
 *   id 990503, query "fake503"   503 with an HTML body, as a gateway in front of TMDB gives
 *   id 990504, query "fakeslow"  the answer after 10 s (the provider gives up after 4 s)
 * FAKE_TMDB_LATENCY_MS adds a delay to every API answer.
 *
 * Also a module: `startFakeTmdb({ port })` resolves to `{ url, apiBase, imageBase, requests, close }`.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const here = dirname(fileURLToPath(import.meta.url))
const fixture = (name) => JSON.parse(readFileSync(join(here, 'fake-tmdb', name), 'utf8'))

const PAGE_SIZE = 20
const MAX_PAGE = 500
const FILLER_MOVIES = 9_700
const FILLER_SHOWS = 3_900
const FILLER_BASE = 5_000_000
const MOVIE_GENRE_NAMES = { 28: 'Action', 12: 'Adventure', 16: 'Animation', 35: 'Comedy', 80: 'Crime', 99: 'Documentary', 18: 'Drama', 10751: 'Family', 14: 'Fantasy', 36: 'History', 27: 'Horror', 10402: 'Music', 9648: 'Mystery', 10749: 'Romance', 878: 'Science Fiction', 53: 'Thriller', 10752: 'War', 37: 'Western' }
const TV_GENRE_NAMES = { 10759: 'Action & Adventure', 16: 'Animation', 35: 'Comedy', 80: 'Crime', 99: 'Documentary', 18: 'Drama', 10751: 'Family', 10762: 'Kids', 9648: 'Mystery', 10765: 'Sci-Fi & Fantasy', 10768: 'War & Politics', 37: 'Western' }

// ---------------------------------------------------------------- the data

const DAY = 86_400_000
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10)

/** Deterministic pseudo-random numbers in [0, 1) from a seed. */
function random(seed) {
  let x = (seed * 2654435761) >>> 0
  return () => {
    x ^= x << 13
    x >>>= 0
    x ^= x >> 17
    x ^= x << 5
    x >>>= 0
    return x / 4294967296
  }
}

function imagePath(seed) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const next = random(seed)
  return `/${Array.from({ length: 27 }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')}.jpg`
}

const WORDS_A = ['Silent', 'Broken', 'Golden', 'Hidden', 'Last', 'Crimson', 'Wild', 'Distant', 'Burning', 'Frozen', 'Electric', 'Secret', 'Lonely', 'Northern', 'Velvet', 'Hollow', 'Iron', 'Paper', 'Glass', 'Midnight', 'Bright', 'Restless', 'Sunken', 'Painted']
const WORDS_B = ['Harbor', 'Summer', 'River', 'Empire', 'Garden', 'Signal', 'Frontier', 'Carnival', 'Orchard', 'Station', 'Kingdom', 'Voyage', 'Alibi', 'Canyon', 'Lantern', 'Theory', 'Parade', 'Circuit', 'Meadow', 'Archive', 'Monsoon', 'Cathedral', 'Compass', 'Horizon']
const FILLER_MOVIE_GENRES = [[28, 53], [35], [18], [27], [99], [16, 10751], [10751, 12], [878, 12], [10749, 35], [80, 18], [14, 12], [9648, 53], [10752, 18], [37], [36, 18], [10402, 18]]
const FILLER_TV_GENRES = [[18], [35], [10759], [80, 18], [9648], [10765, 18], [16, 10762], [99], [10768], [37]]
const CERTS = ['G', 'PG', 'PG', 'PG-13', 'R', 'R', 'NR']

function fillerTitle(n) {
  const next = random(n + 17)
  const a = WORDS_A[Math.floor(next() * WORDS_A.length)]
  const b = WORDS_B[Math.floor(next() * WORDS_B.length)]
  const style = n % 5
  // Some start with a digit or a quote mark, so Browse by Title's '#' has titles.
  if (n % 97 === 0) return `${1900 + (n % 120)}: ${a} ${b}`
  return style === 0 ? `The ${a} ${b}` : style === 1 ? `${a} ${b}` : style === 2 ? `${b} of the ${a}` : style === 3 ? `A ${a} ${b}` : `${b}: ${a}`
}

/** A generated film's details, for ids FILLER_BASE..; plain but complete, as TMDB's long tail is. */
function fillerMovie(n) {
  const next = random(n)
  const id = FILLER_BASE + n
  const votes = Math.floor(40 + next() * next() * 4000)
  const year = 1970 + Math.floor(next() * 55)
  const genres = FILLER_MOVIE_GENRES[n % FILLER_MOVIE_GENRES.length]
  const certification = CERTS[Math.floor(next() * CERTS.length)]
  return {
    adult: false,
    backdrop_path: n % 11 === 0 ? null : imagePath(id * 3),
    belongs_to_collection: null,
    budget: 0,
    genres: genres.map((g) => ({ id: g, name: MOVIE_GENRE_NAMES[g] })),
    homepage: '',
    id,
    imdb_id: null,
    origin_country: ['US'],
    original_language: n % 13 === 0 ? 'es' : 'en',
    original_title: fillerTitle(n),
    overview: n % 7 === 0 ? '' : `${/^[aeiou]/i.test(MOVIE_GENRE_NAMES[genres[0]]) ? 'An' : 'A'} ${MOVIE_GENRE_NAMES[genres[0]].toLowerCase()} story from ${year}, about the ${fillerTitle(n).toLowerCase().replace(/^(the|a) /, '')}.`,
    popularity: Math.round((30 - n / 400 + next() * 5) * 1000) / 1000,
    poster_path: n % 9 === 0 ? null : imagePath(id),
    production_companies: [],
    production_countries: [],
    release_date: n % 23 === 0 ? '' : `${year}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    revenue: 0,
    runtime: n % 17 === 0 ? null : n % 19 === 0 ? 0 : 80 + (n % 70),
    spoken_languages: [],
    status: 'Released',
    tagline: '',
    title: fillerTitle(n),
    video: false,
    vote_average: Math.round((4.5 + next() * 3.4) * 1000) / 1000,
    vote_count: votes,
    credits: { cast: [], crew: [] },
    videos: { results: [] },
    release_dates: { results: certification === 'NR' ? [] : [{ iso_3166_1: 'US', release_dates: [{ certification, descriptors: [], iso_639_1: '', note: '', release_date: `${year}-06-01T00:00:00.000Z`, type: 3 }] }] },
  }
}

function fillerShow(n) {
  const next = random(n + 50_000)
  const id = FILLER_BASE + 500_000 + n
  const genres = FILLER_TV_GENRES[n % FILLER_TV_GENRES.length]
  const seasons = 1 + (n % 4)
  const first = 1990 + Math.floor(next() * 34)
  const language = n % 8 === 0 ? 'ko' : n % 8 === 1 ? 'ja' : 'en'
  return {
    adult: false,
    backdrop_path: n % 10 === 0 ? null : imagePath(id * 3),
    created_by: [],
    episode_run_time: n % 3 === 0 ? [] : [30 + (n % 4) * 10],
    first_air_date: n % 29 === 0 ? '' : `${first}-${String(1 + (n % 12)).padStart(2, '0')}-10`,
    genres: genres.map((g) => ({ id: g, name: TV_GENRE_NAMES[g] })),
    homepage: '',
    id,
    in_production: n % 3 === 1,
    languages: [language],
    last_air_date: `${Math.min(2025, first + seasons)}-05-01`,
    last_episode_to_air: null,
    name: fillerTitle(n + 100_000),
    next_episode_to_air: null,
    networks: [],
    number_of_episodes: seasons * 8,
    number_of_seasons: seasons,
    origin_country: [language === 'ko' ? 'KR' : language === 'ja' ? 'JP' : 'US'],
    original_language: language,
    original_name: fillerTitle(n + 100_000),
    overview: n % 6 === 0 ? '' : `${/^[aeiou]/i.test(TV_GENRE_NAMES[genres[0]]) ? 'An' : 'A'} ${TV_GENRE_NAMES[genres[0]].toLowerCase()} series about the ${fillerTitle(n + 100_000).toLowerCase().replace(/^(the|a) /, '')}.`,
    popularity: Math.round((25 - n / 200 + next() * 5) * 1000) / 1000,
    poster_path: n % 9 === 0 ? null : imagePath(id),
    production_companies: [],
    production_countries: [],
    seasons: Array.from({ length: seasons }, (_, i) => ({ air_date: `${first + i}-01-10`, episode_count: 8, id: id * 10 + i + 1, name: `Season ${i + 1}`, overview: '', poster_path: null, season_number: i + 1, vote_average: 0 })),
    spoken_languages: [],
    status: n % 3 === 1 ? 'Returning Series' : 'Ended',
    tagline: '',
    type: 'Scripted',
    vote_average: Math.round((4.8 + next() * 3.3) * 1000) / 1000,
    vote_count: Math.floor(20 + next() * next() * 3000),
    credits: { cast: [], crew: [] },
    videos: { results: [] },
    external_ids: { imdb_id: null, tvdb_id: null },
    content_ratings: { results: [{ descriptors: [], iso_3166_1: 'US', rating: genres.includes(10762) ? 'TV-Y' : 'TV-14' }] },
    // Peacock's titles are filed under its paid plan (387), as TMDB does.
    'watch/providers': { results: n % 5 === 0 ? { US: { link: '', flatrate: [{ provider_id: [8, 337, 9, 350, 531, 387, 283][n % 7], provider_name: 'Provider', display_priority: 1, logo_path: imagePath(n + 900_000) }] } } : {} },
  }
}

function fillerSeason(show, number) {
  const season = show.seasons.find((s) => s.season_number === number)
  if (!season) return null
  return {
    _id: `filler${season.id}`,
    air_date: season.air_date,
    episodes: Array.from({ length: season.episode_count }, (_, i) => ({ air_date: season.air_date, episode_number: i + 1, episode_type: 'standard', id: season.id * 100 + i + 1, name: `Episode ${i + 1}`, overview: '', production_code: '', runtime: show.episode_run_time[0] ?? null, season_number: number, show_id: show.id, still_path: i % 3 === 0 ? null : imagePath(season.id * 100 + i), vote_average: 0, vote_count: 0, crew: [], guest_stars: [] })),
    name: season.name,
    overview: '',
    id: season.id,
    poster_path: null,
    season_number: number,
    vote_average: 0,
  }
}

function loadData(now = Date.now()) {
  const movies = fixture('movies.json')
  const shows = fixture('tv.json')
  const seasons = fixture('seasons.json')
  const people = fixture('people.json')
  // Films the now-playing and upcoming lists need are dated relative to today, as TMDB's are.
  for (const [id, days] of Object.entries(fixture('relative-release-days.json'))) {
    const movie = movies.find((m) => m.id === Number(id))
    if (!movie) continue
    movie.release_date = isoDay(now + days * DAY)
    for (const country of movie.release_dates.results) for (const d of country.release_dates) d.release_date = `${movie.release_date}T00:00:00.000Z`
  }
  const movieById = new Map(movies.map((m) => [m.id, m]))
  const showById = new Map(shows.map((s) => [s.id, s]))
  const allMovies = [...movies, ...Array.from({ length: FILLER_MOVIES }, (_, n) => fillerMovie(n))]
  const allShows = [...shows, ...Array.from({ length: FILLER_SHOWS }, (_, n) => fillerShow(n))]
  for (const m of allMovies) movieById.set(m.id, m)
  for (const s of allShows) showById.set(s.id, s)
  return { movies: allMovies, shows: allShows, movieById, showById, seasons, people, now }
}

// ---------------------------------------------------------------- TMDB's shapes

function movieItem(m) {
  return { adult: m.adult, backdrop_path: m.backdrop_path, genre_ids: m.genres.map((g) => g.id), id: m.id, original_language: m.original_language, original_title: m.original_title, overview: m.overview, popularity: m.popularity, poster_path: m.poster_path, release_date: m.release_date, title: m.title, video: m.video, vote_average: m.vote_average, vote_count: m.vote_count }
}

function showItem(s) {
  return { adult: s.adult, backdrop_path: s.backdrop_path, genre_ids: s.genres.map((g) => g.id), id: s.id, origin_country: s.origin_country, original_language: s.original_language, original_name: s.original_name, overview: s.overview, popularity: s.popularity, poster_path: s.poster_path, first_air_date: s.first_air_date, name: s.name, vote_average: s.vote_average, vote_count: s.vote_count }
}

const withMedia = (item, media_type) => ({ ...item, media_type })

/** TMDB answers a page past its last with an empty page, and refuses pages past 500. */
function paged(items, page, extra = {}) {
  const total = items.length
  const results = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  return { ...extra, page, results, total_pages: Math.ceil(total / PAGE_SIZE), total_results: total }
}

const byPopularity = (a, b) => b.popularity - a.popularity
const byRating = (a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count
/** A film's rating in a country as discover/movie's certification filter reads it: any of its releases there that is rated. */
const certificationsOf = (m, country) => (m.release_dates?.results.find((r) => r.iso_3166_1 === country)?.release_dates ?? []).map((d) => d.certification).filter(Boolean)
const providersOf = (s) => (s['watch/providers']?.results?.US?.flatrate ?? []).map((p) => p.provider_id)
const titleOf = (x) => x.title ?? x.name

/** Titles whose overview has no German translation (TMDB answers "" for it in de-DE). */
const NO_GERMAN_OVERVIEW = new Set([70010, 80012])

/** Only what append_to_response asked for: TMDB leaves the rest out. */
function details(x, append, data, type, language) {
  const { credits, videos, release_dates, external_ids, content_ratings, 'watch/providers': providers, ...plain } = x
  const parts = { credits, videos, release_dates, external_ids, content_ratings, 'watch/providers': providers }
  const out = { ...plain }
  if (language === 'de-DE' && NO_GERMAN_OVERVIEW.has(x.id)) out.overview = ''
  for (const name of append) {
    if (name === 'similar') out.similar = paged(similarTo(x, data, type).map(type === 'movie' ? movieItem : showItem), 1)
    else if (name === 'alternative_titles') out.alternative_titles = type === 'movie' ? { titles: [] } : { results: [] }
    else if (name in parts && parts[name] !== undefined) out[name] = parts[name]
  }
  return out
}

function similarTo(x, data, type) {
  const genres = new Set(x.genres.map((g) => g.id))
  const pool = type === 'movie' ? data.movies : data.shows
  return pool.filter((y) => y.id !== x.id && !y.adult && y.genres.some((g) => genres.has(g.id))).sort(byPopularity)
}

/** with_genres: `,` means all of them, `|` any of them. */
function matchesGenres(x, spec) {
  if (!spec) return true
  const ids = x.genres.map((g) => g.id)
  if (spec.includes('|')) return spec.split('|').map(Number).some((g) => ids.includes(g))
  return spec.split(',').map(Number).every((g) => ids.includes(g))
}

function discover(type, q, data) {
  const pool = type === 'movie' ? data.movies : data.shows
  const num = (name) => (q.has(name) ? Number(q.get(name)) : undefined)
  const voteCount = num('vote_count.gte')
  const voteAverage = num('vote_average.gte')
  const without = (q.get('without_genres') ?? '').split(/[,|]/).filter(Boolean).map(Number)
  const certifications = q.get('certification')?.split('|')
  const providers = q.get('with_watch_providers')?.split('|').map(Number)
  // TMDB's release-date filters and orders: primary_release_date for films, first_air_date for series.
  const datesParam = type === 'movie' ? 'primary_release_date' : 'first_air_date'
  const dateOf = (x) => (type === 'movie' ? x.release_date : x.first_air_date) || null
  const runtimeGte = num('with_runtime.gte')
  const runtimeLte = num('with_runtime.lte')
  let list = pool.filter((x) => {
    if (q.get('include_adult') !== 'true' && x.adult) return false
    if (!matchesGenres(x, q.get('with_genres'))) return false
    if (without.some((g) => x.genres.some((xg) => xg.id === g))) return false
    if (q.has('with_original_language') && x.original_language !== q.get('with_original_language')) return false
    if (voteCount !== undefined && x.vote_count < voteCount) return false
    if (voteAverage !== undefined && x.vote_average < voteAverage) return false
    if (certifications && !certificationsOf(x, q.get('certification_country') ?? 'US').some((c) => certifications.includes(c))) return false
    if (providers && !providersOf(x).some((p) => providers.includes(p))) return false
    // Series airing in a date window: the fake counts every series still in production.
    if (q.has('air_date.gte') && !x.in_production) return false
    const date = dateOf(x)
    if (q.has(`${datesParam}.gte`) && !(date && date >= q.get(`${datesParam}.gte`))) return false
    if (q.has(`${datesParam}.lte`) && !(date && date <= q.get(`${datesParam}.lte`))) return false
    // with_runtime: a film's runtime, a series' episode runtime; a title without one is left out.
    const runtime = type === 'movie' ? x.runtime : x.episode_run_time?.[0]
    if (runtimeGte !== undefined && !(runtime && runtime >= runtimeGte)) return false
    if (runtimeLte !== undefined && !(runtime && runtime <= runtimeLte)) return false
    return true
  })
  const sort = q.get('sort_by') ?? 'popularity.desc'
  const byDate = (a, b) => (dateOf(a) ?? '').localeCompare(dateOf(b) ?? '')
  if (sort === 'vote_average.desc') list = list.sort(byRating)
  else if (sort === 'original_title.asc') list = list.sort((a, b) => a.original_title.localeCompare(b.original_title))
  else if (sort === 'name.asc') list = list.sort((a, b) => a.name.localeCompare(b.name))
  else if (sort === 'title.asc') list = list.sort((a, b) => a.title.localeCompare(b.title))
  else if (sort === `${datesParam}.desc`) list = list.filter(dateOf).sort((a, b) => byDate(b, a))
  else if (sort === `${datesParam}.asc`) list = list.filter(dateOf).sort(byDate)
  else list = list.sort(byPopularity)
  return list.map(type === 'movie' ? movieItem : showItem)
}

function search(kind, query, data, includeAdult) {
  const text = query.trim().toLowerCase()
  if (!text) return []
  const hit = (...names) => names.some((n) => typeof n === 'string' && n.toLowerCase().includes(text))
  const movies = kind === 'tv' ? [] : data.movies.filter((m) => (includeAdult || !m.adult) && hit(m.title, m.original_title)).map((m) => withMedia(movieItem(m), 'movie'))
  const shows = kind === 'movie' ? [] : data.shows.filter((s) => hit(s.name, s.original_name)).map((s) => withMedia(showItem(s), 'tv'))
  const people = kind === 'multi' ? data.people.filter((p) => hit(p.name)).map((p) => withMedia(p, 'person')) : []
  const all = [...movies, ...shows, ...people].sort(byPopularity)
  return kind === 'multi' ? all : all.map(({ media_type, ...item }) => item)
}

// ---------------------------------------------------------------- answering

/** The films behind the failure ids (9904xx, 9905xx), for the answers that do come in the end. */
function standIn(id) {
  if (!/^990[45]\d\d$/.test(String(id))) return undefined
  const film = fillerMovie(id % 1000)
  return { ...film, id, title: `Title ${id}`, original_title: `Title ${id}` }
}

/** TMDB's /configuration: the image host and the sizes it serves of each kind (its documented lists). */
const CONFIGURATION = {
  images: {
    base_url: 'http://image.tmdb.org/t/p/',
    secure_base_url: 'https://image.tmdb.org/t/p/',
    backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
    logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
    poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
    profile_sizes: ['w45', 'w185', 'h632', 'original'],
    still_sizes: ['w92', 'w185', 'w300', 'original'],
  },
  change_keys: ['adult', 'air_date', 'also_known_as', 'biography', 'birthday', 'cast', 'certifications', 'crew', 'episode', 'genres', 'images', 'name', 'overview', 'runtime', 'season', 'title', 'videos'],
}

const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' }
const BAD_KEY = { success: false, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' }
const INVALID_INPUT = { success: false, status_code: 47, status_message: 'The input is not valid.' }
const BAD_PAGE = { success: false, status_code: 22, status_message: 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.' }

/** The failure a request asks for by id or query word, or null. */
function trigger(path, q) {
  const words = (q.get('query') ?? '').toLowerCase()
  const id = /\/(\d+)(?:\/|$)/.exec(path)?.[1]
  const asks = (code, word) => id === `990${code}` || new RegExp(`\\b${word}\\b`).test(words)
  if (asks('430', 'fake429once')) return 'once429'
  if (asks('429', 'fake429')) return '429'
  if (asks('500', 'fake500')) return '500'
  if (asks('503', 'fake503')) return '503'
  if (asks('504', 'fakeslow')) return 'slow'
  return null
}

/** [status, body, headers] for one API call, or null when TMDB has no such path. */
function answer(path, q, data) {
  const page = Number(q.get('page') ?? '1')
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) return [400, BAD_PAGE]
  const append = (q.get('append_to_response') ?? '').split(',').filter(Boolean)
  const today = isoDay(data.now)
  const movieList = (items) => [200, paged(items.map(movieItem), page)]
  const showList = (items) => [200, paged(items.map(showItem), page)]
  const released = data.movies.filter((m) => !m.adult)
  let m
  switch (path) {
    case '/trending/all/week': {
      // Trending mixes films, series and people, and is not filtered for adult titles.
      const mixed = [...data.movies.map((x) => withMedia(movieItem(x), 'movie')), ...data.shows.map((x) => withMedia(showItem(x), 'tv')), ...data.people.map((p) => withMedia(p, 'person'))].sort(byPopularity)
      return [200, paged(mixed, page)]
    }
    case '/trending/movie/week':
      return [200, paged([...data.movies].sort(byPopularity).map((x) => withMedia(movieItem(x), 'movie')), page)]
    case '/trending/tv/week':
      return [200, paged([...data.shows].sort(byPopularity).map((x) => withMedia(showItem(x), 'tv')), page)]
    case '/movie/popular':
      return movieList([...released].sort(byPopularity))
    case '/movie/top_rated':
      return movieList(released.filter((x) => x.vote_count >= 300).sort(byRating))
    case '/movie/now_playing': {
      const from = isoDay(data.now - 42 * DAY)
      const items = released.filter((x) => x.release_date && x.release_date >= from && x.release_date <= today).sort(byPopularity)
      return [200, paged(items.map(movieItem), page, { dates: { maximum: today, minimum: from } })]
    }
    case '/movie/upcoming': {
      // TMDB's upcoming also holds films already out in some region: the provider keeps only the future ones.
      const to = isoDay(data.now + 35 * DAY)
      const from = isoDay(data.now - 10 * DAY)
      const items = released.filter((x) => x.release_date && x.release_date >= from && x.release_date <= to).sort(byPopularity)
      return [200, paged(items.map(movieItem), page, { dates: { maximum: to, minimum: from } })]
    }
    case '/tv/popular':
      return showList([...data.shows].sort(byPopularity))
    case '/tv/top_rated':
      return showList(data.shows.filter((x) => x.vote_count >= 200).sort(byRating))
    case '/tv/on_the_air':
      return showList(data.shows.filter((x) => x.in_production).sort(byPopularity))
    case '/tv/airing_today':
      return showList(data.shows.filter((x) => x.in_production && x.id % 2 === 1).sort(byPopularity))
    case '/discover/movie':
      return [200, paged(discover('movie', q, data), page)]
    case '/discover/tv':
      return [200, paged(discover('tv', q, data), page)]
    case '/search/multi':
    case '/search/movie':
    case '/search/tv':
      return [200, paged(search(path.slice(8), q.get('query') ?? '', data, q.get('include_adult') === 'true'), page)]
    case '/configuration':
      return [200, CONFIGURATION]
    case '/genre/movie/list':
      return [200, { genres: Object.entries(MOVIE_GENRE_NAMES).map(([id, name]) => ({ id: Number(id), name })) }]
    case '/genre/tv/list':
      return [200, { genres: Object.entries(TV_GENRE_NAMES).map(([id, name]) => ({ id: Number(id), name })) }]
  }
  if ((m = /^\/(movie|tv)\/(\d+)$/.exec(path))) {
    const found = m[1] === 'movie' ? (data.movieById.get(Number(m[2])) ?? standIn(Number(m[2]))) : data.showById.get(Number(m[2]))
    return found ? [200, details(found, append, data, m[1], q.get('language'))] : [404, NOT_FOUND]
  }
  if ((m = /^\/(movie|tv)\/(\d+)\/similar$/.exec(path))) {
    const found = m[1] === 'movie' ? data.movieById.get(Number(m[2])) : data.showById.get(Number(m[2]))
    return found ? [200, paged(similarTo(found, data, m[1]).map(m[1] === 'movie' ? movieItem : showItem), page)] : [404, NOT_FOUND]
  }
  if ((m = /^\/(movie|tv)\/(\d+)\/watch\/providers$/.exec(path))) {
    const id = Number(m[2])
    const found = m[1] === 'movie' ? data.movieById.get(id) : data.showById.get(id)
    return found ? [200, found['watch/providers'] ? { id, ...found['watch/providers'] } : watchProviders(m[1], id)] : [404, NOT_FOUND]
  }
  if ((m = /^\/person\/(\d+)$/.exec(path))) return person(Number(m[1]), append, data)
  if ((m = /^\/find\/([^/]+)$/.exec(path))) return findByExternalId(decodeURIComponent(m[1]), q, data)
  if ((m = /^\/tv\/(\d+)\/season\/(\d+)$/.exec(path))) {
    const show = data.showById.get(Number(m[1]))
    const season = show && (data.seasons[`${show.id}/${Number(m[2])}`] ?? (show.id >= FILLER_BASE ? fillerSeason(show, Number(m[2])) : null))
    return season ? [200, season] : [404, NOT_FOUND]
  }
  return [404, NOT_FOUND]
}

// ---------------------------------------------------------------- people

/** Biographies of some fixture people; TMDB answers "" for a person nobody has written one for. */
const BIOGRAPHIES = { 1338601: 'Mara Quillon is an actor known for thrillers and quiet family dramas.' }

/**
 * TMDB's /person/{id}: the person's details and, with append_to_response=combined_credits, every
 * film and series they are credited on (the title's list fields plus media_type, credit_id and
 * character for cast or department and job for crew), gathered from the fixture titles' credits.
 */
function person(id, append, data) {
  const cast = []
  const crew = []
  let found = data.people.find((p) => p.id === id)
  const titles = [...data.movies.map((m) => ['movie', m]), ...data.shows.map((s) => ['tv', s])]
  for (const [type, title] of titles) {
    if (!title.credits) continue
    const item = withMedia(type === 'movie' ? movieItem(title) : showItem(title), type)
    for (const c of title.credits.cast ?? []) {
      if (c.id !== id) continue
      found ??= c
      cast.push({ ...item, character: c.character, credit_id: c.credit_id, order: c.order, ...(type === 'tv' ? { episode_count: 1 } : {}) })
    }
    for (const c of title.credits.crew ?? []) {
      if (c.id !== id) continue
      found ??= c
      crew.push({ ...item, department: c.department, job: c.job, credit_id: c.credit_id, ...(type === 'tv' ? { episode_count: 1 } : {}) })
    }
  }
  if (!found) return [404, NOT_FOUND]
  const out = {
    adult: found.adult ?? false,
    also_known_as: [],
    biography: BIOGRAPHIES[id] ?? '',
    birthday: null,
    deathday: null,
    gender: found.gender ?? 0,
    homepage: null,
    id,
    imdb_id: null,
    known_for_department: found.known_for_department ?? '',
    name: found.name,
    place_of_birth: null,
    popularity: found.popularity ?? 0,
    profile_path: found.profile_path ?? null,
  }
  if (append.includes('combined_credits')) out.combined_credits = { cast, crew }
  return [200, out]
}

// ---------------------------------------------------------------- find by IMDb id

/** The external sources TMDB's /find takes; of them, only IMDb ids are held here. */
const FIND_SOURCES = ['imdb_id', 'tvdb_id', 'facebook_id', 'instagram_id', 'tiktok_id', 'twitter_id', 'wikidata_id', 'youtube_id']
/** IMDb ids of some fixture episodes ("show/season/episode"): TMDB keeps them in each episode's external_ids. */
const EPISODE_IMDB_IDS = { tt0240101: '80001/1/1', tt0240102: '80001/1/2' }

/**
 * TMDB's /find: 200 with a list for each kind of thing the id may name, all empty when nothing has
 * it; results carry media_type. An unknown external_source is refused.
 */
function findByExternalId(id, q, data) {
  const source = q.get('external_source')
  if (!FIND_SOURCES.includes(source)) return [400, INVALID_INPUT]
  const imdb = source === 'imdb_id' ? id : null
  const episode = imdb && EPISODE_IMDB_IDS[imdb]
  const [showId, seasonNumber, episodeNumber] = episode ? episode.split('/') : []
  const found = episode ? data.seasons[`${showId}/${seasonNumber}`]?.episodes.find((e) => e.episode_number === Number(episodeNumber)) : undefined
  const episodeResult = (e) => {
    const { crew, guest_stars, ...plain } = e
    return { ...plain, media_type: 'tv_episode' }
  }
  return [
    200,
    {
      movie_results: imdb ? data.movies.filter((m) => m.imdb_id === imdb).map((m) => withMedia(movieItem(m), 'movie')) : [],
      person_results: [],
      tv_results: imdb ? data.shows.filter((s) => s.external_ids?.imdb_id === imdb).map((s) => withMedia(showItem(s), 'tv')) : [],
      tv_episode_results: found ? [episodeResult(found)] : [],
      tv_season_results: [],
    },
  ]
}

// ---------------------------------------------------------------- watch providers

const PROVIDERS = [
  { provider_id: 8, provider_name: 'Netflix', logo_path: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg' },
  { provider_id: 337, provider_name: 'Disney Plus', logo_path: '/97yvRBw1GzX7fXprcF80er19ot.jpg' },
  { provider_id: 9, provider_name: 'Amazon Prime Video', logo_path: '/pvske1MyAoymrs5bguRfVqYiM9a.jpg' },
  { provider_id: 350, provider_name: 'Apple TV Plus', logo_path: '/2E03IAZsX4ZaUqM7tXlctEPMGWS.jpg' },
]
const STORES = [
  { provider_id: 2, provider_name: 'Apple TV', logo_path: '/9ghgSC0MA082EL6HLCW3GalykFD.jpg' },
  { provider_id: 3, provider_name: 'Google Play Movies', logo_path: '/8z7rC8uIDaTM91X0ZfkRf04ydj2.jpg' },
]

/**
 * TMDB's watch providers answer: every region at once. Titles whose id ends in 7 are offered
 * nowhere; others stream on one service in US, GB and DE (by id), and films rent and buy there too.
 */
function watchProviders(type, id) {
  const results = {}
  if (id % 10 !== 7) {
    for (const [i, region] of ['US', 'GB', 'DE'].entries()) {
      const service = { ...PROVIDERS[(id + i) % PROVIDERS.length], display_priority: 1 }
      const stores = STORES.map((store, p) => ({ ...store, display_priority: p + 2 }))
      results[region] = {
        link: `https://www.themoviedb.org/${type}/${id}/watch?locale=${region}`,
        flatrate: [service],
        ...(type === 'movie' ? { rent: stores, buy: stores } : {}),
      }
    }
  }
  return { id, results }
}

// ---------------------------------------------------------------- placeholder images

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, body) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0)
  return Buffer.concat([head, body, crc])
}

/** A PNG: a diagonal two-colour gradient with a soft horizon band, coloured from the path. */
function placeholderPng(seedText, width, height) {
  let seed = 7
  for (const ch of seedText) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0
  const next = random(seed)
  const hue = () => [40 + next() * 160, 30 + next() * 140, 50 + next() * 170]
  const [a, b] = [hue(), hue()]
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0
    const band = Math.abs(y / height - 0.62) < 0.04 ? 0.75 : 1
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round((a[c] * (1 - t) + b[c] * t) * band)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 2
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))])
}

/** Every size /configuration lists, of any kind: the image host refuses others, as TMDB has. */
const LISTED_SIZES = new Set(Object.values(CONFIGURATION.images).filter(Array.isArray).flat())

/** Posters and profiles are 2:3, backdrops and stills 16:9, logos square; TMDB's size names give the width (or, h…, the height). */
function imageFor(size, file, kinds) {
  const kind = kinds.get(file) ?? (size === 'original' || size === 'w1280' || size === 'w780' || size === 'w300' ? 'wide' : 'tall')
  const ratio = kind === 'wide' ? 16 / 9 : kind === 'square' ? 1 : 2 / 3
  const given = size === 'original' ? 1280 : Number(size.slice(1)) || 500
  const width = Math.min(1280, size.startsWith('h') ? Math.round(given * ratio) : given)
  return placeholderPng(file, width, Math.round(width / ratio))
}

function imageKinds(data) {
  const kinds = new Map()
  const tall = (p) => p && kinds.set(p, 'tall')
  const wide = (p) => p && kinds.set(p, 'wide')
  for (const x of [...data.movies, ...data.shows]) {
    tall(x.poster_path)
    wide(x.backdrop_path)
    for (const c of x.credits?.cast ?? []) tall(c.profile_path)
  }
  for (const season of Object.values(data.seasons)) for (const e of season.episodes) wide(e.still_path)
  for (const p of [...PROVIDERS, ...STORES]) kinds.set(p.logo_path, 'square')
  for (const x of data.shows) for (const region of Object.values(x['watch/providers']?.results ?? {})) for (const p of region.flatrate ?? []) if (p.logo_path) kinds.set(p.logo_path, 'square')
  return kinds
}

// ---------------------------------------------------------------- the server

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startFakeTmdb({ port = Number(process.env.FAKE_TMDB_PORT ?? 8899), host = process.env.FAKE_TMDB_HOST ?? '127.0.0.1', latencyMs = Number(process.env.FAKE_TMDB_LATENCY_MS ?? 0), log = false } = {}) {
  const data = loadData()
  const kinds = imageKinds(data)
  const images = new Map()
  const refusedOnce = new Set()
  const requests = []
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-tmdb')
    requests.push(url.pathname + url.search)
    if (log) console.log(`${req.method} ${url.pathname}${url.search.replace(/api_key=[^&]*/, 'api_key=…')}`)
    const send = (status, body, headers = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json;charset=utf-8', ...headers })
      res.end(text)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { success: false, status_code: 3, status_message: 'Method not allowed.' })

    const image = /^\/t\/p\/([a-z0-9]+)(\/[A-Za-z0-9_-]+\.(?:jpg|png|svg))$/.exec(url.pathname)
    if (image) {
      const [, size, file] = image
      if (!LISTED_SIZES.has(size)) return send(404, '<html><body>404 Not Found</body></html>')
      const key = `${size}${file}`
      if (!images.has(key)) images.set(key, imageFor(size, file, kinds))
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000', 'access-control-allow-origin': '*' })
      return res.end(images.get(key))
    }
    if (!url.pathname.startsWith('/3/')) return send(404, NOT_FOUND)

    const authorized = url.searchParams.get('api_key') || /^Bearer \S+/.test(req.headers.authorization ?? '')
    if (!authorized) return send(401, BAD_KEY)
    if (latencyMs > 0) await sleep(latencyMs)
    const path = url.pathname.slice(2)
    switch (trigger(path, url.searchParams)) {
      case 'once429': {
        const key = url.pathname + url.search
        if (!refusedOnce.has(key)) {
          refusedOnce.add(key)
          return send(429, { success: false, status_code: 25, status_message: 'Your request count (#) is over the allowed limit of (40).' }, { 'retry-after': '1' })
        }
        break
      }
      case '429':
        return send(429, { success: false, status_code: 25, status_message: 'Your request count (#) is over the allowed limit of (40).' }, { 'retry-after': '2' })
      case '500':
        return send(500, { success: false, status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' })
      case '503':
        return send(503, '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>')
      case 'slow':
        await sleep(10_000)
        if (res.destroyed || req.destroyed) return
        break
    }
    const [status, body, headers] = answer(path, url.searchParams, data)
    send(status, body, headers)
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const address = server.address()
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`
  return {
    url,
    apiBase: `${url}/3`,
    imageBase: `${url}/t/p`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      }),
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeTmdb({ log: process.env.FAKE_TMDB_LOG === '1' })
  console.log(`fake TMDB on ${fake.url}`)
  console.log(`run the site against it:\n  TMDB_API_BASE=${fake.apiBase} TMDB_IMAGE_BASE=${fake.imageBase} TMDB_READ_TOKEN=fake npm start`)
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fake.close().then(() => process.exit(0)))
}

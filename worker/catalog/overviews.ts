/**
 * The embedded catalogue's overviews, written from facts in any language. scripts/build-catalog.mjs
 * writes each title's English overview into its row (the text search and the K-Drama rule read
 * it) and keeps the facts it was written from beside it (`facts`, JSON); here the same sentences
 * come from the overviews catalog (web/i18n/catalogs/<locale>/overviews.json), so every language
 * reads the same facts. The English templates give back the stored English word for word (a test
 * holds every title to that), so an English answer keeps the stored text.
 *
 * Season and episode names and overviews are written here too: the catalogue has no more than
 * their numbers and their series' name.
 */
import { listText, type MessageValues } from '../lib/i18n'
import type { Locale } from '../lib/locales'
import { genreMessageId } from './genre-map'
import { type OverviewTextId, overviewText } from './messages'
import type { MediaType } from './types'

/** What a film's overview says beyond its row (written by scripts/build-catalog.mjs). */
interface MovieFacts {
  director?: string
  cast?: string[]
  source?: string
  runtime?: number
  distributor?: string
}

/** What a series' overview says beyond its row. */
interface SeriesFacts {
  networks?: string[]
  creators?: string[]
  cast?: string[]
  seasons?: number
  episodes?: number
  ended?: boolean
}

/** The row fields an overview is written from. */
export interface OverviewRow {
  media_type: MediaType
  label: string
  date: string | null
  genre_ids: number[]
  original_language: string
  certification: string | null
  vote_average: number
  vote_count: number
  overview: string
  facts: string | null
}

const SOURCE_IDS: Record<string, OverviewTextId> = {
  book: 'overviews.sourceBook',
  comic: 'overviews.sourceComic',
  remake: 'overviews.sourceRemake',
  realEvents: 'overviews.sourceRealEvents',
  tv: 'overviews.sourceTv',
  play: 'overviews.sourcePlay',
  musical: 'overviews.sourceMusical',
  game: 'overviews.sourceGame',
  toy: 'overviews.sourceToy',
  traditional: 'overviews.sourceTraditional',
  ride: 'overviews.sourceRide',
  magazine: 'overviews.sourceMagazine',
  folkTale: 'overviews.sourceFolkTale',
  spinOff: 'overviews.sourceSpinOff',
  shortFilm: 'overviews.sourceShortFilm',
  original: 'overviews.sourceOriginal',
}

/** The languages a series' overview names (its original language's adjective). */
const LANGUAGE_IDS: Record<string, [plain: OverviewTextId, first: OverviewTextId]> = {
  en: ['overviews.languageEn', 'overviews.languageEnFirst'],
  ko: ['overviews.languageKo', 'overviews.languageKoFirst'],
  ja: ['overviews.languageJa', 'overviews.languageJaFirst'],
  de: ['overviews.languageDe', 'overviews.languageDeFirst'],
  es: ['overviews.languageEs', 'overviews.languageEsFirst'],
}

const ANIMATION = 16

/** Languages whose sentences follow one another without a space. */
const UNSPACED: ReadonlySet<Locale> = new Set<Locale>(['ja', 'zh-CN'])

function sentences(locale: Locale, parts: string[]): string {
  return parts.join(UNSPACED.has(locale) ? '' : ' ')
}

/**
 * Lists as the overviews write them: English without a comma before "and", and a series' genres
 * in English with commas alone, as the stored text has them; every other language its own way.
 */
function names(locale: Locale, items: string[], englishType: 'conjunction' | 'unit' = 'conjunction'): string {
  return locale === 'en' ? listText('en-GB', items, englishType) : listText(locale, items)
}

/** A number in the locale's digits, without grouping (episode 1071, not 1,071). */
function numberText(locale: Locale, value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, useGrouping: false }).format(value)
}

/**
 * A genre as an overview names it: in a list the first word carries what English puts before the
 * whole phrase ("an action, comedy and drama film"), so each genre has a first form and a plain one.
 */
function genreWord(locale: Locale, id: number, first: boolean): string | null {
  const messageId = genreMessageId(id)
  if (!messageId) return null
  const key = messageId.slice('genres.'.length)
  const name = `overviews.genre${key[0]!.toUpperCase()}${key.slice(1)}${first ? 'First' : ''}` as OverviewTextId
  return overviewText(locale, name)
}

function parse<T>(facts: string | null): T | null {
  if (!facts) return null
  try {
    return JSON.parse(facts) as T
  } catch {
    return null
  }
}

function runtimeText(locale: Locale, minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h
    ? overviewText(locale, 'overviews.runtimeHours', { hours: numberText(locale, h), minutes: numberText(locale, m) })
    : overviewText(locale, 'overviews.runtimeMinutes', { minutes: numberText(locale, m) })
}

function movieOverview(locale: Locale, row: OverviewRow, facts: MovieFacts): string {
  const t = (id: OverviewTextId, values?: MessageValues) => overviewText(locale, id, values)
  const genres = row.genre_ids.flatMap((id, index) => genreWord(locale, id, index === 0) ?? [])
  const kind = t('overviews.filmKind', { genreCount: genres.length, genres: names(locale, genres) })
  const year = row.date?.slice(0, 4) ?? ''
  const parts = [
    t('overviews.movieIntro', { title: row.label, kind, hasYear: year ? 'yes' : 'no', year, hasDirector: facts.director ? 'yes' : 'no', director: facts.director ?? '' }),
  ]
  if (facts.cast?.length) parts.push(t('overviews.starring', { names: names(locale, facts.cast) }))
  const source = facts.source ? SOURCE_IDS[facts.source] : undefined
  if (source) parts.push(t(source))
  const runtime = facts.runtime ? runtimeText(locale, facts.runtime) : null
  if (row.certification && runtime) parts.push(t('overviews.ratedAndRuns', { rating: row.certification, runtime }))
  else if (row.certification) parts.push(t('overviews.rated', { rating: row.certification }))
  else if (runtime) parts.push(t('overviews.runs', { runtime }))
  if (facts.distributor) parts.push(t('overviews.releasedBy', { distributor: facts.distributor }))
  if (row.vote_count) parts.push(t('overviews.imdbRating', { rating: numberText(locale, row.vote_average, 1), votes: row.vote_count }))
  return sentences(locale, parts)
}

function seriesOverview(locale: Locale, row: OverviewRow, facts: SeriesFacts): string {
  const t = (id: OverviewTextId, values?: MessageValues) => overviewText(locale, id, values)
  const animated = row.genre_ids.includes(ANIMATION)
  const language = LANGUAGE_IDS[row.original_language]
  const genreIds = row.genre_ids.filter((id) => id !== ANIMATION)
  const genres = genreIds.flatMap((id, index) => genreWord(locale, id, !language && index === 0) ?? [])
  const [noun, nounFirst]: [OverviewTextId, OverviewTextId] = animated
    ? row.original_language === 'ja'
      ? ['overviews.nounAnime', 'overviews.nounAnimeFirst']
      : ['overviews.nounAnimated', 'overviews.nounAnimatedFirst']
    : ['overviews.nounSeries', 'overviews.nounSeriesFirst']
  const kind = t('overviews.seriesKind', {
    hasLanguage: language ? 'yes' : 'no',
    language: language ? t(language[1]) : '',
    genreCount: genres.length,
    genres: names(locale, genres, 'unit'),
    noun: t(language || genres.length ? noun : nounFirst),
  })
  const year = row.date?.slice(0, 4) ?? ''
  const networks = facts.networks ?? []
  const parts = [t('overviews.tvIntro', { title: row.label, kind, hasYear: year ? 'yes' : 'no', year, hasNetworks: networks.length ? 'yes' : 'no', networks: names(locale, networks) })]
  if (facts.creators?.length) parts.push(t('overviews.createdBy', { names: names(locale, facts.creators) }))
  if (facts.cast?.length) parts.push(t('overviews.starring', { names: names(locale, facts.cast) }))
  if (facts.seasons) {
    const episodes = facts.episodes ?? 0
    const id: OverviewTextId = facts.ended
      ? episodes ? 'overviews.ranForEpisodes' : 'overviews.ranFor'
      : episodes ? 'overviews.hasRunForEpisodes' : 'overviews.hasRunFor'
    parts.push(t(id, { seasons: facts.seasons, episodes }))
  } else if (!facts.ended) {
    parts.push(t('overviews.stillRunning'))
  }
  return sentences(locale, parts)
}

/**
 * A title's overview in `locale`, written from its facts; the stored text for English, and for a
 * title that has no facts (one added by hand) in any language.
 */
export function overviewIn(locale: Locale, row: OverviewRow): string {
  if (locale === 'en') return row.overview
  return writeOverview(locale, row) ?? row.overview
}

/** The overview written from the facts, or null without them. */
export function writeOverview(locale: Locale, row: OverviewRow): string | null {
  if (row.media_type === 'movie') {
    const facts = parse<MovieFacts>(row.facts)
    return facts ? movieOverview(locale, row, facts) : null
  }
  const facts = parse<SeriesFacts>(row.facts)
  return facts ? seriesOverview(locale, row, facts) : null
}

/** A season's name and overview, from its number, its episode count and its series' name. */
export function seasonText(locale: Locale, seriesName: string, seasonNumber: number, episodeCount: number): { name: string; overview: string } {
  const number = numberText(locale, seasonNumber)
  return {
    name: overviewText(locale, 'overviews.seasonName', { number }),
    overview: episodeCount
      ? overviewText(locale, 'overviews.seasonOverview', { number, title: seriesName, count: episodeCount })
      : overviewText(locale, 'overviews.seasonOverviewShort', { number, title: seriesName }),
  }
}

/** An episode's name and overview, from its numbers and its series' name. */
export function episodeText(locale: Locale, seriesName: string, seasonNumber: number, episodeNumber: number): { name: string; overview: string } {
  const number = numberText(locale, episodeNumber)
  return {
    name: overviewText(locale, 'overviews.episodeName', { number }),
    overview: overviewText(locale, 'overviews.episodeOverview', { number, season: numberText(locale, seasonNumber), title: seriesName }),
  }
}

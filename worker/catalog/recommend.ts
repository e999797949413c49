/**
 * How alike two titles are: the measure behind a signed-in viewer's "Because you watched {title}"
 * rows (recommendation-rows.ts) and the embedded catalogue's "More like this".
 *
 * It compares what both providers can tell of a title cheaply: shared genres, shared top-billed
 * cast, a shared director or creator, and how many years apart the titles came out. Candidates are
 * never every title: each provider offers a bounded neighbourhood of a title (the embedded
 * catalogue from its genre and credit indexes, TMDB from the title's own similar titles), the same
 * for every viewer and kept as `similar` is, and the measure ranks it. A viewer's own ratings weigh
 * the titles they start from (`tasteWeight`).
 */
import { PAGE_SIZE, tvGenreFor } from './rules'
import type { ListItem, MediaType, MovieDetails, Neighbourhood, Paged, TitleTraits, TvDetails } from './types'

/** What each part of the likeness weighs; together 1, so two titles are from 0 to 1 alike. */
export const LIKENESS_WEIGHTS = { genres: 0.45, makers: 0.2, cast: 0.15, era: 0.2 } as const
/** Titles this many years apart or more share nothing of an era. */
export const ERA_YEARS = 20
/** Shared top-billed cast counts fully from this many people. */
export const FULL_CAST = 2
/** How many people of a title's cast are its top-billed ones. */
export const TOP_BILLED = 3
/** The crew jobs that make a title someone's: a film's director, a series' creator. */
export const MAKER_JOBS = ['Director', 'Creator'] as const
/** How many titles a neighbourhood holds: a row and a half, so a row is still full without what the viewer has seen. */
export const NEIGHBOURHOOD_SIZE = 40

/** A well-rated title goes before an equally alike one: at most this much is added for a perfect 10. */
const QUALITY = 0.05

function dice(a: number[], b: number[]): number {
  if (!a.length || !b.length) return 0
  const theirs = new Set(b)
  let shared = 0
  for (const x of new Set(a)) if (theirs.has(x)) shared += 1
  return (2 * shared) / (new Set(a).size + theirs.size)
}

function sharedCount(a: number[], b: number[]): number {
  const theirs = new Set(b)
  return new Set(a.filter((x) => theirs.has(x))).size
}

/** A title's genres where another kind's are compared: films' as the series genres they become. */
function genresAgainst(title: TitleTraits, other: MediaType): number[] {
  return title.media_type === 'movie' && other === 'tv' ? title.genres.map(tvGenreFor) : title.genres
}

/** How alike two titles are, from 0 (nothing shared) to 1. */
export function likeness(a: TitleTraits, b: TitleTraits): number {
  const genres = a.media_type === b.media_type ? dice(a.genres, b.genres) : dice(genresAgainst(a, 'tv'), genresAgainst(b, 'tv'))
  const makers = sharedCount(a.makers, b.makers) > 0 ? 1 : 0
  const cast = Math.min(1, sharedCount(a.cast, b.cast) / FULL_CAST)
  const era = a.year === null || b.year === null ? 0 : Math.max(0, 1 - Math.abs(a.year - b.year) / ERA_YEARS)
  const w = LIKENESS_WEIGHTS
  return w.genres * genres + w.makers * makers + w.cast * cast + w.era * era
}

/** A little for a well-rated title, so it goes before an equally alike one. */
export function quality(item: ListItem): number {
  return item.vote_count > 0 ? QUALITY * Math.min(1, item.vote_average / 10) : 0
}

/** The year of a date as the catalogues write it (YYYY-MM-DD), or null. */
export function yearOf(date: string | null | undefined): number | null {
  const year = Number((date ?? '').slice(0, 4))
  return Number.isInteger(year) && year > 0 ? year : null
}

/** What a list item tells of a title: its genres and year (no people). */
export function traitsOfItem(item: ListItem): TitleTraits {
  return { media_type: item.media_type, id: item.id, genres: item.genre_ids, cast: [], makers: [], year: yearOf(item.release_date ?? item.first_air_date) }
}

export function byScore<T extends { score: number; item: ListItem }>(a: T, b: T): number {
  return b.score - a.score || b.item.popularity - a.item.popularity || a.item.id - b.item.id
}

/** A page of a title's neighbourhood, the most alike first: the embedded catalogue's "More like this". */
export function similarPage(hood: Neighbourhood, page: number): Paged<ListItem> {
  const ranked = hood.near.map(({ item, traits }) => ({ item, score: likeness(hood.title, traits) + quality(item) })).sort(byScore)
  return {
    page,
    results: ranked.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => r.item),
    total_pages: Math.ceil(ranked.length / PAGE_SIZE),
    total_results: ranked.length,
  }
}


/**
 * How much a title the viewer watched or rated counts: 1 watched and not rated; rated (1 to 10 half
 * stars) from 5/3 at five stars through 0 at two and a half, so a title rated 4.5 stars counts more
 * than one only watched, and one rated 2 stars or less counts against its look-alikes.
 */
export function tasteWeight(rating: number | null): number {
  return rating === null ? 1 : (rating - 5) / 3
}

/**
 * A title's neighbourhood from its details and its similar titles as TMDB answers them (both kept
 * by the provider): the title's genres, top-billed cast, directors and year, and each similar
 * title's genres and year, all a list item tells.
 */
export function neighbourhoodOfDetails(details: MovieDetails | TvDetails, more: ListItem[] = []): Neighbourhood {
  const date = details.media_type === 'movie' ? details.release_date : details.first_air_date
  const seen = new Set([details.id])
  const near = [...details.similar.results, ...more].filter((item) => {
    if (item.media_type !== details.media_type || seen.has(item.id)) return false
    seen.add(item.id)
    return true
  })
  return {
    title: {
      media_type: details.media_type,
      id: details.id,
      name: details.media_type === 'movie' ? details.title : details.name,
      genres: details.genres.map((g) => g.id),
      cast: [...details.credits.cast].sort((a, b) => a.order - b.order).slice(0, TOP_BILLED).map((c) => c.id),
      makers: details.credits.crew.filter((c) => (MAKER_JOBS as readonly string[]).includes(c.job)).map((c) => c.id),
      year: yearOf(date),
    },
    near: near.map((item) => ({ item, traits: traitsOfItem(item) })),
  }
}

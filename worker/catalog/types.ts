/**
 * TMDB v3 shapes, as the API answers them whichever provider is active, so the web app is
 * written once. Image paths are provider-relative: the web app prefixes them with
 * `${imageBase}/${size}` from GET /api/config, at a size it lists (worker/catalog/image-sizes.ts).
 */
export type MediaType = 'movie' | 'tv'

export interface Genre {
  id: number
  name: string
}

/** A title in a list, search result or row. Movies carry title/release_date, TV name/first_air_date. */
/** The fields every title carries, in a list and in its details alike. */
export interface TitleSummary {
  id: number
  media_type: MediaType
  overview: string
  poster_path: string | null
  backdrop_path: string | null
  vote_average: number
  vote_count: number
  popularity: number
  original_language: string
  adult?: boolean
}

export interface ListItem extends TitleSummary {
  title?: string
  name?: string
  release_date?: string
  first_air_date?: string
  genre_ids: number[]
}

export interface Paged<T> {
  page: number
  results: T[]
  total_pages: number
  total_results: number
}

/**
 * What the likeness measure (worker/catalog/recommend.ts) compares of a title: its genres, its
 * top-billed cast, its directors and creators, and its year. A list item carries no people, so a
 * title known only from a list has none.
 */
export interface TitleTraits {
  media_type: MediaType
  id: number
  genres: number[]
  cast: number[]
  makers: number[]
  year: number | null
}

/**
 * A title's traits and name, and a bounded set of titles of its kind that may resemble it, each with
 * its traits, as the catalogue finds them cheaply (shared genres and people, or its own similar
 * titles); the measure ranks them.
 */
export interface Neighbourhood {
  title: TitleTraits & { name: string }
  near: { item: ListItem; traits: TitleTraits }[]
}

/** A title a person is known for: enough to name it and link to it. */
export interface KnownForTitle {
  id: number
  media_type: MediaType
  title: string
}

/** A person found by a search: TMDB's person result, narrowed to what the results page shows. */
export interface PersonResult {
  id: number
  name: string
  profile_path: string | null
  /** TMDB's department name ('Acting', 'Directing', 'Writing' ...); '' when unknown. */
  known_for_department: string
  known_for: KnownForTitle[]
}

/** A page of search results; the first page also carries the people the term names (later pages none). */
/** What a search returns besides its titles. */
export interface SearchOptions {
  /** The people the term names, on page 1 (default true). */
  people?: boolean
}

export interface SearchPage extends Paged<ListItem> {
  people: PersonResult[]
}

/** One title a person worked on: as a cast member (character) or crew member (job). */
export interface PersonCredit {
  id: number
  media_type: MediaType
  /** The film's title or the series' name. */
  title: string
  /** The year of release or first air date, null when unknown. */
  year: number | null
  poster_path: string | null
  vote_average: number
  vote_count: number
  popularity: number
  character?: string
  job?: string
}

/** A person's page: who they are and their filmography. */
export interface PersonDetails {
  id: number
  name: string
  /** TMDB's department name ('Acting', 'Directing', 'Writing' ...); '' when unknown. */
  known_for_department: string
  /** A photo with TMDB; null in the embedded catalogue, whose pages draw the person's initials. */
  profile_path: string | null
  /** '' when the provider has none (the embedded catalogue). */
  biography: string
  cast: PersonCredit[]
  crew: PersonCredit[]
}

export interface CastMember {
  id: number
  name: string
  character: string
  profile_path: string | null
  order: number
}

export interface CrewMember {
  id: number
  name: string
  job: string
  department: string
  profile_path: string | null
}

export interface Credits {
  cast: CastMember[]
  crew: CrewMember[]
}

export interface Video {
  id: string
  key: string
  name: string
  site: string
  type: string
  official: boolean
  /** A direct, playable URL when the provider has one (the embedded catalogue's trailers). */
  url?: string
}

export interface SeasonSummary {
  id: number
  name: string
  season_number: number
  /** Null when the provider does not say (older TMDB answers); a season's own answer always counts its episodes. */
  episode_count: number | null
  air_date: string | null
  poster_path: string | null
  overview: string
}

export interface Episode {
  id: number
  episode_number: number
  season_number: number
  name: string
  overview: string
  air_date: string | null
  still_path: string | null
  runtime: number | null
  /** After the furthest episode a spoiler-safe viewer has watched: named by its number only, the season's art for a still (worker/catalog/taste-filters.ts). */
  hidden?: true
}

export interface Season extends SeasonSummary {
  episodes: Episode[]
}

export interface Network {
  id: number
  name: string
}

export interface DetailsBase extends TitleSummary {
  genres: Genre[]
  credits: Credits
  similar: Paged<ListItem>
  videos: { results: Video[] }
  /** MPAA / TV rating when known (for example 'PG-13', 'TV-MA'). */
  certification?: string | null
  tagline?: string | null
  status?: string
  /** The overview's language when it is not the catalogue's: TMDB's English one, where none was translated. */
  overview_language?: string
}

export interface MovieDetails extends DetailsBase {
  media_type: 'movie'
  title: string
  original_title: string
  release_date: string
  runtime: number | null
}

/** An episode a series' details name as its last aired or its next (TMDB's `last_episode_to_air`, `next_episode_to_air`). */
export interface AiringEpisode {
  season_number: number
  episode_number: number
  air_date: string | null
}

export interface TvDetails extends DetailsBase {
  media_type: 'tv'
  name: string
  original_name: string
  first_air_date: string
  last_air_date?: string | null
  episode_run_time: number[]
  number_of_seasons: number
  number_of_episodes: number
  seasons: SeasonSummary[]
  networks: Network[]
  external_ids?: Record<string, string | null>
  /** TMDB only: the episode aired last and the one to air next, when it says. */
  last_episode_to_air?: AiringEpisode | null
  next_episode_to_air?: AiringEpisode | null
}

/** A hero slide, already carrying its details (SPEC.md section 3, Hero item). */
export interface HeroItem {
  id: number
  mediaType: MediaType
  title: string
  overview: string
  backdropPath: string | null
  posterPath: string | null
  voteAverage: number
  releaseDate: string
  genres: string[]
  cast: string[]
  runtime: number | null
  certification?: string | null
}

/**
 * What a poster card shows of a title, and no more: rows of a composed page carry only this, so a
 * page of 17 rows stays small (overviews, backdrops and genre ids are left to the title's page).
 */
export type CardItem = Pick<ListItem, 'id' | 'media_type' | 'title' | 'name' | 'poster_path' | 'release_date' | 'first_air_date' | 'vote_average'> & {
  /**
   * The known streaming services (watch provider ids) the title is on, where the catalogue knows
   * them without a call per title (the embedded catalogue's series), so a card can say "on your
   * services" with no request of its own.
   */
  providers?: number[]
}

export interface Row {
  key: string
  title: string
  /** Shown under the title when the row's dates are not live (the embedded catalogue's snapshot). */
  note?: string
  /** The list endpoint the row came from, so "see more" can page through it. */
  source?: string
  /** The web app's address of the row's every title, as a grid ("See all"). */
  seeAll?: string
  items: CardItem[]
}

export interface PageComposition {
  hero: HeroItem[]
  rows: Row[]
  /** Something the page should say about what it shows (what a filter cannot narrow), when any. */
  notice?: string
  /** The services and region every row was narrowed to ("On my services"), when it was: each title is on one of them. */
  narrowedTo?: ServiceNarrowing
}

/** The visitor's services (watch provider ids) and region, as a page is narrowed to them. */
export interface ServiceNarrowing {
  on: number[]
  region: string
}

/** A service a title can be watched on. */
export interface WatchProvider {
  /** TMDB's watch provider id, when the service has one. */
  provider_id: number | null
  name: string
  /** A logo path on the image host, when there is one. */
  logo_path: string | null
  /** The streaming service of ours it is (the service's main watch provider id), whatever plan or channel of it this is; null for none. */
  service: number | null
}

/** The image sizes TMDB's /configuration lists for each kind of image ("w92", ..., "original"). */
export interface ImageSizes {
  poster: string[]
  backdrop: string[]
  profile: string[]
  still: string[]
  logo: string[]
}

/**
 * Where a title can be watched in a region. With TMDB: its watch providers (JustWatch's data, which
 * must be credited), by kind of offer, and TMDB's page listing them. With the embedded catalogue:
 * the services a series streams on and the networks it was made for, the same in every region, and
 * nothing for films.
 */
export interface WatchOptions {
  region: string
  source: 'tmdb' | 'catalogue'
  link: string | null
  stream: WatchProvider[]
  free: WatchProvider[]
  ads: WatchProvider[]
  rent: WatchProvider[]
  buy: WatchProvider[]
  networks: WatchProvider[]
}

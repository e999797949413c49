/**
 * Query hooks of the title pages: details, seasons, similar and trending titles, the player's
 * configuration and stream, and the signed-in account's saved place in a title. Detail pages
 * retry once and do not refetch on focus (SPEC.md section 9).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ListItem, MediaType, MovieDetails, Paged, Season, TvDetails, WatchOptions } from '../../../worker/catalog/types'
import type { WatchHistoryEntry } from '../../../drizzle/schema'
import type { PlayerSource } from '../../../worker/player/sources'
import { api, readJson } from '../../lib/api-client'
import { catalogKeys } from '../../lib/catalog'

export const titleKeys = {
  movie: (id: number) => catalogKeys.title('movie', id),
  tv: (id: number) => catalogKeys.title('tv', id),
  season: (id: number, season: number) => catalogKeys.season(id, season),
  similar: (type: MediaType, id: number) => ['title', type, id, 'similar'] as const,
  trendingTv: () => ['catalog', 'list', 'trending-tv', 1] as const,
  popular: (type: MediaType) => ['title', type, 'popular'] as const,
  playerConfig: () => catalogKeys.playerConfig(),
  stream: (type: MediaType, id: number, season: number, episode: number) => ['player', 'stream', type, id, season, episode] as const,
  resume: (type: MediaType, id: number) => ['history', type, id] as const,
}

export function useMovie(id: number) {
  return useQuery({
    queryKey: titleKeys.movie(id),
    queryFn: () => readJson<MovieDetails>(api.catalog.movie[':id'].$get({ param: { id: String(id) }, query: {} })),
    enabled: id > 0,
  })
}

export function useTvShow(id: number) {
  return useQuery({
    queryKey: titleKeys.tv(id),
    queryFn: () => readJson<TvDetails>(api.catalog.tv[':id'].$get({ param: { id: String(id) }, query: {} })),
    enabled: id > 0,
    refetchOnWindowFocus: false,
  })
}

export function useSeason(id: number, season: number | null) {
  return useQuery({
    queryKey: titleKeys.season(id, season ?? -1),
    queryFn: () =>
      readJson<Season>(api.catalog.tv[':id'].season[':season'].$get({ param: { id: String(id), season: String(season) }, query: {} })),
    enabled: id > 0 && season !== null,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  })
}

/** Similar titles other than this one: those the details brought along, else fetched on their own. */
export function useSimilarItems(type: MediaType, id: number, details: { id: number; similar?: Paged<ListItem> } | undefined): ListItem[] {
  const bundled = details?.similar?.results ?? []
  const fetched = useQuery({
    queryKey: titleKeys.similar(type, id),
    queryFn: () =>
      readJson<Paged<ListItem>>(api.catalog[':type'][':id'].similar.$get({ param: { type, id: String(id) }, query: {} })),
    enabled: !!details && bundled.length === 0 && id > 0,
  })
  return (bundled.length ? bundled : (fetched.data?.results ?? [])).filter((item) => item.id !== details?.id)
}

/** Popular films or shows, offered where a title the catalogue lacks was asked for. */
export function usePopularTitles(type: MediaType) {
  const list = type === 'movie' ? 'movie-popular' : 'tv-popular'
  return useQuery({
    queryKey: titleKeys.popular(type),
    queryFn: () => readJson<Paged<ListItem>>(api.catalog.lists[':list'].$get({ param: { list }, query: {} })),
  })
}

export function useTrendingTv(enabled: boolean) {
  return useQuery({
    queryKey: titleKeys.trendingTv(),
    queryFn: () => readJson<Paged<ListItem>>(api.catalog.lists[':list'].$get({ param: { list: 'trending-tv' }, query: {} })),
    enabled,
  })
}

export interface PlayerConfig {
  sources: PlayerSource[]
  /** Embed URL templates with {key}, by video site in lower case. */
  trailerEmbeds: Record<string, string>
  downloadUrl: string | null
  adUrl: string | null
}

export function usePlayerConfig() {
  return useQuery({
    queryKey: titleKeys.playerConfig(),
    queryFn: () => readJson<PlayerConfig>(api.player.config.$get()),
    staleTime: 10 * 60 * 1000,
  })
}

export interface StreamAnswer {
  url: string | null
  label: string | null
  /** The stream's preview thumbnails track (WebVTT with #xywh= sprite regions), when it has one. */
  thumbnails?: string | null
  origin: 'mapped' | 'sample' | 'none'
}

export function useStream(type: MediaType, id: number, season: number, episode: number, enabled: boolean) {
  return useQuery({
    queryKey: titleKeys.stream(type, id, season, episode),
    queryFn: () =>
      readJson<StreamAnswer>(
        api.player.stream[':type'][':id'].$get({
          param: { type, id: String(id) },
          query: { season: String(season), episode: String(episode) },
        }),
      ),
    enabled: enabled && id > 0,
  })
}

/** The saved place (position, season and episode) of a signed-in account; null when none. */
export function useResumeEntry(type: MediaType, id: number, signedIn: boolean) {
  return useQuery({
    queryKey: titleKeys.resume(type, id),
    queryFn: async () => {
      const body = await readJson<{ entry: WatchHistoryEntry | null }>(
        api.me.history[':content_type'][':content_id'].$get({ param: { content_type: type, content_id: String(id) } }),
      )
      return body.entry
    },
    enabled: signedIn && id > 0,
    // A stale position would send the viewer back to where they were an hour ago.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}


/** Where the title can be watched: in `region`, or (null) in the visitor's own country. */
export function useWatchOptions(type: MediaType, id: number, region: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', type, id, 'watch', region ?? 'auto'],
    queryFn: () =>
      readJson<WatchOptions>(api.catalog[':type'][':id'].watch.$get({ param: { type, id: String(id) }, query: region ? { region } : {} })),
    enabled: enabled && id > 0,
    staleTime: 5 * 60_000,
  })
}

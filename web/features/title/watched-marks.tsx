/**
 * A signed-in viewer's watched marks on a title page (GET|PUT /api/me/watched): on a film, Mark
 * watched / Watched beside the watchlist; on a show, a mark on each episode of the list, the bar of
 * the episode in progress, and over the list the season's count ("3 of 10 watched", of its aired
 * episodes) with Mark season watched / unwatched. Loaded on demand (watched-slots.tsx): a visitor
 * never downloads it. A change shows at once and is put back, with a message, if it is not saved;
 * what depends on the marks (Continue watching, the recent history, a spoiler-safe viewer's
 * episodes) is asked again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { WatchHistoryEntry } from '../../../drizzle/schema'
import type { WatchedMark } from '../../../worker/accounts/taste'
import { hasAired, today } from '../../../worker/catalog/aired'
import type { Episode, MediaType, TvDetails } from '../../../worker/catalog/types'
import { useToast } from '../../components/toast'
import { progressOf } from '../../components/watch-progress'
import { currentLocale, t } from '../../i18n'
import { continueKey, recentHistoryKey } from '../../lib/account-keys'
import { api, readJson } from '../../lib/api-client'
import { catalogKeys } from '../../lib/catalog'
import { preferencesKey, type Preferences } from '../../lib/preferences'
import { CheckIcon } from '../../components/icons'
import { FilmWatchedButton, SeasonWatchedPlace, toggleClass } from './watched-slots'

interface WatchedState {
  marks: WatchedMark[]
  finished: boolean
}

interface EpisodeAt {
  season_number: number
  episode_number: number
}

/** A change: the request's own fields, and the films or episodes it marks, shown at once. */
interface Change {
  season_number?: number
  episode_number?: number
  watched: boolean
  affects: EpisodeAt[] | 'film'
}

const watchedKey = (type: MediaType, id: number) => ['me', 'watched', type, id] as const
const sameEpisode = (a: { season_number: number | null; episode_number: number | null }, b: EpisodeAt) => a.season_number === b.season_number && a.episode_number === b.episode_number

function useWatched(type: MediaType, id: number) {
  return useQuery({
    queryKey: watchedKey(type, id),
    queryFn: () => readJson<WatchedState>(api.me.watched[':content_type'][':content_id'].$get({ param: { content_type: type, content_id: String(id) } })),
    staleTime: 60_000,
  })
}

/** The marks as they are once `change` is made (before the server answers). */
function changed(state: WatchedState, change: Change): WatchedState {
  const now = new Date().toISOString()
  if (change.affects === 'film') return { marks: change.watched ? [{ season_number: null, episode_number: null, plays: 1, last_watched_at: now }] : [], finished: change.watched }
  const affected = change.affects
  const others = state.marks.filter((mark) => !affected.some((at) => sameEpisode(mark, at)))
  const marked = change.watched ? affected.map((at) => state.marks.find((mark) => sameEpisode(mark, at)) ?? { ...at, plays: 1, last_watched_at: now }) : []
  return { marks: [...others, ...marked], finished: change.watched && state.finished }
}

function useMark(type: MediaType, id: number) {
  const client = useQueryClient()
  const toast = useToast()
  const key = watchedKey(type, id)
  return useMutation({
    mutationKey: key,
    mutationFn: ({ affects: _affects, ...change }: Change) => readJson<WatchedState>(api.me.watched.$put({ json: { content_type: type, content_id: id, ...change } })),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<WatchedState>(key)
      if (before) client.setQueryData<WatchedState>(key, changed(before, change))
      return { before }
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before)
      toast(t('taste.markFailed'), 'error')
    },
    onSuccess: (answer) => {
      // a later change still on its way answers for both
      if (client.isMutating({ mutationKey: key }) <= 1) client.setQueryData<WatchedState>(key, { marks: answer.marks, finished: answer.finished })
      void client.invalidateQueries({ queryKey: continueKey })
      void client.invalidateQueries({ queryKey: recentHistoryKey })
      // a spoiler-safe viewer's episodes end at the last one watched
      if (type === 'tv' && client.getQueryData<Preferences>(preferencesKey)?.spoiler_safe !== false) void client.invalidateQueries({ queryKey: [...catalogKeys.title('tv', id), 'season'] })
    },
  })
}

/** Mark watched / Watched on a film's page, with how often it was watched once more than once. */
export function FilmWatched({ id }: { id: number }) {
  const state = useWatched('movie', id)
  const mark = useMark('movie', id)
  const watched = state.data?.finished === true
  return (
    <FilmWatchedButton
      watched={watched}
      plays={state.data?.marks?.[0]?.plays ?? 0}
      onClick={state.data ? () => mark.mutate({ watched: !watched, affects: 'film' }) : undefined}
    />
  )
}

/**
 * One episode's mark in the list, at the top corner of its still, and the bar across the still's
 * foot when `progress` (the viewer's history entry for the show) is on this episode part of the way.
 */
export function EpisodeWatchedMark({ episode, progress }: { episode: EpisodeAt; progress: WatchHistoryEntry | null }) {
  const show = Number(useParams().id)
  const state = useWatched('tv', show)
  const mark = useMark('tv', show)
  const watched = state.data?.marks?.some((m) => sameEpisode(m, episode)) === true
  const short = t('cards.episodeShort', { season: episode.season_number, episode: episode.episode_number })
  const part = progress && progress.season_number === episode.season_number && progress.episode_number === episode.episode_number && progressOf(progress)
  const percent = part ? Math.round(part.fraction * 100) : 0
  return (
    <>
      {part && (
        <span className="pointer-events-none absolute start-2 top-2 aspect-video w-32 overflow-hidden rounded-md sm:w-40">
          <span
            role="progressbar"
            aria-label={t('lists.watchedPercent', { percent: new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(part.fraction), title: short })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="absolute inset-x-0 bottom-0 h-1.5 bg-black/60"
          >
            <span className="block h-full bg-brand-500" style={{ width: `${percent}%` }} />
          </span>
        </span>
      )}
      <button
        type="button"
        aria-pressed={watched}
        aria-label={watched ? t('taste.episodeWatched', { episode: short }) : t('taste.markEpisodeWatched', { episode: short })}
        title={watched ? t('taste.watchedFilm') : t('taste.markWatched')}
        disabled={!state.data}
        onClick={() => mark.mutate({ season_number: episode.season_number, episode_number: episode.episode_number, watched: !watched, affects: [episode] })}
        className={`absolute start-[6.25rem] top-3 flex h-8 w-8 items-center sm:start-[8.25rem] justify-center rounded-full border disabled:cursor-wait disabled:opacity-60 ${watched ? 'border-brand-500 bg-brand-600 text-white hover:bg-brand-500' : 'border-neutral-600 bg-neutral-900/80 text-neutral-400 hover:border-neutral-400 hover:text-white'}`}
        data-testid="episode-watched"
      >
        <CheckIcon width={16} height={16} aria-hidden="true" />
      </button>
    </>
  )
}

/** Over a season's list: how many of its aired episodes are watched, and Mark season watched / unwatched. */
export function SeasonWatched({ episodes }: { episodes: Episode[] }) {
  const id = Number(useParams().id)
  // the page shows the list once it has the show's details
  const details = useQueryClient().getQueryData<TvDetails>(catalogKeys.title('tv', id))
  const state = useWatched('tv', id)
  const mark = useMark('tv', id)
  const season = episodes[0]?.season_number
  // its episodes are on the way: the row keeps its place
  if (season === undefined || !details) return <SeasonWatchedPlace />
  const day = today()
  const aired = episodes.filter((e) => hasAired(e, details, day))
  const watched = aired.filter((e) => state.data?.marks?.some((m) => sameEpisode(m, e))).length
  const all = aired.length > 0 && watched === aired.length
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="season-watched">
      {aired.length > 0 && <p className="text-sm text-neutral-300">{t('taste.seasonProgress', { watched, count: aired.length })}</p>}
      <button
        type="button"
        disabled={!state.data || aired.length === 0}
        onClick={() => mark.mutate({ season_number: season, watched: !all, affects: aired.map(({ season_number, episode_number }) => ({ season_number, episode_number })) })}
        className="inline-flex min-h-9 items-center gap-2 rounded-lg border border-neutral-600 bg-neutral-900/70 px-3 text-sm font-semibold text-neutral-100 hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <CheckIcon width={16} height={16} aria-hidden="true" />
        {all ? t('taste.markSeasonUnwatched') : t('taste.markSeasonWatched')}
      </button>
    </div>
  )
}

/** What watched-slots.tsx draws: one part, so the page's own code names it once. */
export type WatchedPartProps = { film: number } | { episode: EpisodeAt; progress: WatchHistoryEntry | null } | { season: Episode[] }

export function WatchedPart(props: WatchedPartProps) {
  if ('film' in props) return <FilmWatched id={props.film} />
  if ('season' in props) return <SeasonWatched episodes={props.season} />
  return <EpisodeWatchedMark episode={props.episode} progress={props.progress} />
}

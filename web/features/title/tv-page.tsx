/**
 * /tv/{id} (SPEC.md section 2, TV detail): everything the movie page has, plus seasons and a
 * searchable episode list driving the player. Choosing a season starts at its episode 1 with the
 * search cleared; choosing an episode scrolls back up to the player and plays it. Previous and
 * next buttons step through the episodes across seasons, and when our player reaches the end of
 * an episode an Up next card counts down to the next one.
 * The address names the episode (/tv/{id}?season=2&episode=3) and follows the viewer, so a reload,
 * a bookmark or a shared link opens it; without one, a signed-in viewer comes back to the season
 * and episode they were watching, or to the next one if they had finished it. Signed in, the
 * history has the show once playback starts (Play, or an episode chosen to play), and from then on
 * every episode the viewer moves to is recorded at once, after the last report of the one they left.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import type { WatchHistoryEntry } from '../../../drizzle/schema'
import type { TvDetails } from '../../../worker/catalog/types'
import { openingSeason } from '../../../worker/seo/boot'
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons'
import { PosterRow } from '../../components/poster-row'
import { t } from '../../i18n'
import { useImage } from '../../lib/images'
import { yearOf } from '../../lib/titles'
import { useNearScreen } from '../../lib/use-in-view'
import { useDocumentMeta } from '../../lib/use-document-meta'
import { useSeason, useTrendingTv, useTvShow } from './api'
import { CastStrip } from './cast-strip'
import { EpisodeList } from './episode-list'
import { FollowButton } from './follow-button'
import { episodeFromQuery, neighbourEpisode, type EpisodeRef } from './episode-nav'
import { episodeLabel, episodeName, episodeShortTitle } from './episode-text'
import { Player, type PlayerTarget } from './player'
import { COMPLETED_FRACTION, resumePosition } from './progress'
import { SeasonPicker, seasonPanel } from './season-picker'
import { runtimeText, withElements } from './title-format'
import { PlayerPlaceholder, PlayerSection, TitleExtras, TitleHeader, TitleSummary, type TitleFacts } from './title-parts'
import { detailsPendingState, isUnknownTitle } from './title-states'
import { useTitlePage } from './use-title-page'
import { recordPlayStart } from './use-watch-history'
import { WhereToWatch } from './where-to-watch-slot'

type Selection = EpisodeRef

function startingSelection(show: TvDetails, saved: WatchHistoryEntry | null): Selection | null {
  if (saved?.season_number != null && saved.episode_number != null && show.seasons.some((s) => s.season_number === saved.season_number)) {
    const at = { season: saved.season_number, episode: saved.episode_number }
    const finished = saved.total_duration > 0 && saved.position >= saved.total_duration * COMPLETED_FRACTION
    return (finished && neighbourEpisode(show.seasons, at, 1)) || at
  }
  // The same season the worker inlines into the page's first data.
  const season = openingSeason(show)
  return season === null ? null : { season, episode: 1 }
}

/** The last episode of the last regular season: finishing it finishes the show. */
function isFinalEpisode(show: TvDetails, selection: Selection): boolean {
  const last = show.seasons.reduce<TvDetails['seasons'][number] | undefined>((latest, s) => (s.season_number >= 1 && (!latest || s.season_number > latest.season_number) ? s : latest), undefined)
  return !!last && selection.season === last.season_number && selection.episode >= (last.episode_count ?? Infinity)
}

function NowPlayingEpisode({ at }: { at: Selection }) {
  return <span className="font-semibold text-white">{episodeLabel(at)}</span>
}

/** The foot of the page: fetched only when the visitor comes near it, its place kept meanwhile. */
function TrendingShows({ exclude }: { exclude: number }) {
  const place = useRef<HTMLDivElement>(null)
  const near = useNearScreen(place)
  const trending = useTrendingTv(near)
  const items = (trending.data?.results ?? []).filter((item) => item.id !== exclude)
  return (
    <div ref={place}>
      <PosterRow title={t('title.trendingShows')} items={items} pending={!trending.isError && !trending.isSuccess} />
    </div>
  )
}

export function Component() {
  const id = Number(useParams().id)
  // A fresh page per title: the chosen source, season, episode and search belong to one title.
  return <ShowPage key={id} id={id} />
}

function ShowPage({ id }: { id: number }) {
  const validId = Number.isInteger(id) && id > 0
  const show = useTvShow(validId ? id : 0)
  const details = show.data
  const { config, similarItems, connection, history, trailer, sources, sourceSwitch } = useTitlePage('tv', validId ? id : 0, details)
  const [params, setParams] = useSearchParams()
  const chosen = details ? episodeFromQuery(params, details.seasons) : null
  // Episodes the viewer picks start playing; the one the page opens on waits behind Play, unless
  // the address asks to resume it (`play=1`, a Continue watching card).
  const [autoPlay, setAutoPlay] = useState(() => params.get('play') === '1')
  const [search, setSearch] = useState('')
  const seasonsId = useId()
  const selection = chosen ?? (details && history.ready ? startingSelection(details, history.saved) : null)
  const selectionKey = selection ? `${selection.season}-${selection.episode}` : ''
  const season = useSeason(validId ? id : 0, selection?.season ?? null)
  const target = useMemo<PlayerTarget | null>(
    () => (selection ? { type: 'tv', id, season: selection.season, episode: selection.episode } : null),
    [id, selection?.season, selection?.episode],
  )
  useDocumentMeta(details?.name ?? (isUnknownTitle(show, validId) ? t('title.showNotFound') : undefined), details?.overview)

  // Once playback has started, the episode the viewer moves to is kept at once, not only once
  // some of it has played; before, opening the page or choosing a season writes nothing. This runs
  // after the player of the episode left behind has queued its last report (effects clean up
  // before they run again), so the stored row ends on the new episode.
  const playing = useRef(autoPlay)
  const recordChoice = useRef(false)
  // The same episode at the same seconds is not sent twice (chosen, then Play pressed).
  const lastRecorded = useRef('')
  const record = useCallback(
    (at: Selection) => {
      if (!history.signedIn || !details) return
      const key = `${at.season}:${at.episode}:${history.watched.current}`
      if (key === lastRecorded.current) return
      lastRecorded.current = key
      const { signedIn, saved, watched } = history
      recordPlayStart({ signedIn, saved, watched }, { content_id: details.id, content_type: 'tv', title: details.name, poster_path: details.poster_path, season_number: at.season, episode_number: at.episode })
    },
    [history.signedIn, history.saved, history.watched, details],
  )
  useEffect(() => {
    if (!recordChoice.current || !selection) return
    recordChoice.current = false
    if (playing.current) record(selection)
    // Only a new selection is recorded; `selection` itself is a new object every render.
  }, [selectionKey, record])
  // A season whose count the show's details leave out (an older TMDB answer) is counted from its own answer once loaded.
  // Kept as one array while its inputs stand: the season tabs measure their strip again whenever it changes.
  const loaded = season.data ? { season: season.data.season_number, count: season.data.episodes.length } : null
  const seasons = useMemo(
    () => details?.seasons.map((s) => (s.episode_count === null && loaded?.season === s.season_number ? { ...s, episode_count: loaded.count } : s)) ?? [],
    [details?.seasons, loaded?.season, loaded?.count],
  )
  const next = details && selection ? neighbourEpisode(seasons, selection, 1) : null
  const previous = details && selection ? neighbourEpisode(seasons, selection, -1) : null
  // The address follows the viewer without adding to the browser's history: Back leaves the show.
  const choose = useCallback(
    (to: Selection) => {
      recordChoice.current = true
      setParams({ season: String(to.season), episode: String(to.episode) }, { replace: true, preventScrollReset: true })
    },
    [setParams],
  )
  const play = useCallback(
    (to: Selection) => {
      playing.current = true
      choose(to)
      setAutoPlay(true)
    },
    [choose],
  )
  const playNext = useCallback(() => {
    if (next) play(next)
  }, [next, play])

  const pending = detailsPendingState(show, validId, 'tv')
  const image = useImage()
  if (pending || !details) return pending

  const chooseSeason = (seasonNumber: number) => {
    choose({ season: seasonNumber, episode: 1 })
    setAutoPlay(false)
    setSearch('')
  }
  const chooseEpisode = (episodeNumber: number) => {
    if (!selection) return
    play({ season: selection.season, episode: episodeNumber })
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }
  // Stepping into another season shows that season's episodes, with the search cleared.
  const step = (to: Selection) => {
    if (to.season !== selection?.season) setSearch('')
    play(to)
  }

  const facts: TitleFacts = {
    type: 'tv',
    id: details.id,
    title: details.name,
    originalTitle: details.original_name,
    originalLanguage: details.original_language,
    year: yearOf(details),
    runtime: runtimeText(details.episode_run_time?.[0]),
    rating: details.vote_average,
    certification: details.certification,
    extra: t('title.seasonCount', { count: details.number_of_seasons }),
    backdropPath: details.backdrop_path,
    posterPath: details.poster_path,
    tagline: details.tagline,
  }
  const episodes = season.data?.season_number === selection?.season ? (season.data?.episodes ?? []) : []
  const episode = episodes.find((e) => e.episode_number === selection?.episode)
  const nextEpisode = next?.season === selection?.season ? episodes.find((e) => e.episode_number === next?.episode) : undefined

  return (
    <article className="pb-10">
      <TitleHeader
        facts={facts}
        player={
            <PlayerSection adUrl={config.data?.adUrl ?? null}>
              {config.isPending || !history.ready || !target || !selection ? (
                <PlayerPlaceholder message={details.seasons.length === 0 ? t('title.noEpisodesYet') : undefined} sourceSwitch={sourceSwitch} episodeNav={details.seasons.length > 0} />
              ) : (
                <>
                  <Player
                    target={target}
                    title={episodeShortTitle(details.name, selection)}
                    art={{ backdropPath: details.backdrop_path, posterPath: details.poster_path }}
                    sources={sources}
                    trailer={trailer}
                    connection={connection}
                    startAt={resumePosition(history.saved, selection.season, selection.episode)}
                    progress={{
                      enabled: history.signedIn,
                      title: {
                        content_id: details.id,
                        content_type: 'tv',
                        title: details.name,
                        poster_path: details.poster_path,
                        season_number: selection.season,
                        episode_number: selection.episode,
                      },
                      watched: history.watched,
                      completesTitle: isFinalEpisode(details, selection),
                    }}
                    autoPlay={autoPlay}
                    onOpen={() => {
                      playing.current = true
                      record(selection)
                    }}
                    upNext={next ? { label: episodeLabel(next, nextEpisode), onPlay: playNext, still: image(nextEpisode?.still_path, 'still', 112) } : null}
                    heading={{ title: details.name, episode: episodeLabel(selection, episode) }}
                  />
                  <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                    <p className="min-w-0 text-sm text-neutral-300" aria-live="polite" data-testid="now-playing">
                      {episode
                        ? withElements((m) => t('title.nowPlayingNamed', { episode: m.episode, name: episodeName(episode.name, episode.episode_number) }), { episode: <NowPlayingEpisode at={selection} /> })
                        : <NowPlayingEpisode at={selection} />}
                    </p>
                    <div className="flex shrink-0 gap-2">
                      <button
                        type="button"
                        disabled={!previous}
                        onClick={() => previous && step(previous)}
                        className="inline-flex items-center gap-1 rounded-lg bg-neutral-800 px-3 py-1.5 text-sm font-semibold text-neutral-100 hover:bg-neutral-700 disabled:cursor-not-allowed disabled:opacity-40"
                      >
                        <ChevronLeftIcon width={16} height={16} aria-hidden="true" className="rtl:-scale-x-100" />
                        {t('title.previousEpisode')}
                      </button>
                      <button
                        type="button"
                        disabled={!next}
                        onClick={() => next && step(next)}
                        className="inline-flex items-center gap-1 rounded-lg bg-neutral-800 px-3 py-1.5 text-sm font-semibold text-neutral-100 hover:bg-neutral-700 disabled:cursor-not-allowed disabled:opacity-40"
                      >
                        {t('title.nextEpisode')}
                        <ChevronRightIcon width={16} height={16} aria-hidden="true" className="rtl:-scale-x-100" />
                      </button>
                    </div>
                  </div>
                </>
              )}
            </PlayerSection>
        }
        summary={<TitleSummary facts={facts} overview={details.overview} overviewLanguage={details.overview_language} genres={details.genres} episode={selection && { ...selection, unnamed: episode?.hidden }} follow={<FollowButton target={{ id: details.id, title: details.name, posterPath: details.poster_path }} />} />}
      />
      <div className="mt-6 space-y-6 px-4 md:px-8">
        <EpisodeList
          episodes={episodes}
          selected={selection?.episode ?? 1}
          onSelect={chooseEpisode}
          search={search}
          onSearch={setSearch}
          // the season is known once the viewer's place in the show is (their history, when signed in)
          loading={season.isFetching || (!chosen && !history.ready)}
          seasons={<SeasonPicker seasons={seasons} selected={selection?.season ?? null} onSelect={chooseSeason} idBase={seasonsId} />}
          panel={seasonPanel(seasonsId, seasons, selection?.season ?? null)}
          progress={history.saved}
        />
        <TitleExtras downloadUrl={config.data?.downloadUrl ?? null} adUrl={config.data?.adUrl ?? null} />
      </div>
      <div className="px-4 md:px-8">
        <WhereToWatch type="tv" id={details.id} />
        <CastStrip cast={details.credits?.cast ?? []} />
      </div>
      <PosterRow title={t('title.similarShows')} items={similarItems} />
      <TrendingShows exclude={details.id} />
    </article>
  )
}

/**
 * A season's episodes (SPEC.md section 2, TV detail), inline in the page rather than in a box that
 * scrolls inside it, with a search box matching the episode's name, overview or number,
 * case-insensitively. Where the seasons are tabs, the list is the panel they control.
 */
import { lazy, Suspense, useId, useRef, type ReactNode } from 'react'
import type { WatchHistoryEntry } from '../../../drizzle/schema'
import type { Episode } from '../../../worker/catalog/types'
import { CloseIcon, PlayIcon, SearchIcon } from '../../components/icons'
import { t } from '../../i18n'
import { useKeptInput } from '../../lib/hydration'
import { useImage } from '../../lib/images'
import { episodeName } from './episode-text'
import { dateText } from './title-format'
import { WatchedSlot } from './watched-slots'

/** A spoiler-safe viewer's episode not reached yet: its number over the art, and Reveal. */
const HiddenEpisode = lazy(() => import('./hidden-episode'))

export function matchesEpisode(episode: Pick<Episode, 'name' | 'overview' | 'episode_number'>, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return (
    episode.name.toLowerCase().includes(q) ||
    episode.overview.toLowerCase().includes(q) ||
    String(episode.episode_number).includes(q)
  )
}

export function EpisodeList({
  episodes,
  selected,
  onSelect,
  search,
  onSearch,
  loading,
  seasons,
  panel,
  progress = null,
}: {
  episodes: Episode[]
  selected: number
  onSelect: (episode: number) => void
  search: string
  onSearch: (value: string) => void
  loading: boolean
  /** The season tabs or menu, drawn under the heading. */
  seasons?: ReactNode
  /** The ids tying the list to the season tab that shows it, when the seasons are tabs. */
  panel?: { id: string; labelledBy: string }
  /** The signed-in viewer's history entry for the show: the episode it names shows how far they got. */
  progress?: WatchHistoryEntry | null
}) {
  const image = useImage()
  const searchId = useId()
  const box = useRef<HTMLInputElement>(null)
  useKeptInput(box, search, onSearch)
  const shown = episodes.filter((e) => matchesEpisode(e, search))

  return (
    <section aria-labelledby="episodes-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="episodes-heading" className="text-lg font-semibold">
          {t('title.episodes')} {!(loading && episodes.length === 0) && <span className="text-sm font-normal text-neutral-400">{t('title.episodeTotal', { count: episodes.length })}</span>}
        </h2>
        <div className="relative sm:w-72">
          <label htmlFor={searchId} className="sr-only">
            {t('title.searchEpisodes')}
          </label>
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-neutral-400" width={16} height={16} />
          <input
            ref={box}
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t('title.searchEpisodesPlaceholder')}
            className="w-full rounded-lg border border-neutral-700 bg-neutral-950 py-2 ps-9 pe-9 text-sm placeholder:text-neutral-500"
          />
          {search && (
            <button type="button" aria-label={t('title.clearEpisodeSearch')} onClick={() => onSearch('')} className="absolute end-2 top-1/2 -translate-y-1/2 rounded p-1 text-neutral-400 hover:text-white">
              <CloseIcon width={14} height={14} />
            </button>
          )}
        </div>
      </div>
      {seasons}
      {(loading || episodes.length > 0) && <WatchedSlot season={episodes} />}
      <div role={panel ? 'tabpanel' : undefined} id={panel?.id} aria-labelledby={panel?.labelledBy}>
        <ul className="grid gap-2 lg:grid-cols-2" data-testid="episode-list" aria-busy={loading}>
          {shown.map((episode) => {
            const active = episode.episode_number === selected
            const still = image(episode.still_path, 'still', 160)
            return (
              <li key={episode.id} className="relative">
                <button
                  type="button"
                  onClick={() => onSelect(episode.episode_number)}
                  aria-current={active ? 'true' : undefined}
                  className={`flex h-full w-full gap-3 rounded-lg p-2 text-start hover:bg-neutral-800/70 ${active ? 'bg-brand-600/15 ring-1 ring-brand-600/60' : 'bg-neutral-900/60'}`}
                >
                  <div className="relative aspect-video w-32 shrink-0 overflow-hidden rounded-md bg-neutral-800 sm:w-40">
                    {still && <img src={still.src} srcSet={still.srcSet} sizes={still.srcSet && '160px'} alt="" loading="lazy" width={300} height={169} className="h-full w-full object-cover" />}
                    {active && (
                      <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-white">
                        <PlayIcon />
                      </span>
                    )}
                  </div>
                  <div className="min-w-0">
                    <p className={`text-sm font-semibold ${active ? 'text-brand-400' : 'text-neutral-100'}`}>
                      {t('title.episodeNumbered', { number: episode.episode_number, name: episodeName(episode.name, episode.episode_number) })}
                    </p>
                    {episode.air_date && (
                      <p className="text-xs text-neutral-400">
                        <time dateTime={episode.air_date}>{dateText(episode.air_date)}</time>
                      </p>
                    )}
                    <p className="mt-1 line-clamp-2 text-xs text-neutral-300" data-catalog="">
                      {episode.overview}
                    </p>
                  </div>
                </button>
                <WatchedSlot episode={episode} progress={progress} />
                {episode.hidden && (
                  <Suspense>
                    <HiddenEpisode episode={episode} />
                  </Suspense>
                )}
              </li>
            )
          })}
          {!loading && shown.length === 0 && (
            <li className="p-6 text-center text-sm text-neutral-400 lg:col-span-2">{episodes.length === 0 ? t('title.noEpisodesInSeason') : t('title.noEpisodesMatch', { search })}</li>
          )}
          {loading && episodes.length === 0 && <li className="p-6 text-center text-sm text-neutral-400 lg:col-span-2">{t('title.loading')}</li>}
        </ul>
      </div>
    </section>
  )
}

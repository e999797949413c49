/**
 * How far the viewer got in a title, on every card that shows it (Continue watching, the
 * watchlist, Last Watched): a bar across the foot of the poster, and the episode ("S2 E3") and
 * the time left as short facts under the title. Lengths are written by Intl in the page's
 * language (its own words and plurals for hours and minutes), inside a message of the catalog.
 */
import { currentLocale, t } from '../i18n'
import type { ContinueEntry } from '../lib/continue-watching'
import { paths } from '../lib/paths'

/** Where a card leads: the title's page with the player started at the saved place (and episode). */
export function resumePath(entry: Pick<ContinueEntry, 'content_type' | 'content_id' | 'season_number' | 'episode_number'>): string {
  const page =
    entry.content_type === 'tv' && entry.season_number != null && entry.episode_number != null
      ? paths.episode(entry.content_id, entry.season_number, entry.episode_number)
      : paths.title(entry.content_type, entry.content_id)
  return `${page}${page.includes('?') ? '&' : '?'}play=1`
}

/** The share of the title watched (0 to 1) and the seconds left, or null when its length is not known. */
export function progressOf(entry: Pick<ContinueEntry, 'position' | 'total_duration' | 'completed'>): { fraction: number; secondsLeft: number } | null {
  if (entry.completed || entry.total_duration <= 0 || entry.position <= 0) return null
  const position = Math.min(entry.position, entry.total_duration)
  return { fraction: position / entry.total_duration, secondsLeft: entry.total_duration - position }
}

type Progressed = Pick<ContinueEntry, 'title' | 'content_type' | 'position' | 'total_duration' | 'completed' | 'season_number' | 'episode_number'> & { up_next?: true }

/** "1 hr, 5 min" or "12 min" in the page's language; under a minute counts as one. */
export function durationText(seconds: number, locale = currentLocale()): { text: string; count: number } {
  const minutes = Math.max(1, Math.round(seconds / 60))
  const unit = (value: number, name: 'hour' | 'minute') => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value)
  if (minutes < 60) return { text: unit(minutes, 'minute'), count: minutes }
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (rest === 0) return { text: unit(hours, 'hour'), count: hours }
  return { text: new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format([unit(hours, 'hour'), unit(rest, 'minute')]), count: rest }
}

/** The bar laid over the foot of a poster (inside PosterFrame). */
export function ProgressBar({ entry }: { entry: Progressed }) {
  const progress = progressOf(entry)
  if (!progress) return null
  const percent = Math.round(progress.fraction * 100)
  return (
    <div
      role="progressbar"
      aria-label={t('lists.watchedPercent', { percent: new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(progress.fraction), title: entry.title })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="absolute inset-x-0 bottom-0 h-1.5 bg-black/60"
    >
      {/* grows from the page's start side, so from the right in Arabic */}
      <div className="h-full bg-brand-500" style={{ width: `${percent}%` }} />
    </div>
  )
}

/** The episode (unless the card says it already) and the time left (or "Next episode"), as short facts under a card's title. */
export function ProgressFacts({ entry, withEpisode = true }: { entry: Progressed; withEpisode?: boolean }) {
  const progress = progressOf(entry)
  const episode = withEpisode && entry.content_type === 'tv' && entry.season_number != null && entry.episode_number != null
  if (!episode && !progress) return null
  const left = progress ? durationText(progress.secondsLeft) : null
  return (
    // one line, as every card of a row has the same height
    <p className="flex gap-x-2 text-xs whitespace-nowrap text-neutral-300">
      {episode && <span className="shrink-0">{t('cards.episodeShort', { season: entry.season_number, episode: entry.episode_number })}</span>}
      {left && <span className="min-w-0 truncate text-neutral-400">{t('cards.timeLeft', { time: left.text, count: left.count })}</span>}
      {entry.up_next && <span className="min-w-0 truncate text-brand-300">{t('cards.upNext')}</span>}
    </p>
  )
}

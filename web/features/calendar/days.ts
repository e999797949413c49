/**
 * The calendar's episodes grouped by day, each day named in the page's language ("Today",
 * "Tomorrow", "Yesterday", else its weekday and date). Days are `YYYY-MM-DD` as the API gives them,
 * already decided in the viewer's time zone, so they are formatted as dates of no zone (UTC).
 */
import type { CalendarEpisode } from '../../../worker/calendar/episodes'
import { currentLocale, t } from '../../i18n'

export interface CalendarDay {
  day: string
  label: string
  episodes: CalendarEpisode[]
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The day's name relative to `today`, or its weekday and date. */
export function dayLabel(day: string, today: string): string {
  const date = new Intl.DateTimeFormat(currentLocale(), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
  const apart = daysBetween(today, day)
  if (apart === 0) return t('account.calendarTodayDate', { date })
  if (apart === 1) return t('account.calendarTomorrowDate', { date })
  if (apart === -1) return t('account.calendarYesterdayDate', { date })
  return date
}

/** A date the catalogue gives, written out in full in the page's language. */
export function fullDate(day: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** Episodes in day order, one group per day that has any; `newestFirst` for the days past. */
export function groupByDay(episodes: readonly CalendarEpisode[], today: string, newestFirst = false): CalendarDay[] {
  const days = new Map<string, CalendarEpisode[]>()
  for (const e of episodes) days.set(e.air_date, [...(days.get(e.air_date) ?? []), e])
  const ordered = [...days.keys()].sort()
  if (newestFirst) ordered.reverse()
  return ordered.map((day) => ({ day, label: dayLabel(day, today), episodes: days.get(day)! }))
}

/** The browser's IANA time zone, which the API takes; UTC when the browser names none. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    return typeof zone === 'string' && zone ? zone : 'UTC'
  } catch {
    return 'UTC'
  }
}

/**
 * Calendar days in a viewer's time zone. Episodes carry a date only (TMDB's `air_date`, the
 * embedded catalogue's likewise), so a day is a `YYYY-MM-DD` string; what depends on the zone is
 * which day "today" is. Zones are IANA names the runtime knows (`Europe/Paris`, `UTC`).
 */
import { z } from 'zod'
import { errorMessage } from '../lib/api-errors'

const ZONE_SHAPE = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/

/** Whether `zone` is an IANA time zone name the runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !ZONE_SHAPE.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const timeZoneSchema = z.string().refine(isTimeZone, errorMessage('errors.timeZoneInvalid'))

/** The calendar day `at` falls on in `zone`. */
export function dayIn(zone: string, at: Date | number = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The hour and minute of `at` in `zone`, as minutes after midnight. */
export function minuteOfDayIn(zone: string, at: Date | number = Date.now()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0')
  return part('hour') * 60 + part('minute')
}

/** The instant midnight starts `day` in `zone` (the first minute of the day there). */
export function startOfDayIn(zone: string, day: string): number {
  // The zone's offset at noon UTC of that day, then corrected once more for a change of offset at midnight.
  const guess = Date.parse(`${day}T00:00:00Z`)
  let at = guess
  for (let i = 0; i < 2; i++) {
    const shown = dayIn(zone, at) === day ? minuteOfDayIn(zone, at) : dayIn(zone, at) < day ? minuteOfDayIn(zone, at) - 1440 : minuteOfDayIn(zone, at) + 1440
    at -= shown * 60_000
  }
  return at
}

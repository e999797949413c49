/**
 * The private iCal feed's text (RFC 5545): one all-day event per episode (episodes carry a date,
 * no time), its UID stable for the show, season and episode so calendars update an event rather
 * than add another, the show and "S1E2" as its summary, the episode's page as its URL and
 * description, and nothing of the episode's overview. Lines end in CRLF, are folded at 75 octets
 * and their text escaped, so Google Calendar, Apple Calendar and Outlook read it alike.
 */
import { addDays } from './dates'
import type { CalendarEpisode } from './episodes'

const encoder = new TextEncoder()

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n')
}

/** One content line folded at 75 octets (3.1): continuation lines begin with a space; no character is split. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const bytes = encoder.encode(ch).length
    // the first line holds 75 octets; each continuation line's leading space takes one of its 75
    const room = parts.length === 0 ? 75 : 74
    if (size + bytes > room) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += bytes
  }
  parts.push(current)
  return parts.join('\r\n ')
}

function basicDate(day: string): string {
  return day.replace(/-/g, '')
}

function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

export interface FeedOptions {
  siteName: string
  /** The site's origin (SITE_URL), for the events' addresses and UIDs. */
  origin: string
  now?: Date
}

/** The episode's page on the site. */
export function episodeUrl(origin: string, e: Pick<CalendarEpisode, 'show_id' | 'season_number' | 'episode_number'>): string {
  return `${origin}/tv/${e.show_id}?season=${e.season_number}&episode=${e.episode_number}`
}

export function icalFeed(episodes: readonly CalendarEpisode[], options: FeedOptions): string {
  const host = new URL(options.origin).host
  const dtstamp = stamp(options.now ?? new Date())
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(options.siteName)}//Episode calendar//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.siteName)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ]
  for (const e of episodes) {
    const url = episodeUrl(options.origin, e)
    lines.push(
      'BEGIN:VEVENT',
      `UID:tv-${e.show_id}-s${e.season_number}e${e.episode_number}@${host}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${basicDate(e.air_date)}`,
      `DTEND;VALUE=DATE:${basicDate(addDays(e.air_date, 1))}`,
      `SUMMARY:${escapeText(`${e.show_title} S${e.season_number}E${e.episode_number}`)}`,
      `URL:${url}`,
      `DESCRIPTION:${escapeText(url)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}

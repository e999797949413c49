/** The calendar's query: the followed shows' episodes around today in the viewer's time zone. */
import { useQuery } from '@tanstack/react-query'
import type { CalendarEpisode } from '../../../worker/calendar/episodes'
import { calendarKey } from '../../lib/follow-keys'
import { api, readJson } from '../../lib/api-client'

export interface CalendarAnswer {
  timeZone: string
  today: string
  catalogue: { kind: 'live' | 'snapshot'; date: string | null }
  following: number
  upcoming: CalendarEpisode[]
  recent: CalendarEpisode[]
  latest: CalendarEpisode[]
}

export function useCalendar(timeZone: string, enabled: boolean) {
  return useQuery({
    queryKey: calendarKey(timeZone),
    queryFn: () => readJson<CalendarAnswer>(api.me.calendar.$get({ query: { tz: timeZone } })),
    enabled,
    staleTime: 5 * 60_000,
  })
}

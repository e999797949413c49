// The calendar's days: grouped, ordered and named relative to the viewer's today, in the page's language.
import { afterEach, describe, expect, it } from 'vitest'
import type { CalendarEpisode } from '../../../worker/calendar/episodes'
import { loadAreas, loadLocale } from '../../i18n'
import { dayLabel, groupByDay } from './days'

function episode(air_date: string, show_id: number, episode_number = 1): CalendarEpisode {
  return { show_id, show_title: `Show ${show_id}`, poster_path: null, season_number: 1, episode_number, name: '', air_date }
}

afterEach(async () => {
  await loadLocale('en')
  await loadAreas(['account'])
})

describe('groupByDay', () => {
  it('gathers each day’s episodes, days in order, the past newest first', () => {
    const list = [episode('2026-11-27', 1), episode('2026-11-27', 2), episode('2026-11-29', 1, 2), episode('2026-12-24', 3)]
    const days = groupByDay(list, '2026-11-27')
    expect(days.map((d) => [d.day, d.episodes.map((e) => e.show_id)])).toEqual([
      ['2026-11-27', [1, 2]],
      ['2026-11-29', [1]],
      ['2026-12-24', [3]],
    ])
    expect(groupByDay([episode('2026-11-20', 1), episode('2026-11-26', 2)], '2026-11-27', true).map((d) => d.day)).toEqual(['2026-11-26', '2026-11-20'])
  })

  it('names today, tomorrow and yesterday, and any other day by its date', () => {
    expect(dayLabel('2026-11-27', '2026-11-27')).toBe('Today, Friday, November 27')
    expect(dayLabel('2026-11-28', '2026-11-27')).toBe('Tomorrow, Saturday, November 28')
    expect(dayLabel('2026-11-26', '2026-11-27')).toBe('Yesterday, Thursday, November 26')
    expect(dayLabel('2027-01-01', '2026-12-31')).toMatch(/^Tomorrow, Friday, January 1$/)
    expect(dayLabel('2026-12-03', '2026-11-27')).toBe('Thursday, December 3')
  })

  it('writes the days in the page’s language', async () => {
    await loadLocale('de')
    await loadAreas(['account'])
    expect(dayLabel('2026-11-27', '2026-11-27')).toBe('Heute, Freitag, 27. November')
    expect(dayLabel('2026-12-03', '2026-11-27')).toBe('Donnerstag, 3. Dezember')
  })
})

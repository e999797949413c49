import { describe, expect, it } from 'vitest'
import { durationText, progressOf, resumePath } from './watch-progress'

describe('resumePath', () => {
  it('opens a film, or a show at its episode, with the player asked to start', () => {
    expect(resumePath({ content_type: 'movie', content_id: 155, season_number: null, episode_number: null })).toBe('/movie/155?play=1')
    expect(resumePath({ content_type: 'tv', content_id: 1399, season_number: 2, episode_number: 3 })).toBe('/tv/1399?season=2&episode=3&play=1')
    // a show whose episode is not known opens on the show
    expect(resumePath({ content_type: 'tv', content_id: 1399, season_number: null, episode_number: null })).toBe('/tv/1399?play=1')
  })
})

describe('progressOf', () => {
  it('answers the share watched and the seconds left, and nothing when the length is unknown or the title is done', () => {
    expect(progressOf({ position: 1200, total_duration: 4800, completed: false })).toEqual({ fraction: 0.25, secondsLeft: 3600 })
    expect(progressOf({ position: 1200, total_duration: 0, completed: false })).toBeNull()
    expect(progressOf({ position: 0, total_duration: 4800, completed: false })).toBeNull()
    expect(progressOf({ position: 1200, total_duration: 4800, completed: true })).toBeNull()
    // a position past the end (a report from the credits) never gives a negative time
    expect(progressOf({ position: 5000, total_duration: 4800, completed: false })).toEqual({ fraction: 1, secondsLeft: 0 })
  })
})

describe('durationText', () => {
  it("writes minutes, and hours with minutes, in the page's language, with the count the plural depends on", () => {
    expect(durationText(12 * 60, 'en')).toEqual({ text: '12 min', count: 12 })
    expect(durationText(20, 'en')).toEqual({ text: '1 min', count: 1 })
    expect(durationText(2 * 3600, 'en')).toEqual({ text: '2 hr', count: 2 })
    expect(durationText(3600 + 5 * 60, 'en')).toEqual({ text: '1 hr, 5 min', count: 5 })
    const arabic = durationText(3600 + 5 * 60, 'ar')
    expect(arabic.text).not.toMatch(/hr|min/)
    expect(arabic.count).toBe(5)
    expect(durationText(12 * 60, 'de').text).toBe('12 Min.')
  })
})

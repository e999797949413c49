import { describe, expect, it } from 'vitest'
import { matchesEpisode } from './episode-list'

const episode = { episode_number: 12, name: 'The Long Night', overview: 'Winter arrives at Winterfell.' }

describe('matchesEpisode', () => {
  it('matches the name, the overview or the episode number, ignoring case', () => {
    expect(matchesEpisode(episode, 'long NIGHT')).toBe(true)
    expect(matchesEpisode(episode, 'winterfell')).toBe(true)
    expect(matchesEpisode(episode, '12')).toBe(true)
    expect(matchesEpisode(episode, '2')).toBe(true)
  })

  it('rejects text found nowhere, and an empty search matches everything', () => {
    expect(matchesEpisode(episode, 'summer')).toBe(false)
    expect(matchesEpisode(episode, '13')).toBe(false)
    expect(matchesEpisode(episode, '   ')).toBe(true)
  })
})

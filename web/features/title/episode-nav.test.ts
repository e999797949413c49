import { describe, expect, it } from 'vitest'
import { episodeFromQuery, neighbourEpisode } from './episode-nav'

const seasons = [
  { season_number: 0, episode_count: 2 },
  { season_number: 1, episode_count: 3 },
  { season_number: 2, episode_count: 0 },
  { season_number: 3, episode_count: 4 },
]

describe('neighbourEpisode', () => {
  it('steps within a season', () => {
    expect(neighbourEpisode(seasons, { season: 1, episode: 1 }, 1)).toEqual({ season: 1, episode: 2 })
    expect(neighbourEpisode(seasons, { season: 3, episode: 4 }, -1)).toEqual({ season: 3, episode: 3 })
  })

  it('crosses into the next season at episode 1, and back into the previous one at its last, skipping empty seasons', () => {
    expect(neighbourEpisode(seasons, { season: 1, episode: 3 }, 1)).toEqual({ season: 3, episode: 1 })
    expect(neighbourEpisode(seasons, { season: 3, episode: 1 }, -1)).toEqual({ season: 1, episode: 3 })
  })

  it('has nothing before the first episode or after the last', () => {
    expect(neighbourEpisode(seasons, { season: 1, episode: 1 }, -1)).toBeNull()
    expect(neighbourEpisode(seasons, { season: 3, episode: 4 }, 1)).toBeNull()
  })

  it('keeps specials apart from the regular seasons', () => {
    expect(neighbourEpisode(seasons, { season: 0, episode: 1 }, 1)).toEqual({ season: 0, episode: 2 })
    expect(neighbourEpisode(seasons, { season: 0, episode: 2 }, 1)).toBeNull()
    expect(neighbourEpisode(seasons, { season: 1, episode: 1 }, -1)).toBeNull()
  })

  it('answers null for a season the show does not have', () => {
    expect(neighbourEpisode(seasons, { season: 9, episode: 1 }, 1)).toBeNull()
  })
})

describe('episodeFromQuery', () => {
  const at = (query: string) => episodeFromQuery(new URLSearchParams(query), seasons)
  it('reads the season and episode an address names', () => {
    expect(at('?season=3&episode=4')).toEqual({ season: 3, episode: 4 })
    expect(at('?season=0&episode=2')).toEqual({ season: 0, episode: 2 })
    expect(at('?season=3')).toEqual({ season: 3, episode: 1 })
  })
  it('ignores what the show does not have or what is not a number', () => {
    for (const query of ['', '?episode=2', '?season=9&episode=1', '?season=3&episode=5', '?season=3&episode=0', '?season=1.5&episode=1', '?season=01&episode=1', '?season=3&episode=-1', '?season=3&episode=x'])
      expect(at(query), query).toBeNull()
  })
  it('takes any episode of a season whose count is not known', () => {
    expect(at('?season=2&episode=7')).toEqual({ season: 2, episode: 7 })
  })
})

import { describe, expect, it } from 'vitest'
import { embedUrl, fillTemplate } from './embed-url'

describe('fillTemplate', () => {
  it('fills every placeholder of an episode', () => {
    expect(fillTemplate('https://player.example/embed/{type}/{id}/{season}/{episode}', { type: 'tv', id: 1399, season: 2, episode: 7 })).toBe(
      'https://player.example/embed/tv/1399/2/7',
    )
  })

  it('drops season and episode segments and parameters for a film', () => {
    expect(fillTemplate('https://player.example/embed/{type}/{id}/{season}/{episode}', { type: 'movie', id: 550 })).toBe(
      'https://player.example/embed/movie/550',
    )
    expect(fillTemplate('https://player.example/watch?id={id}&s={season}&e={episode}&t={type}', { type: 'movie', id: 550 })).toBe(
      'https://player.example/watch?id=550&t=movie',
    )
  })

  it('defaults a show to season 1, episode 1', () => {
    expect(fillTemplate('https://p.example/{id}?s={season}&e={episode}', { type: 'tv', id: 5 })).toBe('https://p.example/5?s=1&e=1')
  })
})

describe('embedUrl', () => {
  it('appends the connection-quality hint', () => {
    const url = new URL(embedUrl('https://p.example/{type}/{id}', { type: 'movie', id: 9 }, 'poor'))
    expect(url.pathname).toBe('/movie/9')
    expect(url.searchParams.get('quality')).toBe('medium')
    expect(url.searchParams.get('buffer')).toBe('reduced')
  })
})

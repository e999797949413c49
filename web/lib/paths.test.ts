import { describe, expect, it } from 'vitest'
import { paths } from './paths'

describe('paths', () => {
  it('builds title links by content type', () => {
    expect(paths.title('movie', 550)).toBe('/movie/550')
    expect(paths.title('tv', 1399)).toBe('/tv/1399')
  })

  it('encodes search terms', () => {
    expect(paths.searchResults('star wars & more')).toBe('/search-results?q=star%20wars%20%26%20more')
    expect(paths.search()).toBe('/search')
  })

  it('keeps the platform filter in the TV shows URL', () => {
    expect(paths.tvShows('netflix')).toBe('/tv-shows?service=netflix')
    expect(paths.tvShows()).toBe('/tv-shows')
  })
})

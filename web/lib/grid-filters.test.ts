import { describe, expect, it } from 'vitest'
import { activeFilterCount, discoverQuery, gridSearch, readGrid } from './grid-filters'

describe('grid state in the address', () => {
  it('reads what it writes, and writes only what differs from the defaults', () => {
    const search = '?genre=28&sort=newest&from=1990&to=1999&rating=7&runtime=medium&lang=fr&cert=PG-13&services=8,337&region=GB'
    const state = readGrid(new URLSearchParams(search))
    expect(state).toEqual({ sort: 'newest', genre: '28', from: 1990, to: 1999, rating: 7, runtime: 'medium', lang: 'fr', cert: 'PG-13', services: [8, 337], region: 'GB' })
    expect(gridSearch(state)).toBe(search.replace(',', '%2C'))
    expect(gridSearch(readGrid(new URLSearchParams('sort=popularity')))).toBe('')
    expect(activeFilterCount(state)).toBe(6)
  })

  it('leaves out what it cannot read instead of failing', () => {
    const state = readGrid(new URLSearchParams('sort=cheapest&from=19&to=abcd&rating=11&runtime=epic&lang=french&cert=X&services=netflix&region=GB&genre=action'))
    expect(state).toEqual({ sort: 'popularity' })
  })

  it("becomes discover's query in each media type's spelling", () => {
    const state = readGrid(new URLSearchParams('genre=18&sort=oldest&from=2000&to=2009&runtime=short&cert=R&rating=6'))
    expect(discoverQuery('movie', state, 2)).toEqual({
      page: '2',
      with_genres: '18',
      sort_by: 'primary_release_date.asc',
      'primary_release_date.gte': '2000-01-01',
      'primary_release_date.lte': '2009-12-31',
      'with_runtime.lte': '89',
      certification: 'R',
      'vote_average.gte': '6',
    })
    // Series have no certification filter, and their dates are first air dates.
    const tv = discoverQuery('tv', { ...state, sort: 'title', runtime: 'long', services: [8], region: 'US' }, 1)
    expect(tv).toMatchObject({ sort_by: 'name.asc', 'first_air_date.gte': '2000-01-01', 'with_runtime.gte': '121', with_watch_providers: '8', watch_region: 'US' })
    expect(tv).not.toHaveProperty('certification')
  })
})

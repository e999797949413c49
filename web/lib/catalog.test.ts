import { describe, expect, it } from 'vitest'
import type { ListItem, Paged } from '../../worker/catalog/types'
import { uniqueItems } from './catalog'

const item = (id: number, media_type: 'movie' | 'tv'): ListItem => ({
  id,
  media_type,
  overview: '',
  poster_path: null,
  backdrop_path: null,
  vote_average: 0,
  vote_count: 0,
  popularity: 0,
  original_language: 'en',
  genre_ids: [],
})
const page = (n: number, results: ListItem[]): Paged<ListItem> => ({ page: n, results, total_pages: 3, total_results: 60 })

describe('uniqueItems', () => {
  it('keeps page order and the first of each title, telling movies and shows with the same id apart', () => {
    const pages = [page(1, [item(1, 'movie'), item(2, 'movie')]), page(2, [item(2, 'movie'), item(1, 'tv'), item(3, 'movie')])]
    expect(uniqueItems(pages).map((i) => `${i.media_type}-${i.id}`)).toEqual(['movie-1', 'movie-2', 'tv-1', 'movie-3'])
  })

  it('reads no pages as no items', () => {
    expect(uniqueItems(undefined)).toEqual([])
  })
})

// The first data inlined by the worker: taken only for the address it was made for, put where
// the pages' query hooks look, and a page served without a session cookie asks nobody who is
// signed in. The worker's side is tested in worker/test/app-pages.test.ts.
import { QueryClient } from '@tanstack/react-query'
import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListItem, MovieDetails, PageComposition, Paged, SearchPage, Season } from '../../worker/catalog/types'
import type { BootData } from '../../worker/seo/boot'
import { bootedImageBase, readBootData, seedQueryCache } from './boot'
import { searchKeys } from '../features/search/api/search-keys'
import { catalogKeys } from './catalog'
import { gridSearch, readGrid } from './grid-filters'
import { sessionAtom } from './session'

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('')
  const script = doc.createElement('script')
  script.type = 'application/json'
  script.id = 'boot-data'
  script.textContent = json
  doc.head.appendChild(script)
  return doc
}

const composition: PageComposition = { hero: [], rows: [{ key: 'trending', title: 'Trending Now', items: [{ id: 1, media_type: 'movie', title: 'A', poster_path: null, vote_average: 7 }] }] }

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('readBootData', () => {
  const boot: BootData = { path: '/movies', imageBase: '/api/img', signedOut: true, page: { name: 'movies', service: 'all', data: composition } }

  it('takes the data made for this address', () => {
    expect(readBootData(documentWith(JSON.stringify(boot)), { pathname: '/movies', search: '' })).toEqual(boot)
  })

  it('refuses data made for another address, and anything unreadable', () => {
    expect(readBootData(documentWith(JSON.stringify(boot)), { pathname: '/', search: '' })).toBeNull()
    expect(readBootData(documentWith(JSON.stringify(boot)), { pathname: '/movies', search: '?page=2' })).toBeNull()
    expect(readBootData(documentWith('{not json'), { pathname: '/movies', search: '' })).toBeNull()
    expect(readBootData(document.implementation.createHTMLDocument(''), { pathname: '/movies', search: '' })).toBeNull()
  })
})

describe('seedQueryCache', () => {
  it('puts each answer under the key its page reads, and the image host where images look', () => {
    const client = new QueryClient()
    const movie = { id: 155, media_type: 'movie', title: 'The Dark Knight' } as MovieDetails
    const season = { season_number: 1, episodes: [] } as unknown as Season
    const player = { sources: [], trailerEmbeds: {}, downloadUrl: null, adUrl: null }
    seedQueryCache(client, { path: '/', imageBase: 'https://images.example/t/p', signedOut: false, page: { name: 'tv', service: 'netflix', data: composition } })
    seedQueryCache(client, { path: '/movie/155', imageBase: 'https://images.example/t/p', signedOut: false, title: { type: 'movie', data: movie }, season, player })
    expect(client.getQueryData(catalogKeys.page('tv', 'netflix'))).toEqual(composition)
    expect(client.getQueryData(catalogKeys.title('movie', 155))).toEqual(movie)
    expect(client.getQueryData(catalogKeys.season(155, 1))).toEqual(season)
    expect(client.getQueryData(catalogKeys.playerConfig())).toEqual(player)
    // The results grid's infinite query, its first page loaded.
    const results = { page: 1, total_pages: 2, total_results: 21, results: [{ id: 1, media_type: 'movie', title: 'A' }], people: [] } as unknown as SearchPage
    seedQueryCache(client, { path: '/search-results?q=a', imageBase: 'https://images.example/t/p', signedOut: true, search: { term: 'a', page: results } })
    expect(client.getQueryData(searchKeys.all('a'))).toEqual({ pages: [results], pageParams: [1] })
    // A browse-all grid's infinite query, under the grid's state as its address spells it.
    const grid = { page: 1, total_pages: 3, total_results: 50, results: [{ id: 2, media_type: 'tv', name: 'B' }] } as unknown as Paged<ListItem>
    const search = gridSearch(readGrid(new URLSearchParams('sort=newest&genre=18')))
    seedQueryCache(client, { path: '/tv-shows/all?sort=newest&genre=18', imageBase: 'https://images.example/t/p', signedOut: true, grid: { type: 'tv', search, page: grid } })
    expect(client.getQueryData(catalogKeys.list('grid', 'tv', '?genre=18&sort=newest'))).toEqual({ pages: [grid], pageParams: [1] })
    expect(bootedImageBase()).toBe('https://images.example/t/p')
  })

  it('a page served without a session cookie knows at once that nobody is signed in', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"user":null}', { headers: { 'Content-Type': 'application/json' } })))
    vi.stubGlobal('fetch', fetchMock)
    seedQueryCache(new QueryClient(), { path: '/', imageBase: '/api/img', signedOut: true })
    const store = createStore()
    expect(store.get(sessionAtom)).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

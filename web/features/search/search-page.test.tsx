import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Provider, createStore } from 'jotai'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListItem, Paged, SearchPage as SearchAnswer } from '../../../worker/catalog/types'
import { Component as SearchPage } from './search-page'

function item(id: number, title: string, type: 'movie' | 'tv' = 'movie'): ListItem {
  return {
    id,
    media_type: type,
    ...(type === 'movie' ? { title, release_date: '1999-03-31' } : { name: title, first_air_date: '2008-01-20' }),
    overview: '',
    poster_path: null,
    backdrop_path: null,
    vote_average: 7.25,
    vote_count: 100,
    popularity: 1,
    original_language: 'en',
    genre_ids: [],
  }
}

function paged(results: ListItem[], total = results.length): Paged<ListItem> {
  return { page: 1, results, total_pages: 1, total_results: total }
}

/** The network boundary: each search request waits until the test answers it. */
function controlledFetch() {
  const pending = new Map<string, (body: Paged<ListItem> | 'fail') => void>()
  const calls: string[] = []
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname !== '/api/catalog/search') return Promise.resolve(new Response('{}', { status: 404 }))
    const term = url.searchParams.get('query') ?? ''
    calls.push(term)
    return new Promise<Response>((resolve) => {
      pending.set(term, (body) =>
        resolve(body === 'fail' ? new Response('{"error":"boom"}', { status: 500 }) : new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
      )
    })
  })
  return { fetchMock, calls, answer: (term: string, body: Paged<ListItem> | 'fail') => pending.get(term)?.(body) }
}

let lastLocation = ''
function LocationProbe() {
  const location = useLocation()
  lastLocation = location.pathname + location.search
  return null
}

function renderSearch(initial = '/search') {
  const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })
  return render(
    <QueryClientProvider client={client}>
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={[initial]}>
          <Routes>
            <Route path="/search" element={<SearchPage />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  )
}

const input = () => screen.getByPlaceholderText('Search for movies and TV shows...') as HTMLInputElement

describe('quick search', () => {
  let net: ReturnType<typeof controlledFetch>
  beforeEach(() => {
    localStorage.clear()
    net = controlledFetch()
    vi.stubGlobal('fetch', net.fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('is focused, says Start Searching, and searches once 300 ms after typing stops', async () => {
    renderSearch()
    expect(document.activeElement).toBe(input())
    expect(screen.getByText('Start Searching')).toBeTruthy()
    fireEvent.change(input(), { target: { value: 'a' } })
    fireEvent.change(input(), { target: { value: 'al' } })
    fireEvent.change(input(), { target: { value: 'ali' } })
    expect(lastLocation).toBe('/search?q=ali')
    await waitFor(() => expect(net.calls).toEqual(['ali']), { timeout: 1000 })
    expect(screen.getByText('Searching...')).toBeTruthy()
    act(() => net.answer('ali', paged([item(1, 'Alien'), item(2, 'Alias', 'tv')])))
    await screen.findByText('Top Results')
    expect(screen.getByText('Alien')).toBeTruthy()
    expect(screen.getByText('TV Show')).toBeTruthy()
    expect(screen.getAllByText('7.3')).toHaveLength(2)
    expect(screen.queryByText(/See All/)).toBeNull()
  })

  it('does not search a single character', async () => {
    renderSearch()
    fireEvent.change(input(), { target: { value: 'x' } })
    await new Promise((r) => setTimeout(r, 450))
    expect(net.calls).toEqual([])
  })

  it('never lets a late answer for an older term replace the current results', async () => {
    renderSearch()
    fireEvent.change(input(), { target: { value: 'star' } })
    await waitFor(() => expect(net.calls).toContain('star'), { timeout: 1000 })
    fireEvent.change(input(), { target: { value: 'star trek' } })
    await waitFor(() => expect(net.calls).toContain('star trek'), { timeout: 1000 })
    act(() => net.answer('star trek', paged([item(10, 'Star Trek')])))
    await screen.findByText('Star Trek')
    act(() => net.answer('star', paged([item(11, 'Star Wars'), item(12, 'A Star Is Born')])))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.getByText('Star Trek')).toBeTruthy()
    expect(screen.queryByText('Star Wars')).toBeNull()
  })

  it('shows at most 10 Top Results and See All N Results beyond that', async () => {
    renderSearch('/search?q=the')
    expect(input().value).toBe('the')
    await waitFor(() => expect(net.calls).toEqual(['the']), { timeout: 1000 })
    act(() => net.answer('the', paged(Array.from({ length: 20 }, (_, i) => item(100 + i, `The Film ${i}`)), 37)))
    const link = await screen.findByRole('link', { name: 'See All 37 Results' })
    expect(link.getAttribute('href')).toBe('/search-results?q=the')
    expect(screen.getAllByRole('listitem')).toHaveLength(10)
  })

  it('says No results found with the hint, and keeps committed terms as Recent Searches', async () => {
    renderSearch()
    fireEvent.change(input(), { target: { value: 'zzzz' } })
    fireEvent.submit(input().form as HTMLFormElement)
    await waitFor(() => expect(net.calls).toEqual(['zzzz']), { timeout: 1000 })
    act(() => net.answer('zzzz', paged([])))
    await screen.findByText('No results found')
    expect(screen.getByText(/Try searching for something else/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(screen.getByText('Recent Searches')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'zzzz' }))
    expect(input().value).toBe('zzzz')
    expect(lastLocation).toBe('/search?q=zzzz')
  })

  it('shows the people a term names before any title, their department and titles as links, and a term naming only people is not "no results"', async () => {
    renderSearch('/search?q=nolan')
    await waitFor(() => expect(net.calls).toEqual(['nolan']), { timeout: 1000 })
    const nolan = { id: 525, name: 'Christopher Nolan', profile_path: null, known_for_department: 'Directing', known_for: [{ id: 155, media_type: 'movie' as const, title: 'The Dark Knight' }, { id: 60, media_type: 'tv' as const, title: 'A Series' }] }
    const stranger = { id: 9, name: 'Ödön Ray', profile_path: null, known_for_department: 'Lighting', known_for: [] }
    const answer: SearchAnswer = { ...paged([]), people: [nolan, stranger] }
    act(() => net.answer('nolan', answer))
    const people = await screen.findByRole('region', { name: 'People' })
    expect(screen.queryByText('No results found')).toBeNull()
    expect(screen.queryByText('Top Results')).toBeNull()
    expect(people.textContent).toContain('Directing')
    expect(screen.getByText('C')).toBeTruthy()
    expect(screen.getByText('Ö')).toBeTruthy()
    // a department the catalogs do not name is left out rather than shown in English
    expect(people.textContent).not.toContain('Lighting')
    const links = screen.getByRole('list', { name: 'Known for' }).querySelectorAll('a')
    expect([...links].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['The Dark Knight', '/movie/155'],
      ['A Series', '/tv/60'],
    ])
  })

  it('shows the error text after 2 retries 1 s apart', async () => {
    renderSearch()
    fireEvent.change(input(), { target: { value: 'oops' } })
    await waitFor(() => expect(net.calls).toEqual(['oops']), { timeout: 1000 })
    act(() => net.answer('oops', 'fail'))
    await waitFor(() => expect(net.calls).toHaveLength(2), { timeout: 1500 })
    act(() => net.answer('oops', 'fail'))
    await waitFor(() => expect(net.calls).toHaveLength(3), { timeout: 1500 })
    expect(screen.queryByText('An error occurred while searching. Please try again.')).toBeNull()
    act(() => net.answer('oops', 'fail'))
    await screen.findByText('An error occurred while searching. Please try again.')
  }, 8000)
})

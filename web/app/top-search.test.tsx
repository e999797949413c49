import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Provider, createStore } from 'jotai'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListItem, PersonResult, SearchPage } from '../../worker/catalog/types'
import { paintThenHydrate } from '../test-painted'
import { TopSearch } from './layout'

function film(id: number, title: string): ListItem {
  return { id, media_type: 'movie', title, release_date: '1994-09-23', overview: '', poster_path: null, backdrop_path: null, vote_average: 8.7, vote_count: 100, popularity: 1, original_language: 'en', genre_ids: [] }
}
const person: PersonResult = { id: 7, name: 'Shawn Levy', profile_path: null, known_for_department: 'Directing', known_for: [] }
const answer: SearchPage = { page: 1, results: [film(278, 'The Shawshank Redemption'), film(11, 'Shaw Brothers')], total_pages: 1, total_results: 2, people: [person] }

let asked: string[] = []
let aborted: string[] = []

beforeEach(() => {
  // jsdom lays nothing out: the list's scrolling to its active option is a no-op here.
  Element.prototype.scrollIntoView = () => {}
  asked = []
  aborted = []
  // The network boundary: searches answer after a moment, and say when they were given up.
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname !== '/api/catalog/search') return Promise.resolve(new Response('{}', { status: 404 }))
      const term = url.searchParams.get('query') ?? ''
      asked.push(term)
      init?.signal?.addEventListener('abort', () => aborted.push(term))
      return new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        setTimeout(() => resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } })), term === 'shawsh' ? 5000 : 50)
      })
    }),
  )
})

afterEach(() => vi.unstubAllGlobals())

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{pathname + search}</p>
}

/** The top bar on /movies, in the language whose addresses start with `basename`. */
function topBar(basename = '') {
  return (
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[`${basename}/movies`]} basename={basename || undefined}>
          <TopSearch />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>
  )
}

function renderBox() {
  render(topBar())
  return screen.getByRole('combobox', { name: 'Search movies and TV shows' })
}

describe('the top bar search box', () => {
  it('suggests titles, people and "Search for" once typing stops, with the ARIA combobox state', async () => {
    const box = renderBox()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'shaw' } })
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4))
    // A person without a picture has their initial in its place (hidden from screen readers).
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['The Shawshank Redemption1994 · Movie', 'Shaw Brothers1994 · Movie', 'SShawn LevyDirecting', 'Search for “shaw”'])
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(box.getAttribute('aria-controls')).toBe(list.id)
    expect(box.hasAttribute('aria-activedescendant')).toBe(false)
  })

  it('Arrow Down and Up move the active option round the list, and Enter opens it', async () => {
    const box = renderBox()
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'shaw' } })
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4))
    const options = () => screen.getAllByRole('option')
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id)
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[3]!.id)
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2]!.id)
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(screen.getByTestId('where').textContent).toBe('/person/7')
    expect((box as HTMLInputElement).value).toBe('')
  })

  it('an answer landing after an arrow press keeps the same option active', async () => {
    const box = renderBox()
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'shaw' } })
    // Before the answer, "Search for" is the only option: Down makes it the active one…
    expect(screen.getAllByRole('option')).toHaveLength(1)
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    const searchFor = () => screen.getByRole('option', { name: 'Search for “shaw”' })
    expect(box.getAttribute('aria-activedescendant')).toBe(searchFor().id)
    // …and it stays so when the titles and people arrive above it.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4))
    expect(box.getAttribute('aria-activedescendant')).toBe(searchFor().id)
    expect(searchFor().getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id)
  })

  it('Escape closes the list and keeps the text; Enter with no option active searches the text', async () => {
    const box = renderBox()
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'shaw' } })
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4))
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect((box as HTMLInputElement).value).toBe('shaw')
    fireEvent.keyDown(box, { key: 'Enter' })
    fireEvent.submit(box.closest('form')!)
    expect(screen.getByTestId('where').textContent).toBe('/search?q=shaw')
  })

  it('a click on a title opens it', async () => {
    const box = renderBox()
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'shaw' } })
    const option = await screen.findByRole('option', { name: /The Shawshank Redemption/ })
    fireEvent.mouseDown(option)
    fireEvent.click(option)
    expect(screen.getByTestId('where').textContent).toBe('/movie/278')
  })

  it('asks once for the term typing stopped at, and gives up the request of a term left behind', async () => {
    const box = renderBox()
    fireEvent.focus(box)
    for (const term of ['s', 'sh', 'sha', 'shaw']) fireEvent.change(box, { target: { value: term } })
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4))
    expect(asked).toEqual(['shaw'])
    // A term whose answer has not come when the next is wanted is given up.
    fireEvent.change(box, { target: { value: 'shawsh' } })
    await waitFor(() => expect(asked).toContain('shawsh'))
    fireEvent.change(box, { target: { value: 'shawshank' } })
    await waitFor(() => expect(asked).toContain('shawshank'))
    expect(aborted).toContain('shawsh')
  })
})

describe('the top bar search on a page painted from the HTML', () => {
  it('is a form of its own before React listens: Enter sends q to the results page in the page\'s language', () => {
    render(topBar('/de'))
    const form = screen.getByRole('search')
    expect(form.getAttribute('action')).toBe('/de/search-results')
    expect(form.getAttribute('method') ?? 'get').toBe('get')
    expect(screen.getByRole('combobox').getAttribute('name')).toBe('q')
  })

  it('keeps what was typed before React took the page over, with the caret, and suggests for it', async () => {
    const painted = await paintThenHydrate(topBar(), (html) => {
      const box = html.querySelector('input')!
      box.focus()
      box.value = 'shaw'
      box.setSelectionRange(2, 2)
    })
    const box = within(painted).getByRole<HTMLInputElement>('combobox', { name: 'Search movies and TV shows' })
    await waitFor(() => expect(within(painted).getAllByRole('option')).toHaveLength(4))
    expect(asked).toEqual(['shaw'])
    expect(box.value).toBe('shaw')
    expect([box.selectionStart, box.selectionEnd]).toEqual([2, 2])
    // Typing carries on from there, and Enter searches the whole text.
    fireEvent.change(box, { target: { value: 'shawshank' } })
    fireEvent.submit(box.closest('form')!)
    expect(within(painted).getByTestId('where').textContent).toBe('/search?q=shawshank')
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../test-api'
import { Component as ImportPage } from './import-page'

const letterboxdRatings = 'Date,Name,Year,Letterboxd URI,Rating\n2024-03-01,The Dark Knight,2008,https://boxd.it/a,4.5\n2024-03-02,Heat,1995,https://boxd.it/b,3\n2024-03-03,Qwxz Unfilmed,1990,https://boxd.it/c,2.5\n'
const imdbRatings = 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\ntt0903747,7,2023-05-01,Breaking Bad,Breaking Bad,u,tvSeries,9.5,49,2008,Drama,2,2008-01-20,\n'

const candidate = (id: number, media_type: 'movie' | 'tv', title: string, year: number) => ({ id, media_type, title, year, poster_path: `/poster/${media_type}/${id}.svg` })

afterEach(() => vi.unstubAllGlobals())

describe('the import page’s review', () => {
  it('shows each match with its poster and rating, settles a title not found by a search, leaves out an unticked one, and sends the ratings', async () => {
    const calls = stubApi((url, _request, body) => {
      if (url.pathname === '/api/auth/me') return Response.json({ id: 1, email: 'me@example.com', type: 'user', user: { username: 'me' } })
      if (url.pathname === '/api/config') return Response.json({ imageBase: '/api/img' })
      if (url.pathname === '/api/me/import/match') {
        const items = (body as { items: { title: string }[] }).items
        const answers: Record<string, unknown> = {
          'The Dark Knight': { status: 'matched', match: candidate(155, 'movie', 'The Dark Knight', 2008) },
          Heat: { status: 'matched', match: candidate(949, 'movie', 'Heat', 1995) },
          'Breaking Bad': { status: 'matched', match: candidate(1396, 'tv', 'Breaking Bad', 2008) },
        }
        return Response.json({ results: items.map((i) => answers[i.title] ?? { status: 'missing' }) })
      }
      if (url.pathname === '/api/catalog/search') return Response.json({ page: 1, total_pages: 1, total_results: 1, results: [{ id: 4242, media_type: 'movie', title: 'Unfilmed', release_date: '1990-02-02', poster_path: null }] })
      if (url.pathname === '/api/me/import/apply') {
        const sent = body as { watchlist: unknown[]; watched: unknown[]; ratings: unknown[] }
        return Response.json({ watchlist: { added: 0, existing: 0 }, watched: { added: sent.watched.length, existing: 0 }, ratings: { added: sent.ratings.length, existing: 0 }, lists: { added: 0, existing: 0, created: 0, skipped: 0 } })
      }
      return Response.json({ error: 'Not found' }, { status: 404 })
    })
    render(
      <Provider store={createStore()}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/import']}>
            <ImportPage />
          </MemoryRouter>
        </QueryClientProvider>
      </Provider>,
    )
    const input = await screen.findByLabelText('Files to import')
    fireEvent.change(input, { target: { files: [new File([letterboxdRatings], 'ratings.csv'), new File([imdbRatings], 'imdb-ratings.csv')] } })
    await screen.findByText('ratings.csv (Letterboxd): 3 titles for your history (3 with your ratings)')
    fireEvent.click(screen.getByRole('button', { name: 'Match 4 Titles' }))
    await screen.findByText('3 matched, 0 to pick, 1 not found.')

    // what matched, with posters and the files' ratings in stars
    const review = screen.getByRole('list', { name: 'Titles to import' })
    const items = within(review).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'The Dark Knight (2008), filmHistory4.5Your rating 4.5',
      'Heat (1995), filmHistory3Your rating 3',
      'Breaking Bad (2008), seriesHistory3.5Your rating 3.5',
    ])
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toContain('/poster/movie/155.svg')

    // the one not found: searched by another name and picked
    fireEvent.click(screen.getByText('Not found (1)'))
    const search = screen.getByRole('searchbox', { name: 'Search the catalogue for Qwxz Unfilmed (1990)' })
    fireEvent.change(search, { target: { value: 'Unfilmed' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    fireEvent.click(await screen.findByRole('radio', { name: 'Unfilmed (1990), film' }))
    await screen.findByText('What will be imported: 4 of 4')

    // Heat left out
    fireEvent.click(within(review).getByRole('checkbox', { name: /Heat/ }))
    await screen.findByText('What will be imported: 3 of 4')
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    await screen.findByText(/3 ratings were saved\./)

    const apply = calls.filter((c) => c.path === '/api/me/import/apply')
    expect(apply).toHaveLength(1)
    const sent = apply[0]!.body as { watched: { content_id: number }[]; ratings: { content_type: string; content_id: number; rating: number; rated_at: string | null; title: string }[] }
    expect(sent.watched.map((w) => w.content_id).sort((a, b) => a - b)).toEqual([155, 1396, 4242])
    expect(sent.ratings.map((r) => [r.content_type, r.content_id, r.rating, r.rated_at]).sort()).toEqual([
      ['movie', 155, 9, '2024-03-01T12:00:00.000Z'],
      ['movie', 4242, 5, '2024-03-03T12:00:00.000Z'],
      ['tv', 1396, 7, '2023-05-01T12:00:00.000Z'],
    ])
    expect(calls.find((c) => c.path.startsWith('/api/catalog/search'))?.path).toBe('/api/catalog/search?query=Unfilmed&page=1')
  })
})

// The home page's Continue watching row (continue-watching-row.tsx) with the query the home page
// reads it from (web/lib/continue-watching.ts): a card taken off the row stays off when a fetch of
// the row that was already on its way is answered after the removal, with the card still in it.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { continueKey, useContinueWatching, type ContinueEntry } from '../../lib/continue-watching'
import { ContinueWatchingRow } from './continue-watching-row'
import { stubApi } from '../../test-api'

function entry(content_id: number, title: string): ContinueEntry {
  return {
    id: content_id,
    content_id,
    content_type: 'movie',
    title,
    poster_path: null,
    watch_duration: 600,
    position: 600,
    total_duration: 6000,
    season_number: null,
    episode_number: null,
    completed: false,
    watched_at: '2026-11-01T20:00:00.000Z',
    owner_type: 'user',
    owner_id: 1,
    status: 'In Progress',
  }
}

const both = [entry(155, 'The Dark Knight'), entry(550, 'Fight Club')]

function Home() {
  const { data } = useContinueWatching({})
  return data && data.length > 0 ? <ContinueWatchingRow entries={data} id="continue" /> : null
}

afterEach(() => vi.unstubAllGlobals())

describe('Continue watching, a card removed', () => {
  it('stays off the row when a fetch of the row sent before the removal is answered after it', async () => {
    const fetches: ((value: Response) => void)[] = []
    // the list's fetch is answered only when the test says so; the removal at once
    const seen = stubApi((url, request) => {
      if (request.method === 'DELETE') return Response.json({ hidden: true })
      if (url.pathname === '/api/me/continue-watching') return new Promise<Response>((resolve) => fetches.push(resolve))
      return Response.json({ error: 'Not found' }, { status: 404 })
    })
    const deleted = () => seen.filter((call) => call.method === 'DELETE').map((call) => call.path)
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // the page's first data, as a painted page seeds it; stale at once, so the row is fetched again
    client.setQueryData(continueKey, both)
    render(
      <Provider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <Home />
          </MemoryRouter>
        </QueryClientProvider>
      </Provider>,
    )
    await waitFor(() => expect(fetches).toHaveLength(1))
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Fight Club from Continue watching' }))
    await waitFor(() => expect(deleted()).toEqual(['/api/me/continue-watching/movie/550']))
    await waitFor(() => expect(screen.queryByText('Fight Club')).toBeNull())
    expect(screen.getByText('The Dark Knight')).toBeTruthy()

    // the fetch sent before the removal comes back with the card still in it
    fetches[0]!(Response.json({ results: both }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Fight Club')).toBeNull()
    expect(client.getQueryData<ContinueEntry[]>(continueKey)?.map((e) => e.title)).toEqual(['The Dark Knight'])
  })
})

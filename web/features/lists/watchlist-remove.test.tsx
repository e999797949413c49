// The watchlist page's removal (useRemoveFromWatchlist in api.ts) with the list's own query: a
// title removed stays out of the list when a fetch of the list that was already on its way is
// answered after the removal, with the title still in it.
import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WatchlistEntry } from '../../../drizzle/schema'
import { watchlistKeys } from '../../components/watchlist-button'
import { useRemoveFromWatchlist, useWatchlistEntries } from './api'
import { stubApi } from '../../test-api'

function entry(content_id: number, title: string): WatchlistEntry {
  return { id: content_id, owner_type: 'user', owner_id: 1, content_id, content_type: 'movie', title, poster_path: null, added_at: '2026-11-01T20:00:00.000Z' }
}

const both = [entry(155, 'The Dark Knight'), entry(550, 'Fight Club')]

afterEach(() => vi.unstubAllGlobals())

describe('the watchlist, a title removed', () => {
  it('stays out when a fetch of the list sent before the removal is answered after it', async () => {
    const fetches: ((value: Response) => void)[] = []
    // the list's fetch is answered only when the test says so; the removal at once
    const seen = stubApi((url, request) => {
      if (request.method === 'DELETE') return Response.json({ removed: true })
      if (url.pathname === '/api/me/watchlist') return new Promise<Response>((resolve) => fetches.push(resolve))
      return Response.json({ error: 'Not found' }, { status: 404 })
    })
    const deleted = () => seen.filter((call) => call.method === 'DELETE').map((call) => call.path)
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // the page's first data, as a painted page seeds it; stale at once, so the list is fetched again
    client.setQueryData(watchlistKeys.list(), both)
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    const { result } = renderHook(() => ({ list: useWatchlistEntries(true), remove: useRemoveFromWatchlist() }), { wrapper })
    await waitFor(() => expect(fetches).toHaveLength(1))

    await act(() => result.current.remove.mutateAsync({ content_type: 'movie', content_id: 550 }))
    expect(deleted()).toEqual(['/api/me/watchlist/movie/550'])
    expect(result.current.list.data?.map((e) => e.title)).toEqual(['The Dark Knight'])

    // the fetch sent before the removal comes back with the title still in it
    await act(async () => {
      fetches[0]!(Response.json({ results: both }))
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(result.current.list.data?.map((e) => e.title)).toEqual(['The Dark Knight'])
  })
})

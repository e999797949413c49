import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recentHistoryKey, recommendationsKey } from '../../../lib/account-keys'
import { myRatingsKey } from '../../../lib/my-ratings'
import { stubApi } from '../../../test-api'
import { useRecommendations } from './use-recommendations'

afterEach(() => vi.unstubAllGlobals())

function setUp() {
  const seen = stubApi(() => new Response(JSON.stringify({ rows: [] }), { headers: { 'Content-Type': 'application/json' } }))
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  const hook = renderHook(() => useRecommendations(), { wrapper })
  const asked = () => seen.filter((call) => call.path.startsWith('/api/me/recommendations')).length
  return { client, hook, asked }
}

describe('the viewer’s recommendation rows', () => {
  it('are asked again when the ratings or the history go stale, and not for other keys', async () => {
    const { client, hook, asked } = setUp()
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true))
    expect(asked()).toBe(1)

    await client.invalidateQueries({ queryKey: ['catalog', 'movie', 603] })
    expect(client.getQueryState(recommendationsKey)?.isInvalidated).toBe(false)

    // as the page's cards and stars hold them
    client.setQueryData(myRatingsKey, {})
    await client.invalidateQueries({ queryKey: myRatingsKey })
    await waitFor(() => expect(asked()).toBe(2))

    client.setQueryData(recentHistoryKey, [])
    await client.invalidateQueries({ queryKey: recentHistoryKey })
    await waitFor(() => expect(asked()).toBe(3))
  })
})

// A page painted for an account whose cards show the viewer's own ratings asks for them before it
// is taken over, so every card's "Your rating" joins a question already under way; a page without
// them asks nothing. The ratings answer arrives in the cache as the cards read it.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BootData } from '../../worker/seo/boot'
import { stubApi } from '../test-api'
import { askAheadOfHydration } from './boot-account'
import { myRatingsKey } from './my-ratings'

afterEach(() => {
  vi.unstubAllGlobals()
})

const painted: BootData = { path: '/', imageBase: '/api/img', signedOut: false, personal: { services: null } }

function ratingsApi() {
  return stubApi((url) =>
    url.pathname === '/api/me/ratings'
      ? Response.json({ results: [{ content_type: 'movie', content_id: 155, rating: 9 }] })
      : Response.json({ error: 'Not found' }, { status: 404 }),
  )
}

describe('askAheadOfHydration', () => {
  it("asks for the viewer's ratings when the page's cards show them, before anything renders", async () => {
    const seen = ratingsApi()
    const client = new QueryClient()
    askAheadOfHydration(client, { ...painted, parts: ['personalized-panel', 'your-rating'] })
    expect(client.getQueryState(myRatingsKey)?.fetchStatus).toBe('fetching')
    await vi.waitFor(() => expect(client.getQueryData(myRatingsKey)).toEqual({ 'movie:155': 9 }))
    expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/me/ratings'])
  })

  it('asks nothing on a page whose cards do not show them', async () => {
    const seen = ratingsApi()
    const client = new QueryClient()
    askAheadOfHydration(client, { ...painted, parts: ['personalized-panel', 'my-services-bar'] })
    askAheadOfHydration(client, painted)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(client.getQueryState(myRatingsKey)).toBeUndefined()
    expect(seen).toEqual([])
  })
})

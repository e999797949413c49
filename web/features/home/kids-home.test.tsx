// A kids profile's home: the /kids page's hero and rows (the server answers the home request with
// them), under the kids page's labels, and none of the grown-up home's panels.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadParts } from '../../lib/lazy-part'
import { stubApi } from '../../test-api'
import { Component as HomePage } from './home-page'

// The signed-in parts' code is here before the page draws, as on a page the worker painted.
beforeAll(() => loadParts(['continue-watching-row', 'personalized-panel', 'recommendations', 'my-services-bar']))

afterEach(() => vi.unstubAllGlobals())

function renderHome(kids: boolean) {
  const calls = stubApi((url) => {
    if (url.pathname === '/api/auth/me') {
      const viewer = kids ? { id: 3, name: 'Mia', avatar: 'owl', ceiling: 'kids', kids: true } : { id: 1, name: 'Ann', avatar: 'fox', ceiling: 'all', kids: false }
      return Response.json({ id: 7, email: 'ann@example.com', type: 'user', user: { username: 'ann' }, viewer, profiles: 2, choose_profile: false })
    }
    if (url.pathname === '/api/catalog/pages/home') return Response.json({ hero: [], rows: [] })
    return Response.json({ error: 'Not found' }, { status: 404 })
  })
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
  return calls
}

describe('the home page of a kids profile', () => {
  it('is the kids rows, without the grown-up home’s panels', async () => {
    const calls = renderHome(true)
    expect(await screen.findByRole('heading', { level: 1, name: 'Kids' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Quick Browse' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Personalized for You' })).toBeNull()
    expect(calls.some((c) => c.path.startsWith('/api/catalog/pages/home'))).toBe(true)
  })

  it('is the usual home for a grown-up’s profile', async () => {
    const calls = renderHome(false)
    // Once the account is known (its services are asked for), the page stays the grown-up one.
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/me/services')).toBe(true))
    expect(screen.getByRole('heading', { name: 'Quick Browse' })).toBeTruthy()
    expect(screen.queryByRole('heading', { level: 1, name: 'Kids' })).toBeNull()
  })
})

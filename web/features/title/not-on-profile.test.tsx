// A title above the profile's maturity ceiling: the catalogue answers 403 (not_on_profile) and the
// title pages say so in the answer's words, with the way home, rather than a failure with Retry.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../test-api'
import { Component as MoviePage } from './movie-page'
import { Component as TvPage } from './tv-page'

afterEach(() => vi.unstubAllGlobals())

function renderTitle(at: string) {
  stubApi((url) => {
    if (/^\/api\/catalog\/(movie|tv)\/\d+$/.test(url.pathname)) return Response.json({ error: 'This title is not available on this profile.', not_on_profile: true }, { status: 403 })
    if (url.pathname === '/api/auth/me') return Response.json({ user: null })
    return Response.json({ error: 'Not found' }, { status: 404 })
  })
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/movie/:id" element={<MoviePage />} />
            <Route path="/tv/:id" element={<TvPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
}

describe('a title above the profile’s ceiling', () => {
  for (const at of ['/movie/680', '/tv/1399']) {
    it(`says so on ${at}, with a link home`, async () => {
      renderTitle(at)
      const heading = await screen.findByRole('heading', { level: 1, name: 'This title is not available on this profile.' })
      expect(heading.closest('[role="alert"]')).not.toBeNull()
      expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/')
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    })
  }
})

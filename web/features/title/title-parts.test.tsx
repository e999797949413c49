import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type TitleFacts, TitleHeader, TitleSummary } from './title-parts'

const facts: TitleFacts = {
  type: 'movie',
  id: 2000001,
  title: 'City of God',
  originalTitle: 'Cidade de Deus',
  originalLanguage: 'pt',
  year: '2003',
  runtime: '2h 10m',
  rating: 8.7,
  backdropPath: null,
  posterPath: null,
}

describe('TitleHeader', () => {
  it('shows the original title, in its language, under a title that differs from it', () => {
    render(<TitleHeader facts={facts} />)
    const heading = screen.getByRole('heading', { level: 1, name: 'City of God' })
    const original = heading.nextElementSibling as HTMLElement
    expect(original.textContent).toBe('Cidade de Deus')
    expect(original.lang).toBe('pt')
  })

  it('shows no second line when the original title is the title', () => {
    render(<TitleHeader facts={{ ...facts, title: 'Fight Club', originalTitle: 'Fight Club', originalLanguage: 'en' }} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Fight Club' }).nextElementSibling?.textContent).not.toBe('Fight Club')
  })

  it('shows the rating only when the title has one', () => {
    const { unmount } = render(<TitleHeader facts={facts} />)
    expect(screen.getByText('8.7')).toBeTruthy()
    unmount()
    render(<TitleHeader facts={{ ...facts, rating: 0 }} />)
    expect(screen.queryByText('Rating')).toBeNull()
    expect(screen.queryByText('0.0')).toBeNull()
  })
})

describe('TitleSummary', () => {
  beforeEach(() => {
    // Signed out: the watchlist button asks who is there.
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ user: null }), { status: 200, headers: { 'Content-Type': 'application/json' } }))))
  })
  afterEach(() => vi.unstubAllGlobals())

  const wrap = (node: ReactNode) =>
    render(
      <Provider store={createStore()}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>{node}</MemoryRouter>
        </QueryClientProvider>
      </Provider>,
    )

  it('marks an overview in another language than the page (TMDB’s English one) with its language', () => {
    wrap(<TitleSummary facts={facts} overview="A boy grows up in Rio." overviewLanguage="en" genres={[]} />)
    expect(screen.getByText('A boy grows up in Rio.').getAttribute('lang')).toBe('en')
  })

  it('leaves the page’s language on an overview in it, and on the words saying there is none', () => {
    const { unmount } = wrap(<TitleSummary facts={facts} overview="Un garçon grandit à Rio." genres={[]} />)
    expect(screen.getByText('Un garçon grandit à Rio.').hasAttribute('lang')).toBe(false)
    unmount()
    wrap(<TitleSummary facts={facts} overview="" overviewLanguage="en" genres={[]} />)
    expect(screen.getByText('No description available.').hasAttribute('lang')).toBe(false)
  })
})

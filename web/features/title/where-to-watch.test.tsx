import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WatchOptions } from '../../../worker/catalog/types'
import { loadParts } from '../../lib/lazy-part'
import { WhereToWatch } from './where-to-watch-slot'

// The worker stands in at the network boundary: TMDB-shaped answers per region.
const answers: Record<string, WatchOptions> = {
  GB: {
    region: 'GB',
    source: 'tmdb',
    link: 'https://www.themoviedb.org/movie/1/watch?locale=GB',
    stream: [
      { provider_id: 8, name: 'Netflix', logo_path: '/netflix.jpg', service: 8 },
      { provider_id: 387, name: 'Peacock Premium', logo_path: '/peacock-premium.jpg', service: 386 },
    ],
    free: [],
    ads: [],
    rent: [{ provider_id: 2, name: 'Apple TV', logo_path: null, service: null }],
    buy: [],
    networks: [],
  },
  JP: { region: 'JP', source: 'tmdb', link: null, stream: [], free: [], ads: [], rent: [], buy: [], networks: [] },
}
let asked: string[] = []

beforeEach(() => {
  asked = []
  localStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
      let body: unknown = { imageBase: 'https://images.example/t/p', imageSizes: { poster: ['w342', 'original'], backdrop: ['w1280', 'original'], profile: ['w185', 'original'], still: ['w300', 'original'], logo: ['w45', 'w92', 'original'] } }
      if (url.pathname === '/api/auth/me') body = { user: null }
      if (url.pathname.endsWith('/watch')) {
        asked.push(url.search)
        body = answers[url.searchParams.get('region') ?? 'GB']
      }
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }))
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

// The section's content has code of its own, fetched as the section nears the screen: here
// before the tests, as the browser fetches it before taking over a page painted with it.
beforeAll(() => loadParts(['where-to-watch']))

function renderIt() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <Provider store={createStore()}>
      <QueryClientProvider client={client}>
        <WhereToWatch type="movie" id={1} />
      </QueryClientProvider>
    </Provider>,
  )
}

describe('WhereToWatch', () => {
  it('shows the visitor’s region by kind of offer, linking out, with JustWatch credited', async () => {
    renderIt()
    const section = await screen.findByRole('region', { name: 'Where to Watch' })
    const netflix = await within(section).findByRole('link', { name: 'Netflix (opens in a new tab)' })
    expect(netflix.getAttribute('href')).toBe(answers.GB!.link)
    expect(netflix.getAttribute('rel')).toContain('noopener')
    expect(within(section).getByRole('heading', { name: 'Stream' })).toBeTruthy()
    expect(within(section).getByRole('heading', { name: 'Rent' })).toBeTruthy()
    expect(within(section).queryByRole('heading', { name: 'Buy' })).toBeNull()
    expect(within(section).getByRole('link', { name: 'JustWatch' }).getAttribute('href')).toBe('https://www.justwatch.com')
    expect(asked).toEqual([''])
  })

  it('asks again for the region picked, keeps the choice, and says so when nothing is offered there', async () => {
    renderIt()
    const menu = await screen.findByRole('combobox', { name: 'Region' })
    await waitFor(() => expect(menu).toHaveProperty('value', 'GB'))
    fireEvent.change(menu, { target: { value: 'JP' } })
    await screen.findByText('Not available to stream, rent or buy in Japan as far as we know.')
    expect(asked).toContain('?region=JP')
    expect(localStorage.getItem('watch-region')).toBe('JP')
  })

  it('shows each provider’s logo from the image host at a listed size, and marks the visitor’s services by service, whatever the plan', async () => {
    localStorage.setItem('my-services', JSON.stringify({ services: [386], region: 'GB' }))
    renderIt()
    const section = await screen.findByRole('region', { name: 'Where to Watch' })
    const peacock = await within(section).findByRole('link', { name: 'Peacock Premium (opens in a new tab)' })
    // The mark follows once the visitor's services are known.
    await waitFor(() => expect(peacock.textContent).toContain('On your services'))
    // 32 px: the nearest listed logo size at or above it, and the larger ones for sharper screens.
    expect(peacock.querySelector('img')?.getAttribute('src')).toBe('https://images.example/t/p/w45/peacock-premium.jpg')
    expect(peacock.querySelector('img')?.getAttribute('srcset')).toContain('https://images.example/t/p/w92/peacock-premium.jpg 92w')
    const netflix = within(section).getByRole('link', { name: 'Netflix (opens in a new tab)' })
    expect(netflix.textContent).not.toContain('On your services')
    // Apple TV has no logo: its initial stands in.
    expect(within(section).getByRole('link', { name: 'Apple TV (opens in a new tab)' }).querySelector('img')).toBeNull()
  })
})

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Episode, Season } from '../../../worker/catalog/types'
import { Toaster } from '../../components/toast'
import { catalogKeys } from '../../lib/catalog'
import { stubApi } from '../../test-api'
import { EpisodeList } from './episode-list'

const SHOW = 1396

const episode = (number: number): Episode => ({
  id: 1000 + number,
  season_number: 1,
  episode_number: number,
  name: number === 5 ? 'Gray Matter' : `Name ${number}`,
  overview: number === 5 ? 'Walt turns down an offer.' : `Overview ${number}`,
  air_date: null,
  still_path: `/still/${number}.jpg`,
  runtime: 47,
})
/** As the server answers a spoiler-safe viewer who watched episodes 1 to 4. */
const hidden = (e: Episode): Episode => ({ ...e, name: `Episode ${e.episode_number}`, overview: '', still_path: '/season/1.jpg', hidden: true })
const full: Season = { id: 1, name: 'Season 1', season_number: 1, episode_count: 6, air_date: null, poster_path: '/season/1.jpg', overview: '', episodes: [1, 2, 3, 4, 5, 6].map(episode) }
const safe: Season = { ...full, episodes: full.episodes.map((e) => (e.episode_number > 4 ? hidden(e) : e)) }

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

afterEach(() => vi.unstubAllGlobals())

/** The show page's list, reading the season from the query cache as the page does. */
function Episodes() {
  const season = useQuery({ queryKey: catalogKeys.season(SHOW, 1), queryFn: () => safe, staleTime: Infinity })
  return <EpisodeList episodes={season.data?.episodes ?? []} selected={1} onSelect={() => undefined} search="" onSearch={() => undefined} loading={false} />
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(catalogKeys.season(SHOW, 1), safe)
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/tv/${SHOW}`]}>
          <Routes>
            <Route path="/tv/:id" element={<Episodes />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </Provider>,
  )
  return client
}

const list = () => screen.getByTestId('episode-list')

describe('a hidden episode', () => {
  it('shows its number over the season’s art, and Reveal brings that one episode as it is', async () => {
    const seen = stubApi((url) => {
      if (url.pathname === `/api/catalog/tv/${SHOW}/season/1`) return json({ ...safe, episodes: safe.episodes.map((e) => (e.episode_number === 5 ? episode(5) : e)) })
      return json({})
    })
    const client = renderList()
    const reveal = await within(list()).findByRole('button', { name: 'Reveal episode 5' })
    expect(within(list()).getByRole('button', { name: 'Reveal episode 6' })).toBeTruthy()
    expect(within(list()).queryByRole('button', { name: 'Reveal episode 4' })).toBeNull()
    const row = reveal.closest('li')!
    expect(row.textContent).toContain('Episode 5')
    expect(row.textContent).not.toContain('Gray Matter')

    fireEvent.click(reveal)
    await waitFor(() => expect(row.textContent).toContain('Gray Matter'))
    expect(row.textContent).toContain('Walt turns down an offer.')
    expect(seen.map((call) => call.path)).toContain(`/api/catalog/tv/${SHOW}/season/1?reveal=5`)
    // the episode's own row keeps the focus; the one after it stays hidden
    expect(within(row).queryByRole('button', { name: /^Reveal/ })).toBeNull()
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: /Gray Matter/ }))
    expect(list().textContent).not.toContain('Name 6')
    expect(client.getQueryData<Season>(catalogKeys.season(SHOW, 1))!.episodes[4]).not.toHaveProperty('hidden')
  })

  it('stays hidden and says so when the reveal fails', async () => {
    stubApi(() => json({ error: 'Catalogue unavailable' }, 502))
    renderList()
    fireEvent.click(await within(list()).findByRole('button', { name: 'Reveal episode 5' }))
    expect(await screen.findByText('The episode could not be revealed. Please try again.')).toBeTruthy()
    expect(within(list()).getByRole('button', { name: 'Reveal episode 5' })).toHaveProperty('disabled', false)
    expect(list().textContent).not.toContain('Gray Matter')
  })
})

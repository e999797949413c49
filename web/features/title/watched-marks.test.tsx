import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WatchHistoryEntry } from '../../../drizzle/schema'
import type { WatchedMark } from '../../../worker/accounts/taste'
import type { Episode, TvDetails } from '../../../worker/catalog/types'
import { Toaster } from '../../components/toast'
import { catalogKeys } from '../../lib/catalog'
import { stubApi } from '../../test-api'
import { EpisodeList } from './episode-list'
import { WatchedSlot } from './watched-slots'

const SHOW = 1396

const episode = (number: number): Episode => ({
  id: 1000 + number,
  season_number: 1,
  episode_number: number,
  name: `Name ${number}`,
  overview: '',
  // the last one has not aired yet
  air_date: number === 6 ? '2999-01-01' : null,
  still_path: null,
  runtime: 47,
})
const episodes = [1, 2, 3, 4, 5, 6].map(episode)
const details = { id: SHOW, seasons: [{ id: 1, name: 'Season 1', season_number: 1, episode_count: 6, air_date: '2008-01-20', poster_path: null, overview: '' }] } as unknown as TvDetails
/** The viewer's history entry for the show: halfway into episode 3. */
const entry = { content_type: 'tv', content_id: SHOW, season_number: 1, episode_number: 3, position: 1410, total_duration: 2820, completed: false } as WatchHistoryEntry

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const mark = (season_number: number | null, episode_number: number | null, plays = 1): WatchedMark => ({ season_number, episode_number, plays, last_watched_at: '2024-05-01T20:00:00.000Z' })

afterEach(() => vi.unstubAllGlobals())

/** The API as a signed-in viewer (or a visitor) meets it: their marks, changed by each PUT. */
function stubMarks(initial: WatchedMark[], options: { signedIn?: boolean; failPut?: boolean; session?: Promise<void> } = {}) {
  let marks = initial
  return stubApi(async (url, request, body) => {
    // GET /api/auth/me answers once `session` (when given) has settled
    if (url.pathname === '/api/auth/me') {
      await options.session
      return json(options.signedIn === false ? { user: null } : { id: 7, email: 'viewer@example.com', type: 'user', user: {} })
    }
    if (url.pathname.startsWith('/api/me/watched/') && request.method === 'GET') return json({ marks, finished: url.pathname.includes('/movie/') && marks.length > 0 })
    if (url.pathname === '/api/me/watched' && request.method === 'PUT') {
      if (options.failPut) return json({ error: 'Internal error' }, 500)
      const change = body as { content_type: string; season_number?: number; episode_number?: number; watched: boolean }
      const affected = change.content_type === 'movie' ? [mark(null, null)] : change.episode_number !== undefined ? [mark(1, change.episode_number)] : [1, 2, 3, 4, 5].map((n) => mark(1, n))
      const key = (m: WatchedMark) => `${m.season_number}:${m.episode_number}`
      marks = change.watched ? [...marks.filter((m) => !affected.some((a) => key(a) === key(m))), ...affected] : marks.filter((m) => !affected.some((a) => key(a) === key(m)))
      return json({ marks, finished: change.content_type === 'movie' && change.watched, changed: affected.length })
    }
    return json({})
  })
}

function renderPage(path: string, element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(catalogKeys.title('tv', SHOW), details)
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/tv/:id" element={element} />
            <Route path="/movie/:id" element={element} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </Provider>,
  )
}

const renderList = () =>
  renderPage(`/tv/${SHOW}`, <EpisodeList episodes={episodes} selected={1} onSelect={() => undefined} search="" onSearch={() => undefined} loading={false} progress={entry} />)

const list = () => screen.getByTestId('episode-list')

/** How long the marks' code and first answer may take to come, on a busy machine. */
const LOADED = 5000

/** The button, once the marks have come (until then it, or its place while its code loads, waits disabled). */
function ready(find: () => HTMLElement): Promise<HTMLElement> {
  return waitFor(
    () => {
      const button = find()
      expect(button).toHaveProperty('disabled', false)
      return button
    },
    { timeout: LOADED },
  )
}
const season = () => screen.getByTestId('season-watched')

describe('watched marks in an episode list', () => {
  it('marks each episode watched or not, counts the season’s aired episodes and shows the episode in progress', async () => {
    stubMarks([mark(1, 1), mark(1, 2, 2)])
    renderList()
    const first = await within(list()).findByRole('button', { name: 'S1 E1 watched' }, { timeout: LOADED })
    expect(first.getAttribute('aria-pressed')).toBe('true')
    expect(within(list()).getByRole('button', { name: 'S1 E2 watched' })).toBeTruthy()
    expect(within(list()).getByRole('button', { name: 'Mark S1 E3 watched' }).getAttribute('aria-pressed')).toBe('false')
    await waitFor(() => expect(season().textContent).toContain('2 of 5 watched'))
    expect(within(season()).getByRole('button', { name: 'Mark season watched' })).toBeTruthy()
    const bar = within(list()).getByRole('progressbar', { name: 'Watched 50% of S1 E3' })
    expect(bar.getAttribute('aria-valuenow')).toBe('50')
    // only the episode in progress has a bar, inside its own row
    expect(within(list()).getAllByRole('progressbar')).toHaveLength(1)
    expect(bar.closest('li')!.textContent).toContain('Name 3')
  })

  it('toggles one episode, and the whole season, at once and as the server answers', async () => {
    const seen = stubMarks([mark(1, 1)])
    renderList()
    fireEvent.click(await ready(() => within(list()).getByRole('button', { name: 'Mark S1 E3 watched' })))
    expect(await within(list()).findByRole('button', { name: 'S1 E3 watched' })).toBeTruthy()
    await waitFor(() => expect(season().textContent).toContain('2 of 5 watched'))
    expect(seen.find((call) => call.method === 'PUT')?.body).toEqual({ content_type: 'tv', content_id: SHOW, season_number: 1, episode_number: 3, watched: true })

    fireEvent.click(within(season()).getByRole('button', { name: 'Mark season watched' }))
    await waitFor(() => expect(season().textContent).toContain('5 of 5 watched'))
    expect(within(season()).getByRole('button', { name: 'Mark season unwatched' })).toBeTruthy()
    expect(within(list()).getByRole('button', { name: 'S1 E5 watched' })).toBeTruthy()
    // the episode not aired yet is left as it is
    expect(within(list()).getByRole('button', { name: 'Mark S1 E6 watched' })).toBeTruthy()
    expect(seen.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ content_type: 'tv', content_id: SHOW, season_number: 1, watched: true })

    fireEvent.click(within(list()).getByRole('button', { name: 'S1 E2 watched' }))
    expect(await within(list()).findByRole('button', { name: 'Mark S1 E2 watched' })).toBeTruthy()
    await waitFor(() => expect(season().textContent).toContain('4 of 5 watched'))
    expect(within(season()).getByRole('button', { name: 'Mark season watched' })).toBeTruthy()
  })

  it('puts a mark back and says so when it is not saved', async () => {
    stubMarks([], { failPut: true })
    renderList()
    fireEvent.click(await ready(() => within(list()).getByRole('button', { name: 'Mark S1 E4 watched' })))
    expect(await screen.findByText('Your change could not be saved. Please try again.')).toBeTruthy()
    expect(within(list()).getByRole('button', { name: 'Mark S1 E4 watched' }).getAttribute('aria-pressed')).toBe('false')
    expect(season().textContent).toContain('0 of 5 watched')
  })

  it('shows nothing of them to a visitor, and asks nothing', async () => {
    const seen = stubMarks([], { signedIn: false })
    renderList()
    await waitFor(() => expect(seen.some((call) => call.path === '/api/auth/me')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(within(list()).queryByRole('button', { name: /watched/ })).toBeNull()
    expect(screen.queryByTestId('season-watched')).toBeNull()
    expect(seen.some((call) => call.path.startsWith('/api/me/watched'))).toBe(false)
  })
})

describe('a film’s watched toggle', () => {
  it('says Mark watched, then Watched, and how often once more than once', async () => {
    const seen = stubMarks([])
    renderPage('/movie/603', <WatchedSlot film={603} />)
    fireEvent.click(await ready(() => screen.getByRole('button', { name: 'Mark watched' })))
    expect((await screen.findByRole('button', { name: 'Watched' })).getAttribute('aria-pressed')).toBe('true')
    expect(seen.find((call) => call.method === 'PUT')?.body).toEqual({ content_type: 'movie', content_id: 603, watched: true })
  })

  it('holds the button’s place, unpressable, until the session and the marks have come', async () => {
    let answerSession: (() => void) | undefined
    const session = new Promise<void>((resolve) => (answerSession = resolve))
    stubMarks([], { session })
    renderPage('/movie/603', <WatchedSlot film={603} />)
    const place = screen.getByRole('button', { name: 'Mark watched' })
    expect(place).toHaveProperty('disabled', true)
    answerSession!()
    fireEvent.click(await ready(() => screen.getByRole('button', { name: 'Mark watched' })))
    expect((await screen.findByRole('button', { name: 'Watched' })).getAttribute('aria-pressed')).toBe('true')
  })

  it('counts the plays of a film watched again', async () => {
    stubMarks([mark(null, null, 2)])
    renderPage('/movie/603', <WatchedSlot film={603} />)
    expect(await screen.findByText('Watched 2 times', {}, { timeout: LOADED })).toBeTruthy()
  })
})

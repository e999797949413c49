import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Marker } from '../../../../worker/player/marker-rules'
import { stubApi } from '../../../test-api'
import { Player, type PlayerProps } from '../player'
import { fakeMedia, mediaState } from '../test-media'
import { closingFrom, markerTime, skippableAt, usableMarkers } from './marker-timing'

// The real player, with a browser that plays HLS itself (no hls.js): what is under test is what the
// markers do over it. jsdom's video stands in as one that plays.
vi.mock('../player-loader', () => ({
  loadHls: () => Promise.resolve({ default: { isSupported: () => false } }),
  loadHlsPlayer: () => import('../hls-player'),
  prefetchHlsPlayer: () => undefined,
}))

let streamSeconds = 120

beforeEach(() => {
  streamSeconds = 120
  localStorage.clear()
  fakeMedia({ canPlayType: 'maybe', duration: () => streamSeconds })
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(document, 'fullscreenElement')
  Reflect.deleteProperty(document, 'exitFullscreen')
  window.history.replaceState(null, '', '/')
})

const marker = (over: Partial<Marker>): Marker => ({ id: 1, kind: 'intro', start_ms: 10_000, end_ms: 40_000, duration_ms: 120_000, source: 'operator', confidence: null, ...over })

/** The API: the stream, the markers given, and the "wrong" reports; what was asked is recorded. */
function stubPlayerApi(markers: Marker[]) {
  return stubApi((url, request) => {
    const path = url.pathname
    if (path.startsWith('/api/player/stream/')) return Response.json({ url: '/media/sample/master.m3u8', label: null, thumbnails: null, origin: 'sample' })
    if (path.startsWith('/api/player/markers/') && path.endsWith('/wrong')) return Response.json({ message: 'ok' }, { status: 201 })
    if (path.startsWith('/api/player/markers/')) return Response.json({ markers })
    if (path.startsWith('/api/me/history')) return Response.json(request.method === 'GET' ? { entry: null } : { entry: {} })
    return Response.json({ error: 'not found' }, { status: 404 })
  })
}

function renderPlayer(over: Partial<PlayerProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const props: PlayerProps = {
    target: { type: 'tv', id: 7, season: 1, episode: 2 },
    title: 'Harbor Watch S1 E2',
    art: { backdropPath: null, posterPath: null },
    sources: [{ id: 'reelhouse', name: 'Reelhouse Player', kind: 'hls' }],
    trailer: null,
    connection: 'good',
    startAt: 0,
    progress: { enabled: false, title: { content_id: 7, content_type: 'tv', title: 'Harbor Watch', poster_path: null }, watched: { current: 0 } },
    autoPlay: true,
    ...over,
  }
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={client}>
        <Player {...props} />
      </QueryClientProvider>
    </Provider>,
  )
}

async function videoReady(): Promise<HTMLVideoElement> {
  const video = (await screen.findByTestId('hls-video')) as HTMLVideoElement
  act(() => {
    video.dispatchEvent(new Event('loadedmetadata'))
    video.dispatchEvent(new Event('durationchange'))
  })
  return video
}

/** Waits until the player has asked for its markers (a request starting `path`) and the answer is in. */
async function markersIn(path = '/api/player/markers/') {
  await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining(path), expect.anything()))
  await act(async () => undefined)
}

/** Moves the playhead as playback would (a time update, not a seek). */
function playTo(video: HTMLVideoElement, seconds: number) {
  act(() => {
    mediaState(video).time = seconds
    video.dispatchEvent(new Event('timeupdate'))
  })
}

const announcement = () => screen.getByTestId('player-announcement').textContent

describe('marker timing', () => {
  it('keeps only the markers of the cut that plays, confident enough and not hidden', () => {
    const markers = [marker({ id: 1 }), marker({ id: 2, duration_ms: 300_000 }), marker({ id: 3, source: 'detected', confidence: 0.3 }), marker({ id: 4, kind: 'recap' })]
    expect(usableMarkers(markers, 120.4, []).map((m) => m.id)).toEqual([1, 4])
    expect(usableMarkers(markers, 120, [1]).map((m) => m.id)).toEqual([4])
    expect(usableMarkers(markers, 0, [])).toEqual([])
    expect(skippableAt(markers, 9.9)).toBeNull()
    expect(skippableAt(markers, 10)?.id).toBe(1)
    expect(skippableAt(markers, 40)).toBeNull()
  })

  it('brings the card up at the credits, else 20 s before the end of a stream over a minute, else at the end', () => {
    expect(closingFrom([marker({ kind: 'credits', start_ms: 100_000, end_ms: 120_000 })], 120)).toBe(100)
    expect(closingFrom([marker({})], 120)).toBe(100)
    expect(closingFrom([], 60)).toBeNull()
    expect(closingFrom([], 61)).toBe(41)
  })

  it('writes times as m:ss.s', () => {
    expect(markerTime(0)).toBe('0:00.0')
    expect(markerTime(65_432)).toBe('1:05.4')
    expect(markerTime(3_725_000)).toBe('1:02:05.0')
  })
})

describe('Skip intro', () => {
  it('shows inside the intro, once announced, and jumps to its end (the button or S)', async () => {
    stubPlayerApi([marker({})])
    renderPlayer()
    const video = await videoReady()
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/player/markers/tv/7?season=1&episode=2'), expect.anything()))
    playTo(video, 5)
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull()
    playTo(video, 12)
    const skip = await screen.findByRole('button', { name: 'Skip intro' })
    expect(announcement()).toBe('Skip intro available')
    playTo(video, 13)
    expect(announcement()).toBe('Skip intro available')
    skip.focus()
    fireEvent.click(skip)
    expect(video.currentTime).toBe(40)
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull()
    // The focus went back to the player before the button went.
    expect(document.activeElement).toBe(screen.getByTestId('hls-player'))

    // Back into it: S does the same as the button.
    act(() => {
      video.currentTime = 20
    })
    expect(screen.getByRole('button', { name: 'Skip intro' })).toBeTruthy()
    fireEvent.keyDown(screen.getByTestId('hls-player'), { key: 's' })
    expect(video.currentTime).toBe(40)
  })

  it('says Skip recap for a recap', async () => {
    stubPlayerApi([marker({ kind: 'recap', start_ms: 0, end_ms: 30_000 })])
    renderPlayer()
    const video = await videoReady()
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/player/markers/'), expect.anything()))
    playTo(video, 1)
    expect(await screen.findByRole('button', { name: 'Skip recap' })).toBeTruthy()
  })

  it('ignores a marker made for a cut of another length, and S does nothing then', async () => {
    stubPlayerApi([marker({ duration_ms: 150_000 })])
    renderPlayer()
    const video = await videoReady()
    await markersIn()
    playTo(video, 12)
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull()
    fireEvent.keyDown(screen.getByTestId('hls-player'), { key: 'S' })
    expect(video.currentTime).toBe(12)
  })

  it('"This was wrong" hides the marker for this viewer, kept in the browser, and tells the server when signed in', async () => {
    const requests = stubPlayerApi([marker({ id: 31 })])
    renderPlayer({ progress: { enabled: true, title: { content_id: 7, content_type: 'tv', title: 'Harbor Watch', poster_path: null }, watched: { current: 0 } } })
    const video = await videoReady()
    playTo(video, 12)
    fireEvent.click(await screen.findByRole('button', { name: 'This was wrong' }))
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull()
    expect(announcement()).toBe('Marker hidden')
    expect(JSON.parse(localStorage.getItem('reelhouse:hidden-markers') ?? '[]')).toEqual([31])
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/player/markers/31/wrong' }))
    playTo(video, 15)
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull()
  })

  it('a visitor\'s "This was wrong" stays in the browser: nothing is sent', async () => {
    const requests = stubPlayerApi([marker({ id: 32 })])
    renderPlayer()
    const video = await videoReady()
    playTo(video, 12)
    fireEvent.click(await screen.findByRole('button', { name: 'This was wrong' }))
    expect(JSON.parse(localStorage.getItem('reelhouse:hidden-markers') ?? '[]')).toEqual([32])
    expect(requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('skips by itself on a show the viewer chose, and says so', async () => {
    localStorage.setItem('reelhouse:auto-skip-shows', JSON.stringify([7]))
    stubPlayerApi([marker({})])
    renderPlayer()
    const video = await videoReady()
    await markersIn()
    playTo(video, 10.5)
    await waitFor(() => expect(video.currentTime).toBe(40))
    expect(announcement()).toBe('Intro skipped')
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull()
  })

  it('turns automatic skipping on for this show from the settings', async () => {
    stubPlayerApi([])
    renderPlayer()
    await videoReady()
    fireEvent.click(screen.getByRole('button', { name: /Settings/ }))
    fireEvent.click(screen.getByRole('switch', { name: 'Skip intros automatically on this show' }))
    expect(JSON.parse(localStorage.getItem('reelhouse:auto-skip-shows') ?? '[]')).toEqual([7])
    expect(screen.getByRole('switch', { name: 'Autoplay next episode' }).getAttribute('aria-checked')).toBe('true')
  })
})

describe('progress', () => {
  it('counts a skipped intro as watched in the report', async () => {
    const requests = stubPlayerApi([marker({})])
    renderPlayer({ progress: { enabled: true, title: { content_id: 7, content_type: 'tv', title: 'Harbor Watch', poster_path: null, season_number: 1, episode_number: 2 }, watched: { current: 0 } } })
    const video = await videoReady()
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/player/markers/'), expect.anything()))
    await act(async () => {
      await video.play()
    })
    for (let at = 0; at <= 12; at += 0.25) playTo(video, at)
    fireEvent.click(await screen.findByRole('button', { name: 'Skip intro' }))
    for (let at = 40; at <= 42; at += 0.25) playTo(video, at)
    act(() => video.pause())
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path.includes('/api/me/history'))).toBe(true))
    const report = requests.find((r) => r.method === 'PUT')!.body as { watch_duration: number; position: number; reason: string }
    expect(report).toMatchObject({ watch_duration: 42, position: 42, reason: 'pause' })
  })
})

describe('the credits', () => {
  const upNext = { label: 'S1 E3: The Storm', onPlay: vi.fn() }

  it('brings Up next at the start of the credits, with Watch credits putting it away', async () => {
    stubPlayerApi([marker({ id: 5, kind: 'credits', start_ms: 90_000, end_ms: 120_000 })])
    renderPlayer({ upNext })
    const video = await videoReady()
    await markersIn()
    playTo(video, 89)
    expect(screen.queryByTestId('up-next')).toBeNull()
    screen.getByTestId('hls-player').focus()
    playTo(video, 90.5)
    expect(await screen.findByTestId('up-next')).toBeTruthy()
    expect(screen.getByText('Playing in 10 s')).toBeTruthy()
    // The viewer's keys still work the player: Space must not press Play now.
    expect(document.activeElement).toBe(screen.getByTestId('hls-player'))
    fireEvent.click(screen.getByRole('button', { name: 'Watch credits' }))
    expect(screen.queryByTestId('up-next')).toBeNull()
    playTo(video, 100)
    expect(screen.queryByTestId('up-next')).toBeNull()
  })

  it('without a credits marker, comes up 20 s before the end of a stream over a minute', async () => {
    stubPlayerApi([])
    renderPlayer({ upNext })
    const video = await videoReady()
    await act(async () => undefined)
    playTo(video, 99)
    expect(screen.queryByTestId('up-next')).toBeNull()
    playTo(video, 100)
    expect(await screen.findByTestId('up-next')).toBeTruthy()
  })

  it('on a stream of a minute or less, only at the end', async () => {
    streamSeconds = 12
    stubPlayerApi([])
    renderPlayer({ upNext })
    const video = await videoReady()
    await act(async () => undefined)
    playTo(video, 11)
    expect(screen.queryByTestId('up-next')).toBeNull()
    act(() => {
      mediaState(video).time = 12
      mediaState(video).paused = true
      video.dispatchEvent(new Event('ended'))
    })
    expect(await screen.findByTestId('up-next')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('with autoplay off, the card shows with no countdown', async () => {
    localStorage.setItem('reelhouse:autoplay-next', 'false')
    stubPlayerApi([marker({ kind: 'credits', start_ms: 90_000, end_ms: 120_000 })])
    renderPlayer({ upNext })
    const video = await videoReady()
    await markersIn()
    playTo(video, 95)
    expect(await screen.findByTestId('up-next')).toBeTruthy()
    expect(screen.queryByText(/Playing in/)).toBeNull()
    expect(screen.getByText('Up next: S1 E3: The Storm.')).toBeTruthy()
  })

  it('on a film, offers More like this at the credits, with Watch credits', async () => {
    stubPlayerApi([marker({ kind: 'credits', start_ms: 100_000, end_ms: 120_000 })])
    renderPlayer({ target: { type: 'movie', id: 9 }, title: 'The Film', similarHref: '#similar' })
    const video = await videoReady()
    await markersIn('/api/player/markers/movie/9?season=0&episode=0')
    playTo(video, 101)
    const card = await screen.findByTestId('more-like-this')
    expect(card.querySelector('a')?.getAttribute('href')).toBe('#similar')
    fireEvent.click(screen.getByRole('button', { name: 'Watch credits' }))
    expect(screen.queryByTestId('more-like-this')).toBeNull()
  })

  it('keeps the count going from the credits to the end, where Cancel takes the place of Watch credits', async () => {
    stubPlayerApi([marker({ kind: 'credits', start_ms: 90_000, end_ms: 120_000 })])
    renderPlayer({ upNext })
    const video = await videoReady()
    await markersIn()
    playTo(video, 118)
    expect(await screen.findByText('Playing in 10 s')).toBeTruthy()
    await screen.findByText('Playing in 9 s', undefined, { timeout: 2000 })
    act(() => {
      mediaState(video).time = 120
      mediaState(video).paused = true
      video.dispatchEvent(new Event('ended'))
    })
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(screen.queryByText('Playing in 10 s')).toBeNull()
  })

  it('on a film, More like this comes up with the closing signal, announced in the player’s status line, and its link leaves full screen before going to the similar titles', async () => {
    stubPlayerApi([])
    let fullscreenElement: Element | null = null
    let leave = () => undefined as void
    const exit = vi.fn(() => new Promise<void>((resolve) => (leave = resolve)))
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement })
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit })
    renderPlayer({ target: { type: 'movie', id: 9 }, title: 'The Film', similarHref: '#similar' })
    const video = await videoReady()
    await act(async () => undefined)
    playTo(video, 99)
    expect(screen.queryByTestId('more-like-this')).toBeNull()
    playTo(video, 100)
    expect(await screen.findByTestId('more-like-this')).toBeTruthy()
    expect(screen.getByText('More like this: see similar titles.')).toBeTruthy()
    fullscreenElement = screen.getByTestId('hls-player')
    fireEvent.click(screen.getByRole('link', { name: 'See similar titles' }))
    expect(exit).toHaveBeenCalledTimes(1)
    await act(async () => undefined)
    expect(window.location.hash).toBe('')
    fullscreenElement = null
    leave()
    await waitFor(() => expect(window.location.hash).toBe('#similar'))
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HlsPlayer } from './hls-player'
import { CONTROLS_FADE_MS } from './player/visibility'
import { fakeMedia } from './test-media'

// hls.js stands in as a library this browser cannot use, and jsdom's video as one that plays:
// the controls are what is under test here, the engine is the browser tests'.
vi.mock('./player-loader', () => ({
  loadHls: () => Promise.resolve({ default: { isSupported: () => false } }),
}))

beforeEach(() => {
  vi.useFakeTimers()
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true })
  fakeMedia()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const NO_PROGRESS = { enabled: false, title: { content_id: 1, content_type: 'tv' as const, title: 'Show', poster_path: null }, watched: { current: 0 } }

function renderPlayer(children?: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <HlsPlayer
        src="/media/sample/master.m3u8"
        title="Harbor Watch S1 E2"
        heading={{ title: 'Harbor Watch', episode: 'Season 1, Episode 2: The Tide' }}
        startAt={0}
        connection="good"
        progress={NO_PROGRESS}
        onReady={() => undefined}
        onFailure={() => undefined}
      >
        {children}
      </HlsPlayer>
    </QueryClientProvider>,
  )
  const player = screen.getByRole('group', { name: /video player/ })
  return { player, video: screen.getByTestId('hls-video') as HTMLVideoElement }
}

const controlsState = () => screen.getByTestId('hls-player').getAttribute('data-controls')
const announcement = () => screen.getByTestId('player-announcement').textContent

describe('HlsPlayer', () => {
  it('draws its own controls over the picture instead of the browser’s, with the title and episode on top', () => {
    const { video } = renderPlayer()
    expect(video.hasAttribute('controls')).toBe(false)
    for (const name of ['Play', 'Mute', 'Settings', 'Full screen', 'Theatre mode']) expect(screen.getByRole('button', { name })).toBeTruthy()
    expect(screen.getByRole('slider', { name: 'Playback position' })).toBeTruthy()
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeTruthy()
    expect(screen.getByTestId('player-heading').textContent).toBe('Harbor WatchSeason 1, Episode 2: The Tide')
    expect(screen.getByTestId('player-controls').getAttribute('dir')).toBe('ltr')
  })

  it('fades the controls 3 s into playback and brings them back on movement, a key or focus', () => {
    const { player } = renderPlayer()
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS + 50))
    expect(controlsState()).toBe('hidden')

    fireEvent.pointerMove(player, { pointerType: 'mouse' })
    expect(controlsState()).toBe('shown')
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS + 50))
    expect(controlsState()).toBe('hidden')

    fireEvent.keyDown(player, { key: 'Shift' })
    expect(controlsState()).toBe('shown')
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS + 50))
    fireEvent.focus(screen.getByRole('button', { name: 'Settings' }))
    expect(controlsState()).toBe('shown')

    // Paused, they stay.
    fireEvent.keyDown(player, { key: 'k' })
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS * 2))
    expect(controlsState()).toBe('shown')
  })

  it('keeps the controls while the settings menu is open', () => {
    renderPlayer()
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).toBe('true')
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS * 2))
    expect(controlsState()).toBe('shown')
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }))
  })

  it('announces play, pause and the viewer’s seeks in a polite live region', () => {
    const { player } = renderPlayer()
    expect(screen.getByTestId('player-announcement').getAttribute('aria-live')).toBe('polite')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    expect(announcement()).toBe('Playing')
    fireEvent.keyDown(player, { key: 'k' })
    expect(announcement()).toBe('Paused')
    fireEvent.keyDown(player, { key: 'ArrowRight' })
    expect(announcement()).toBe('0:10 of 2:00')
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Playback position' }), { key: 'End' })
    expect(announcement()).toBe('2:00 of 2:00')
  })

  it('shows the controls on a tap, and seeks 10 s on a double tap on the right or left third', () => {
    const { video } = renderPlayer()
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS + 50))
    expect(controlsState()).toBe('hidden')
    const surface = screen.getByTestId('player-surface')
    surface.getBoundingClientRect = () => ({ left: 0, top: 0, width: 390, height: 219, right: 390, bottom: 219, x: 0, y: 0, toJSON: () => ({}) })
    const tap = (x: number) => {
      fireEvent.pointerDown(surface, { pointerType: 'touch', clientX: x })
      fireEvent.click(surface, { clientX: x })
    }
    tap(195)
    expect(controlsState()).toBe('shown')

    video.currentTime = 30
    tap(350)
    act(() => vi.advanceTimersByTime(100))
    tap(355)
    expect(video.currentTime).toBe(40)
    expect(screen.getByTestId('seek-flash').textContent).toBe('10 s')
    act(() => vi.advanceTimersByTime(1000))
    tap(20)
    act(() => vi.advanceTimersByTime(100))
    tap(25)
    expect(video.currentTime).toBe(30)
    expect(video.paused).toBe(false)
  })

  it('plays and pauses on a click on the picture with a mouse', () => {
    const { video } = renderPlayer()
    const surface = screen.getByTestId('player-surface')
    fireEvent.pointerDown(surface, { pointerType: 'mouse' })
    fireEvent.click(surface)
    expect(video.paused).toBe(false)
    fireEvent.pointerDown(surface, { pointerType: 'mouse' })
    fireEvent.click(surface)
    expect(video.paused).toBe(true)
  })

  it('puts a panel it is given (Up next) in the place above the controls', () => {
    renderPlayer(<section aria-label="Up next">next</section>)
    const panels = screen.getByTestId('player-panels')
    expect(panels.contains(screen.getByRole('region', { name: 'Up next' }))).toBe(true)
    expect(panels.contains(screen.getByTestId('player-controls'))).toBe(false)
  })
})

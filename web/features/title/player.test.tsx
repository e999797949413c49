import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Video } from '../../../worker/catalog/types'
import type { PlayerSource } from '../../../worker/player/sources'
import { availableSources, Player, playLabel, trailerOf, type PlayerProps } from './player'
import { loadHlsPlayer, prefetchHlsPlayer } from './player-loader'

// Our player and hls.js stand in for the network here: a stand-in HLS player shows what it was
// asked to do (autoplay, source) and takes the focus as the real one does.
vi.mock('./player-loader', async () => {
  const { createElement, useEffect, useRef } = await import('react')
  function HlsPlayer({ src, thumbnails, heading, autoPlay, takeFocus }: { src: string; thumbnails?: string | null; heading?: { title: string; episode?: string }; autoPlay?: boolean; takeFocus?: (el: HTMLElement) => void }) {
    const ref = useRef<HTMLDivElement>(null)
    useEffect(() => {
      if (ref.current) takeFocus?.(ref.current)
    }, [takeFocus])
    return createElement('div', {
      ref,
      tabIndex: 0,
      'data-testid': 'hls-stand-in',
      'data-src': src,
      'data-thumbnails': thumbnails ?? '',
      'data-heading': heading ? `${heading.title}|${heading.episode ?? ''}` : '',
      'data-autoplay': String(!!autoPlay),
    })
  }
  return {
    prefetchHlsPlayer: vi.fn(),
    loadHlsPlayer: vi.fn(() => Promise.resolve({ HlsPlayer })),
  }
})

const video = (over: Partial<Video>): Video => ({ id: 'v', key: 'k', name: 'Clip', site: 'Local', type: 'Clip', official: true, ...over })
const builtIns: PlayerSource[] = [
  { id: 'reelhouse', name: 'Reelhouse Player', kind: 'hls' },
  { id: 'trailer', name: 'Trailer', kind: 'trailer' },
]
const embeds = { youtube: 'https://videos.example/embed/{key}?autoplay=0' }

describe('trailerOf', () => {
  it('prefers a playable trailer, then any playable video', () => {
    const teaser = video({ id: 'a', name: 'Teaser', type: 'Teaser', url: '/media/teaser.mp4' })
    const trailer = video({ id: 'b', name: 'Trailer', type: 'Trailer', url: '/media/trailer.mp4' })
    expect(trailerOf([teaser, trailer], {})).toEqual({ name: 'Trailer', kind: 'file', url: '/media/trailer.mp4' })
    expect(trailerOf([teaser], {})).toEqual({ name: 'Teaser', kind: 'file', url: '/media/teaser.mp4' })
  })

  it('ignores videos hosted on a video site the operator has no embed for', () => {
    expect(trailerOf([video({ type: 'Trailer', site: 'YouTube', key: 'abc' })], {})).toBeNull()
    expect(trailerOf([video({ type: 'Trailer', site: 'Vimeo', key: '123' })], embeds)).toBeNull()
  })

  it('embeds a hosted trailer through the operator template, matching the site in any case', () => {
    const hosted = video({ name: 'Official Trailer', type: 'Trailer', site: 'YouTube', key: 'SUXWAEX2jlg' })
    expect(trailerOf([hosted], embeds)).toEqual({
      name: 'Official Trailer',
      kind: 'embed',
      url: 'https://videos.example/embed/SUXWAEX2jlg?autoplay=0',
    })
  })

  it('reads only the sites the operator named, never what every object inherits', () => {
    for (const site of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(trailerOf([video({ type: 'Trailer', site, key: 'abc' })], embeds)).toBeNull()
    }
  })

  it('ranks official trailers first, then unofficial trailers, then other clips', () => {
    const clip = video({ name: 'Clip', type: 'Clip', site: 'YouTube', key: 'clip' })
    const fanTrailer = video({ name: 'Fan trailer', type: 'Trailer', official: false, site: 'YouTube', key: 'fan' })
    const official = video({ name: 'Official', type: 'Trailer', official: true, site: 'YouTube', key: 'official' })
    expect(trailerOf([clip, fanTrailer, official], embeds)?.name).toBe('Official')
    expect(trailerOf([clip, fanTrailer], embeds)?.name).toBe('Fan trailer')
    expect(trailerOf([clip], embeds)?.name).toBe('Clip')
  })

  it('never puts a key that is not a plain token into the URL', () => {
    for (const key of ['../admin', 'a b', 'x"onload="y', '', 'k'.repeat(65)]) {
      expect(trailerOf([video({ type: 'Trailer', site: 'YouTube', key })], embeds)).toBeNull()
    }
    // A bad key does not hide a good video behind it.
    const good = video({ name: 'Good', type: 'Teaser', site: 'YouTube', key: 'good_1-A' })
    expect(trailerOf([video({ type: 'Trailer', site: 'YouTube', key: '../x' }), good], embeds)?.url).toBe('https://videos.example/embed/good_1-A?autoplay=0')
  })
})

describe('availableSources', () => {
  it('hides the trailer source when the title has no playable trailer', () => {
    expect(availableSources(builtIns, null).map((s) => s.id)).toEqual(['reelhouse'])
    const trailer = trailerOf([video({ url: '/media/t.mp4' })], {})
    expect(availableSources(builtIns, trailer).map((s) => s.id)).toEqual(['reelhouse', 'trailer'])
  })
})

describe('playLabel', () => {
  it('names the episode on a show', () => {
    expect(playLabel({ type: 'movie', id: 550 })).toBe('Play')
    expect(playLabel({ type: 'tv', id: 1399, season: 2, episode: 3 })).toBe('Play S2 E3')
  })
})

describe('Player before and after Play', () => {
  const hls: PlayerSource = { id: 'reelhouse', name: 'Reelhouse Player', kind: 'hls' }
  const operator: PlayerSource = { id: 'op', name: 'Operator Player', kind: 'embed', template: 'https://embed.example/{type}/{id}' }
  const streamUrl = '/media/sample/master.m3u8'
  let stream: { url: string | null } = { url: streamUrl }

  beforeEach(() => {
    stream = { url: streamUrl }
    vi.mocked(prefetchHlsPlayer).mockClear()
    vi.mocked(loadHlsPlayer).mockClear()
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname
        const body = path.startsWith('/api/player/stream/') ? { ...stream, label: null, origin: 'sample' } : path === '/api/config' ? { imageBase: '/api/img' } : {}
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }))
      }),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  function renderPlayer(over: Partial<PlayerProps> = {}) {
    const props: PlayerProps = {
      target: { type: 'movie', id: 550 },
      title: 'Fight Club',
      art: { backdropPath: '/backdrop.svg', posterPath: '/poster.svg' },
      sources: [hls, operator],
      trailer: null,
      connection: 'good',
      startAt: 0,
      progress: { enabled: false, title: { content_id: 550, content_type: 'movie', title: 'Fight Club', poster_path: null }, watched: { current: 0 } },
      ...over,
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const view = render(
      <QueryClientProvider client={client}>
        <Provider store={createStore()}>
          <Player {...props} />
        </Provider>
      </QueryClientProvider>,
    )
    return {
      ...view,
      rerenderWith: (more: Partial<PlayerProps>) =>
        view.rerender(
          <QueryClientProvider client={client}>
            <Provider store={createStore()}>
              <Player {...props} {...more} />
            </Provider>
          </QueryClientProvider>,
        ),
    }
  }

  it('shows the artwork and a Play button, and loads nothing of the player', async () => {
    renderPlayer({ startAt: 754 })
    const button = await screen.findByRole('button', { name: 'Play Fight Club, Resume from 12:34' })
    expect(button).toBeTruthy()
    expect(screen.getByTestId('player').getAttribute('data-state')).toBe('poster')
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/img/original/backdrop.svg')
    await new Promise((r) => setTimeout(r, 20))
    expect(loadHlsPlayer).not.toHaveBeenCalled()
    expect(prefetchHlsPlayer).not.toHaveBeenCalled()
    expect(screen.queryByTestId('hls-stand-in')).toBeNull()
    expect(document.querySelector('iframe, video')).toBeNull()
  })

  it('starts fetching our player when the pointer or the keyboard reaches Play', async () => {
    renderPlayer()
    const button = await screen.findByRole('button', { name: 'Play Fight Club' })
    fireEvent.pointerEnter(button)
    expect(prefetchHlsPlayer).toHaveBeenCalledTimes(1)
    act(() => button.focus())
    expect(prefetchHlsPlayer).toHaveBeenCalledTimes(2)
    expect(screen.queryByTestId('hls-stand-in')).toBeNull()
  })

  it('opens the player on the press, starts it, and puts the focus in it', async () => {
    renderPlayer()
    const button = await screen.findByRole('button', { name: 'Play Fight Club' })
    act(() => button.focus())
    fireEvent.click(button)
    const player = await screen.findByTestId('hls-stand-in')
    expect(player.getAttribute('data-src')).toBe(streamUrl)
    expect(player.getAttribute('data-autoplay')).toBe('true')
    // Focus moves in once the player has arrived, which may be a tick after it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(player))
    expect(screen.queryByRole('button', { name: /^Play/ })).toBeNull()
  })

  it('loads an operator frame only on Play, and keeps the player open when the source changes', async () => {
    renderPlayer({ sources: [operator, hls] })
    fireEvent.pointerEnter(await screen.findByRole('button', { name: 'Play Fight Club' }))
    // Only our own player is worth fetching ahead; a frame is the operator's to load.
    expect(prefetchHlsPlayer).not.toHaveBeenCalled()
    expect(document.querySelector('iframe')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Play Fight Club' }))
    const frame = document.querySelector('iframe')
    expect(frame?.getAttribute('src')).toMatch(/^https:\/\/embed\.example\/movie\/550\?/)
    expect(document.activeElement).toBe(frame)

    fireEvent.click(screen.getByRole('button', { name: 'Reelhouse Player' }))
    const player = await screen.findByTestId('hls-stand-in')
    // Open already: the new source loads at once, and waits for the viewer to start it.
    expect(player.getAttribute('data-autoplay')).toBe('false')
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('opens at once on an episode the viewer picked', async () => {
    const { rerenderWith } = renderPlayer({ target: { type: 'tv', id: 1399, season: 1, episode: 1 }, title: 'Show S1 E1' })
    await screen.findByRole('button', { name: 'Play S1 E1' })
    rerenderWith({ target: { type: 'tv', id: 1399, season: 1, episode: 2 }, title: 'Show S1 E2', autoPlay: true })
    const player = await screen.findByTestId('hls-stand-in')
    expect(player.getAttribute('data-autoplay')).toBe('true')
    expect(screen.queryByRole('button', { name: /^Play S1/ })).toBeNull()

    // Another season's first episode, not asked to play: the player stays open and waits.
    rerenderWith({ target: { type: 'tv', id: 1399, season: 2, episode: 1 }, title: 'Show S2 E1', autoPlay: false })
    await waitFor(() => expect(screen.getByTestId('hls-stand-in').getAttribute('data-autoplay')).toBe('false'))
    expect(screen.queryByRole('button', { name: /^Play S2/ })).toBeNull()
  })

  it('offers a choice of source only when there is more than one', async () => {
    const { unmount } = renderPlayer({ sources: [hls] })
    await screen.findByRole('button', { name: 'Play Fight Club' })
    expect(screen.queryByRole('group', { name: 'Player source' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reelhouse Player' })).toBeNull()
    unmount()
    renderPlayer({ sources: [hls, operator] })
    const group = await screen.findByRole('group', { name: 'Player source' })
    expect(Array.from(group.querySelectorAll('button'), (b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Reelhouse Player', 'true'],
      ['Operator Player', 'false'],
    ])
  })

  it('hands our player the stream’s thumbnails track and the heading it names', async () => {
    stream = { url: streamUrl, thumbnails: '/media/sample/thumbnails.vtt' } as typeof stream
    renderPlayer({ sources: [hls], target: { type: 'tv', id: 1399, season: 1, episode: 2 }, title: 'Show S1 E2', heading: { title: 'Show', episode: 'Season 1, Episode 2' }, autoPlay: true })
    const player = await screen.findByTestId('hls-stand-in')
    expect(player.getAttribute('data-thumbnails')).toBe('/media/sample/thumbnails.vtt')
    expect(player.getAttribute('data-heading')).toBe('Show|Season 1, Episode 2')
  })

  it('says so, instead of offering Play, when the title has no stream', async () => {
    stream = { url: null }
    renderPlayer({ sources: [hls] })
    await screen.findByText('No stream is available for this title yet.')
    expect(screen.queryByRole('button', { name: /^Play/ })).toBeNull()
  })
})

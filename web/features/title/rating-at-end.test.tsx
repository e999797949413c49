import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../test-api'
import { Player, type PlayerProps } from './player'

// A stand-in for our player that has reached the end of the title as soon as it is drawn.
vi.mock('./player-loader', async (importOriginal) => {
  const { createElement, useEffect, useRef } = await import('react')
  function HlsPlayer({ onEndedChange, takeFocus, children }: { onEndedChange: (ended: boolean) => void; takeFocus: (element: HTMLElement) => void; children?: ReactNode }) {
    const ref = useRef<HTMLDivElement>(null)
    useEffect(() => {
      if (ref.current) takeFocus(ref.current)
      onEndedChange(true)
    }, [onEndedChange, takeFocus])
    return createElement('div', { ref, role: 'group', tabIndex: 0, 'data-testid': 'hls-stand-in' }, children)
  }
  return { ...(await importOriginal<typeof import('./player-loader')>()), prefetchHlsPlayer: vi.fn(), loadHlsPlayer: vi.fn(() => Promise.resolve({ HlsPlayer })) }
})

describe('the rating at the end of a title', () => {
  beforeEach(() => {
    stubApi((url) => {
      if (url.pathname === '/api/me/ratings') return Response.json({ results: [{ content_type: 'movie', content_id: 550, rating: 6 }] })
      if (url.pathname.startsWith('/api/player/stream/')) return Response.json({ url: '/media/sample/master.m3u8', label: null, origin: 'sample' })
      return Response.json({})
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  function playToTheEnd(over: Partial<PlayerProps>) {
    const props: PlayerProps = {
      target: { type: 'movie', id: 550 },
      title: 'Fight Club',
      art: { backdropPath: null, posterPath: null },
      sources: [{ id: 'reelhouse', name: 'Reelhouse Player', kind: 'hls' }],
      trailer: null,
      connection: 'good',
      startAt: 0,
      progress: { enabled: true, title: { content_id: 550, content_type: 'movie', title: 'Fight Club', poster_path: null }, watched: { current: 0 } },
      ...over,
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Provider store={createStore()}>
          <Player {...props} />
        </Provider>
      </QueryClientProvider>,
    )
    return screen.findByRole('button', { name: /^Play/ }).then((play) => {
      play.focus()
      fireEvent.click(play)
    })
  }

  it('offers a signed-in viewer’s stars at the end of a film, taking the focus from the player', async () => {
    await playToTheEnd({})
    const card = await screen.findByRole('region', { name: 'Rate Fight Club' })
    const stars = await within(card).findByRole('radiogroup', { name: 'Your rating: 3 of 5 stars' })
    await waitFor(() => expect(document.activeElement).toBe(within(stars).getByRole('radio', { name: '3 stars' })))
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('region', { name: 'Rate Fight Club' })).toBeNull()
  })

  it('puts them in More like this on a film with similar titles, whose first action keeps the focus', async () => {
    await playToTheEnd({ similarHref: '#similar' })
    const card = await screen.findByRole('region', { name: 'More like this' })
    await within(card).findByRole('radiogroup', { name: 'Your rating: 3 of 5 stars' })
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('link', { name: 'See similar titles' })))
  })

  it('offers none to a visitor', async () => {
    await playToTheEnd({ similarHref: '#similar', progress: { enabled: false, title: { content_id: 550, content_type: 'movie', title: 'Fight Club', poster_path: null }, watched: { current: 0 } } })
    await screen.findByRole('region', { name: 'More like this' })
    expect(screen.queryByRole('radiogroup')).toBeNull()
  })

  it('offers none on an episode before a show’s last', async () => {
    await playToTheEnd({
      target: { type: 'tv', id: 1399, season: 1, episode: 1 },
      upNext: { label: 'S1 E2', onPlay: () => undefined },
      progress: { enabled: true, completesTitle: false, title: { content_id: 1399, content_type: 'tv', title: 'Game of Thrones', poster_path: null }, watched: { current: 0 } },
    })
    await screen.findByRole('region', { name: 'Up next' })
    expect(screen.queryByRole('radiogroup')).toBeNull()
  })
})

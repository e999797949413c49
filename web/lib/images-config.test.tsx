// GET /api/config answers after a page's first render: its images must not be drawn again for it
// when it names the host the page's HTML already named, and must be when it names another.
import { act, render, screen, waitFor } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { seedQueryCache } from './boot'
import { useImage, useSiteConfig } from './images'

function answerConfigWhenAsked(imageBase: string) {
  let answer: (() => void) | undefined
  const asked = new Promise<void>((resolve) => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
        if (url.pathname !== '/api/config') return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }))
        resolve()
        return new Promise<Response>((done) => {
          answer = () => done(Response.json({ siteName: 'Reelhouse', supportEmail: 'help@example.com', provider: 'embedded', imageBase, imageSizes: null, turnstileSiteKey: null }))
        })
      }),
    )
  })
  return { asked, answer: () => answer?.() }
}

let draws = 0
function Poster() {
  draws += 1
  const image = useImage()
  return <img alt="poster" src={image('/poster/movie/5.svg', 'poster', 240)?.src} />
}

function SiteName() {
  return <p>{useSiteConfig()?.siteName ?? 'not yet'}</p>
}

afterEach(() => {
  vi.unstubAllGlobals()
  draws = 0
})

describe('images while GET /api/config is on the way', () => {
  it('are not drawn again when the answer names the host the page already knew', async () => {
    seedQueryCache(new QueryClient(), { path: '/', imageBase: '/api/img/a2', signedOut: true })
    const config = answerConfigWhenAsked('/api/img/a2')
    render(
      <Provider>
        <Poster />
        <SiteName />
      </Provider>,
    )
    expect(screen.getByRole('img', { name: 'poster' }).getAttribute('src')).toBe('/api/img/a2/w500/poster/movie/5.svg')
    await config.asked
    const before = draws
    await act(async () => config.answer())
    // the rest of the config arrived and is shown; the image was not drawn again for it
    await waitFor(() => expect(screen.getByText('Reelhouse')).toBeTruthy())
    expect(draws).toBe(before)
  })

  it('are drawn again from the answer when it names another host', async () => {
    seedQueryCache(new QueryClient(), { path: '/', imageBase: '/api/img/a1', signedOut: true })
    const config = answerConfigWhenAsked('/api/img/a2')
    render(
      <Provider>
        <Poster />
      </Provider>,
    )
    expect(screen.getByRole('img', { name: 'poster' }).getAttribute('src')).toBe('/api/img/a1/w500/poster/movie/5.svg')
    await config.asked
    await act(async () => config.answer())
    await waitFor(() => expect(screen.getByRole('img', { name: 'poster' }).getAttribute('src')).toBe('/api/img/a2/w500/poster/movie/5.svg'))
  })
})

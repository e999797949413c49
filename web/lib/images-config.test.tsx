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

/** A page whose HTML named `pageHost`, and the config's answer naming `answerHost`, held until `answer()`. */
async function pageWithPoster(pageHost: string, answerHost: string) {
  seedQueryCache(new QueryClient(), { path: '/', imageBase: pageHost, signedOut: true })
  const config = answerConfigWhenAsked(answerHost)
  render(
    <Provider>
      <Poster />
      <SiteName />
    </Provider>,
  )
  const posterSource = () => screen.getByRole('img', { name: 'poster' }).getAttribute('src')
  expect(posterSource()).toBe(`${pageHost}/w500/poster/movie/5.svg`)
  await config.asked
  return { posterSource, answer: () => act(async () => config.answer()) }
}

describe('images while GET /api/config is on the way', () => {
  it('are not drawn again when the answer names the host the page already knew', async () => {
    const page = await pageWithPoster('/api/img/a2', '/api/img/a2')
    const before = draws
    await page.answer()
    // the rest of the config arrived and is shown; the image was not drawn again for it
    await waitFor(() => expect(screen.getByText('Reelhouse')).toBeTruthy())
    expect(draws).toBe(before)
  })

  it('are drawn again from the answer when it names another host', async () => {
    const page = await pageWithPoster('/api/img/a1', '/api/img/a2')
    await page.answer()
    await waitFor(() => expect(page.posterSource()).toBe('/api/img/a2/w500/poster/movie/5.svg'))
  })
})

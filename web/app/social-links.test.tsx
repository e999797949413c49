// The operator's social pages (SOCIAL_LINKS, GET /api/config's `social`): the footer and the
// contact page show an icon for each page the deployment names, linking there, and none otherwise.
import { render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Component as ContactPage } from '../features/static/contact-page'
import { Footer } from './footer'

function answerConfig(social: Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
      if (url.pathname === '/api/config') return Promise.resolve(Response.json({ siteName: 'Reelhouse', supportEmail: 'help@example.com', provider: 'embedded', imageBase: '/api/img', turnstileSiteKey: null, social }))
      return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }))
    }),
  )
}

function renderIn(element: React.ReactNode) {
  render(
    <Provider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>{element}</MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('the footer’s social links', () => {
  it('link to the pages the deployment names, and to no other network', async () => {
    answerConfig({ x: 'https://x.com/reelhouse', youtube: 'https://www.youtube.com/@reelhouse' })
    renderIn(<Footer />)
    await waitFor(() => expect(screen.getByRole('link', { name: 'X' }).getAttribute('href')).toBe('https://x.com/reelhouse'))
    expect(screen.getByRole('link', { name: 'YouTube' }).getAttribute('href')).toBe('https://www.youtube.com/@reelhouse')
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Instagram' })).toBeNull()
  })

  it('are not there at all when it names none', async () => {
    answerConfig({})
    renderIn(<Footer />)
    await waitFor(() => expect(screen.getByText('help@example.com')).toBeTruthy())
    expect(screen.queryByRole('list', { name: 'Social links' })).toBeNull()
  })
})

describe('the contact page’s social links', () => {
  it('show the pages the deployment names, and no section without any', async () => {
    answerConfig({ instagram: 'https://www.instagram.com/reelhouse' })
    renderIn(<ContactPage />)
    await waitFor(() => expect(screen.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://www.instagram.com/reelhouse'))
    expect(screen.queryByRole('link', { name: 'X (Twitter)' })).toBeNull()
  })

  it('leave the section out when the deployment names none', async () => {
    answerConfig({})
    renderIn(<ContactPage />)
    await waitFor(() => expect(screen.getAllByText('help@example.com').length).toBeGreaterThan(0))
    expect(screen.queryByRole('heading', { name: 'Follow us' })).toBeNull()
  })
})

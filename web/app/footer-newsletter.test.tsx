// The footer's e-mail box (the weekly "new on the site" e-mail, POST /api/newsletter): hidden
// where GET /api/config says no mailer is configured; otherwise it sends the address with the
// page's language, then says to check the inbox, or shows why it could not subscribe.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Footer } from './footer'

type Answer = (body: unknown) => Response

function answer(newsletter: boolean | undefined, subscribe: Answer = () => Response.json({ message: 'sent' }, { status: 202 })) {
  const posted: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)
      const url = new URL(request.url, 'http://localhost')
      if (url.pathname === '/api/config') return Response.json({ siteName: 'Reelhouse', supportEmail: 'help@example.com', provider: 'embedded', imageBase: '/api/img', turnstileSiteKey: null, social: {}, ...(newsletter !== undefined && { newsletter }) })
      if (url.pathname === '/api/newsletter' && request.method === 'POST') {
        const body = await request.json()
        posted.push(body)
        return subscribe(body)
      }
      return Response.json({ error: 'Not found' }, { status: 404 })
    }),
  )
  return posted
}

function renderFooter() {
  render(
    <Provider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
}

async function submit(address: string) {
  const box = await screen.findByLabelText('E-mail address')
  fireEvent.change(box, { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'SUBSCRIBE' }))
}

afterEach(() => vi.unstubAllGlobals())

describe('the footer’s e-mail box', () => {
  it('is not there when the deployment has no mailer (or does not say)', async () => {
    for (const offered of [false, undefined]) {
      answer(offered)
      renderFooter()
      await waitFor(() => expect(screen.getAllByText('help@example.com').length).toBeGreaterThan(0))
      expect(screen.queryByLabelText('E-mail address')).toBeNull()
      expect(screen.queryByText('New movie updates')).toBeNull()
    }
  })

  it('subscribes the address in the page’s language and says to check the inbox', async () => {
    const posted = answer(true)
    renderFooter()
    await submit('viewer@example.com')
    await waitFor(() => expect(screen.getByText('Check your inbox: we have sent a link to confirm the subscription.')).toBeTruthy())
    expect(posted).toEqual([{ email: 'viewer@example.com', locale: 'en' }])
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('')
  })

  it('shows the server’s reason for a refusal, and its own words when the server fails', async () => {
    answer(true, () => Response.json({ error: 'Too many attempts. Please try again in 5 minutes.' }, { status: 429 }))
    renderFooter()
    await submit('viewer@example.com')
    await waitFor(() => expect(screen.getByText('Too many attempts. Please try again in 5 minutes.')).toBeTruthy())
    expect(screen.queryByText(/Check your inbox/)).toBeNull()
  })

  it('says it could not subscribe when the server answers 500', async () => {
    answer(true, () => Response.json({ error: 'Internal error' }, { status: 500 }))
    renderFooter()
    await submit('viewer@example.com')
    await waitFor(() => expect(screen.getByText('Could not subscribe just now. Please try again later.')).toBeTruthy())
  })
})

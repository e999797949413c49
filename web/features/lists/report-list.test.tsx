// The list page's Report (report-list.tsx): a visitor is asked to sign in; a signed-in reader who
// is not the owner chooses a reason, may add a note, and sends one report; the owner of a hidden
// list is told why. The API is answered by a stub that records what the page sends.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider } from 'jotai'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Component as ListPage } from './list-page'

const list = {
  slug: 'abcdefghij',
  name: 'Rainy Sunday',
  description: 'Slow films',
  is_public: true,
  item_count: 0,
  posters: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  hidden: null as null | { reason: string; note: string | null; at: string | null },
  items: [],
  owner_name: 'ann',
}

function answer(options: { signedIn: boolean; own?: boolean; reported?: boolean; hidden?: typeof list.hidden; reportStatus?: number }) {
  const sent: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)
      const url = new URL(request.url, 'http://localhost')
      if (url.pathname === '/api/auth/me') return Response.json(options.signedIn ? { id: 2, email: 'b@example.com', type: 'user', user: { username: 'bob' } } : { user: null })
      if (url.pathname === `/api/lists/${list.slug}/report`) {
        sent.push(await request.json())
        return options.reportStatus ? Response.json({ error: 'You have already reported this list.' }, { status: options.reportStatus }) : Response.json({ reported: true }, { status: 201 })
      }
      if (url.pathname === `/api/lists/${list.slug}`)
        return Response.json({ list: { ...list, hidden: options.hidden ?? null }, own: options.own ?? false, ...(options.signedIn && { reported: options.reported ?? sent.length > 0 }) })
      return Response.json({ error: 'Not found' }, { status: 404 })
    }),
  )
  return sent
}

function renderPage() {
  render(
    <Provider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[`/list/${list.slug}`]}>
            <Routes>
              <Route path="/list/:slug" element={<ListPage />} />
            </Routes>
          </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('reporting a list', () => {
  it('asks a visitor to sign in first', async () => {
    answer({ signedIn: false })
    renderPage()
    const link = await screen.findByRole('link', { name: 'Sign in to report this list' })
    expect(link.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/list/${list.slug}`)}`)
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull()
  })

  it('sends a signed-in reader’s reason and note once, and then says it was reported', async () => {
    const sent = answer({ signedIn: true })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this list' })
    // no reason chosen: the form says so and sends nothing
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a reason.')
    expect(sent).toEqual([])
    fireEvent.click(screen.getByRole('radio', { name: 'Harassment or bullying' }))
    const note = screen.getByLabelText('Anything else we should know? (optional)') as HTMLTextAreaElement
    expect(note.maxLength).toBe(500)
    fireEvent.change(note, { target: { value: '  Insults in the description  ' } })
    expect(screen.getByText('30 of 500 characters')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(sent).toEqual([{ reason: 'harassment', note: 'Insults in the description' }]))
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false))
    expect(await screen.findByText('You reported this list. Thank you.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull()
  })

  it('shows the server’s refusal in the form', async () => {
    answer({ signedIn: true, reportStatus: 409 })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect((await screen.findByRole('alert')).textContent).toBe('You have already reported this list.')
  })

  it('offers no Report to the owner, who is told why a hidden list is hidden', async () => {
    answer({ signedIn: true, own: true, hidden: { reason: 'spam', note: 'Every title links to a shop.', at: null } })
    renderPage()
    const notice = await screen.findByText('Only you can see this list').then((heading) => heading.closest('[role="status"]')!)
    expect(notice.textContent).toContain('Only you can see this list')
    expect(notice.textContent).toContain('An administrator hid it from others. Reason: Spam or advertising')
    expect(notice.textContent).toContain('Every title links to a shop.')
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull()
    expect(screen.getByText('Hidden')).toBeTruthy()
  })

  it('tells the owner a list its reports hid awaits review', async () => {
    answer({ signedIn: true, own: true, hidden: { reason: 'reports', note: null, at: null } })
    renderPage()
    expect(await screen.findByText(/Several people reported it/)).toBeTruthy()
  })
})

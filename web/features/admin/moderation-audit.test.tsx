// The dashboard's Moderation and Audit log screens (moderation-tab.tsx, audit-tab.tsx): reported
// lists with their reports, hide with a reason and note, restore, ban the owner; the audit log's
// rows, its filters sent to the API, paging, and the CSV export's address. The API is answered by
// a stub that records what the screens ask for.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuditTab } from './audit-tab'
import { ModerationTab } from './moderation-tab'
import { stubApi } from '../../test-api'

const stub = stubApi

function renderIn(element: React.ReactNode) {
  render(
    <Provider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{element}</MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

const reported = {
  slug: 'abcdefghij',
  name: 'Shop links',
  description: 'Buy here',
  is_public: true,
  owner_type: 'user',
  owner_id: 42,
  owner_name: 'ann',
  owner_active: true,
  hidden_reason: 'reports',
  hidden_note: null,
  hidden_at: '2026-11-01T10:00:00.000Z',
  reviewed_at: null,
  open_reports: 2,
  reports: [
    { reason: 'spam', note: 'Links to a shop', created_at: '2026-11-01T10:00:00.000Z', reporter: 'bob', open: true },
    { reason: 'other', note: null, created_at: '2026-11-01T09:00:00.000Z', reporter: 'cy', open: true },
  ],
}

describe('the Moderation screen', () => {
  it('shows reported lists with their reports and hides one with a reason and a note', async () => {
    let hidden = false
    const seen = stub((url) => {
      if (url.pathname === '/api/admin/moderation/lists') return Response.json({ results: [hidden ? { ...reported, hidden_reason: 'spam', hidden_note: 'Shop' } : reported], page: 1, has_more: false })
      if (url.pathname.endsWith('/hide')) {
        hidden = true
        return Response.json({ hidden: true })
      }
      return Response.json({ error: 'Not found' }, { status: 404 })
    })
    renderIn(<ModerationTab />)
    const card = await screen.findByRole('article', { name: 'Shop links' })
    expect(within(card).getByText('By ann')).toBeTruthy()
    expect(within(card).getByText('Hidden by reports')).toBeTruthy()
    expect(within(card).getByText('Reports awaiting review: 2')).toBeTruthy()
    expect(within(card).getByText('Links to a shop')).toBeTruthy()
    expect(within(card).getByText('Spam or advertising')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Shop links' }).getAttribute('href')).toBe('/list/abcdefghij')

    fireEvent.click(within(card).getByRole('button', { name: 'Hide list' }))
    fireEvent.change(within(card).getByLabelText('Reason (shown to the owner)'), { target: { value: 'spam' } })
    fireEvent.change(within(card).getByLabelText('Note to the owner (optional)'), { target: { value: ' Shop ' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Hide from everyone but the owner' }))
    await waitFor(() => expect(seen.find((s) => s.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/moderation/lists/abcdefghij/hide', body: { reason: 'spam', note: 'Shop' } }))
    expect(await screen.findByText('Hidden: Spam or advertising')).toBeTruthy()
    expect(screen.getByText('Note to the owner: Shop')).toBeTruthy()
  })

  it('restores a hidden list, bans its owner after asking, and switches to the hidden lists', async () => {
    const seen = stub((url) => {
      if (url.pathname === '/api/admin/moderation/lists') return Response.json({ results: [reported], page: 1, has_more: false })
      if (url.pathname.endsWith('/restore')) return Response.json({ hidden: false })
      if (url.pathname === '/api/admin/users/42/ban') return Response.json({ message: 'User banned' })
      return Response.json({ error: 'Not found' }, { status: 404 })
    })
    vi.stubGlobal('confirm', vi.fn(() => true))
    renderIn(<ModerationTab />)
    const card = await screen.findByRole('article', { name: 'Shop links' })
    fireEvent.click(within(card).getByRole('button', { name: 'Restore' }))
    await waitFor(() => expect(seen.some((s) => s.method === 'POST' && s.path === '/api/admin/moderation/lists/abcdefghij/restore')).toBe(true))
    fireEvent.click(within(card).getByRole('button', { name: 'Ban owner' }))
    await waitFor(() => expect(seen.some((s) => s.method === 'POST' && s.path === '/api/admin/users/42/ban')).toBe(true))
    expect(window.confirm).toHaveBeenCalledWith('Ban ann? They will be signed out everywhere and unable to sign in until unbanned.')

    fireEvent.click(screen.getByRole('button', { name: 'Hidden' }))
    await waitFor(() => expect(seen.some((s) => s.path === '/api/admin/moderation/lists?status=hidden&page=1')).toBe(true))
    expect(screen.getByRole('button', { name: 'Hidden' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('says when nothing awaits review', async () => {
    stub(() => Response.json({ results: [], page: 1, has_more: false }))
    renderIn(<ModerationTab />)
    expect(await screen.findByText('No list awaits review.')).toBeTruthy()
  })
})

const row = (id: number, action: string, extra: object = {}) => ({ id, at: '2026-11-27T12:00:00.000Z', admin_id: 7, admin_name: 'root', action, target: 'user:42', detail: { username: 'ann' }, ip: '203.0.113.7', ...extra })

describe('the Audit log screen', () => {
  it('lists what administrators did and sends its filters to the API and the CSV export', async () => {
    const seen = stub((url) => {
      if (url.pathname === '/api/admin/audit/filters') return Response.json({ actions: ['user.ban', 'list.hide', 'admin.write'], admins: [{ id: 7, name: 'root' }] })
      if (url.pathname === '/api/admin/audit') {
        const before = url.searchParams.get('before')
        if (before) return Response.json({ results: [row(1, 'admin.write', { target: null, detail: null, ip: null })], next: null })
        return Response.json({ results: [row(3, 'user.ban'), row(2, 'list.hide', { target: 'list:abcdefghij' })], next: 2 })
      }
      return Response.json({ error: 'Not found' }, { status: 404 })
    })
    renderIn(<AuditTab />)
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1]!).getByText('Banned a user')).toBeTruthy()
    expect(within(rows[1]!).getByText('root')).toBeTruthy()
    expect(within(rows[1]!).getByText('203.0.113.7')).toBeTruthy()
    expect(within(rows[1]!).getByText('{"username":"ann"}')).toBeTruthy()
    expect(within(rows[2]!).getByText('Hid a list')).toBeTruthy()

    // the next page starts after the last row shown
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Other change')).toBeTruthy()
    expect(seen.some((s) => s.path === '/api/admin/audit?before=2')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await within(await screen.findByRole('table')).findByText('Banned a user')).toBeTruthy()

    await waitFor(() => expect(screen.getByRole('option', { name: 'Banned a user' })).toBeTruthy())
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.ban' } })
    fireEvent.change(screen.getByLabelText('Administrator'), { target: { value: '7' } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } })
    await waitFor(() => expect(seen.some((s) => s.path === '/api/admin/audit?action=user.ban&admin_id=7&from=2026-11-01&to=2026-11-30')).toBe(true))
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/audit/export.csv?action=user.ban&admin_id=7&from=2026-11-01&to=2026-11-30')
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/audit/export.csv')
  })

  it('says when no action matches', async () => {
    stub((url) => (url.pathname === '/api/admin/audit' ? Response.json({ results: [], next: null }) : Response.json({ actions: [], admins: [] })))
    renderIn(<AuditTab />)
    expect(await screen.findByText('No administrator action matches.')).toBeTruthy()
  })
})

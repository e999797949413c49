// Signing out from the account menu: the browser's push subscription for the account's notices is
// dropped, with the server, before the session ends, so the next person on it gets none of them.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AccountMenuPanel } from './account-menu-panel'

afterEach(() => vi.unstubAllGlobals())

describe('signing out', () => {
  it('unsubscribes this browser from the account’s notices, then ends the session', async () => {
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
        const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
        calls.push(`${method} ${url.pathname}`)
        return Promise.resolve(Response.json({ ok: true }))
      }),
    )
    const unsubscribe = vi.fn(() => Promise.resolve(true))
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', unsubscribe }
    vi.stubGlobal('Notification', { permission: 'granted' })
    vi.stubGlobal('PushManager', function PushManager() {})
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }) },
    })
    render(
      <Provider>
        <MemoryRouter>
          <AccountMenuPanel session={{ id: 1, email: 'a@example.com', type: 'user', user: { username: 'ann' } } as never} close={() => {}} />
        </MemoryRouter>
      </Provider>,
    )
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(calls).toContain('POST /api/auth/logout'))
    expect(unsubscribe).toHaveBeenCalledTimes(1)
    expect(calls.indexOf('DELETE /api/me/notices/subscriptions')).toBeGreaterThanOrEqual(0)
    expect(calls.indexOf('DELETE /api/me/notices/subscriptions')).toBeLessThan(calls.indexOf('POST /api/auth/logout'))
  })
})

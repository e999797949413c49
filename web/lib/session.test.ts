// The session client reads GET /api/auth/me's answers: `{ user: null }` is a signed-out visitor,
// anything else the signed-in account. The network is faked at fetch, the rest is the real client.
import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionAtom, type SessionAccount } from './session'

function answerMe(status: number, body: unknown) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    if (url.pathname !== '/api/auth/me') return Promise.resolve(new Response('{"error":"Not found"}', { status: 404 }))
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function settledSession(): Promise<SessionAccount | null> {
  const store = createStore()
  const unsubscribe = store.sub(sessionAtom, () => undefined)
  try {
    await vi.waitFor(() => expect(store.get(sessionAtom)).not.toBeUndefined())
    return store.get(sessionAtom) ?? null
  } finally {
    unsubscribe()
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the session client', () => {
  it('reads { user: null } as signed out', async () => {
    const fetchMock = answerMe(200, { user: null })
    expect(await settledSession()).toBeNull()
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  it('reads a signed-in answer as the account', async () => {
    const account: SessionAccount = { id: 7, email: 'ada@example.com', type: 'user', user: { username: 'ada', role: 'user' } }
    answerMe(200, account)
    expect(await settledSession()).toEqual(account)
  })

  it('treats a failing session check as signed out', async () => {
    answerMe(500, { error: 'Internal error' })
    expect(await settledSession()).toBeNull()
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PARTY_CLOSE, type ClientMessage, type PartyMember, type PartyState, type ServerMessage } from '../../../worker/party/protocol'
import { stubApi } from '../../test-api'
import { Component } from './party-page'

const CODE = 'abcdefghijklmnopqrstuv'

/** The room's end of the socket, driven by the test. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 3
  static all: FakeSocket[] = []
  readyState = FakeSocket.CONNECTING
  sent: ClientMessage[] = []
  constructor(readonly url: string) {
    super()
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage)
  }
  close() {
    this.readyState = FakeSocket.CLOSED
  }
  open() {
    this.readyState = FakeSocket.OPEN
    this.dispatchEvent(new Event('open'))
  }
  say(message: ServerMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }))
  }
  closeWith(code: number) {
    this.readyState = FakeSocket.CLOSED
    const event = new Event('close') as Event & { code: number }
    Object.defineProperty(event, 'code', { value: code })
    this.dispatchEvent(event)
  }
  static last(): FakeSocket {
    const socket = FakeSocket.all.at(-1)
    if (!socket) throw new Error('no socket opened')
    return socket
  }
}

const title = { content_type: 'movie' as const, content_id: 550, season_number: 0, episode_number: 0 }
const state = (over: Partial<PartyState> = {}): PartyState => ({
  title,
  control: 'host',
  playback: { playing: false, position: 0, rate: 1, at: Date.now() },
  waiting: null,
  ...over,
})
const member = (id: string, name: string, over: Partial<PartyMember> = {}): PartyMember => ({ id, name, host: false, signedIn: false, buffering: false, behind: false, ...over })

function stubRoom({ room = 'open', user = null }: { room?: 'open' | 'full' | 'gone'; user?: { username: string } | null } = {}) {
  return stubApi((url) => {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    if (url.pathname === '/api/auth/me') return json(user ? { id: 1, email: 'a@b.c', type: 'user', user } : { user: null })
    if (url.pathname === `/api/party/${CODE}`) return room === 'gone' ? json({ error: 'This room has ended.' }, 404) : json({ title, members: 2, full: room === 'full' })
    if (url.pathname === '/api/catalog/movie/550') return json({ id: 550, title: 'Fight Club', seasons: [] })
    if (url.pathname.startsWith('/api/player/stream/')) return json({ url: null, thumbnails: null })
    return json({ error: 'not here' }, 404)
  })
}

function renderPage() {
  return render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[`/party/${CODE}`]}>
          <Routes>
            <Route path="/party/:code" element={<Component />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
}

/** A visitor who gave their name, in the room as `you` with `members`. */
async function joined(welcome: Partial<Extract<ServerMessage, { type: 'welcome' }>> = {}) {
  sessionStorage.setItem(`reelhouse:party-name:${CODE}`, 'Ann')
  renderPage()
  await screen.findByTestId('party-page')
  // The page listens to its connection from the render after it opens.
  await act(async () => undefined)
  const socket = FakeSocket.last()
  act(() => {
    socket.open()
    socket.say({ type: 'welcome', you: 'm1', memberKey: 'key-1', state: state(), members: [member('m1', 'Ann')], chat: [], now: Date.now(), ...welcome })
  })
  return socket
}

beforeEach(() => {
  FakeSocket.all = []
  vi.stubGlobal('WebSocket', FakeSocket)
})
afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
})

describe('the party page', () => {
  it('asks a visitor for a name first, then joins under it', async () => {
    stubRoom()
    renderPage()
    const name = await screen.findByLabelText('Your name')
    expect(FakeSocket.all).toHaveLength(0)
    expect(name.getAttribute('maxlength')).toBe('30')
    // the invited see what the room is watching before they give their name
    await screen.findByText('Fight Club')
    fireEvent.change(name, { target: { value: '  Bo  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join' }))
    await screen.findByTestId('party-page')
    const socket = FakeSocket.last()
    expect(socket.url).toBe(`ws://localhost:3000/api/party/${CODE}/socket`.replace('localhost:3000', window.location.host))
    act(() => socket.open())
    expect(socket.sent[0]).toEqual({ type: 'join', name: 'Bo' })
  })

  it('joins a signed-in member without asking, with the host key this browser kept', async () => {
    stubRoom({ user: { username: 'carol' } })
    localStorage.setItem(`reelhouse:party-host:${CODE}`, 'secret')
    renderPage()
    await screen.findByTestId('party-page')
    act(() => FakeSocket.last().open())
    expect(FakeSocket.last().sent[0]).toEqual({ type: 'join', hostKey: 'secret' })
    expect(await screen.findByRole('heading', { name: 'Fight Club' })).toBeTruthy()
  })

  it('shows chat messages as text, never as markup', async () => {
    stubRoom()
    const socket = await joined({ chat: [{ id: 'c1', from: 'm2', name: 'Bo', text: '<img src=x onerror=alert(1)>', at: Date.now() }] })
    const chat = screen.getByTestId('party-chat-messages')
    expect(chat.textContent).toContain('<img src=x onerror=alert(1)>')
    expect(chat.querySelector('img')).toBeNull()
    expect(within(chat).getByText('Bo')).toBeTruthy()

    const input = screen.getByLabelText('Message')
    expect(input.getAttribute('maxlength')).toBe('500')
    fireEvent.change(input, { target: { value: 'hello' } })
    expect(screen.getByText('5/500')).toBeTruthy()
    fireEvent.submit(input.closest('form')!)
    expect(socket.sent).toContainEqual({ type: 'chat', text: 'hello' })
    act(() => socket.say({ type: 'error', code: 'too-fast', message: 'Too fast' }))
    expect(screen.getByText(/sending messages too fast/)).toBeTruthy()
  })

  it('lists the members with their marks, and gives the host Remove and the choice of control', async () => {
    stubRoom()
    const socket = await joined({
      members: [member('m1', 'Ann', { host: true }), member('m2', 'Bo', { buffering: true }), member('m3', 'Cy', { behind: true })],
    })
    const list = screen.getByTestId('party-members')
    const rows = within(list).getAllByRole('listitem')
    expect(rows[0]!.textContent).toContain('Ann(you)Host')
    expect(rows[1]!.textContent).toContain('Buffering')
    expect(rows[2]!.textContent).toContain('Behind')
    expect(within(rows[0]!).queryByRole('button')).toBeNull()
    fireEvent.click(within(list).getByRole('button', { name: 'Remove Bo' }))
    expect(socket.sent).toContainEqual({ type: 'remove', member: 'm2' })
    expect(screen.getByRole('button', { name: 'Only I control' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Everyone controls' }))
    expect(socket.sent).toContainEqual({ type: 'control', control: 'everyone' })
  })

  it('lets the host put any episode of any season on for everyone', async () => {
    const show = { content_type: 'tv' as const, content_id: 1399, season_number: 1, episode_number: 2 }
    const episodes = (season: number) => [1, 2, 3].map((n) => ({ episode_number: n, name: n === 3 ? `The third of ${season}` : `Episode ${n}` }))
    stubApi((url) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
      if (url.pathname === '/api/auth/me') return json({ user: null })
      if (url.pathname === `/api/party/${CODE}`) return json({ title: show, members: 1, full: false })
      if (url.pathname === '/api/catalog/tv/1399') return json({ id: 1399, name: 'A Show', seasons: [1, 2].map((n) => ({ season_number: n, episode_count: 3, name: `Season ${n}` })) })
      const season = /^\/api\/catalog\/tv\/1399\/season\/(\d+)$/.exec(url.pathname)?.[1]
      if (season) return json({ season_number: Number(season), episodes: episodes(Number(season)) })
      if (url.pathname.startsWith('/api/player/stream/')) return json({ url: null, thumbnails: null })
      return json({ error: 'not here' }, 404)
    })
    const socket = await joined({ state: state({ title: show }), members: [member('m1', 'Ann', { host: true })] })
    const episode = await screen.findByLabelText('Episode for everyone')
    await screen.findByRole('option', { name: 'Episode 3 · The third of 1' })
    // the episode playing is the one chosen
    expect(screen.getByRole('option', { name: 'Episode 2', selected: true })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Season'), { target: { value: '2' } })
    await screen.findByRole('option', { name: 'Episode 3 · The third of 2' })
    fireEvent.change(episode, { target: { value: '3' } })
    expect(socket.sent).toContainEqual({ type: 'episode', season_number: 2, episode_number: 3 })
  })

  it('gives a member who is not the host neither Remove nor the choice', async () => {
    stubRoom()
    await joined({ members: [member('m1', 'Ann'), member('m2', 'Bo', { host: true })] })
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Everyone controls' })).toBeNull()
  })

  it('says whom the room waits for, and offers Continue only once continueFrom has passed', async () => {
    stubRoom()
    const socket = await joined({ members: [member('m1', 'Ann'), member('m2', 'Bo', { buffering: true }), member('m3', 'Cy', { buffering: true })] })
    const waiting = { members: [{ id: 'm2', name: 'Bo' }, { id: 'm3', name: 'Cy' }], continueFrom: Date.now() + 400 }
    act(() => socket.say({ type: 'state', state: state({ waiting }) }))
    expect(screen.getByTestId('party-waiting').textContent).toContain('Waiting for Bo and Cy')
    expect(screen.queryByRole('button', { name: 'Continue without them' })).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: 'Continue without them' }, { timeout: 2000 }))
    expect(socket.sent).toContainEqual({ type: 'continue' })
    expect(screen.getByTestId('party-announcement').textContent).toContain('Waiting for Bo and Cy')
    // the member waited for reads that it is them
    act(() => socket.say({ type: 'state', state: state({ waiting: { members: [{ id: 'm1', name: 'Ann' }], continueFrom: Date.now() + 60_000 } }) }))
    expect(screen.getByTestId('party-waiting').textContent).toContain('Waiting for Ann (you)')
  })

  it('announces who joined, left, played and paused', async () => {
    stubRoom()
    const socket = await joined({ members: [member('m1', 'Ann'), member('m2', 'Bo')] })
    const announced = () => screen.getByTestId('party-announcement').textContent
    act(() => socket.say({ type: 'members', members: [member('m1', 'Ann'), member('m2', 'Bo'), member('m3', 'Cy')] }))
    expect(announced()).toBe('Cy joined')
    act(() => socket.say({ type: 'members', members: [member('m1', 'Ann'), member('m3', 'Cy')] }))
    expect(announced()).toBe('Bo left')
    act(() => socket.say({ type: 'state', state: state({ playback: { playing: true, position: 0, rate: 1, at: Date.now() } }), by: 'Cy' }))
    expect(announced()).toBe('Cy played')
    act(() => socket.say({ type: 'state', state: state(), by: 'Cy' }))
    expect(announced()).toBe('Cy paused')
  })

  it('tells a member the room refused a command of theirs', async () => {
    stubRoom()
    const socket = await joined()
    act(() => socket.say({ type: 'error', code: 'not-allowed', message: 'Only the host' }))
    expect(screen.getByRole('alert').textContent).toBe('Only the host controls playback')
  })

  it('rejoins as the same member after a dropped connection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      stubRoom()
      const socket = await joined()
      act(() => socket.closeWith(1006))
      expect(screen.getByText('Connection lost. Reconnecting…')).toBeTruthy()
      await act(() => vi.advanceTimersByTimeAsync(600))
      const again = FakeSocket.last()
      expect(again).not.toBe(socket)
      act(() => again.open())
      expect(again.sent[0]).toEqual({ type: 'join', name: 'Ann', memberKey: 'key-1' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('says when the room has ended, before and after joining', async () => {
    stubRoom({ room: 'gone' })
    const { unmount } = renderPage()
    expect(await screen.findByRole('heading', { name: 'This room has ended' })).toBeTruthy()
    unmount()
    stubRoom()
    const socket = await joined()
    act(() => socket.closeWith(PARTY_CLOSE.ended))
    expect(screen.getByRole('heading', { name: 'This room has ended' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the title' }).getAttribute('href')).toBe('/movie/550')
  })

  it('says when the room is full', async () => {
    stubRoom({ room: 'full' })
    renderPage()
    expect(await screen.findByRole('heading', { name: 'This room is full (20 people)' })).toBeTruthy()
    expect(FakeSocket.all).toHaveLength(0)
  })

  it('says when the host removed this member, and does not come back', async () => {
    stubRoom()
    const socket = await joined()
    act(() => socket.closeWith(PARTY_CLOSE.removed))
    expect(screen.getByRole('heading', { name: 'The host removed you from this room' })).toBeTruthy()
    expect(FakeSocket.all).toHaveLength(1)
  })
})

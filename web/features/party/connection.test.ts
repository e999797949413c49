import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClientMessage, ServerMessage } from '../../../worker/party/protocol'
import { PartyConnection } from './connection'

class FakeSocket extends EventTarget {
  static readonly OPEN = 1
  static last: FakeSocket
  readyState = 0
  sent: ClientMessage[] = []
  constructor() {
    super()
    FakeSocket.last = this
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage)
  }
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('WebSocket', FakeSocket)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('the clock offset', () => {
  it('is measured again after a minute', () => {
    const connection = new PartyConnection('abcdefghijklmnopqrstuv', 'Ann')
    connection.start()
    const socket = FakeSocket.last
    socket.readyState = FakeSocket.OPEN
    socket.dispatchEvent(new Event('open'))
    const welcome: ServerMessage = { type: 'welcome', you: 'm1', memberKey: 'key-1', state: { title: { content_type: 'movie', content_id: 550, season_number: 0, episode_number: 0 }, control: 'host', playback: { playing: false, position: 0, rate: 1, at: 0 }, waiting: null }, members: [], chat: [], now: Date.now() }
    socket.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(welcome) }))
    const pings = () => socket.sent.filter((message) => message.type === 'ping').length
    expect(pings()).toBe(1)
    vi.advanceTimersByTime(59_999)
    expect(pings()).toBe(1)
    vi.advanceTimersByTime(1)
    expect(pings()).toBe(2)
    connection.stop()
  })
})

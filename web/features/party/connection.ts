/**
 * A member's connection to a party room (/api/party/{code}/socket, protocol.ts): it joins, keeps
 * what the room last said (its state, members, chat, reactions, the last refusal), measures the
 * clock offset, and comes back by itself after a dropped connection, rejoining as the same member
 * (the room's memberKey, kept in sessionStorage for the tab) without a page reload. It stops for
 * good on the close codes that say the room is over for this member: ended, full, removed.
 * A plain class with listeners, so the page's hook (use-party.ts) and the tests share it.
 */
import {
  PARTY_CLOSE,
  SYNC_CLOCK_REFRESH_MS,
  SYNC_CLOCK_SAMPLES,
  type ClientMessage,
  type PartyChatMessage,
  type PartyErrorCode,
  type PartyMember,
  type PartyReaction,
  type PartyState,
  type ServerMessage,
} from '../../../worker/party/protocol'
import { hostKeyOf } from '../../lib/party-host'
import { keepMemberKey, keptMemberKey } from './kept'
import { clockOffset, keepSample, type ClockSample } from './sync'

export type PartyPhase = 'connecting' | 'open' | 'reconnecting' | 'ended' | 'full' | 'removed'

export interface FloatingReaction {
  id: number
  emoji: PartyReaction
  name: string
}

export interface PartySnapshot {
  phase: PartyPhase
  /** This member's id in the room. */
  you: string | null
  state: PartyState | null
  /** Counts the room's states (and refusals, after which the player goes back to the state). */
  stateSeq: number
  /** Who made the last change, when a member did. */
  changedBy: string | null
  members: PartyMember[]
  chat: PartyChatMessage[]
  reactions: FloatingReaction[]
  error: { code: PartyErrorCode; message: string; seq: number } | null
  /** The room's clock minus ours, in milliseconds (0 until measured). */
  offset: number
}

/** How long a reaction floats over the video. */
const REACTION_SHOWN_MS = 3000
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15_000]

function socketUrl(code: string): string {
  const { location } = window
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/party/${encodeURIComponent(code)}/socket`
}

export class PartyConnection {
  private snapshot: PartySnapshot = {
    phase: 'connecting',
    you: null,
    state: null,
    stateSeq: 0,
    changedBy: null,
    members: [],
    chat: [],
    reactions: [],
    error: null,
    offset: 0,
  }
  private listeners = new Set<() => void>()
  private socket: WebSocket | null = null
  private attempts = 0
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private clockTimer: ReturnType<typeof setInterval> | undefined
  private samples: ClockSample[] = []
  private pingsLeft = 0
  private reactionId = 0
  private stopped = false

  constructor(
    private readonly code: string,
    private readonly name: string | undefined,
  ) {}

  get current(): PartySnapshot {
    return this.snapshot
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private update(change: Partial<PartySnapshot>) {
    this.snapshot = { ...this.snapshot, ...change }
    for (const listener of this.listeners) listener()
  }

  start(): void {
    this.stopped = false
    this.open()
  }

  /** Leaves the room: the socket closes and nothing reconnects. */
  stop(): void {
    this.stopped = true
    clearTimeout(this.retryTimer)
    clearInterval(this.clockTimer)
    const socket = this.socket
    this.socket = null
    socket?.close(1000)
  }

  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message))
  }

  private open() {
    const socket = new WebSocket(socketUrl(this.code))
    this.socket = socket
    socket.addEventListener('open', () => {
      const hostKey = hostKeyOf(this.code)
      const memberKey = keptMemberKey(this.code)
      socket.send(JSON.stringify({ type: 'join', name: this.name, hostKey, memberKey } satisfies ClientMessage))
    })
    socket.addEventListener('message', (event: MessageEvent) => {
      if (socket !== this.socket) return
      let message: ServerMessage
      try {
        message = JSON.parse(String(event.data)) as ServerMessage
      } catch {
        return
      }
      this.receive(message)
    })
    socket.addEventListener('close', (event: CloseEvent) => {
      if (socket !== this.socket) return
      this.socket = null
      clearInterval(this.clockTimer)
      const phase = closedPhase(event.code)
      if (phase) {
        this.stopped = true
        this.update({ phase })
        return
      }
      if (this.stopped) return
      const delay = BACKOFF_MS[Math.min(this.attempts, BACKOFF_MS.length - 1)]!
      this.attempts += 1
      this.update({ phase: 'reconnecting' })
      this.retryTimer = setTimeout(() => this.open(), delay)
    })
  }

  private receive(message: ServerMessage) {
    const s = this.snapshot
    switch (message.type) {
      case 'welcome':
        this.attempts = 0
        keepMemberKey(this.code, message.memberKey)
        this.update({ phase: 'open', you: message.you, state: message.state, stateSeq: s.stateSeq + 1, changedBy: null, members: message.members, chat: message.chat })
        this.measureClock()
        clearInterval(this.clockTimer)
        this.clockTimer = setInterval(() => this.measureClock(), SYNC_CLOCK_REFRESH_MS)
        return
      case 'pong': {
        this.samples = keepSample(this.samples, { t0: message.t0, server: message.server, t3: Date.now() })
        this.update({ offset: clockOffset(this.samples) ?? 0 })
        if (this.pingsLeft > 0) this.ping()
        return
      }
      case 'state':
        this.update({ state: message.state, stateSeq: s.stateSeq + 1, changedBy: message.by ?? null })
        return
      case 'members':
        this.update({ members: message.members })
        return
      case 'chat':
        this.update({ chat: [...s.chat, message.message].slice(-200) })
        return
      case 'reaction': {
        const reaction = { id: ++this.reactionId, emoji: message.emoji, name: message.name }
        this.update({ reactions: [...s.reactions, reaction].slice(-30) })
        setTimeout(() => this.update({ reactions: this.snapshot.reactions.filter((r) => r.id !== reaction.id) }), REACTION_SHOWN_MS)
        return
      }
      case 'error':
        // A refused command: the player goes back to the room's state (a new sequence number).
        this.update({
          error: { code: message.code, message: message.message, seq: (s.error?.seq ?? 0) + 1 },
          stateSeq: message.code === 'not-allowed' ? s.stateSeq + 1 : s.stateSeq,
        })
        return
    }
  }

  /** SYNC_CLOCK_SAMPLES pings, each sent when the last is answered. */
  private measureClock() {
    this.pingsLeft = SYNC_CLOCK_SAMPLES
    this.ping()
  }

  private ping() {
    this.pingsLeft -= 1
    this.send({ type: 'ping', t0: Date.now() })
  }
}

function closedPhase(code: number): PartyPhase | null {
  if (code === PARTY_CLOSE.ended || code === PARTY_CLOSE.protocol) return 'ended'
  if (code === PARTY_CLOSE.full) return 'full'
  if (code === PARTY_CLOSE.removed) return 'removed'
  return null
}

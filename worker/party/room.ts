/**
 * PartyRoom: one Durable Object per watch party (`env.PARTY.idFromName(code)`), holding the room's
 * state and its members' WebSockets, so that every member's player follows one clock and one
 * playhead (the rules are in worker/party/protocol.ts). Sockets use the hibernation API: between
 * messages the object may be evicted from memory, so everything it must remember is in storage (the
 * room, its chat, the keys members rejoin with) or in each socket's attachment (who the member is,
 * whether it is loading, buffering or behind, its chat allowance). The room and its chat are read
 * from storage once per wake-up and then kept in memory beside it, since members' status messages
 * arrive every few seconds each. Nothing runs on a timer in memory: waits end when a member's
 * message arrives, and an empty room ends by an alarm.
 *
 * The room is made by the worker (routes/party.ts) through `create`; a socket reaches it through
 * `fetch`, with the signed-in account's username in PARTY_ACCOUNT_HEADER, which only the worker sets.
 */
import { DurableObject } from 'cloudflare:workers'
import type { Bindings } from '../env'
import { digestHex, sameSecret } from '../lib/digest'
import { randomToken } from '../lib/tokens'
import { readClientMessage } from './messages'
import {
  PARTY_BEHIND_SECONDS,
  PARTY_CHAT_KEPT,
  PARTY_CLOSE,
  PARTY_COMMAND_LEAD_MS,
  PARTY_EXPIRY_MS,
  PARTY_MAX_MEMBERS,
  PARTY_MESSAGES_PER_SECOND,
  PARTY_WAIT_FIRST_LOAD_MS,
  PARTY_WAIT_REBUFFER_MS,
  expectedPosition,
  type ClientMessage,
  type PartyChatMessage,
  type PartyControl,
  type PartyErrorCode,
  type PartyMember,
  type PartyPlayback,
  type PartyState,
  type PartyTitle,
  type PartyWaiting,
  type ServerMessage,
} from './protocol'

/** The signed-in account's username (URI-encoded), set by the worker on the socket request it forwards. */
export const PARTY_ACCOUNT_HEADER = 'X-Reelhouse-Party-Account'

/** Sockets that have not joined yet, beyond the members, before new ones are turned away. */
const PENDING_SOCKETS_MAX = PARTY_MAX_MEMBERS

const ROOM_KEY = 'room'
const CHAT_KEY = 'chat'

interface Room {
  title: PartyTitle
  /** SHA-256 of the host key the creator was given. */
  hostKeyHash: string
  control: PartyControl
  playback: PartyPlayback
  waiting: PartyWaiting | null
}

/** A member as its key remembers it (`member:{SHA-256 of the key}`), for rejoining. */
interface KnownMember {
  id: string
  name: string
  host: boolean
  signedIn: boolean
  removed: boolean
}

/** A socket before its `join`. */
interface Arriving {
  joined: false
  /** The signed-in account's username, or null for a visitor. */
  account: string | null
}

/** A socket's member: who it is and where its player stands. */
interface Joined extends PartyMember {
  joined: true
  keyHash: string
  /** Has played since it joined or the episode changed (loading ends with its first non-buffering status). */
  ready: boolean
  /** Left behind by a `continue`: its buffering does not hold the room until it is ready again. */
  excused: boolean
  /** Chat messages and reactions it may still send now, and when that was counted. */
  tokens: number
  countedAt: number
}

type Attachment = Arriving | Joined

export interface PartyInfo {
  title: PartyTitle
  members: number
  full: boolean
}

const ERROR_TEXT: Record<PartyErrorCode, string> = {
  'not-allowed': 'Only the host may do that in this room.',
  'too-fast': 'Too many messages at once; wait a moment.',
  invalid: 'That message could not be read.',
  'not-yet': 'The room is still waiting for its members.',
}

function send(ws: WebSocket, message: ServerMessage): void {
  try {
    ws.send(JSON.stringify(message))
  } catch {
    // a socket closing under us: its close handler tidies up
  }
}

function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason)
  } catch {
    // already closed
  }
}

/**
 * Marks a socket whose member has left, or moved to another socket, as no member's: when its close
 * or error event comes afterwards there is nothing left to do for it.
 */
function forget(ws: WebSocket): void {
  try {
    ws.serializeAttachment({ joined: false, account: null } satisfies Arriving)
  } catch {
    // closed already: its attachment is not read again
  }
}

function publicMember(member: Joined): PartyMember {
  return { id: member.id, name: member.name, host: member.host, signedIn: member.signedIn, buffering: member.buffering, behind: member.behind }
}

function stateOf(room: Room): PartyState {
  return { title: room.title, control: room.control, playback: room.playback, waiting: room.waiting }
}

export class PartyRoom extends DurableObject<Bindings> {
  /**
   * The room and its chat as stored, read at most once per wake-up. Every handler shares these
   * objects and changes them before its next await, so a message handled while another awaits
   * storage sees that one's change.
   */
  private loadedRoom: Promise<Room | null> | undefined
  private loadedChat: Promise<PartyChatMessage[]> | undefined

  /** Makes the room; false when the code is taken already. An empty room ends after PARTY_EXPIRY_MS. */
  async create(title: PartyTitle, hostKeyHash: string): Promise<boolean> {
    if (await this.room()) return false
    const now = Date.now()
    await this.saveRoom({ title, hostKeyHash, control: 'host', playback: { playing: false, position: 0, rate: 1, at: now }, waiting: null })
    await this.ctx.storage.setAlarm(now + PARTY_EXPIRY_MS)
    return true
  }

  /** What the room plays and how many are in it; null when there is no such room. */
  async info(): Promise<PartyInfo | null> {
    const room = await this.room()
    if (!room) return null
    const members = this.members().length
    return { title: room.title, members, full: members >= PARTY_MAX_MEMBERS }
  }

  /** A member's socket (the worker has checked the upgrade and its origin). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response(null, { status: 426 })
    const { 0: client, 1: server } = new WebSocketPair()
    if (!(await this.room())) {
      server.accept()
      closeSocket(server, PARTY_CLOSE.ended, 'ended')
      return new Response(null, { status: 101, webSocket: client })
    }
    this.ctx.acceptWebSocket(server)
    if (this.ctx.getWebSockets().length > PARTY_MAX_MEMBERS + PENDING_SOCKETS_MAX) {
      closeSocket(server, PARTY_CLOSE.full, 'full')
      return new Response(null, { status: 101, webSocket: client })
    }
    const header = request.headers.get(PARTY_ACCOUNT_HEADER)
    const arriving: Arriving = { joined: false, account: header ? decodeURIComponent(header) : null }
    server.serializeAttachment(arriving)
    return new Response(null, { status: 101, webSocket: client })
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const me = ws.deserializeAttachment() as Attachment
    const read = readClientMessage(raw)
    const { message } = read
    if (!me.joined) {
      // A join with a bad field may be sent again; anything else first is not the protocol.
      if (message === null && read.claimed === 'join') return this.refuse(ws, 'invalid')
      if (message?.type !== 'join') return closeSocket(ws, PARTY_CLOSE.protocol, 'join first')
      return this.join(ws, me, message)
    }
    if (!message) return this.refuse(ws, 'invalid')
    switch (message.type) {
      case 'ping':
        return send(ws, { type: 'pong', t0: message.t0, server: Date.now() })
      case 'join':
        return this.refuse(ws, 'invalid')
      case 'status':
        return this.status(ws, me, message)
      case 'chat':
      case 'react':
        return this.talk(ws, me, message)
      case 'control':
      case 'remove':
        return this.hostOnly(ws, me, message)
      default:
        return this.command(ws, me, message)
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // Answers the member's close (a no-op where the runtime has already answered it).
    closeSocket(ws, code === 1005 || code === 1006 ? 1000 : code, 'bye')
    await this.left(ws)
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.left(ws)
  }

  /** Ends a room nobody came back to: everything it kept goes. */
  override async alarm(): Promise<void> {
    if (this.members().length > 0) return
    for (const ws of this.ctx.getWebSockets()) closeSocket(ws, PARTY_CLOSE.ended, 'ended')
    await this.ctx.storage.deleteAlarm()
    await this.ctx.storage.deleteAll()
    this.loadedRoom = Promise.resolve(null)
    this.loadedChat = Promise.resolve([])
  }

  private room(): Promise<Room | null> {
    this.loadedRoom ??= this.ctx.storage.get<Room>(ROOM_KEY).then((room) => room ?? null)
    return this.loadedRoom
  }

  private async saveRoom(room: Room): Promise<void> {
    this.loadedRoom = Promise.resolve(room)
    await this.ctx.storage.put(ROOM_KEY, room)
  }

  /** The chat messages kept for members who join later, oldest first. */
  private chat(): Promise<PartyChatMessage[]> {
    this.loadedChat ??= this.ctx.storage.get<PartyChatMessage[]>(CHAT_KEY).then((chat) => chat ?? [])
    return this.loadedChat
  }

  /** Open sockets that have joined, with their members, leaving out `except`. */
  private joined(except: WebSocket[] = []): { ws: WebSocket; member: Joined }[] {
    const found: { ws: WebSocket; member: Joined }[] = []
    for (const ws of this.ctx.getWebSockets()) {
      if (except.includes(ws) || ws.readyState !== WebSocket.OPEN) continue
      const member = ws.deserializeAttachment() as Attachment | null
      if (member?.joined) found.push({ ws, member })
    }
    return found
  }

  /** The room's members, one per id (a member briefly on two sockets while rejoining counts once). */
  private members(except: WebSocket[] = []): Joined[] {
    const byId = new Map<string, Joined>()
    for (const { member } of this.joined(except)) byId.set(member.id, member)
    return [...byId.values()]
  }

  private broadcast(message: ServerMessage, except: WebSocket[] = []): void {
    for (const { ws } of this.joined(except)) send(ws, message)
  }

  private broadcastMembers(except: WebSocket[] = []): void {
    this.broadcast({ type: 'members', members: this.members(except).map(publicMember) }, except)
  }

  private refuse(ws: WebSocket, code: PartyErrorCode): void {
    send(ws, { type: 'error', code, message: ERROR_TEXT[code] })
  }

  private async join(ws: WebSocket, arriving: Arriving, message: Extract<ClientMessage, { type: 'join' }>): Promise<void> {
    const room = await this.room()
    if (!room) return closeSocket(ws, PARTY_CLOSE.ended, 'ended')
    const host = message.hostKey !== undefined && sameSecret(await digestHex(message.hostKey), room.hostKeyHash)
    let memberKey = message.memberKey
    let keyHash = memberKey ? await digestHex(memberKey) : null
    const known = keyHash ? await this.ctx.storage.get<KnownMember>(`member:${keyHash}`) : undefined
    if (known?.removed) return closeSocket(ws, PARTY_CLOSE.removed, 'removed')
    let identity: Omit<KnownMember, 'removed'>
    if (known && keyHash && memberKey) {
      identity = { id: known.id, name: known.name, host: known.host || host, signedIn: known.signedIn }
    } else {
      const name = arriving.account ?? message.name
      if (!name) return this.refuse(ws, 'invalid')
      identity = { id: randomToken(8), name, host, signedIn: arriving.account !== null }
      memberKey = randomToken()
      keyHash = await digestHex(memberKey)
    }
    // The same member on an older socket (a connection that dropped without closing) gives way.
    const previous = this.joined([ws]).filter(({ member }) => member.id === identity.id)
    if (this.members([ws, ...previous.map((p) => p.ws)]).length >= PARTY_MAX_MEMBERS) return closeSocket(ws, PARTY_CLOSE.full, 'full')
    for (const { ws: old } of previous) {
      forget(old)
      closeSocket(old, 1000, 'rejoined')
    }
    if (!known || identity.host !== known.host) await this.ctx.storage.put(`member:${keyHash}`, { ...identity, removed: false } satisfies KnownMember)
    const now = Date.now()
    const member: Joined = { joined: true, ...identity, keyHash, buffering: false, behind: false, ready: false, excused: false, tokens: PARTY_MESSAGES_PER_SECOND, countedAt: now }
    ws.serializeAttachment(member)
    await this.ctx.storage.deleteAlarm()
    const chat = await this.chat()
    const members = this.members().map(publicMember)
    send(ws, { type: 'welcome', you: member.id, memberKey, state: stateOf(room), members, chat, now })
    this.broadcast({ type: 'members', members }, [ws])
  }

  /** Play, pause, seek, rate, episode, continue: for whoever the room's control lets command it. */
  private async command(ws: WebSocket, me: Joined, message: Extract<ClientMessage, { type: 'play' | 'pause' | 'seek' | 'rate' | 'episode' | 'continue' }>): Promise<void> {
    const room = await this.room()
    if (!room) return closeSocket(ws, PARTY_CLOSE.ended, 'ended')
    const members = this.members()
    const mayCommand = me.host || room.control === 'everyone' || !members.some((m) => m.host)
    if (!mayCommand) return this.refuse(ws, 'not-allowed')
    const now = Date.now()
    const at = now + PARTY_COMMAND_LEAD_MS
    const { playback } = room
    switch (message.type) {
      case 'play': {
        room.playback = { ...playback, playing: true, position: message.position, at }
        const loading = members.filter((m) => !m.excused && (!m.ready || m.buffering))
        if (loading.length === 0) room.waiting = null
        else this.holdFor(room, loading, now)
        break
      }
      case 'pause':
        room.playback = { ...playback, playing: false, position: message.position, at }
        room.waiting = null
        break
      case 'seek':
        room.playback = { ...playback, position: message.position, at: room.waiting ? now : at }
        break
      case 'rate':
        room.playback = { ...playback, position: expectedPosition(playback, at), rate: message.rate, at }
        break
      case 'episode': {
        if (room.title.content_type !== 'tv') return this.refuse(ws, 'invalid')
        const playing = playback.playing || room.waiting !== null
        room.title = { ...room.title, season_number: message.season_number, episode_number: message.episode_number }
        room.playback = { ...playback, playing, position: 0, at }
        room.waiting = null
        // Everyone loads the new episode: nobody is ready, nobody excused.
        for (const { ws: socket, member } of this.joined()) {
          socket.serializeAttachment({ ...member, ready: false, buffering: false, behind: false, excused: false } satisfies Joined)
        }
        if (playing) this.holdFor(room, this.members(), now)
        break
      }
      case 'continue': {
        if (!room.waiting) return this.refuse(ws, 'invalid')
        if (now < room.waiting.continueFrom) return this.refuse(ws, 'not-yet')
        const waitedFor = new Set(room.waiting.members.map((m) => m.id))
        for (const { ws: socket, member } of this.joined()) {
          if (waitedFor.has(member.id) && (!member.ready || member.buffering)) socket.serializeAttachment({ ...member, excused: true } satisfies Joined)
        }
        room.waiting = null
        room.playback = { ...playback, playing: true, at }
        break
      }
    }
    await this.saveRoom(room)
    this.broadcast({ type: 'state', state: stateOf(room), by: me.name })
  }

  /**
   * Holds the room for `waitFor` (members loading or buffering) when it is playing: paused where
   * the playhead is now, until they are ready or continueFrom has passed. A member already waited
   * for keeps its deadline; one waited for anew gets the first-load wait or the rebuffer wait.
   */
  private holdFor(room: Room, waitFor: Joined[], now: number): void {
    if (waitFor.length === 0 || !(room.playback.playing || room.waiting)) return
    const before = room.waiting
    const already = new Set(before?.members.map((m) => m.id))
    const deadlines = waitFor.map((m) => (already.has(m.id) && before ? before.continueFrom : now + (m.ready ? PARTY_WAIT_REBUFFER_MS : PARTY_WAIT_FIRST_LOAD_MS)))
    const kept = before?.members.filter((m) => !waitFor.some((w) => w.id === m.id)) ?? []
    room.waiting = {
      members: [...kept, ...waitFor.map((m) => ({ id: m.id, name: m.name }))],
      continueFrom: Math.max(before?.continueFrom ?? 0, ...deadlines),
    }
    room.playback = { ...room.playback, playing: false, position: expectedPosition(room.playback, now), at: now }
  }

  /**
   * Names only the members still to wait for, and plays again once every member waited for is
   * ready or gone; true when the wait changed.
   */
  private resumeIfReady(room: Room, now: number, except: WebSocket[] = []): boolean {
    if (!room.waiting) return false
    const members = new Map(this.members(except).map((m) => [m.id, m]))
    const stillLoading = room.waiting.members.filter(({ id }) => {
      const member = members.get(id)
      return member !== undefined && !member.excused && (!member.ready || member.buffering)
    })
    if (stillLoading.length === room.waiting.members.length) return false
    if (stillLoading.length > 0) {
      room.waiting = { ...room.waiting, members: stillLoading }
      return true
    }
    room.waiting = null
    room.playback = { ...room.playback, playing: true, at: now + PARTY_COMMAND_LEAD_MS }
    return true
  }

  private async status(ws: WebSocket, me: Joined, message: Extract<ClientMessage, { type: 'status' }>): Promise<void> {
    const room = await this.room()
    if (!room) return closeSocket(ws, PARTY_CLOSE.ended, 'ended')
    const now = Date.now()
    const behind = !message.buffering && Math.abs(message.position - expectedPosition(room.playback, now)) > PARTY_BEHIND_SECONDS
    const nowReady = !message.buffering
    const updated: Joined = {
      ...me,
      buffering: message.buffering,
      behind,
      ready: me.ready || nowReady,
      excused: me.excused && !nowReady,
    }
    // Most statuses say what the last one did: the attachment is written only when it changes.
    if (updated.buffering !== me.buffering || updated.behind !== me.behind || updated.ready !== me.ready || updated.excused !== me.excused) ws.serializeAttachment(updated)
    let changed = false
    if (updated.buffering && !updated.excused && (room.playback.playing || room.waiting)) {
      // the wait is the first load's until the member has played once (`me`, before this status)
      const waitedAlready = room.waiting?.members.some((m) => m.id === me.id) ?? false
      if (!waitedAlready) {
        this.holdFor(room, [me], now)
        changed = true
      }
    } else if (nowReady) {
      changed = this.resumeIfReady(room, now)
    }
    if (changed) {
      await this.saveRoom(room)
      this.broadcast({ type: 'state', state: stateOf(room) })
    }
    if (updated.buffering !== me.buffering || updated.behind !== me.behind) this.broadcastMembers()
  }

  /** Chat and reactions, within the member's allowance (a token bucket kept in its attachment). */
  private async talk(ws: WebSocket, me: Joined, message: Extract<ClientMessage, { type: 'chat' | 'react' }>): Promise<void> {
    const now = Date.now()
    const tokens = Math.min(PARTY_MESSAGES_PER_SECOND, me.tokens + ((now - me.countedAt) / 1000) * PARTY_MESSAGES_PER_SECOND)
    if (tokens < 1) {
      ws.serializeAttachment({ ...me, tokens, countedAt: now } satisfies Joined)
      return this.refuse(ws, 'too-fast')
    }
    ws.serializeAttachment({ ...me, tokens: tokens - 1, countedAt: now } satisfies Joined)
    if (message.type === 'react') return this.broadcast({ type: 'reaction', from: me.id, name: me.name, emoji: message.emoji })
    const chat: PartyChatMessage = { id: crypto.randomUUID(), from: me.id, name: me.name, text: message.text, at: now }
    const kept = await this.chat()
    kept.push(chat)
    kept.splice(0, kept.length - PARTY_CHAT_KEPT)
    await this.ctx.storage.put(CHAT_KEY, kept)
    this.broadcast({ type: 'chat', message: chat })
  }

  private async hostOnly(ws: WebSocket, me: Joined, message: Extract<ClientMessage, { type: 'control' | 'remove' }>): Promise<void> {
    if (!me.host) return this.refuse(ws, 'not-allowed')
    const room = await this.room()
    if (!room) return closeSocket(ws, PARTY_CLOSE.ended, 'ended')
    if (message.type === 'control') {
      room.control = message.control
      await this.saveRoom(room)
      return this.broadcast({ type: 'state', state: stateOf(room), by: me.name })
    }
    const target = this.joined().filter(({ member }) => member.id === message.member)
    const removed = target[0]?.member
    if (!removed || removed.id === me.id) return this.refuse(ws, 'invalid')
    const known: KnownMember = { id: removed.id, name: removed.name, host: removed.host, signedIn: removed.signedIn, removed: true }
    await this.ctx.storage.put(`member:${removed.keyHash}`, known)
    for (const { ws: socket } of target) closeSocket(socket, PARTY_CLOSE.removed, 'removed')
    await this.left(...target.map((t) => t.ws))
  }

  /** After members' sockets close: the room stops waiting for them, the others are told, and an empty room is set to end. */
  private async left(...gone: WebSocket[]): Promise<void> {
    const leaving = gone.filter((ws) => (ws.deserializeAttachment() as Attachment | null)?.joined)
    if (leaving.length === 0) return
    // Once: a socket the room closed itself is left here, and then again by its close event.
    for (const ws of leaving) forget(ws)
    const room = await this.room()
    if (!room) return
    const remaining = this.members(gone)
    if (remaining.length === 0) {
      await this.ctx.storage.setAlarm(Date.now() + PARTY_EXPIRY_MS)
      return
    }
    if (this.resumeIfReady(room, Date.now(), gone)) {
      await this.saveRoom(room)
      this.broadcast({ type: 'state', state: stateOf(room) }, gone)
    }
    this.broadcastMembers(gone)
  }
}

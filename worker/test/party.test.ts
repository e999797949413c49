/**
 * Watch together: starting a party, its page's question, and the room's socket protocol
 * (worker/party/protocol.ts) with real sockets through the worker into the room's Durable Object.
 */
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '../index'
import { PARTY_ACCOUNT_HEADER } from '../party/room'
import { PARTY_CHAT_MAX, PARTY_CLOSE, PARTY_COMMAND_LEAD_MS, PARTY_EXPIRY_MS, PARTY_MAX_MEMBERS, PARTY_WAIT_FIRST_LOAD_MS, PARTY_WAIT_REBUFFER_MS, type ClientMessage, type PartyTitle, type ServerMessage } from '../party/protocol'
import { call, createUser, ORIGIN } from './helpers/accounts'
import { countD1 } from './helpers/d1-counter'
import { loadCatalog } from './catalog-data'

const WAIT_MS = 3_000

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>

/** One member's socket: every message it receives is queued, and taken by type. */
class Member {
  private queue: ServerMessage[] = []
  private wake: (() => void)[] = []
  readonly closed: Promise<number>

  constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      this.queue.push(JSON.parse(event.data as string) as ServerMessage)
      for (const wake of this.wake.splice(0)) wake()
    })
    this.closed = new Promise((resolve) => ws.addEventListener('close', (event) => resolve(event.code)))
  }

  send(message: ClientMessage | Record<string, unknown> | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** The first message of `type` not taken yet (those of other types stay queued). */
  async next<T extends ServerMessage['type']>(type: T, timeoutMs = WAIT_MS): Promise<Of<T>> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = this.queue.findIndex((m) => m.type === type)
      if (index >= 0) return this.queue.splice(index, 1)[0] as Of<T>
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms; queued: ${JSON.stringify(this.queue)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.wake.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** Forgets what has arrived so far. */
  drop(): void {
    this.queue = []
  }

  async closeCode(timeoutMs = WAIT_MS): Promise<number> {
    return Promise.race([this.closed, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('not closed')), timeoutMs))])
  }
}

interface SocketOptions {
  cookie?: string
  origin?: string | null
  headers?: Record<string, string>
}

function socketRequest(code: string, options: SocketOptions = {}): Request {
  const headers = new Headers({ Upgrade: 'websocket', ...options.headers })
  if (options.origin !== null) headers.set('Origin', options.origin ?? ORIGIN)
  if (options.cookie) headers.set('Cookie', options.cookie)
  return new Request(`${ORIGIN}/api/party/${code}/socket`, { headers })
}

function accepted(res: Response): Member {
  expect(res.status).toBe(101)
  const ws = res.webSocket!
  ws.accept()
  return new Member(ws)
}

async function connect(code: string, options: SocketOptions = {}): Promise<Member> {
  return accepted(await exports.default.fetch(socketRequest(code, options)))
}

async function join(code: string, message: Omit<Extract<ClientMessage, { type: 'join' }>, 'type'> = {}, options: SocketOptions = {}) {
  const member = await connect(code, options)
  member.send({ type: 'join', ...message })
  const welcome = await member.next('welcome')
  return { member, welcome }
}

async function createParty(body: Record<string, unknown> = { content_type: 'movie', content_id: 155 }) {
  const res = await call('/api/party', { body })
  expect(res.status).toBe(201)
  return res.json<{ code: string; hostKey: string; path: string }>()
}

/** A party with its host and one guest in it, both of whose players have loaded. */
/** Sends `message` from `from`; the room's state as each of `everyone` receives it, in their order. */
async function statesAfter(from: Member, message: ClientMessage, everyone: Member[]): Promise<Of<'state'>['state'][]> {
  from.send(message)
  return Promise.all(everyone.map(async (member) => (await member.next('state', 2_000)).state))
}

async function hostAndGuest(body?: Record<string, unknown>) {
  const party = await createParty(body)
  const host = await join(party.code, { name: 'Host', hostKey: party.hostKey })
  const guest = await join(party.code, { name: 'Guest' })
  await host.member.next('members')
  // A ping after each status: once its pong is back, the room has taken the status.
  for (const { member } of [host, guest]) {
    member.send({ type: 'status', buffering: false, position: 0 })
    member.send({ type: 'ping', t0: 0 })
    await member.next('pong')
  }
  host.member.drop()
  guest.member.drop()
  return { party, host, guest }
}

function roomOf(code: string) {
  return env.PARTY.get(env.PARTY.idFromName(code))
}

async function info(code: string) {
  return call(`/api/party/${code}`)
}

beforeAll(async () => {
  await loadCatalog()
})

describe('POST /api/party', () => {
  it('starts a party for a title in the catalogue: an unguessable code, the host key, the page', async () => {
    const res = await call('/api/party', { body: { content_type: 'tv', content_id: 1399, season_number: 1, episode_number: 2 } })
    expect(res.status).toBe(201)
    const party = await res.json<{ code: string; hostKey: string; path: string }>()
    expect(party.code).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(party.hostKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(party.path).toBe(`/party/${party.code}`)
    const other = await createParty()
    expect(other.code).not.toBe(party.code)
  })

  it('refuses bad input with 400 and an unknown title with 404', async () => {
    for (const body of [{ content_type: 'movie', content_id: 155, season_number: 1, episode_number: 1 }, { content_type: 'book', content_id: 1 }, { content_type: 'movie', content_id: -3 }, { content_type: 'movie', content_id: 155, extra: 1 }]) {
      const res = await call('/api/party', { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(typeof (await res.json<{ error: string }>()).error).toBe('string')
    }
    const unknown = await call('/api/party', { body: { content_type: 'movie', content_id: 2_000_000_000 } })
    expect(unknown.status).toBe(404)
  })

  it('starts at most 10 parties a minute from one address', async () => {
    const ip = '10.99.0.1'
    for (let i = 0; i < 10; i++) expect((await call('/api/party', { ip, body: { content_type: 'movie', content_id: 155 } })).status).toBe(201)
    const refused = await call('/api/party', { ip, body: { content_type: 'movie', content_id: 155 } })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeTruthy()
  })
})

describe('the party page', () => {
  it('is the app, in every language, kept out of indexes and out of shared caches', async () => {
    const party = await createParty()
    for (const path of [`/party/${party.code}`, `/es/party/${party.code}`]) {
      const res = await exports.default.fetch(`${ORIGIN}${path}`, { headers: { Accept: 'text/html' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache')
      const body = await res.text()
      expect(body, path).toContain('<meta name="robots" content="noindex">')
      expect(body, path).toContain('<div id="root"></div>')
    }
  })
})

describe('GET /api/party/{code}', () => {
  it('answers what the party plays and how many are in it, never cached', async () => {
    const party = await createParty({ content_type: 'tv', content_id: 1399, season_number: 2, episode_number: 3 })
    const res = await info(party.code)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const title: PartyTitle = { content_type: 'tv', content_id: 1399, season_number: 2, episode_number: 3 }
    expect(await res.json()).toEqual({ title, members: 0, full: false })
    await join(party.code, { name: 'Ann' })
    expect(await (await info(party.code)).json()).toMatchObject({ members: 1, full: false })
  })

  it('is 404 for an unknown or ill-formed code, in the request’s language', async () => {
    const unknown = await info('A'.repeat(22))
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'This watch party has ended' })
    expect((await info('short')).status).toBe(404)
    expect((await info(`${'A'.repeat(21)}%21`)).status).toBe(404)
    const spanish = await call(`/api/party/${'B'.repeat(22)}`, { headers: { 'Accept-Language': 'es' } })
    expect(await spanish.json()).toEqual({ error: 'Esta fiesta para ver juntos ha terminado' })
  })
})

describe('GET /api/party/{code}/socket', () => {
  it('takes WebSocket upgrades only (426), from the site’s own pages only (403)', async () => {
    const party = await createParty()
    expect((await call(`/api/party/${party.code}/socket`)).status).toBe(426)
    for (const origin of ['https://evil.example', 'null', null]) {
      const res = await exports.default.fetch(socketRequest(party.code, { origin }))
      expect(res.status, String(origin)).toBe(403)
    }
    // Locally every loopback origin is the site's.
    accepted(await exports.default.fetch(socketRequest(party.code, { origin: 'http://127.0.0.1:5173' })))
  })

  it('closes the socket of a room that does not exist with 4004', async () => {
    const member = await connect('C'.repeat(22))
    expect(await member.closeCode()).toBe(PARTY_CLOSE.ended)
  })

  it('closes a socket whose first message is not a join with 4000', async () => {
    const party = await createParty()
    const member = await connect(party.code)
    member.send({ type: 'ping', t0: 1 })
    expect(await member.closeCode()).toBe(PARTY_CLOSE.protocol)
  })
})

describe('joining a room', () => {
  it('asks a visitor for a name, then welcomes them and tells the others', async () => {
    const party = await createParty()
    const first = await join(party.code, { name: 'First' })
    const visitor = await connect(party.code)
    visitor.send({ type: 'join' })
    expect((await visitor.next('error')).code).toBe('invalid')
    visitor.send({ type: 'join', name: 'Bad\u0007name' })
    expect((await visitor.next('error')).code).toBe('invalid')
    visitor.send({ type: 'join', name: '  Zoë  ' })
    const welcome = await visitor.next('welcome')
    expect(welcome.members.find((m) => m.id === welcome.you)).toEqual({ id: welcome.you, name: 'Zoë', host: false, signedIn: false, buffering: false, behind: false })
    expect(welcome.memberKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(welcome.state).toEqual({ title: { content_type: 'movie', content_id: 155, season_number: 0, episode_number: 0 }, control: 'host', playback: expect.objectContaining({ playing: false, position: 0, rate: 1 }), waiting: null })
    expect(Math.abs(welcome.now - Date.now())).toBeLessThan(5_000)
    const told = await first.member.next('members')
    expect(told.members.map((m) => m.name).sort()).toEqual(['First', 'Zoë'])
  })

  it('names a signed-in member by the account’s username, whatever name it types; a forged header is ignored', async () => {
    const party = await createParty()
    const user = await createUser()
    const signedIn = await join(party.code, { name: 'Someone Else' }, { cookie: user.cookie })
    const me = signedIn.welcome.members.find((m) => m.id === signedIn.welcome.you)
    expect(me).toMatchObject({ name: user.username, signedIn: true })
    const forged = await join(party.code, { name: 'Visitor' }, { headers: { [PARTY_ACCOUNT_HEADER]: 'admin' } })
    expect(forged.welcome.members.find((m) => m.id === forged.welcome.you)).toMatchObject({ name: 'Visitor', signedIn: false })
  })

  it(`turns the ${PARTY_MAX_MEMBERS + 1}st member away with 4001`, async () => {
    const party = await createParty()
    const members = []
    for (let i = 0; i < PARTY_MAX_MEMBERS; i++) members.push((await join(party.code, { name: `Member ${i}` })).member)
    expect(await (await info(party.code)).json()).toMatchObject({ members: PARTY_MAX_MEMBERS, full: true })
    const late = await connect(party.code)
    late.send({ type: 'join', name: 'Late' })
    expect(await late.closeCode()).toBe(PARTY_CLOSE.full)
    // One leaves: there is a place again.
    members[0]!.ws.close(1000)
    await members[1]!.next('members')
    expect((await join(party.code, { name: 'Next' })).welcome.members).toHaveLength(PARTY_MAX_MEMBERS)
  })

  it('rejoins a member with its key as the same member, host included', async () => {
    const party = await createParty()
    const host = await join(party.code, { name: 'Host', hostKey: party.hostKey })
    expect(host.welcome.members[0]).toMatchObject({ host: true })
    host.member.ws.close(1000)
    const again = await join(party.code, { name: 'Another name', memberKey: host.welcome.memberKey })
    expect(again.welcome.you).toBe(host.welcome.you)
    expect(again.welcome.memberKey).toBe(host.welcome.memberKey)
    expect(again.welcome.members).toEqual([expect.objectContaining({ id: host.welcome.you, name: 'Host', host: true })])
  })

  it('answers ping with pong and the room’s clock', async () => {
    const party = await createParty()
    const { member } = await join(party.code, { name: 'Clock' })
    const before = Date.now()
    member.send({ type: 'ping', t0: 12345.5 })
    const pong = await member.next('pong')
    expect(pong.t0).toBe(12345.5)
    expect(pong.server).toBeGreaterThanOrEqual(before - 1_000)
    expect(pong.server).toBeLessThanOrEqual(Date.now() + 1_000)
  })

  it('answers unreadable messages with `invalid` and keeps the socket open', async () => {
    const party = await createParty()
    const { member } = await join(party.code, { name: 'Reader' })
    for (const bad of ['not json', { type: 'nope' }, { type: 'seek', position: -1 }, { type: 'seek', position: 'x' }, { type: 'rate', rate: 3 }, { type: 'react', emoji: '💩' }, JSON.stringify({ type: 'chat', text: 'a'.repeat(3_000) })]) {
      member.send(bad)
      expect((await member.next('error')).code, JSON.stringify(bad)).toBe('invalid')
    }
    member.send({ type: 'ping', t0: 1 })
    expect((await member.next('pong')).t0).toBe(1)
  })
})

describe('commands', () => {
  it('are the host’s alone until the host lets everyone command', async () => {
    const { host, guest } = await hostAndGuest()
    guest.member.send({ type: 'play', position: 5 })
    expect((await guest.member.next('error')).code).toBe('not-allowed')
    guest.member.send({ type: 'control', control: 'everyone' })
    expect((await guest.member.next('error')).code).toBe('not-allowed')
    host.member.send({ type: 'control', control: 'everyone' })
    expect((await guest.member.next('state')).state.control).toBe('everyone')
    expect((await host.member.next('state')).by).toBe('Host')
    const sent = Date.now()
    guest.member.send({ type: 'play', position: 5 })
    for (const { member } of [host, guest]) {
      const { state, by } = await member.next('state')
      expect(by).toBe('Guest')
      expect(state.playback).toMatchObject({ playing: true, position: 5, rate: 1 })
      expect(Math.abs(state.playback.at - (sent + PARTY_COMMAND_LEAD_MS))).toBeLessThan(500)
    }
  })

  it('set the playback for every member: pause, seek, rate, episode', async () => {
    const { host, guest } = await hostAndGuest({ content_type: 'tv', content_id: 1399, season_number: 1, episode_number: 1 })
    host.member.send({ type: 'pause', position: 42 })
    expect((await guest.member.next('state')).state.playback).toMatchObject({ playing: false, position: 42 })
    host.member.send({ type: 'seek', position: 100 })
    expect((await guest.member.next('state')).state.playback).toMatchObject({ playing: false, position: 100 })
    host.member.send({ type: 'rate', rate: 1.5 })
    expect((await guest.member.next('state')).state.playback).toMatchObject({ playing: false, position: 100, rate: 1.5 })
    host.member.send({ type: 'episode', season_number: 1, episode_number: 2 })
    const { state } = await guest.member.next('state')
    expect(state.title).toEqual({ content_type: 'tv', content_id: 1399, season_number: 1, episode_number: 2 })
    expect(state.playback).toMatchObject({ position: 0 })
  })

  it('make everyone load again on another episode: a playing room waits for all its members', async () => {
    const { host, guest } = await hostAndGuest({ content_type: 'tv', content_id: 1399, season_number: 1, episode_number: 1 })
    host.member.send({ type: 'play', position: 30 })
    await guest.member.next('state')
    const sent = Date.now()
    host.member.send({ type: 'episode', season_number: 1, episode_number: 2 })
    const { state } = await guest.member.next('state')
    expect(state.playback).toMatchObject({ playing: false, position: 0 })
    expect(state.waiting?.members.map((m) => m.name).sort()).toEqual(['Guest', 'Host'])
    expect(Math.abs(state.waiting!.continueFrom - (sent + PARTY_WAIT_FIRST_LOAD_MS))).toBeLessThan(1_000)
    guest.member.drop()
    host.member.send({ type: 'status', buffering: false, position: 0 })
    expect((await guest.member.next('state')).state.waiting?.members).toEqual([{ id: guest.welcome.you, name: 'Guest' }])
    guest.member.send({ type: 'status', buffering: false, position: 0 })
    expect((await guest.member.next('state')).state).toMatchObject({ waiting: null, playback: { playing: true, position: 0 } })
  })

  it('refuse an episode for a film', async () => {
    const { host } = await hostAndGuest()
    host.member.send({ type: 'episode', season_number: 1, episode_number: 2 })
    expect((await host.member.next('error')).code).toBe('invalid')
  })

  it('may be given by anyone while no host is connected', async () => {
    const party = await createParty()
    const { member } = await join(party.code, { name: 'Alone' })
    member.send({ type: 'pause', position: 3 })
    expect((await member.next('state')).by).toBe('Alone')
  })
})

describe('buffering', () => {
  it('holds the room for a member who buffers, names it, refuses continue until continueFrom, then goes on without it', async () => {
    const { party, host, guest } = await hostAndGuest()
    await statesAfter(host.member, { type: 'play', position: 10 }, [guest.member, host.member])
    const sent = Date.now()
    guest.member.send({ type: 'status', buffering: true, position: 10 })
    const held = await host.member.next('state')
    expect(held.state.playback.playing).toBe(false)
    expect(held.state.waiting?.members).toEqual([{ id: guest.welcome.you, name: 'Guest' }])
    // it had played already: the shorter wait
    expect(Math.abs(held.state.waiting!.continueFrom - (sent + PARTY_WAIT_REBUFFER_MS))).toBeLessThan(1_000)
    expect((await host.member.next('members')).members.find((m) => m.id === guest.welcome.you)?.buffering).toBe(true)
    host.member.send({ type: 'continue' })
    expect((await host.member.next('error')).code).toBe('not-yet')
    await runInDurableObject(roomOf(party.code), async (instance) => {
      const room = (await instance['room']())!
      room.waiting!.continueFrom = Date.now() - 1
      await instance['saveRoom'](room)
    })
    guest.member.drop()
    host.member.drop()
    host.member.send({ type: 'continue' })
    for (const { member } of [host, guest]) {
      const going = await member.next('state')
      expect(going.state.waiting).toBeNull()
      expect(going.state.playback.playing).toBe(true)
    }
    // The excused member's buffering no longer holds the room.
    guest.member.send({ type: 'status', buffering: true, position: 10 })
    host.member.send({ type: 'ping', t0: 1 })
    await host.member.next('pong')
    await expect(host.member.next('state', 300)).rejects.toThrow()
  })

  it('plays again once the member it waited for is ready', async () => {
    const { host, guest } = await hostAndGuest()
    await statesAfter(host.member, { type: 'play', position: 0 }, [guest.member, host.member])
    guest.member.send({ type: 'status', buffering: true, position: 1 })
    expect((await host.member.next('state')).state.waiting).not.toBeNull()
    const sent = Date.now()
    guest.member.send({ type: 'status', buffering: false, position: 1 })
    const resumed = await host.member.next('state')
    expect(resumed.state.waiting).toBeNull()
    expect(resumed.state.playback.playing).toBe(true)
    expect(Math.abs(resumed.state.playback.at - (sent + PARTY_COMMAND_LEAD_MS))).toBeLessThan(500)
  })

  it('names only the members it still waits for: one who is ready leaves the list, the wait goes on for the other', async () => {
    const { host, guest } = await hostAndGuest()
    const everyone = [guest.member, host.member]
    await statesAfter(host.member, { type: 'play', position: 0 }, everyone)
    const [first] = await statesAfter(host.member, { type: 'status', buffering: true, position: 70 }, everyone)
    const [both] = await statesAfter(guest.member, { type: 'status', buffering: true, position: 70 }, everyone)
    expect(both!.waiting?.members.map((m) => m.name).sort()).toEqual(['Guest', 'Host'])
    const [state] = await statesAfter(host.member, { type: 'status', buffering: false, position: 70 }, everyone)
    // still held, for the guest alone, until the same moment
    expect(state!.playback.playing).toBe(false)
    expect(state!.waiting?.members).toEqual([{ id: guest.welcome.you, name: 'Guest' }])
    expect(state!.waiting?.continueFrom).toBe(both!.waiting?.continueFrom)
    expect(state!.waiting!.continueFrom).toBeGreaterThanOrEqual(first!.waiting!.continueFrom)
    const [going] = await statesAfter(guest.member, { type: 'status', buffering: false, position: 70 }, everyone)
    expect(going).toMatchObject({ waiting: null, playback: { playing: true } })
  })

  it('waits for a member still loading when play is pressed, the longer wait; a pause ends the wait', async () => {
    const party = await createParty()
    const host = await join(party.code, { name: 'Host', hostKey: party.hostKey })
    host.member.send({ type: 'status', buffering: false, position: 0 })
    host.member.send({ type: 'ping', t0: 0 })
    await host.member.next('pong')
    const guest = await join(party.code, { name: 'Loading' })
    const sent = Date.now()
    host.member.send({ type: 'play', position: 0 })
    const { state } = await guest.member.next('state')
    expect(state.playback.playing).toBe(false)
    expect(state.waiting?.members).toEqual([{ id: guest.welcome.you, name: 'Loading' }])
    expect(Math.abs(state.waiting!.continueFrom - (sent + PARTY_WAIT_FIRST_LOAD_MS))).toBeLessThan(1_000)
    host.member.send({ type: 'pause', position: 0 })
    expect((await guest.member.next('state')).state.waiting).toBeNull()
  })

  it('plays again when the member it waited for leaves', async () => {
    const { host, guest } = await hostAndGuest()
    await statesAfter(host.member, { type: 'play', position: 0 }, [guest.member, host.member])
    guest.member.send({ type: 'status', buffering: true, position: 0 })
    expect((await host.member.next('state')).state.waiting).not.toBeNull()
    guest.member.ws.close(1000)
    expect((await host.member.next('state')).state).toMatchObject({ waiting: null, playback: { playing: true } })
  })

  it('lists a member far from the room’s playhead as behind', async () => {
    const { host, guest } = await hostAndGuest()
    host.member.send({ type: 'pause', position: 50 })
    await guest.member.next('state')
    guest.member.send({ type: 'status', buffering: false, position: 20 })
    expect((await host.member.next('members')).members.find((m) => m.id === guest.welcome.you)?.behind).toBe(true)
  })
})

describe('chat and reactions', () => {
  it('shows text as it was typed, up to the limit, to everyone and to those who join later', async () => {
    const { party, host, guest } = await hostAndGuest()
    const markup = '<img src=x onerror=alert(1)>'
    guest.member.send({ type: 'chat', text: markup })
    for (const { member } of [host, guest]) {
      const { message } = await member.next('chat')
      expect(message).toMatchObject({ from: guest.welcome.you, name: 'Guest', text: markup })
      expect(message.id).toBeTruthy()
    }
    guest.member.send({ type: 'chat', text: 'a'.repeat(PARTY_CHAT_MAX) })
    expect((await host.member.next('chat')).message.text).toHaveLength(PARTY_CHAT_MAX)
    guest.member.send({ type: 'chat', text: 'a'.repeat(PARTY_CHAT_MAX + 1) })
    expect((await guest.member.next('error')).code).toBe('invalid')
    guest.member.send({ type: 'react', emoji: '🔥' })
    expect(await host.member.next('reaction')).toEqual({ type: 'reaction', from: guest.welcome.you, name: 'Guest', emoji: '🔥' })
    const later = await join(party.code, { name: 'Later' })
    expect(later.welcome.chat.map((m) => m.text)).toEqual([markup, 'a'.repeat(PARTY_CHAT_MAX)])
  })

  it('refuses the sixth message in one second as too fast', async () => {
    const { guest } = await hostAndGuest()
    for (let i = 0; i < 6; i++) guest.member.send(i % 2 ? { type: 'react', emoji: '👍' } : { type: 'chat', text: `message ${i}` })
    expect((await guest.member.next('error')).code).toBe('too-fast')
  })
})

describe('removing a member', () => {
  it('is the host’s: the member’s socket closes with 4003 and its key is refused', async () => {
    const { party, host, guest } = await hostAndGuest()
    const third = await join(party.code, { name: 'Third' })
    third.member.send({ type: 'remove', member: guest.welcome.you })
    expect((await third.member.next('error')).code).toBe('not-allowed')
    host.member.drop()
    host.member.send({ type: 'remove', member: guest.welcome.you })
    expect(await guest.member.closeCode()).toBe(PARTY_CLOSE.removed)
    const members = await host.member.next('members')
    expect(members.members.map((m) => m.name).sort()).toEqual(['Host', 'Third'])
    // told once, not again when the removed socket's close comes in
    await expect(host.member.next('members', 300)).rejects.toThrow()
    const back = await connect(party.code)
    back.send({ type: 'join', name: 'Guest', memberKey: guest.welcome.memberKey })
    expect(await back.closeCode()).toBe(PARTY_CLOSE.removed)
  })
})

describe('an empty room', () => {
  it('ends 30 minutes after its last member leaves', async () => {
    const party = await createParty()
    const { member } = await join(party.code, { name: 'Last' })
    const stub = roomOf(party.code)
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBeNull()
    const left = Date.now()
    member.ws.close(1000)
    let due: number | null = null
    for (let i = 0; i < 50 && due === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      due = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())
    }
    expect(Math.abs(due! - (left + PARTY_EXPIRY_MS))).toBeLessThan(5_000)
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    expect((await info(party.code)).status).toBe(404)
    const late = await connect(party.code)
    expect(await late.closeCode()).toBe(PARTY_CLOSE.ended)
  })
})

describe('cost', () => {
  it('joining and playing make no D1 statement, signed in or not', async () => {
    const party = await createParty()
    const user = await createUser()
    const accounts = countD1(env.DB)
    const catalog = countD1(env.CATALOG)
    const counted = { ...env, DB: accounts.db, CATALOG: catalog.db }
    const open = async (options: SocketOptions) => {
      const ctx = createExecutionContext()
      const res = await app.fetch(socketRequest(party.code, options), counted, ctx)
      await waitOnExecutionContext(ctx)
      return accepted(res)
    }
    const host = await open({ cookie: user.cookie })
    host.send({ type: 'join', hostKey: party.hostKey })
    await host.next('welcome')
    const guest = await open({})
    guest.send({ type: 'join', name: 'Counted' })
    await guest.next('welcome')
    host.send({ type: 'play', position: 0 })
    await guest.next('state')
    expect(accounts.queries()).toBe(0)
    expect(catalog.queries()).toBe(0)
  })
})

/**
 * Watch together under load (part of `npm run bench`): one party room with PARTY_MAX_MEMBERS (20)
 * members, each on its own WebSocket (the `ws` package: Node 20 has no WebSocket of its own), all
 * loaded and playing. Measured against `wrangler dev`:
 *
 * - a command's fan-out: the host sends a command, and the time until the last of the 20 members has
 *   its state, one command at a time (BENCH_PARTY_COMMANDS, default 200), median and p95;
 * - the room's output in a burst: for BENCH_PARTY_SECONDS (default 5) the host keeps
 *   BENCH_PARTY_IN_FLIGHT (default 4) commands in flight while every member chats at 4.5 messages
 *   a second (within the room's 5), and the messages the members receive are counted;
 *
 * each beside /api/ping's round trip from the same run (sequential requests, median and p95).
 */
import WebSocket from 'ws'
import { percentile } from './load.mjs'

const COMMANDS = Number(process.env.BENCH_PARTY_COMMANDS ?? 200)
const BURST_SECONDS = Number(process.env.BENCH_PARTY_SECONDS ?? 5)
const IN_FLIGHT = Number(process.env.BENCH_PARTY_IN_FLIGHT ?? 4)
const PINGS = 300
const MEMBERS = 20
const CHAT_EVERY_MS = 1000 / 4.5

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) }
}

async function pingRoundTrips(base, count) {
  const samples = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    const res = await fetch(`${base}/api/ping`)
    await res.arrayBuffer()
    samples.push(performance.now() - start)
  }
  return summary(samples)
}

/** A member: joins, says its player has loaded, and hands every later message to `onMessage`. */
function member(base, code, join) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/party/${code}/socket`, { headers: { Origin: base } })
    const entry = { socket, id: null, received: 0, errors: 0, onMessage: () => {} }
    socket.on('open', () => socket.send(JSON.stringify({ type: 'join', ...join })))
    socket.on('error', reject)
    socket.on('close', (codeClosed) => {
      if (!entry.id) reject(new Error(`socket closed with ${codeClosed} before its welcome`))
    })
    socket.on('message', (data) => {
      const message = JSON.parse(String(data))
      entry.received += 1
      if (message.type === 'error') entry.errors += 1
      if (message.type === 'welcome') {
        entry.id = message.you
        socket.send(JSON.stringify({ type: 'status', buffering: false, position: 0 }))
        resolve(entry)
        return
      }
      entry.onMessage(message)
    })
  })
}

/** Sends a command and resolves with the time until every member has the state it caused. */
function fanOut(host, members, command) {
  return new Promise((resolve) => {
    let waiting = members.length
    const start = performance.now()
    for (const m of members) {
      m.onMessage = (message) => {
        if (message.type !== 'state' || message.by === undefined) return
        m.onMessage = () => {}
        waiting -= 1
        if (waiting === 0) resolve(performance.now() - start)
      }
    }
    host.socket.send(JSON.stringify(command))
  })
}

async function burst(host, members) {
  for (const m of members) {
    m.received = 0
    m.errors = 0
    m.onMessage = () => {}
  }
  let position = 0
  let running = true
  const sendCommand = () => {
    if (!running) return
    position = (position + 7) % 3_000
    host.socket.send(JSON.stringify({ type: 'seek', position }))
  }
  // The host's own copy of each state frees its slot for the next command.
  host.onMessage = (message) => {
    if (message.type === 'state') sendCommand()
  }
  const chats = members.map((m, i) =>
    setInterval(() => m.socket.send(JSON.stringify({ type: 'chat', text: `message from member ${i}` })), CHAT_EVERY_MS),
  )
  const start = performance.now()
  for (let i = 0; i < IN_FLIGHT; i++) sendCommand()
  await new Promise((resolve) => setTimeout(resolve, BURST_SECONDS * 1000))
  running = false
  for (const timer of chats) clearInterval(timer)
  const seconds = (performance.now() - start) / 1000
  const received = members.reduce((sum, m) => sum + m.received, 0)
  const errors = members.reduce((sum, m) => sum + m.errors, 0)
  // let the last messages land before the sockets close
  await new Promise((resolve) => setTimeout(resolve, 300))
  return { perSecond: received / seconds, errors }
}

const ms = (value) => value.toFixed(2)

/** Runs the party bench against `base`; `ok` is false when a member was refused anything. */
export async function runPartyBench(base) {
  console.log(`\nWatch together: one room, ${MEMBERS} members over WebSocket, against ${base}`)
  const created = await fetch(`${base}/api/party`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content_type: 'movie', content_id: 155 }) })
  if (created.status !== 201) throw new Error(`POST /api/party answered ${created.status}`)
  const { code, hostKey } = await created.json()
  const host = await member(base, code, { name: 'Host', hostKey })
  const members = [host]
  for (let i = 1; i < MEMBERS; i++) members.push(await member(base, code, { name: `Member ${i}` }))
  await fanOut(host, members, { type: 'play', position: 0 })

  const ping = await pingRoundTrips(base, PINGS)
  const latencies = []
  for (let i = 0; i < COMMANDS; i++) latencies.push(await fanOut(host, members, { type: 'seek', position: i }))
  const fan = summary(latencies)
  const load = await burst(host, members)
  for (const m of members) m.socket.close(1000)

  console.log(`| measure | median ms | p95 ms | median / ping | p95 / ping |`)
  console.log(`|---|---:|---:|---:|---:|`)
  console.log(`| /api/ping round trip (${PINGS} sequential) | ${ms(ping.median)} | ${ms(ping.p95)} | 1.00x | 1.00x |`)
  console.log(`| command to all ${MEMBERS} members' state (${COMMANDS} commands) | ${ms(fan.median)} | ${ms(fan.p95)} | ${(fan.median / ping.median).toFixed(2)}x | ${(fan.p95 / ping.p95).toFixed(2)}x |`)
  console.log(`\nBurst of ${BURST_SECONDS} s (host: ${IN_FLIGHT} commands in flight; every member chatting 4.5/s): the room sent ${load.perSecond.toFixed(0)} messages/s, ${load.errors} refused`)
  return { ok: load.errors === 0, ping, fan, messagesPerSecond: load.perSecond }
}

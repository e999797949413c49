/**
 * The load model of `npm run bench` (docs/SCALING.md): simulated viewers against `wrangler dev`,
 * each with its own account and session. A viewer arrives on the home page, searches, opens a
 * title, plays it with a progress report every 15 s, pauses, leaves, and comes back for the next
 * title, for as long as the level lasts. A level of N viewers is N watching at once: each starts at
 * a random point of its visit, so some arrive, some search, most are playing. Time is compressed:
 * BENCH_LOAD_SPEEDUP (default 2) simulated seconds pass in one real second, so a report every 15 s
 * of viewing is sent every 7.5 s. Levels of 100 and 1,000 viewers and then doubling, as long as
 * the machine keeps up (sends at least 90% of what the schedule asks, with no failed request), up
 * to BENCH_LOAD_MAX viewers. The levels are sent to the worker's own address, past wrangler dev's
 * proxy, when it is found.
 *
 * For each level: requests a second, p95 per kind of request as a multiple of /api/ping's p95
 * (pinged throughout the same level), and D1 queries and writes per viewer per simulated second,
 * read from the worker's own counters (GET /api/dev/counters, which exists only because the bench
 * starts `wrangler dev` with BENCH_COUNTERS=1). And before the levels, throughput at 50
 * connections of a progress PUT and a signed-in /api/auth/me, each connection its own viewer,
 * and of a visitor's painted pages (/ and /movie/155, HTML as a browser asks for it), against
 * /api/ping in interleaved rounds: the target is at least 0.8x ping.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import autocannon from 'autocannon'

const SPEEDUP = Number(process.env.BENCH_LOAD_SPEEDUP ?? 2)
const LEVEL_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 75)
const MAX_VIEWERS = Number(process.env.BENCH_LOAD_MAX ?? 4000)
const FIRST_LEVELS = (process.env.BENCH_LOAD_LEVELS ?? '100,1000').split(',').map(Number)
const THROUGHPUT_ROUNDS = Number(process.env.BENCH_LOAD_THROUGHPUT_ROUNDS ?? 8)
const CPU_SAMPLES = Number(process.env.BENCH_LOAD_CPU_SAMPLES ?? 40)
const CONNECTIONS = 50
const THROUGHPUT_TARGET = 0.8
/** The kinds held to the target; the others are shown to tell where time goes. */
const TARGETED = new Set(['progress PUT', 'signed-in /api/auth/me', 'painted page / (HTML), at the worker', 'painted page /movie/155 (HTML), at the worker'])
/** What a browser sends for a page: the HTML answer, gzipped. */
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' }
/** Simulated seconds between progress reports, and reports per viewing before the pause. */
const REPORT_EVERY_S = 15
const REPORTS_PER_VIEWING = 8
const PING_EVERY_MS = 50
const PASSWORD = 'bench password 1'
const SEARCH_WORDS = ['star', 'night', 'love', 'war', 'king', 'man', 'dark', 'world', 'last', 'life']
const TITLES = [
  ['movie', 155],
  ['movie', 550],
  ['movie', 27205],
  ['movie', 680],
  ['movie', 13],
  ['movie', 603],
  ['tv', 1399],
  ['tv', 1396],
]

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const pick = (list, n) => list[n % list.length]

/** The nearest-rank percentile `p` of ascending `sorted` (NaN for none). */
export function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** A client address of its own per viewer, so sign-up's per-address limit counts each apart. */
function addressOf(index) {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN
}

function markdownTable(head, lines) {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const row = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  return [row(head), `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...lines.map(row)].join('\n')
}

/** A POST, sent again once when `wrangler dev` answers that it restarted the worker under it. */
async function post(url, headers, body) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
  if (res.status !== 503) return res
  await res.arrayBuffer()
  await sleep(1000)
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
}

/** The session cookie an answer sets, as a browser would keep it (`name=value`), or undefined. */
function sessionCookieOf(res) {
  return res.headers.getSetCookie().find((line) => line.startsWith('reelhouse_session='))?.split(';')[0]
}

/**
 * Keeps `who`'s session cookie as a browser does: a session is confirmed with its store once a
 * minute and its cookie issued again, and a browser sends the new one from then on. A load
 * generator that kept sending the first cookie would have every request after that minute
 * confirmed again, which no browser causes.
 */
function keepCookie(who, res) {
  const cookie = sessionCookieOf(res)
  if (cookie) who.cookie = cookie
}

/** Brings every viewer's cookie to what its browser would hold by now (see keepCookie). */
function refreshCookies(base, viewers) {
  return Promise.all(viewers.map((v) => fetch(`${base}/api/auth/me`, { headers: { cookie: v.cookie } }).then(async (r) => (await r.arrayBuffer(), keepCookie(v, r)))))
}

/** Signs up and signs in `count` more viewers, a few at a time (each costs two password hashes). */
async function addViewers(base, viewers, count, runId) {
  let next = viewers.length
  const target = viewers.length + count
  async function one() {
    while (next < target) {
      const index = next++
      const headers = { 'Content-Type': 'application/json', 'CF-Connecting-IP': addressOf(index + 1) }
      const email = `bench-${runId}-${index}@example.test`
      const signup = await post(`${base}/api/auth/signup`, headers, { email, username: `b${runId}x${index}`, password: PASSWORD, confirmPassword: PASSWORD })
      if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`)
      const login = await post(`${base}/api/auth/login`, headers, { email, password: PASSWORD, type: 'user' })
      if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`)
      await login.arrayBuffer()
      const cookie = sessionCookieOf(login)
      if (!cookie) throw new Error('sign-in set no session cookie')
      viewers[index] = { index, email, cookie, address: addressOf(index + 1) }
    }
  }
  await Promise.all(Array.from({ length: 4 }, one))
  // a first sign-in leaves work for after its answer (the store taking the account over from
  // D1): let it finish, so it is not counted as viewing
  await sleep(3000)
}

async function counters(base) {
  const res = await fetch(`${base}/api/dev/counters`)
  if (!res.ok) throw new Error(`GET /api/dev/counters answered ${res.status}: is wrangler dev running with BENCH_COUNTERS=1?`)
  return (await res.json()).d1
}

// --- throughput at 50 connections -----------------------------------------------------------

function progressBody(position, reason) {
  return JSON.stringify({ content_id: 155, content_type: 'movie', title: 'The Dark Knight', poster_path: null, watch_duration: position, position, total_duration: 9000, ...(reason ? { reason } : {}) })
}

/**
 * The worker's own address under `wrangler dev`, found among the listening sockets of the workerd
 * processes of its process group (the one that answers /api/ping and is not `base`), or null.
 * `wrangler dev` puts a proxy of its own in front of the worker, which runs every text/html answer
 * through an HTMLRewriter (to add its live-reload script when asked): work no deployment does, so
 * the pages are also measured here, each against ping at the same address.
 */
export async function workerAddress(group, base) {
  const listening = new Map()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/)
      // state 0A is LISTEN; the local address is hex ip:port, the inode field 9
      if (f[3] === '0A') listening.set(f[9], Number.parseInt(f[1].split(':')[1], 16))
    }
  }
  const ports = new Set()
  for (const { pid } of workerdProcesses(group)) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        let link = ''
        try {
          link = readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' })
        } catch {
          continue // closed meanwhile
        }
        const inode = link.match(/^socket:\[(\d+)\]$/)?.[1]
        if (inode && listening.has(inode)) ports.add(listening.get(inode))
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  const publicPort = Number(new URL(base).port)
  for (const port of ports) {
    if (port === publicPort) continue
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ping`, { signal: AbortSignal.timeout(2000) })
      const body = await res.json()
      if (res.ok && body?.ok === true) return `http://127.0.0.1:${port}`
    } catch {
      // not the worker's
    }
  }
  return null
}

const THROUGHPUT_KINDS = [
  { name: 'ping', path: '/api/ping' },
  { name: 'progress PUT', path: '/api/me/history', method: 'PUT', body: progressBody(60), signedIn: true },
  { name: 'signed-in /api/auth/me', path: '/api/auth/me', signedIn: true },
  // the same store call as a report's, reading instead of writing: what the write itself costs
  { name: 'history entry read (store, no write)', path: '/api/me/history/movie/155', signedIn: true },
  // a call to the store that reads and writes nothing: the floor of any request reaching a store
  { name: 'empty store call (floor)', path: '/api/dev/store-call', signedIn: true },
  // a report's body sent without a session, answered 401 before anything is read: what a request
  // carrying a body costs by itself (the runtime and wrangler dev's proxy take it in either way)
  { name: 'PUT with a body, refused (floor)', path: '/api/me/history', method: 'PUT', body: progressBody(60), refused: true },
  // a visitor's pages as the worker serves them, painted, gzipped (issue: at least 0.8x ping)
  { name: 'painted page / (HTML)', path: '/', headers: PAGE_HEADERS },
  { name: 'painted page /movie/155 (HTML)', path: '/movie/155', headers: PAGE_HEADERS },
]

function cannon(base, kind, viewers, seconds) {
  return new Promise((resolve, reject) => {
    let client = 0
    const instance = autocannon(
      {
        url: `${base}${kind.path}`,
        connections: CONNECTIONS,
        duration: seconds,
        method: kind.method ?? 'GET',
        body: kind.body,
        headers: { ...kind.headers, ...(kind.body ? { 'content-type': 'application/json' } : {}) },
        // each connection is a viewer of its own: its own account, session and store
        setupClient: kind.signedIn
          ? (c) => {
              const viewer = viewers[client++ % viewers.length]
              c.setHeaders({ cookie: viewer.cookie, ...(kind.body ? { 'content-type': 'application/json' } : {}) })
            }
          : undefined,
      },
      (error, result) => {
        if (error) return reject(error)
        // a refused kind is answered 401 every time; anything else is the error
        const unexpected = kind.refused ? result.requests.total - (result.statusCodeStats['401']?.count ?? 0) : result.non2xx
        resolve({ requests: result.requests.total, errors: result.errors + result.timeouts + unexpected })
      },
    )
    instance.on('error', reject)
  })
}

/**
 * Each kind gets one-second slices in turn with ping, THROUGHPUT_ROUNDS times: on a machine shared
 * with other work, the ratio of each round (the kind against the mean of the ping slices on either
 * side) and then their median is what stays put when the machine's load changes under the run.
 */
async function throughput(base, viewers, kinds = THROUGHPUT_KINDS) {
  // a viewer who is playing has reported before: its store is awake and its alarm is set
  await Promise.all(viewers.map((v) => fetch(`${base}/api/me/history`, { method: 'PUT', headers: { cookie: v.cookie, 'content-type': 'application/json' }, body: progressBody(30) }).then((r) => r.arrayBuffer())))
  const [ping, ...others] = kinds
  const rows = others.map((kind) => ({ name: kind.name, ratios: [], requests: 0, errors: 0 }))
  const pings = { requests: 0, errors: 0, slices: 0 }
  // a session is confirmed with its store a minute after its cookie was issued: refreshed before
  // the first signed-in slice and every half minute after, outside the slices (whose connections
  // send the cookie they start with), no slice meets a confirmation
  let refreshedAt = -Infinity
  const slice = async (kind) => {
    if (kind.signedIn && performance.now() - refreshedAt > 30_000) {
      await refreshCookies(base, viewers)
      refreshedAt = performance.now()
    }
    await sleep(250)
    return cannon(base, kind, viewers, 1)
  }
  for (let round = 0; round < THROUGHPUT_ROUNDS; round += 1) {
    let before = await slice(ping)
    pings.requests += before.requests
    pings.errors += before.errors
    pings.slices += 1
    for (let k = 0; k < others.length; k += 1) {
      const index = (k + round) % others.length
      const r = await slice(others[index])
      const after = await slice(ping)
      rows[index].ratios.push(r.requests / ((before.requests + after.requests) / 2))
      rows[index].requests += r.requests
      rows[index].errors += r.errors
      pings.requests += after.requests
      pings.errors += after.errors
      pings.slices += 1
      before = after
    }
  }
  return [
    { name: ping.name, rps: pings.requests / pings.slices, ratio: 1, errors: pings.errors },
    ...rows.map((row) => ({ name: row.name, rps: row.requests / THROUGHPUT_ROUNDS, ratio: median(row.ratios), errors: row.errors })),
  ]
}

// --- CPU per request --------------------------------------------------------------------------

/** CPU seconds so far of the workerd processes `wrangler dev` started (its process group). */
function serverCpuSeconds(group) {
  let ticks = 0
  // fields from the state on: [11] utime, [12] stime
  for (const { fields } of workerdProcesses(group)) ticks += Number(fields[11]) + Number(fields[12])
  return ticks / 100
}

/** The workerd processes of process group `group` (`wrangler dev`'s), with their /proc stat fields from the state on. */
function workerdProcesses(group) {
  const found = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // [2] is the process group
      if (Number(fields[2]) === group && stat.includes('(workerd)')) found.push({ pid: entry, fields })
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/**
 * Runs `count` of one kind of request one after another and answers the server's CPU time per
 * request in ms. Linux counts CPU in 10 ms ticks, so enough requests are sent for the ticks to add
 * up; what is counted includes workerd's own work (HTTP, the local D1 and storage SQLite), so it is
 * an upper bound on what the worker's code costs.
 */
async function cpuPerRequest(group, count, send) {
  const before = serverCpuSeconds(group)
  for (let i = 0; i < count; i += 1) await send(i)
  return ((serverCpuSeconds(group) - before) * 1000) / count
}

async function cpuPass(base, group, viewers, runId) {
  // `v`: the viewer sending it (its cookie, and it keeps the one the answer sets), or null
  const request = async (path, init, v) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...init.headers, ...(v ? { cookie: v.cookie } : {}) } })
    if (v) keepCookie(v, res)
    if (res.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status} while measuring CPU`)
    await res.arrayBuffer()
  }
  const get = (path, v = null, headers = {}) => request(path, { headers }, v)
  const send = (path, method, body, v = null, headers = {}) => request(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, v)
  const who = (i) => viewers[i % viewers.length]
  let fresh = 0
  const kinds = [
    ['ping', CPU_SAMPLES, () => get('/api/ping')],
    ['progress report', CPU_SAMPLES, (i) => send('/api/me/history', 'PUT', JSON.parse(progressBody(90 + i)), who(i))],
    ['session check (signed-in /api/auth/me)', CPU_SAMPLES, (i) => get('/api/auth/me', who(i))],
    ['signed-in page view (/movie/155 and its 6 calls)', CPU_SAMPLES / 4, async (i) => {
      await get('/movie/155', who(i), { accept: 'text/html' })
      for (const path of ['/api/auth/me', '/api/config', '/api/me/watchlist/movie/155', '/api/me/history/movie/155', '/api/catalog/movie/155/watch', '/api/player/stream/movie/155']) await get(path, who(i))
    }],
    ['anonymous page view (/movie/155 and its 4 calls)', CPU_SAMPLES / 4, async () => {
      await get('/movie/155', null, { accept: 'text/html' })
      for (const path of ['/api/auth/me', '/api/config', '/api/catalog/movie/155/watch', '/api/player/stream/movie/155']) await get(path)
    }],
    ['watchlist add (and its removal)', CPU_SAMPLES / 2, async (i) => {
      await send('/api/me/watchlist', 'POST', { content_id: 603, content_type: 'movie', title: 'The Matrix', poster_path: null }, who(i))
      await request('/api/me/watchlist/movie/603', { method: 'DELETE' }, who(i))
    }],
    ['export (/api/me/export.json)', CPU_SAMPLES / 2, (i) => get('/api/me/export.json', who(i))],
    ['sign-in', CPU_SAMPLES / 4, (i) => send('/api/auth/login', 'POST', { email: who(i).email, password: PASSWORD, type: 'user' }, null, { 'CF-Connecting-IP': who(i).address })],
    ['sign-up', CPU_SAMPLES / 4, () => {
      const index = 900_000 + fresh++
      return send('/api/auth/signup', 'POST', { email: `cpu-${runId}-${index}@example.test`, username: `c${runId}x${index}`, password: PASSWORD, confirmPassword: PASSWORD }, null, { 'CF-Connecting-IP': addressOf(index) })
    }],
  ]
  // a session confirmed with its store once a minute is not what a request costs
  await refreshCookies(base, viewers)
  const rows = []
  for (const [name, count, run] of kinds) {
    await sleep(250)
    rows.push({ name, ms: await cpuPerRequest(group, count, run) })
  }
  return rows
}

// --- the viewers ----------------------------------------------------------------------------

class Recorder {
  constructor() {
    this.latencies = new Map()
    this.errors = 0
    this.requests = 0
    this.failures = []
  }
  /**
   * `who`, when given, is the viewer sending it: the request carries its cookie (as it holds it
   * when the request is sent) and address, and it keeps the cookie the answer sets.
   */
  async request(base, kind, path, init = {}, who = null) {
    const started = performance.now()
    /** @type {number | string} */
    let status = 0
    try {
      const headers = who ? { ...init.headers, cookie: who.cookie, 'CF-Connecting-IP': who.address } : init.headers
      const res = await fetch(`${base}${path}`, { ...init, headers })
      if (who) keepCookie(who, res)
      status = res.status
      await res.arrayBuffer()
    } catch (error) {
      status = String(error?.cause?.code ?? error)
    }
    const ms = performance.now() - started
    this.requests += 1
    if (!(typeof status === 'number' && status < 400)) {
      this.errors += 1
      if (this.failures.length < 5) this.failures.push(`${kind} ${path}: ${status}`)
    }
    if (!this.latencies.has(kind)) this.latencies.set(kind, [])
    this.latencies.get(kind).push(ms)
  }
}

/**
 * One visit of a viewer, as steps at simulated seconds from the visit's start: arrives on the home
 * page, searches, opens a title, plays it with a report every REPORT_EVERY_S seconds, pauses and
 * leaves (its page's last report goes as a beacon). `requests` is how many requests a step sends.
 */
function visitSteps(base, who, recorder, visit) {
  const html = { accept: 'text/html' }
  const [type, id] = pick(TITLES, visit)
  const word = pick(SEARCH_WORDS, visit)
  const episode = type === 'tv' ? { season_number: 1, episode_number: 1 } : {}
  const report = (kind, method, body) =>
    recorder.request(base, kind, '/api/me/history', { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content_id: id, content_type: type, title: `Title ${id}`, poster_path: null, total_duration: 7200, ...episode, ...body }) }, who)
  const steps = [
    {
      at: 0,
      requests: 4,
      run: () =>
        Promise.all([
          recorder.request(base, 'page html', '/', { headers: html }, who),
          recorder.request(base, 'session check', '/api/auth/me', {}, who),
          recorder.request(base, 'home page', '/api/catalog/pages/home', {}, who),
          recorder.request(base, 'watchlist', '/api/me/watchlist', {}, who),
        ]),
    },
    { at: 20, requests: 1, run: () => recorder.request(base, 'search', `/api/catalog/search?query=${word}`, {}, who) },
    {
      at: 30,
      requests: 4,
      run: () =>
        Promise.all([
          recorder.request(base, 'title page html', `/${type}/${id}`, { headers: html }, who),
          recorder.request(base, 'watchlist check', `/api/me/watchlist/${type}/${id}`, {}, who),
          recorder.request(base, 'history check', `/api/me/history/${type}/${id}`, {}, who),
          recorder.request(base, 'stream', `/api/player/stream/${type}/${id}${type === 'tv' ? '?season=1&episode=1' : ''}`, {}, who),
        ]),
    },
  ]
  for (let n = 1; n <= REPORTS_PER_VIEWING; n += 1) {
    const seconds = n * REPORT_EVERY_S
    steps.push({ at: 30 + seconds, requests: 1, run: () => report('progress report', 'PUT', { watch_duration: seconds, position: seconds, ...(n === REPORTS_PER_VIEWING ? { reason: 'pause' } : {}) }) })
  }
  // leaves right after the pause
  const last = steps.at(-1).at
  steps.push({ at: last, requests: 1, run: () => report('leave report', 'POST', { watch_duration: last - 30, position: last - 30, reason: 'leave' }) })
  return steps
}

/** Simulated seconds from one visit's start to the next's. */
const VISIT_S = 30 + REPORTS_PER_VIEWING * REPORT_EVERY_S

/**
 * One viewer's visits until `until` (a performance.now() time), its schedule in simulated time.
 * A level is N viewers watching at once, not N arriving at once: each starts at a random point of
 * its visit (`phase`, simulated seconds), so the level is in its steady state from its first second.
 */
async function viewer(base, who, recorder, until, phase) {
  const simulated = (seconds) => (seconds * 1000) / SPEEDUP
  let visit = who.index
  let from = phase
  let clock = performance.now()
  while (clock < until) {
    for (const step of visitSteps(base, who, recorder, visit)) {
      if (step.at < from) continue
      // steps keep their schedule: a late answer shortens the wait before the next
      const due = clock + simulated(step.at - from)
      if (due >= until) return
      await sleep(Math.max(0, due - performance.now()))
      await step.run()
    }
    // a viewer held up past its visit's end starts the next one at once, not all the missed ones
    clock = Math.max(clock + simulated(VISIT_S - from), performance.now())
    from = 0
    visit += 1
  }
}

/**
 * The requests a viewer starting at `phase` of its visit would send within `levelMs` if every
 * answer were instant: what the machine is held to for keeping up.
 */
function scheduledRequests(phase, levelMs) {
  const simulated = (seconds) => (seconds * 1000) / SPEEDUP
  const steps = visitSteps('', { cookie: '', address: '' }, null, 0)
  let asked = 0
  let clock = 0
  let from = phase
  for (;;) {
    for (const step of steps) {
      if (step.at < from) continue
      if (clock + simulated(step.at - from) >= levelMs) return asked
      asked += step.requests
    }
    clock += simulated(VISIT_S - from)
    from = 0
  }
}

async function level(base, viewers, count) {
  const recorder = new Recorder()
  const before = await counters(base)
  const started = performance.now()
  const until = started + LEVEL_SECONDS * 1000
  const pinger = (async () => {
    while (performance.now() < until) {
      await Promise.all([recorder.request(base, 'ping', '/api/ping'), sleep(PING_EVERY_MS)])
    }
  })()
  const phases = viewers.slice(0, count).map(() => Math.random() * VISIT_S)
  const asked = phases.reduce((sum, phase) => sum + scheduledRequests(phase, until - started), 0)
  await Promise.all([pinger, ...viewers.slice(0, count).map((who, i) => viewer(base, who, recorder, until, phases[i]))])
  const elapsed = (performance.now() - started) / 1000
  const after = await counters(base)
  const simulatedSeconds = elapsed * SPEEDUP
  const ping = (recorder.latencies.get('ping') ?? []).sort((a, b) => a - b)
  const pingP95 = percentile(ping, 95)
  const kinds = [...recorder.latencies.entries()].map(([kind, list]) => {
    list.sort((a, b) => a - b)
    return { kind, count: list.length, p95: percentile(list, 95), ratio: percentile(list, 95) / pingP95 }
  })
  const perViewer = (n) => n / simulatedSeconds / count
  const sent = recorder.requests - ping.length
  return {
    viewers: count,
    seconds: elapsed,
    rps: recorder.requests / elapsed,
    keptUp: sent >= 0.9 * asked && recorder.errors === 0,
    scheduled: asked / elapsed,
    achieved: sent / elapsed,
    errors: recorder.errors,
    failures: recorder.failures,
    pingP95,
    kinds,
    d1: {
      dbQueries: perViewer(after.DB.queries - before.DB.queries),
      dbWrites: perViewer(after.DB.writes - before.DB.writes),
      catalogQueries: perViewer(after.CATALOG.queries - before.CATALOG.queries),
    },
  }
}

function printLevel(result) {
  console.log(
    `\n${result.viewers} viewers, ${result.seconds.toFixed(0)} s (${(result.seconds * SPEEDUP / 60).toFixed(0)} simulated minutes): ` +
      `${result.rps.toFixed(0)} requests/s (viewers ${result.achieved.toFixed(0)}/s of ${result.scheduled.toFixed(0)}/s scheduled), ` +
      `ping p95 ${result.pingP95.toFixed(1)} ms, errors ${result.errors}${result.keptUp ? '' : ' — did not keep up'}`,
  )
  for (const failure of result.failures) console.log(`  failed: ${failure}`)
  console.log(markdownTable(['request', 'count', 'p95 ms', 'p95 / ping'], result.kinds.map((k) => [k.kind, String(k.count), k.p95.toFixed(1), `${k.ratio.toFixed(2)}x`])))
  const f = (n) => n.toFixed(5)
  console.log(`D1 per viewer per simulated second: accounts database ${f(result.d1.dbQueries)} queries, ${f(result.d1.dbWrites)} writes; catalogue ${f(result.d1.catalogQueries)} queries`)
}

/**
 * Runs the throughput comparison, the CPU pass and the levels against `base`, whose `wrangler dev`
 * leads process group `group`; returns whether every target was met with no failed request.
 */
export async function runLoadModel(base, group) {
  const runId = Date.now().toString(36)
  const viewers = []
  await counters(base)
  console.log(`\nLoad model: signing up ${CONNECTIONS} viewers for the throughput comparison`)
  await addViewers(base, viewers, CONNECTIONS, runId)
  const rows = await throughput(base, viewers)
  console.log(`\nThroughput at ${CONNECTIONS} connections (each its own viewer), 1 s slices in ${THROUGHPUT_ROUNDS} rounds between ping slices; the ratio is the median of the rounds':`)
  console.log(markdownTable(['request', 'req/s', 'vs ping', 'errors'], rows.map((r) => [r.name, r.rps.toFixed(0), `${r.ratio.toFixed(2)}x`, String(r.errors)])))
  // The pages again, at the worker's own address, against ping there: without wrangler's dev proxy.
  const direct = await workerAddress(group, base)
  if (direct) {
    const pages = await throughput(direct, viewers, [THROUGHPUT_KINDS[0], ...THROUGHPUT_KINDS.filter((k) => k.headers === PAGE_HEADERS)])
    console.log(`\nThe same at the worker's own address (${direct}), without wrangler dev's proxy, which rewrites every text/html answer it passes on:`)
    console.log(markdownTable(['request', 'req/s', 'vs ping', 'errors'], pages.map((r) => [r.name, r.rps.toFixed(0), `${r.ratio.toFixed(2)}x`, String(r.errors)])))
    for (const r of pages.slice(1)) rows.push({ ...r, name: `${r.name}, at the worker` })
  } else {
    console.log("\n(the worker's own address was not found: the pages are measured through wrangler dev's proxy only)")
    for (const name of TARGETED) if (name.endsWith(', at the worker')) rows.push({ name, rps: 0, ratio: 0, errors: 0 })
  }
  let ok = rows.every((r) => r.errors === 0)
  for (const r of rows.filter((row) => TARGETED.has(row.name))) {
    const met = r.ratio >= THROUGHPUT_TARGET
    ok &&= met
    console.log(`${met ? 'met   ' : 'MISSED'} ${r.name}: ${r.ratio.toFixed(2)}x ping's throughput (target ${THROUGHPUT_TARGET}x)`)
  }

  const cpu = await cpuPass(base, group, viewers, runId)
  console.log(`\nServer CPU per request (workerd's processes, one request at a time; includes the local D1 and storage SQLite):`)
  console.log(markdownTable(['request', 'CPU ms'], cpu.map((r) => [r.name, r.ms.toFixed(1)])))

  // The levels go to the worker's own address when it is known. wrangler dev's proxy in front of it
  // ends the whole of `wrangler dev` when one of its connections to the worker breaks (a level past
  // what the machine holds queues requests for tens of seconds and the worker resets connections):
  // the level would end the run instead of showing where the machine stops.
  const levelBase = direct ?? base
  console.log(`\nViewers: ${LEVEL_SECONDS} s per level, time ${SPEEDUP}x faster (a report every ${REPORT_EVERY_S} simulated s), ${REPORTS_PER_VIEWING} reports a viewing, then pause and leave`)
  const results = []
  const levels = [...FIRST_LEVELS]
  for (let i = 0; i < levels.length; i += 1) {
    const count = levels[i]
    if (viewers.length < count) {
      const started = performance.now()
      await addViewers(base, viewers, count - viewers.length, runId)
      console.log(`  (${count} viewers signed up and in, ${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
    let result
    try {
      result = await level(levelBase, viewers, count)
    } catch (error) {
      // what the machine holds ends here: `wrangler dev` itself stopped answering
      console.log(`\n${count} viewers: the server stopped answering (${error instanceof Error ? error.message : error})`)
      ok = false
      break
    }
    results.push(result)
    printLevel(result)
    if (!result.keptUp && i < FIRST_LEVELS.length) ok = false
    // beyond the fixed levels, double while the machine keeps up
    if (i === levels.length - 1 && result.keptUp && count * 2 <= MAX_VIEWERS) levels.push(count * 2)
  }
  const held = results.filter((r) => r.keptUp).map((r) => r.viewers)
  console.log(`\nmost viewers this machine kept up with: ${held.length ? Math.max(...held) : 'none'} (levels up to ${MAX_VIEWERS})`)
  console.log(
    markdownTable(
      ['viewers', 'req/s', 'ping p95 ms', 'DB queries /viewer/s', 'DB writes /viewer/s', 'CATALOG queries /viewer/s', 'kept up'],
      results.map((r) => [String(r.viewers), r.rps.toFixed(0), r.pingP95.toFixed(1), r.d1.dbQueries.toFixed(5), r.d1.dbWrites.toFixed(5), r.d1.catalogQueries.toFixed(5), r.keptUp ? 'yes' : 'no']),
    ),
  )
  return { ok, throughput: rows, cpu, levels: results }
}

/**
 * `npm run bench`: load test of the site with the embedded catalogue. Prepares its own local state
 * (in /dev/shm, or .wrangler/bench-state with BENCH_STATE_ON_DISK=1; never the state of `npm start`), runs `wrangler dev` on port 8795,
 * warms the endpoints, then loads each with autocannon for a fixed time (in interleaved rounds) and prints requests per
 * second, p50/p95/p99 latency, the p95 as a multiple of /api/ping's p95 from the same run, and
 * errors. Every kind of answer the worker gives is measured (page compositions, lists, details,
 * configuration, playback, drawn artwork, the session check and a title page with its tags), each
 * with the same target: p95 within 1.5x ping. Exits non-zero when any request failed.
 *
 * Then the load model (bench/load.mjs): simulated viewers, each signed in to an account of its own,
 * at growing numbers, with the D1 statements per viewer counted by the worker (the server runs
 * with BENCH_COUNTERS=1, which only the bench sets), and the throughput of a progress report and a
 * signed-in session check against ping's.
 *
 * Then what painting a page costs the worker (bench/render-cost.mjs): each painted page rendered
 * again and again in an isolate of its own, median and p95 in milliseconds.
 *
 * Then a watch party (bench/party.mjs): 20 members of one room over WebSocket, the time from a
 * command to every member's state and the messages a second the room sends in a burst of commands
 * and chat, beside /api/ping's round trip.
 *
 * Then recommendations (bench/recommend.mjs): a viewer's "Because you watched" rows made cold from
 * the catalogue, kept, and for a new viewer of the same titles: time as a multiple of /api/ping's,
 * and the catalogue's D1 statements and rows read per request.
 *
 * Then Lighthouse (bench/lighthouse.mjs) audits the pages a visitor opens first with Debian's
 * Chromium, mobile and desktop presets, and prints the median table with the goals it misses.
 *
 * BENCH_DURATION (seconds per endpoint, default 4), BENCH_ROUNDS (default 4), BENCH_CONNECTIONS
 * (default 50) and BENCH_PORT (default 8795) override the defaults; LH_RUNS (default 3) sets the
 * Lighthouse runs per page; BENCH_SERVER=0, BENCH_RENDER=0, BENCH_LOAD=0, BENCH_PARTY=0, BENCH_RECOMMEND=0 or BENCH_LIGHTHOUSE=0 leaves out a part
 * (`npm run bench:load` is the load model alone; bench/load.mjs names its own settings).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { lighthouseMisses, lighthouseTable, runLighthouse } from './lighthouse.mjs'
import { measureRenderCost, renderCostTable } from './render-cost.mjs'
import { percentile, runLoadModel } from './load.mjs'
import { runPartyBench } from './party.mjs'
import { runRecommendBench } from './recommend.mjs'
import { prepareLocal, root, wranglerBin, wranglerEnv } from '../scripts/prepare-local.mjs'

const port = Number(process.env.BENCH_PORT ?? 8795)
const duration = Number(process.env.BENCH_DURATION ?? 4)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const rounds = Number(process.env.BENCH_ROUNDS ?? 4)
// The bench's local state lives in memory where the machine has it (/dev/shm): on a disk, workerd's
// local SQLite waits for the disk to sync on every Durable Object write, on the thread that answers
// requests, which Cloudflare's own storage does not (it confirms a write by replicating it). That
// wait is this machine's, not the code's; BENCH_STATE_ON_DISK=1 measures with it (docs/SCALING.md
// gives both).
const onDisk = process.env.BENCH_STATE_ON_DISK === '1' || !existsSync('/dev/shm')
const persistTo = onDisk ? join(root, '.wrangler', 'bench-state') : '/dev/shm/reelhouse-bench-state'
const base = `http://127.0.0.1:${port}`

const TARGET = 1.5
// BENCH_SERVER=0 skips the load test, BENCH_RENDER=0 the render cost, BENCH_LOAD=0 the load model, BENCH_LIGHTHOUSE=0 the Lighthouse pass.
const runServerBench = process.env.BENCH_SERVER !== '0'
const runLoadBench = process.env.BENCH_LOAD !== '0'
const runLighthouseBench = process.env.BENCH_LIGHTHOUSE !== '0'
const runRenderBench = process.env.BENCH_RENDER !== '0'
const runPartyBenchHere = process.env.BENCH_PARTY !== '0'
const runRecommendBenchHere = process.env.BENCH_RECOMMEND !== '0'

// Asks for compressed answers as browsers do; the page compositions are served gzipped.
const apiHeaders = { 'accept-encoding': 'gzip, deflate, br' }
const htmlHeaders = { ...apiHeaders, accept: 'text/html,application/xhtml+xml' }

const endpoints = [
  { name: 'ping', path: '/api/ping' },
  { name: 'home page', path: '/api/catalog/pages/home' },
  { name: 'movies page', path: '/api/catalog/pages/movies' },
  { name: 'tv page', path: '/api/catalog/pages/tv' },
  { name: 'kids page', path: '/api/catalog/pages/kids' },
  { name: 'genres page', path: '/api/catalog/pages/genres' },
  { name: 'list', path: '/api/catalog/lists/movie-popular?page=2' },
  { name: 'discover', path: '/api/catalog/discover/movie?with_genres=28' },
  { name: 'browse', path: '/api/catalog/browse?letter=S' },
  { name: 'top rated', path: '/api/catalog/top-rated/movie' },
  { name: 'search "star"', path: '/api/catalog/search?query=star' },
  { name: 'movie detail', path: '/api/catalog/movie/550' },
  { name: 'tv detail', path: '/api/catalog/tv/1396' },
  { name: 'season', path: '/api/catalog/tv/1396/season/1' },
  { name: 'similar', path: '/api/catalog/movie/550/similar' },
  { name: 'genres', path: '/api/catalog/genres' },
  { name: 'site config', path: '/api/config' },
  { name: 'player config', path: '/api/player/config' },
  { name: 'stream', path: '/api/player/stream/movie/550' },
  { name: 'poster image', path: '/api/img/w500/poster/movie/550.svg' },
  { name: 'session (signed out)', path: '/api/auth/me' },
  { name: 'home html', path: '/', headers: htmlHeaders },
  { name: 'movie page html', path: '/movie/155', headers: htmlHeaders },
  { name: 'tv page html', path: '/tv/1399', headers: htmlHeaders },
].map((endpoint) => ({ headers: apiHeaders, ...endpoint }))

async function waitForServer(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/api/ping`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`wrangler dev did not answer on ${base} within ${timeoutMs / 1000} s`)
}

/** autocannon reports p97.5 but not p95, so latencies are collected per response. */
function slice({ path, headers }, seconds, into) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${base}${path}`, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error)
      into.errors += result.errors + result.timeouts + result.non2xx
      resolve()
    })
    instance.on('response', (_client, _status, _bytes, responseTime) => into.latencies.push(responseTime))
  })
}

// Lets the work a slice leaves behind (garbage collection, background cache writes) finish before
// the next slice starts, so it is not charged to whichever endpoint comes next.
const SETTLE_MS = 250

/**
 * Each endpoint gets `duration` seconds in all, in `rounds` slices taken in turn with the others,
 * so a change in machine load during the run affects ping and the endpoints alike. Each round
 * starts at a different endpoint, so none always follows the same, possibly heavy, neighbour.
 */
async function loadAll() {
  const totals = endpoints.map(() => ({ latencies: [], errors: 0 }))
  const step = Math.max(1, Math.floor(endpoints.length / rounds))
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < endpoints.length; turn += 1) {
      const index = (turn + round * step) % endpoints.length
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      await slice(endpoints[index], duration / rounds, totals[index])
    }
  }
  return totals.map(({ latencies, errors }) => {
    latencies.sort((a, b) => a - b)
    return {
      rps: latencies.length / duration,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      errors,
      total: latencies.length,
    }
  })
}

function table(rows) {
  const head = ['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 / ping', 'errors']
  const lines = rows.map((r) => [r.name, r.rps.toFixed(0), r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), `${r.ratio.toFixed(2)}x`, String(r.errors)])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const row = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  return [row(head), `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...lines.map(row)].join('\n')
}

await prepareLocal({ persistTo })
console.log(`local state in ${persistTo}${onDisk ? ' (on disk: every Durable Object write waits for the disk)' : ' (in memory)'}`)
const server = spawn(wranglerBin, ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistTo, '--var', 'BENCH_COUNTERS:1', '--show-interactive-dev-session=false', '--log-level', 'warn'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: wranglerEnv,
  detached: true,
})
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}
process.on('SIGINT', () => {
  stop()
  process.exit(130)
})

let failed = false
try {
  await waitForServer()
  // Warm: the first home request composes and caches the page; later ones measure the warm path.
  for (const endpoint of endpoints) {
    const res = await fetch(`${base}${endpoint.path}`, { headers: endpoint.headers })
    if (!res.ok) throw new Error(`${endpoint.path} answered ${res.status} while warming up`)
    await res.arrayBuffer()
  }
  if (runServerBench) {
    console.log(`autocannon: ${connections} connections, ${duration} s per endpoint in ${rounds} interleaved rounds, against ${base}`)
    const results = (await loadAll()).map((result, index) => ({ ...endpoints[index], ...result }))
    for (const r of results) console.log(`  ${r.name}: ${r.total} requests`)
    const ping = results[0]
    for (const r of results) r.ratio = r.p95 / ping.p95
    console.log(`\n${table(results)}\n`)
    for (const r of results.slice(1)) {
      console.log(`${r.ratio <= TARGET ? 'met   ' : 'MISSED'} ${r.name}: p95 ${r.ratio.toFixed(2)}x ping (target ${TARGET}x)`)
    }
    const errors = results.reduce((sum, r) => sum + r.errors, 0)
    console.log(`errors: ${errors}`)
    failed = errors > 0
  }
  if (runRenderBench) {
    console.log('\nPainting a page (web/ssr.tsx): one render per request in an isolate of its own, less an empty request')
    console.log(`\n${renderCostTable(await measureRenderCost(base))}\n`)
  }
  if (runLoadBench) {
    const load = await runLoadModel(base, server.pid)
    failed ||= !load.ok
  }
  if (runPartyBenchHere) {
    const party = await runPartyBench(base)
    failed ||= !party.ok
  }
  if (runRecommendBenchHere) {
    const recommend = await runRecommendBench(base)
    failed ||= !recommend.ok
  }
  if (runLighthouseBench) {
    const runs = Number(process.env.LH_RUNS ?? 3)
    console.log(`\nLighthouse: mobile and desktop presets, median of ${runs} runs per page, against ${base}`)
    const rows = await runLighthouse(base, { runs })
    console.log(`\n${lighthouseTable(rows)}\n`)
    const misses = lighthouseMisses(rows)
    for (const miss of misses) console.log(`MISSED ${miss}`)
    if (!misses.length) console.log('met    every page: mobile performance 95+, desktop 100, accessibility, best practices and SEO 100, CLS at most 0.05')
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  failed = true
} finally {
  stop()
}
process.exit(failed ? 1 : 0)

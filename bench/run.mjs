/**
 * `npm run bench`: load test of the site with the embedded catalogue. Prepares its own local state
 * (.wrangler/bench-state, so it never touches the state of `npm start`), runs `wrangler dev` on port 8795,
 * warms the endpoints, then loads each with autocannon for a fixed time (in interleaved rounds) and prints requests per
 * second, p50/p95/p99 latency, the p95 as a multiple of /api/ping's p95 from the same run, and
 * errors. Exits non-zero when any request failed. Targets: home p95 within 2x ping, search within 3x.
 *
 * BENCH_DURATION (seconds per endpoint, default 10), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS
 * (default 10) and BENCH_PORT (default 8795) override the defaults.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { prepareLocal, root, wranglerBin, wranglerEnv } from '../scripts/prepare-local.mjs'

const port = Number(process.env.BENCH_PORT ?? 8795)
const duration = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const persistTo = join(root, '.wrangler', 'bench-state')
const base = `http://127.0.0.1:${port}`

const endpoints = [
  { name: 'ping', path: '/api/ping' },
  { name: 'home page', path: '/api/catalog/pages/home', target: 2 },
  { name: 'search "star"', path: '/api/catalog/search?query=star', target: 3 },
  { name: 'movie detail', path: '/api/catalog/movie/550' },
]

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

function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** autocannon reports p97.5 but not p95, so latencies are collected per response. */
function slice(path, seconds, into) {
  return new Promise((resolve, reject) => {
    // Asks for compressed answers as browsers do; the home page is served gzipped (about 28 kB of 180 kB).
    const headers = { 'accept-encoding': 'gzip, deflate, br' }
    const instance = autocannon({ url: `${base}${path}`, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error)
      into.errors += result.errors + result.timeouts + result.non2xx
      resolve()
    })
    instance.on('response', (_client, _status, _bytes, responseTime) => into.latencies.push(responseTime))
  })
}

/**
 * Each endpoint gets `duration` seconds in all, in `rounds` slices taken in turn with the others,
 * so a change in machine load during the run affects ping and the endpoints alike.
 */
async function loadAll() {
  const totals = endpoints.map(() => ({ latencies: [], errors: 0 }))
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, endpoint] of endpoints.entries()) await slice(endpoint.path, duration / rounds, totals[index])
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
const server = spawn(wranglerBin, ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistTo, '--show-interactive-dev-session=false', '--log-level', 'warn'], {
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
    const res = await fetch(`${base}${endpoint.path}`)
    if (!res.ok) throw new Error(`${endpoint.path} answered ${res.status} while warming up`)
    await res.arrayBuffer()
  }
  console.log(`autocannon: ${connections} connections, ${duration} s per endpoint in ${rounds} interleaved rounds, against ${base}`)
  const results = (await loadAll()).map((result, index) => ({ ...endpoints[index], ...result }))
  for (const r of results) console.log(`  ${r.name}: ${r.total} requests`)
  const ping = results[0]
  for (const r of results) r.ratio = r.p95 / ping.p95
  console.log(`\n${table(results)}\n`)
  for (const r of results.filter((x) => x.target)) {
    console.log(`${r.ratio <= r.target ? 'met   ' : 'MISSED'} ${r.name}: p95 ${r.ratio.toFixed(2)}x ping (target ${r.target}x)`)
  }
  const errors = results.reduce((sum, r) => sum + r.errors, 0)
  console.log(`errors: ${errors}`)
  failed = errors > 0
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  failed = true
} finally {
  stop()
}
process.exit(failed ? 1 : 0)

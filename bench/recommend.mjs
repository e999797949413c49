/**
 * What a viewer's "Because you watched" rows cost (GET /api/me/recommendations), part of
 * `npm run bench`: in each of BENCH_RECOMMEND_ROUNDS rounds (default 5) a new viewer marks three
 * films watched, picked at random so their neighbourhoods are most likely not kept yet, and asks for
 * the rows three ways:
 *   - cold: made from the catalogue (the three films' neighbourhoods read from D1 and kept in KV);
 *   - kept: asked again, answered from the viewer's store;
 *   - new viewer: another viewer of the same three films, made from the kept neighbourhoods.
 * Each with its median time as a multiple of /api/ping's median in the same run, and the catalogue's
 * D1 statements and rows read per request (the worker's own counters: GET /api/dev/counters, which
 * exists only because the bench starts `wrangler dev` with BENCH_COUNTERS=1).
 */
const ROUNDS = Number(process.env.BENCH_RECOMMEND_ROUNDS ?? 5)
const KEPT_ASKS = 10
const PINGS = 40
const PASSWORD = 'bench password 1'
/** Films of these genres are picked from: crime, thriller, drama, action, science fiction, comedy. */
const GENRES = [80, 53, 18, 28, 878, 35]

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}
const pick = (list) => list[Math.floor(Math.random() * list.length)]

async function timed(url, headers = {}) {
  const started = performance.now()
  const res = await fetch(url, { headers })
  const body = await res.text()
  const ms = performance.now() - started
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body}`)
  return { ms, body }
}

async function counters(base) {
  const res = await fetch(`${base}/api/dev/counters`)
  if (!res.ok) throw new Error(`GET /api/dev/counters answered ${res.status}: is wrangler dev running with BENCH_COUNTERS=1?`)
  return res.json()
}

async function rowsReadSince(base, from) {
  const res = await fetch(`${base}/api/dev/counters/catalog-rows?from=${from}`)
  if (!res.ok) throw new Error(`GET /api/dev/counters/catalog-rows answered ${res.status}`)
  return (await res.json()).rowsRead
}

/** What one request asks of D1 and how long it takes. */
async function measured(base, url, headers) {
  const before = await counters(base)
  const { ms, body } = await timed(url, headers)
  const after = await counters(base)
  return {
    ms,
    rows: JSON.parse(body).rows,
    catalogQueries: after.d1.CATALOG.queries - before.d1.CATALOG.queries,
    accountQueries: after.d1.DB.queries - before.d1.DB.queries,
    catalogRows: await rowsReadSince(base, before.catalogReads),
  }
}

let viewers = 0

async function newViewer(base, runId) {
  viewers += 1
  const headers = { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.251.${(viewers >> 8) & 255}.${viewers & 255}` }
  const account = { email: `recommend-${runId}-${viewers}@example.test`, username: `r${runId}x${viewers}`, password: PASSWORD, confirmPassword: PASSWORD }
  const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers, body: JSON.stringify(account) })
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`)
  const cookie = signup.headers.getSetCookie().find((line) => line.startsWith('reelhouse_session='))?.split(';')[0]
  if (!cookie) throw new Error('sign-up set no session cookie')
  return { cookie, headers: { ...headers, Cookie: cookie } }
}

async function watch(base, viewer, ids) {
  for (const id of ids) {
    const res = await fetch(`${base}/api/me/watched`, { method: 'PUT', headers: viewer.headers, body: JSON.stringify({ content_type: 'movie', content_id: id, watched: true }) })
    if (!res.ok) throw new Error(`PUT /api/me/watched answered ${res.status}: ${await res.text()}`)
  }
}

/** Three films not picked before in this run, from a random page of a random genre. */
async function threeFilms(base, used) {
  for (;;) {
    const page = await (await fetch(`${base}/api/catalog/discover/movie?with_genres=${pick(GENRES)}&page=${1 + Math.floor(Math.random() * 5)}`)).json()
    const fresh = page.results.map((r) => r.id).filter((id) => !used.has(id))
    if (fresh.length < 3) continue
    const films = fresh.sort(() => Math.random() - 0.5).slice(0, 3)
    for (const id of films) used.add(id)
    return films
  }
}

function summary(name, samples, pingMs) {
  const ms = median(samples.map((s) => s.ms))
  const per = (key) => (samples.reduce((sum, s) => sum + s[key], 0) / samples.length).toFixed(1)
  return [name, ms.toFixed(1), `${(ms / pingMs).toFixed(2)}x`, per('catalogQueries'), per('catalogRows'), per('accountQueries'), String(samples.length)]
}

export async function runRecommendBench(base) {
  const runId = Date.now().toString(36)
  const pings = []
  for (let i = 0; i < PINGS; i++) pings.push((await timed(`${base}/api/ping`)).ms)
  const pingMs = median(pings)
  const used = new Set()
  const cold = []
  const kept = []
  const second = []
  let rows = 0
  for (let round = 0; round < ROUNDS; round++) {
    const films = await threeFilms(base, used)
    const viewer = await newViewer(base, runId)
    await watch(base, viewer, films)
    const first = await measured(base, `${base}/api/me/recommendations`, viewer.headers)
    cold.push(first)
    rows += first.rows.length
    // the rows are kept after the answer: let that finish
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (let i = 0; i < KEPT_ASKS; i++) kept.push(await measured(base, `${base}/api/me/recommendations`, viewer.headers))
    const other = await newViewer(base, runId)
    await watch(base, other, films)
    second.push(await measured(base, `${base}/api/me/recommendations`, other.headers))
  }
  const head = ['GET /api/me/recommendations', 'median ms', 'x ping', 'catalogue D1 statements', 'catalogue rows read', 'accounts D1 statements', 'requests']
  const lines = [summary('cold (made from D1)', cold, pingMs), summary('kept for the viewer', kept, pingMs), summary('new viewer, neighbourhoods kept', second, pingMs)]
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const row = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  console.log(`\nRecommendations: ${ROUNDS} viewers of three random films each (${(rows / ROUNDS).toFixed(1)} rows on average), /api/ping median ${pingMs.toFixed(1)} ms`)
  console.log(`\n${[row(head), `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...lines.map(row)].join('\n')}\n`)
  const keptQueries = kept.reduce((sum, s) => sum + s.catalogQueries, 0)
  console.log(`${keptQueries === 0 ? 'met   ' : 'MISSED'} kept rows ask the catalogue nothing (${keptQueries} statements in ${kept.length} requests)`)
  return { ok: keptQueries === 0 }
}

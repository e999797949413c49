/**
 * What painting a page costs the worker (web/ssr.tsx): each page's first data is read from the HTML
 * the running server serves, then the server build (dist-ssr/render.js) renders it again and again
 * in a workerd isolate of its own (Miniflare), one render per request. workerd freezes its clocks
 * during a request, so each render is timed from outside, less the median of a request that
 * renders nothing; an isolate that does nothing else spends that time on the CPU. Prints the
 * median and p95 per page, in milliseconds, on this machine.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Miniflare } from 'miniflare'
import { root } from '../scripts/prepare-local.mjs'

const PAGES = [
  ['/', 'features/home/home-page'],
  ['/movie/155', 'features/title/movie-page'],
  ['/tv/1399', 'features/title/tv-page'],
  ['/genre/28', 'features/browse/genre-page'],
  ['/top-imdb', 'features/browse/top-imdb-page'],
  ['/ar/movie/155', 'features/title/movie-page'],
]

function bootOf(html) {
  const match = html.match(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/)
  return match ? JSON.parse(match[1]) : null
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

export async function measureRenderCost(base, { renders = 40 } = {}) {
  const cases = []
  for (const [path, module] of PAGES) {
    const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } })
    const boot = bootOf(await res.text())
    if (!boot) throw new Error(`${path} came without its first data`)
    const prefix = path.match(/^\/(ar|es|de|fr|ja)(?=\/)/)?.[0] ?? ''
    cases.push({ path, request: { url: path, basename: prefix, locale: prefix ? prefix.slice(1) : 'en', module, boot, consent: null } })
  }
  const worker = `import { renderApp } from './render.js'
const cases = ${JSON.stringify(Object.fromEntries(cases.map((c, i) => [i, c.request])))}
export default {
  async fetch(request) {
    const which = new URL(request.url).pathname.slice(1)
    if (which === 'nothing') return new Response('')
    const html = await renderApp(cases[which])
    return new Response(html === null ? 'failed' : String(html.length))
  },
}`
  const mf = new Miniflare({
    modules: [
      { type: 'ESModule', path: join(root, 'bench-render.mjs'), contents: worker },
      { type: 'ESModule', path: join(root, 'render.js'), contents: readFileSync(join(root, 'dist-ssr', 'render.js'), 'utf8') },
    ],
    compatibilityDate: '2026-04-20',
  })
  try {
    const time = async (which, n) => {
      const times = []
      for (let i = 0; i < n; i++) {
        const started = performance.now()
        const res = await mf.dispatchFetch(`http://bench/${which}`)
        const body = await res.text()
        times.push(performance.now() - started)
        if (body === 'failed') throw new Error(`rendering ${cases[which]?.path} failed`)
      }
      return times.sort((a, b) => a - b)
    }
    // Warm: the first render of each page loads its code and words into the isolate.
    for (let i = 0; i < cases.length; i++) await time(i, 3)
    const nothing = quantile(await time('nothing', renders), 0.5)
    const rows = []
    for (let i = 0; i < cases.length; i++) {
      const times = await time(i, renders)
      rows.push({ path: cases[i].path, median: quantile(times, 0.5) - nothing, p95: quantile(times, 0.95) - nothing })
    }
    return rows
  } finally {
    await mf.dispose()
  }
}

export function renderCostTable(rows) {
  const lines = ['| page | render median ms | render p95 ms |', '|------|-----:|-----:|']
  for (const r of rows) lines.push(`| ${r.path} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`)
  return lines.join('\n')
}

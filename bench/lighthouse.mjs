/**
 * Lighthouse over the site's pages, as a visitor on a phone and on a desktop sees them: the mobile
 * preset (simulated slow 4G and a 4x slower CPU) and the desktop preset, several runs each, median
 * per page. Signed-in pages (/, /watchlist, /profile) are audited with a fresh account's session
 * cookie. Run by `npm run bench` against its own server, or alone against a running site:
 *
 *   LH_BASE=http://127.0.0.1:8787 node bench/lighthouse.mjs
 *
 * LH_RUNS (default 3), LH_PRESETS (mobile,desktop) and LH_PAGES (comma-separated paths) narrow it.
 * Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 * The first audit, of the first page, is not counted: it warms the new Chromium up.
 *
 * Chromium runs without Paint Holding (LH_PAINT_HOLDING=1 keeps it). Headless, with it on, a page
 * whose main thread is busy when its first frame is due (module scripts, hydration) gets its next
 * frames about a second apart: the observed first paint lands at 1.25 s or 2.25 s after a load at
 * 0.3 s, with the main thread idle between, in about half the runs of `/`; a plain page with a 300 ms
 * script does it too, and a page with no script never does. Lighthouse starts each run from
 * about:blank, where there is nothing to hold, so the feature only adds that headless stall.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { pathToFileURL } from 'node:url'

/**
 * `painted`: a page the worker paints from its HTML, whose goal on a phone is Performance 100 with
 * LCP at most 1.5 s and TBT at most 50 ms.
 */
export const LIGHTHOUSE_PAGES = [
  { path: '/', painted: true },
  { path: '/movies', painted: true },
  { path: '/tv-shows', painted: true },
  { path: '/kids', painted: true },
  { path: '/genres', painted: true },
  { path: '/genre/28', painted: true },
  { path: '/top-imdb', painted: true },
  { path: '/movies/all?genre=28&sort=newest&from=1990' },
  { path: '/search' },
  { path: '/search-results?q=star' },
  { path: '/movie/155', painted: true },
  { path: '/tv/1399', painted: true },
  // right to left, in the script the site's fonts cover last
  { path: '/ar', painted: true },
  { path: '/ar/movie/155', painted: true },
  { path: '/', signedIn: true, painted: true },
  { path: '/watchlist', signedIn: true, painted: true },
  { path: '/profile', signedIn: true },
]

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (!sorted.length) return Number.NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** A new account, signed in: its session cookie, for the pages that need one. */
export async function signedInCookie(base) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const account = { email: `bench${stamp}@example.com`, username: `bench${stamp}`.slice(0, 20), password: 'bench-password-123', confirmPassword: 'bench-password-123' }
  // Sign-up signs the new account in: its answer carries the session cookie.
  const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) })
  const cookie = signup.headers.get('set-cookie')?.split(';')[0]
  if (signup.status !== 201 || !cookie) throw new Error(`sign-up for the signed-in pages answered ${signup.status}`)
  return cookie
}

/** One audit; a page Lighthouse could not load (a navigation aborted on a busy machine) is tried once more. */
async function audit(chrome, url, preset, cookie) {
  try {
    return await auditOnce(chrome, url, preset, cookie)
  } catch (error) {
    console.warn(`  retrying ${preset} ${url}: ${error instanceof Error ? error.message.slice(0, 160) : error}`)
    return auditOnce(chrome, url, preset, cookie)
  }
}

async function auditOnce(chrome, url, preset, cookie) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders: cookie ? { Cookie: cookie } : undefined }
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined)
  const lhr = result?.lhr
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const score = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  }
}

/** Runs every page `runs` times per preset, in turn, and returns the median of each figure. */
export async function runLighthouse(base, { runs = 3, presets = ['mobile', 'desktop'], pages = LIGHTHOUSE_PAGES, log = console.log } = {}) {
  const cookie = pages.some((p) => p.signedIn) ? await signedInCookie(base) : null
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(process.env.LH_PAINT_HOLDING === '1' ? [] : ['--disable-features=PaintHolding'])],
  })
  const rows = []
  try {
    // One audit first that counts for nothing: the first page a new Chromium loads pays for the
    // browser's own start (its renderer process, fonts, code caches) on top of the page's. On the
    // development machine the first audit of / in a new Chromium gave TBT of 183 to 379 ms, three
    // times out of three; the audits after it, 0 to 171 ms.
    await audit(chrome, base + pages[0].path, presets[0], pages[0].signedIn ? cookie : null)
    for (const preset of presets) {
      for (const page of pages) {
        const samples = []
        for (let run = 0; run < runs; run += 1) samples.push(await audit(chrome, base + page.path, preset, page.signedIn ? cookie : null))
        const row = { preset, path: page.path + (page.signedIn ? ' (signed in)' : ''), painted: page.painted === true }
        for (const key of ['performance', 'accessibility', 'bestPractices', 'seo', 'lcp', 'tbt', 'cls']) row[key] = median(samples.map((s) => s[key]))
        row.failing = [...new Set(samples.flatMap((s) => s.failing))]
        rows.push(row)
        log(`  ${preset} ${row.path}: performance ${row.performance}, LCP ${(row.lcp / 1000).toFixed(1)} s, TBT ${row.tbt.toFixed(0)} ms, CLS ${row.cls.toFixed(3)}`)
      }
    }
  } finally {
    await chrome.kill()
  }
  return rows
}

export function lighthouseTable(rows) {
  const head = ['preset', 'page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP s', 'TBT ms', 'CLS']
  const lines = rows.map((r) => [r.preset, r.path, r.performance, r.accessibility, r.bestPractices, r.seo, (r.lcp / 1000).toFixed(2), r.tbt.toFixed(0), r.cls.toFixed(3)].map(String))
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const row = (cells) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (i < 2 ? `${'-'.repeat(w + 2)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`
  return [row(head), rule, ...lines.map(row)].join('\n')
}

/**
 * The goals of the speed work: mobile 95+ (100 with LCP at most 1.5 s and TBT at most 50 ms on a
 * painted page), desktop 100, A11y/BP/SEO 100, CLS at most 0.05.
 */
export function lighthouseMisses(rows) {
  const misses = []
  for (const r of rows) {
    const goal = r.preset === 'desktop' || r.painted ? 100 : 95
    if (r.preset === 'mobile' && r.painted) {
      if (r.lcp > 1500) misses.push(`${r.preset} ${r.path}: LCP ${(r.lcp / 1000).toFixed(2)} s > 1.5 s`)
      if (r.tbt > 50) misses.push(`${r.preset} ${r.path}: TBT ${r.tbt.toFixed(0)} ms > 50 ms`)
    }
    if (r.performance < goal) misses.push(`${r.preset} ${r.path}: performance ${r.performance} < ${goal}`)
    for (const key of ['accessibility', 'bestPractices', 'seo']) if (r[key] < 100) misses.push(`${r.preset} ${r.path}: ${key} ${r[key]} (failing: ${r.failing.join(', ') || 'none'})`)
    if (r.cls > 0.05) misses.push(`${r.preset} ${r.path}: CLS ${r.cls.toFixed(3)} > 0.05`)
  }
  return misses
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.env.LH_BASE ?? 'http://127.0.0.1:8787'
  const only = process.env.LH_PAGES?.split(',').map((p) => p.trim())
  const pages = only ? LIGHTHOUSE_PAGES.filter((p) => only.includes(p.path)) : LIGHTHOUSE_PAGES
  const rows = await runLighthouse(base, {
    runs: Number(process.env.LH_RUNS ?? 3),
    presets: (process.env.LH_PRESETS ?? 'mobile,desktop').split(','),
    pages,
  })
  console.log(`\n${lighthouseTable(rows)}\n`)
  const misses = lighthouseMisses(rows)
  for (const miss of misses) console.log(`MISSED ${miss}`)
  if (!misses.length) console.log('every page met its goals')
}

/**
 * Fails the build when the JavaScript that / loads before any lazy chunk grows past the budget,
 * or when a title page loads more than its own budget before the viewer presses Play (hls.js
 * among it is a failure at any size: it must stay a dynamic import), or when a locale's core
 * catalog (the words every page loads beside the entry, web/i18n/areas.ts) grows past its own,
 * or when a CommonJS package that a page loads first is wrapped in an arrow function, which V8
 * compiles on the main thread when it is first called (compiledWithItsFile, web/vite.config.ts),
 * or when React DOM's file lacks V8's hint to compile it whole, or a file / loads later has it.
 * Reads dist/.vite/manifest.json (build.manifest in web/vite.config.ts), walks the entry chunk
 * and its static imports (dynamic imports are lazy and not counted) and sums their gzip sizes.
 *
 *   node scripts/check-bundle-size.mjs [--budget-kb 120] [--title-budget-kb 150] [--words-budget-kb 8] [--dist dist]
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const budgetKb = Number(option('--budget-kb', '120'))
const titleBudgetKb = Number(option('--title-budget-kb', '150'))
const wordsBudgetKb = Number(option('--words-budget-kb', '8'))
const dist = resolve(option('--dist', 'dist'))

let manifest
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
} catch (err) {
  console.error(`check-bundle-size: cannot read ${join(dist, '.vite', 'manifest.json')} (run npm run build first): ${err.message}`)
  process.exit(1)
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
if (entries.length === 0) {
  console.error('check-bundle-size: the manifest has no entry chunk')
  process.exit(1)
}

/** The chunks `keys` load before any lazy chunk: themselves and their static imports, transitively. */
const staticGraph = (keys) => {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`manifest has no chunk ${key}`)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  for (const key of keys) visit(key)
  return seen
}

/** Prints each JavaScript file of the graph with its gzip size and answers the total in KB. */
const gzipKb = (graph) => {
  let total = 0
  let count = 0
  for (const key of graph) {
    const file = manifest[key].file
    if (!file.endsWith('.js')) continue
    const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
    total += gz
    count += 1
    console.log(`  ${file}  ${(gz / 1024).toFixed(2)} KB gzip`)
  }
  return { kb: total / 1024, count }
}

const plural = (n) => `${n} file${n === 1 ? '' : 's'}`
let failed = false

const entryKeys = entries.map(([key]) => key)
const initial = gzipKb(staticGraph(entryKeys))
console.log(`initial JavaScript for /: ${initial.kb.toFixed(2)} KB gzip (budget ${budgetKb} KB, ${plural(initial.count)})`)
if (initial.kb > budgetKb) {
  console.error(`check-bundle-size: ${initial.kb.toFixed(2)} KB is over the ${budgetKb} KB budget`)
  failed = true
}

// Each locale's core catalog, which every page in that language loads beside the entry; a page
// area (the static pages' texts, account, admin) comes only with its pages.
const routeChunks = JSON.parse(readFileSync(join(dist, 'route-chunks.json'), 'utf8'))
const cores = Object.entries(routeChunks)
  .filter(([key]) => /^virtual:i18n\/[^/]+$/.test(key) && key !== 'virtual:i18n/en-XA')
  .map(([key, files]) => ({ locale: key.slice('virtual:i18n/'.length), kb: gzipSync(readFileSync(join(dist, files[0]))).length / 1024 }))
  .sort((a, b) => b.kb - a.kb)
if (cores.length === 0) {
  console.error('check-bundle-size: route-chunks.json lists no locale catalogs')
  failed = true
} else {
  const largest = cores[0]
  console.log(`largest core catalog: ${largest.locale} ${largest.kb.toFixed(2)} KB gzip (budget ${wordsBudgetKb} KB; ${cores.length} locales, smallest ${cores.at(-1).kb.toFixed(2)} KB)`)
  console.log(`initial JavaScript and words for / in ${largest.locale}: ${(initial.kb + largest.kb).toFixed(2)} KB gzip`)
  if (largest.kb > wordsBudgetKb) {
    console.error(`check-bundle-size: the ${largest.locale} core catalog is ${largest.kb.toFixed(2)} KB, over the ${wordsBudgetKb} KB budget`)
    failed = true
  }
}

// A title page before the viewer presses Play: the entry plus the movie and TV page chunks and
// everything they import statically. hls.js and our player arrive only on the way to playing.
const titlePages = ['features/title/movie-page.tsx', 'features/title/tv-page.tsx']
const missing = titlePages.filter((key) => !manifest[key])
if (missing.length > 0) {
  console.error(`check-bundle-size: the manifest has no chunk for ${missing.join(', ')}`)
  process.exit(1)
}
const titleGraph = staticGraph([...entryKeys, ...titlePages])
const title = gzipKb(titleGraph)
console.log(`title page JavaScript before Play: ${title.kb.toFixed(2)} KB gzip (budget ${titleBudgetKb} KB, ${plural(title.count)})`)
if (title.kb > titleBudgetKb) {
  console.error(`check-bundle-size: the title pages load ${title.kb.toFixed(2)} KB before Play, over the ${titleBudgetKb} KB budget`)
  failed = true
}
const hlsInGraph = [...titleGraph].filter((key) => key.includes('node_modules/hls.js/'))
if (hlsInGraph.length > 0) {
  console.error(`check-bundle-size: hls.js (${hlsInGraph.join(', ')}) is a static import of the title pages; it must stay a dynamic import`)
  failed = true
}
// The bundler wraps a CommonJS package in a call of its runtime with a parenthesised function:
// `=t((function(e,t){` is compiled with its file, off the main thread; `=t(((e,t)=>{` is not.
const arrowWrapper = /=[\w$]+\(\((?:\([\w$,]*\)|[\w$]+)=>\{/
const functionWrapper = /=[\w$]+\(\(function\([\w$,]*\)\{/
let wrapped = 0
for (const key of titleGraph) {
  const file = manifest[key].file
  if (!file.endsWith('.js')) continue
  const code = readFileSync(join(dist, file), 'utf8')
  if (arrowWrapper.test(code)) {
    console.error(`check-bundle-size: ${file} wraps a CommonJS package in an arrow function, compiled on the main thread when first called`)
    failed = true
  }
  if (functionWrapper.test(code)) wrapped += 1
}
if (wrapped === 0) {
  console.error('check-bundle-size: no file a page loads first holds a CommonJS package compiled with its file (React DOM is one)')
  failed = true
}
console.log(`CommonJS packages compiled with their files in ${plural(wrapped)}`)

// What every page runs as it starts is compiled whole as it downloads (compiledWhole in
// web/vite.config.ts): V8 reads the hint on a file's first line only. React DOM's file carries it,
// and no file that / loads later does (it would compile code a page may never run).
const hint = '//# allFunctionsCalledOnLoad\n'
const firstLoad = new Set([...staticGraph(entryKeys)].map((key) => manifest[key].file))
const hinted = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js') && startsWith(join(dist, file), hint))
if (!hinted.some((file) => /(^|\/)react-dom-[^/]*\.js$/.test(file))) {
  console.error("check-bundle-size: React DOM's file does not begin with V8's compile hint")
  failed = true
}
for (const file of hinted.filter((file) => !firstLoad.has(file))) {
  console.error(`check-bundle-size: ${file} carries V8's compile hint but / does not load it first`)
  failed = true
}
console.log(`compiled whole as they download: ${hinted.join(', ')}`)

/** Whether a file begins with `text`, reading only as many bytes. */
function startsWith(path, text) {
  const wanted = Buffer.from(text)
  const head = Buffer.alloc(wanted.length)
  const fd = openSync(path, 'r')
  try {
    return readSync(fd, head, 0, wanted.length, 0) === wanted.length && head.equals(wanted)
  } finally {
    closeSync(fd)
  }
}
if (failed) process.exit(1)

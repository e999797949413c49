/**
 * Fails the build when the JavaScript that / loads before any lazy chunk grows past the budget.
 * Reads dist/.vite/manifest.json (build.manifest in web/vite.config.ts), walks the entry chunk
 * and its static imports (dynamic imports are lazy and not counted) and sums their gzip sizes.
 *
 *   node scripts/check-bundle-size.mjs [--budget-kb 120] [--dist dist]
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const budgetKb = Number(option('--budget-kb', '120'))
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

const seen = new Set()
const files = []
const visit = (key) => {
  if (seen.has(key)) return
  seen.add(key)
  const chunk = manifest[key]
  if (!chunk) throw new Error(`manifest has no chunk ${key}`)
  if (chunk.file.endsWith('.js')) files.push(chunk.file)
  for (const dep of chunk.imports ?? []) visit(dep)
}
for (const [key] of entries) visit(key)

let total = 0
for (const file of files) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += gz
  console.log(`  ${file}  ${(gz / 1024).toFixed(2)} KB gzip`)
}
const totalKb = total / 1024
console.log(`initial JavaScript for /: ${totalKb.toFixed(2)} KB gzip (budget ${budgetKb} KB, ${files.length} file${files.length === 1 ? '' : 's'})`)
if (totalKb > budgetKb) {
  console.error(`check-bundle-size: ${totalKb.toFixed(2)} KB is over the ${budgetKb} KB budget`)
  process.exit(1)
}

/**
 * Draws the web app's install icons from the site's mark (web/public/favicon.svg) with resvg:
 * web/public/icons/icon-192.png and icon-512.png (the rounded mark), maskable-512.png (the mark's
 * red to the edges, the play sign inside the safe zone's middle 80%) and apple-touch-icon.png (180,
 * square: iOS rounds it). Run after changing the mark: node scripts/make-icons.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { initWasm, Resvg } from '@resvg/resvg-wasm'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = (await import('node:module')).createRequire(import.meta.url)
await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')))

const mark = readFileSync(join(root, 'web/public/favicon.svg'), 'utf8')
// The mark's play sign, 22 units wide in a 64-unit square, sits a little right of centre.
const square = (fill) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><path d="M25 20.5v23l18-11.5z" fill="#fff"/></svg>`

function png(svg, size) {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size } })
  return resvg.render().asPng()
}

const out = join(root, 'web/public/icons')
const files = {
  'icon-192.png': png(mark, 192),
  'icon-512.png': png(mark, 512),
  'maskable-512.png': png(square('#e11d48'), 512),
  'apple-touch-icon.png': png(square('#e11d48'), 180),
}
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(join(out, name), bytes)
  console.log(`web/public/icons/${name}: ${bytes.length} bytes`)
}

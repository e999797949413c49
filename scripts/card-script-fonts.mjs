/**
 * The share cards' fonts for the scripts their own font (Inter, Latin only: worker/og/fonts.ts) does
 * not draw: Noto Sans Arabic, Devanagari, JP, KR and SC (SIL Open Font License 1.1), from their
 * @fontsource packages. Those ship each font cut into pieces by Unicode range (a CJK weight is about
 * 120 pieces of 30 KB instead of one file of several megabytes); the web build (`npm run build`)
 * writes every piece of the regular and bold weights into dist/og-fonts/ as TrueType, which resvg
 * reads (it reads no WOFF2), with a manifest of the ranges each covers and each font's licence
 * beside it. The worker fetches only the pieces a card's text needs, through its ASSETS binding
 * (worker/og/script-fonts.ts), so no request that draws no card pays for them.
 *
 * resvg finds a font by its family name, and every piece of a font carries the same one, so each
 * piece is renamed "Card <piece>" here: the card names the piece each run of text is set in.
 *
 *   node scripts/card-script-fonts.mjs [outDir]     # default dist/og-fonts
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decompress } from 'wawoff2'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

/** The card's scripts, each from its Noto Sans package. */
export const FAMILIES = [
  { key: 'arabic', pkg: '@fontsource/noto-sans-arabic' },
  { key: 'devanagari', pkg: '@fontsource/noto-sans-devanagari' },
  { key: 'jp', pkg: '@fontsource/noto-sans-jp' },
  { key: 'kr', pkg: '@fontsource/noto-sans-kr' },
  { key: 'sc', pkg: '@fontsource/noto-sans-sc' },
]
const WEIGHTS = [400, 700]

/** "U+0600-06FF,U+200C" -> [[0x600, 0x6ff], [0x200c, 0x200c]] */
function parseRanges(text) {
  return text.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-')
    return [parseInt(from, 16), parseInt(to, 16)]
  })
}

function utf16be(text) {
  const out = Buffer.alloc(text.length * 2)
  for (let i = 0; i < text.length; i++) out.writeUInt16BE(text.charCodeAt(i), i * 2)
  return out
}

function checksum(table) {
  const padded = Buffer.concat([table, Buffer.alloc((4 - (table.length % 4)) % 4)])
  let sum = 0
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0
  return sum
}

/**
 * The font with a name table of its own, naming `family` (IDs 1, 2, 4, 6, 16, 17, Windows Unicode):
 * the new table is appended and the table directory pointed at it; nothing else moves.
 */
export function renameFamily(font, family, style) {
  const numTables = font.readUInt16BE(4)
  const names = [
    [1, family],
    [2, style],
    [4, `${family} ${style}`],
    [6, `${family}-${style}`.replace(/[^A-Za-z0-9-]/g, '')],
    [16, family],
    [17, style],
  ]
  const strings = names.map(([, text]) => utf16be(text))
  const header = Buffer.alloc(6 + names.length * 12)
  header.writeUInt16BE(0, 0)
  header.writeUInt16BE(names.length, 2)
  header.writeUInt16BE(header.length, 4)
  let offset = 0
  names.forEach(([id], i) => {
    const at = 6 + i * 12
    header.writeUInt16BE(3, at)
    header.writeUInt16BE(1, at + 2)
    header.writeUInt16BE(0x409, at + 4)
    header.writeUInt16BE(id, at + 6)
    header.writeUInt16BE(strings[i].length, at + 8)
    header.writeUInt16BE(offset, at + 10)
    offset += strings[i].length
  })
  const table = Buffer.concat([header, ...strings])
  const start = font.length + ((4 - (font.length % 4)) % 4)
  const out = Buffer.concat([font, Buffer.alloc(start - font.length), table, Buffer.alloc((4 - (table.length % 4)) % 4)])
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16
    if (out.toString('latin1', record, record + 4) !== 'name') continue
    out.writeUInt32BE(checksum(table), record + 4)
    out.writeUInt32BE(start, record + 8)
    out.writeUInt32BE(table.length, record + 12)
    return out
  }
  throw new Error(`${family}: no name table`)
}

export async function writeCardFonts(outDir = join(root, 'dist', 'og-fonts')) {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const manifest = { weights: WEIGHTS, families: {} }
  let files = 0
  let bytes = 0
  for (const { key, pkg } of FAMILIES) {
    const dir = dirname(require.resolve(`${pkg}/package.json`))
    const base = pkg.split('/')[1]
    const pieces = Object.entries(JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')))
    manifest.families[key] = []
    for (const [subset, ranges] of pieces) {
      // Latin is the card's own font's; every other piece (Cyrillic, Vietnamese, symbols, ...) is kept.
      if (subset === 'latin') continue
      const piece = `${key}-${subset.replace(/[[\]]/g, '')}`
      for (const weight of WEIGHTS) {
        const woff2 = readFileSync(join(dir, 'files', `${base}-${subset.replace(/[[\]]/g, '')}-${weight}-normal.woff2`))
        const font = renameFamily(Buffer.from(await decompress(woff2)), `Card ${piece}`, weight === 700 ? 'Bold' : 'Regular')
        writeFileSync(join(outDir, `${piece}-${weight}.ttf`), font)
        files += 1
        bytes += font.length
      }
      manifest.families[key].push({ piece, ranges: parseRanges(ranges) })
    }
    writeFileSync(join(outDir, `${base}-LICENSE.txt`), readFileSync(join(dir, 'LICENSE')))
  }
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest))
  return { files, bytes }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now()
  const { files, bytes } = await writeCardFonts(process.argv[2])
  console.log(`card fonts: ${files} files, ${(bytes / 1048576).toFixed(1)} MiB, ${Date.now() - started} ms`)
}

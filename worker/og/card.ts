/**
 * The share cards social networks show (SPEC: a 1920x1080 social image), as SVG for the renderer
 * in render.ts. A title's card is its drawn backdrop under a dark fade, the site's mark, the title
 * (wrapped and sized to fit, measured in the card's font) and a line of facts: rating, year,
 * running time or seasons, genres. The site's own card, for pages that are not a title's, is the
 * mark and the name beside a fan of drawn posters in different looks.
 */
import { type ArtFacts, backdropSvg, posterSvg } from '../catalog/artwork'
import { escapeHtml } from '../lib/escape'
import { ART_EDITION } from '../routes/images'
import { textWidths } from './render'

/** The cards' edition, in their addresses: the drawings' edition and the card layout's own. */
export const OG_EDITION = `${ART_EDITION}c2`

/** What a list's card draws: its name, how many titles and whose list, and its first five titles. */
export interface ListCardSource {
  name: string
  item_count: number
  owner_name: string | null
  items: { content_type: string; content_id: number; title: string }[]
}

/**
 * A short digest of everything a list's card draws (its language is keyed apart), so a card is
 * kept, and addressed, per state of the list as drawn: a renamed owner is a new card.
 */
export function listCardVersion(list: ListCardSource, siteName: string): string {
  const drawn = JSON.stringify([siteName, list.name, list.item_count, list.owner_name, list.items.slice(0, 5).map((i) => [i.content_type, i.content_id, i.title])])
  // FNV-1a, twice with different offsets: a cache key, not a secret
  const fnv = (offset: number) => {
    let hash = offset
    for (let i = 0; i < drawn.length; i++) hash = Math.imul(hash ^ drawn.charCodeAt(i), 0x01000193) >>> 0
    return hash.toString(16).padStart(8, '0')
  }
  return fnv(0x811c9dc5) + fnv(0x2f6b0a3d)
}

export const CARD = { width: 1920, height: 1080 } as const

export interface CardFacts {
  title: string
  /** Out of 10; null when the title has no votes yet. */
  rating: number | null
  year: number | null
  /** "2h 32m" or "5 seasons"; null when unknown. */
  length: string | null
  genres: string[]
}

const LEFT = 120
const TEXT_WIDTH = 1240
const TITLE_SIZES = [132, 116, 100, 88, 76] as const
const FACTS_SIZE = 50


/** The site's mark: the play button in a rounded square, and the name beside it. */
function mark(siteName: string, x: number, y: number, scale: number): string {
  const s = 80 * scale
  return (
    `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${18 * scale}" fill="#e11d48"/>` +
    `<path d="M${x + 30 * scale} ${y + 22.5 * scale}v${35 * scale}l${27.5 * scale}-${17.5 * scale}z" fill="#fff"/>` +
    `<text x="${x + s + 28 * scale}" y="${y + 58 * scale}" font-family="Inter" font-weight="700" font-size="${54 * scale}" fill="#fff">${escapeHtml(siteName)}</text>`
  )
}

/** Words are measured once, at this size, and scaled: a glyph's width grows with the font size. */
const MEASURE_SIZE = 100
/** Room for the kerning and side bearings that adding up words leaves out. */
const MEASURE_MARGIN = 1.03
const ELLIPSIS = '…'

interface Measures {
  /** Ink width at MEASURE_SIZE of each word, and of "…" */
  words: Map<string, number>
  space: number
}

/** Every distinct word of the title measured once, in one batch, in the card's bold weight. */
async function measure(words: string[]): Promise<Measures> {
  const texts = [...new Set([...words, ELLIPSIS, 'xx', 'x x'])]
  const widths = await textWidths(texts, MEASURE_SIZE, 700)
  const map = new Map(texts.map((text, i) => [text, widths[i] ?? 0]))
  return { words: map, space: (map.get('x x') ?? 0) - (map.get('xx') ?? 0) }
}

function lineWidth(line: string[], m: Measures, size: number): number {
  const ink = line.reduce((sum, word) => sum + (m.words.get(word) ?? 0), 0) + m.space * Math.max(0, line.length - 1)
  return ((ink * size) / MEASURE_SIZE) * MEASURE_MARGIN
}

/**
 * Breaks words into at most `maxLines` lines no wider than `width` at `size`; null when they do
 * not fit. Words are kept whole, so a single word wider than a line does not fit.
 */
function wrap(words: string[], m: Measures, size: number, width: number, maxLines: number): string[][] | null {
  const lines: string[][] = []
  let current: string[] = []
  for (const word of words) {
    if (lineWidth([...current, word], m, size) <= width) {
      current.push(word)
      continue
    }
    if (current.length === 0 || lines.length + 1 >= maxLines || lineWidth([word], m, size) > width) return null
    lines.push(current)
    current = [word]
  }
  if (current.length) lines.push(current)
  return lines
}

/**
 * The title set as large as it fits in two lines (three at the smaller sizes), else cut after a
 * whole word with an ellipsis; a first word too long for a line is cut inside, by measuring.
 */
async function fitTitle(title: string, width: number = TEXT_WIDTH): Promise<{ lines: string[]; size: number }> {
  const words = title.split(/\s+/).filter(Boolean)
  const m = await measure(words)
  const join = (lines: string[][]) => lines.map((line) => line.join(' '))
  for (const size of TITLE_SIZES) {
    const lines = wrap(words, m, size, width, size > 100 ? 2 : 3)
    if (lines) return { lines: join(lines), size }
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1]!
  for (let keep = words.length - 1; keep > 0; keep--) {
    const kept = words.slice(0, keep)
    const last = `${kept.pop()!.replace(/[\s,.;:!?-]+$/, '')}${ELLIPSIS}`
    m.words.set(last, (m.words.get(last.slice(0, -1)) ?? 0) + (m.words.get(ELLIPSIS) ?? 0))
    const lines = wrap([...kept, last], m, size, width, 3)
    if (lines) return { lines: join(lines), size }
  }
  // One word longer than a line: the longest start of it that fits, by halving.
  const chars = [...(words[0] ?? '')]
  let low = 0
  let high = chars.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    const [w] = await textWidths([`${chars.slice(0, mid).join('')}${ELLIPSIS}`], size, 700)
    if ((w ?? 0) * MEASURE_MARGIN <= width) low = mid
    else high = mid - 1
  }
  return { lines: [`${chars.slice(0, low).join('')}${ELLIPSIS}`], size }
}

function factsLine(facts: CardFacts): string {
  const parts: string[] = []
  if (facts.year) parts.push(String(facts.year))
  if (facts.length) parts.push(facts.length)
  if (facts.genres.length) parts.push(facts.genres.slice(0, 3).join(', '))
  const rest = escapeHtml(parts.join('  ·  '))
  const star = facts.rating !== null ? `<tspan fill="#facc15" font-weight="700">★ ${facts.rating.toFixed(1)}</tspan>${rest ? '  ·  ' : ''}` : ''
  return `<text x="${LEFT}" y="${CARD.height - 130}" font-family="Inter" font-size="${FACTS_SIZE}" fill="#e5e5e5" xml:space="preserve">${star}${rest}</text>`
}

/**
 * The drawn picture stretched over the whole card (it is drawn 16:9, as the card is), without the
 * era's fine texture (grain, halftone, scanlines): networks show the card small, where the texture
 * cannot be seen, and in a PNG it doubles the file and the time to render it.
 */
function background(art: ArtFacts): string {
  return backdropSvg(art, 'original')
    .replace(/^<svg [^>]*?width="\d+" height="\d+"/, `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}"`)
    .replace(/<rect width="\d+" height="\d+" fill="url\(#t\)" opacity="[\d.]+"\/>/g, '')
}

const SHADE =
  '<defs><linearGradient id="og-side" x2="1" y2="0"><stop stop-color="#000" stop-opacity=".9"/><stop offset=".55" stop-color="#000" stop-opacity=".55"/><stop offset=".85" stop-color="#000" stop-opacity="0"/></linearGradient>' +
  '<linearGradient id="og-foot" x2="0" y2="1"><stop offset=".35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".85"/></linearGradient>' +
  '<linearGradient id="og-head" x2="0" y2="1"><stop stop-color="#000" stop-opacity=".6"/><stop offset=".3" stop-color="#000" stop-opacity="0"/></linearGradient></defs>' +
  `<rect width="${CARD.width}" height="${CARD.height}" fill="url(#og-side)"/><rect width="${CARD.width}" height="${CARD.height}" fill="url(#og-foot)"/><rect width="${CARD.width}" height="${CARD.height}" fill="url(#og-head)"/>`

export async function titleCardSvg(art: ArtFacts, facts: CardFacts, siteName: string): Promise<string> {
  const { lines, size } = await fitTitle(facts.title)
  const lineHeight = Math.round(size * 1.08)
  const lastBaseline = CARD.height - 130 - Math.round(FACTS_SIZE * 1.9)
  const title = lines
    .map((line, i) => `<text x="${LEFT}" y="${lastBaseline - (lines.length - 1 - i) * lineHeight}" font-family="Inter" font-weight="700" font-size="${size}" fill="#fff">${escapeHtml(line)}</text>`)
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}">` +
    `<title>${escapeHtml(facts.title)}</title>${background(art)}${SHADE}${mark(siteName, LEFT, 110, 1)}${title}${factsLine(facts)}</svg>`
  )
}

/** Made-up titles whose genres and decades give five different looks for the site card's fan. */
const FAN: ArtFacts[] = [
  { title: 'Night Street', year: 1948, mediaType: 'movie', genreIds: [80], language: 'en' },
  { title: 'Paper Moon Garden', year: 2015, mediaType: 'movie', genreIds: [16, 10751], language: 'en' },
  { title: 'Far Orbit', year: 1984, mediaType: 'movie', genreIds: [878], language: 'en' },
  { title: 'Dust Road', year: 1966, mediaType: 'movie', genreIds: [37], language: 'en' },
  { title: 'Summer Letters', year: 2004, mediaType: 'movie', genreIds: [10749], language: 'en' },
]

/** Gives every id in a drawing a prefix, so several drawings can share one document. */
function scopeIds(svg: string, prefix: string): string {
  return svg.replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`).replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`)
}

/** Drawn posters fanned out on the card's right, the middle one on top of its neighbours' edges. */
function fan(posters: ArtFacts[]): string {
  const middle = (posters.length - 1) / 2
  return posters
    .map((facts, i) => {
      const offset = i - middle
      const angle = offset * 7
      const x = 1060 + (i + (FAN.length - posters.length) / 2) * 140
      const y = 270 + Math.abs(offset) * 36
      const art = scopeIds(posterSvg(facts, 'w500'), `p${i}-`).replace(/^<svg [^>]*?width="\d+" height="\d+"/, `<svg xmlns="http://www.w3.org/2000/svg" x="${x}" y="${y}" width="320" height="480"`)
      return `<g transform="rotate(${angle} ${x + 160} ${y + 480})"><rect x="${x - 5}" y="${y - 5}" width="330" height="490" rx="16" fill="#000" opacity=".55"/>${art}</g>`
    })
    .join('')
}

const GLOW = '<defs><radialGradient id="og-glow" cx=".25" cy=".45" r=".7"><stop stop-color="#4c0519"/><stop offset="1" stop-color="#0a0a0a"/></radialGradient></defs>'

export function siteCardSvg(siteName: string, tagline: [string, string]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}"><title>${escapeHtml(siteName)}</title>` +
    `${GLOW}<rect width="${CARD.width}" height="${CARD.height}" fill="url(#og-glow)"/>${fan(FAN)}${mark(siteName, LEFT, 380, 1.5)}` +
    tagline.map((line, i) => `<text x="${LEFT}" y="${640 + i * 72}" font-family="Inter" font-size="56" fill="#e5e5e5">${escapeHtml(line)}</text>`).join('') +
    '</svg>'
  )
}

/** What a list's card prints: its name, and a line such as "12 titles · a list by mara". */
export interface ListCardFacts {
  name: string
  line: string
}

/** Room for a list's name left of its posters. */
const LIST_TEXT_WIDTH = 860

/**
 * A list's card: the site's glow and mark, the list's first titles as a fan of drawn posters (the
 * site's own looks when it has none yet), its name as large as fits beside them, and its line.
 */
export async function listCardSvg(posters: ArtFacts[], facts: ListCardFacts, siteName: string): Promise<string> {
  const { lines, size } = await fitTitle(facts.name, LIST_TEXT_WIDTH)
  const lineHeight = Math.round(size * 1.08)
  const lastBaseline = CARD.height - 130 - Math.round(FACTS_SIZE * 1.9)
  const name = lines
    .map((line, i) => `<text x="${LEFT}" y="${lastBaseline - (lines.length - 1 - i) * lineHeight}" font-family="Inter" font-weight="700" font-size="${size}" fill="#fff">${escapeHtml(line)}</text>`)
    .join('')
  const line = `<text x="${LEFT}" y="${CARD.height - 130}" font-family="Inter" font-size="${FACTS_SIZE}" fill="#e5e5e5" xml:space="preserve">${escapeHtml(facts.line)}</text>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}"><title>${escapeHtml(facts.name)}</title>` +
    `${GLOW}<rect width="${CARD.width}" height="${CARD.height}" fill="url(#og-glow)"/>${fan(posters.length > 0 ? posters.slice(0, FAN.length) : FAN)}${mark(siteName, LEFT, 110, 1)}${name}${line}</svg>`
  )
}

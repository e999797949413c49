/**
 * The share cards social networks show (SPEC: a 1920x1080 social image), as SVG for the renderer
 * in render.ts. A title's card is its drawn backdrop under a dark fade, the site's mark, the title
 * (wrapped and sized to fit, measured in the fonts it is set in: typeset.ts) and a line of facts:
 * rating, year, running time or seasons, genres. The site's own card, for pages that are not a
 * title's, is the mark and the name beside a fan of drawn posters in different looks. Words in any
 * of the site's scripts are drawn in a font that has them (script-fonts.ts).
 */
import { type ArtFacts, backdropSvg, posterSvg } from '../catalog/artwork'
import { escapeHtml } from '../lib/escape'
import { ART_EDITION } from '../routes/images'
import { fitTitle, lineDirection, Typesetter } from './typeset'

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

/** A title or a name in lines, as large as it fits in `width`, the last line's baseline at `lastBaseline`. */
async function heading(ts: Typesetter, text: string, width: number, lastBaseline: number): Promise<string> {
  const { lines, size } = await fitTitle(text, ts, TITLE_SIZES, width)
  const lineHeight = Math.round(size * 1.08)
  // Every line of it aligned the way the whole is read.
  const direction = lineDirection(text.split(/\s+/), ts.locale)
  return lines.map((line, i) => ts.line(line, { x: LEFT, y: lastBaseline - (lines.length - 1 - i) * lineHeight, width, size, weight: 700, fill: '#fff' }, direction)).join('')
}

export async function titleCardSvg(art: ArtFacts, facts: CardFacts, siteName: string, ts: Typesetter): Promise<string> {
  const lastBaseline = CARD.height - 130 - Math.round(FACTS_SIZE * 1.9)
  const title = await heading(ts, facts.title, TEXT_WIDTH, lastBaseline)
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
export async function listCardSvg(posters: ArtFacts[], facts: ListCardFacts, siteName: string, ts: Typesetter): Promise<string> {
  const lastBaseline = CARD.height - 130 - Math.round(FACTS_SIZE * 1.9)
  const name = await heading(ts, facts.name, LIST_TEXT_WIDTH, lastBaseline)
  const words = facts.line.split(/\s+/).filter(Boolean)
  await ts.measure(words, 400)
  const line = ts.line(words, { x: LEFT, y: CARD.height - 130, width: LIST_TEXT_WIDTH, size: FACTS_SIZE, weight: 400, fill: '#e5e5e5' })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}"><title>${escapeHtml(facts.name)}</title>` +
    `${GLOW}<rect width="${CARD.width}" height="${CARD.height}" fill="url(#og-glow)"/>${fan(posters.length > 0 ? posters.slice(0, FAN.length) : FAN)}${mark(siteName, LEFT, 110, 1)}${name}${line}</svg>`
  )
}

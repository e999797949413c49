/**
 * Which font draws each character of a share card, and the fonts themselves. The card's own font,
 * Inter, draws Latin; Arabic, Devanagari, Japanese, Korean and Chinese come from Noto Sans, cut into
 * pieces by Unicode range and written into the build's static assets by
 * scripts/card-script-fonts.mjs, with a manifest of the ranges. Only the pieces a card's text needs
 * are fetched (through the ASSETS binding, so no request that draws no card pays for them), and kept
 * in the isolate for the next card. A character no font has is never left out silently: it is drawn
 * as "?" and logged.
 */
import type { Locale } from '../lib/locales'

/** What Inter's subset covers (scripts/card-fonts.sh): Latin, Latin-1, Latin Extended-A, typographic punctuation, the star. */
const INTER_RANGES: Array<[number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0xb7, 0xb7],
  [0x2013, 0x2014],
  [0x2018, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2032, 0x2033],
  [0x2605, 0x2605],
]

/** The card's own font's family, in the SVG. */
export const CARD_FAMILY = 'Inter'

/** Drawn in place of a character no font has. */
export const MISSING = '?'

type FamilyKey = 'arabic' | 'devanagari' | 'jp' | 'kr' | 'sc'

interface Manifest {
  weights: number[]
  families: Record<FamilyKey, Array<{ piece: string; ranges: Array<[number, number]> }>>
}

const ORIGIN = 'https://assets.invalid'
/** Past this, the pieces kept are let go (the oldest first): an isolate has 128 MB in all. */
const MAX_KEPT_BYTES = 24 * 1024 * 1024

/** What this isolate has read from a deployment's static assets, kept for the cards after. */
interface Kept {
  manifest: Promise<Manifest | null> | null
  pieces: Map<string, Promise<Uint8Array | null>>
  bytes: number
}
const kept = new WeakMap<Fetcher, Kept>()

function keptFor(assets: Fetcher): Kept {
  let entry = kept.get(assets)
  if (!entry) kept.set(assets, (entry = { manifest: null, pieces: new Map(), bytes: 0 }))
  return entry
}

function readManifest(assets: Fetcher): Promise<Manifest | null> {
  const store = keptFor(assets)
  store.manifest ??= assets
    .fetch(new Request(`${ORIGIN}/og-fonts/manifest.json`))
    .then((res) => (res.ok ? (res.json() as Promise<Manifest>) : null))
    .catch(() => null)
    .then((found) => {
      // A build without the fonts is asked again next time rather than never.
      if (!found) store.manifest = null
      return found
    })
  return store.manifest
}

function readPiece(assets: Fetcher, file: string): Promise<Uint8Array | null> {
  const store = keptFor(assets)
  const pieces = store.pieces
  let piece = pieces.get(file)
  if (!piece) {
    piece = assets
      .fetch(new Request(`${ORIGIN}/og-fonts/${file}`))
      .then(async (res) => (res.ok ? new Uint8Array(await res.arrayBuffer()) : null))
      .catch(() => null)
      .then((bytes) => {
        if (!bytes) pieces.delete(file)
        else {
          store.bytes += bytes.length
          for (const [name, older] of pieces) {
            if (store.bytes <= MAX_KEPT_BYTES || name === file) break
            pieces.delete(name)
            void older.then((b) => (store.bytes -= b?.length ?? 0))
          }
        }
        return bytes
      })
    pieces.set(file, piece)
  }
  return piece
}

const inRanges = (code: number, ranges: Array<[number, number]>) => ranges.some(([from, to]) => code >= from && code <= to)

/** Marks and joiners belong to the character before them: they never start a run of their own. */
const CLINGS = /^[\p{M}\u200c\u200d]$/u
const KANA = /[\u3040-\u30ff]/
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/

/**
 * The order families are tried for a character Inter lacks. Han characters are in the Japanese,
 * Korean and Chinese fonts alike, drawn as each language writes them: the card's language decides,
 * else the text's own kana or hangul.
 */
function familyOrder(text: string, locale: Locale): FamilyKey[] {
  const cjk: FamilyKey[] =
    locale === 'zh-CN' ? ['sc', 'jp', 'kr'] : locale === 'ko' ? ['kr', 'jp', 'sc'] : locale === 'ja' || KANA.test(text) ? ['jp', 'sc', 'kr'] : HANGUL.test(text) ? ['kr', 'jp', 'sc'] : ['sc', 'jp', 'kr']
  return ['arabic', 'devanagari', ...cjk]
}

/** A run of a word set in one font: `family` is Inter or a piece's own family name. */
export interface Segment {
  text: string
  family: string
}

export interface CardFonts {
  /** Every font the card's text needs, Inter's two weights first. */
  buffers: Uint8Array[]
  /** A word cut into runs, each in the font that draws it. */
  segments(word: string): Segment[]
}

/**
 * The fonts for a card's texts, at both weights. `inter` is Inter's two weights, already decoded.
 * Characters no font covers are drawn as "?", and logged once per card.
 */
export async function cardFonts(assets: Fetcher | undefined, texts: string[], locale: Locale, inter: Uint8Array[]): Promise<CardFonts> {
  const all = texts.join(' ')
  const foreign = [...new Set([...all].filter((ch) => !/\s/.test(ch) && !inRanges(ch.codePointAt(0)!, INTER_RANGES)))]
  const found = foreign.length > 0 && assets ? await readManifest(assets) : null
  const pieceOf = new Map<string, string>()
  if (found) {
    const order = familyOrder(all, locale)
    for (const ch of foreign) {
      const code = ch.codePointAt(0)!
      for (const family of order) {
        const piece = found.families[family]?.find((p) => inRanges(code, p.ranges))
        if (piece) {
          pieceOf.set(ch, piece.piece)
          break
        }
      }
    }
  }
  const needed = [...new Set(pieceOf.values())]
  const weights = found?.weights ?? []
  const loaded = await Promise.all(needed.flatMap((piece) => weights.map((w) => readPiece(assets!, `${piece}-${w}.ttf`).then((bytes) => ({ piece, bytes })))))
  const usable = new Set(needed.filter((piece) => loaded.some((l) => l.piece === piece && l.bytes)))
  const missing = foreign.filter((ch) => !CLINGS.test(ch) && !usable.has(pieceOf.get(ch) ?? ''))
  if (missing.length) {
    console.warn(JSON.stringify({ level: 'warn', message: 'share card: characters no font draws, shown as ?', codePoints: missing.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`) }))
  }
  const familyOf = (ch: string): string | null => {
    if (/\s/.test(ch) || inRanges(ch.codePointAt(0)!, INTER_RANGES)) return CARD_FAMILY
    const piece = pieceOf.get(ch)
    return piece && usable.has(piece) ? `Card ${piece}` : null
  }
  return {
    buffers: [...inter, ...loaded.flatMap((l) => (l.bytes && usable.has(l.piece) ? [l.bytes] : []))],
    segments(word) {
      const runs: Segment[] = []
      for (const ch of word) {
        const last = runs[runs.length - 1]
        if (last && CLINGS.test(ch)) {
          last.text += ch
          continue
        }
        const family = familyOf(ch)
        const text = family ? ch : MISSING
        const font = family ?? CARD_FAMILY
        if (last && last.family === font) last.text += text
        else runs.push({ text, family: font })
      }
      return runs
    },
  }
}

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/
const STRONG_LTR = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0900-\u097f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/

/** A word's direction from its first strong character; null for a word of digits and punctuation. */
export function wordDirection(word: string): 'rtl' | 'ltr' | null {
  for (const ch of word) {
    if (RTL.test(ch)) return 'rtl'
    if (STRONG_LTR.test(ch)) return 'ltr'
  }
  return null
}

/** A line's direction: right to left when its first strong character is, or, with none, when the card's language is. */
export function lineDirection(words: string[], locale: Locale): 'rtl' | 'ltr' {
  for (const word of words) {
    const direction = wordDirection(word)
    if (direction) return direction
  }
  return locale === 'ar' ? 'rtl' : 'ltr'
}

/**
 * The words of a line in the order they are seen from left to right: runs of words against the
 * line's direction keep their own order inside it (the bidirectional algorithm, word by word;
 * words of digits and punctuation go with the line).
 */
export function visualOrder(words: string[], direction: 'rtl' | 'ltr'): string[] {
  const runs: Array<{ direction: 'rtl' | 'ltr'; words: string[] }> = []
  for (const word of words) {
    const own = wordDirection(word) ?? direction
    const last = runs[runs.length - 1]
    if (last && last.direction === own) last.words.push(word)
    else runs.push({ direction: own, words: [word] })
  }
  const ordered = runs.map((run) => (run.direction === 'rtl' ? [...run.words].reverse() : run.words))
  return (direction === 'rtl' ? ordered.reverse() : ordered).flat()
}

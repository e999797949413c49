/**
 * Setting a card's words: measured, wrapped to fit, and placed one run at a time. resvg draws a
 * <text> in one font only (it neither falls back to another font for a character its font lacks
 * nor mixes fonts within one <text>), so every run of a word in one font is a <text> of its own,
 * placed by measuring, and the line's words are put in the order they are read: right to left for
 * Arabic, with runs of the other direction kept in theirs. Within a run resvg shapes the text
 * (Arabic joined, Devanagari conjuncts formed) and lays it out in its own direction.
 */
import { escapeHtml } from '../lib/escape'
import type { Locale } from '../lib/locales'
import { interFonts, textWidths } from './render'
import { type CardFonts, cardFonts, lineDirection, visualOrder } from './script-fonts'
export { lineDirection }

/** Runs are measured once, at this size, and scaled: a glyph's width grows with the font size. */
const MEASURE_SIZE = 100
/** Room for the kerning and side bearings that adding up words leaves out. */
const MEASURE_MARGIN = 1.03
export const ELLIPSIS = '…'
const FULL_WIDTH = /^[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff01-\uff60]+$/u
/** Starts a word that follows the one before it with no space (Japanese and Chinese words). */
const JOINED = '\u200b'
const bare = (word: string) => (word.startsWith(JOINED) ? word.slice(1) : word)

export type Weight = 400 | 700

export class Typesetter {
  /** Width at MEASURE_SIZE of each run, by weight, family and text. */
  private readonly runs = new Map<string, number>()
  private space = new Map<Weight, number>()

  constructor(
    readonly fonts: CardFonts,
    readonly locale: Locale,
  ) {}

  /** Measures every run of these words not measured yet, in one batch per weight. */
  async measure(words: string[], weight: Weight): Promise<void> {
    const wanted = new Map<string, { text: string; family: string }>()
    for (const word of words) for (const run of this.fonts.segments(bare(word))) if (!this.runs.has(`${weight}|${run.family}|${run.text}`)) wanted.set(`${weight}|${run.family}|${run.text}`, run)
    if (!this.space.has(weight)) {
      wanted.set(`${weight}|Inter|xx`, { text: 'xx', family: 'Inter' })
      wanted.set(`${weight}|Inter|x x`, { text: 'x x', family: 'Inter' })
    }
    if (wanted.size === 0) return
    const widths = await textWidths([...wanted.values()], MEASURE_SIZE, weight, this.fonts.buffers)
    ;[...wanted.keys()].forEach((key, i) => this.runs.set(key, widths[i] ?? 0))
    if (!this.space.has(weight)) this.space.set(weight, (this.runs.get(`${weight}|Inter|x x`) ?? 0) - (this.runs.get(`${weight}|Inter|xx`) ?? 0))
  }

  private runWidth(run: { text: string; family: string }, weight: Weight): number {
    // Kana, kanji, hangul and full-width forms advance exactly one em each: measured ink would
    // leave the runs of a word touching.
    if (FULL_WIDTH.test(run.text)) return [...run.text].length * MEASURE_SIZE
    return this.runs.get(`${weight}|${run.family}|${run.text}`) ?? 0
  }

  /** A word's width at `size`, once measured. */
  wordWidth(word: string, weight: Weight, size: number): number {
    return (this.fonts.segments(bare(word)).reduce((sum, run) => sum + this.runWidth(run, weight), 0) * size) / MEASURE_SIZE
  }

  spaceWidth(weight: Weight, size: number): number {
    return ((this.space.get(weight) ?? 0) * size) / MEASURE_SIZE
  }

  lineWidth(words: string[], weight: Weight, size: number): number {
    const ink = words.reduce((sum, word, i) => sum + this.wordWidth(word, weight, size) + (i > 0 && !word.startsWith(JOINED) ? this.spaceWidth(weight, size) : 0), 0)
    return ink * MEASURE_MARGIN
  }

  /**
   * One line as SVG: its words in reading order, from `x` for a line read left to right, ending at
   * `x + width` for one read right to left (the line's own direction unless its paragraph's is given).
   */
  line(words: string[], at: { x: number; y: number; width: number; size: number; weight: Weight; fill: string }, direction = lineDirection(words.map(bare), this.locale)): string {
    const ordered = visualOrder(words, direction)
    const total = this.lineWidth(ordered, at.weight, at.size) / MEASURE_MARGIN
    let x = direction === 'rtl' ? at.x + at.width - total : at.x
    const out: string[] = []
    ordered.forEach((word, i) => {
      // In reading order a joined word follows its neighbour with no space between.
      const next = ordered[i + 1]
      const runs = this.fonts.segments(bare(word))
      for (const run of lineDirection([bare(word)], this.locale) === 'rtl' ? [...runs].reverse() : runs) {
        out.push(
          `<text x="${Math.round(x)}" y="${Math.round(at.y)}" font-family="${escapeHtml(run.family)}" font-weight="${at.weight}" font-size="${at.size}" fill="${at.fill}" xml:space="preserve">${escapeHtml(run.text)}</text>`,
        )
        x += (this.runWidth(run, at.weight) * at.size) / MEASURE_SIZE
      }
      if (next && !next.startsWith(JOINED)) x += this.spaceWidth(at.weight, at.size)
    })
    return out.join('')
  }
}

/**
 * Breaks words into at most `maxLines` lines no wider than `width` at `size`; null when they do
 * not fit. Words are kept whole, so a single word wider than a line does not fit.
 */
function wrap(words: string[], ts: Typesetter, weight: Weight, size: number, width: number, maxLines: number): string[][] | null {
  const lines: string[][] = []
  let current: string[] = []
  for (const word of words) {
    if (ts.lineWidth([...current, word], weight, size) <= width) {
      current.push(word)
      continue
    }
    if (current.length === 0 || lines.length + 1 >= maxLines || ts.lineWidth([word], weight, size) > width) return null
    lines.push(current)
    current = [word]
  }
  if (current.length) lines.push(current)
  return lines
}

/**
 * A title set as large as it fits in two lines (three at the smaller sizes), else cut after a
 * whole word with an ellipsis; a first word too long for a line is cut inside, by measuring.
 * Words are as the text's language has them: Japanese and Chinese, which put no spaces between
 * words, break between Intl.Segmenter's words.
 */
export async function fitTitle(title: string, ts: Typesetter, sizes: readonly number[], width: number): Promise<{ lines: string[][]; size: number }> {
  const spaced = title.split(/\s+/).filter(Boolean)
  const words = spaced.flatMap((word) =>
    /[\u3040-\u30ff\u3400-\u9fff]/.test(word) ? [...new Intl.Segmenter(ts.locale, { granularity: 'word' }).segment(word)].map((s, i) => (i > 0 ? `${JOINED}${s.segment}` : s.segment)) : [word],
  )
  await ts.measure([...words, ELLIPSIS], 700)
  for (const size of sizes) {
    const lines = wrap(words, ts, 700, size, width, size > 100 ? 2 : 3)
    if (lines) return { lines, size }
  }
  const size = sizes[sizes.length - 1]!
  for (let keep = words.length - 1; keep > 0; keep--) {
    const kept = words.slice(0, keep)
    const last = `${kept.pop()!.replace(/[\s,.;:!?、。-]+$/, '')}${ELLIPSIS}`
    await ts.measure([last], 700)
    const lines = wrap([...kept, last], ts, 700, size, width, 3)
    if (lines) return { lines, size }
  }
  // One word longer than a line: the longest start of it that fits, by halving.
  const chars = [...bare(words[0] ?? '')]
  let low = 0
  let high = chars.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    const start = `${chars.slice(0, mid).join('')}${ELLIPSIS}`
    await ts.measure([start], 700)
    if (ts.lineWidth([start], 700, size) <= width) low = mid
    else high = mid - 1
  }
  return { lines: [[`${chars.slice(0, low).join('')}${ELLIPSIS}`]], size }
}

/** A typesetter for a card's texts in `locale`, with the fonts they need fetched from the static assets. */
export async function typesetterFor(assets: Fetcher | undefined, texts: string[], locale: Locale): Promise<Typesetter> {
  return new Typesetter(await cardFonts(assets, texts, locale, await interFonts()), locale)
}

/**
 * Finding a card's words in its PNG as Chromium decodes it: each word is drawn by the browser in
 * the same fonts (the pieces the build serves under /og-fonts/, loaded by unicode-range as a page
 * would) at the card's title size (the one of its sizes the first word matches best), and looked for in the card's text area by normalized
 * cross-correlation of their ink, a quarter of the size. A word the card left out, or drew as
 * blank boxes, is not found.
 */
import type { Page } from 'playwright-core'

export interface Found {
  word: string
  score: number
  x: number
  y: number
  size: number
}

/** The best place for each word in the card's text area, with its score (1 is the same ink). */
export function findWordsInCard(page: Page, cardUrl: string, words: string[], sizes: number[], area: { x0: number; x1: number; y0: number; y1: number }): Promise<Found[]> {
  return page.evaluate(
    async ({ cardUrl, words, sizes, area }) => {
      const manifest = (await (await fetch('/og-fonts/manifest.json')).json()) as { families: Record<string, Array<{ piece: string; ranges: Array<[number, number]> }>> }
      const hex = (n: number) => n.toString(16)
      for (const [family, pieces] of Object.entries(manifest.families)) {
        for (const p of pieces) {
          const range = p.ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',')
          ;(document.fonts as unknown as { add(face: FontFace): void }).add(new FontFace(`Card ${family}`, `url(/og-fonts/${p.piece}-700.ttf)`, { weight: '700', unicodeRange: range }))
        }
      }
      const families = Object.keys(manifest.families).map((f) => `"Card ${f}"`).join(', ')
      await Promise.all(words.map((w) => document.fonts.load(`700 100px ${families}`, w)))

      const card = new Image()
      card.src = cardUrl
      await card.decode()
      const S = 4
      const lum = (d: Uint8ClampedArray, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!
      /** Luminance averaged over S x S blocks. */
      const blocks = (data: ImageData) => {
        const w = Math.floor(data.width / S)
        const h = Math.floor(data.height / S)
        const out = new Float32Array(w * h)
        for (let y = 0; y < h * S; y++) for (let x = 0; x < w * S; x++) out[Math.floor(y / S) * w + Math.floor(x / S)]! += lum(data.data, (y * data.width + x) * 4) / (S * S)
        return { w, h, px: out }
      }
      const canvas = new OffscreenCanvas(card.naturalWidth, card.naturalHeight)
      const cx = canvas.getContext('2d')!
      cx.drawImage(card, 0, 0)
      const regionData = cx.getImageData(area.x0, area.y0, area.x1 - area.x0, area.y1 - area.y0)
      const region = blocks(regionData)
      const full = { w: regionData.width, h: regionData.height, px: Float32Array.from({ length: regionData.width * regionData.height }, (_, i) => lum(regionData.data, i * 4)) }

      /** The word drawn white on black at this size, cut to its ink. */
      const template = (word: string, size: number) => {
        const probe = new OffscreenCanvas(10, 10).getContext('2d')!
        probe.font = `700 ${size}px ${families}`
        const width = Math.ceil(probe.measureText(word).width) + size
        const c = new OffscreenCanvas(width, size * 2).getContext('2d')!
        c.fillStyle = '#000'
        c.fillRect(0, 0, width, size * 2)
        c.fillStyle = '#fff'
        c.font = `700 ${size}px ${families}`
        c.fillText(word, size / 2, size * 1.4)
        const data = c.getImageData(0, 0, width, size * 2)
        let [left, top, right, bottom] = [width, size * 2, 0, 0]
        for (let y = 0; y < size * 2; y++) {
          for (let x = 0; x < width; x++) {
            if (lum(data.data, (y * width + x) * 4) > 96) {
              left = Math.min(left, x)
              right = Math.max(right, x)
              top = Math.min(top, y)
              bottom = Math.max(bottom, y)
            }
          }
        }
        const ink = c.getImageData(left, top, right - left + 1, bottom - top + 1)
        return { coarse: blocks(ink), full: { w: ink.width, h: ink.height, px: Float32Array.from({ length: ink.width * ink.height }, (_, i) => lum(ink.data, i * 4)) } }
      }

      type Plane = { w: number; h: number; px: Float32Array }
      /** The template's correlation with the image at (x, y), in the image's pixels. */
      const correlate = (image: Plane, t: Plane, centred: Float32Array, norm: number, x: number, y: number) => {
        const n = t.w * t.h
        let sum = 0
        let sq = 0
        let dot = 0
        for (let j = 0; j < t.h; j++) {
          const row = (y + j) * image.w + x
          for (let i = 0; i < t.w; i++) {
            const v = image.px[row + i]!
            sum += v
            sq += v * v
            dot += v * centred[j * t.w + i]!
          }
        }
        const variance = sq - (sum * sum) / n
        return variance > 0 && norm > 0 ? dot / (Math.sqrt(variance) * norm) : -1
      }
      const prepare = (t: Plane) => {
        const mean = t.px.reduce((a, b) => a + b, 0) / (t.w * t.h)
        const centred = t.px.map((v) => v - mean)
        return { centred, norm: Math.sqrt(centred.reduce((a, v) => a + v * v, 0)) }
      }
      /** Where the word's ink best matches: the best places at a quarter of the size, then each looked at closely in full. */
      const ncc = (t: { coarse: Plane; full: Plane }) => {
        const coarse = prepare(t.coarse)
        const places: Array<{ score: number; x: number; y: number }> = []
        for (let y = 0; y + t.coarse.h <= region.h; y++) {
          for (let x = 0; x + t.coarse.w <= region.w; x++) {
            const score = correlate(region, t.coarse, coarse.centred, coarse.norm, x, y)
            if (places.length < 6 || score > places[places.length - 1]!.score) {
              places.push({ score, x, y })
              places.sort((a, b) => b.score - a.score)
              if (places.length > 6) places.pop()
            }
          }
        }
        const fine = prepare(t.full)
        let best = { score: -1, x: 0, y: 0 }
        for (const place of places) {
          for (let dy = -S; dy <= S; dy++) {
            for (let dx = -S; dx <= S; dx++) {
              const x = place.x * S + dx
              const y = place.y * S + dy
              if (x < 0 || y < 0 || x + t.full.w > full.w || y + t.full.h > full.h) continue
              const score = correlate(full, t.full, fine.centred, fine.norm, x, y)
              if (score > best.score) best = { score, x: area.x0 + x, y: area.y0 + y }
            }
          }
        }
        return best
      }

      // The card sets its heading in one size: the one the first word matches best.
      let size = sizes[0]!
      let top = -1
      for (const candidate of sizes) {
        const found = ncc(template(words[0]!, candidate))
        if (found.score > top) [top, size] = [found.score, candidate]
      }
      return words.map((word) => ({ word, ...ncc(template(word, size)), size }))
    },
    { cardUrl, words, sizes, area },
  )
}

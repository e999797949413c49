/**
 * The small toolkit the drawn artwork is made with: a seeded random source (so a title always
 * gets the same picture), colours kept as HSL until they are written (so an era can tone a whole
 * palette at once), XML escaping, and compact writers for the few SVG shapes the scenes use.
 * Numbers are rounded as they are written: the images stay a few kilobytes.
 */

export function hash(text: string): number {
  let h = 0x811c9dc5
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

export interface Rand {
  /** A number in [0, 1). */
  next(): number
  /** A number in [min, max). */
  range(min: number, max: number): number
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(probability: number): boolean
}

/** mulberry32 over the text's hash: tiny, fast and well spread for a few hundred draws. */
export function seeded(seed: string): Rand {
  let state = hash(seed)
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const range = (min: number, max: number) => min + next() * (max - min)
  return {
    next,
    range,
    int: (min, max) => Math.floor(range(min, max + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
  }
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)
}

/** Hue in degrees, saturation and lightness in percent. */
export type Hsl = readonly [number, number, number]

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x))

/** Moves hue `from` toward `to` by `amount` (0..1) the short way round the wheel. */
export function pullHue(from: number, to: number, amount: number): number {
  const delta = ((to - from + 540) % 360) - 180
  return (from + delta * amount + 360) % 360
}

/** `#rrggbb`: half the bytes of `hsl(...)`, and every renderer reads it. */
export function hex([h, s, l]: Hsl): string {
  const sat = clamp(s, 0, 100) / 100
  const light = clamp(l, 0, 100) / 100
  const a = sat * Math.min(light, 1 - light)
  const channel = (n: number) => {
    const k = (n + ((h % 360) + 360) / 30) % 12
    const v = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

/** A coordinate or length as written into the SVG: whole units are fine at 500 and 1280 wide. */
export const n = (x: number): number => Math.round(x)

/** `x,y x,y ...` for polygons and polylines. */
export const points = (pts: readonly (readonly [number, number])[]): string => pts.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')

/** Extra attributes written as given; values are numbers or our own colour strings, never catalogue text. */
type Attrs = Record<string, string | number | undefined>

function attrs(extra: Attrs = {}): string {
  return Object.entries(extra)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? Math.round(v * 100) / 100 : v}"`)
    .join('')
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra?: Attrs) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${attrs(extra)}/>`

export const circle = (cx: number, cy: number, r: number, fill: string, extra?: Attrs) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attrs(extra)}/>`

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra?: Attrs) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attrs(extra)}/>`

export const path = (d: string, fill: string, extra?: Attrs) => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`

export const polygon = (pts: readonly (readonly [number, number])[], fill: string, extra?: Attrs) => `<polygon points="${points(pts)}" fill="${fill}"${attrs(extra)}/>`

/** Open strokes: fill none, round ends. */
export const stroke = (d: string, colour: string, width: number, extra?: Attrs) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${Math.round(width * 10) / 10}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra)}/>`

export const group = (body: string, extra?: Attrs) => `<g${attrs(extra)}>${body}</g>`

/**
 * Many dots in one element: zero-length segments drawn with round caps. Far smaller than one
 * `<circle>` per star, petal or ember.
 */
export function dots(pts: readonly (readonly [number, number])[], colour: string, size: number, extra?: Attrs): string {
  if (pts.length === 0) return ''
  return stroke(pts.map(([x, y]) => `M${n(x)} ${n(y)}h0`).join(''), colour, size, extra)
}

/** A polyline's `d`: `M x y L x y ...`. */
export const line = (pts: readonly (readonly [number, number])[]): string => `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`

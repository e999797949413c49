/**
 * Motifs more than one style draws (ridges, clouds, sparkles, petals, rays, silhouettes), sized
 * by the frame they are drawn in. The frame says where the picture's weight goes: a poster keeps
 * it near the middle, a backdrop to the right, where the pages' own text does not cover it.
 */
import { circle, ellipse, type Hsl, line, n, polygon, type Rand } from './kit'
import type { Palette } from './styles'

export interface Frame {
  w: number
  h: number
  /** 1% of the picture's shorter side: shapes are sized in it so posters and backdrops match. */
  u: number
  wide: boolean
  /** Where the main motif sits. */
  fx: number
  fy: number
  /** The horizon line, for scenes that have one. */
  hz: number
}

export type Point = readonly [number, number]

/**
 * A skyline of hills or peaks from edge to edge, closed along the bottom: `steps` points between
 * `top` and `top + depth`, sharp when `jagged`, else every other point softened toward its neighbours.
 */
export function ridge(f: Frame, r: Rand, top: number, depth: number, steps: number, jagged = true): Point[] {
  const pts: Point[] = [[-10, f.h + 10]]
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * (f.w + 20) - 10
    const y = top + (jagged ? r.next() : 0.5 + (r.next() - 0.5) * (i % 2 ? 0.6 : 1)) * depth
    pts.push([x, y])
  }
  pts.push([f.w + 10, f.h + 10])
  return pts
}

/** A four-pointed glint with concave sides. */
export function sparkle(x: number, y: number, s: number): string {
  const [a, b, c, d] = [n(x), n(y), n(s), n(s * 0.18)]
  return `M${a} ${b - c}Q${a + d} ${b - d} ${a + c} ${b}Q${a + d} ${b + d} ${a} ${b + c}Q${a - d} ${b + d} ${a - c} ${b}Q${a - d} ${b - d} ${a} ${b - c}Z`
}

/** A leaf or petal from (x, y), `length` long, pointing at `angle` (radians). */
export function petal(x: number, y: number, length: number, angle: number): string {
  const dx = Math.cos(angle) * length
  const dy = Math.sin(angle) * length
  // The two curves bow out to either side of the stem.
  const px = -dy * 0.32
  const py = dx * 0.32
  return `M${n(x)} ${n(y)}q${n(dx / 2 + px)} ${n(dy / 2 + py)} ${n(dx)} ${n(dy)}q${n(-dx / 2 - px)} ${n(-dy / 2 - py)} ${n(-dx)} ${n(-dy)}`
}

/** Many scattered points in a box, for stars, embers, confetti and lit windows. */
export function scatter(r: Rand, count: number, x0: number, y0: number, x1: number, y1: number): Point[] {
  return Array.from({ length: count }, () => [r.range(x0, x1), r.range(y0, y1)] as const)
}

/** Thin wedges from (cx, cy) out past the frame: sun rays, searchlights, comic sunbursts. */
export function rays(cx: number, cy: number, count: number, reach: number, spread: number, r: Rand, from = 0, start = 0): string {
  let d = ''
  for (let i = 0; i < count; i++) {
    const a = start + (i / count) * Math.PI * 2 + r.range(-0.04, 0.04)
    const half = (Math.PI / count) * spread
    const inner = from * reach
    const x0 = cx + Math.cos(a) * inner
    const y0 = cy + Math.sin(a) * inner
    d += `M${n(x0)} ${n(y0)}L${n(cx + Math.cos(a - half) * reach)} ${n(cy + Math.sin(a - half) * reach)}L${n(cx + Math.cos(a + half) * reach)} ${n(cy + Math.sin(a + half) * reach)}Z`
  }
  return d
}

/** A puffy cloud sitting on a flat base `width` wide, as one path of arcs. */
export function cloud(x: number, y: number, width: number): string {
  const bumps: Point[] = [
    [0.18, -0.22],
    [0.26, -0.2],
    [0.3, 0.14],
    [0.26, 0.28],
  ]
  let d = `M${n(x)} ${n(y)}`
  for (const [dx, dy] of bumps) {
    const chordX = dx * width
    const chordY = dy * width
    const radius = Math.hypot(chordX, chordY) * 0.56
    d += `a${n(radius)} ${n(radius)} 0 0 1 ${n(chordX)} ${n(chordY)}`
  }
  return `${d}z`
}

/** A many-pointed burst polygon: explosions and comic stars. */
export function burst(r: Rand, cx: number, cy: number, outer: number, inner: number, spikes: number, turn: number): Point[] {
  const pts: Point[] = []
  for (let i = 0; i < spikes * 2; i++) {
    const radius = i % 2 === 0 ? outer * r.range(0.75, 1.1) : inner * r.range(0.85, 1.1)
    const a = turn + (i / (spikes * 2)) * Math.PI * 2
    pts.push([cx + Math.cos(a) * radius, cy + Math.sin(a) * radius])
  }
  return pts
}

/**
 * A standing figure in a long coat, with a brimmed hat or bare-headed, drawn in a 20 x 60 box
 * with its feet at the bottom middle: the noir detective, the drama's lone walker, the western's
 * stranger, a marching column.
 */
function figurePath(hat: boolean): string {
  const head = hat ? 'M3.5 7.5h13l-.4-1.6h-2.6l-.8-4.6h-5.4l-.8 4.6H4z' : 'M10 1.5a3.6 3.6 0 1 1 0 7.2a3.6 3.6 0 1 1 0-7.2z'
  return `${head}M7.6 7h4.8v4.6l4.6 1.6 1.6 18.4-1.6.4-.4 12H15.3l-.9 16h-2.6l-1.8-15-1.8 15H5.6l-.9-16H3.4l-.4-12-1.6-.4L3 13.2l4.6-1.6z`
}

const placeFigure = (x: number, y: number, height: number) => `translate(${n(x - height / 6)} ${n(y - height)}) scale(${Math.round((height / 60) * 100) / 100})`

/** One figure with its feet at (x, y), `height` tall. */
export function figure(x: number, y: number, height: number, fill: string, hat = true): string {
  return `<path transform="${placeFigure(x, y, height)}" d="${figurePath(hat)}" fill="${fill}"/>`
}

/** Many figures drawn once and placed by reference: a crowd costs a few bytes a head. */
export function figures(at: readonly (readonly [number, number, number])[], fill: string, hat = false): string {
  const uses = at.map(([x, y, height]) => `<use href="#f" transform="${placeFigure(x, y, height)}"/>`).join('')
  return `<defs><path id="f" d="${figurePath(hat)}" fill="${fill}"/></defs>${uses}`
}

/** A disc with two faint halos behind it: suns, moons, glowing orbs. */
export function glowDisc(x: number, y: number, radius: number, fill: string, halo = fill): string {
  return `${circle(x, y, radius * 2.3, halo, { opacity: 0.07 })}${circle(x, y, radius * 1.5, halo, { opacity: 0.14 })}${circle(x, y, radius, fill)}`
}

/** A flat-topped rock or building row: rectangles of random heights side by side along `base`. */
export function blocks(r: Rand, x0: number, x1: number, base: number, minH: number, maxH: number, minW: number, maxW: number): Point[] {
  const pts: Point[] = [[x0, base]]
  let x = x0
  while (x < x1) {
    const top = base - r.range(minH, maxH)
    const next = Math.min(x1, x + r.range(minW, maxW))
    pts.push([x, top], [next, top])
    x = next
  }
  pts.push([x1, base])
  return pts
}

export const closed = (pts: readonly Point[], fill: string, opacity?: number) => polygon(pts, fill, opacity === undefined ? undefined : { opacity })

export { line }

/** One look: a palette by role (before the era tones it) and a scene drawn into a frame. */
export interface Look {
  palette(r: Rand): Palette<Hsl>
  draw(f: Frame, p: Palette, r: Rand): string
}

/** A soft glow: a radial gradient `id` from `colour` to transparent, and an ellipse filled with it. */
export function haze(id: string, x: number, y: number, rx: number, ry: number, colour: string, strength = 0.8): string {
  return `<defs><radialGradient id="${id}"><stop stop-color="${colour}" stop-opacity="${strength}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>${ellipse(x, y, rx, ry, `url(#${id})`)}`
}

/** A simple fish, nose at (x, y), facing left or right. */
export function fish(x: number, y: number, s: number, facing: 1 | -1): string {
  const k = facing * s
  return `M${n(x)} ${n(y)}q${n(3 * k)} ${n(-2.2 * s)} ${n(6 * k)} 0l${n(2 * k)} ${n(-1.6 * s)}v${n(3.2 * s)}l${n(-2 * k)} ${n(-1.6 * s)}q${n(-3 * k)} ${n(2.2 * s)} ${n(-6 * k)} 0z`
}

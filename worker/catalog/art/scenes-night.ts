/**
 * The night looks: film noir, thriller, horror, science fiction and fantasy. Each has a palette
 * and two or three compositions; the title's random source picks one and moves, turns and sizes
 * its parts, so a row of thrillers reads as a series, not one picture repeated.
 */
import { circle, dots, ellipse, group, line, n, path, polygon, rect, stroke } from './kit'
import { closed, figure, glowDisc, haze, type Look, type Point, ridge, scatter, sparkle } from './shapes'

/** Light through venetian blinds, a street lamp's cone or a stairwell, a man in a hat, in black and white. */
export const noir: Look = {
  palette: (r) => {
    const tint = r.pick([210, 38])
    return { sky: [tint, 8, 17], sky2: [tint, 6, 5], glow: [45, 30, 92], accent: [tint, 10, 55], mid: [tint, 6, 26], mid2: [tint, 6, 12], ink: [0, 0, 2], light: [42, 22, 88] }
  },
  draw: (f, p, r) => {
    const { w, h, u } = f
    const floor = h * 0.93
    const angle = r.range(-32, -12)
    const blindsX = f.fx > w / 2 ? r.range(0, 0.15) * w : r.range(0.55, 0.7) * w
    const slats = Array.from({ length: 9 }, (_, i) => rect(0, i * 4.2 * u, 36 * u, 2.3 * u, p.light)).join('')
    const blinds = group(slats, { transform: `translate(${n(blindsX)} ${n(h * 0.05)}) rotate(${n(angle)})`, opacity: 0.13 })
    const rain = r.chance(0.5)
      ? stroke(
          scatter(r, 34, 0, 0, w, h)
            .map(([x, y]) => `M${n(x)} ${n(y)}l${n(-1.2 * u)} ${n(6 * u)}`)
            .join(''),
          p.light,
          0.25 * u,
          { opacity: 0.22 },
        )
      : ''
    if (r.chance(0.4)) {
      // A stairwell seen from above its landing: steps as stripes of light falling away, the
      // man's long shadow climbing them.
      let steps = ''
      for (let i = 0; i < 9; i++) steps += rect(0, h * 0.35 + i * 5.5 * u, w, 2.6 * u, p.light, { opacity: (0.05 + i * 0.02).toFixed(2) })
      const x = f.fx
      const top = h * 0.35 + 2 * u
      const shadow = polygon(
        [
          [x - 2 * u, top + 30 * u],
          [x + 2 * u, top + 30 * u],
          [x + 22 * u, h],
          [x + 8 * u, h],
        ],
        p.ink,
        { opacity: 0.6 },
      )
      return `${blinds}${group(steps, { transform: `skewX(${n(r.range(-20, 20))})` })}${shadow}${figure(x, top + 30 * u, 26 * u, p.ink)}${rain}`
    }
    const lampX = f.fx
    const lampY = h * (f.wide ? 0.16 : 0.24)
    const cone = polygon(
      [
        [lampX - 1.5 * u, lampY],
        [lampX + 1.5 * u, lampY],
        [lampX + 24 * u, floor],
        [lampX - 24 * u, floor],
      ],
      p.glow,
      { opacity: 0.14 },
    )
    const pool = ellipse(lampX, floor, 26 * u, 3.5 * u, p.glow, { opacity: 0.22 })
    const side = r.chance(0.5) ? 1 : -1
    const post = `${rect(lampX - 0.5 * u, lampY, 1 * u, h - lampY, p.ink)}${path(`M${n(lampX - 3 * u)} ${n(lampY + u)}h${n(6 * u)}l${n(-1.6 * u)} ${n(-3 * u)}h${n(-2.8 * u)}z`, p.ink)}`
    return `${blinds}${cone}${pool}${post}${glowDisc(lampX, lampY + 1.2 * u, 1.4 * u, p.glow)}${figure(lampX + side * r.range(9, 14) * u, floor + u, r.range(28, 34) * u, p.ink)}${rect(0, floor + u, w, h, p.ink, { opacity: 0.6 })}${rain}`
  },
}

/** Cold duotone with one hot colour: a target and cracked glass, a vertigo spiral, or one lit window in a dark block. */
export const thriller: Look = {
  palette: (r) => {
    const h = r.pick([205, 215, 160, 30, 260])
    const hot = r.pick([356, 4, 42, 190])
    return { sky: [h, 28, 14], sky2: [h, 34, 4], glow: [hot, 82, 50], accent: [hot, 88, 46], mid: [h, 22, 24], mid2: [h, 26, 9], ink: [h, 40, 3], light: [h, 25, 84] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['target', 'spiral', 'windows', 'keyhole'] as const)
    if (kind === 'spiral') {
      const turns = r.range(4, 6)
      const pts: Point[] = []
      const reach = Math.max(w, h) * 0.75
      const spin = r.chance(0.5) ? 1 : -1
      for (let i = 0; i <= turns * 16; i++) {
        const a = (i / 16) * Math.PI * 2 * spin
        const radius = reach * Math.exp((i / (turns * 16) - 1) * 3.4)
        pts.push([fx + Math.cos(a) * radius, fy + Math.sin(a) * radius * 0.92])
      }
      const rungs = stroke(line(pts), p.light, 1.6 * u, { opacity: 0.55 })
      return `${haze('g', fx, fy, 30 * u, 30 * u, p.accent, 0.5)}${rungs}${circle(fx, fy, 2.4 * u, p.accent)}${figure(fx + r.range(-30, 30) * u, h - 6 * u, 22 * u, p.ink)}`
    }
    if (kind === 'keyhole') {
      // Seen through a keyhole: a lit room and someone standing in it.
      const s = r.range(1.1, 1.5) * u
      const trapezoid: Point[] = [
        [fx - 3.5 * s, fy + 4 * s],
        [fx + 3.5 * s, fy + 4 * s],
        [fx + 9 * s, fy + 30 * s],
        [fx - 9 * s, fy + 30 * s],
      ]
      const hole = `${circle(fx, fy, 9 * s, p.accent)}${polygon(trapezoid, p.accent)}`
      const plate = rect(fx - 16 * s, fy - 26 * s, 32 * s, 68 * s, p.mid, { rx: n(16 * s), opacity: 0.6 })
      const inside = `<defs><clipPath id="k">${hole}</clipPath></defs>${hole}<g clip-path="url(#k)">${figure(fx + r.range(-3, 3) * s, fy + 34 * s, 36 * s, p.ink, r.chance(0.5))}</g>`
      return `${haze('g', fx, fy, 40 * u, 50 * u, p.accent, 0.25)}${plate}${inside}`
    }
    if (kind === 'windows') {
      const cols = r.int(5, 8)
      const cell = ((f.wide ? 0.5 : 0.9) * w) / cols
      const rows = Math.min(r.int(7, 10), Math.floor((h * 0.86) / (cell * 1.3)))
      const x0 = f.wide ? fx - (cols * cell) / 2 : (w - cols * cell) / 2
      const y0 = h * 0.08
      let dark = ''
      const litCol = r.int(0, cols - 1)
      const litRow = r.int(2, rows - 2)
      for (let c = 0; c < cols; c++) {
        for (let k = 0; k < rows; k++) {
          if (c === litCol && k === litRow) continue
          dark += `M${n(x0 + c * cell + cell * 0.18)} ${n(y0 + k * cell * 1.3 + cell * 0.2)}h${n(cell * 0.64)}v${n(cell * 0.8)}h${n(-cell * 0.64)}z`
        }
      }
      const lx = x0 + litCol * cell + cell * 0.18
      const ly = y0 + litRow * cell * 1.3 + cell * 0.2
      const lit = `${rect(lx, ly, cell * 0.64, cell * 0.8, p.accent)}${figure(lx + cell * 0.32, ly + cell * 0.8, cell * 0.62, p.ink, false)}`
      return `${path(dark, p.mid, { opacity: 0.55 })}${haze('g', lx + cell * 0.3, ly + cell * 0.4, cell * 2.4, cell * 2.4, p.accent, 0.35)}${lit}`
    }
    const rings = Array.from({ length: 6 }, (_, i) => circle(fx, fy, (6 + i * 7) * u, 'none', { stroke: p.light, 'stroke-width': 0.35 * u, opacity: 0.55 - i * 0.08 })).join('')
    const cross = stroke(`M0 ${n(fy)}H${w}M${n(fx)} 0V${h}`, p.light, 0.25 * u, { opacity: 0.3 })
    const tilt = r.range(-0.5, 0.5)
    const bandY = fy + r.range(10, 26) * u
    const band = r.chance(0.7)
      ? polygon(
          [
            [0, bandY - tilt * w * 0.5],
            [w, bandY + tilt * w * 0.5],
            [w, bandY + tilt * w * 0.5 + 7 * u],
            [0, bandY - tilt * w * 0.5 + 7 * u],
          ],
          p.accent,
          { opacity: 0.88 },
        )
      : ''
    const hit: Point = [fx + r.range(-10, 10) * u, fy + r.range(-8, 8) * u]
    let cracks = ''
    const arms = r.int(7, 10)
    for (let i = 0; i < arms; i++) {
      let a = (i / arms) * Math.PI * 2 + r.range(-0.2, 0.2)
      const pts: Point[] = [hit]
      let [x, y] = hit
      for (let s = 0; s < 4; s++) {
        const len = r.range(5, 12) * u
        x += Math.cos(a) * len
        y += Math.sin(a) * len
        a += r.range(-0.35, 0.35)
        pts.push([x, y])
      }
      cracks += line(pts)
    }
    const dark = circle(fx, fy, 13 * u, p.ink, { opacity: 0.75 })
    return `${dark}${rings}${cross}${band}${stroke(cracks, p.light, 0.28 * u, { opacity: 0.75 })}${circle(hit[0], hit[1], 2.2 * u, 'none', { stroke: p.light, 'stroke-width': 0.3 * u })}`
  },
}

/** A dead tree against a huge moon, a house with one lit window on a hill, or an eye in the dark. */
export const horror: Look = {
  palette: (r) => {
    const h = r.pick([355, 120, 275, 20, 200])
    return { sky: [h, 45, 11], sky2: [h, 55, 3], glow: [50, 25, 86], accent: [355, 80, 36], mid: [h, 30, 18], mid2: [h, 35, 8], ink: [h, 35, 2], light: [48, 30, 80] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['tree', 'house', 'eye'] as const)
    const drips = r.chance(0.35)
      ? `${rect(0, 0, w, 1.6 * u, p.accent)}${stroke(
          Array.from({ length: r.int(6, 10) }, () => `M${n(r.range(0.02, 0.98) * w)} 0v${n(r.range(3, 14) * u)}`).join(''),
          p.accent,
          r.range(1.2, 1.8) * u,
        )}`
      : ''
    const fog = Array.from({ length: 3 }, (_, i) => ellipse(r.range(0.2, 0.8) * w, h * (0.7 + i * 0.09), r.range(40, 70) * u, 5 * u, p.light, { opacity: 0.07 })).join('')
    if (kind === 'eye') {
      const ew = r.range(30, 40) * u
      const eh = ew * r.range(0.32, 0.45)
      const lid = `M${n(fx - ew)} ${n(fy)}Q${n(fx)} ${n(fy - eh * 2)} ${n(fx + ew)} ${n(fy)}Q${n(fx)} ${n(fy + eh * 2)} ${n(fx - ew)} ${n(fy)}z`
      const iris = r.range(0.5, 0.8) * eh
      const look = r.range(-0.4, 0.4) * ew
      const veins = stroke(
        Array.from({ length: 6 }, (_, i) => {
          const a = (i % 2 ? Math.PI : 0) + r.range(-0.5, 0.5)
          return `M${n(fx + Math.cos(a) * ew * 0.95)} ${n(fy + Math.sin(a) * eh * 0.4)}q${n(-Math.cos(a) * ew * 0.2)} ${n(r.range(-4, 4) * u)} ${n(-Math.cos(a) * ew * 0.4)} ${n(r.range(-3, 3) * u)}`
        }).join(''),
        p.accent,
        0.3 * u,
      )
      return `${haze('g', fx, fy, ew * 1.5, ew, p.accent, 0.35)}${path(lid, p.glow)}${veins}${circle(fx + look, fy, iris, p.accent)}${ellipse(fx + look, fy, iris * 0.22, iris * 0.8, p.ink)}${stroke(lid, p.ink, 0.8 * u)}${fog}${drips}`
    }
    const moonR = r.range(14, 20) * u
    const moon = `${glowDisc(fx, fy, moonR, p.glow, p.light)}${dots(scatter(r, 4, fx - moonR * 0.6, fy - moonR * 0.6, fx + moonR * 0.5, fy + moonR * 0.5), p.mid, moonR * 0.28, { opacity: 0.12 })}`
    if (kind === 'house') {
      const hx = fx + r.range(-12, 12) * u
      const base = f.hz + 2 * u
      const s = r.range(0.9, 1.2) * u
      const house = path(
        `M${n(hx - 16 * s)} ${n(base)}V${n(base - 14 * s)}l${n(8 * s)} ${n(-9 * s)}l${n(6 * s)} ${n(6 * s)}V${n(base - 30 * s)}l${n(5 * s)} ${n(-8 * s)}l${n(5 * s)} ${n(8 * s)}V${n(base - 14 * s)}l${n(8 * s)} ${n(-2 * s)}V${n(base)}z`,
        p.ink,
      )
      const lit = rect(hx + 1.5 * s, base - 25 * s, 4 * s, 5 * s, p.glow)
      const hill = path(`M-5 ${h}V${n(base + 6 * u)}Q${n(hx)} ${n(base - 12 * u)} ${w + 5} ${n(base + 10 * u)}V${h}z`, p.ink)
      const bats = stroke(
        scatter(r, r.int(3, 6), 0.1 * w, 0.08 * h, 0.9 * w, fy + 10 * u)
          .map(([x, y]) => `M${n(x - 2 * u)} ${n(y)}q${n(u)} ${n(-u)} ${n(2 * u)} ${n(0.6 * u)}q${n(u)} ${n(-1.6 * u)} ${n(2 * u)} ${n(-0.6 * u)}`)
          .join(''),
        p.ink,
        0.6 * u,
      )
      return `${moon}${bats}${fog}${hill}${house}${lit}${drips}`
    }
    // The tree stands beside the moon, leaning over it; branches by depth, thick to thin.
    const baseX = fx > w / 2 ? fx - r.range(24, 34) * u : fx + r.range(18, 30) * u
    const lean = fx > baseX ? 0.25 : -0.25
    const levels: string[] = ['', '', '', '', '']
    const grow = (x: number, y: number, a: number, len: number, depth: number) => {
      const x2 = x + Math.cos(a) * len
      const y2 = y + Math.sin(a) * len
      levels[depth] += `M${n(x)} ${n(y)}L${n(x2)} ${n(y2)}`
      if (depth === 4) return
      const forks = r.chance(0.3) ? 3 : 2
      for (let i = 0; i < forks; i++) {
        const turn = (forks === 2 ? (i ? 1 : -1) : i - 1) * r.range(0.3, 0.62)
        grow(x2, y2, a + turn + r.range(-0.1, 0.1), len * r.range(0.62, 0.8), depth + 1)
      }
    }
    grow(baseX, h + u, -Math.PI / 2 + lean, r.range(24, 30) * u, 0)
    const widths = [3.2, 1.8, 1.1, 0.6, 0.35]
    const tree = levels.map((d, i) => stroke(d, p.ink, (widths[i] ?? 0.35) * u)).join('')
    return `${moon}${fog}${tree}${closed(ridge(f, r, h * 0.88, 6 * u, 6, false), p.ink)}${drips}`
  },
}

/** A ringed planet over a neon grid, an eclipse with its corona, or a monolith under a planetrise. */
export const scifi: Look = {
  palette: (r) => {
    const h = r.range(215, 265)
    const planet = r.pick([22, 190, 305, 45, 160])
    return { sky: [h, 65, 5], sky2: [h + 25, 55, 17], glow: [planet, 60, 58], accent: [r.pick([185, 300, 40]), 85, 60], mid: [planet, 45, 30], mid2: [h, 50, 12], ink: [h, 60, 3], light: [planet, 45, 85] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const stars = `${dots(scatter(r, 46, 0, 0, w, f.hz), '#fff', 0.45 * u, { opacity: 0.7 })}${dots(scatter(r, 7, 0, 0, w, f.hz), '#fff', 0.9 * u)}`
    const kind = r.pick(['planet', 'eclipse', 'monolith'] as const)
    const grid = () => {
      let d = ''
      for (let i = -8; i <= 8; i++) d += `M${n(fx + i * 4 * u)} ${n(f.hz)}L${n(fx + i * 22 * u)} ${h}`
      for (let i = 1; i <= 6; i++) d += `M0 ${n(f.hz + (h - f.hz) * (i / 6) ** 2)}H${w}`
      return `${rect(0, f.hz, w, h - f.hz, p.ink)}${stroke(d, p.accent, 0.3 * u, { opacity: 0.55 })}${rect(0, f.hz - 0.3 * u, w, 0.6 * u, p.accent)}`
    }
    const gradient = `<defs><radialGradient id="p" cx=".35" cy=".3"><stop offset="0" stop-color="${p.light}"/><stop offset=".5" stop-color="${p.glow}"/><stop offset="1" stop-color="${p.mid}"/></radialGradient></defs>`
    if (kind === 'eclipse') {
      const radius = r.range(16, 24) * u
      const corona = stroke(
        Array.from({ length: 40 }, (_, i) => {
          const a = (i / 40) * Math.PI * 2
          const len = radius * r.range(0.15, 0.6)
          return `M${n(fx + Math.cos(a) * radius)} ${n(fy + Math.sin(a) * radius)}l${n(Math.cos(a) * len)} ${n(Math.sin(a) * len)}`
        }).join(''),
        p.light,
        0.35 * u,
        { opacity: 0.5 },
      )
      const flare = stroke(`M${n(fx - 60 * u)} ${n(fy + radius * 0.7)}H${n(fx + 60 * u)}`, p.light, 0.4 * u, { opacity: 0.6 })
      return `${stars}${haze('g', fx, fy, radius * 2.4, radius * 2.4, p.accent, 0.7)}${corona}${circle(fx, fy, radius, p.ink)}${circle(fx, fy, radius, 'none', { stroke: p.light, 'stroke-width': 0.6 * u })}${flare}${closed(ridge(f, r, f.hz + 8 * u, 8 * u, 10), p.ink)}`
    }
    if (kind === 'monolith') {
      const radius = r.range(26, 40) * u
      const rise = `${gradient}${circle(fx, f.hz + radius * 0.55, radius, 'url(#p)')}`
      const mw = 5 * u
      const mh = r.range(22, 30) * u
      const mx = fx + r.range(-16, 16) * u
      const slab = `${rect(mx - mw / 2, f.hz + 4 * u - mh, mw, mh, p.ink)}${rect(mx - mw / 2, f.hz + 4 * u - mh, 0.8 * u, mh, p.light, { opacity: 0.35 })}`
      return `${stars}${rise}${rect(0, f.hz + 4 * u, w, h, p.ink)}${slab}${ellipse(mx, f.hz + 4 * u, 14 * u, 1.2 * u, p.glow, { opacity: 0.3 })}`
    }
    const radius = r.range(15, 22) * u
    const tilt = n(r.range(-24, 24))
    const rx = radius * 1.9
    const ry = radius * 0.36
    const ring = (front: boolean) =>
      `<path transform="translate(${n(fx)} ${n(fy)}) rotate(${tilt})" d="M${n(-rx)} 0A${n(rx)} ${n(ry)} 0 0 ${front ? 0 : 1} ${n(rx)} 0" fill="none" stroke="${p.light}" stroke-width="${n(0.9 * u)}" opacity=".8"/>`
    const moon = circle(fx + r.pick([-1, 1]) * r.range(25, 34) * u, fy + r.range(-12, 14) * u, r.range(2, 4) * u, p.light, { opacity: 0.85 })
    const floor = r.chance(0.6) ? grid() : closed(ridge(f, r, f.hz + 4 * u, 10 * u, 9), p.ink)
    return `${stars}${gradient}${ring(false)}${circle(fx, fy, radius, 'url(#p)')}${ring(true)}${moon}${floor}`
  },
}

/** Twilight magic: a castle on layered peaks, floating islands, or a glowing gate on a hill. */
export const fantasy: Look = {
  palette: (r) => {
    const h = r.pick([262, 280, 185, 215, 320, 150])
    return { sky: [h, 42, 18], sky2: [h - 35, 45, 46], glow: [48, 85, 86], accent: [r.pick([46, 175, 320]), 95, 72], mid: [h, 30, 34], mid2: [h, 32, 22], ink: [h, 40, 9], light: [h - 30, 60, 80] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['castle', 'isles', 'gate'] as const)
    const glints = path(
      scatter(r, r.int(6, 9), 0.05 * w, 0.05 * h, 0.95 * w, f.hz - 20 * u)
        .map(([x, y]) => sparkle(x, y, r.range(0.8, 2.2) * u))
        .join(''),
      p.accent,
      { opacity: 0.85 },
    )
    const far = closed(ridge(f, r, f.hz - 22 * u, 16 * u, 7), p.mid, 0.8)
    if (kind === 'isles') {
      const isle = (x: number, y: number, s: number) => {
        const rock = `M${n(x - 10 * s)} ${n(y)}h${n(20 * s)}l${n(-4 * s)} ${n(5 * s)}l${n(-3 * s)} ${n(9 * s)}l${n(-3 * s)} ${n(-4 * s)}l${n(-4 * s)} ${n(8 * s)}l${n(-2 * s)} ${n(-10 * s)}z`
        return `${path(rock, p.mid2)}${rect(x - 10 * s, y - 1.2 * s, 20 * s, 1.6 * s, p.accent, { opacity: 0.8 })}${stroke(`M${n(x + 6 * s)} ${n(y + 2 * s)}v${n(30 * s)}`, p.light, 0.6 * s, { opacity: 0.5 })}`
      }
      const isles = [0, 1, 2]
        .map((i) => isle(fx + (i - 1) * r.range(18, 26) * u, fy + r.range(-6, 24) * u + i * 6 * u, r.range(0.9, 1.6) * u * (i === 1 ? 1.4 : 1)))
        .join('')
      return `${haze('g', fx, fy, 50 * u, 40 * u, p.light, 0.5)}${glints}${far}${isles}${closed(ridge(f, r, f.hz + 14 * u, 6 * u, 5, false), p.ink)}`
    }
    if (kind === 'gate') {
      const gx = fx
      const base = f.hz + 6 * u
      const gw = r.range(12, 16) * u
      const gh = gw * 1.7
      const arch = `M${n(gx - gw / 2)} ${n(base)}V${n(base - gh + gw / 2)}a${n(gw / 2)} ${n(gw / 2)} 0 0 1 ${n(gw)} 0V${n(base)}z`
      const frame = stroke(arch, p.ink, 2.4 * u)
      const steps = Array.from({ length: 3 }, (_, i) => rect(gx - gw * (0.7 + i * 0.25), base + i * 2 * u, gw * (1.4 + i * 0.5), 2 * u, p.ink)).join('')
      return `${haze('g', gx, base - gh / 2, 40 * u, 40 * u, p.accent, 0.55)}${glints}${far}${closed(ridge(f, r, base, 4 * u, 6, false), p.mid2)}${path(arch, p.accent)}${path(arch, p.glow, { opacity: 0.6, transform: `translate(${n(gx)} ${n(base)}) scale(.7) translate(${n(-gx)} ${n(-base)})` })}${frame}${steps}`
    }
    const orb = glowDisc(fx, fy, r.range(7, 11) * u, p.glow, p.accent)
    const mid = closed(ridge(f, r, f.hz - 8 * u, 14 * u, 9), p.mid2)
    const near = closed(ridge(f, r, f.hz + 8 * u, 8 * u, 5, false), p.ink)
    const cx = fx + r.range(-14, 14) * u
    const base = f.hz + 10 * u
    let castle = ''
    const towers = r.int(3, 5)
    for (let i = 0; i < towers; i++) {
      const tx = cx + (i - (towers - 1) / 2) * 4.2 * u
      const th = (i === Math.floor(towers / 2) ? 22 : r.range(9, 17)) * u
      const tw = r.range(2.4, 3.4) * u
      castle += `M${n(tx - tw / 2)} ${n(base)}V${n(base - th)}l${n(tw / 2)} ${n(-tw * 1.6)}l${n(tw / 2)} ${n(tw * 1.6)}V${n(base)}z`
    }
    castle = `${path(`${castle}M${n(cx - 10 * u)} ${n(base)}h${n(20 * u)}v${n(-8 * u)}h${n(-20 * u)}z`, p.ink)}${dots(scatter(r, 4, cx - 6 * u, base - 14 * u, cx + 6 * u, base - 4 * u), p.accent, 0.7 * u)}`
    const mist = ellipse(fx, f.hz, 60 * u, 5 * u, p.light, { opacity: 0.12 })
    return `${orb}${glints}${far}${mist}${mid}${near}${castle}`
  },
}

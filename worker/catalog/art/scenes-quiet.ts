/**
 * The quiet and the staged looks: drama, documentary, musical and period pieces. Drama is the
 * catalogue's commonest genre, so it has the widest range of compositions; each is a palette and
 * a scene, picked and varied by the title.
 */
import { circle, dots, ellipse, group, line, n, path, polygon, rect, stroke } from './kit'
import { cloud, figure, glowDisc, haze, type Look, type Point, rays, scatter, sparkle } from './shapes'

/** Muted and still: colour fields, a lone walker at the horizon under a wide sky, a lit window, or rain on a pane. */
export const drama: Look = {
  palette: (r) => {
    const h = r.range(0, 360)
    return { sky: [h, 24, 32], sky2: [h + 20, 20, 13], glow: [r.range(20, 50), 55, 78], accent: [h + 170, 34, 52], mid: [h + 12, 28, 44], mid2: [h - 12, 24, 22], ink: [h, 22, 7], light: [42, 40, 86] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx } = f
    const kind = r.pick(['field', 'horizon', 'window', 'rain'] as const)
    if (kind === 'field') {
      const width = f.wide ? 0.46 * w : 0.8 * w
      const x = f.wide ? fx - width / 2 : (w - width) / 2
      const split = r.range(0.35, 0.6)
      const top = 0.09 * h
      const tall = 0.8 * h
      const rx = n(2 * u)
      return `${rect(x, top, width, tall * split - 1.5 * u, p.mid, { rx, opacity: 0.9 })}${rect(x, top + tall * split, width, tall * (1 - split), p.accent, { rx, opacity: 0.75 })}${rect(x + 3 * u, top + tall * split - 0.4 * u, width - 6 * u, 0.8 * u, p.glow, { opacity: 0.7 })}`
    }
    if (kind === 'horizon') {
      const sunX = fx + r.range(-24, 24) * u
      const sunY = f.hz - r.range(4, 16) * u
      const bands = Array.from({ length: 4 }, (_, i) => rect(0, f.hz - (8 + i * 9) * u - r.range(0, 3) * u, w, r.range(1, 3) * u, p.glow, { opacity: 0.16 - i * 0.03 })).join('')
      const x = fx + r.range(-10, 10) * u
      const height = r.range(14, 20) * u
      const feet = f.hz + r.range(10, 18) * u
      const shadow = polygon(
        [
          [x - 1.5 * u, feet],
          [x + 1.5 * u, feet],
          [x + (x - sunX) * 1.6 + 3 * u, h],
          [x + (x - sunX) * 1.6 - 5 * u, h],
        ],
        p.ink,
        { opacity: 0.5 },
      )
      return `${haze('g', sunX, sunY, 60 * u, 30 * u, p.glow, 0.55)}${bands}${circle(sunX, sunY, r.range(3, 6) * u, p.light)}${rect(0, f.hz, w, h, p.mid2)}${rect(0, f.hz, w, 0.5 * u, p.glow, { opacity: 0.6 })}${shadow}${figure(x, feet, height, p.ink, r.chance(0.4))}`
    }
    const cols = r.int(2, 3)
    const rows = r.int(2, 3)
    const ww = r.range(24, 34) * u
    const wh = ww * (f.wide ? 1.1 : 1.35)
    const wx = fx - ww / 2
    const wy = f.fy - wh / 2
    let bars = ''
    for (let i = 1; i < cols; i++) bars += `M${n(wx + (ww * i) / cols)} ${n(wy)}v${n(wh)}`
    for (let i = 1; i < rows; i++) bars += `M${n(wx)} ${n(wy + (wh * i) / rows)}h${n(ww)}`
    if (kind === 'rain') {
      // Close on a pane: the light outside, drops running down the glass.
      const big = f.wide ? w * 0.5 : w * 0.84
      const bx = f.wide ? fx - big / 2 : (w - big) / 2
      const by = h * 0.08
      const bh = h * 0.8
      const drops = stroke(
        scatter(r, 16, bx, by, bx + big, by + bh)
          .map(([x, y]) => `M${n(x)} ${n(y)}q${n(r.range(-1, 1) * u)} ${n(4 * u)} 0 ${n(r.range(6, 16) * u)}`)
          .join(''),
        p.light,
        0.45 * u,
        { opacity: 0.5 },
      )
      const lights = scatter(r, 8, bx, by, bx + big, by + bh)
        .map(([x, y], i) => circle(x, y, r.range(3, 9) * u, i % 2 ? p.glow : p.accent, { opacity: 0.35 }))
        .join('')
      return `${rect(bx, by, big, bh, p.mid, { opacity: 0.55 })}${lights}${dots(scatter(r, 30, bx, by, bx + big, by + bh), p.light, 0.7 * u, { opacity: 0.5 })}${drops}${rect(bx, by, big, bh, 'none', { stroke: p.ink, 'stroke-width': n(2.4 * u) })}${stroke(`M${n(bx + big / 2)} ${n(by)}v${n(bh)}`, p.ink, 1.6 * u)}`
    }
    const spill = polygon(
      [
        [wx, wy + wh],
        [wx + ww, wy + wh],
        [wx + ww + 30 * u, h],
        [wx - 6 * u, h],
      ],
      p.light,
      { opacity: 0.12 },
    )
    const curtain = rect(wx + ww * r.range(0.55, 0.8), wy - 2 * u, ww * 0.5, wh + 4 * u, p.mid, { opacity: 0.85 })
    const sitter = r.chance(0.5) ? figure(wx + ww * r.range(0.2, 0.5), wy + wh + 4 * u, wh * 0.55, p.ink, false) : ''
    return `${rect(0, 0, w, h, p.ink, { opacity: 0.35 })}${rect(wx, wy, ww, wh, p.light, { opacity: 0.88 })}${sitter}${stroke(bars, p.ink, 1.2 * u)}${curtain}${spill}`
  },
}

/** An observer's sheet: contour lines round a marked point, a wireframe globe, or a bar chart, with a scale bar. */
export const documentary: Look = {
  palette: (r) => {
    const paper = r.chance(0.5)
    const hot = r.pick([48, 8, 175, 210, 130])
    return paper
      ? { sky: [42, 28, 86], sky2: [38, 24, 76], glow: [hot, 85, 50], accent: [hot, 85, 48], mid: [30, 20, 45], mid2: [30, 15, 60], ink: [28, 30, 14], light: [42, 40, 96] }
      : { sky: [210, 18, 20], sky2: [215, 22, 10], glow: [hot, 85, 56], accent: [hot, 85, 56], mid: [200, 18, 62], mid2: [210, 15, 40], ink: [210, 30, 4], light: [200, 20, 90] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['contours', 'globe', 'chart'] as const)
    let grid = ''
    for (let x = 10 * u; x < w; x += 10 * u) grid += `M${n(x)} 0V${h}`
    for (let y = 10 * u; y < h; y += 10 * u) grid += `M0 ${n(y)}H${w}`
    const barX = f.wide ? w - 34 * u : 8 * u
    const scale = group([0, 1, 2, 3].map((i) => rect(barX + i * 6 * u, h - 8 * u, 6 * u, 1.2 * u, i % 2 ? p.light : p.ink)).join(''), { stroke: p.mid, 'stroke-width': 0.2 * u })
    const frame = `${stroke(grid, p.mid2, 0.15 * u, { opacity: 0.35 })}${scale}${rect(0, 0, 1.6 * u, h, p.accent)}`
    if (kind === 'globe') {
      const radius = r.range(24, 32) * u
      const tilt = n(r.range(-25, 25))
      let meridians = ''
      for (let i = 1; i < 6; i++) {
        const rx = radius * Math.abs(Math.cos((i / 6) * Math.PI))
        meridians += `M${n(-rx)} 0A${n(rx)} ${n(radius)} 0 0 1 ${n(rx)} 0A${n(rx)} ${n(radius)} 0 0 1 ${n(-rx)} 0`
      }
      for (let i = -2; i <= 2; i++) {
        const y = (i / 3) * radius
        const half = Math.sqrt(radius * radius - y * y)
        meridians += `M${n(-half)} ${n(y)}H${n(half)}`
      }
      const globe = `<g transform="translate(${n(fx)} ${n(fy + 8 * u)}) rotate(${tilt})">${circle(0, 0, radius, p.mid, { opacity: 0.15 })}${stroke(meridians, p.mid, 0.3 * u)}${circle(0, 0, radius, 'none', { stroke: p.ink, 'stroke-width': 0.5 * u })}</g>`
      const orbit = ellipse(fx, fy + 8 * u, radius * 1.5, radius * 0.4, 'none', { stroke: p.accent, 'stroke-width': 0.5 * u, transform: `rotate(${n(r.range(-20, 20))} ${n(fx)} ${n(fy + 8 * u)})` })
      return `${frame}${globe}${orbit}${circle(fx + radius * 1.2, fy + 8 * u - radius * 0.3, 1.6 * u, p.accent)}`
    }
    if (kind === 'chart') {
      const count = r.int(5, 8)
      const width = (f.wide ? 50 : 70) * u
      const x0 = fx - width / 2
      const base = f.hz + 8 * u
      const step = width / count
      const highlight = r.int(0, count - 1)
      let bars = ''
      let trend = ''
      const heights: number[] = Array.from({ length: count }, () => r.range(10, 44) * u)
      heights.forEach((bh, i) => {
        if (i !== highlight) bars += `M${n(x0 + i * step + step * 0.15)} ${n(base)}v${n(-bh)}h${n(step * 0.7)}v${n(bh)}z`
      })
      trend = line(heights.map((bh, i) => [x0 + i * step + step / 2, base - bh - 4 * u] as Point))
      const hb = heights[highlight] ?? 20 * u
      return `${frame}${path(bars, p.mid, { opacity: 0.8 })}${rect(x0 + highlight * step + step * 0.15, base - hb, step * 0.7, hb, p.accent)}${stroke(trend, p.ink, 0.45 * u)}${stroke(`M${n(x0 - 3 * u)} ${n(base)}h${n(width + 6 * u)}`, p.ink, 0.5 * u)}`
    }
    const lobes = r.int(2, 4)
    const phase = r.range(0, 6)
    let contours = ''
    for (let ring = 1; ring <= 8; ring++) {
      const pts: Point[] = []
      for (let i = 0; i < 14; i++) {
        const a = (i / 14) * Math.PI * 2
        const wobble = 1 + 0.22 * Math.sin(lobes * a + phase + ring * 0.25) + 0.08 * Math.sin(5 * a + phase)
        const radius = ring * 5.2 * u * wobble
        pts.push([fx + Math.cos(a) * radius * 1.25, fy + 6 * u + Math.sin(a) * radius])
      }
      contours += `${line(pts)}Z`
    }
    const mark = `${circle(fx, fy + 6 * u, 2.2 * u, p.accent)}${stroke(`M${n(fx - 6 * u)} ${n(fy + 6 * u)}h${n(12 * u)}M${n(fx)} ${n(fy)}v${n(12 * u)}`, p.accent, 0.35 * u)}`
    return `${frame}${stroke(contours, p.mid, 0.3 * u, { opacity: 0.9 })}${mark}`
  },
}

/** The show: a stage between velvet curtains under spotlights, a record spinning in the light, or a bank of level meters. */
export const musical: Look = {
  palette: (r) => {
    const h = r.pick([352, 268, 215, 330, 180])
    return { sky: [h, 55, 14], sky2: [h, 60, 5], glow: [48, 70, 90], accent: [r.pick([44, 320, 175]), 82, 58], mid: [h, 65, 34], mid2: [h, 70, 21], ink: [h, 60, 5], light: [45, 80, 92] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['stage', 'record', 'meters'] as const)
    const glints = (count: number) =>
      path(
        scatter(r, count, 0.05 * w, 0.1 * h, 0.95 * w, 0.8 * h)
          .map(([x, y]) => sparkle(x, y, r.range(0.8, 2) * u))
          .join(''),
        p.accent,
      )
    if (kind === 'record') {
      const radius = r.range(26, 34) * u
      let grooves = ''
      for (let g = radius * 0.42; g < radius * 0.96; g += 1.6 * u) grooves += `M${n(fx - g)} ${n(fy)}a${n(g)} ${n(g)} 0 1 0 ${n(2 * g)} 0a${n(g)} ${n(g)} 0 1 0 ${n(-2 * g)} 0`
      const shine = path(rays(fx, fy, 2, radius, 0.18, r, 0, r.range(0, 1)), p.light, { opacity: 0.16 })
      const arm = stroke(`M${n(fx + radius * 1.1)} ${n(fy - radius * 0.9)}l${n(-2 * u)} ${n(radius * 0.9)}l${n(-radius * 0.35)} ${n(radius * 0.35)}`, p.light, 1 * u)
      return `${haze('g', fx, fy, radius * 2, radius * 2, p.mid, 0.8)}${circle(fx, fy, radius, p.ink)}${stroke(grooves, p.mid2, 0.25 * u)}${shine}${circle(fx, fy, radius * 0.34, p.accent)}${circle(fx, fy, 0.8 * u, p.ink)}${arm}${glints(5)}`
    }
    if (kind === 'meters') {
      // Level meters: one bar per channel, cut into segments by a striped pattern.
      const count = f.wide ? 14 : 10
      const gap = ((f.wide ? 0.55 : 0.84) * w) / count
      const x0 = f.wide ? fx - (count * gap) / 2 : (w - count * gap) / 2
      const base = f.hz + 14 * u
      const seg = n(2.6 * u)
      const stripes = `<defs><pattern id="m" width="4" height="${seg}" patternUnits="userSpaceOnUse" y="${n(base)}"><rect width="4" height="${n(seg * 0.7)}" fill="${p.accent}"/></pattern></defs>`
      let bars = ''
      let peaks = ''
      for (let i = 0; i < count; i++) {
        const level = r.int(3, 14) * seg
        const x = x0 + i * gap
        bars += `M${n(x)} ${n(base)}v${-level}h${n(gap * 0.72)}v${level}z`
        peaks += `M${n(x)} ${n(base - level - seg)}h${n(gap * 0.72)}`
      }
      return `${stripes}${haze('g', fx, base, 70 * u, 30 * u, p.mid, 0.7)}${path(bars, 'url(#m)')}${stroke(peaks, p.glow, 0.9 * u)}${rect(0, base, w, h, p.ink)}${glints(6)}`
    }
    const floorY = h * 0.82
    const spots = Array.from({ length: r.int(1, 3) }, (_, i) => {
      const x = fx + (i - 1) * r.range(10, 22) * u
      const top = r.range(-0.1, 0.3) * w
      return `${polygon(
        [
          [top - 2 * u, -5],
          [top + 2 * u, -5],
          [x + 16 * u, floorY],
          [x - 16 * u, floorY],
        ],
        p.glow,
        { opacity: 0.13 },
      )}${ellipse(x, floorY, 18 * u, 3 * u, p.glow, { opacity: 0.3 })}`
    }).join('')
    const drape = (x0: number, x1: number) => {
      const folds = 4
      const width = (x1 - x0) / folds
      let d = ''
      for (let i = 0; i < folds; i++) d += `M${n(x0 + i * width)} 0h${n(width)}v${n(floorY + 2 * u)}q${n(-width / 2)} ${n(3 * u)} ${n(-width)} 0z`
      const creases = Array.from({ length: folds }, (_, i) => `M${n(x0 + (i + 0.5) * width)} 0V${n(floorY)}`).join('')
      return `${path(d, p.mid)}${stroke(creases, p.ink, 0.9 * u, { opacity: 0.35 })}`
    }
    const drapeW = (f.wide ? 0.14 : 0.2) * w
    const curtains = f.wide ? `${drape(w * 0.34, w * 0.34 + drapeW)}${drape(w - drapeW, w)}` : `${drape(0, drapeW)}${drape(w - drapeW, w)}`
    let valance = `M0 0H${w}V${n(7 * u)}`
    for (let i = 6; i > 0; i--) valance += `Q${n((w * (i - 0.5)) / 6)} ${n(14 * u)} ${n((w * (i - 1)) / 6)} ${n(7 * u)}`
    const performer = r.chance(0.5) ? figure(fx, floorY, r.range(20, 26) * u, p.ink, false) : ''
    return `${spots}${rect(0, floorY, w, h - floorY, p.mid2)}${rect(0, floorY, w, 0.6 * u, p.accent)}${performer}${curtains}${path(`${valance}Z`, p.mid2)}${rect(0, 0, w, 1.2 * u, p.accent)}${glints(7)}`
  },
}

/** An engraved sky over a temple, an aqueduct, a domed hall or a clock tower, or a tall ship at sea. */
export const period: Look = {
  palette: (r) => {
    const h = r.pick([32, 40, 20, 200, 350])
    return { sky: [h, 32, 58], sky2: [h + 6, 45, 78], glow: [44, 80, 82], accent: [44, 70, 56], mid: [h, 18, 34], mid2: [h, 20, 22], ink: [h, 25, 9], light: [44, 45, 92] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx } = f
    const kind = r.pick(['temple', 'arches', 'ship', 'dome', 'tower'] as const)
    const hatch = `<defs><pattern id="d" width="8" height="${n(0.9 * u)}" patternUnits="userSpaceOnUse"><rect width="8" height="${Math.max(1, n(0.18 * u))}" fill="${p.ink}"/></pattern></defs>${rect(0, 0, w, f.hz, 'url(#d)', { opacity: 0.14 })}`
    const base = f.hz + 4 * u
    if (kind === 'ship') {
      const sx = fx + r.range(-10, 10) * u
      const s = r.range(0.9, 1.2) * u
      const hull = path(`M${n(sx - 22 * s)} ${n(base - 6 * s)}h${n(44 * s)}l${n(-6 * s)} ${n(8 * s)}h${n(-32 * s)}z`, p.ink)
      const masts = stroke(`M${n(sx - 10 * s)} ${n(base - 6 * s)}v${n(-34 * s)}M${n(sx + 4 * s)} ${n(base - 6 * s)}v${n(-42 * s)}M${n(sx + 16 * s)} ${n(base - 6 * s)}v${n(-28 * s)}`, p.ink, 0.7 * s)
      const sail = (x: number, top: number, tall: number, wide: number) => path(`M${n(x - wide)} ${n(top)}q${n(wide)} ${n(-2 * s)} ${n(2 * wide)} 0l${n(-s)} ${n(tall)}q${n(-wide + s)} ${n(-2 * s)} ${n(-2 * wide + 2 * s)} 0z`, p.light, { opacity: 0.92 })
      const sails = [
        sail(sx - 10 * s, base - 36 * s, 12 * s, 8 * s),
        sail(sx - 10 * s, base - 22 * s, 12 * s, 9 * s),
        sail(sx + 4 * s, base - 44 * s, 14 * s, 9 * s),
        sail(sx + 4 * s, base - 28 * s, 16 * s, 10 * s),
        sail(sx + 16 * s, base - 26 * s, 14 * s, 7 * s),
      ].join('')
      let waves = ''
      for (let i = 0; i < 4; i++) {
        const y = base + (i + 0.5) * 4 * u
        waves += `M0 ${n(y)}`
        for (let x = 0; x < w; x += 8 * u) waves += `q${n(2 * u)} ${n(-1.5 * u)} ${n(4 * u)} 0t${n(4 * u)} 0`
      }
      const sun = glowDisc(fx + r.pick([-1, 1]) * r.range(20, 30) * u, f.fy, 8 * u, p.glow, p.light)
      const gulls = stroke(
        scatter(r, 3, fx - 30 * u, f.fy - 10 * u, fx + 30 * u, f.fy + 10 * u)
          .map(([x, y]) => `M${n(x)} ${n(y)}q${n(u)} ${n(-u)} ${n(2 * u)} 0q${n(u)} ${n(-u)} ${n(2 * u)} 0`)
          .join(''),
        p.ink,
        0.35 * u,
      )
      return `${sun}${hatch}${gulls}${rect(0, base - u, w, h, p.mid)}${masts}${sails}${hull}${stroke(waves, p.light, 0.35 * u, { opacity: 0.4 })}`
    }
    // Behind the building: a sunburst, a low sun, or banks of cloud.
    const sky = r.pick([
      () => path(rays(fx, f.hz, 28, 1.4 * Math.max(w, h), 0.4, r), p.light, { opacity: 0.22 }),
      () => glowDisc(fx + r.range(-24, 24) * u, f.hz - r.range(24, 36) * u, r.range(9, 14) * u, p.glow, p.light),
      () =>
        path(
          Array.from({ length: 4 }, () => cloud(r.range(-0.2, 0.8) * w, r.range(0.12, 0.5) * h, r.range(24, 40) * u)).join(''),
          p.light,
          { opacity: 0.3 },
        ),
    ])()
    let building: string
    if (kind === 'dome') {
      const dw = r.range(26, 34) * u
      const drum = r.range(8, 12) * u
      const hall = r.range(14, 20) * u
      const d = `M${n(fx - dw * 1.3)} ${n(base)}v${n(-hall)}h${n(dw * 2.6)}v${n(hall)}zM${n(fx - dw * 0.55)} ${n(base - hall)}v${n(-drum)}h${n(dw * 1.1)}v${n(drum)}zM${n(fx - dw * 0.5)} ${n(base - hall - drum)}a${n(dw * 0.5)} ${n(dw * 0.55)} 0 0 1 ${n(dw)} 0zM${n(fx - u)} ${n(base - hall - drum - dw * 0.55)}v${n(-6 * u)}h${n(2 * u)}v${n(6 * u)}z`
      let windows = ''
      for (let i = 0; i < 7; i++) windows += `M${n(fx - dw * 1.1 + i * dw * 0.36)} ${n(base - hall * 0.25)}v${n(-hall * 0.45)}`
      building = `${path(d, p.mid2)}${stroke(windows, p.mid, 1.6 * u)}`
    } else if (kind === 'tower') {
      const tx = fx + r.range(-12, 12) * u
      const tw = r.range(9, 12) * u
      const th = r.range(40, 52) * u
      const d = `M${n(tx - tw / 2)} ${n(base)}v${n(-th)}l${n(tw / 2)} ${n(-tw * 1.4)}l${n(tw / 2)} ${n(tw * 1.4)}v${n(th)}zM${n(tx - tw * 3)} ${n(base)}v${n(-th * 0.3)}h${n(tw * 6)}v${n(th * 0.3)}z`
      const clock = `${circle(tx, base - th * 0.78, tw * 0.34, p.glow)}${stroke(`M${n(tx)} ${n(base - th * 0.78)}v${n(-tw * 0.24)}M${n(tx)} ${n(base - th * 0.78)}l${n(tw * 0.18)} ${n(tw * 0.1)}`, p.ink, 0.5 * u)}`
      building = `${path(d, p.mid2)}${clock}`
    } else if (kind === 'temple') {
      const cols = r.int(5, 8)
      const width = r.range(48, 64) * u
      const colH = r.range(22, 30) * u
      const x0 = fx - width / 2
      const step = width / cols
      let columns = ''
      for (let i = 0; i < cols; i++) columns += `M${n(x0 + i * step + step * 0.22)} ${n(base)}v${n(-colH)}h${n(step * 0.56)}v${n(colH)}z`
      const roofY = base - colH
      building = `${path(columns, p.mid2)}${rect(x0 - 2 * u, roofY - 4 * u, width + 4 * u, 4 * u, p.mid)}${polygon(
        [
          [x0 - 3 * u, roofY - 4 * u],
          [fx, roofY - 4 * u - width * 0.2],
          [x0 + width + 3 * u, roofY - 4 * u],
        ],
        p.mid,
      )}${rect(x0 - 4 * u, base, width + 8 * u, 2 * u, p.mid)}${rect(x0 - 7 * u, base + 2 * u, width + 14 * u, 2 * u, p.mid2)}`
    } else {
      const archW = r.range(11, 15) * u
      const archH = r.range(20, 26) * u
      const count = Math.ceil(w / archW) + 1
      const top = base - archH - 6 * u
      let holes = ''
      for (let i = 0; i < count; i++) {
        const x = i * archW - ((w - fx) % archW) + archW * 0.2
        const hole = archW * 0.6
        holes += `M${n(x)} ${n(base)}V${n(base - archH + hole / 2)}a${n(hole / 2)} ${n(hole / 2)} 0 0 1 ${n(hole)} 0V${n(base)}z`
      }
      building = path(`M-5 ${n(top)}H${w + 5}V${n(base)}H-5z${holes}`, p.mid2, { 'fill-rule': 'evenodd' })
    }
    return `${sky}${hatch}${building}${rect(0, base + 4 * u, w, h, p.ink)}${rect(0, base, w, 4 * u, p.mid2, { opacity: 0.6 })}`
  },
}

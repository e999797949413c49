/**
 * The bright looks: comedy, animation, anime, romance and Korean drama. Flat colour and round
 * shapes; each has a palette and two to four compositions, picked and varied by the title.
 */
import { circle, dots, ellipse, group, n, path, polygon, type Rand, rect, stroke } from './kit'
import { blocks, closed, cloud, figure, fish, glowDisc, haze, type Look, petal, rays, ridge, scatter, sparkle } from './shapes'

/** Pop colour: a sunburst and a big ball, bold stripes on polka dots, or a Memphis scatter of shapes. */
export const comedy: Look = {
  palette: (r) => {
    const h = r.pick([48, 190, 335, 22, 150, 265, 5])
    return { sky: [h, 88, 60], sky2: [h, 82, 52], glow: [h + 150, 82, 56], accent: [h + 200, 85, 48], mid: [h, 95, 72], mid2: [h + 60, 90, 62], ink: [h + 220, 55, 18], light: [0, 0, 100] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['burst', 'stripes', 'memphis', 'mic'] as const)
    const confetti = (colour: string, count = 9) =>
      stroke(
        scatter(r, count, 0, 0, w, h)
          .map(([x, y]) => {
            const a = r.range(0, Math.PI)
            return `M${n(x)} ${n(y)}l${n(Math.cos(a) * 2.2 * u)} ${n(Math.sin(a) * 2.2 * u)}`
          })
          .join(''),
        colour,
        1.1 * u,
      )
    const squiggleY = fy + r.range(24, 34) * u
    let squiggle = `M${n(fx - 30 * u)} ${n(squiggleY)}`
    for (let i = 0; i < 5; i++) squiggle += `q${n(3 * u)} ${n((i % 2 ? 1 : -1) * 6 * u)} ${n(6 * u)} 0`
    const blobR = r.range(17, 23) * u
    if (kind === 'mic') {
      // Stand-up: a microphone in a spotlight against a brick wall.
      const bricks = `<defs><pattern id="d" width="${n(8 * u)}" height="${n(4 * u)}" patternUnits="userSpaceOnUse"><path d="M0 ${n(4 * u)}H${n(8 * u)}M0 ${n(2 * u)}H${n(8 * u)}M${n(2 * u)} 0v${n(2 * u)}M${n(6 * u)} ${n(2 * u)}v${n(2 * u)}" stroke="${p.ink}" stroke-width="${n(0.4 * u)}"/></pattern></defs>`
      const wall = `${bricks}${rect(0, 0, w, h, p.accent, { opacity: 0.7 })}${rect(0, 0, w, h, 'url(#d)', { opacity: 0.5 })}`
      const spot = `${rect(0, 0, w, h, p.ink, { opacity: 0.3 })}${haze('g', fx, fy + 14 * u, 40 * u, 46 * u, p.mid, 1)}`
      const base = h - 6 * u
      const mic = `${stroke(`M${n(fx)} ${n(fy + 14 * u)}V${n(base)}M${n(fx - 10 * u)} ${n(base)}h${n(20 * u)}`, p.ink, 1.8 * u)}${rect(fx - 4 * u, fy - 6 * u, 8 * u, 20 * u, p.ink, { rx: n(4 * u) })}${rect(fx - 4 * u, fy - 6 * u, 8 * u, 8 * u, p.light, { rx: n(4 * u), opacity: 0.4 })}`
      return `${wall}${spot}${mic}${ellipse(fx, base, 20 * u, 3 * u, p.light, { opacity: 0.3 })}`
    }
    if (kind === 'memphis') {
      const shapes = [p.glow, p.accent, p.mid2, p.ink, p.light]
        .map((colour, i) => {
          const [x, y] = [r.range(0.1, 0.9) * w, r.range(0.1, 0.85) * h]
          const s = r.range(6, 12) * u
          const turn = n(r.range(0, 360))
          if (i === 0) return circle(fx, fy, blobR, colour)
          if (i === 1) return polygon([[x, y - s], [x + s, y + s * 0.8], [x - s, y + s * 0.8]], colour, { transform: `rotate(${turn} ${n(x)} ${n(y)})` })
          if (i === 2) return path(`M${n(x - s)} ${n(y)}a${n(s)} ${n(s)} 0 0 1 ${n(2 * s)} 0z`, colour, { transform: `rotate(${turn} ${n(x)} ${n(y)})` })
          if (i === 3) return stroke(`M${n(x - s)} ${n(y)}l${n(s / 2)} ${n(-s / 2)}l${n(s / 2)} ${n(s / 2)}l${n(s / 2)} ${n(-s / 2)}l${n(s / 2)} ${n(s / 2)}`, colour, 1.4 * u)
          return rect(x - s, y - s / 3, 2 * s, (2 * s) / 3, 'none', { stroke: colour, 'stroke-width': n(u), transform: `rotate(${turn} ${n(x)} ${n(y)})` })
        })
        .join('')
      const grid = dots(
        Array.from({ length: 20 }, (_, i) => [fx + (r.chance(0.5) ? -1 : 1) * 20 * u + ((i % 5) - 2) * 3 * u, fy + 24 * u + Math.floor(i / 5) * 3 * u] as const),
        p.ink,
        1.1 * u,
      )
      return `${rect(0, h * 0.62, w, h, p.mid, { opacity: 0.7 })}${shapes}${grid}${confetti(p.ink, 6)}`
    }
    if (kind === 'burst') {
      const sunburst = path(rays(fx, fy, r.int(12, 18), 2 * Math.max(w, h), 0.5, r), p.mid, { opacity: 0.55 })
      const ball = `${circle(fx + 2 * u, fy + 2 * u, blobR, p.ink)}${circle(fx, fy, blobR, p.glow)}${circle(fx - blobR * 0.35, fy - blobR * 0.35, blobR * 0.22, p.light, { opacity: 0.8 })}`
      return `${sunburst}${ball}${stroke(squiggle, p.accent, 2 * u)}${confetti(p.light)}${confetti(p.accent)}${confetti(p.mid2)}`
    }
    const angle = n(r.range(-30, -12))
    const stripes = group(`${rect(-w, h * 0.3, 3 * w, 14 * u, p.mid2)}${rect(-w, h * 0.3 + 20 * u, 3 * w, 6 * u, p.accent)}${rect(-w, h * 0.3 + 30 * u, 3 * w, 3 * u, p.light)}`, {
      transform: `rotate(${angle} ${n(w / 2)} ${n(h / 2)})`,
    })
    const polka = `<defs><pattern id="d" width="${n(6 * u)}" height="${n(6 * u)}" patternUnits="userSpaceOnUse">${circle(3 * u, 3 * u, 1.3 * u, p.light)}</pattern></defs>${rect(0, 0, w, h, 'url(#d)', { opacity: 0.3 })}`
    const ring = `${circle(fx, fy, blobR, p.glow)}${circle(fx, fy, blobR * 0.62, 'none', { stroke: p.light, 'stroke-width': 2 * u })}`
    return `${polka}${stripes}${ring}${stroke(squiggle, p.ink, 2 * u)}${confetti(p.light)}${confetti(p.ink)}`
  },
}

/** Candy colours and round shapes: hills by day or night, balloons over clouds, or an undersea scene. */
export const animation: Look = {
  palette: (r) => {
    const h = r.pick([200, 165, 330, 45, 270, 15, 120])
    return { sky: [h, 72, 70], sky2: [h + 20, 80, 88], glow: [48, 100, 64], accent: [h + 160, 85, 60], mid: [h + 110, 58, 56], mid2: [h + 135, 60, 42], ink: [h + 200, 50, 18], light: [0, 0, 100] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['day', 'night', 'balloons', 'sea', 'rainbow', 'rocket', 'forest'] as const)
    const hills =
      ellipse(fx + r.range(-40, -15) * u, h + 6 * u, r.range(45, 65) * u, r.range(24, 32) * u, p.mid) +
      ellipse(fx + r.range(15, 40) * u, h + 8 * u, r.range(45, 65) * u, r.range(18, 26) * u, p.mid2)
    const tree = (x: number, y: number, s: number) => `${rect(x - 0.6 * s, y - 6 * s, 1.2 * s, 6 * s, p.ink)}${circle(x, y - 8 * s, 3.6 * s, p.mid2)}`
    const trees = tree(fx + r.range(-30, -20) * u, h - 22 * u, u) + tree(fx + r.range(22, 34) * u, h - 16 * u, 0.8 * u)
    const clouds = (count: number) =>
      path(
        scatter(r, count, -5 * u, 0.08 * h, w - 20 * u, f.hz - 20 * u)
          .map(([x, y]) => cloud(x, y, r.range(16, 26) * u))
          .join(''),
        p.light,
        { opacity: 0.95 },
      )
    if (kind === 'rainbow') {
      const colours = [p.accent, p.glow, p.mid, p.light, p.mid2]
      const radius = r.range(34, 44) * u
      const band = 3.2 * u
      const arcs = colours
        .map((colour, i) => {
          const rr = radius - i * band
          return stroke(`M${n(fx - rr)} ${n(f.hz)}a${n(rr)} ${n(rr)} 0 0 1 ${n(2 * rr)} 0`, colour, band)
        })
        .join('')
      const ends = path(`${cloud(fx - radius - 12 * u, f.hz + 2 * u, 22 * u)}${cloud(fx + radius - 12 * u, f.hz + 2 * u, 24 * u)}`, p.light)
      return `${clouds(1)}${arcs}${hills}${ends}`
    }
    if (kind === 'rocket') {
      const s = r.range(1, 1.4) * u
      const tilt = n(r.range(-35, 35))
      const body = `M0 ${n(-18 * s)}C${n(7 * s)} ${n(-10 * s)} ${n(6 * s)} ${n(6 * s)} ${n(4 * s)} ${n(10 * s)}H${n(-4 * s)}C${n(-6 * s)} ${n(6 * s)} ${n(-7 * s)} ${n(-10 * s)} 0 ${n(-18 * s)}z`
      const fins = `M${n(-4 * s)} ${n(2 * s)}l${n(-5 * s)} ${n(9 * s)}h${n(5 * s)}zM${n(4 * s)} ${n(2 * s)}l${n(5 * s)} ${n(9 * s)}h${n(-5 * s)}z`
      const flame = `M${n(-3 * s)} ${n(10 * s)}q${n(3 * s)} ${n(14 * s)} ${n(6 * s)} 0z`
      const rocket = `<g transform="translate(${n(fx)} ${n(fy + 6 * u)}) rotate(${tilt})">${path(flame, p.glow)}${path(fins, p.accent)}${path(body, p.light)}${circle(0, -6 * s, 2.4 * s, p.mid2, { stroke: p.ink, 'stroke-width': n(0.8 * s) })}</g>`
      const planets = `${circle(fx - r.range(22, 32) * u, fy + r.range(18, 30) * u, r.range(5, 9) * u, p.accent)}${circle(fx + r.range(20, 30) * u, fy - r.range(0, 14) * u, r.range(3, 6) * u, p.mid)}`
      return `${rect(0, 0, w, h, p.ink, { opacity: 0.85 })}${dots(scatter(r, 30, 0, 0, w, h), p.light, 0.5 * u)}${planets}${rocket}${ellipse(fx, h + 10 * u, 60 * u, 24 * u, p.mid2)}`
    }
    if (kind === 'forest') {
      // Rows of round trees, far to near, each row one colour and one path.
      const colours = [p.mid, p.accent, p.mid2]
      let forest = ''
      for (let row = 0; row < 3; row++) {
        const y = f.hz + row * 9 * u
        const s = (1 + row * 0.4) * u
        let trunks = ''
        let crowns = ''
        for (let x = r.range(-6, 0) * u; x < w + 6 * u; x += r.range(12, 16) * s) {
          const rx = 4.2 * s
          trunks += `M${n(x)} ${n(y)}v${n(-5 * s)}`
          crowns += `M${n(x - rx)} ${n(y - 9 * s)}a${n(rx)} ${n(6 * s)} 0 1 0 ${n(2 * rx)} 0a${n(rx)} ${n(6 * s)} 0 1 0 ${n(-2 * rx)} 0`
        }
        forest += `${stroke(trunks, p.ink, 0.9 * s)}${path(crowns, colours[row] as string)}`
      }
      return `${glowDisc(fx, fy, 9 * u, p.glow, p.light)}${clouds(2)}${forest}${rect(0, f.hz + 18 * u, w, h, p.mid2)}`
    }
    if (kind === 'sea') {
      const water = `${rect(0, 0, w, h, p.mid2, { opacity: 0.55 })}${path(rays(fx, -10 * u, 9, 1.4 * h, 0.35, r, 0, Math.PI * 0.15), p.light, { opacity: 0.14 })}`
      const bubbles = scatter(r, 9, 0, 0, w, h)
        .map(([x, y]) => circle(x, y, r.range(0.8, 2.6) * u, 'none', { stroke: p.light, 'stroke-width': 0.4 * u, opacity: 0.7 }))
        .join('')
      const school = path(
        scatter(r, r.int(3, 6), fx - 26 * u, fy - 10 * u, fx + 26 * u, fy + 24 * u)
          .map(([x, y], i) => fish(x, y, r.range(1.2, 2.4) * u, i % 3 ? 1 : -1))
          .join(''),
        p.glow,
      )
      const weeds = stroke(
        Array.from({ length: 6 }, () => {
          const x = r.range(0, w)
          const tall = r.range(14, 30) * u
          return `M${n(x)} ${h}q${n(4 * u)} ${n(-tall / 2)} 0 ${n(-tall)}`
        }).join(''),
        p.mid,
        1.4 * u,
      )
      return `${water}${bubbles}${school}${ellipse(fx, h + 4 * u, 60 * u, 14 * u, p.glow, { opacity: 0.5 })}${weeds}`
    }
    if (kind === 'night') {
      const stars = path(
        scatter(r, 8, 0, 0, w, f.hz)
          .map(([x, y]) => sparkle(x, y, r.range(0.8, 2) * u))
          .join(''),
        p.glow,
      )
      const moon = `${glowDisc(fx, fy, 10 * u, p.glow, p.light)}${circle(fx + 4.5 * u, fy - 3 * u, 9 * u, p.ink, { opacity: 0.9 })}`
      return `${rect(0, 0, w, h, p.ink, { opacity: 0.88 })}${dots(scatter(r, 24, 0, 0, w, f.hz), p.light, 0.45 * u)}${stars}${moon}${hills}${trees}`
    }
    if (kind === 'balloons') {
      const colours = [p.accent, p.glow, p.mid, p.light, p.mid2]
      const balloons = scatter(r, r.int(3, 5), fx - 28 * u, fy - 14 * u, fx + 28 * u, fy + 14 * u)
        .map(([x, y], i) => {
          const s = r.range(3.5, 6) * u
          return `${stroke(`M${n(x)} ${n(y + s * 1.2)}q${n(-s * 0.5)} ${n(s * 1.5)} 0 ${n(s * 3)}`, p.ink, 0.25 * u)}${ellipse(x, y, s, s * 1.2, colours[i % colours.length] as string)}${ellipse(x - s * 0.35, y - s * 0.45, s * 0.22, s * 0.32, p.light, { opacity: 0.6 })}`
        })
        .join('')
      return `${clouds(3)}${balloons}${hills}`
    }
    const sun = `${stroke(rays(fx, fy, 12, 17 * u, 0.01, r, 0.78), p.glow, 1.6 * u)}${circle(fx, fy, 10 * u, p.glow)}`
    return `${sun}${clouds(3)}${hills}${trees}`
  },
}

/** Manga energy: focus lines round a big sun, a summer sky of towering clouds and power lines, or a blade stroke through petals. */
export const anime: Look = {
  palette: (r) => {
    const h = r.pick([352, 210, 28, 280, 190, 160])
    return { sky: [h, 70, 56], sky2: [h + 30, 80, 84], glow: [h, 85, 56], accent: [338, 85, 80], mid: [h + 180, 45, 30], mid2: [h, 60, 40], ink: [h + 200, 45, 12], light: [0, 0, 100] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['sun', 'sky', 'blade'] as const)
    const petals = path(
      scatter(r, 10, 0, 0, w, h)
        .map(([x, y]) => petal(x, y, r.range(2, 4) * u, r.range(0, Math.PI * 2)))
        .join(''),
      p.accent,
    )
    if (kind === 'sky') {
      const tower = `${cumulus(fx, f.hz - 4 * u, r.range(44, 60) * u, r, p.light)}${cumulus(fx + r.pick([-1, 1]) * r.range(30, 40) * u, f.hz + 2 * u, r.range(18, 26) * u, r, p.light)}`
      const poleX = fx + r.pick([-1, 1]) * r.range(24, 36) * u
      const wires = stroke(`M-5 ${n(h * 0.25)}Q${n(poleX / 2)} ${n(h * 0.32)} ${n(poleX)} ${n(h * 0.28)}T${w + 5} ${n(h * 0.3)}M-5 ${n(h * 0.3)}Q${n(poleX / 2)} ${n(h * 0.37)} ${n(poleX)} ${n(h * 0.33)}T${w + 5} ${n(h * 0.36)}`, p.ink, 0.35 * u)
      const pole = `${rect(poleX - 0.8 * u, h * 0.26, 1.6 * u, h, p.ink)}${rect(poleX - 6 * u, h * 0.27, 12 * u, 1 * u, p.ink)}${rect(poleX - 5 * u, h * 0.32, 10 * u, 1 * u, p.ink)}`
      return `${tower}${closed(blocks(r, -5, w + 5, h + 2, 4 * u, 12 * u, 4 * u, 9 * u), p.mid)}${wires}${pole}${petals}`
    }
    if (kind === 'blade') {
      const a = r.range(-0.9, -0.5)
      const len = 1.2 * Math.max(w, h)
      const cx = Math.cos(a) * len
      const cy = Math.sin(a) * len
      const blade = `${stroke(`M${n(fx - cx)} ${n(fy - cy)}L${n(fx + cx)} ${n(fy + cy)}`, p.light, 5 * u)}${stroke(`M${n(fx - cx)} ${n(fy - cy)}L${n(fx + cx)} ${n(fy + cy)}`, p.glow, 1.6 * u)}`
      const moonR = r.range(12, 18) * u
      const moon = glowDisc(fx + r.range(-20, 20) * u, Math.max(moonR + 4 * u, fy - r.range(4, 12) * u), moonR, p.light, p.accent)
      return `${rect(0, 0, w, h, p.ink, { opacity: 0.55 })}${moon}${closed(ridge(f, r, f.hz + 10 * u, 10 * u, 7), p.ink)}${blade}${petals}`
    }
    const lines = path(rays(fx, fy, 44, 1.3 * Math.hypot(w, h), 0.22, r, 0.16, r.range(0, 1)), p.light, { opacity: 0.7 })
    const sunR = r.range(22, 30) * u
    const sun = `${circle(fx, fy, sunR * 1.12, p.light)}${circle(fx, fy, sunR, p.glow)}`
    const tone = `<defs><pattern id="d" width="${n(1.8 * u)}" height="${n(1.8 * u)}" patternUnits="userSpaceOnUse" patternTransform="rotate(30)">${circle(0.9 * u, 0.9 * u, 0.45 * u, p.ink)}</pattern></defs>`
    const cut = r.range(0.6, 0.82) * h
    const tilt = r.range(-10, 10) * u
    const panel = `${polygon(
      [
        [0, cut - tilt],
        [w, cut + tilt],
        [w, h],
        [0, h],
      ],
      p.mid,
    )}${polygon(
      [
        [0, cut - tilt],
        [w, cut + tilt],
        [w, h],
        [0, h],
      ],
      'url(#d)',
      { opacity: 0.5 },
    )}${stroke(`M-5 ${n(cut - tilt)}L${w + 5} ${n(cut + tilt)}`, p.light, 1.6 * u)}`
    return `${tone}${lines}${sun}${panel}${petals}`
  },
}

/** A towering summer cloud: puffs stacked narrower as they rise, each nudged aside a little. */
function cumulus(x: number, base: number, width: number, r: Rand, fill: string): string {
  let d = ''
  for (let i = 0; i < 4; i++) {
    const wi = width * (1 - i * 0.2)
    d += cloud(x - wi / 2 + r.range(-0.08, 0.08) * width, base - i * width * 0.2, wi)
  }
  return path(d, fill, { opacity: 0.95 })
}

/** Pastel light: a low sun on still water with petals, a couple under one umbrella in the rain, or a rose of petals. */
export const romance: Look = {
  palette: (r) => {
    const h = r.pick([340, 15, 285, 355, 200])
    return { sky: [h, 50, 64], sky2: [h + 25, 72, 82], glow: [32, 95, 88], accent: [r.pick([350, 330, 10]), 75, 62], mid: [h, 35, 46], mid2: [h, 40, 32], ink: [h, 40, 22], light: [0, 0, 100] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const kind = r.pick(['sunset', 'umbrella', 'rose'] as const)
    const bokeh = (count: number, bottom: number) =>
      scatter(r, count, 0, 0, w, bottom)
        .map(([x, y]) => circle(x, y, r.range(2, 8) * u, p.light, { opacity: n(r.range(8, 30)) / 100 }))
        .join('')
    const petals = (count: number) =>
      path(
        scatter(r, count, 0, 0, w, h)
          .map(([x, y]) => petal(x, y, r.range(2, 3.6) * u, r.range(0, Math.PI * 2)))
          .join(''),
        p.accent,
        { opacity: 0.85 },
      )
    if (kind === 'rose') {
      let rose = ''
      for (let ring = 3; ring >= 0; ring--) {
        const count = 5 + ring
        const len = (8 + ring * 6) * u
        const turn = r.range(0, 1)
        rose += path(
          Array.from({ length: count }, (_, i) => petal(fx, fy, len, turn + (i / count) * Math.PI * 2)).join(''),
          ring % 2 ? p.accent : p.glow,
          { opacity: 0.55 + ring * 0.1 },
        )
      }
      return `${bokeh(8, h)}${haze('g', fx, fy, 40 * u, 40 * u, p.light, 0.5)}${rose}${circle(fx, fy, 2.2 * u, p.light)}${petals(6)}`
    }
    if (kind === 'umbrella') {
      const x = fx
      const base = h - r.range(10, 16) * u
      const tall = r.range(26, 32) * u
      const canopy = path(`M${n(x - 16 * u)} ${n(base - tall * 0.92)}a${n(16 * u)} ${n(12 * u)} 0 0 1 ${n(32 * u)} 0z`, p.accent)
      const rain = stroke(
        scatter(r, 30, 0, 0, w, h)
          .map(([rx, ry]) => `M${n(rx)} ${n(ry)}l${n(-0.8 * u)} ${n(4 * u)}`)
          .join(''),
        p.light,
        0.25 * u,
        { opacity: 0.45 },
      )
      const puddle = ellipse(x, base + 1 * u, 24 * u, 2.4 * u, p.light, { opacity: 0.25 })
      return `${bokeh(12, h * 0.8)}${rain}${puddle}${figure(x - 4 * u, base, tall, p.ink, false)}${figure(x + 4 * u, base, tall * 0.92, p.ink, false)}${stroke(`M${n(x)} ${n(base - tall * 0.92)}v${n(tall * 0.5)}`, p.ink, 0.5 * u)}${canopy}`
    }
    const sunR = r.range(12, 17) * u
    const sun = glowDisc(fx, f.hz - sunR * 0.35, sunR, p.glow, p.light)
    const shimmer = stroke(
      Array.from({ length: 7 }, (_, i) => {
        const half = sunR * (1 - i * 0.11) * r.range(0.7, 1.1)
        return `M${n(fx - half)} ${n(f.hz + (i + 1) * 3.2 * u)}h${n(half * 2)}`
      }).join(''),
      p.glow,
      1.1 * u,
      { opacity: 0.65 },
    )
    return `${bokeh(10, f.hz - 8 * u)}${sun}${rect(0, f.hz, w, h - f.hz, p.mid)}${shimmer}${closed(ridge(f, r, h - 7 * u, 5 * u, 4, false), p.mid2)}${petals(9)}`
  },
}

/** City night in pastel with a red thread, or a cherry branch across a big moon. */
export const kdrama: Look = {
  palette: (r) => {
    const h = r.pick([232, 258, 205, 280])
    return { sky: [h, 42, 28], sky2: [h + 80, 55, 70], glow: [50, 60, 92], accent: [352, 80, 58], mid: [340, 80, 86], mid2: [42, 90, 80], ink: [h, 38, 14], light: [45, 90, 76] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx, fy } = f
    const bokeh = scatter(r, 13, 0, 0, w, h * 0.75)
      .map(([x, y], i) => circle(x, y, r.range(1.5, 7) * u, i % 2 ? p.mid : p.mid2, { opacity: n(r.range(15, 45)) / 100 }))
      .join('')
    if (r.chance(0.5)) {
      const moonR = r.range(16, 24) * u
      const from = fx > w / 2 ? -5 : w + 5
      const dir = from < 0 ? 1 : -1
      const branch = `M${from} ${n(fy - 10 * u)}Q${n(fx - dir * 10 * u)} ${n(fy + 4 * u)} ${n(fx + dir * 20 * u)} ${n(fy + 18 * u)}M${n(fx - dir * 20 * u)} ${n(fy + 4 * u)}q${n(dir * 8 * u)} ${n(-12 * u)} ${n(dir * 16 * u)} ${n(-14 * u)}`
      const blossoms = scatter(r, 9, Math.min(from, fx + dir * 20 * u), fy - 16 * u, Math.max(from, fx + dir * 20 * u), fy + 20 * u)
        .map(([x, y]) => Array.from({ length: 5 }, (_, i) => petal(x, y, 2.2 * u, (i / 5) * Math.PI * 2)).join(''))
        .join('')
      return `${bokeh}${glowDisc(fx, fy, moonR, p.glow)}${stroke(branch, p.ink, 1.2 * u)}${path(blossoms, p.mid)}${closed(blocks(r, -5, w + 5, h + 2, 4 * u, 14 * u, 5 * u, 12 * u), p.ink)}`
    }
    const moonR = r.range(5, 8) * u
    const moon = `${glowDisc(fx, fy, moonR, p.glow)}${circle(fx + moonR * 0.45, fy - moonR * 0.3, moonR * 0.85, p.sky)}`
    const skyline = closed(blocks(r, -5, w + 5, h + 2, 8 * u, 30 * u, 4 * u, 10 * u), p.ink)
    const windows = dots(scatter(r, 30, 0, h - 24 * u, w, h), p.light, 0.8 * u, { opacity: 0.85 })
    const threadY = h - r.range(30, 45) * u
    const thread = stroke(`M-5 ${n(threadY + 10 * u)}C${n(w * 0.3)} ${n(threadY - 20 * u)} ${n(w * 0.6)} ${n(threadY + 25 * u)} ${w + 5} ${n(threadY - 5 * u)}`, p.accent, 0.45 * u)
    return `${bokeh}${moon}${skyline}${windows}${thread}`
  },
}

/**
 * The open-air looks: action, war, western and adventure. Each has a palette and two or three
 * compositions, picked and varied by the title's random source.
 */
import { circle, dots, ellipse, n, path, polygon, rect, stroke } from './kit'
import { blocks, burst, closed, figure, figures, glowDisc, haze, type Look, petal, type Point, rays, ridge, scatter } from './shapes'

/** An explosion, crossing blades, or a night road at speed, over a dark city. */
export const action: Look = {
  palette: (r) => {
    const h = r.pick([195, 215, 12, 170, 250])
    return { sky: [h, 45, 15], sky2: [h, 55, 4], glow: [r.pick([28, 8, 190]), 96, 55], accent: [48, 100, 62], mid: [h, 35, 24], mid2: [h, 40, 10], ink: [h, 50, 3], light: [40, 90, 88] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx } = f
    const fy = f.fy + 8 * u
    const kind = r.pick(['burst', 'slash', 'road', 'scope'] as const)
    const streakAngle = r.range(-0.5, -0.2)
    const streaks = stroke(
      scatter(r, 12, -0.2 * w, 0, w, h)
        .map(([x, y]) => `M${n(x)} ${n(y)}l${n(Math.cos(streakAngle) * 30 * u)} ${n(Math.sin(streakAngle) * 30 * u)}`)
        .join(''),
      p.light,
      0.3 * u,
      { opacity: 0.3 },
    )
    if (kind === 'scope') {
      // Through a rifle scope: the city beyond, the reticle, a red dot on the mark.
      const radius = r.range(30, 40) * u
      const ticks = Array.from({ length: 8 }, (_, i) => {
        const d = (i % 4 + 1) * radius * 0.2 * (i < 4 ? 1 : -1)
        return `M${n(fx + d)} ${n(fy - 1.2 * u)}v${n(2.4 * u)}M${n(fx - 1.2 * u)} ${n(fy + d)}h${n(2.4 * u)}`
      }).join('')
      const lens = `<defs><mask id="s"><rect width="${w}" height="${h}" fill="#fff"/>${circle(fx, fy, radius, '#000')}</mask></defs>`
      const city = closed(blocks(r, -5, w + 5, fy + radius * 0.7, 8 * u, 30 * u, 4 * u, 10 * u), p.mid)
      return `${lens}${haze('g', fx, fy, radius, radius, p.glow, 0.35)}${city}${stroke(`M${n(fx - radius)} ${n(fy)}H${n(fx + radius)}M${n(fx)} ${n(fy - radius)}V${n(fy + radius)}${ticks}`, p.light, 0.35 * u)}${circle(fx, fy, 0.9 * u, p.glow)}${rect(0, 0, w, h, p.ink, { mask: 'url(#s)', opacity: 0.92 })}${circle(fx, fy, radius, 'none', { stroke: p.mid, 'stroke-width': n(1.4 * u) })}${streaks}`
    }
    if (kind === 'road') {
      // A road to the horizon that bends one way or the other, towards a city, mountains or
      // open desert, under a low sun or a moon, with headlights or tail-lights on it.
      const vx = fx + r.range(-14, 14) * u
      const hz = f.hz - r.range(4, 14) * u
      const bend = r.range(-40, 40) * u
      const half = r.range(50, 80) * u
      const sideAt = (t: number, side: number): string => {
        const x = vx + bend * (1 - t) ** 2 * t * 3 + side * (1.2 * u + half * t ** 1.4)
        return `${n(x)} ${n(hz + (h - hz) * t)}`
      }
      const ts = [0, 0.25, 0.5, 0.75, 1]
      const road = path(`M${ts.map((t) => sideAt(t, -1)).join('L')}L${[...ts].reverse().map((t) => sideAt(t, 1)).join('L')}z`, p.mid)
      let dashes = ''
      for (let i = 0; i < 7; i++) dashes += `M${sideAt(((i + 0.2) / 7) ** 1.4, 0)}L${sideAt(((i + 0.55) / 7) ** 1.4, 0)}`
      const sky = r.chance(0.6) ? glowDisc(vx + r.range(-20, 20) * u, hz - r.range(4, 14) * u, r.range(7, 14) * u, p.glow, p.accent) : `${dots(scatter(r, 30, 0, 0, w, hz), p.light, 0.4 * u)}${glowDisc(fx + r.range(-30, 30) * u, f.fy - 10 * u, r.range(4, 7) * u, p.light)}`
      const skyline = r.pick([
        () => closed(blocks(r, -5, w + 5, hz + u, 3 * u, 16 * u, 3 * u, 8 * u), p.ink),
        () => closed(ridge(f, r, hz - 14 * u, 14 * u, 7), p.ink),
        () => rect(0, hz - 0.4 * u, w, 0.8 * u, p.glow, { opacity: 0.8 }),
      ])()
      const lights = dots(
        [0.3, 0.45, 0.62].map((t) => {
          const [x, y] = sideAt(t, 0).split(' ').map(Number) as [number, number]
          return [x + (r.chance(0.5) ? 1 : -1) * half * t ** 1.4 * 0.45, y] as const
        }),
        r.chance(0.5) ? p.light : p.accent,
        1.6 * u,
      )
      return `${sky}${skyline}${rect(0, hz, w, h, p.ink)}${road}${stroke(dashes, p.accent, 1.2 * u)}${lights}${streaks}`
    }
    let heart: string
    if (kind === 'burst') {
      const spikes = r.int(11, 16)
      const turn = r.range(0, 1)
      heart = `${closed(burst(r, fx, fy, 34 * u, 15 * u, spikes, turn), p.glow)}${closed(burst(r, fx, fy, 19 * u, 9 * u, spikes, turn + 0.2), p.accent)}${circle(fx, fy, 5 * u, p.light)}`
    } else {
      // The blades lean one way or the other, so two films' slashes rarely match.
      const lean = r.chance(0.5) ? 1 : -1
      const slash = (dx: number, width: number, fill: string) => {
        const a = lean * r.range(0.9, 1.25)
        const x = fx + dx * u
        const c = Math.cos(a) * 60 * u
        const s = Math.sin(a) * 60 * u
        return polygon(
          [
            [x - c, fy - s],
            [x - c + width * u, fy - s],
            [x + c + width * u, fy + s],
            [x + c, fy + s],
          ],
          fill,
        )
      }
      heart = `${slash(-12, 9, p.glow)}${slash(4, 3.5, p.accent)}${slash(14, 1.2, p.light)}${glowDisc(fx, fy, 3.5 * u, p.light, p.accent)}`
    }
    const shards = Array.from({ length: r.int(7, 11) }, () => {
      const a = r.range(0, Math.PI * 2)
      const d = r.range(26, 44) * u
      const s = r.range(1.2, 3) * u
      return `M${n(fx + Math.cos(a) * d)} ${n(fy + Math.sin(a) * d)}l${n(Math.cos(a) * s * 2)} ${n(Math.sin(a) * s * 2)}l${n(-s)} ${n(s)}z`
    }).join('')
    const city = closed(blocks(r, -5, w + 5, h + 2, 6 * u, 24 * u, 3 * u, 9 * u), p.ink)
    return `${streaks}${heart}${path(shards, p.glow)}${city}`
  },
}

/** Searchlights and bombers over a burning horizon, or soldiers marching under a low red sun, barbed wire in front. */
export const war: Look = {
  palette: (r) => {
    const h = r.pick([38, 75, 18, 200, 55])
    return { sky: [h, 18, 36], sky2: [h, 22, 11], glow: [r.pick([28, 10]), 85, 52], accent: [18, 85, 48], mid: [h, 12, 48], mid2: [h, 14, 22], ink: [h, 20, 5], light: [50, 35, 86] }
  },
  draw: (f, p, r) => {
    const { w, h, u } = f
    const smoke = Array.from({ length: 4 }, () => ellipse(r.range(0, 1) * w, f.hz - r.range(4, 30) * u, r.range(30, 60) * u, r.range(5, 10) * u, p.mid, { opacity: 0.16 })).join('')
    const land = closed(ridge(f, r, f.hz, 5 * u, 12), p.ink)
    const wireY = h - r.range(8, 12) * u
    let coil = `M-5 ${n(wireY)}`
    const loop = 4.5 * u
    for (let x = -5; x < w + loop; x += loop) coil += `a${n(loop * 0.7)} ${n(loop * 0.85)} 0 1 1 ${n(loop)} 0`
    const posts = Array.from({ length: Math.ceil(w / (22 * u)) + 1 }, (_, i) => `M${n(i * 22 * u + r.range(-3, 3) * u)} ${n(wireY + 6 * u)}l${n(r.range(-1, 1) * u)} ${n(-11 * u)}`).join('')
    const wire = `${stroke(posts, p.mid2, 1.1 * u)}${stroke(coil, p.mid, 0.3 * u)}`
    const embers = dots(scatter(r, 18, 0, f.hz - 30 * u, w, h), p.accent, 0.5 * u, { opacity: 0.8 })
    if (r.chance(0.45)) {
      const sunR = r.range(18, 28) * u
      const sun = `${haze('g', f.fx, f.hz, sunR * 3, sunR * 2, p.glow, 0.6)}${circle(f.fx, f.hz - sunR * 0.3, sunR, p.glow)}`
      const count = r.int(4, 7)
      const gap = r.range(7, 10) * u
      const x0 = f.fx - ((count - 1) * gap) / 2 + r.range(-10, 10) * u
      const heights = Array.from({ length: count }, () => r.range(9, 11) * u)
      const soldiers = figures(
        heights.map((tall, i) => [x0 + i * gap, f.hz + 2 * u, tall] as const),
        p.ink,
      )
      const rifles = stroke(heights.map((tall, i) => `M${n(x0 + i * gap + 1.5 * u)} ${n(f.hz - tall * 0.55)}l${n(2.4 * u)} ${n(-tall * 0.55)}`).join(''), p.ink, 0.5 * u)
      return `${sun}${smoke}${land}${soldiers}${rifles}${embers}${wire}`
    }
    const beams = Array.from({ length: r.int(2, 4) }, () => {
      const x = r.range(0.1, 0.95) * w
      const a = -Math.PI / 2 + r.range(-0.55, 0.55)
      const len = 1.3 * h
      return polygon(
        [
          [x, f.hz],
          [x + Math.cos(a - 0.045) * len, f.hz + Math.sin(a - 0.045) * len],
          [x + Math.cos(a + 0.045) * len, f.hz + Math.sin(a + 0.045) * len],
        ],
        p.light,
        { opacity: 0.13 },
      )
    }).join('')
    const fire = haze('g', f.fx, f.hz, 55 * u, 14 * u, p.glow, 0.75)
    const plane = (x: number, y: number, s: number) => `M${n(x - 5 * s)} ${n(y)}h${n(10 * s)}M${n(x + s)} ${n(y - 6 * s)}l${n(-1.5 * s)} ${n(6 * s)}l${n(1.5 * s)} ${n(6 * s)}M${n(x - 4 * s)} ${n(y - 2.2 * s)}v${n(4.4 * s)}`
    const size = r.range(0.55, 0.8) * u
    const lead: Point = [f.fx + r.range(-10, 10) * u, f.fy - 6 * u]
    const formation = [0, 1, 2, 3, 4]
      .slice(0, r.int(3, 5))
      .map((i) => plane(lead[0] - Math.ceil(i / 2) * 9 * u, lead[1] + (i % 2 ? -1 : 1) * Math.ceil(i / 2) * 6 * u, size))
      .join('')
    return `${beams}${fire}${smoke}${stroke(formation, p.ink, 0.75 * u)}${land}${embers}${wire}`
  },
}

/** A striped sunset behind mesas, a high-noon duel in a dusty street, or a desert night, with saguaro. */
export const western: Look = {
  palette: (r) => {
    const h = r.pick([14, 24, 32, 350, 40])
    return { sky: [h, 72, 44], sky2: [h + 22, 88, 64], glow: [46, 96, 68], accent: [h, 60, 34], mid: [h, 45, 26], mid2: [h - 5, 45, 17], ink: [h, 40, 7], light: [45, 80, 90] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx } = f
    const kind = r.pick(['sunset', 'duel', 'night'] as const)
    const cactus = (x: number, s: number) => {
      const base = h + u
      return `M${n(x)} ${n(base)}V${n(base - 26 * s)}M${n(x)} ${n(base - 12 * s)}h${n(-6 * s)}v${n(-8 * s)}M${n(x)} ${n(base - 16 * s)}h${n(5.5 * s)}v${n(-7 * s)}`
    }
    const side = fx > w / 2 ? -1 : 1
    const cacti = stroke(`${cactus(fx + side * r.range(26, 38) * u, r.range(1, 1.3) * u)}${cactus(fx - side * r.range(8, 22) * u, r.range(0.4, 0.6) * u)}`, p.ink, 3 * u)
    const dust = dots(scatter(r, 14, 0, f.hz, w, h), p.accent, 0.5 * u, { opacity: 0.8 })
    if (kind === 'duel') {
      const ground = rect(0, f.hz, w, h, p.mid)
      const sunX = fx + r.range(-20, 20) * u
      const gap = r.range(24, 36) * u
      const tall = r.range(22, 28) * u
      const feet = f.hz + r.range(14, 20) * u
      const shadow = (x: number) =>
        polygon(
          [
            [x - u, feet],
            [x + u, feet],
            [x + (x - sunX) * 0.5 + 3 * u, feet + 10 * u],
            [x + (x - sunX) * 0.5 - 3 * u, feet + 10 * u],
          ],
          p.ink,
          { opacity: 0.45 },
        )
      const a = fx - gap / 2
      const b = fx + gap / 2
      const town = closed(blocks(r, -5, w + 5, f.hz + u, 4 * u, 12 * u, 6 * u, 14 * u), p.mid2)
      return `${glowDisc(sunX, f.fy - 8 * u, 7 * u, p.light, p.glow)}${town}${ground}${dust}${shadow(a)}${shadow(b)}${figure(a, feet, tall, p.ink)}${figure(b, feet, tall * 0.92, p.ink)}`
    }
    if (kind === 'night') {
      const night = rect(0, 0, w, h, p.ink, { opacity: 0.62 })
      const stars = dots(scatter(r, 40, 0, 0, w, f.hz), p.light, 0.45 * u, { opacity: 0.8 })
      const moon = glowDisc(fx, f.fy, r.range(9, 13) * u, p.light)
      const fire = `${haze('g', fx - side * 20 * u, h - 10 * u, 30 * u, 18 * u, p.glow, 0.7)}${path(`M${n(fx - side * 20 * u - 3 * u)} ${n(h - 8 * u)}q${n(3 * u)} ${n(-10 * u)} ${n(3 * u)} ${n(-12 * u)}q${n(4 * u)} ${n(6 * u)} ${n(3 * u)} ${n(12 * u)}z`, p.glow)}`
      return `${night}${stars}${moon}${closed(ridge(f, r, f.hz - 4 * u, 10 * u, 5, false), p.mid2)}${rect(0, f.hz + 2 * u, w, h, p.ink)}${fire}${cacti}`
    }
    const sunR = r.range(18, 26) * u
    const sunY = f.hz - sunR * 0.25
    const bands = [0, 1, 2, 3, 4].map((i) => rect(fx - sunR, sunY - sunR * 0.05 + i * sunR * 0.2, sunR * 2, sunR * (0.03 + i * 0.025), '#000')).join('')
    const sun = `<defs><mask id="s"><rect width="${w}" height="${h}" fill="#fff"/>${bands}</mask></defs>${circle(fx, sunY, sunR, p.glow, { mask: 'url(#s)' })}`
    const mesa = (x: number, top: number, width: number, fill: string) =>
      polygon(
        [
          [x - width * 0.7, f.hz + 2 * u],
          [x - width * 0.42, top + 2 * u],
          [x - width * 0.4, top],
          [x + width * 0.4, top],
          [x + width * 0.42, top + 2 * u],
          [x + width * 0.7, f.hz + 2 * u],
        ],
        fill,
      )
    const far = mesa(fx + r.pick([-1, 1]) * r.range(22, 36) * u, f.hz - r.range(16, 24) * u, r.range(26, 40) * u, p.mid)
    const near = mesa(fx + r.pick([-1, 1]) * r.range(30, 50) * u, f.hz - r.range(8, 14) * u, r.range(30, 44) * u, p.mid2)
    return `${sun}${far}${near}${rect(0, f.hz + 2 * u, w, h, p.ink)}${dust}${cacti}`
  },
}

/** A sun over the sea with an island and a route to it, a summit with its flag, or a jungle framing a sun. */
export const adventure: Look = {
  palette: (r) => {
    const h = r.pick([28, 38, 195, 180, 12])
    return { sky: [h, 60, 52], sky2: [h + 18, 75, 76], glow: [46, 96, 70], accent: [8, 80, 50], mid: [r.pick([200, 170]), 50, 36], mid2: [r.pick([205, 140]), 55, 22], ink: [h, 30, 13], light: [48, 80, 92] }
  },
  draw: (f, p, r) => {
    const { w, h, u, fx } = f
    const kind = r.pick(['sea', 'summit', 'jungle'] as const)
    const birds = stroke(
      scatter(r, 3, fx - 30 * u, f.fy - 24 * u, fx + 30 * u, f.fy - 4 * u)
        .map(([x, y]) => `M${n(x)} ${n(y)}q${n(u)} ${n(-u)} ${n(2 * u)} 0q${n(u)} ${n(-u)} ${n(2 * u)} 0`)
        .join(''),
      p.ink,
      0.35 * u,
    )
    if (kind === 'summit') {
      const peakX = fx + r.range(-10, 10) * u
      const peakY = f.fy - r.range(0, 8) * u
      const left = peakX - r.range(45, 60) * u
      const right = peakX + r.range(45, 60) * u
      const mountain = polygon(
        [
          [left, h],
          [peakX - 12 * u, peakY + 18 * u],
          [peakX, peakY],
          [peakX + 14 * u, peakY + 22 * u],
          [right, h],
        ],
        p.mid,
      )
      const snow = polygon(
        [
          [peakX - 7 * u, peakY + 10 * u],
          [peakX, peakY],
          [peakX + 8 * u, peakY + 12 * u],
          [peakX + 3 * u, peakY + 9 * u],
          [peakX - 2 * u, peakY + 12 * u],
        ],
        p.light,
      )
      const shade = polygon(
        [
          [peakX, peakY],
          [peakX + 14 * u, peakY + 22 * u],
          [right, h],
          [peakX + 6 * u, h],
        ],
        p.mid2,
        { opacity: 0.6 },
      )
      const flag = `${stroke(`M${n(peakX)} ${n(peakY)}v${n(-8 * u)}`, p.ink, 0.5 * u)}${polygon(
        [
          [peakX, peakY - 8 * u],
          [peakX + 5 * u, peakY - 6.5 * u],
          [peakX, peakY - 5 * u],
        ],
        p.accent,
      )}`
      const trail = stroke(`M${n(peakX - 30 * u)} ${h}L${n(peakX - 8 * u)} ${n(peakY + 40 * u)}L${n(peakX - 20 * u)} ${n(peakY + 26 * u)}L${n(peakX - 2 * u)} ${n(peakY + 6 * u)}`, p.accent, 0.6 * u, {
        'stroke-dasharray': `${n(1.5 * u)} ${n(1.5 * u)}`,
      })
      const sun = glowDisc(peakX + r.pick([-1, 1]) * r.range(22, 30) * u, peakY - r.range(0, 10) * u, 7 * u, p.glow, p.light)
      return `${sun}${birds}${closed(ridge(f, r, f.hz - 6 * u, 12 * u, 8), p.mid2, 0.5)}${mountain}${shade}${snow}${trail}${flag}`
    }
    if (kind === 'jungle') {
      const sun = glowDisc(fx, f.fy + 6 * u, r.range(12, 18) * u, p.glow, p.light)
      const leaves = (x: number, y: number, spread: number, base: number, colour: string) =>
        path(
          Array.from({ length: 6 }, (_, i) => petal(x, y, r.range(28, 44) * u, base + (i / 5 - 0.5) * spread)).join(''),
          colour,
        )
      const ruin = closed(
        [
          [fx - 14 * u, f.hz + 8 * u],
          [fx - 10 * u, f.hz - 10 * u],
          [fx - 6 * u, f.hz - 10 * u],
          [fx - 6 * u, f.hz - 18 * u],
          [fx + 6 * u, f.hz - 18 * u],
          [fx + 6 * u, f.hz - 10 * u],
          [fx + 10 * u, f.hz - 10 * u],
          [fx + 14 * u, f.hz + 8 * u],
        ],
        p.ink,
        0.55,
      )
      return `${sun}${ruin}${closed(ridge(f, r, f.hz + 6 * u, 6 * u, 10, false), p.mid2)}${leaves(-2 * u, h * 0.1, 1.6, 0.3, p.mid2)}${leaves(w + 2 * u, h * 0.25, 1.6, Math.PI - 0.2, p.mid)}${leaves(w * 0.3, h + 4 * u, 1.4, -Math.PI / 2 - 0.4, p.ink)}${leaves(w * 0.8, h + 4 * u, 1.4, -Math.PI / 2 + 0.3, p.mid2)}${birds}`
    }
    const sunY = f.hz - r.range(14, 26) * u
    const sun = `${path(rays(fx, sunY, 18, 70 * u, 0.45, r, 0.25), p.light, { opacity: 0.28 })}${glowDisc(fx, sunY, 11 * u, p.glow, p.light)}`
    const islandX = fx + r.pick([-1, 1]) * r.range(18, 30) * u
    const island = polygon(
      [
        [islandX - 26 * u, f.hz + u],
        [islandX - 9 * u, f.hz - 14 * u],
        [islandX - 4 * u, f.hz - 10 * u],
        [islandX + 3 * u, f.hz - r.range(20, 28) * u],
        [islandX + 12 * u, f.hz - 8 * u],
        [islandX + 24 * u, f.hz + u],
      ],
      p.ink,
    )
    let waves = ''
    for (let i = 0; i < 6; i++) {
      const y = f.hz + (h - f.hz) * (0.12 + i * 0.15)
      const step = (4 + i * 2) * u
      waves += `M${n(r.range(-step, 0))} ${n(y)}`
      for (let x = 0; x < w + step; x += step * 2) waves += `q${n(step / 2)} ${n(-step / 4)} ${n(step)} 0t${n(step)} 0`
    }
    const end: Point = [islandX + r.range(-6, 6) * u, f.hz + 8 * u]
    const start: Point = [fx > w / 2 ? w * 0.15 : w * 0.85, h + 2 * u]
    const route = stroke(`M${n(start[0])} ${n(start[1])}C${n(start[0])} ${n(h - 30 * u)} ${n(end[0] + 30 * u)} ${n(end[1] + 20 * u)} ${n(end[0])} ${n(end[1])}`, p.accent, 0.9 * u, {
      'stroke-dasharray': `${n(2 * u)} ${n(2 * u)}`,
    })
    const mark = stroke(`M${n(end[0] - 2 * u)} ${n(end[1] - 2 * u)}l${n(4 * u)} ${n(4 * u)}m0 ${n(-4 * u)}l${n(-4 * u)} ${n(4 * u)}`, p.accent, 1.1 * u)
    return `${sun}${birds}${rect(0, f.hz, w, h - f.hz, p.mid)}${stroke(waves, p.light, 0.3 * u, { opacity: 0.35 })}${island}${route}${mark}`
  },
}

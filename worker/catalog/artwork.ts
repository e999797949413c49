/**
 * Drawn artwork for the embedded catalogue: posters, backdrops, cast portraits and episode stills
 * as small SVGs made from a title's text, with colours derived from the text so the same title
 * always looks the same. No image is copied from anywhere; every text is XML-escaped.
 */
export const IMAGE_SIZES = ['w200', 'w300', 'w500', 'original'] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]

const SIZE_WIDTH: Record<ImageSize, number | null> = { w200: 200, w300: 300, w500: 500, original: null }

function hash(text: string): number {
  let h = 0x811c9dc5
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)
}

function colours(seed: string): { dark: string; light: string; accent: string } {
  const h = hash(seed)
  const hue = h % 360
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360
  return { dark: `hsl(${hue} 45% 16%)`, light: `hsl(${hue2} 55% 38%)`, accent: `hsl(${(hue + 180) % 360} 70% 70%)` }
}

/** Greedy word wrap; very long words are cut so a line never overflows. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const piece = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word
    if (!line) line = piece
    else if (line.length + 1 + piece.length <= perLine) line += ` ${piece}`
    else {
      lines.push(line)
      line = piece
    }
  }
  if (line) lines.push(line)
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = `${kept[maxLines - 1]?.slice(0, perLine - 1)}…`
    return kept
  }
  return lines
}

function svg(width: number, height: number, size: ImageSize, body: string): string {
  const shown = SIZE_WIDTH[size] ?? width
  const shownHeight = Math.round((shown * height) / width)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${shown}" height="${shownHeight}" viewBox="0 0 ${width} ${height}">${body}</svg>`
}

function gradient(id: string, c: { dark: string; light: string }): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.light}"/><stop offset="1" stop-color="${c.dark}"/></linearGradient></defs>`
}

function textLines(lines: string[], x: number, y: number, fontSize: number, anchor: 'start' | 'middle', fill: string, weight = 700): string {
  const spans = lines.map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : fontSize * 1.15}">${escapeXml(l)}</tspan>`).join('')
  return `<text x="${x}" y="${y}" font-family="Helvetica,Arial,sans-serif" font-size="${fontSize}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${spans}</text>`
}

export function posterSvg(title: string, caption: string, size: ImageSize): string {
  const c = colours(title)
  const lines = wrap(title, 13, 5)
  const fontSize = lines.length > 3 ? 48 : 60
  const top = 375 - ((lines.length - 1) * fontSize * 1.15) / 2
  return svg(
    500,
    750,
    size,
    `${gradient('g', c)}<rect width="500" height="750" fill="url(#g)"/><circle cx="420" cy="110" r="150" fill="${c.accent}" opacity=".18"/><rect x="40" y="40" width="420" height="670" fill="none" stroke="${c.accent}" stroke-opacity=".5" stroke-width="3"/>${textLines(lines, 250, top, fontSize, 'middle', '#fff')}${textLines([caption], 250, 660, 30, 'middle', c.accent, 400)}`,
  )
}

export function backdropSvg(title: string, caption: string, size: ImageSize): string {
  const c = colours(title)
  const lines = wrap(title, 22, 3)
  return svg(
    1280,
    720,
    size,
    `${gradient('g', c)}<rect width="1280" height="720" fill="url(#g)"/><circle cx="1050" cy="200" r="380" fill="${c.accent}" opacity=".14"/><circle cx="900" cy="620" r="220" fill="${c.accent}" opacity=".1"/>${textLines(lines, 1200, 560 - (lines.length - 1) * 72, 64, 'start', '#fff').replace(/text-anchor="start"/, 'text-anchor="end"')}${textLines([caption], 1200, 640, 32, 'start', c.accent, 400).replace(/text-anchor="start"/, 'text-anchor="end"')}`,
  )
}

/**
 * A person's drawn portrait: initials in the middle, so a round crop keeps them. The name is the
 * drawing's title rather than drawn text, as pages name the person beside the picture.
 */
export function profileSvg(name: string, size: ImageSize): string {
  const c = colours(name)
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0])
    .slice(0, 2)
    .join('')
    .toUpperCase()
  return svg(
    300,
    450,
    size,
    `<title>${escapeXml(name)}</title>${gradient('g', c)}<rect width="300" height="450" fill="url(#g)"/><circle cx="150" cy="225" r="90" fill="${c.accent}" opacity=".35"/>${textLines([initials], 150, 253, 80, 'middle', '#fff')}`,
  )
}

export function stillSvg(series: string, season: number, episode: number, size: ImageSize): string {
  const c = colours(`${series} ${season}`)
  return svg(
    500,
    281,
    size,
    `${gradient('g', c)}<rect width="500" height="281" fill="url(#g)"/><circle cx="400" cy="60" r="120" fill="${c.accent}" opacity=".18"/>${textLines([`S${season} · E${episode}`], 30, 150, 44, 'start', '#fff')}${textLines(wrap(series, 28, 1), 30, 200, 24, 'start', c.accent, 400)}`,
  )
}

/**
 * Which look a title's drawn artwork takes, from catalogue facts alone: a style from its genres
 * (with film noir, anime and Korean drama recognised from the decade and the original language),
 * and an era from its year that tones the style's palette and lays a texture over the picture:
 * sepia and grain for silent films, washed-out colour for the studio years, warm print for the
 * sixties and seventies, neon and scanlines for the eighties. The same facts always give the
 * same answer, so a title's poster and backdrop belong together.
 */
import { type Hsl, hex, n, pullHue, type Rand } from './kit'

export const ART_STYLES = [
  'noir',
  'thriller',
  'horror',
  'scifi',
  'fantasy',
  'adventure',
  'action',
  'comedy',
  'romance',
  'drama',
  'animation',
  'anime',
  'kdrama',
  'documentary',
  'western',
  'war',
  'musical',
  'period',
] as const
export type ArtStyle = (typeof ART_STYLES)[number]

export type Era = 'silent' | 'golden' | 'retro' | 'neon' | 'nineties' | 'modern'

/** What the artwork is drawn from: one row of the catalogue with its genre ids in their order. */
export interface ArtFacts {
  title: string
  year: number | null
  mediaType: 'movie' | 'tv'
  genreIds: readonly number[]
  /** ISO 639-1, as the catalogue keeps it. */
  language: string
}

/** TMDB's movie and TV genre ids; the TV-only ones (10759 and up) join the nearest film look. */
const GENRE_STYLE: Readonly<Record<number, ArtStyle>> = {
  28: 'action',
  10759: 'action',
  12: 'adventure',
  16: 'animation',
  10751: 'animation',
  10762: 'animation',
  35: 'comedy',
  80: 'thriller',
  53: 'thriller',
  9648: 'thriller',
  99: 'documentary',
  10763: 'documentary',
  10764: 'documentary',
  10767: 'documentary',
  18: 'drama',
  14: 'fantasy',
  10765: 'fantasy',
  36: 'period',
  27: 'horror',
  10402: 'musical',
  10749: 'romance',
  10766: 'romance',
  878: 'scifi',
  10752: 'war',
  10768: 'war',
  37: 'western',
}

/**
 * Genres that set the look wherever they stand in the list, first match wins: a drama set in a
 * war is a war film, a comedy with songs a musical, anything animated an animation.
 */
const DEFINING_GENRES = [16, 99, 10752, 10768, 37, 10402, 27] as const

const CRIME_GENRES = new Set([80, 53, 9648])
const KDRAMA_LOOKS = new Set<ArtStyle>(['drama', 'comedy', 'romance', 'animation'])

export function styleOf(facts: ArtFacts): ArtStyle {
  const genres = facts.genreIds
  if (facts.language === 'ja' && genres.includes(16)) return 'anime'
  const defining = DEFINING_GENRES.find((g) => genres.includes(g))
  if (defining !== undefined) return GENRE_STYLE[defining] as ArtStyle
  const year = facts.year ?? 0
  if (year >= 1940 && year < 1960 && genres.some((g) => CRIME_GENRES.has(g))) return 'noir'
  // Drama is the catalogue's most common genre and says least about a title: a later, more
  // telling genre wins over it.
  const looks = genres.map((g) => GENRE_STYLE[g]).filter((s): s is ArtStyle => s !== undefined)
  const look = looks.find((s) => s !== 'drama') ?? looks[0] ?? 'drama'
  if (facts.mediaType === 'tv' && facts.language === 'ko' && KDRAMA_LOOKS.has(look)) return 'kdrama'
  return look
}

export function eraOf(year: number | null): Era {
  if (year === null) return 'modern'
  if (year < 1930) return 'silent'
  if (year < 1960) return 'golden'
  if (year < 1980) return 'retro'
  if (year < 1990) return 'neon'
  if (year < 2000) return 'nineties'
  return 'modern'
}

/** The colours a scene paints with, by role; every style fills all of them. */
export interface Palette<C = string> {
  /** The background gradient, top to bottom. */
  sky: C
  sky2: C
  /** The main motif (sun, moon, planet, burst) and its companion. */
  glow: C
  accent: C
  /** Mid-tones for layers, hills, buildings. */
  mid: C
  mid2: C
  /** Silhouettes and the darkest shapes. */
  ink: C
  /** Highlights: stars, rims, light falling on things. */
  light: C
}

const NEON_HUES = [320, 190, 275]
const hueDistance = (a: number, b: number) => Math.abs(((b - a + 540) % 360) - 180)

/** One colour as the era would have printed it. */
function tone(era: Era, [h, s, l]: Hsl): Hsl {
  switch (era) {
    case 'silent':
      return [36, Math.min(s, 40) * 0.45, l]
    case 'golden':
      return [pullHue(h, 38, 0.55), s * 0.38, l]
    case 'retro':
      return [pullHue(h, 28, 0.3), Math.min(92, s * 1.05 + 6), l]
    case 'neon': {
      const target = NEON_HUES.reduce((best, c) => (hueDistance(h, c) < hueDistance(h, best) ? c : best))
      return [pullHue(h, target, 0.6), Math.max(s, 82), l < 35 ? l * 0.6 : l]
    }
    case 'nineties':
      return [pullHue(h, 170, 0.12), s * 0.82, l]
    case 'modern':
      return [h, s, l]
  }
}

export function tonePalette(era: Era, palette: Palette<Hsl>): Palette {
  const out = {} as Record<keyof Palette, string>
  for (const key of Object.keys(palette) as (keyof Palette)[]) out[key] = hex(tone(era, palette[key]))
  return out
}

/**
 * The era's surface, laid over the whole picture: film grain and a heavy vignette before 1960
 * (with scratches on silent films), a halftone print for the sixties and seventies, scanlines for
 * the eighties, a lighter grain for the nineties; recent titles are left clean but for a soft
 * vignette, which also gives every picture a darker edge for the page's text to sit on.
 */
export function eraTexture(era: Era, w: number, h: number, r: Rand): string {
  const vignette = (strength: number) =>
    `<radialGradient id="v" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`
  const cover = (fill: string, opacity: number) => `<rect width="${w}" height="${h}" fill="${fill}" opacity="${opacity}"/>`
  const grain = (size: number) => {
    const d = Array.from({ length: 9 }, () => `M${r.int(0, 12)} ${r.int(0, 12)}h0`).join('')
    return `<pattern id="t" width="13" height="13" patternUnits="userSpaceOnUse"><path d="${d}" stroke="#fff" stroke-width="${size}" stroke-linecap="round"/></pattern>`
  }
  switch (era) {
    case 'silent': {
      const scratches = Array.from({ length: r.int(2, 4) }, () => {
        const x = r.range(0.05, 0.95) * w
        return `M${n(x)} ${n(r.range(0, 0.3) * h)}l${r.int(-4, 4)} ${n(r.range(0.3, 0.7) * h)}`
      }).join('')
      return `<defs>${grain(1.4)}${vignette(0.85)}</defs>${cover('url(#t)', 0.22)}<path d="${scratches}" stroke="#f3e6c8" stroke-width="1.2" opacity=".35"/>${cover('url(#v)', 1)}`
    }
    case 'golden':
      return `<defs>${grain(1.2)}${vignette(0.7)}</defs>${cover('url(#t)', 0.16)}${cover('url(#v)', 1)}`
    case 'retro':
      return `<defs><pattern id="t" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><circle cx="4.5" cy="4.5" r="1.6" fill="#fff6e0"/></pattern>${vignette(0.45)}</defs>${cover('url(#t)', 0.09)}${cover('url(#v)', 1)}`
    case 'neon':
      return `<defs><pattern id="t" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="2" fill="#000"/></pattern>${vignette(0.55)}</defs>${cover('url(#t)', 0.28)}${cover('url(#v)', 1)}`
    case 'nineties':
      return `<defs>${grain(1)}${vignette(0.5)}</defs>${cover('url(#t)', 0.08)}${cover('url(#v)', 1)}`
    case 'modern':
      return `<defs>${vignette(0.45)}</defs>${cover('url(#v)', 1)}`
  }
}

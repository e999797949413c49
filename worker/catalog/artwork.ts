/**
 * Drawn artwork for the embedded catalogue: posters, backdrops, cast portraits and episode stills
 * as small SVGs. A title's genres, decade and original language choose a look (worker/catalog/art/
 * styles.ts); its title seeds the details, so the same title always gets the same picture and two
 * titles of one genre share a style, not a picture. Posters and backdrops carry no lettering:
 * every page prints the title beside or over them, and a drawn copy would only compete with it.
 * The title is the drawing's accessible name (`<title>`), XML-escaped like every text here.
 */
import { escapeXml, type Rand, seeded } from './art/kit'
import * as bright from './art/scenes-bright'
import * as night from './art/scenes-night'
import * as open from './art/scenes-open'
import * as quiet from './art/scenes-quiet'
import type { Frame, Look } from './art/shapes'
import { type ArtFacts, type ArtStyle, eraOf, eraTexture, type Palette, styleOf, tonePalette } from './art/styles'

export type { ArtFacts, ArtStyle } from './art/styles'

export const IMAGE_SIZES = ['w200', 'w300', 'w500', 'original'] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]

const SIZE_WIDTH: Record<ImageSize, number | null> = { w200: 200, w300: 300, w500: 500, original: null }

const LOOKS: Record<ArtStyle, Look> = {
  noir: night.noir,
  thriller: night.thriller,
  horror: night.horror,
  scifi: night.scifi,
  fantasy: night.fantasy,
  action: open.action,
  war: open.war,
  western: open.western,
  adventure: open.adventure,
  comedy: bright.comedy,
  animation: bright.animation,
  anime: bright.anime,
  romance: bright.romance,
  kdrama: bright.kdrama,
  drama: quiet.drama,
  documentary: quiet.documentary,
  musical: quiet.musical,
  period: quiet.period,
}

const FONT = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"`

type Shape = 'poster' | 'backdrop' | 'still'

/**
 * Where a picture's weight goes. Backdrops keep it right of centre and above the middle: the hero
 * and the title header print their text over the lower left, behind a dark gradient.
 */
function frameFor(shape: Shape, r: Rand): Frame {
  if (shape === 'poster') return { w: 500, h: 750, u: 5, wide: false, fx: 500 * r.range(0.34, 0.66), fy: 750 * r.range(0.24, 0.38), hz: 750 * r.range(0.62, 0.72) }
  if (shape === 'backdrop') return { w: 1280, h: 720, u: 7.2, wide: true, fx: 1280 * r.range(0.62, 0.78), fy: 720 * r.range(0.28, 0.4), hz: 720 * r.range(0.62, 0.7) }
  return { w: 500, h: 281, u: 2.81, wide: true, fx: 500 * r.range(0.4, 0.66), fy: 281 * r.range(0.3, 0.42), hz: 281 * r.range(0.62, 0.7) }
}

/**
 * How a poster holds its picture, like the covers of a book series: most bleed to the edge, others
 * sit in an arch, an inset panel or a round window on a plain ground. Backdrops always bleed,
 * since pages crop them to any width.
 */
function posterLayout(r: Rand, p: Palette, scene: string): string {
  if (r.chance(0.55)) return scene
  const layout = r.pick(['arch', 'inset', 'disc'] as const)
  const ground = r.chance(0.5) ? p.ink : p.light
  const window = {
    arch: 'M44 630V254A206 206 0 0 1 456 254V630Z',
    inset: 'M36 36H464V620H36Z',
    disc: 'M250 150A206 206 0 1 1 249.9 150Z',
  }[layout]
  const rule = layout === 'disc' ? `<path d="M150 642H350M200 672H300" stroke="${p.accent}" stroke-width="4"/>` : `<path d="M190 672H310" stroke="${p.accent}" stroke-width="4"/>`
  return `<defs><clipPath id="c"><path d="${window}"/></clipPath></defs><rect width="500" height="750" fill="${ground}"/><g clip-path="url(#c)">${scene}</g><path d="${window}" fill="none" stroke="${p.accent}" stroke-width="5"/>${rule}`
}

/**
 * `variant` seeds the composition: a title's poster and backdrop share one (and its palette), so
 * they read as one title's art; each season and episode gets its own within the show's palette.
 */
function draw(facts: ArtFacts, shape: Shape, size: ImageSize, variant: string, overlay = ''): string {
  const style = styleOf(facts)
  const era = eraOf(facts.year)
  const seed = `${facts.title}|${facts.year ?? ''}`
  const look = LOOKS[style]
  const palette = tonePalette(era, look.palette(seeded(seed)))
  const r = seeded(`${seed}|${variant}`)
  const f = frameFor(shape, r)
  const shown = SIZE_WIDTH[size] ?? f.w
  const background = `<defs><linearGradient id="b" x2="0" y2="1"><stop stop-color="${palette.sky}"/><stop offset="1" stop-color="${palette.sky2}"/></linearGradient></defs><rect width="${f.w}" height="${f.h}" fill="url(#b)"/>`
  const scene = `${background}${look.draw(f, palette, r)}`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${shown}" height="${Math.round((shown * f.h) / f.w)}" viewBox="0 0 ${f.w} ${f.h}" role="img" data-style="${style}" data-era="${era}">` +
    `<title>${escapeXml(facts.title)}</title>${shape === 'poster' ? posterLayout(seeded(`${seed}|${variant}|layout`), palette, scene) : scene}${eraTexture(era, f.w, f.h, r)}${overlay}</svg>`
  )
}

/** A small dark label in a corner, for what the page does not print over the picture. */
function chip(text: string, x: number, y: number, fontSize: number): string {
  const width = Math.round(fontSize * (0.62 * text.length + 1.2))
  const height = Math.round(fontSize * 1.6)
  return `<rect x="${x}" y="${y - height}" width="${width}" height="${height}" rx="${Math.round(fontSize * 0.3)}" fill="#000" opacity=".66"/><text x="${x + Math.round(fontSize * 0.6)}" y="${y - Math.round(fontSize * 0.48)}" ${FONT} font-size="${fontSize}" font-weight="700" fill="#fff">${escapeXml(text)}</text>`
}

export function posterSvg(facts: ArtFacts, size: ImageSize): string {
  return draw(facts, 'poster', size, 'art')
}

/** A season's poster: the show's look with other details, and the season's name in a corner. */
export function seasonPosterSvg(facts: ArtFacts, season: number, name: string, size: ImageSize): string {
  return draw(facts, 'poster', size, `season ${season}`, chip(name.length > 24 ? `${name.slice(0, 23)}…` : name, 30, 720, 30))
}

export function backdropSvg(facts: ArtFacts, size: ImageSize): string {
  return draw(facts, 'backdrop', size, 'art')
}

/** An episode still: the show's look, varied per episode, labelled S1 · E3 (the list prints the episode's name, not this). */
export function stillSvg(facts: ArtFacts, season: number, episode: number, size: ImageSize): string {
  return draw(facts, 'still', size, `still ${season} ${episode}`, chip(`S${season} · E${episode}`, 14, 267, 38))
}

/**
 * A person's drawn portrait: initials in the middle, so a round crop keeps them. The name is the
 * drawing's title rather than drawn text, as pages name the person beside the picture.
 */
export function profileSvg(name: string, size: ImageSize): string {
  const r = seeded(name)
  const hue = Math.floor(r.range(0, 360))
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0])
    .slice(0, 2)
    .join('')
    .toUpperCase()
  const shown = SIZE_WIDTH[size] ?? 300
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${shown}" height="${Math.round(shown * 1.5)}" viewBox="0 0 300 450" role="img"><title>${escapeXml(name)}</title>` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop stop-color="hsl(${(hue + 50) % 360} 50% 36%)"/><stop offset="1" stop-color="hsl(${hue} 45% 15%)"/></linearGradient></defs>` +
    `<rect width="300" height="450" fill="url(#b)"/><circle cx="150" cy="225" r="90" fill="hsl(${(hue + 180) % 360} 70% 70%)" opacity=".35"/>` +
    `<text x="150" y="253" text-anchor="middle" ${FONT} font-size="80" font-weight="700" fill="#fff">${escapeXml(initials)}</text></svg>`
  )
}

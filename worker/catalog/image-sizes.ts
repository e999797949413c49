/**
 * Which size of a catalogue image to ask the image host for, shared by the web app and the worker
 * (which preloads a page's first backdrop). With TMDB the sizes are those its /configuration lists
 * for each kind of image: the nearest listed size at or above the width needed, and a `srcset` of
 * every listed one, so a phone never loads `original` (several megabytes on TMDB's host). The
 * embedded catalogue's drawn images are SVG, which scale: one fixed size each, as GET /api/img takes.
 */
import type { ImageSizes } from './types'

export type ImageKind = keyof ImageSizes

/** The sizes TMDB's documentation gives for /configuration, used while TMDB cannot be asked what it lists. */
export const DEFAULT_IMAGE_SIZES: ImageSizes = {
  poster: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
  backdrop: ['w300', 'w780', 'w1280', 'original'],
  profile: ['w45', 'w185', 'h632', 'original'],
  still: ['w92', 'w185', 'w300', 'original'],
  logo: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
}

/** The sizes GET /api/img draws, per kind: any width looks the same in SVG. */
const DRAWN_SIZE: Record<ImageKind, string> = { poster: 'w500', backdrop: 'original', profile: 'w200', still: 'w300', logo: 'w300' }

/** Width over height of each kind, to read a height size ("h632") as a width. */
const ASPECT: Record<ImageKind, number> = { poster: 2 / 3, backdrop: 16 / 9, profile: 2 / 3, still: 16 / 9, logo: 1 }

/** The width in pixels a listed size stands for, or null for "original" (whatever the file is). */
function widthOf(size: string, kind: ImageKind): number | null {
  const match = /^([wh])(\d+)$/.exec(size)
  if (!match) return null
  const n = Number(match[2])
  return match[1] === 'w' ? n : Math.round(n * ASPECT[kind])
}

/** Listed sizes with a width, narrowest first. */
function widths(sizes: string[], kind: ImageKind): Array<{ size: string; width: number }> {
  return sizes
    .map((size) => ({ size, width: widthOf(size, kind) }))
    .filter((s): s is { size: string; width: number } => s.width !== null)
    .sort((a, b) => a.width - b.width)
}

/** The nearest listed size at or above `width` pixels; the widest listed one when none is that wide, "original" only when nothing else is listed. */
export function sizeFor(sizes: string[], kind: ImageKind, width: number): string {
  const listed = widths(sizes, kind)
  return (listed.find((s) => s.width >= width) ?? listed[listed.length - 1])?.size ?? 'original'
}

export interface ImageSource {
  src: string
  /** Every listed size with its width ("…/w342/x.jpg 342w, …"), for the browser to choose from; absent for drawn images. */
  srcSet?: string
}

/**
 * An image's address for a width of `width` CSS pixels. `sizes` null means the embedded
 * catalogue's drawn images. A path that is already a URL is taken as it is.
 */
export function imageSource(base: string, sizes: ImageSizes | null, path: string, kind: ImageKind, width: number): ImageSource {
  if (/^https?:\/\//.test(path)) return { src: path }
  const file = path.startsWith('/') ? path : `/${path}`
  if (!sizes) return { src: `${base}/${DRAWN_SIZE[kind]}${file}` }
  const listed = widths(sizes[kind], kind)
  const src = `${base}/${sizeFor(sizes[kind], kind, width)}${file}`
  return listed.length > 1 ? { src, srcSet: listed.map((s) => `${base}/${s.size}${file} ${s.width}w`).join(', ') } : { src }
}

/** What a backdrop as wide as the screen is shown with (the hero, a title's header): its `sizes` and its width for `src`. */
export const FULL_WIDTH_BACKDROP = { sizes: '100vw', width: 1280 } as const

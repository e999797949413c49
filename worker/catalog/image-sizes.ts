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

/** The width in pixels a listed size stands for (a height size, "h632", read by the kind's shape), or 0 for "original". */
function widthOf(size: string, kind: ImageKind): number {
  const match = /^([wh])(\d+)$/.exec(size)
  if (!match) return 0
  const shape = kind === 'backdrop' || kind === 'still' ? 16 / 9 : kind === 'logo' ? 1 : 2 / 3
  return match[1] === 'w' ? Number(match[2]) : Math.round(Number(match[2]) * shape)
}

/** The nearest listed size at or above `width` pixels; the widest listed one when none is that wide, "original" only when nothing else is listed. */
export function sizeFor(sizes: string[], kind: ImageKind, width: number): string {
  let best = 'original'
  let bestWidth = 0
  for (const size of sizes) {
    const w = widthOf(size, kind)
    if (w && (bestWidth < width ? w > bestWidth : w >= width && w < bestWidth)) [best, bestWidth] = [size, w]
  }
  return best
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
  const set = sizes[kind].filter((size) => widthOf(size, kind)).map((size) => `${base}/${size}${file} ${widthOf(size, kind)}w`)
  return { src: `${base}/${sizeFor(sizes[kind], kind, width)}${file}`, ...(set.length > 1 && { srcSet: set.join(', ') }) }
}

/** What a backdrop as wide as the screen is shown with (the hero, a title's header): its `sizes` and its width for `src`. */
export const FULL_WIDTH_BACKDROP = { sizes: '100vw', width: 1280 } as const

/**
 * Preview thumbnails for the scrub bar: a stream's thumbnails track is WebVTT whose cues each name
 * an image, or a region of a sprite image (`sprite.jpg#xywh=x,y,w,h`, a media fragment), relative
 * to the track. Such a track needs only WebVTT's cue timings and text, read here: a subtitle
 * parser library (media-captions, say) brings its other formats' chunks and a bundler helper into
 * what every page loads first, past that budget. Each image is fetched and shown from a blob: address, so an operator's
 * image host needs CORS (as its stream does) rather than a place in the page's
 * Content-Security-Policy. Nothing is fetched until the viewer first points at or drags the scrub
 * bar; each sprite comes down once, when a frame of it is first wanted.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export interface Thumbnail {
  start: number
  end: number
  /** The image, absolute. */
  url: string
  /** The frame's region of the image; none when the frame is the whole image. */
  region: { x: number; y: number; w: number; h: number } | null
}

export interface TrackCue {
  startTime: number
  endTime: number
  text: string
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}\.\d{3})[ \t]+-->[ \t]+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})(?:[ \t]|$)/

/** A WebVTT timestamp ('01:02.500', '1:00:02.500') in seconds. */
function seconds(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0)
}

/**
 * The cues of a WebVTT file: each timing line with the lines of text after it, up to a blank
 * line. A file without the WEBVTT signature has none; notes, styles and regions, which hold no
 * timing line, are passed over.
 */
export function parseWebVtt(text: string): TrackCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return []
  const cues: TrackCue[] = []
  for (let i = 1; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i]!)
    if (!timing) continue
    const payload: string[] = []
    while (i + 1 < lines.length && lines[i + 1]!.trim() !== '') payload.push(lines[++i]!)
    cues.push({ startTime: seconds(timing[1]!), endTime: seconds(timing[2]!), text: payload.join('\n') })
  }
  return cues
}

const XYWH = /^xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/

/** The thumbnails a track's cues describe, in time order; cues that name no usable image are left out. */
export function thumbnailsOf(cues: readonly TrackCue[], trackUrl: string): Thumbnail[] {
  const thumbnails: Thumbnail[] = []
  for (const cue of cues) {
    const text = cue.text.trim()
    if (!text || !(cue.endTime > cue.startTime)) continue
    let url: URL
    try {
      url = new URL(text, trackUrl)
    } catch {
      continue
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue
    const match = XYWH.exec(url.hash.slice(1))
    url.hash = ''
    const region = match ? { x: Number(match[1]), y: Number(match[2]), w: Number(match[3]), h: Number(match[4]) } : null
    if (region && (region.w === 0 || region.h === 0)) continue
    thumbnails.push({ start: cue.startTime, end: cue.endTime, url: url.href, region })
  }
  return thumbnails.sort((a, b) => a.start - b.start)
}

/** The thumbnail showing at `time` (the last one started by then), or null before the first. */
export function thumbnailAt(thumbnails: readonly Thumbnail[], time: number): Thumbnail | null {
  let low = 0
  let high = thumbnails.length - 1
  let found: Thumbnail | null = null
  while (low <= high) {
    const middle = (low + high) >> 1
    const candidate = thumbnails[middle]!
    if (candidate.start <= time) {
      found = candidate
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

/** Reads a thumbnails track; an unreachable or malformed track gives none. */
export async function loadThumbnails(trackUrl: string, signal?: AbortSignal): Promise<Thumbnail[]> {
  const absolute = new URL(trackUrl, window.location.href).href
  const response = await fetch(absolute, { signal, credentials: 'omit' })
  if (!response.ok) return []
  return thumbnailsOf(parseWebVtt(await response.text()), absolute)
}

export interface ThumbnailFrame {
  /** A blob: address of the frame's image. */
  src: string
  region: Thumbnail['region']
}

/**
 * The thumbnails of a track, for the scrub bar: `prepare()` starts reading the track, `frameAt(t)`
 * answers the frame for a time once its image is in (and starts fetching the image the first time
 * it is wanted). Images are released when the track changes or the player goes away.
 */
export function useThumbnails(trackUrl: string | null | undefined) {
  const [thumbnails, setThumbnails] = useState<Thumbnail[]>([])
  const [, setLoadedImages] = useState(0)
  const images = useRef(new Map<string, string | null>())
  const controller = useRef<AbortController | null>(null)
  const [requested, setRequested] = useState(false)

  useEffect(() => {
    if (!trackUrl || !requested) return
    const abort = new AbortController()
    controller.current = abort
    loadThumbnails(trackUrl, abort.signal).then(
      (list) => !abort.signal.aborted && setThumbnails(list),
      () => undefined,
    )
    const kept = images.current
    return () => {
      abort.abort()
      for (const src of kept.values()) if (src) URL.revokeObjectURL(src)
      kept.clear()
      setThumbnails([])
    }
  }, [trackUrl, requested])

  const prepare = useCallback(() => setRequested(true), [])

  const frameAt = useCallback(
    (time: number): ThumbnailFrame | null => {
      const thumbnail = thumbnailAt(thumbnails, time)
      if (!thumbnail || time >= thumbnail.end) return null
      const kept = images.current
      if (!kept.has(thumbnail.url)) {
        // null while on its way (or when it could not be had), so it is asked for once.
        kept.set(thumbnail.url, null)
        const signal = controller.current?.signal
        fetch(thumbnail.url, { signal, credentials: 'omit' })
          .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
          .then((blob) => {
            if (signal?.aborted || kept.get(thumbnail.url) !== null) return
            kept.set(thumbnail.url, URL.createObjectURL(blob))
            setLoadedImages((n) => n + 1)
          })
          .catch(() => undefined)
        return null
      }
      const src = kept.get(thumbnail.url)
      return src ? { src, region: thumbnail.region } : null
    },
    [thumbnails],
  )

  return { available: !!trackUrl, prepare, frameAt }
}

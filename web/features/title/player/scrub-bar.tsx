/**
 * The scrub bar: how far the video has played and what is buffered, a slider for keyboards and
 * screen readers, and, under a pointer or a finger, the time there with the stream's preview
 * thumbnail (thumbnails.ts). A drag previews as it goes and seeks once, where it is let go, so
 * the stream is not asked for every point passed on the way. It runs left to right in every
 * language, as the video's own timeline does.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { t } from '../../../i18n'
import { clockTime } from '../progress'
import type { ThumbnailFrame } from './thumbnails'

export interface ScrubBarProps {
  currentTime: number
  duration: number
  buffered: [number, number][]
  onSeek: (time: number) => void
  /** True while the viewer drags, so the controls stay. */
  onScrubbing: (scrubbing: boolean) => void
  thumbnails: { prepare: () => void; frameAt: (time: number) => ThumbnailFrame | null }
}

/** The thumbnail's width on screen, in CSS pixels. */
const PREVIEW_WIDTH = 160

const percent = (value: number) => `${Math.min(100, Math.max(0, value * 100))}%`

/** The tooltip's centre, kept inside the bar. */
export function tooltipLeft(x: number, barWidth: number, tooltipWidth: number): number {
  if (barWidth <= tooltipWidth) return barWidth / 2
  return Math.min(barWidth - tooltipWidth / 2, Math.max(tooltipWidth / 2, x))
}

function Preview({ frame }: { frame: ThumbnailFrame }) {
  const region = frame.region
  const scale = region ? PREVIEW_WIDTH / region.w : 1
  const height = region ? Math.round(region.h * scale) : Math.round((PREVIEW_WIDTH * 9) / 16)
  return (
    <div className="overflow-hidden rounded-md bg-black ring-2 ring-white/80" style={{ width: PREVIEW_WIDTH, height }} data-testid="scrub-preview">
      <img
        src={frame.src}
        alt=""
        draggable={false}
        className={region ? 'max-w-none origin-top-left' : 'h-full w-full object-cover'}
        style={region ? { transform: `scale(${scale}) translate(${-region.x}px, ${-region.y}px)` } : undefined}
      />
    </div>
  )
}

export function ScrubBar({ currentTime, duration, buffered, onSeek, onScrubbing, thumbnails }: ScrubBarProps) {
  const bar = useRef<HTMLDivElement>(null)
  // Where the pointer is over the bar, and the time there: from hovering, or from a drag.
  const [pointer, setPointer] = useState<{ x: number; width: number; time: number; dragging: boolean } | null>(null)
  const known = duration > 0

  const locate = (event: PointerEvent<HTMLDivElement>, dragging: boolean) => {
    const rect = bar.current?.getBoundingClientRect()
    if (!rect || rect.width <= 0 || !known) return null
    const x = Math.min(rect.width, Math.max(0, event.clientX - rect.left))
    const next = { x, width: rect.width, time: (x / rect.width) * duration, dragging }
    setPointer(next)
    return next
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!known || (event.pointerType === 'mouse' && event.button !== 0)) return
    event.preventDefault()
    bar.current?.focus()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    thumbnails.prepare()
    onScrubbing(true)
    locate(event, true)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (pointer?.dragging) {
      locate(event, true)
    } else if (event.pointerType === 'mouse') {
      thumbnails.prepare()
      locate(event, false)
    }
  }
  const finish = (event: PointerEvent<HTMLDivElement>, seek: boolean) => {
    if (!pointer?.dragging) return
    const at = locate(event, false)
    if (seek && at) onSeek(at.time)
    onScrubbing(false)
    if (event.pointerType !== 'mouse') setPointer(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The arrows are the player's shortcuts (10 s); Home and End are the slider's own.
    if (!known) return
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      event.stopPropagation()
      onSeek(event.key === 'Home' ? 0 : duration)
    }
  }

  const shown = pointer?.dragging ? pointer.time : currentTime
  const frame = pointer ? thumbnails.frameAt(pointer.time) : null
  const tooltipWidth = frame ? PREVIEW_WIDTH : 56

  return (
    <div
      ref={bar}
      role="slider"
      tabIndex={0}
      dir="ltr"
      aria-label={t('player.position')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shown)}
      aria-valuetext={t('player.timeOf', { current: clockTime(shown), duration: clockTime(duration) })}
      aria-disabled={!known || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => finish(e, true)}
      onPointerCancel={(e) => finish(e, false)}
      onPointerLeave={() => !pointer?.dragging && setPointer(null)}
      onKeyDown={onKeyDown}
      className="group/scrub relative flex h-5 w-full cursor-pointer touch-none items-center rounded-sm outline-offset-0 select-none"
      data-testid="scrub-bar"
    >
      <div className="relative h-1 w-full rounded-full bg-white/25 transition-[height] group-hover/scrub:h-1.5 group-focus-visible/scrub:h-1.5">
        {buffered.map(([start, end]) => (
          <div
            key={`${start}-${end}`}
            className="absolute inset-y-0 rounded-full bg-white/45"
            style={{ left: percent(known ? start / duration : 0), width: percent(known ? (end - start) / duration : 0) }}
            data-testid="scrub-buffered"
          />
        ))}
        <div className="absolute inset-y-0 left-0 rounded-full bg-brand-500" style={{ width: percent(known ? shown / duration : 0) }} data-testid="scrub-played" />
        <div
          className={`absolute top-1/2 h-3.5 w-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-500 shadow transition-transform ${pointer ? 'scale-100' : 'scale-0 group-hover/scrub:scale-100 group-focus-visible/scrub:scale-100'}`}
          style={{ left: percent(known ? shown / duration : 0) }}
        />
      </div>
      {pointer && (
        <div
          className="pointer-events-none absolute bottom-full mb-2 flex -translate-x-1/2 flex-col items-center gap-1"
          style={{ left: tooltipLeft(pointer.x, pointer.width, tooltipWidth) }}
          aria-hidden="true"
          data-testid="scrub-tooltip"
        >
          {frame && <Preview frame={frame} />}
          <span className="rounded bg-black/85 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">{clockTime(pointer.time)}</span>
        </div>
      )}
    </div>
  )
}

/**
 * The picture's surface, under the controls: with a mouse a click plays or pauses and a double
 * click toggles full screen; on a touch screen a tap shows or hides the controls and a double tap
 * on the left or right third seeks 10 s (gestures.ts), with a brief mark on that side saying how far.
 * The surface is no control of its own for keyboards and screen readers: the control bar and the
 * shortcuts do all of this.
 */
import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react'
import { t } from '../../../i18n'
import { ForwardGlyph, RewindGlyph } from './control-icons'
import { TapDetector } from './gestures'

export interface GestureLayerProps {
  onClick: () => void
  onDoubleClick: () => void
  onTap: () => void
  onSeekBy: (seconds: number) => void
}

const FLASH_MS = 700

export function GestureLayer({ onClick, onDoubleClick, onTap, onSeekBy }: GestureLayerProps) {
  const pointerType = useRef('mouse')
  const handlers = useRef({ onTap, onSeekBy })
  handlers.current = { onTap, onSeekBy }
  const [flash, setFlash] = useState<{ seconds: number; at: number } | null>(null)
  const detector = useRef<TapDetector | null>(null)
  detector.current ??= new TapDetector({
    single: () => handlers.current.onTap(),
    seek: (seconds) => {
      handlers.current.onSeekBy(seconds)
      // Taps in a row on one side add up on the mark: 10 s, 20 s, 30 s.
      setFlash((previous) => ({ seconds: previous && Math.sign(previous.seconds) === Math.sign(seconds) ? previous.seconds + seconds : seconds, at: Date.now() }))
    },
  })

  useEffect(() => {
    if (!flash) return
    const timer = window.setTimeout(() => setFlash(null), FLASH_MS)
    return () => window.clearTimeout(timer)
  }, [flash])
  useEffect(() => () => detector.current?.cancel(), [])

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointerType.current = event.pointerType
  }
  const click = (event: MouseEvent<HTMLDivElement>) => {
    if (pointerType.current === 'mouse') {
      onClick()
      return
    }
    const rect = event.currentTarget.getBoundingClientRect()
    detector.current?.tap(event.clientX - rect.left, rect.width)
  }
  const doubleClick = () => {
    if (pointerType.current === 'mouse') onDoubleClick()
  }

  return (
    <div className="absolute inset-0 z-10 touch-manipulation select-none" onPointerDown={onPointerDown} onClick={click} onDoubleClick={doubleClick} data-testid="player-surface">
      {flash && (
        <div
          dir="ltr"
          className={`pointer-events-none absolute inset-y-0 flex w-1/3 items-center justify-center ${flash.seconds < 0 ? 'left-0 rounded-r-[50%]' : 'right-0 rounded-l-[50%]'} bg-white/10`}
          aria-hidden="true"
          data-testid="seek-flash"
        >
          <span className="flex flex-col items-center gap-1 rounded-full bg-black/60 px-3 py-2 text-sm font-semibold text-white">
            {flash.seconds < 0 ? <RewindGlyph width={22} height={22} /> : <ForwardGlyph width={22} height={22} />}
            {t('player.seekSeconds', { seconds: Math.abs(flash.seconds) })}
          </span>
        </div>
      )}
    </div>
  )
}

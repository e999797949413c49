/**
 * Which way a horizontal strip can scroll, for its arrow buttons: none when everything fits.
 * Checked 300 ms after layout (SPEC.md section 9: images and fonts settle by then), whenever the
 * strip or its content changes size, and as it scrolls. `left` and `right` are the screen's sides;
 * `start` and `end` follow the writing direction (in a right-to-left page a strip starts at the
 * right, and its scrollLeft runs from 0 down to negative values).
 */
import { useCallback, useEffect, useState, type RefObject } from 'react'

export const ARROW_CHECK_DELAY_MS = 300

export interface ScrollArrows {
  left: boolean
  right: boolean
  start: boolean
  end: boolean
}

const NONE: ScrollArrows = { left: false, right: false, start: false, end: false }

/** How far a strip can scroll toward each side. */
export function scrollArrowsOf(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>, rtl: boolean): ScrollArrows {
  const room = el.scrollWidth - el.clientWidth
  // Scrolled away from the start, whichever side that is.
  const fromStart = rtl ? -el.scrollLeft : el.scrollLeft
  const start = fromStart > 1
  const end = fromStart < room - 1
  return rtl ? { left: end, right: start, start, end } : { left: start, right: end, start, end }
}

function rightToLeft(el: HTMLElement): boolean {
  return getComputedStyle(el).direction === 'rtl'
}

export function useScrollArrows(scroller: RefObject<HTMLElement | null>, watch: unknown): { arrows: ScrollArrows; check: () => void } {
  const [arrows, setArrows] = useState<ScrollArrows>(NONE)
  const check = useCallback(() => {
    const el = scroller.current
    const next = el ? scrollArrowsOf(el, rightToLeft(el)) : NONE
    setArrows((now) => (now.left === next.left && now.right === next.right && now.start === next.start && now.end === next.end ? now : next))
  }, [scroller])

  useEffect(() => {
    const el = scroller.current
    // No strip drawn (a row still waiting to come near the screen): no arrows, and nothing to watch.
    if (!el) return check()
    const timer = window.setTimeout(check, ARROW_CHECK_DELAY_MS)
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => check()) : null
    if (resized) {
      resized.observe(el)
      for (const child of Array.from(el.children)) resized.observe(child)
    }
    window.addEventListener('resize', check)
    el.addEventListener('scroll', check, { passive: true })
    return () => {
      window.clearTimeout(timer)
      resized?.disconnect()
      window.removeEventListener('resize', check)
      el.removeEventListener('scroll', check)
    }
  }, [check, scroller, watch])

  return { arrows, check }
}

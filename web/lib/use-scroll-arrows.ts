/**
 * Which way a horizontal strip can scroll, left and right as seen on the screen in either
 * direction of writing, for its arrow buttons: none when everything fits.
 * Checked 300 ms after layout (SPEC.md section 9: images and fonts settle by then), whenever the
 * strip or its content changes size, and as it scrolls.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react'

export const ARROW_CHECK_DELAY_MS = 300

export interface ScrollArrows {
  left: boolean
  right: boolean
}

export function useScrollArrows(scroller: RefObject<HTMLElement | null>, watch: unknown): { arrows: ScrollArrows; check: () => void } {
  const [arrows, setArrows] = useState<ScrollArrows>({ left: false, right: false })
  const check = useCallback(() => {
    const el = scroller.current
    if (!el) return setArrows((now) => (now.left || now.right ? { left: false, right: false } : now))
    const max = el.scrollWidth - el.clientWidth
    // A right-to-left strip starts at its right end, where scrollLeft is 0, and runs down to -max.
    const fromLeft = getComputedStyle(el).direction === 'rtl' ? el.scrollLeft + max : el.scrollLeft
    const left = fromLeft > 1
    const right = fromLeft < max - 1
    setArrows((now) => (now.left === left && now.right === right ? now : { left, right }))
  }, [scroller])

  useEffect(() => {
    const timer = window.setTimeout(check, ARROW_CHECK_DELAY_MS)
    const el = scroller.current
    const resized = typeof ResizeObserver === 'function' && el ? new ResizeObserver(() => check()) : null
    if (el && resized) {
      resized.observe(el)
      for (const child of Array.from(el.children)) resized.observe(child)
    }
    window.addEventListener('resize', check)
    el?.addEventListener('scroll', check, { passive: true })
    return () => {
      window.clearTimeout(timer)
      resized?.disconnect()
      window.removeEventListener('resize', check)
      el?.removeEventListener('scroll', check)
    }
  }, [check, scroller, watch])

  return { arrows, check }
}

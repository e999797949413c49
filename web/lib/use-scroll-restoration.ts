/**
 * Scroll positions per path (SPEC.md sections 4 and 9), kept in sessionStorage. Going back or
 * forward to a path restores its position (a 200 ms wait for the page to render, then about
 * 150 ms more); any other navigation to a new path goes to the top after about 100 ms.
 */
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

export const SCROLL_STORAGE_KEY = 'scroll-positions'
export const SCROLL_WAIT_MS = 200
export const SCROLL_RESTORE_MS = 150
export const SCROLL_RESET_MS = 100

function readPositions(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : {}
  } catch {
    return {}
  }
}

function savePosition(path: string, y: number) {
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ ...readPositions(), [path]: Math.round(y) }))
  } catch {
    // storage full or blocked: restoring is a nicety
  }
}

export function useScrollRestoration() {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  // While a restore is pending, scroll events come from the page changing under us, not the user.
  const settling = useRef(false)
  // The document's first page starts where the browser put it: at the top, or, on a page the
  // worker painted, wherever the visitor has scrolled before the app took over.
  const firstPage = useRef(true)

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual'
  }, [])

  // Layout effects swap the listener during the commit itself: the scroll event the browser fires
  // when the new, shorter page clamps the position must not be saved under the old path.
  useLayoutEffect(() => {
    let frame = 0
    const onScroll = () => {
      if (settling.current) return
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => savePosition(pathname, window.scrollY))
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [pathname])

  useLayoutEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = []
    const first = firstPage.current
    firstPage.current = false
    const settle = () => {
      const saved = readPositions()[pathname]
      if (first && !(navigationType === 'POP' && typeof saved === 'number')) {
        // A visitor who scrolled the painted page before the app took it over fired no event we heard.
        if (window.scrollY > 0) savePosition(pathname, window.scrollY)
        return
      }
      settling.current = true
      if (navigationType === 'POP' && typeof saved === 'number') {
        timers.push(
          setTimeout(() => {
            timers.push(
              setTimeout(() => {
                window.scrollTo(0, saved)
                settling.current = false
              }, SCROLL_RESTORE_MS),
            )
          }, SCROLL_WAIT_MS),
        )
      } else {
        timers.push(
          setTimeout(() => {
            window.scrollTo(0, 0)
            settling.current = false
          }, SCROLL_RESET_MS),
        )
      }
    }
    // The document's first page is looked at in a task of its own: the first read of sessionStorage
    // in a document waits for the browser to hand its data over, which would lengthen the task that
    // takes the whole page over.
    if (first) timers.push(setTimeout(settle, 0))
    else settle()
    return () => {
      timers.forEach(clearTimeout)
      settling.current = false
    }
    // Only a new path moves the page: a ?q= or ?service= change keeps the position.
  }, [pathname])
}

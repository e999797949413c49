/**
 * Closes a popup (a menu, a list of choices) while it is open: a press outside `root`, or Escape,
 * calls `close`. After Escape the focus goes back to `returnFocus` (the button that opened it),
 * where the keyboard user was.
 */
import { useEffect, type RefObject } from 'react'

export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, close: () => void, returnFocus?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return
    const onPointer = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) close()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      close()
      returnFocus?.current?.focus()
    }
    document.addEventListener('mousedown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, root, close, returnFocus])
}

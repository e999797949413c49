/**
 * Whether an element is at least 10% visible (SPEC.md section 9: infinite scroll triggers at 10%
 * visibility). The bottom margin starts loading a little before the sentinel reaches the screen.
 * With `once`, the answer stays true after the first time: for parts drawn or fetched only when
 * the visitor comes near them.
 */
import { startTransition, useEffect, useState, type RefObject } from 'react'

export function useInView(ref: RefObject<Element | null>, { rootMargin = '0px 0px 300px 0px', threshold = 0.1, enabled = true, once = false } = {}): boolean {
  const [inView, setInView] = useState(false)
  const settled = once && inView
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled || settled) return
    if (typeof IntersectionObserver === 'undefined') {
      // Without the observer (old browsers, tests without layout) nothing would ever show.
      if (once) setInView(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting)
        // What comes into view once is drawn as a transition: React yields to the visitor's
        // scrolling and taps while it renders, instead of holding the main thread.
        if (once) startTransition(() => setInView(visible))
        else setInView(visible)
      },
      { threshold, rootMargin },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, rootMargin, threshold, enabled, once, settled])
  return inView
}

/** Near the screen: within about a screen's height below (or above) it, and stays so once it was. */
export function useNearScreen(ref: RefObject<Element | null>, enabled = true): boolean {
  return useInView(ref, { rootMargin: '100% 0px 100% 0px', threshold: 0, enabled, once: true })
}

/**
 * Whether an element is at least 10% visible (SPEC.md section 9: infinite scroll triggers at 10%
 * visibility). The bottom margin starts loading a little before the sentinel reaches the screen.
 */
import { useEffect, useState, type RefObject } from 'react'

export function useInView(ref: RefObject<Element | null>, { rootMargin = '0px 0px 300px 0px', enabled = true } = {}): boolean {
  const [inView, setInView] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), { threshold: 0.1, rootMargin })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, rootMargin, enabled])
  return inView
}

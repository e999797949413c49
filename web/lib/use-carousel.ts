/**
 * The hero carousel's clock (SPEC.md section 9: 5 slides, 6000 ms). It advances one slide per
 * interval unless something pauses it (pointer over it, focus inside it, tab hidden); a manual
 * move restarts the interval so the chosen slide gets its full time.
 */
import { useCallback, useEffect, useState } from 'react'

export const HERO_INTERVAL_MS = 6000

export type PauseReason = 'hover' | 'focus' | 'hidden'

export function useCarousel(count: number, intervalMs: number = HERO_INTERVAL_MS) {
  const [index, setIndex] = useState(0)
  const [pauses, setPauses] = useState<ReadonlySet<PauseReason>>(() => new Set())
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden)
  const paused = pauses.size > 0 || hidden

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden)
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])

  // `index` in the dependencies restarts the interval after every move, automatic or manual.
  useEffect(() => {
    if (paused || count < 2) return
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs)
    return () => clearTimeout(timer)
  }, [index, paused, count, intervalMs])

  const safeIndex = count > 0 ? index % count : 0
  const goTo = useCallback((i: number) => setIndex(count > 0 ? ((i % count) + count) % count : 0), [count])
  const next = useCallback(() => setIndex((i) => (count > 0 ? (i + 1) % count : 0)), [count])
  const prev = useCallback(() => setIndex((i) => (count > 0 ? (i - 1 + count) % count : 0)), [count])
  const setPaused = useCallback((reason: PauseReason, on: boolean) => {
    setPauses((current) => {
      if (current.has(reason) === on) return current
      const copy = new Set(current)
      if (on) copy.add(reason)
      else copy.delete(reason)
      return copy
    })
  }, [])

  return { index: safeIndex, paused, goTo, next, prev, setPaused }
}

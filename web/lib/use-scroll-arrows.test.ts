// Which arrows a scroll row shows, left to right and right to left (where Chromium's scrollLeft
// runs from 0 at the start, on the right, to negative values toward the end, on the left), and what
// the hook watches: nothing until a strip is drawn.
import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ARROW_CHECK_DELAY_MS, scrollArrowsOf, useScrollArrows } from './use-scroll-arrows'

const strip = (scrollLeft: number) => ({ scrollLeft, scrollWidth: 1000, clientWidth: 400 })

describe('scrollArrowsOf', () => {
  it('left to right: at the start only right (the end), in the middle both, at the end only left', () => {
    expect(scrollArrowsOf(strip(0), false)).toEqual({ left: false, right: true, start: false, end: true })
    expect(scrollArrowsOf(strip(300), false)).toEqual({ left: true, right: true, start: true, end: true })
    expect(scrollArrowsOf(strip(600), false)).toEqual({ left: true, right: false, start: true, end: false })
  })

  it('right to left: at the start only left (the end), in the middle both, at the end only right', () => {
    expect(scrollArrowsOf(strip(0), true)).toEqual({ left: true, right: false, start: false, end: true })
    expect(scrollArrowsOf(strip(-300), true)).toEqual({ left: true, right: true, start: true, end: true })
    expect(scrollArrowsOf(strip(-600), true)).toEqual({ left: false, right: true, start: true, end: false })
  })

  it('shows none when everything fits', () => {
    expect(scrollArrowsOf({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 }, false)).toEqual({ left: false, right: false, start: false, end: false })
    expect(scrollArrowsOf({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 }, true)).toEqual({ left: false, right: false, start: false, end: false })
  })
})

describe('useScrollArrows', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('watches nothing while no strip is drawn (a row not yet near the screen), and shows no arrows', () => {
    const timers = vi.spyOn(window, 'setTimeout')
    const listeners = vi.spyOn(window, 'addEventListener')
    const { result } = renderHook(() => useScrollArrows({ current: null }, null))
    expect(result.current.arrows).toEqual({ left: false, right: false, start: false, end: false })
    expect(timers.mock.calls.filter(([, delay]) => delay === ARROW_CHECK_DELAY_MS)).toEqual([])
    expect(listeners.mock.calls.filter(([type]) => String(type) === 'resize')).toEqual([])
  })

  it('checks a drawn strip after layout settles, and as the window changes size', () => {
    const timers = vi.spyOn(window, 'setTimeout')
    const listeners = vi.spyOn(window, 'addEventListener')
    const strip = document.createElement('ul')
    const { unmount } = renderHook(() => useScrollArrows({ current: strip }, ['a']))
    expect(timers.mock.calls.filter(([, delay]) => delay === ARROW_CHECK_DELAY_MS)).toHaveLength(1)
    expect(listeners.mock.calls.filter(([type]) => String(type) === 'resize')).toHaveLength(1)
    unmount()
  })
})

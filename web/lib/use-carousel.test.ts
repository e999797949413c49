import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HERO_INTERVAL_MS, useCarousel } from './use-carousel'

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('useCarousel', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    setHidden(false)
  })

  it('advances every 6 seconds and wraps after the last slide', () => {
    const { result } = renderHook(() => useCarousel(5))
    expect(HERO_INTERVAL_MS).toBe(6000)
    act(() => vi.advanceTimersByTime(5999))
    expect(result.current.index).toBe(0)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.index).toBe(1)
    for (let i = 0; i < 4; i++) act(() => vi.advanceTimersByTime(6000))
    expect(result.current.index).toBe(0)
  })

  it('stands still while hovered or focused and resumes when both end', () => {
    const { result } = renderHook(() => useCarousel(5))
    act(() => result.current.setPaused('hover', true))
    act(() => result.current.setPaused('focus', true))
    act(() => vi.advanceTimersByTime(20_000))
    expect(result.current.index).toBe(0)
    act(() => result.current.setPaused('hover', false))
    act(() => vi.advanceTimersByTime(20_000))
    expect(result.current.index).toBe(0)
    act(() => result.current.setPaused('focus', false))
    act(() => vi.advanceTimersByTime(6000))
    expect(result.current.index).toBe(1)
  })

  it('pauses while the tab is hidden', () => {
    const { result } = renderHook(() => useCarousel(5))
    act(() => setHidden(true))
    expect(result.current.paused).toBe(true)
    act(() => vi.advanceTimersByTime(30_000))
    expect(result.current.index).toBe(0)
    act(() => setHidden(false))
    act(() => vi.advanceTimersByTime(6000))
    expect(result.current.index).toBe(1)
  })

  it('gives a manually chosen slide its full interval and wraps backwards', () => {
    const { result } = renderHook(() => useCarousel(5))
    act(() => vi.advanceTimersByTime(5000))
    act(() => result.current.prev())
    expect(result.current.index).toBe(4)
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current.index).toBe(4)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current.index).toBe(0)
    act(() => result.current.goTo(7))
    expect(result.current.index).toBe(2)
  })

  it('does not rotate a single slide', () => {
    const { result } = renderHook(() => useCarousel(1))
    act(() => vi.advanceTimersByTime(60_000))
    expect(result.current.index).toBe(0)
  })
})

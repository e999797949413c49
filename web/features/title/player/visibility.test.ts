import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONTROLS_FADE_MS, useControlsVisibility } from './visibility'

describe('useControlsVisibility', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const render = (playing: boolean, held = false) => renderHook(({ playing, held }) => useControlsVisibility(playing, held), { initialProps: { playing, held } })

  it('stays while the video is paused', () => {
    const { result } = render(false)
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS * 3))
    expect(result.current.visible).toBe(true)
  })

  it('fades 3 s into playback without activity, and comes back on activity', () => {
    const { result } = render(true)
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS - 50))
    expect(result.current.visible).toBe(true)
    act(() => vi.advanceTimersByTime(100))
    expect(result.current.visible).toBe(false)

    act(() => result.current.wake())
    expect(result.current.visible).toBe(true)
    // Each activity starts the 3 s again.
    act(() => vi.advanceTimersByTime(2000))
    act(() => result.current.wake())
    act(() => vi.advanceTimersByTime(2000))
    expect(result.current.visible).toBe(true)
    act(() => vi.advanceTimersByTime(1100))
    expect(result.current.visible).toBe(false)
  })

  it('stays while held (a menu open, a drag), and fades 3 s after it is let go', () => {
    const { result, rerender } = render(true, true)
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS * 2))
    expect(result.current.visible).toBe(true)
    act(() => result.current.hide())
    expect(result.current.visible).toBe(true)
    rerender({ playing: true, held: false })
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS - 50))
    expect(result.current.visible).toBe(true)
    act(() => vi.advanceTimersByTime(100))
    expect(result.current.visible).toBe(false)
  })

  it('shows again when playback stops, and a tap can put them away while playing', () => {
    const { result, rerender } = render(true)
    act(() => vi.advanceTimersByTime(CONTROLS_FADE_MS + 10))
    expect(result.current.visible).toBe(false)
    rerender({ playing: false, held: false })
    expect(result.current.visible).toBe(true)
    rerender({ playing: true, held: false })
    expect(result.current.visible).toBe(true)
    act(() => result.current.hide())
    expect(result.current.visible).toBe(false)
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DOUBLE_TAP_MS, TapDetector, zoneOf } from './gestures'

describe('zoneOf', () => {
  it('splits the picture into thirds, left to right', () => {
    expect(zoneOf(10, 390)).toBe('back')
    expect(zoneOf(129, 390)).toBe('back')
    expect(zoneOf(195, 390)).toBe('middle')
    expect(zoneOf(261, 390)).toBe('forward')
    expect(zoneOf(389, 390)).toBe('forward')
    expect(zoneOf(5, 0)).toBe('middle')
  })
})

describe('TapDetector', () => {
  let now = 0
  let single: ReturnType<typeof vi.fn<() => void>>
  let seek: ReturnType<typeof vi.fn<(seconds: number) => void>>
  let taps: TapDetector
  const wait = (ms: number) => {
    now += ms
    vi.advanceTimersByTime(ms)
  }

  beforeEach(() => {
    vi.useFakeTimers()
    now = 1000
    single = vi.fn<() => void>()
    seek = vi.fn<(seconds: number) => void>()
    taps = new TapDetector({ single, seek }, () => now)
  })
  afterEach(() => vi.useRealTimers())

  it('counts a lone tap on a side once no second tap has come', () => {
    taps.tap(20, 300)
    expect(single).not.toHaveBeenCalled()
    wait(DOUBLE_TAP_MS + 1)
    expect(single).toHaveBeenCalledTimes(1)
    expect(seek).not.toHaveBeenCalled()
  })

  it('counts a tap in the middle at once', () => {
    taps.tap(150, 300)
    expect(single).toHaveBeenCalledTimes(1)
    wait(DOUBLE_TAP_MS + 1)
    expect(single).toHaveBeenCalledTimes(1)
  })

  it('seeks 10 s back on a double tap on the left third, and forward on the right', () => {
    taps.tap(20, 300)
    wait(120)
    taps.tap(30, 300)
    expect(seek).toHaveBeenLastCalledWith(-10)
    wait(DOUBLE_TAP_MS * 3)
    taps.tap(280, 300)
    wait(100)
    taps.tap(270, 300)
    expect(seek).toHaveBeenLastCalledWith(10)
    wait(DOUBLE_TAP_MS + 1)
    expect(seek).toHaveBeenCalledTimes(2)
    expect(single).not.toHaveBeenCalled()
  })

  it('seeks again for each further quick tap on the same side', () => {
    taps.tap(280, 300)
    wait(100)
    taps.tap(280, 300)
    wait(200)
    taps.tap(285, 300)
    wait(200)
    taps.tap(290, 300)
    expect(seek.mock.calls).toEqual([[10], [10], [10]])
    // Past the pause, a tap is a tap again.
    wait(DOUBLE_TAP_MS + 50)
    taps.tap(290, 300)
    wait(DOUBLE_TAP_MS + 1)
    expect(seek).toHaveBeenCalledTimes(3)
    expect(single).toHaveBeenCalledTimes(1)
  })

  it('takes two slow taps as two taps, and taps on opposite sides as no seek', () => {
    taps.tap(20, 300)
    wait(DOUBLE_TAP_MS + 10)
    taps.tap(20, 300)
    wait(DOUBLE_TAP_MS + 10)
    expect(single).toHaveBeenCalledTimes(2)
    taps.tap(20, 300)
    wait(100)
    taps.tap(280, 300)
    expect(single).toHaveBeenCalledTimes(3)
    wait(DOUBLE_TAP_MS + 1)
    expect(single).toHaveBeenCalledTimes(4)
    expect(seek).not.toHaveBeenCalled()
  })

  it('forgets a waiting tap when cancelled', () => {
    taps.tap(20, 300)
    taps.cancel()
    wait(DOUBLE_TAP_MS * 2)
    expect(single).not.toHaveBeenCalled()
  })
})

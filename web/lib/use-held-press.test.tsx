// A press held until the page knows enough is carried out for what the button showed when pressed.
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useHeldPress } from './use-held-press'

describe('useHeldPress', () => {
  it('carries out a press made while unknown once known, for what was shown at the press', () => {
    const done = vi.fn()
    const { result, rerender } = renderHook(({ unknown, shown }) => useHeldPress(unknown, shown, done), { initialProps: { unknown: true, shown: false } })
    act(() => result.current.onPress())
    expect(done).not.toHaveBeenCalled()
    expect(result.current.waiting).toBe(true)
    // the state arrives: the title turns out to be listed already
    rerender({ unknown: false, shown: true })
    expect(done).toHaveBeenCalledTimes(1)
    expect(done).toHaveBeenCalledWith(false)
    expect(result.current.waiting).toBe(false)
  })

  it('acts at once when the page already knows', () => {
    const done = vi.fn()
    const { result } = renderHook(() => useHeldPress(false, true, done))
    act(() => result.current.onPress())
    expect(done).toHaveBeenCalledWith(true)
  })
})

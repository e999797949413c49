import { describe, expect, it, vi } from 'vitest'
import { handleShortcut, PLAYBACK_RATES, stepRate } from './shortcuts'

describe('stepRate', () => {
  it('steps through 0.5 to 2 and stops at either end', () => {
    expect(stepRate(1, 1)).toBe(1.25)
    expect(stepRate(1, -1)).toBe(0.75)
    expect(stepRate(2, 1)).toBe(2)
    expect(stepRate(0.5, -1)).toBe(0.5)
    expect(stepRate(1.1, 1)).toBe(1.25)
    expect(stepRate(1.1, -1)).toBe(1)
    expect(PLAYBACK_RATES[0]).toBe(0.5)
    expect(PLAYBACK_RATES.at(-1)).toBe(2)
  })
})

describe('handleShortcut', () => {
  it('changes the speed with < and >, and hands the other keys to their actions', () => {
    const video = { playbackRate: 1 } as HTMLVideoElement
    const actions = { toggleFullscreen: vi.fn(), toggleCaptions: vi.fn(), togglePictureInPicture: vi.fn(), showHelp: vi.fn(), skip: vi.fn(() => false) }
    expect(handleShortcut(video, '>', actions)).toBe(true)
    expect(handleShortcut(video, '>', actions)).toBe(true)
    expect(video.playbackRate).toBe(1.5)
    handleShortcut(video, '<', actions)
    expect(video.playbackRate).toBe(1.25)
    handleShortcut(video, '?', actions)
    handleShortcut(video, 'c', actions)
    handleShortcut(video, 'P', actions)
    handleShortcut(video, 'f', actions)
    expect(actions.showHelp).toHaveBeenCalledTimes(1)
    expect(actions.toggleCaptions).toHaveBeenCalledTimes(1)
    expect(actions.togglePictureInPicture).toHaveBeenCalledTimes(1)
    expect(actions.toggleFullscreen).toHaveBeenCalledTimes(1)
    expect(handleShortcut(video, 'x', actions)).toBe(false)
  })

  it('skips with S while there is something to skip, and leaves the key alone otherwise', () => {
    const video = { playbackRate: 1 } as HTMLVideoElement
    const base = { toggleFullscreen: vi.fn(), toggleCaptions: vi.fn(), togglePictureInPicture: vi.fn(), showHelp: vi.fn(), skip: vi.fn(() => false) }
    const skip = vi.fn(() => true)
    expect(handleShortcut(video, 's', { ...base, skip })).toBe(true)
    expect(handleShortcut(video, 'S', { ...base, skip })).toBe(true)
    expect(skip).toHaveBeenCalledTimes(2)
    expect(handleShortcut(video, 's', { ...base, skip: () => false })).toBe(false)
    expect(handleShortcut(video, 's', base)).toBe(false)
  })
})

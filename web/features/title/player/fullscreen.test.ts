import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rotationAction, useFullscreen } from './fullscreen'

describe('rotationAction', () => {
  it('fills the screen when a playing phone is turned sideways, and leaves when it is turned upright', () => {
    expect(rotationAction('landscape', { playing: true, fullscreen: false })).toBe('enter')
    expect(rotationAction('portrait', { playing: true, fullscreen: true })).toBe('exit')
    expect(rotationAction('portrait', { playing: false, fullscreen: true })).toBe('exit')
  })

  it('leaves a paused video, or one already in place, as it is', () => {
    expect(rotationAction('landscape', { playing: false, fullscreen: false })).toBeNull()
    expect(rotationAction('landscape', { playing: true, fullscreen: true })).toBeNull()
    expect(rotationAction('portrait', { playing: true, fullscreen: false })).toBeNull()
  })
})

/** A phone's screen: its orientation, which the test turns, and a touch screen without hover. */
class FakeOrientation extends EventTarget {
  type: OrientationType = 'portrait-primary'
  locks: string[] = []
  lock(orientation: string) {
    this.locks.push(orientation)
    return Promise.resolve()
  }
  unlock() {}
  turn(type: OrientationType) {
    this.type = type
    this.dispatchEvent(new Event('change'))
  }
}

describe('useFullscreen on a phone', () => {
  let orientation: FakeOrientation
  let container: HTMLDivElement
  let video: HTMLVideoElement

  beforeEach(() => {
    orientation = new FakeOrientation()
    vi.stubGlobal('screen', { orientation })
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('pointer: coarse'), addEventListener() {}, removeEventListener() {} }))
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true })
    container = document.createElement('div')
    video = document.createElement('video')
    Object.defineProperty(video, 'videoWidth', { value: 1280 })
    Object.defineProperty(video, 'videoHeight', { value: 720 })
    container.appendChild(video)
    document.body.appendChild(container)
    container.requestFullscreen = vi.fn(() => {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: container })
      document.dispatchEvent(new Event('fullscreenchange'))
      return Promise.resolve()
    })
    document.exitFullscreen = vi.fn(() => {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null })
      document.dispatchEvent(new Event('fullscreenchange'))
      return Promise.resolve()
    })
  })
  afterEach(() => {
    container.remove()
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null })
    vi.unstubAllGlobals()
  })

  const mount = (playing: boolean) =>
    renderHook(({ playing }) => useFullscreen({ current: container }, { current: video }, playing), { initialProps: { playing } })

  it('follows the rotation while playing', async () => {
    const { result } = mount(true)
    await act(async () => orientation.turn('landscape-primary'))
    expect(container.requestFullscreen).toHaveBeenCalledTimes(1)
    expect(result.current.active).toBe(true)
    await act(async () => orientation.turn('portrait-primary'))
    expect(document.exitFullscreen).toHaveBeenCalledTimes(1)
    expect(result.current.active).toBe(false)
  })

  it('does not fill the screen for a paused video turned sideways', async () => {
    mount(false)
    await act(async () => orientation.turn('landscape-primary'))
    expect(container.requestFullscreen).not.toHaveBeenCalled()
  })

  it('turns a wide picture sideways when full screen is pressed on an upright phone', async () => {
    const { result } = mount(true)
    await act(async () => result.current.toggle())
    expect(result.current.active).toBe(true)
    await vi.waitFor(() => expect(orientation.locks).toEqual(['landscape']))
    await act(async () => result.current.toggle())
    expect(result.current.active).toBe(false)
  })
})

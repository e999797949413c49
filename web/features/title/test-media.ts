/**
 * For the player's jsdom tests: jsdom's media elements stand in as ones that play. Each keeps its
 * own playhead and paused state (mediaState, which a test may move as playback would); play and
 * pause say so with their events, and setting the time seeks with `seeking` and `seeked`.
 * Restored by vi.restoreAllMocks().
 */
import { vi } from 'vitest'

const state = new WeakMap<HTMLMediaElement, { paused: boolean; time: number }>()

/** A media element's playhead (seconds) and whether it is paused. */
export function mediaState(media: HTMLMediaElement): { paused: boolean; time: number } {
  if (!state.has(media)) state.set(media, { paused: true, time: 0 })
  return state.get(media)!
}

/**
 * `canPlayType`: what the browser answers for HLS ('' for none, so the player turns to hls.js;
 * 'maybe' for a browser that plays it itself); `duration`: the stream's length, asked each time.
 */
export function fakeMedia({ canPlayType = '', duration = () => 120 }: { canPlayType?: CanPlayTypeResult; duration?: () => number } = {}) {
  const proto = HTMLMediaElement.prototype
  vi.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return mediaState(this).paused
  })
  vi.spyOn(proto, 'duration', 'get').mockImplementation(duration)
  vi.spyOn(proto, 'readyState', 'get').mockReturnValue(4)
  vi.spyOn(proto, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return mediaState(this).time
  })
  vi.spyOn(proto, 'currentTime', 'set').mockImplementation(function (this: HTMLMediaElement, value: number) {
    mediaState(this).time = value
    this.dispatchEvent(new Event('seeking'))
    this.dispatchEvent(new Event('seeked'))
  })
  vi.spyOn(proto, 'canPlayType').mockReturnValue(canPlayType)
  vi.spyOn(proto, 'load').mockImplementation(() => undefined)
  // jsdom has no text tracks; an empty list stands in.
  Object.defineProperty(proto, 'textTracks', { configurable: true, get: () => Object.assign(new EventTarget(), { length: 0 }) })
  vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    mediaState(this).paused = false
    this.dispatchEvent(new Event('play'))
    this.dispatchEvent(new Event('playing'))
    return Promise.resolve()
  })
  vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    mediaState(this).paused = true
    this.dispatchEvent(new Event('pause'))
  })
}

import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClientMessage, PartyState } from '../../../worker/party/protocol'
import { usePartySync, type PartySyncOptions } from './use-party-sync'

/** A video element whose playback jsdom cannot run: play and pause fire their events as a browser's would. */
function fakeVideo() {
  const video = document.createElement('video')
  let paused = true
  Object.defineProperty(video, 'readyState', { value: 4 })
  Object.defineProperty(video, 'paused', { get: () => paused })
  let seeking = false
  Object.defineProperty(video, 'seeking', { get: () => seeking, set: (value: boolean) => (seeking = value) })
  video.play = vi.fn(() => {
    paused = false
    video.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
  video.pause = vi.fn(() => {
    paused = true
    video.dispatchEvent(new Event('pause'))
  })
  return video
}

const NOW = 1_000_000
const state = (playback: Partial<PartyState['playback']> = {}): PartyState => ({
  title: { content_type: 'movie', content_id: 550, season_number: 0, episode_number: 0 },
  control: 'host',
  playback: { playing: false, position: 0, rate: 1, at: NOW, ...playback },
  waiting: null,
})

describe('usePartySync', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(NOW)
  })
  afterEach(() => vi.useRealTimers())

  function sync(options: Partial<PartySyncOptions> & { media: HTMLVideoElement }) {
    const sent: ClientMessage[] = []
    const props: PartySyncOptions = { state: state(), stateSeq: 1, offset: 0, send: (m) => sent.push(m), ...options }
    const hook = renderHook((p: PartySyncOptions) => usePartySync(p), { initialProps: props })
    return { sent, rerender: (over: Partial<PartySyncOptions>) => hook.rerender({ ...props, ...over }) }
  }
  const commands = (sent: ClientMessage[]) => sent.filter((m) => m.type !== 'status')

  it('puts the room’s playback on the player without sending it back as a command', () => {
    const media = fakeVideo()
    const { sent, rerender } = sync({ media, state: state({ position: 30 }) })
    expect(media.currentTime).toBe(30)
    media.dispatchEvent(new Event('seeked'))
    rerender({ state: state({ playing: true, position: 30, at: NOW }), stateSeq: 2 })
    expect(media.play).toHaveBeenCalled()
    expect(commands(sent)).toEqual([])
  })

  it('starts a scheduled command at its moment', () => {
    const media = fakeVideo()
    sync({ media, state: state({ playing: true, position: 10, at: NOW + 300 }) })
    expect(media.play).not.toHaveBeenCalled()
    expect(media.currentTime).toBe(10)
    vi.advanceTimersByTime(300)
    expect(media.play).toHaveBeenCalledTimes(1)
  })

  it('sends what the viewer does on the player as commands', () => {
    const media = fakeVideo()
    const { sent } = sync({ media })
    media.currentTime = 12
    media.dispatchEvent(new Event('seeked'))
    void media.play()
    // jsdom fires ratechange as a browser does.
    media.playbackRate = 1.5
    expect(commands(sent)).toEqual([
      { type: 'seek', position: 12 },
      { type: 'play', position: 12 },
      { type: 'rate', rate: 1.5 },
    ])
  })

  it('puts the room’s state back when the room refused the viewer’s command', () => {
    const media = fakeVideo()
    const { sent, rerender } = sync({ media })
    void media.play()
    expect(commands(sent)).toEqual([{ type: 'play', position: 0 }])
    // The refusal comes as the same state under a new number.
    rerender({ stateSeq: 2 })
    expect(media.paused).toBe(true)
    expect(commands(sent)).toHaveLength(1)
  })

  it('holds still while the room waits, and reports buffering at once', () => {
    const media = fakeVideo()
    const waiting = { ...state({ playing: true, position: 5, at: NOW - 1000 }), waiting: { members: [{ id: 'm2', name: 'Bo' }], continueFrom: NOW + 10_000 } }
    const { sent } = sync({ media, state: waiting })
    expect(media.play).not.toHaveBeenCalled()
    expect(media.currentTime).toBe(5)
    media.dispatchEvent(new Event('waiting'))
    expect(sent.at(-1)).toEqual({ type: 'status', buffering: true, position: 5 })
    media.dispatchEvent(new Event('playing'))
    expect(sent.at(-1)).toEqual({ type: 'status', buffering: false, position: 5 })
  })

  it('leaves a viewer’s seek alone while it loads and until the room answers it', () => {
    const media = fakeVideo()
    const { sent, rerender } = sync({ media, state: state({ playing: true, position: 40, at: NOW }) })
    expect(media.currentTime).toBe(40)
    // the viewer seeks far ahead; the segments there take a second to come
    media.currentTime = 70
    ;(media as { seeking: boolean }).seeking = true
    vi.advanceTimersByTime(1000)
    expect(media.currentTime).toBe(70)
    ;(media as { seeking: boolean }).seeking = false
    media.dispatchEvent(new Event('seeked'))
    expect(commands(sent)).toEqual([{ type: 'seek', position: 70 }])
    // the room's answer takes a while: the drift checks meanwhile do not put the player back
    vi.advanceTimersByTime(1000)
    expect(media.currentTime).toBe(70)
    rerender({ state: state({ playing: true, position: 70, at: Date.now() }), stateSeq: 2 })
    expect(media.currentTime).toBe(70)
    expect(commands(sent)).toHaveLength(1)
  })

  it('puts the room’s playhead back when a viewer’s command gets no answer', () => {
    const media = fakeVideo()
    sync({ media, state: state({ playing: true, position: 40, at: NOW }) })
    media.currentTime = 70
    media.dispatchEvent(new Event('seeked'))
    vi.advanceTimersByTime(1500)
    expect(media.currentTime).toBe(70)
    // the first check after two seconds: where the room is by then
    vi.advanceTimersByTime(1000)
    expect(media.currentTime).toBeGreaterThanOrEqual(42)
    expect(media.currentTime).toBeLessThanOrEqual(42.5)
  })

  it('starts at the command’s moment even while a seek is under way', () => {
    const media = fakeVideo()
    const { rerender } = sync({ media, state: state({ playing: true, position: 40, at: NOW }) })
    ;(media as { seeking: boolean }).seeking = true
    rerender({ state: state({ playing: true, position: 70, at: NOW + 300 }), stateSeq: 2 })
    expect(media.paused).toBe(true)
    vi.advanceTimersByTime(300)
    expect(media.paused).toBe(false)
  })

  it('sends a viewer’s seek as it starts, before the buffering it causes, and once', () => {
    const media = fakeVideo()
    const { sent } = sync({ media, state: state({ playing: true, position: 40, at: NOW }) })
    media.currentTime = 70
    media.dispatchEvent(new Event('seeking'))
    media.dispatchEvent(new Event('waiting'))
    media.dispatchEvent(new Event('seeked'))
    expect(sent.filter((m) => m.type !== 'status' || m.buffering)).toEqual([
      { type: 'seek', position: 70 },
      { type: 'status', buffering: true, position: 70 },
    ])
  })
})

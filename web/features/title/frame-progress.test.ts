import { describe, expect, it } from 'vitest'
import { FrameMedia, parseFrameMessage } from './frame-progress'
import { WatchProgress } from './progress'

describe('parseFrameMessage', () => {
  it('accepts the messages of the protocol', () => {
    expect(parseFrameMessage({ type: 'progress', currentTime: 12.5, duration: 3600 })).toEqual({ type: 'progress', currentTime: 12.5, duration: 3600 })
    expect(parseFrameMessage({ type: 'progress', currentTime: 3 })).toEqual({ type: 'progress', currentTime: 3, duration: 0 })
    expect(parseFrameMessage({ type: 'ended' })).toEqual({ type: 'ended' })
    expect(parseFrameMessage({ type: 'pause', extra: 1 })).toEqual({ type: 'pause' })
    expect(parseFrameMessage({ type: 'player_ready' })).toEqual({ type: 'player_ready' })
  })

  it('ignores anything else', () => {
    for (const data of [
      null,
      'progress',
      42,
      { type: 'progress' },
      { type: 'progress', currentTime: '12', duration: 100 },
      { type: 'progress', currentTime: -1, duration: 100 },
      { type: 'progress', currentTime: Number.NaN, duration: 100 },
      { type: 'progress', currentTime: 1, duration: Number.POSITIVE_INFINITY },
      { type: 'progress', currentTime: 1e12, duration: 100 },
      { type: 'seek', currentTime: 1 },
      { type: 'constructor' },
    ]) {
      expect(parseFrameMessage(data), JSON.stringify(data)).toBeNull()
    }
  })
})

describe('FrameMedia', () => {
  it('turns the messages into media events that the history counts', () => {
    const media = new FrameMedia()
    const events: string[] = []
    for (const name of ['play', 'timeupdate', 'pause', 'ended']) media.addEventListener(name, () => events.push(name))
    media.receive({ type: 'progress', currentTime: 1, duration: 100 })
    media.receive({ type: 'progress', currentTime: 2, duration: 100 })
    media.receive({ type: 'pause' })
    media.receive({ type: 'pause' })
    media.receive({ type: 'ended' })
    expect(events).toEqual(['play', 'timeupdate', 'timeupdate', 'pause', 'ended'])
    expect(media).toMatchObject({ currentTime: 2, duration: 100, paused: true })
  })
})

describe('WatchProgress with reports seconds apart', () => {
  it('counts a step as long as the time that passed between the reports, and a longer jump as a seek', () => {
    const progress = new WatchProgress({ content_id: 1, content_type: 'movie', title: 'Film', poster_path: null })
    progress.update(10, 100, true, 0)
    progress.update(15, 100, true, 5000)
    expect(progress.playedSeconds).toBe(5)
    progress.update(60, 100, true, 10_000)
    expect(progress.playedSeconds).toBe(5)
  })
})

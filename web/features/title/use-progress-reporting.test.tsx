import { act, render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HistoryPayload } from './progress'
import { useProgressReporting, type MediaLike } from './use-progress-reporting'

// The reports are what is tested here; sending them (history-client.ts) has tests of its own.
const sent: HistoryPayload[] = []
const beaconed: (HistoryPayload | null | undefined)[] = []
vi.mock('./history-client', () => ({
  sendProgress: (payload: HistoryPayload) => {
    sent.push(payload)
    return Promise.resolve()
  },
  beaconProgress: (payload?: HistoryPayload | null) => void beaconed.push(payload),
}))

/** A stand-in for the video element: its time and state are set by the test, its events fired by hand. */
class FakeMedia extends EventTarget implements MediaLike {
  currentTime = 0
  duration = 600
  paused = true
  seeking = false
  playTo(seconds: number, now: { value: number }) {
    this.paused = false
    for (let t = this.currentTime + 1; t <= seconds; t++) {
      now.value += 1000
      this.currentTime = t
      this.dispatchEvent(new Event('timeupdate'))
    }
  }
}

const title = { content_id: 155, content_type: 'movie' as const, title: 'The Dark Knight', poster_path: null }

function Reporter({ media }: { media: FakeMedia }) {
  const ref = useRef<MediaLike>(media)
  const watched = useRef(0)
  useProgressReporting(ref, { enabled: true, title, watched })
  return null
}

describe('useProgressReporting', () => {
  const now = { value: 0 }
  beforeEach(() => {
    sent.length = 0
    beaconed.length = 0
    now.value = 0
    vi.spyOn(performance, 'now').mockImplementation(() => now.value)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('marks the pause, end and leave reports, and not the ones every 15 s', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const media = new FakeMedia()
    const view = render(<Reporter media={media} />)
    act(() => {
      media.dispatchEvent(new Event('play'))
      media.playTo(5, now)
      vi.advanceTimersByTime(15_000)
    })
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ watch_duration: 4 })
    expect(sent[0]).not.toHaveProperty('reason')
    act(() => {
      media.playTo(10, now)
      media.paused = true
      media.dispatchEvent(new Event('pause'))
    })
    expect(sent.at(-1)).toMatchObject({ reason: 'pause' })
    expect(sent.at(-1)!.watch_duration).toBeGreaterThan(sent[0]!.watch_duration)

    act(() => {
      media.dispatchEvent(new Event('play'))
      media.playTo(20, now)
      window.dispatchEvent(new Event('pagehide'))
    })
    expect(beaconed.at(-1)).toMatchObject({ reason: 'leave' })
    expect(beaconed.at(-1)!.watch_duration).toBeGreaterThan(sent.at(-1)!.watch_duration)

    act(() => {
      media.playTo(600, now)
      media.dispatchEvent(new Event('ended'))
    })
    expect(sent.at(-1)).toMatchObject({ completed: true, reason: 'end' })

    act(() => media.playTo(601, now))
    media.currentTime = 300
    view.unmount()
    expect(sent.at(-1)).toMatchObject({ reason: 'leave' })
  })

  it('leaves with the last position played, even when the video has already let go of its stream', () => {
    const media = new FakeMedia()
    const view = render(<Reporter media={media} />)
    act(() => {
      media.dispatchEvent(new Event('play'))
      media.playTo(40, now)
    })
    // the player's engine is taken down first: a video without a source reads 0 s
    media.currentTime = 0
    media.duration = Number.NaN
    view.unmount()
    expect(sent.at(-1)).toMatchObject({ reason: 'leave', position: 40 })
  })

  it('sends nothing marked when nothing was watched', () => {
    const media = new FakeMedia()
    const view = render(<Reporter media={media} />)
    view.unmount()
    expect(sent).toEqual([])
  })
})

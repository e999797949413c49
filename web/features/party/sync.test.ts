import { describe, expect, it } from 'vitest'
import { SYNC_CORRECTION_GAP_MS, SYNC_RATE_MAX, SYNC_RATE_MIN, type PartyPlayback } from '../../../worker/party/protocol'
import { clockOffset, correctionFor, expectedPosition, keepSample, planSync, sampleOffset, type SyncInput } from './sync'

describe('the clock offset', () => {
  it('is the server’s time minus the middle of the round trip', () => {
    expect(sampleOffset({ t0: 1000, server: 5060, t3: 1100 })).toBe(4010)
  })

  it('comes from the sample with the shortest round trip of the latest five', () => {
    let samples = [
      { t0: 0, server: 900, t3: 10 }, // round trip 10, but the oldest: dropped below
      { t0: 100, server: 1200, t3: 300 },
      { t0: 300, server: 1340, t3: 340 }, // round trip 40: the best of those kept
      { t0: 400, server: 1500, t3: 600 },
      { t0: 600, server: 1700, t3: 800 },
    ]
    expect(clockOffset(samples)).toBe(895)
    samples = keepSample(samples, { t0: 800, server: 1900, t3: 1000 })
    expect(samples).toHaveLength(5)
    expect(clockOffset(samples)).toBe(1340 - 320)
    expect(clockOffset([])).toBeNull()
  })
})

describe('the room’s position', () => {
  const playback: PartyPlayback = { playing: true, position: 100, rate: 1.5, at: 10_000 }
  it('moves on at the room’s rate while playing', () => {
    expect(expectedPosition(playback, 12_000)).toBe(103)
  })
  it('stays put before a scheduled start and while paused', () => {
    expect(expectedPosition(playback, 9_000)).toBe(100)
    expect(expectedPosition({ ...playback, playing: false }, 99_000)).toBe(100)
  })
})

describe('a correction', () => {
  it('is nothing for drift under 60 ms', () => {
    expect(correctionFor(0.05, 1)).toEqual({ kind: 'none' })
    expect(correctionFor(-0.05, 1)).toEqual({ kind: 'none' })
  })

  it('is a rate closing the gap in about two seconds, within 0.9..1.1, up to 3 s', () => {
    expect(correctionFor(0.1, 1)).toEqual({ kind: 'rate', rate: 0.95 })
    expect(correctionFor(-0.1, 1)).toEqual({ kind: 'rate', rate: 1.05 })
    expect(correctionFor(2.5, 1)).toEqual({ kind: 'rate', rate: SYNC_RATE_MIN })
    expect(correctionFor(-3, 1)).toEqual({ kind: 'rate', rate: SYNC_RATE_MAX })
    // Around the room's own rate.
    expect(correctionFor(-3, 2)).toEqual({ kind: 'rate', rate: 2 * SYNC_RATE_MAX })
  })

  it('is a seek beyond 3 s', () => {
    expect(correctionFor(3.01, 1)).toEqual({ kind: 'seek' })
    expect(correctionFor(-40, 1)).toEqual({ kind: 'seek' })
  })
})

describe('planSync', () => {
  const playing: PartyPlayback = { playing: true, position: 60, rate: 1, at: 1_000_000 }
  const input = (over: Partial<SyncInput> & { currentTime?: number; paused?: boolean; playbackRate?: number; duration?: number; ended?: boolean }): SyncInput => ({
    playback: over.playback ?? playing,
    roomNow: over.roomNow ?? 1_010_000,
    media: { currentTime: over.currentTime ?? 70, paused: over.paused ?? false, playbackRate: over.playbackRate ?? 1, duration: over.duration ?? NaN, ended: over.ended ?? false },
    now: over.now ?? 50_000,
    lastCorrectionAt: over.lastCorrectionAt ?? -Infinity,
  })

  it('leaves a player in step alone, and puts a corrected rate back once in step', () => {
    expect(planSync(input({ currentTime: 70.02 }))).toEqual({ play: true, seek: null, rate: null, startIn: null, correction: false })
    expect(planSync(input({ currentTime: 70.02, playbackRate: 1.05 }))).toMatchObject({ rate: 1, correction: false })
  })

  it('corrects a small drift by the rate and a large one by a seek', () => {
    expect(planSync(input({ currentTime: 69.8 }))).toMatchObject({ play: true, seek: null, rate: 1.1, correction: true })
    expect(planSync(input({ currentTime: 75 }))).toMatchObject({ play: true, seek: 70, correction: true })
  })

  it('corrects at most once per 1.5 s', () => {
    const first = planSync(input({ currentTime: 69.8, now: 50_000 }))
    expect(first.correction).toBe(true)
    expect(planSync(input({ currentTime: 69.85, now: 50_000 + SYNC_CORRECTION_GAP_MS - 1, lastCorrectionAt: 50_000, playbackRate: 1.1 }))).toEqual({
      play: true,
      seek: null,
      rate: null,
      startIn: null,
      correction: false,
    })
    expect(planSync(input({ currentTime: 69.85, now: 50_000 + SYNC_CORRECTION_GAP_MS, lastCorrectionAt: 50_000, playbackRate: 1.1 }))).toMatchObject({ correction: true })
  })

  it('joins a playing room where its playhead is', () => {
    expect(planSync(input({ currentTime: 0, paused: true }))).toMatchObject({ play: true, seek: 70, correction: false })
  })

  it('puts a paused room’s position on the player and pauses it', () => {
    const paused = { ...playing, playing: false, position: 42 }
    expect(planSync(input({ playback: paused, currentTime: 50 }))).toMatchObject({ play: false, seek: 42, startIn: null })
    expect(planSync(input({ playback: paused, currentTime: 42, paused: true }))).toMatchObject({ play: false, seek: null })
  })

  it('waits at the end of a stream the room has played past, rather than play it again', () => {
    expect(planSync(input({ duration: 65, currentTime: 64 }))).toMatchObject({ play: false, seek: 65 })
    expect(planSync(input({ duration: 65, currentTime: 65, paused: true, ended: true }))).toMatchObject({ play: false, seek: null })
    expect(planSync(input({ duration: 600, currentTime: 70 }))).toMatchObject({ play: true, seek: null })
  })

  it('starts a scheduled command at its moment, waiting at its position until then', () => {
    const scheduled = { ...playing, at: 1_010_300 }
    expect(planSync(input({ playback: scheduled, currentTime: 58, paused: true }))).toEqual({ play: false, seek: 60, rate: null, startIn: 300, correction: false })
  })
})

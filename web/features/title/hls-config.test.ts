import { describe, expect, it } from 'vitest'
import { bufferAhead, hlsConfig, levelLabels, shouldLowerLevel, shouldRestartAfterStall, STALL_RESTART_MS, startLevelFor as startLevel } from './hls-config'

function ranges(...spans: [number, number][]): TimeRanges {
  return { length: spans.length, start: (i: number) => spans[i]![0], end: (i: number) => spans[i]![1] }
}

describe('hlsConfig', () => {
  it('carries the buffer and loader settings of SPEC.md section 9', () => {
    expect(hlsConfig).toMatchObject({ maxBufferLength: 600, maxMaxBufferLength: 1200, maxBufferSize: 524288000 })
    for (const policy of [hlsConfig.fragLoadPolicy, hlsConfig.manifestLoadPolicy]) {
      expect(policy?.default).toMatchObject({
        maxTimeToFirstByteMs: 60000,
        maxLoadTimeMs: 60000,
        timeoutRetry: { maxNumRetry: 20, retryDelayMs: 200 },
        errorRetry: { maxNumRetry: 20, retryDelayMs: 200 },
      })
    }
  })
})

describe('bufferAhead', () => {
  it('measures the range that holds the playhead', () => {
    expect(bufferAhead(ranges([0, 4], [10, 30]), 12)).toBe(18)
    expect(bufferAhead(ranges([0, 4], [10, 30]), 2)).toBe(2)
  })

  it('is 0 outside every range', () => {
    expect(bufferAhead(ranges([0, 4]), 6)).toBe(0)
    expect(bufferAhead(ranges(), 0)).toBe(0)
  })
})

describe('shouldLowerLevel', () => {
  const low = { bufferAhead: 4, remaining: 300, currentLevel: 2, autoLevel: true, sinceLastDropMs: 60_000 }

  it('steps down when the buffer ahead is under 10 s', () => {
    expect(shouldLowerLevel(low)).toBe(true)
    expect(shouldLowerLevel({ ...low, bufferAhead: 10 })).toBe(false)
  })

  it('keeps the level at the lowest level, near the end, right after a drop, or when the viewer picked it', () => {
    expect(shouldLowerLevel({ ...low, currentLevel: 0 })).toBe(false)
    expect(shouldLowerLevel({ ...low, remaining: 8 })).toBe(false)
    expect(shouldLowerLevel({ ...low, sinceLastDropMs: 1000 })).toBe(false)
    expect(shouldLowerLevel({ ...low, autoLevel: false })).toBe(false)
  })
})

describe('levelLabels', () => {
  it('names levels by height, else by bitrate', () => {
    expect(levelLabels([{ height: 240, bitrate: 79200 }, { bitrate: 128000 }])).toEqual([
      { index: 0, label: '240p' },
      { index: 1, label: '128 kbps' },
    ])
  })
})

describe('shouldRestartAfterStall', () => {
  const stuck = { stalledAt: 42, currentTime: 42, paused: false, seeking: false, ended: false, bufferAhead: 0 }

  it('restarts loading 1000 ms after a stall when the playhead is stuck with nothing ahead', () => {
    expect(STALL_RESTART_MS).toBe(1000)
    expect(shouldRestartAfterStall(stuck)).toBe(true)
  })

  it('leaves a stall that has cleared itself, or a viewer who paused, seeks or reached the end, alone', () => {
    expect(shouldRestartAfterStall({ ...stuck, currentTime: 42.4 })).toBe(false)
    expect(shouldRestartAfterStall({ ...stuck, bufferAhead: 3 })).toBe(false)
    expect(shouldRestartAfterStall({ ...stuck, paused: true })).toBe(false)
    expect(shouldRestartAfterStall({ ...stuck, seeking: true })).toBe(false)
    expect(shouldRestartAfterStall({ ...stuck, ended: true })).toBe(false)
  })
})

describe('startLevelFor', () => {
  it("starts by the connection: lowest, middle, highest, or hls.js's estimate while unknown", () => {
    expect(startLevel('very-poor', 3)).toBe(0)
    expect(startLevel('poor', 3)).toBe(1)
    expect(startLevel('poor', 4)).toBe(1)
    expect(startLevel('good', 3)).toBe(2)
    expect(startLevel('excellent', 3)).toBe(2)
    expect(startLevel(undefined, 3)).toBe(-1)
    expect(startLevel('good', 0)).toBe(-1)
  })
})

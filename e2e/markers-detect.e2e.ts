/**
 * Detection of markers (scripts/detect-markers.mjs) on the bundled sample series, whose script
 * knows where each part is (web/public/media/series/truth.json): every intro, recap and credits
 * is found within half a second of the truth and confidently enough to be shown; an episode
 * without the intro, made here by the same script, gets no intro. Runs ffmpeg and fpcalc (Debian's
 * ffmpeg and libchromaprint-tools), not the browser.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without type declarations
import { detectSources, markersSql } from '../scripts/detect-markers.mjs'
import { MARKER_MIN_CONFIDENCE } from '../worker/player/marker-rules'

interface Found {
  kind: string
  start_ms: number
  end_ms: number
  duration_ms: number
  confidence: number
}

const root = join(__dirname, '..')
const series = join(root, 'web', 'public', 'media', 'series')
const episodes = ['e1', 'e2', 'e3'].map((e) => join(series, e, 'master.m3u8'))
const truth = JSON.parse(readFileSync(join(series, 'truth.json'), 'utf8')) as { episodes: { kind: string; start: number; end: number }[][] }
const work = mkdtempSync(join(tmpdir(), 'markers-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('marker detection on the sample series', () => {
  it('finds every intro, recap and credits within half a second of where the script put them', () => {
    const found = detectSources(episodes) as Found[][]
    truth.episodes.forEach((parts, index) => {
      const expected = parts.filter((part) => ['intro', 'recap', 'credits'].includes(part.kind))
      expect(found[index]!.map((m) => m.kind), `episode ${index + 1}`).toEqual(expected.map((part) => part.kind))
      expected.forEach((part, at) => {
        const marker = found[index]![at]!
        expect(Math.abs(marker.start_ms / 1000 - part.start), `episode ${index + 1} ${part.kind} start`).toBeLessThanOrEqual(0.5)
        expect(Math.abs(marker.end_ms / 1000 - part.end), `episode ${index + 1} ${part.kind} end`).toBeLessThanOrEqual(0.5)
        expect(marker.confidence, `episode ${index + 1} ${part.kind}`).toBeGreaterThanOrEqual(MARKER_MIN_CONFIDENCE)
      })
    })
    // what the worker stores, and what `npm start` seeds for the embedded catalogue's sample show
    const sql = markersSql({ type: 'tv', id: 19885, season: 1 }, found)
    expect(sql).toBe(readFileSync(join(root, 'data', 'sample-series-markers.sql'), 'utf8'))
  })

  it('finds an intro at 0:00 as well as one after a cold open', () => {
    const first = join(work, 'intro-first.mp4')
    execFileSync('bash', [join(root, 'scripts', 'make-sample-series.sh'), '--intro-first', first])
    const found = detectSources([episodes[0], first]) as Found[][]
    const intro = found[1]!.find((m) => m.kind === 'intro')!
    expect(intro.start_ms).toBe(0)
    expect(Math.abs(intro.end_ms - 20_000)).toBeLessThanOrEqual(500)
    const other = found[0]!.find((m) => m.kind === 'intro')!
    expect(Math.abs(other.start_ms - 8500)).toBeLessThanOrEqual(500)
  })

  it('finds no intro in an episode that has none, and still its credits', () => {
    const plain = join(work, 'no-intro.mp4')
    execFileSync('bash', [join(root, 'scripts', 'make-sample-series.sh'), '--without-intro', plain])
    const found = detectSources([episodes[0], episodes[1], plain]) as Found[][]
    expect(found[2]!.map((m) => m.kind)).toEqual(['credits'])
    // the others still agree on theirs
    expect(found[0]!.find((m) => m.kind === 'intro')?.confidence).toBeGreaterThanOrEqual(MARKER_MIN_CONFIDENCE)
  })
})

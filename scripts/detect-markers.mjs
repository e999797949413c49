#!/usr/bin/env node
/**
 * Finds the intro, recap and credits of a season's episodes by comparing their audio, for the
 * operator to run (not in a request): `npm run markers:detect -- --id 19885 --season 1 EP1 EP2 ...`
 * where each EP is an episode's stream or file (an HLS master playlist, a local path or an address
 * ffmpeg can read), in episode order.
 *
 * How: each episode's audio is fingerprinted with Chromaprint (`fpcalc -raw`, one 32-bit item per
 * 0.124 s); two episodes share a span where their items, aligned at some offset, differ in few
 * bits for long enough. The intro is the longest span an episode shares with the others in its
 * first 60% (so one at 0:00 or after a cold open alike), the credits the longest in its last 40%,
 * and a recap a span before the intro that repeats an earlier episode's own part. Each end is
 * snapped to the nearest silence or black frames (ffmpeg's silencedetect and blackdetect) within reach. The confidence is how
 * many of the other episodes agree (half of them is enough), times how closely their items match; markers below
 * MARKER_MIN_CONFIDENCE (worker/player/marker-rules.ts) are stored but never shown to viewers.
 *
 * Writes SQL for D1's `stream_markers` (detected markers of these episodes replace earlier
 * detected ones; the operator's stay): to the local database by default, `--remote` to the
 * deployed one, `--persist-to DIR` for another local state, `--sql FILE` to only write the file.
 * Viewers see them within a minute of the KV copies being cleared, which this does too.
 * Needs ffmpeg and fpcalc (Debian: `apt-get install ffmpeg libchromaprint-tools`).
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Seconds of audio per Chromaprint item: 4096-sample frames at 11025 Hz, a third of a frame apart. */
const ITEM_SECONDS = 4096 / 3 / 11025
/** Items that differ in at most this many of their 32 bits count as the same sound. */
const SAME_BITS = 10
/** Items that may differ inside a shared span before it is taken as ended. */
const GAP_ITEMS = 3
/**
 * An item sums about two seconds of sound, so one whose window only ends inside a shared span
 * already matches: a span is found this much before it starts (measured on the sample series).
 */
const LEAD_SECONDS = 1.7
const MIN_SECONDS = { intro: 8, credits: 5, recap: 4 }
/** How far from a span's found start or end a silence may be to take its place. */
const SNAP_SECONDS = 1.5

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.error) throw new Error(`${command} could not run (${result.error.message}): install ffmpeg and libchromaprint-tools`)
  return result
}

/** An episode's Chromaprint items and length in seconds. */
function fingerprint(source) {
  // fpcalc answers non-zero after a stream's last frame; what it printed is whole.
  const { stdout } = run('fpcalc', ['-raw', '-length', '0', source])
  const items = /FINGERPRINT=([\d,]+)/.exec(stdout)?.[1]
  const duration = Number(/DURATION=(\d+)/.exec(stdout)?.[1])
  if (!items) throw new Error(`no fingerprint for ${source}`)
  return { items: items.split(',').map(Number), duration }
}

/**
 * The pauses of an episode where a part may start or end: its silences (at least 0.3 s under
 * -50 dB) and its black frames (at least 0.3 s), from one pass of ffmpeg, and its exact length.
 */
function silencesOf(source) {
  const { stderr } = run('ffmpeg', ['-hide_banner', '-nostats', '-i', source, '-af', 'silencedetect=n=-50dB:d=0.3', '-vf', 'blackdetect=d=0.3:pix_th=0.10', '-f', 'null', '-'])
  const silences = []
  for (const match of stderr.matchAll(/silence_start: ([\d.]+)[\s\S]*?silence_end: ([\d.]+)/g)) silences.push({ start: Number(match[1]), end: Number(match[2]) })
  for (const match of stderr.matchAll(/black_start:([\d.]+) black_end:([\d.]+)/g)) silences.push({ start: Number(match[1]), end: Number(match[2]) })
  const time = [...stderr.matchAll(/time=(\d+):(\d+):([\d.]+)/g)].at(-1)
  const length = time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : null
  return { silences, length }
}

function bitsDiffering(x) {
  let v = x >>> 0
  v -= (v >>> 1) & 0x55555555
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * The longest span `a[aFrom..aTo)` shares with `b[bFrom..bTo)` at any alignment: where it starts
 * in each, how many items long, and the mean bits differing over it.
 */
function sharedSpan(a, b, [aFrom, aTo], [bFrom, bTo]) {
  let best = { length: 0, aStart: 0, bStart: 0, bits: 32 }
  for (let shift = bFrom - aTo + 1; shift < bTo - aFrom; shift++) {
    const first = Math.max(aFrom, bFrom - shift)
    const last = Math.min(aTo, bTo - shift)
    let start = -1
    let end = -1
    let misses = 0
    let bits = 0
    const close = () => {
      const length = end - start + 1
      if (start >= 0 && length > best.length) best = { length, aStart: start, bStart: start + shift, bits: bits / length }
      start = -1
      misses = 0
      bits = 0
    }
    for (let i = first; i < last; i++) {
      const differing = bitsDiffering(a[i] ^ b[i + shift])
      if (differing <= SAME_BITS) {
        if (start < 0) start = i
        end = i
        misses = 0
      } else if (start >= 0 && ++misses > GAP_ITEMS) close()
      if (start >= 0) bits += Math.min(differing, 32)
    }
    close()
  }
  return best
}

/** The silence edge nearest `time` within reach, else `time`: an end snaps to where silence starts, a start to where it ends. */
function snapped(time, silences, edge) {
  let best = null
  for (const silence of silences) {
    const at = silence[edge]
    if (Math.abs(at - time) <= SNAP_SECONDS && (best === null || Math.abs(at - time) < Math.abs(best - time))) best = at
  }
  return best ?? time
}

const items = (seconds) => Math.round(seconds / ITEM_SECONDS)

/**
 * Markers for each episode of a season, in order: `{ kind, start_ms, end_ms, duration_ms, confidence }`.
 * `episodes` are `{ items, duration, silences }` (fingerprint() and silencesOf() of each).
 */
function detectSeason(episodes) {
  const found = episodes.map(() => [])
  const region = (episode, part) => {
    const n = episode.items.length
    return part === 'start' ? [0, Math.floor(n * 0.6)] : [Math.floor(n * 0.6), n]
  }
  const spanOf = (i, kind, part) => {
    const agreeing = []
    for (let j = 0; j < episodes.length; j++) {
      if (j === i) continue
      const span = sharedSpan(episodes[i].items, episodes[j].items, region(episodes[i], part), region(episodes[j], part))
      if (span.length >= items(MIN_SECONDS[kind])) agreeing.push(span)
    }
    if (agreeing.length === 0) return null
    // the span most of the others agree on: the longest, then how many start within a second of it
    const longest = agreeing.reduce((a, b) => (b.length > a.length ? b : a))
    const alike = agreeing.filter((span) => Math.abs(span.aStart - longest.aStart) <= items(1))
    const closeness = 1 - alike.reduce((sum, span) => sum + span.bits, 0) / alike.length / 32
    // half of the others agreeing is as sure as all: a special or a pilot may lack the intro
    const wanted = Math.ceil((episodes.length - 1) / 2)
    return { aStart: longest.aStart, length: longest.length, confidence: Math.min(1, alike.length / wanted) * closeness }
  }
  episodes.forEach((episode, i) => {
    const length = episode.length ?? episode.duration
    const mark = (kind, span) => {
      const at = span.aStart * ITEM_SECONDS
      const rawStart = at <= LEAD_SECONDS ? 0 : at + LEAD_SECONDS
      // the last items' windows reach past the end of the sound: a span up to them runs to the end
      const last = span.aStart + span.length
      const rawEnd = last >= episode.items.length - items(1) ? length : last * ITEM_SECONDS
      const start = Math.max(0, snapped(rawStart, episode.silences, 'end'))
      const end = Math.min(length, snapped(rawEnd, episode.silences, 'start'))
      // what is left once its ends are placed must still be long enough to be one
      if (end - start < MIN_SECONDS[kind]) return null
      found[i].push({ kind, start_ms: Math.round(start * 1000), end_ms: Math.round(end * 1000), duration_ms: Math.round(length * 1000), confidence: Math.round(span.confidence * 100) / 100 })
      return { start, end }
    }
    const intro = spanOf(i, 'intro', 'start')
    const introAt = intro ? mark('intro', intro) : null
    const credits = spanOf(i, 'credits', 'end')
    if (credits) mark('credits', credits)
    // a recap: before the intro (or in the first 60% without one), a span an earlier episode had as its own part
    const before = introAt ? items(introAt.start + LEAD_SECONDS) : region(episode, 'start')[1]
    let recap = null
    for (let j = 0; j < i; j++) {
      const other = episodes[j]
      const own = [0, other.items.length]
      const span = sharedSpan(episode.items, other.items, [0, before], own)
      if (span.length >= items(MIN_SECONDS.recap) && (!recap || span.length > recap.length)) recap = { ...span, confidence: 1 - span.bits / 32 }
    }
    if (recap) mark('recap', recap)
    found[i].sort((a, b) => a.start_ms - b.start_ms)
  })
  return found
}

/** SQL replacing the detected markers of a show's episodes, in order from episode 1 (the operator's stay). */
export function markersSql({ id, season }, perEpisode) {
  const lines = []
  perEpisode.forEach((markers, index) => {
    const episode = index + 1
    const where = `content_type = 'tv' AND content_id = ${id} AND season_number = ${season} AND episode_number = ${episode}`
    // the earlier detected markers go, and viewers' reports of them with them
    lines.push(`DELETE FROM marker_reports WHERE marker_id IN (SELECT id FROM stream_markers WHERE ${where} AND source = 'detected');`)
    lines.push(`DELETE FROM stream_markers WHERE ${where} AND source = 'detected';`)
    for (const m of markers) {
      lines.push(
        `INSERT INTO stream_markers (content_type, content_id, season_number, episode_number, kind, start_ms, end_ms, duration_ms, source, confidence) VALUES ('tv', ${id}, ${season}, ${episode}, '${m.kind}', ${m.start_ms}, ${m.end_ms}, ${m.duration_ms}, 'detected', ${m.confidence});`,
      )
    }
  })
  return `${lines.join('\n')}\n`
}

/** Fingerprints and silences of each source, then the season's markers. */
export function detectSources(sources) {
  return detectSeason(
    sources.map((source) => {
      const { items: fingerprintItems, duration } = fingerprint(source)
      const { silences, length } = silencesOf(source)
      return { items: fingerprintItems, duration, silences, length }
    }),
  )
}

async function main(argv) {
  const options = { season: 1, id: null, remote: false, persistTo: null, sql: null }
  const sources = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--id') options.id = Number(argv[++i])
    else if (arg === '--season') options.season = Number(argv[++i])
    else if (arg === '--remote') options.remote = true
    else if (arg === '--persist-to') options.persistTo = argv[++i]
    else if (arg === '--sql') options.sql = argv[++i]
    else sources.push(arg)
  }
  if (!Number.isInteger(options.id) || options.id <= 0 || sources.length < 2) {
    console.error('usage: npm run markers:detect -- --id TITLE_ID [--season N] [--sql FILE | --remote | --persist-to DIR] EPISODE1 EPISODE2 [...]')
    console.error('(at least two episodes of one season, in order: detection compares them)')
    process.exit(2)
  }
  const found = detectSources(sources)
  found.forEach((markers, index) => {
    console.log(`episode ${index + 1}: ${markers.map((m) => `${m.kind} ${(m.start_ms / 1000).toFixed(1)}-${(m.end_ms / 1000).toFixed(1)} s (${m.confidence})`).join(', ') || 'nothing found'}`)
  })
  const sql = markersSql(options, found)
  const file = options.sql ?? join(tmpdir(), `markers-${process.pid}.sql`)
  writeFileSync(file, sql)
  if (options.sql) return
  const { applyMarkersSql } = await import('./prepare-local.mjs')
  const applied = applyMarkersSql(file, { remote: options.remote, persistTo: options.persistTo, titles: [`tv:${options.id}`] })
  if (!applied) process.exit(1)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2))

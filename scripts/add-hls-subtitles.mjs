#!/usr/bin/env node
// Adds WebVTT subtitles to the bundled HLS sample (run by scripts/make-hls-sample.sh after
// ffmpeg, or on its own on an existing sample): one subtitle playlist per language, cut into
// segments as long as the video's, listed in the master playlist as a SUBTITLES group that
// every rendition names. The lines are our own, describing the test pattern and its tone.
//
// Usage: node scripts/add-hls-subtitles.mjs [sample-dir]   (default web/public/media/sample)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const out = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'media', 'sample')
const SECONDS = 12
const SEGMENT = 4
const GROUP = 'subs'

/** [start, end, text] in seconds; the same timings in every language. */
const languages = [
  {
    code: 'en',
    name: 'English',
    cues: [
      [0.5, 3.5, 'This is the Reelhouse sample stream.'],
      [4, 7.5, 'A test pattern, with a 440 Hz tone.'],
      [8, 11.5, 'Three renditions: 240p, 360p and 480p.'],
    ],
  },
  {
    code: 'es',
    name: 'Español',
    cues: [
      [0.5, 3.5, 'Esta es la emisión de muestra de Reelhouse.'],
      [4, 7.5, 'Una carta de ajuste, con un tono de 440 Hz.'],
      [8, 11.5, 'Tres calidades: 240p, 360p y 480p.'],
    ],
  },
  {
    code: 'fr',
    name: 'Français',
    cues: [
      [0.5, 3.5, "Voici le flux d'exemple de Reelhouse."],
      [4, 7.5, 'Une mire de test, avec un son de 440 Hz.'],
      [8, 11.5, 'Trois qualités : 240p, 360p et 480p.'],
    ],
  },
]

function clock(seconds) {
  const ms = Math.round(seconds * 1000)
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0')
  const m = String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0')
  const s = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`
}

rmSync(join(out, GROUP), { recursive: true, force: true })
for (const language of languages) {
  const dir = join(out, GROUP, language.code)
  mkdirSync(dir, { recursive: true })
  const playlist = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${SEGMENT}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD']
  for (let index = 0, start = 0; start < SECONDS; index++, start += SEGMENT) {
    const end = Math.min(SECONDS, start + SEGMENT)
    // Each segment carries the cues that begin in it; the timestamp map ties its clock to the
    // video's, which starts at 0.
    const cues = language.cues.filter(([from]) => from >= start && from < end)
    const body = ['WEBVTT', 'X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000', '']
    cues.forEach(([from, to, text], i) => body.push(`${index + 1}-${i + 1}`, `${clock(from)} --> ${clock(to)}`, text, ''))
    writeFileSync(join(dir, `segment-${index}.vtt`), body.join('\n'))
    playlist.push(`#EXTINF:${(end - start).toFixed(6)},`, `segment-${index}.vtt`)
  }
  playlist.push('#EXT-X-ENDLIST', '')
  writeFileSync(join(dir, 'index.m3u8'), playlist.join('\n'))
}

// The master playlist: the subtitle group first, each rendition naming it (any earlier run's
// lines are replaced, so the script can run again).
const masterPath = join(out, 'master.m3u8')
const lines = readFileSync(masterPath, 'utf8')
  .split('\n')
  .filter((line) => !line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
  .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(/,SUBTITLES="[^"]*"/, '') + `,SUBTITLES="${GROUP}"` : line))
const media = languages.map(
  (language) =>
    `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${GROUP}",NAME="${language.name}",LANGUAGE="${language.code}",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="${GROUP}/${language.code}/index.m3u8"`,
)
const versionAt = lines.findIndex((line) => line.startsWith('#EXT-X-VERSION'))
lines.splice(versionAt + 1, 0, ...media)
writeFileSync(masterPath, lines.join('\n'))
console.log(`subtitles in ${languages.map((l) => l.code).join(', ')} added to ${masterPath}`)

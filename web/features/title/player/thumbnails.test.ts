import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseWebVtt, thumbnailAt, thumbnailsOf } from './thumbnails'

const TRACK = 'https://cdn.example/films/42/thumbs/track.vtt'

describe('parseWebVtt', () => {
  it('reads each cue’s timings and text, past notes and blank lines, with or without hours', () => {
    const text = [
      '\uFEFFWEBVTT - thumbnails',
      '',
      'NOTE made by the encoder',
      '',
      '1',
      '00:00.000 --> 00:05.000',
      'sprite-0.jpg#xywh=0,0,160,90',
      '',
      '00:00:05.000 --> 00:00:10.500 align:start',
      'sprite-0.jpg#xywh=160,0,160,90',
      '',
      '',
      '1:00:10.500 --> 1:00:15.000',
      'late.jpg',
      '',
    ].join('\r\n')
    expect(parseWebVtt(text)).toEqual([
      { startTime: 0, endTime: 5, text: 'sprite-0.jpg#xywh=0,0,160,90' },
      { startTime: 5, endTime: 10.5, text: 'sprite-0.jpg#xywh=160,0,160,90' },
      { startTime: 3610.5, endTime: 3615, text: 'late.jpg' },
    ])
  })

  it('reads nothing from a file that is not WebVTT', () => {
    expect(parseWebVtt('00:00.000 --> 00:05.000\nsprite.jpg\n')).toEqual([])
    expect(parseWebVtt('<html>not found</html>')).toEqual([])
    expect(parseWebVtt('WEBVTTX\n\n00:00.000 --> 00:05.000\nsprite.jpg')).toEqual([])
  })
})

describe('thumbnailsOf', () => {
  it('resolves each image against the track and reads its region of the sprite', () => {
    const thumbnails = thumbnailsOf(
      [
        { startTime: 5, endTime: 10, text: 'sprite.jpg#xywh=160,0,160,90' },
        { startTime: 0, endTime: 5, text: '../images/first.jpg' },
        { startTime: 10, endTime: 15, text: 'https://img.example/s.jpg#xywh=pixel:0,90,160,90' },
      ],
      TRACK,
    )
    expect(thumbnails).toEqual([
      { start: 0, end: 5, url: 'https://cdn.example/films/42/images/first.jpg', region: null },
      { start: 5, end: 10, url: 'https://cdn.example/films/42/thumbs/sprite.jpg', region: { x: 160, y: 0, w: 160, h: 90 } },
      { start: 10, end: 15, url: 'https://img.example/s.jpg', region: { x: 0, y: 90, w: 160, h: 90 } },
    ])
  })

  it('leaves out cues with no image, no length, an empty region or a scheme other than http(s)', () => {
    const cues = [
      { startTime: 0, endTime: 5, text: '' },
      { startTime: 5, endTime: 5, text: 'a.jpg' },
      { startTime: 5, endTime: 10, text: 'a.jpg#xywh=0,0,0,90' },
      { startTime: 10, endTime: 15, text: 'javascript:alert(1)' },
      { startTime: 15, endTime: 20, text: 'data:image/png;base64,AAAA' },
    ]
    expect(thumbnailsOf(cues, TRACK)).toEqual([])
  })
})

describe('thumbnailAt', () => {
  const thumbnails = thumbnailsOf(
    Array.from({ length: 50 }, (_, i) => ({ startTime: i * 2 + 1, endTime: i * 2 + 3, text: `s.jpg#xywh=${i},0,10,10` })),
    TRACK,
  )

  it('finds the thumbnail showing at a time', () => {
    expect(thumbnailAt(thumbnails, 1)?.region?.x).toBe(0)
    expect(thumbnailAt(thumbnails, 2.99)?.region?.x).toBe(0)
    expect(thumbnailAt(thumbnails, 3)?.region?.x).toBe(1)
    expect(thumbnailAt(thumbnails, 60.5)?.region?.x).toBe(29)
    expect(thumbnailAt(thumbnails, 1000)?.region?.x).toBe(49)
  })

  it('finds none before the first, or in an empty track', () => {
    expect(thumbnailAt(thumbnails, 0.5)).toBeNull()
    expect(thumbnailAt([], 3)).toBeNull()
  })
})

describe('the bundled sample’s thumbnails track', () => {
  const text = readFileSync(join(__dirname, '../../../public/media/sample/thumbnails.vtt'), 'utf8')
  const thumbnails = thumbnailsOf(parseWebVtt(text), 'https://site.example/media/sample/thumbnails.vtt')

  it('covers the 12 s sample second by second, each frame a 160x90 region of one 4x3 sprite', () => {
    expect(thumbnails).toHaveLength(12)
    expect(thumbnails[0]!.start).toBe(0)
    expect(thumbnails.at(-1)!.end).toBe(12)
    for (const [i, thumbnail] of thumbnails.entries()) {
      expect(thumbnail.url).toBe('https://site.example/media/sample/thumbnails.jpg')
      expect(thumbnail.region).toEqual({ x: (i % 4) * 160, y: Math.floor(i / 4) * 90, w: 160, h: 90 })
      if (i > 0) expect(thumbnail.start).toBe(thumbnails[i - 1]!.end)
    }
    expect(thumbnailAt(thumbnails, 7.4)?.region).toEqual({ x: 480, y: 90, w: 160, h: 90 })
  })
})

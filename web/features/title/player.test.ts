import { describe, expect, it } from 'vitest'
import type { Video } from '../../../worker/catalog/types'
import type { PlayerSource } from '../../../worker/player/sources'
import { availableSources, trailerOf } from './player'

const video = (over: Partial<Video>): Video => ({ id: 'v', key: 'k', name: 'Clip', site: 'Local', type: 'Clip', official: true, ...over })
const builtIns: PlayerSource[] = [
  { id: 'reelhouse', name: 'Reelhouse Player', kind: 'hls' },
  { id: 'trailer', name: 'Trailer', kind: 'trailer' },
]
const embeds = { youtube: 'https://videos.example/embed/{key}?autoplay=0' }

describe('trailerOf', () => {
  it('prefers a playable trailer, then any playable video', () => {
    const teaser = video({ id: 'a', name: 'Teaser', type: 'Teaser', url: '/media/teaser.mp4' })
    const trailer = video({ id: 'b', name: 'Trailer', type: 'Trailer', url: '/media/trailer.mp4' })
    expect(trailerOf([teaser, trailer], {})).toEqual({ name: 'Trailer', kind: 'file', url: '/media/trailer.mp4' })
    expect(trailerOf([teaser], {})).toEqual({ name: 'Teaser', kind: 'file', url: '/media/teaser.mp4' })
  })

  it('ignores videos hosted on a video site the operator has no embed for', () => {
    expect(trailerOf([video({ type: 'Trailer', site: 'YouTube', key: 'abc' })], {})).toBeNull()
    expect(trailerOf([video({ type: 'Trailer', site: 'Vimeo', key: '123' })], embeds)).toBeNull()
  })

  it('embeds a hosted trailer through the operator template, matching the site in any case', () => {
    const hosted = video({ name: 'Official Trailer', type: 'Trailer', site: 'YouTube', key: 'SUXWAEX2jlg' })
    expect(trailerOf([hosted], embeds)).toEqual({
      name: 'Official Trailer',
      kind: 'embed',
      url: 'https://videos.example/embed/SUXWAEX2jlg?autoplay=0',
    })
  })

  it('reads only the sites the operator named, never what every object inherits', () => {
    for (const site of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(trailerOf([video({ type: 'Trailer', site, key: 'abc' })], embeds)).toBeNull()
    }
  })

  it('ranks official trailers first, then unofficial trailers, then other clips', () => {
    const clip = video({ name: 'Clip', type: 'Clip', site: 'YouTube', key: 'clip' })
    const fanTrailer = video({ name: 'Fan trailer', type: 'Trailer', official: false, site: 'YouTube', key: 'fan' })
    const official = video({ name: 'Official', type: 'Trailer', official: true, site: 'YouTube', key: 'official' })
    expect(trailerOf([clip, fanTrailer, official], embeds)?.name).toBe('Official')
    expect(trailerOf([clip, fanTrailer], embeds)?.name).toBe('Fan trailer')
    expect(trailerOf([clip], embeds)?.name).toBe('Clip')
  })

  it('never puts a key that is not a plain token into the URL', () => {
    for (const key of ['../admin', 'a b', 'x"onload="y', '', 'k'.repeat(65)]) {
      expect(trailerOf([video({ type: 'Trailer', site: 'YouTube', key })], embeds)).toBeNull()
    }
    // A bad key does not hide a good video behind it.
    const good = video({ name: 'Good', type: 'Teaser', site: 'YouTube', key: 'good_1-A' })
    expect(trailerOf([video({ type: 'Trailer', site: 'YouTube', key: '../x' }), good], embeds)?.url).toBe('https://videos.example/embed/good_1-A?autoplay=0')
  })
})

describe('availableSources', () => {
  it('hides the trailer source when the title has no playable trailer', () => {
    expect(availableSources(builtIns, null).map((s) => s.id)).toEqual(['reelhouse'])
    const trailer = trailerOf([video({ url: '/media/t.mp4' })], {})
    expect(availableSources(builtIns, trailer).map((s) => s.id)).toEqual(['reelhouse', 'trailer'])
  })
})

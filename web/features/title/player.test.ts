import { describe, expect, it } from 'vitest'
import type { Video } from '../../../worker/catalog/types'
import type { PlayerSource } from '../../../worker/player/sources'
import { availableSources, trailerOf } from './player'

const video = (over: Partial<Video>): Video => ({ id: 'v', key: 'k', name: 'Clip', site: 'Local', type: 'Clip', official: true, ...over })
const builtIns: PlayerSource[] = [
  { id: 'reelhouse', name: 'Reelhouse Player', kind: 'hls' },
  { id: 'trailer', name: 'Trailer', kind: 'trailer' },
]

describe('trailerOf', () => {
  it('prefers a playable trailer, then any playable video', () => {
    const teaser = video({ id: 'a', type: 'Teaser', url: '/media/teaser.mp4' })
    const trailer = video({ id: 'b', type: 'Trailer', url: '/media/trailer.mp4' })
    expect(trailerOf([teaser, trailer])).toBe(trailer)
    expect(trailerOf([teaser])).toBe(teaser)
  })

  it('ignores videos without a direct URL (hosted on a video site)', () => {
    expect(trailerOf([video({ type: 'Trailer', site: 'YouTube' })])).toBeNull()
  })
})

describe('availableSources', () => {
  it('hides the trailer source when the title has no playable trailer', () => {
    expect(availableSources(builtIns, null).map((s) => s.id)).toEqual(['reelhouse'])
    expect(availableSources(builtIns, video({ url: '/media/t.mp4' })).map((s) => s.id)).toEqual(['reelhouse', 'trailer'])
  })
})

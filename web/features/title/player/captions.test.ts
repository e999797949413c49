import { describe, expect, it } from 'vitest'
import { captionTracks, choiceForTrack, trackForChoice } from './captions'

const tracks = captionTracks([
  { name: 'English', lang: 'en' },
  { name: 'Español', lang: 'es' },
  { name: 'Português (Brasil)', lang: 'pt-BR' },
])

describe('captions', () => {
  it('finds the remembered language among a stream’s tracks, or shows none', () => {
    expect(trackForChoice(tracks, 'es')).toBe(1)
    expect(trackForChoice(tracks, 'pt')).toBe(2)
    expect(trackForChoice(tracks, 'en-GB')).toBe(0)
    expect(trackForChoice(tracks, 'fr')).toBe(-1)
    expect(trackForChoice(tracks, 'off')).toBe(-1)
  })

  it('remembers the language of the chosen track, or off', () => {
    expect(choiceForTrack(tracks, 1)).toBe('es')
    expect(choiceForTrack(tracks, 2)).toBe('pt-br')
    expect(choiceForTrack(tracks, -1)).toBe('off')
  })

  it('labels a track without a name by its language', () => {
    expect(captionTracks([{ name: '', lang: 'de' }, { name: '' }]).map((t) => t.label)).toEqual(['de', 'Track 2'])
  })
})

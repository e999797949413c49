import { describe, expect, it } from 'vitest'
import { captionLineHeight, captionTracks, choiceForTrack, clearCueOf, trackForChoice } from './captions'

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

describe('clearCueOf', () => {
  /** What the controls change of a VTTCue, as jsdom has none. */
  const cue = (line: number | 'auto' = 'auto') => ({ line, snapToLines: true, lineAlign: 'start' }) as unknown as VTTCue

  it('lifts a cue the browser places at the bottom clear of the controls, counted in lines, and puts it back', () => {
    const shown = cue()
    // A 363 px video: lines of 28 px, so the cue's last line sits three lines (85 px) up.
    expect(clearCueOf(shown, 363, 68)).toBe(true)
    expect(clearCueOf(shown, 363, 68)).toBe(false)
    expect([shown.line, shown.snapToLines]).toEqual([-4, true])
    expect((-(shown.line as number) - 1) * captionLineHeight(363)).toBeGreaterThanOrEqual(68)
    // A phone's 202 px video: the 15 px floor makes lines of 20 px.
    clearCueOf(shown, 202, 68)
    expect(shown.line).toBe(-5)
    expect((-(shown.line as number) - 1) * captionLineHeight(202)).toBeGreaterThanOrEqual(68)
    clearCueOf(shown, 202, 0)
    expect([shown.line, shown.snapToLines]).toEqual(['auto', true])
  })

  it('leaves a cue the stream placed itself where it is', () => {
    const placed = cue(2)
    expect(clearCueOf(placed, 400, 68)).toBe(false)
    expect([placed.line, placed.snapToLines]).toEqual([2, true])
  })
})

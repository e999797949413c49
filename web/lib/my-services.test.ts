// What pages send and show under "On my services": the choice as it may be used, the page API's
// query and cache key for it, and which cards carry the mark.
import { describe, expect, it } from 'vitest'
import { cleanChoice, isOnServices, narrowingKey, narrowingOf, narrowingQuery } from './my-services'

describe('my services', () => {
  it('keeps only known services and a two-letter region from what was stored or answered', () => {
    expect(cleanChoice({ services: [8, 337], region: 'US' })).toEqual({ services: [8, 337], region: 'US' })
    expect(cleanChoice({ services: [8, 12345, '9', null, 283], region: 'GB' })).toEqual({ services: [8, 283], region: 'GB' })
    for (const bad of [null, undefined, 'netflix', { services: [8] }, { services: '8', region: 'US' }, { services: [8], region: 'usa' }, { services: [8], region: 'us' }]) {
      expect(cleanChoice(bad), JSON.stringify(bad)).toBeNull()
    }
  })

  it('narrows a page only while the switch is on and some services are chosen', () => {
    const choice = { services: [8, 337], region: 'DE' }
    expect(narrowingOf(true, choice)).toEqual({ on: [8, 337], region: 'DE' })
    expect(narrowingOf(false, choice)).toBeNull()
    expect(narrowingOf(true, { services: [], region: 'DE' })).toBeNull()
    expect(narrowingOf(true, null)).toBeNull()
  })

  it('asks the page API for ?on=&region= and keeps each narrowing under its own key', () => {
    expect(narrowingQuery({ on: [8, 337], region: 'US' })).toEqual({ on: '8,337', region: 'US' })
    expect(narrowingQuery(null)).toEqual({})
    expect(narrowingKey({ on: [8, 337], region: 'US' })).toBe('on-8.337-US')
    expect(narrowingKey({ on: [8, 337], region: 'GB' })).not.toBe(narrowingKey({ on: [8, 337], region: 'US' }))
    expect(narrowingKey(null)).toBeUndefined()
  })

  it('marks a card whose title is on one of the services, and every card of a narrowed page', () => {
    expect(isOnServices({ providers: [8, 9] }, [337, 9], false)).toBe(true)
    expect(isOnServices({ providers: [8] }, [337], false)).toBe(false)
    expect(isOnServices({}, [337], false)).toBe(false)
    expect(isOnServices({ providers: [8] }, undefined, false)).toBe(false)
    expect(isOnServices({}, [337], true)).toBe(true)
  })
})

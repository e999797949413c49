// Whether a painted page is taken over in place or drawn afresh: choices kept in this browser that
// change a first screen, on every page or on one (the quick search's recent searches).
import { afterEach, describe, expect, it } from 'vitest'
import { keepsFirstScreenChoices } from './hydration'

afterEach(() => localStorage.clear())

describe('keepsFirstScreenChoices', () => {
  it('is false with nothing kept, and true on every page once a first-screen choice is on', () => {
    expect(keepsFirstScreenChoices()).toBe(false)
    expect(keepsFirstScreenChoices('/search')).toBe(false)
    localStorage.setItem('sidebar-collapsed', 'false')
    expect(keepsFirstScreenChoices('/')).toBe(false)
    localStorage.setItem('sidebar-collapsed', 'true')
    expect(keepsFirstScreenChoices('/')).toBe(true)
    expect(keepsFirstScreenChoices()).toBe(true)
  })

  it('recent searches change the quick search alone, and only when there are some', () => {
    localStorage.setItem('recent-searches', '[]')
    expect(keepsFirstScreenChoices('/search')).toBe(false)
    localStorage.setItem('recent-searches', '["alien"]')
    expect(keepsFirstScreenChoices('/search')).toBe(true)
    expect(keepsFirstScreenChoices('/search-results')).toBe(false)
    expect(keepsFirstScreenChoices('/')).toBe(false)
    expect(keepsFirstScreenChoices()).toBe(false)
    // Edited by hand into something else: read as nothing kept.
    localStorage.setItem('recent-searches', '{not json')
    expect(keepsFirstScreenChoices('/search')).toBe(false)
  })
})

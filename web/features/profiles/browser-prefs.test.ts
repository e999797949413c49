// A profile's own choices kept in this browser: swapped on a switch, so each profile finds its own
// and a child's profile never sees a grown-up's recent searches.
import { describe, expect, it } from 'vitest'
import { CAPTIONS_STORAGE_KEY } from '../title/player/captions'
import { PROFILE_KEYS, switchProfilePrefs } from './browser-prefs'

describe('switchProfilePrefs', () => {
  it('puts the outgoing profile’s values aside and brings the incoming one’s back, both ways', () => {
    localStorage.clear()
    localStorage.setItem('recent-searches', JSON.stringify(['horror night']))
    localStorage.setItem('reelhouse:autoplay-next', 'false')
    localStorage.setItem('sidebar-collapsed', 'true')
    switchProfilePrefs(localStorage, 42, 1, 3)
    // the kids profile starts from the defaults; what belongs to the browser stays
    expect(localStorage.getItem('recent-searches')).toBeNull()
    expect(localStorage.getItem('reelhouse:autoplay-next')).toBeNull()
    expect(localStorage.getItem('sidebar-collapsed')).toBe('true')
    localStorage.setItem('recent-searches', JSON.stringify(['dinosaurs']))
    switchProfilePrefs(localStorage, 42, 3, 1)
    expect(JSON.parse(localStorage.getItem('recent-searches')!)).toEqual(['horror night'])
    expect(localStorage.getItem('reelhouse:autoplay-next')).toBe('false')
    switchProfilePrefs(localStorage, 42, 1, 3)
    expect(JSON.parse(localStorage.getItem('recent-searches')!)).toEqual(['dinosaurs'])
    // choosing the profile that holds them changes nothing
    switchProfilePrefs(localStorage, 42, 3, 3)
    expect(JSON.parse(localStorage.getItem('recent-searches')!)).toEqual(['dinosaurs'])
  })

  it('names the keys the player, the title page, the services switch and the search keep', () => {
    for (const key of [CAPTIONS_STORAGE_KEY, 'theatre-mode', 'my-services-on', 'recent-searches', 'reelhouse:autoplay-next', 'reelhouse:auto-skip-shows', 'reelhouse:hidden-markers']) {
      expect(PROFILE_KEYS).toContain(key)
    }
  })
})

import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SeasonList } from './episode-list'

describe('SeasonList', () => {
  it('never says "0 ep": an unknown count is left out until the season’s own answer counts its episodes', () => {
    const seasons = [
      { season_number: 1, name: 'Season 1', episode_count: null },
      { season_number: 2, name: 'Season 2', episode_count: 8 },
      { season_number: 3, name: 'Season 3', episode_count: 0 },
    ]
    const { rerender } = render(<SeasonList seasons={seasons} selected={1} onSelect={() => undefined} />)
    const nav = screen.getByRole('navigation', { name: 'Seasons' })
    const buttons = within(nav).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['Season 1', 'Season 28 ep', 'Season 3'])
    rerender(<SeasonList seasons={seasons} selected={1} loadedCount={10} onSelect={() => undefined} />)
    expect(within(nav).getAllByRole('button')[0]!.textContent).toBe('Season 110 ep')
    expect(nav.textContent).not.toMatch(/\b0 ep/)
  })
})

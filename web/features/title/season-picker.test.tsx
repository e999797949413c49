import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SeasonPicker } from './season-picker'

describe('SeasonPicker', () => {
  it('never says "0 episodes": a count the provider leaves out, or a season with none, is left off the tab', () => {
    const seasons = [
      { season_number: 1, name: 'Season 1', episode_count: null },
      { season_number: 2, name: 'Season 2', episode_count: 8 },
      { season_number: 3, name: 'Season 3', episode_count: 0 },
    ]
    const { rerender } = render(<SeasonPicker seasons={seasons} selected={1} onSelect={() => undefined} idBase="s" />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Season 1', 'Season 2, 8 episodes', 'Season 3'])
    // the page fills in a count once the season's own answer has come
    rerender(<SeasonPicker seasons={[{ ...seasons[0]!, episode_count: 10 }, ...seasons.slice(1)]} selected={1} onSelect={() => undefined} idBase="s" />)
    expect(screen.getAllByRole('tab')[0]!.textContent).toBe('Season 1, 10 episodes')
  })

  it('offers more than six seasons as a menu, with the same names', () => {
    const seasons = Array.from({ length: 8 }, (_, i) => ({ season_number: i + 1, name: `Season ${i + 1}`, episode_count: i === 7 ? null : 10 }))
    render(<SeasonPicker seasons={seasons} selected={8} onSelect={() => undefined} idBase="m" />)
    const options = screen.getAllByRole('option')
    expect(options).toHaveLength(8)
    expect(options[0]!.textContent).toBe('Season 1, 10 episodes')
    expect(options[7]!.textContent).toBe('Season 8')
  })
})

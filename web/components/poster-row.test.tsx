import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { PosterItem } from './poster-card'
import { PosterRow } from './poster-row'

const rated: PosterItem = { id: 155, media_type: 'movie', title: 'The Dark Knight', poster_path: null, release_date: '2008-07-18', vote_average: 8.9 }
const upcoming: PosterItem = { id: 2000001, media_type: 'movie', title: 'Coming Soon Film', poster_path: null, release_date: '2010-06-18', vote_average: 0 }

function cardOf(title: string): HTMLElement {
  return screen.getByText(title).closest('a') as HTMLElement
}

describe('PosterRow', () => {
  it('shows the row note under its title', () => {
    render(
      <MemoryRouter>
        <PosterRow title="Coming Soon" note="As of May 2010, when this catalogue's film data ends" items={[rated]} />
      </MemoryRouter>,
    )
    const heading = screen.getByRole('heading', { name: 'Coming Soon' })
    expect(heading.nextElementSibling?.textContent).toBe("As of May 2010, when this catalogue's film data ends")
  })

  it('draws no note when the row has none', () => {
    render(
      <MemoryRouter>
        <PosterRow title="Popular Movies" items={[rated]} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { name: 'Popular Movies' }).nextElementSibling).toBeNull()
  })

  it('gives a rated title its star badge and a title nobody has rated yet none', () => {
    render(
      <MemoryRouter>
        <PosterRow title="Coming Soon" items={[rated, upcoming]} />
      </MemoryRouter>,
    )
    const ratedCard = cardOf('The Dark Knight')
    expect(ratedCard.querySelector('svg')).not.toBeNull()
    expect(within(ratedCard).getByText(', rating 8.9')).toBeTruthy()
    const upcomingCard = cardOf('Coming Soon Film')
    expect(upcomingCard.querySelector('svg')).toBeNull()
    expect(upcomingCard.textContent).not.toMatch(/rating|0\.0/)
  })
})

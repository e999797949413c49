// A title page answers in parts after its first render (the player's sources, the connection's
// quality): a row of cards is drawn again only when its own props change, not with the page.
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { PosterItem } from './poster-card'
import { PosterRow } from './poster-row'

const cardsDrawn = vi.hoisted(() => ({ count: 0 }))
// Counts the cards the row draws; the row itself is the real one.
vi.mock('./poster-card', async (original) => {
  const real = await original<typeof import('./poster-card')>()
  return {
    ...real,
    PosterCard: (props: Parameters<typeof real.PosterCard>[0]) => {
      cardsDrawn.count += 1
      return real.PosterCard(props)
    },
  }
})

const similar: PosterItem[] = [
  { id: 155, media_type: 'movie', title: 'The Dark Knight', poster_path: null, release_date: '2008-07-18', vote_average: 8.9 },
  { id: 272, media_type: 'movie', title: 'Batman Begins', poster_path: null, release_date: '2005-06-10', vote_average: 7.7 },
]

function Page({ items, sources }: { items: PosterItem[]; sources: number }) {
  return (
    <MemoryRouter>
      <p>{sources} sources</p>
      <PosterRow title="More like this" items={items} />
    </MemoryRouter>
  )
}

describe('a row of cards on a page drawn again', () => {
  it('is not drawn again when its own props are the same, and is when they change', () => {
    const { rerender, getByText } = render(<Page items={similar} sources={0} />)
    expect(cardsDrawn.count).toBe(2)
    rerender(<Page items={similar} sources={2} />)
    expect(getByText('2 sources')).toBeTruthy()
    expect(cardsDrawn.count).toBe(2)
    rerender(<Page items={[...similar]} sources={2} />)
    expect(cardsDrawn.count).toBe(4)
  })
})

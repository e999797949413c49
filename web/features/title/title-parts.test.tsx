import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type TitleFacts, TitleHeader } from './title-parts'

const facts: TitleFacts = {
  type: 'movie',
  id: 2000001,
  title: 'City of God',
  originalTitle: 'Cidade de Deus',
  originalLanguage: 'pt',
  year: '2003',
  runtime: '2h 10m',
  rating: 8.7,
  backdropPath: null,
  posterPath: null,
}

describe('TitleHeader', () => {
  it('shows the original title, in its language, under a title that differs from it', () => {
    render(<TitleHeader facts={facts} />)
    const heading = screen.getByRole('heading', { level: 1, name: 'City of God' })
    const original = heading.nextElementSibling as HTMLElement
    expect(original.textContent).toBe('Cidade de Deus')
    expect(original.lang).toBe('pt')
  })

  it('shows no second line when the original title is the title', () => {
    render(<TitleHeader facts={{ ...facts, title: 'Fight Club', originalTitle: 'Fight Club', originalLanguage: 'en' }} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Fight Club' }).nextElementSibling?.textContent).not.toBe('Fight Club')
  })

  it('shows the rating only when the title has one', () => {
    const { unmount } = render(<TitleHeader facts={facts} />)
    expect(screen.getByText('8.7')).toBeTruthy()
    unmount()
    render(<TitleHeader facts={{ ...facts, rating: 0 }} />)
    expect(screen.queryByText('Rating')).toBeNull()
    expect(screen.queryByText('0.0')).toBeNull()
  })
})

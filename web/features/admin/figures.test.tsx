import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { countWithUnit } from '../../lib/format'
import { TitleRanking } from './figures'

describe('TitleRanking', () => {
  it('says "1 viewer" and "1 save", and the plural for any other count', () => {
    expect(countWithUnit(1, 'admin.viewers')).toBe('1 viewer')
    expect(countWithUnit(0, 'admin.viewers')).toBe('0 viewers')
    expect(countWithUnit(1234, 'admin.saves')).toBe('1,234 saves')
    render(
      <MemoryRouter>
        <TitleRanking
          titles={[
            { content_type: 'movie', content_id: 1, title: 'Alone', poster_path: null, count: 1 },
            { content_type: 'tv', content_id: 2, title: 'Pair', poster_path: null, count: 2 },
          ]}
          unit="admin.saves"
          empty="none"
        />
      </MemoryRouter>,
    )
    const items = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items[0]).toContain('1 save,')
    expect(items[1]).toContain('2 saves,')
  })
})

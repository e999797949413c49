// A browse-all grid's painted filters take a year before React does: once React takes the page
// over, the grid follows what the visitor typed there.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { seedQueryCache } from '../../lib/boot'
import type { GridState } from '../../lib/grid-filters'
import { paintThenHydrate } from '../../test-painted'
import { GridControls } from './grid-controls'

// A visitor's page: nobody is signed in, known at the first render, as the worker's HTML says.
seedQueryCache(new QueryClient(), { path: '/movies/all', imageBase: '/api/img', signedOut: true })

function Grid({ changes }: { changes: GridState[] }) {
  const [state, setState] = useState<GridState>({ sort: 'popularity' })
  return (
    <QueryClientProvider client={new QueryClient()}>
      <GridControls
        type="movie"
        state={state}
        onChange={(next) => {
          changes.push(next)
          setState(next)
        }}
      />
    </QueryClientProvider>
  )
}

const filters = (page: HTMLElement) => within(page).getByRole('search', { name: 'Filter titles' })

describe("a grid's painted filters, taken over by React", () => {
  it('narrow the grid to the year typed into them before', async () => {
    const changes: GridState[] = []
    const page = await paintThenHydrate(<Grid changes={changes} />, (html) => {
      within(filters(html)).getByLabelText<HTMLInputElement>('From year').value = '1990'
    })
    expect(changes).toEqual([{ sort: 'popularity', from: 1990 }])
    expect(within(filters(page)).getByLabelText<HTMLInputElement>('From year').value).toBe('1990')
    expect(within(filters(page)).getByLabelText<HTMLInputElement>('To year').value).toBe('')
  })

  it('change nothing when nothing was typed', async () => {
    const changes: GridState[] = []
    const page = await paintThenHydrate(<Grid changes={changes} />, () => undefined)
    expect(changes).toEqual([])
    expect(within(filters(page)).getByLabelText<HTMLInputElement>('From year').value).toBe('')
  })
})

// A show's painted page takes a search or a season before React does: once React takes the page
// over, the episodes follow what the visitor typed or chose there.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { Episode } from '../../../worker/catalog/types'
import { paintThenHydrate } from '../../test-painted'
import { EpisodeList } from './episode-list'
import { SeasonPicker } from './season-picker'

const names = ['Pilot', 'The Dragon', 'Homecoming', 'Dragonfire']
const episodes: Episode[] = names.map((name, i) => ({ id: i + 1, episode_number: i + 1, season_number: 1, name, overview: '', air_date: null, still_path: null, runtime: null }))
const seasons = Array.from({ length: 8 }, (_, i) => ({ season_number: i + 1, name: `Season ${i + 1}`, episode_count: 4 }))

/** The episode list under the seasons menu, as the show's page holds them: season, search and the seasons chosen. */
function Show({ chosen }: { chosen: number[] }) {
  const [season, setSeason] = useState(1)
  const [search, setSearch] = useState('')
  const choose = (next: number) => {
    chosen.push(next)
    setSeason(next)
    setSearch('')
  }
  return (
    <QueryClientProvider client={new QueryClient()}>
      <EpisodeList
        episodes={episodes}
        selected={1}
        onSelect={() => undefined}
        search={search}
        onSearch={setSearch}
        loading={false}
        seasons={<SeasonPicker seasons={seasons} selected={season} onSelect={choose} idBase="s" />}
      />
    </QueryClientProvider>
  )
}

/** The seasons menu (the page's one select), once its label names it. */
const seasonsMenu = (page: HTMLElement) => {
  within(page).getByRole('combobox', { name: 'Seasons' })
  return page.querySelector('select')!
}
const shown = (page: HTMLElement) => within(page).getAllByRole('listitem').map((item) => item.textContent)

describe("a show's painted page, taken over by React", () => {
  it('filters the episodes by what was typed into their search before', async () => {
    const chosen: number[] = []
    const page = await paintThenHydrate(<Show chosen={chosen} />, (html) => {
      within(html).getByRole<HTMLInputElement>('searchbox').value = 'dragon'
    })
    expect(shown(page)).toEqual(['2. The Dragon', '4. Dragonfire'])
    expect(within(page).getByRole<HTMLInputElement>('searchbox').value).toBe('dragon')
    expect(chosen).toEqual([])
  })

  it('loads the season chosen in the seasons menu before', async () => {
    const chosen: number[] = []
    const page = await paintThenHydrate(<Show chosen={chosen} />, (html) => {
      seasonsMenu(html).value = '5'
    })
    expect(chosen).toEqual([5])
    expect(seasonsMenu(page).value).toBe('5')
    expect(shown(page)).toHaveLength(4)
  })
})

// The dashboard's Rows screen (rows-tab.tsx): the order, hiding and titles of a page's rows, new
// rows of each kind, the hero's picks, and what each is sent to the layouts API as; an error kept
// beside the edits; preview, publish, discard and restore. The API is answered by a stub that
// keeps a page's layout as the worker would and records what the screen asks for.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LayoutState, PageLayout } from '../../../worker/catalog/layout-schema'
import { RowsTab } from './rows-tab'
import { type SeenCall, stubApi } from '../../test-api'


const builtIn = [
  { key: 'trending', title: 'Trending now' },
  { key: 'popular', title: 'Popular films' },
  { key: 'top-rated', title: 'Top rated' },
]
const defaults: PageLayout = { hero: [], rows: builtIn.map((row) => ({ kind: 'built-in', key: row.key })) }
const stamp = (by: string | null) => ({ at: '2026-11-27T12:00:00.000Z', by })

const found = [
  { id: 27205, media_type: 'movie', title: 'Inception', release_date: '2010-07-16', poster_path: null, vote_average: 8.4 },
  { id: 1399, media_type: 'tv', name: 'Game of Thrones', first_air_date: '2011-04-17', poster_path: null, vote_average: 8.5 },
]

/** A layouts API over one page's state; `refuse` answers a draft with that 400. */
function stubLayouts(start: Partial<LayoutState> = {}, refuse: string | null = null) {
  let state: LayoutState = { page: 'home', builtIn, defaults, published: null, draft: null, versions: [], ...start }
  const kept = new Map<number, PageLayout | null>(state.versions.map((v) => [v.version, v.builtIn ? null : defaults]))
  /** A new version with `layout` (null: the built-in rows), as the worker answers a publish or a restore. */
  const publish = (layout: PageLayout | null, change: Partial<LayoutState>) => {
    const version = (state.versions[0]?.version ?? 0) + 1
    const answer = { version, layout, published: stamp('root') }
    kept.set(version, layout)
    state = {
      ...state,
      ...change,
      published: layout ? { version, layout, published: answer.published } : null,
      versions: [{ version, published: answer.published, rows: layout?.rows.length ?? 0, builtIn: !layout }, ...state.versions],
    }
    return { published: answer }
  }
  const seen = stubApi((url, request, body) => {
      const route = `${request.method} ${url.pathname}`
      if (route === 'GET /api/catalog/search') return Response.json({ page: 1, results: found, total_pages: 1, total_results: 2 })
      if (route === 'GET /api/admin/layouts/home') return Response.json(state)
      if (route === 'PUT /api/admin/layouts/home/draft') {
        if (refuse) return Response.json({ error: refuse }, { status: 400 })
        state = { ...state, draft: { layout: body as PageLayout, saved: stamp('root') } }
        return Response.json({ draft: state.draft })
      }
      if (route === 'DELETE /api/admin/layouts/home/draft') {
        state = { ...state, draft: null }
        return Response.json({ message: 'Draft discarded' })
      }
      if (route === 'POST /api/admin/layouts/home/publish') {
        if (!state.draft) return Response.json({ error: 'Nothing to publish' }, { status: 409 })
        return Response.json(publish(state.draft.layout, { draft: null }))
      }
      if (route === 'POST /api/admin/layouts/home/restore') {
        const { version } = body as { version: number }
        return Response.json(publish(version === 0 ? null : (kept.get(version) ?? null), {}))
      }
      if (route === 'GET /api/admin/layouts/home/preview') {
        const layout = state.draft?.layout ?? state.published?.layout ?? defaults
        return Response.json({
          hero: [],
          rows: layout.rows.map((row) => ({ key: row.key, title: row.titles?.en ?? builtIn.find((b) => b.key === row.key)?.title ?? row.key, items: [found[0]] })),
        })
      }
      return Response.json({ error: 'Not found' }, { status: 404 })
  })
  return seen
}

function renderTab() {
  render(
    <Provider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <RowsTab />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  )
}

const drafts = (seen: SeenCall[]) => seen.filter((s) => s.method === 'PUT').map((s) => s.body as PageLayout)
const shownRows = () => within(screen.getByRole('list', { name: 'Shown, in order' })).getAllByRole('listitem')

async function addRow(kind: string, title: string, fill: () => void | Promise<void> = () => {}) {
  const form = screen.getByRole('form', { name: 'Add a row' })
  fireEvent.change(within(form).getByLabelText('Kind of row'), { target: { value: kind } })
  await fill()
  fireEvent.change(within(form).getByLabelText('Row title in English'), { target: { value: title } })
  fireEvent.click(within(form).getByRole('button', { name: 'Add the row' }))
}

afterEach(() => vi.unstubAllGlobals())

describe('the Rows screen', () => {
  it('moves a row, hides a built-in one, retitles another and saves that as the draft', async () => {
    const seen = stubLayouts()
    renderTab()
    expect(await screen.findByText('The site shows this page\'s built-in rows: nobody has changed them yet.')).toBeTruthy()
    expect(shownRows().map((row) => row.textContent)).toEqual([expect.stringContaining('Trending now'), expect.stringContaining('Popular films'), expect.stringContaining('Top rated')])

    fireEvent.click(screen.getByRole('button', { name: 'Move up: Popular films' }))
    expect(screen.getByText('Popular films moved to position 1 of 3.')).toBeTruthy()
    expect(shownRows()[0]!.textContent).toContain('Popular films')
    expect((screen.getByRole('button', { name: 'Move up: Popular films' }) as HTMLButtonElement).disabled).toBe(true)
    // the focus stays with the row it moved, on the button it still has
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: Popular films' })))

    fireEvent.click(screen.getByRole('button', { name: 'Hide: Top rated' }))
    const hidden = screen.getByRole('region', { name: 'Hidden built-in rows' })
    expect(within(hidden).getByRole('button', { name: 'Show: Top rated' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Edit titles: Trending now' }))
    const titles = screen.getByRole('group', { name: 'Titles of Trending now' })
    expect((within(titles).getByLabelText('Español') as HTMLInputElement).placeholder).toBe('Trending now')
    fireEvent.change(within(titles).getByLabelText('Español'), { target: { value: ' Tendencias ' } })
    fireEvent.change(within(titles).getByLabelText('English'), { target: { value: 'What people watch' } })
    expect(screen.getByText('Changes not saved yet.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(drafts(seen)).toHaveLength(1))
    expect(drafts(seen)[0]).toEqual({
      hero: [],
      rows: [
        { kind: 'built-in', key: 'popular' },
        { kind: 'built-in', key: 'trending', titles: { en: 'What people watch', es: 'Tendencias' } },
      ],
    })
    expect(await screen.findByText('Draft saved. Visitors see nothing of it until it is published.')).toBeTruthy()
    expect(screen.getByText(/^Draft saved .* by root, not yet published\.$/)).toBeTruthy()
    expect(screen.getByText('Unpublished changes')).toBeTruthy()
    expect(screen.queryByText('Changes not saved yet.')).toBeNull()
    expect(shownRows()[1]!.textContent).toContain('What people watch')

    // shown again, at the end
    fireEvent.click(within(hidden).getByRole('button', { name: 'Show: Top rated' }))
    expect(shownRows()[2]!.textContent).toContain('Top rated')
  })

  it('adds a row of each kind and the hero picks, each sent in its own shape', async () => {
    const seen = stubLayouts()
    renderTab()
    await screen.findByRole('list', { name: 'Shown, in order' })

    await addRow('genre', '')
    expect(screen.getByRole('alert').textContent).toBe('Give the row an English title.')

    await addRow('genre', 'Cartoons', () => {
      fireEvent.change(screen.getByLabelText('Films or series'), { target: { value: 'tv' } })
      fireEvent.change(screen.getByLabelText('Genre'), { target: { value: '10762' } })
    })
    expect(screen.getByText('Cartoons added at position 4. Save the draft to keep it.')).toBeTruthy()
    await addRow('list', 'Staff picks', () => {
      fireEvent.change(screen.getByLabelText("Public list's address or code"), { target: { value: ' https://reelhouse.example/es/list/abcdefghij ' } })
    })
    await addRow('search', 'Space films', () => {
      fireEvent.change(screen.getByLabelText('Search term'), { target: { value: ' space ' } })
      fireEvent.change(screen.getByLabelText('Which titles'), { target: { value: 'movie' } })
    })
    await addRow('picks', 'Mine', async () => {
      fireEvent.change(screen.getByLabelText('Find a title to add'), { target: { value: 'Incep' } })
      const results = await screen.findByRole('list', { name: 'Titles found' })
      fireEvent.click(within(results).getByRole('button', { name: /Inception/ }))
      fireEvent.click(within(results).getByRole('button', { name: /Game of Thrones/ }))
      fireEvent.click(screen.getByRole('button', { name: 'Move up: Game of Thrones' }))
    })

    const hero = screen.getByRole('region', { name: 'Hero' })
    fireEvent.change(within(hero).getByLabelText('Find a title for the hero'), { target: { value: 'Thrones' } })
    fireEvent.click(within(await within(hero).findByRole('list', { name: 'Titles found' })).getByRole('button', { name: /Game of Thrones/ }))
    expect(within(hero).getByRole('list', { name: 'Hero' }).textContent).toContain('Game of Thrones')

    expect(shownRows().map((row) => row.querySelector('p')!.textContent)).toEqual(['1.Trending now', '2.Popular films', '3.Top rated', '4.Cartoons', '5.Staff picks', '6.Space films', '7.Mine'])
    expect(screen.getByText('Genre: Kids, series')).toBeTruthy()
    expect(screen.getByText('2 hand-picked titles')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(drafts(seen)).toHaveLength(1))
    const sent = drafts(seen)[0]!
    expect(sent.hero).toEqual([{ type: 'tv', id: 1399, label: 'Game of Thrones' }])
    const added = sent.rows.slice(3)
    for (const row of added) expect(row.key).toMatch(/^c-[a-z0-9]{6}$/)
    expect(new Set(added.map((row) => row.key)).size).toBe(4)
    expect(added.map(({ key: _key, ...row }) => row)).toEqual([
      { kind: 'genre', titles: { en: 'Cartoons' }, type: 'tv', genre: 10762 },
      { kind: 'list', titles: { en: 'Staff picks' }, slug: 'abcdefghij' },
      { kind: 'search', titles: { en: 'Space films' }, query: 'space', type: 'movie' },
      {
        kind: 'picks',
        titles: { en: 'Mine' },
        items: [
          { type: 'tv', id: 1399, label: 'Game of Thrones' },
          { type: 'movie', id: 27205, label: 'Inception' },
        ],
      },
    ])
  })

  it("shows the API's refusal and keeps the edits", async () => {
    const seen = stubLayouts({}, 'The list abcdefghij is not public.')
    renderTab()
    await screen.findByRole('list', { name: 'Shown, in order' })
    await addRow('list', 'Staff picks', () => {
      fireEvent.change(screen.getByLabelText("Public list's address or code"), { target: { value: 'abcdefghij' } })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The list abcdefghij is not public.')
    expect(seen.filter((s) => s.method === 'PUT')).toHaveLength(1)
    expect(shownRows()[3]!.textContent).toContain('Staff picks')
    expect(screen.getByText('Changes not saved yet.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Save draft' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('previews the draft with the site’s rows, publishes it, and restores a version and the built-in rows', async () => {
    const published = { version: 2, layout: defaults, published: stamp('ann') }
    const seen = stubLayouts({ published, versions: [{ version: 2, published: stamp('ann'), rows: 3, builtIn: false }, { version: 1, published: stamp(null), rows: 2, builtIn: false }] })
    vi.stubGlobal('confirm', vi.fn(() => true))
    renderTab()
    expect(await screen.findByText(/The site shows version 2, published .* by ann\./)).toBeTruthy()
    expect(screen.getByText(/Published .* by a former administrator · 2 rows/)).toBeTruthy()

    await addRow('search', 'Space films', () => {
      fireEvent.change(screen.getByLabelText('Search term'), { target: { value: 'space' } })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    const preview = await screen.findByRole('region', { name: 'Preview of the draft' })
    const rows = within(preview).getByRole('region', { name: 'Rows of the preview' })
    expect(await within(rows).findByRole('heading', { name: 'Space films' })).toBeTruthy()
    // the preview saved the edits first
    expect(seen.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.path}`)).toEqual(['PUT /api/admin/layouts/home/draft'])
    expect(seen.some((s) => s.path === '/api/admin/layouts/home/preview')).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect(window.confirm).toHaveBeenLastCalledWith('Publish these rows on the Home page? Visitors see them within a minute.')
    expect(await screen.findByText('Published as version 3. The site shows it within a minute.')).toBeTruthy()
    expect(seen.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.path}`)).toEqual(['PUT /api/admin/layouts/home/draft', 'POST /api/admin/layouts/home/publish'])
    await waitFor(() => expect(screen.queryByText('Unpublished changes')).toBeNull())

    fireEvent.click(await screen.findByRole('button', { name: 'Restore: version 1' }))
    expect(window.confirm).toHaveBeenLastCalledWith('Publish a copy of version 1 on the Home page? The draft, if any, is kept.')
    await waitFor(() => expect(seen.filter((s) => s.method === 'POST').at(-1)).toEqual({ method: 'POST', path: '/api/admin/layouts/home/restore', body: { version: 1 } }))
    expect(await screen.findByText('Published as version 4. The site shows it within a minute.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Restore: built-in rows' }))
    expect(window.confirm).toHaveBeenLastCalledWith('Publish the built-in rows on the Home page again? The draft, if any, is kept.')
    await waitFor(() => expect(seen.filter((s) => s.method === 'POST').at(-1)).toEqual({ method: 'POST', path: '/api/admin/layouts/home/restore', body: { version: 0 } }))
    expect(await screen.findByText(/^The site shows the built-in rows again: version 5, published .* by root\.$/)).toBeTruthy()
    expect(screen.getByText(/^The built-in rows, published .* by root$/)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Restore: built-in rows' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Restore: version 4' }) as HTMLButtonElement).disabled).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Preview: version 1' }))
    expect(await screen.findByRole('region', { name: 'Preview of version 1' })).toBeTruthy()
    await waitFor(() => expect(seen.some((s) => s.path === '/api/admin/layouts/home/preview?version=1')).toBe(true))
  })

  it('discards the draft after asking', async () => {
    const seen = stubLayouts({ draft: { layout: { hero: [], rows: [{ kind: 'built-in', key: 'top-rated' }] }, saved: stamp('ann') } })
    vi.stubGlobal('confirm', vi.fn(() => true))
    renderTab()
    await waitFor(() => expect(shownRows()).toHaveLength(1))
    expect(screen.getByText('Unpublished changes')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }))
    expect(window.confirm).toHaveBeenLastCalledWith("Discard the Home page's draft? Its unpublished changes are lost.")
    expect(await screen.findByText('Changes discarded.')).toBeTruthy()
    expect(seen.some((s) => s.method === 'DELETE' && s.path === '/api/admin/layouts/home/draft')).toBe(true)
    await waitFor(() => expect(shownRows()).toHaveLength(3))
  })
})
